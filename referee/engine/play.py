"""Any game plus the platform's own actions (shared timer, ending by the host).

Still pure: the store folds the log through `apply` here, never through a game directly.
"""

from . import timer
from .errors import BadAction, RuleError
from .outcome import outcome_from_places

TIMER_ACTIONS = {"timer_start", "timer_pause", "timer_resume", "timer_reset", "timer_add", "timer_set"}
PLATFORM_ACTIONS = TIMER_ACTIONS | {"end_game"}


def start(game, players: list[dict], options: dict) -> dict:
    """The game's first state with the shared timer beside it."""
    state = game.setup(players, options)
    state["timer"] = timer.new(_timer_length(options))
    return state


def _timer_length(options: dict) -> int:
    seconds = options.get("timer_seconds")
    return seconds * 1000 if isinstance(seconds, int) and seconds > 0 else timer.DEFAULT_MS


def apply(game, state: dict, action: dict) -> dict:
    """The state after one action, whoever handles it."""
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise BadAction("The action has no type.")
    if kind in TIMER_ACTIONS:
        if not getattr(game, "SHARED_TIMER", True):
            raise RuleError(f"{game.TITLE} runs its own timer: use the game's buttons.")
        return {**state, "timer": timer.apply(state["timer"], action)}
    if outcome(game, state) is not None:
        raise RuleError("This game is over. The host can start another one.")
    if kind == "end_game":
        if not action.get("host"):
            raise RuleError("Only the host can end the game.")
        return {**state, "ended_by_host": True}
    return game.apply(state, action)


def outcome(game, state: dict):
    """The game's outcome, or the standings at the moment the host ended it."""
    result = game.outcome(state)
    if result is None and state.get("ended_by_host"):
        rows = game.standings(state)
        place_of = {}
        for row in rows:
            for seat in _seats_of(state, row):
                place_of[seat] = row["place"]
        result = outcome_from_places(place_of, "The host ended the game.")
    return result


def _seats_of(state: dict, row: dict) -> list[int]:
    if row.get("seats"):
        return list(row["seats"])
    if row.get("seat") is not None:
        return [row["seat"]]
    # a team row: every player of that team shares its place
    return [p["seat"] for p in state["players"] if p.get("team") == row.get("key", row.get("name"))]


def describe(game, action: dict, before: dict) -> str:
    """One plain-language log line for any action."""
    kind = action["type"]
    if kind in TIMER_ACTIONS:
        return {
            "timer_start": "Timer started",
            "timer_pause": "Timer paused",
            "timer_resume": "Timer resumed",
            "timer_reset": "Timer reset",
            "timer_add": f"Timer {int(action.get('seconds', 0)):+d} s",
            "timer_set": "Timer length set",
        }[kind]
    if kind == "end_game":
        return "The host ended the game"
    return game.describe(action, before)
