"""Game options: explicit, documented, with a default; parsed from forms or JSON."""

from dataclasses import dataclass, field

from .errors import BadAction


@dataclass(frozen=True)
class Option:
    """One house rule or clarification a table may choose before the game."""

    default: object
    label: str
    help: str = ""
    choices: tuple = ()            # for kind "choice": (value, label) pairs
    low: int = -10**9              # for ints
    high: int = 10**9
    kind: str = field(default="")  # "int", "bool", "choice", "text"; inferred from default

    @property
    def type(self) -> str:
        if self.kind:
            return self.kind
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "text"


def resolve(spec: dict, given: dict | None) -> dict:
    """Options with defaults filled in; unknown names and bad values raise BadAction."""
    given = dict(given or {})
    unknown = set(given) - set(spec)
    if unknown:
        raise BadAction(f"Unknown option: {', '.join(sorted(unknown))}.")
    result = {}
    for name, opt in spec.items():
        value = given.get(name, opt.default)
        result[name] = _coerce(name, opt, value)
    return result


def _coerce(name: str, opt: Option, value):
    kind = opt.type
    if kind == "bool":
        if isinstance(value, str):
            return value.lower() in ("1", "true", "yes", "on")
        return bool(value)
    if kind == "int":
        try:
            number = int(str(value).strip())
        except ValueError:
            raise BadAction(f"{opt.label} must be a whole number.") from None
        if not opt.low <= number <= opt.high:
            raise BadAction(f"{opt.label} must be between {opt.low:,} and {opt.high:,}.")
        return number
    if kind == "choice":
        allowed = [c[0] for c in opt.choices]
        if value not in allowed:
            raise BadAction(f"{opt.label} must be one of: {', '.join(map(str, allowed))}.")
        return value
    if not isinstance(value, str) or len(value) > 2000:
        raise BadAction(f"{opt.label} must be text of at most 2,000 characters.")
    return value
