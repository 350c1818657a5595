"""Word lists on phones: typed during the 30 seconds, crossed out during the reading."""

from referee.engine import timer
from referee.engine.errors import RuleError
from referee.engine.fields import flag, text

from .board import racer_of, who
from .rounds import require_current_reader, require_host, require_phase

MAX_WORD = 60
MAX_WORDS = 200     # far more than anyone writes in 30 seconds; keeps a runaway phone from filling the state


def same(a: str, b: str) -> bool:
    """Words match ignoring case and surrounding spaces."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def require_lists(state: dict) -> None:
    if not state["options"]["word_lists"]:
        raise RuleError("This table writes its words on paper.")


def require_typing_open(state: dict, action: dict) -> None:
    require_phase(state, ("writing",), "Words are written only while the timer runs.")
    if timer.is_up(state["timer"], action["at"]):
        raise RuleError("Time is up: stop writing.")


def find(entries: list, word: str):
    return next((e for e in entries if same(e["word"], word)), None)


def write(state: dict, action: dict) -> dict:
    """Add a word to the player's list while the timer runs."""
    require_lists(state)
    racer_id = racer_of(state, action.get("seat"))
    require_typing_open(state, action)
    word = text(action, "word", max_len=MAX_WORD)
    if find(state["lists"][racer_id], word):
        raise RuleError(f"{word!r} is already on {who(state, racer_id)}'s list.")
    if len(state["lists"][racer_id]) >= MAX_WORDS:
        raise RuleError(f"{who(state, racer_id)}'s list is full ({MAX_WORDS} words).")
    state["lists"][racer_id].append({"word": word, "struck": False, "circled": False})
    return state


def erase(state: dict, action: dict) -> dict:
    """Remove a word from the player's own list while the timer runs."""
    require_lists(state)
    racer_id = racer_of(state, action.get("seat"))
    require_typing_open(state, action)
    word = text(action, "word", max_len=MAX_WORD)
    entry = find(state["lists"][racer_id], word)
    if entry is None:
        raise RuleError(f"{word!r} is not on {who(state, racer_id)}'s list.")
    state["lists"][racer_id].remove(entry)
    return state


def say(state: dict, action: dict) -> dict:
    """The reader reads a word aloud: circled on their list, crossed out on everyone else's."""
    racer_id = require_current_reader(state, action)
    word = text(action, "word", max_len=MAX_WORD)
    earlier = next((s for s in state["said"] if same(s["word"], word)), None)
    if earlier:
        raise RuleError(f"{word!r} was already read by {who(state, earlier['racer'])} this round.")
    own = find(state["lists"][racer_id], word)
    if own and own["struck"]:
        raise RuleError(f"{word!r} is crossed out on {who(state, racer_id)}'s list.")
    bid_total = state["bids"][racer_id]["total"]
    if words_read(state, racer_id) >= bid_total:
        raise RuleError(f"{who(state, racer_id)} bid {bid_total} and has read {bid_total} words: no more.")
    state["said"].append({"racer": racer_id, "word": word})
    if own:
        own["circled"] = True
    for other, entries in state["lists"].items():
        entry = find(entries, word) if other != racer_id else None
        if entry:
            entry["struck"] = True
    return state


def words_read(state: dict, racer_id: str) -> int:
    return sum(1 for s in state["said"] if s["racer"] == racer_id)


def strike(state: dict, action: dict) -> dict:
    """The host crosses out (or restores) a word on a player's list by hand."""
    require_host(action, "cross out or restore words by hand")
    require_lists(state)
    require_phase(state, ("reading",), "Words are crossed out during the reading.")
    racer_id = racer_of(state, action.get("seat"))
    word = text(action, "word", max_len=MAX_WORD)
    entry = find(state["lists"][racer_id], word)
    if entry is None:
        raise RuleError(f"{word!r} is not on {who(state, racer_id)}'s list.")
    entry["struck"] = flag(action, "struck", default=True)
    return state
