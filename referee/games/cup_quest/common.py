"""Cup Quest words shared by every part of the engine: seats, the grail, freezes, turns."""

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import integer
from referee.engine.turns import name, next_in, position

GIANTS = {"bob": "Big Bob", "bill": "Big Bill"}
SUITS = ("hearts", "diamonds", "clubs", "spades")
FACES = {"J": "Jack", "Q": "Queen", "K": "King"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FACE_MOVE = 4              # a Jack, Queen or King may move 4 normal spaces
TRANSPORT_WORKS = 3        # a transport roll of 1-3 succeeds, 4-6 fails
BOUNCES = 2                # bounce attempts per snipe
MAX_ALCOVE = 6


def who(state: dict, seat: int) -> str:
    """The player's name, for messages and log lines."""
    return name(state, seat)


def status(state: dict, seat: int) -> dict:
    """The per-player record: alcove, at_start, frozen, ammo."""
    return state["status"][str(seat)]


def seats(state: dict) -> list:
    return [p["seat"] for p in state["players"]]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_field(state: dict, action: dict, field: str) -> int:
    """A seat named in the action (a target, an opponent, the dealer)."""
    if action.get(field) in (None, ""):
        raise BadAction(f"Say which player is the {field.replace('_', ' ')}.")
    seat = integer(action, field, low=0)
    position(state, seat)
    return seat


def other_player(state: dict, action: dict, field: str, actor: int, what: str) -> int:
    """A seat that must not be the acting player (freeze, snipe and attack targets)."""
    target = seat_field(state, action, field)
    if target == actor:
        raise RuleError(f"{who(state, actor)} cannot {what} themselves; choose another player.")
    return target


def die(action: dict, field: str = "roll") -> int:
    """One six-sided die, typed from the table or rolled by the app."""
    if action.get(field) in (None, "", "app"):
        raise BadAction("Roll the die in the app or type the number it shows (1 to 6).")
    return integer(action, field, low=1, high=6)


def giants_named(value) -> list:
    """'bob', 'Big Bill', 'both', a list of them, or nothing -> sorted giant keys."""
    if value in (None, "", "none", False):
        return []
    items = value if isinstance(value, list) else [value]
    found = set()
    for item in items:
        word = str(item).strip().lower().replace("big", "").replace("_", " ").strip()
        if word == "both":
            found.update(GIANTS)
        elif word in GIANTS:
            found.add(word)
        elif word not in ("", "none"):
            raise BadAction("Touching must be Big Bob, Big Bill, both or none.")
    return sorted(found)


# The grail -------------------------------------------------------------------------

def carrier(state: dict):
    """The seat carrying the grail, or None."""
    grail = state["grail"]
    return grail["by"] if grail["where"] == "carried" else None


def grail_text(state: dict) -> str:
    grail = state["grail"]
    if grail["where"] == "chamber":
        return "The grail is in its chamber."
    if grail["where"] == "carried":
        return f"{who(state, grail['by'])} carries the grail."
    if grail["where"] == "home":
        return f"{who(state, grail['by'])} brought the grail home."
    return f"The grail lies where {who(state, grail['by'])} dropped it."


def drop_grail(state: dict, seat: int) -> str:
    """The carrier drops the grail on the hex where they stand; returns the log words."""
    if carrier(state) != seat:
        return ""
    state["grail"] = {"where": "dropped", "by": seat}
    return f"; {who(state, seat)} drops the grail where they stood"


def send_to_start(state: dict, seat: int) -> str:
    """Back to the starting alcove, dropping the grail first if carried."""
    dropped = drop_grail(state, seat)
    status(state, seat)["at_start"] = True
    alcove = status(state, seat)["alcove"]
    return f"{dropped}; {who(state, seat)} goes back to alcove {alcove}"


# Freezing spells -------------------------------------------------------------------

def freeze(state: dict, target: int, *, strict: bool = True) -> str:
    """Freeze a player for the table's number of turns; a frozen one by the refreeze option."""
    turns = state["options"]["freeze_turns"]
    record = status(state, target)
    left = record["frozen"]
    rule = state["options"]["refreeze"]
    if left and rule == "refuse":
        if strict:
            raise RuleError(f"{who(state, target)} is already frozen for {plural(left, 'more turn')}; "
                            "at this table a frozen player cannot be frozen again.")
        return f"{who(state, target)} is already frozen ({plural(left, 'turn')} left)"
    record["frozen"] = left + turns if (left and rule == "add") else turns
    return f"{who(state, target)} is frozen for {plural(record['frozen'], 'turn')}"


# Turns -----------------------------------------------------------------------------

def fresh_turn() -> dict:
    """What the player whose turn it is has done so far this turn."""
    return {"card": None, "must_battle": [], "fought": [], "attacks": 0}


def next_turn(state: dict) -> str:
    """End the current turn: a frozen player's count goes down; the next player is up."""
    seat = state["turn"]
    record = status(state, seat)
    if record["frozen"] > 0:
        record["frozen"] -= 1
    state["turn"] = next_in(state["order"], seat)
    state["phase"] = "turn"
    state["pending"] = None
    state["this_turn"] = fresh_turn()
    state["turn_number"] += 1
    return f"; {who(state, state['turn'])} is next"
