"""Reading typed fields out of an action dict, with messages a player understands."""

from .errors import BadAction

MAX_TEXT = 200
MAX_INT = 10**9


def integer(action: dict, name: str, *, low: int = -MAX_INT, high: int = MAX_INT, default=None) -> int:
    """The whole number `name` of the action, within [low, high]."""
    value = action.get(name, default)
    if value is None:
        raise BadAction(f"Missing {name.replace('_', ' ')}.")
    if isinstance(value, bool):
        raise BadAction(f"{name.replace('_', ' ').capitalize()} must be a whole number.")
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-")
        try:
            value = int(text)
        except ValueError:
            raise BadAction(f"{name.replace('_', ' ').capitalize()} must be a whole number, not {text[:20]!r}.") from None
    if not isinstance(value, int):
        raise BadAction(f"{name.replace('_', ' ').capitalize()} must be a whole number.")
    if not low <= value <= high:
        raise BadAction(f"{name.replace('_', ' ').capitalize()} must be between {low:,} and {high:,}.")
    return value


def text(action: dict, name: str, *, max_len: int = MAX_TEXT, default=None, allow_empty=False) -> str:
    """The trimmed text `name` of the action, at most max_len characters."""
    value = action.get(name, default)
    if value is None or not isinstance(value, str):
        raise BadAction(f"Missing {name.replace('_', ' ')}.")
    value = " ".join(value.split())
    if not value and not allow_empty:
        raise BadAction(f"{name.replace('_', ' ').capitalize()} cannot be empty.")
    if len(value) > max_len:
        raise BadAction(f"{name.replace('_', ' ').capitalize()} is too long (at most {max_len} characters).")
    return value


def choice(action: dict, name: str, choices, default=None):
    """One of `choices` (compared as given)."""
    value = action.get(name, default)
    if value not in choices:
        shown = ", ".join(str(c) for c in choices)
        raise BadAction(f"{name.replace('_', ' ').capitalize()} must be one of: {shown}.")
    return value


def flag(action: dict, name: str, default: bool = False) -> bool:
    """A yes/no field; accepts booleans and the strings a form sends."""
    value = action.get(name, default)
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.lower() in ("", "0", "false", "no", "off"):
        return False
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise BadAction(f"{name.replace('_', ' ').capitalize()} must be yes or no.")
