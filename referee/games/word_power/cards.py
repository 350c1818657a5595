"""Word Power: Word Cards in the Publishing House — playing, the wait for challenges, books B and C."""

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import choice, integer, text
from referee.engine.turns import name

from .table import WINDOWS, need_phase, next_player, plural, publish_book, require_turn, tell

HAND = 4
RELATIONS = {"S": "synonym", "A": "antonym"}
SPACE_RELATION = {"synonyms": "S", "antonyms": "A", "both": None}


def now(action: dict) -> int:
    return integer(action, "at", low=0, high=10**14, default=0)


def play(state: dict, action: dict) -> None:
    """The player lays a Word Card on a window; the window number tells which word he means."""
    seat = require_turn(state, action)
    need_phase(state, "play", f"{name(state, seat)} is not on a PLAY space.")
    turn = state["turn"]
    if "C" in turn["pending"]:
        raise RuleError(f"All four windows are covered: {name(state, seat)} publishes the book and clears "
                        "the windows before playing on.")
    if len(turn["cards"]) >= HAND:
        raise RuleError(f"{name(state, seat)} has played all {HAND} cards of the hand this turn.")
    key = key_word(action)
    window = str(integer(action, "window", low=1, high=4))
    relation = claimed_relation(state, action)
    card = {"id": state["next_card"], "key": key, "window": window, "relation": relation, "seat": seat,
            "colour": state["deck_of"][str(seat)], "turn": turn["number"]}
    state["next_card"] += 1
    state["windows"][window].append(card)
    turn["cards"].append({"id": card["id"], "key": key, "window": window, "relation": relation,
                          "status": "standing", "challenger": None})
    turn["quiet_until"] = now(action) + state["options"]["challenge_seconds"] * 1000
    turn["waived"] = []
    what = f" as {'a ' + RELATIONS[relation] if relation else 'a match'}"
    tell(state, f"{name(state, seat)} plays '{key}' on window {window}{what}.")
    note_books(state)


def key_word(action: dict) -> str:
    """The card's key word, sent as `keyword` (the platform keeps `key` for its idempotency key)."""
    field = "keyword" if action.get("keyword") not in (None, "") or "key" not in action else "key"
    if not isinstance(action.get(field), str) or not action[field].strip():
        raise BadAction("Type the key word of the card you lay on the window.")
    return text(action, field, max_len=40).lower()


def claimed_relation(state: dict, action: dict):
    """Synonym or antonym, as the space demands; on a both space the player may say which."""
    space = state["turn"]["space"]
    fixed = SPACE_RELATION[space]
    given = action.get("relation") or None
    if given is not None:
        given = choice(action, "relation", tuple(RELATIONS))
    if fixed and given and given != fixed:
        raise RuleError(f"On a PLAY {RELATIONS[fixed].upper()}S space only {RELATIONS[fixed]}s may be played.")
    return fixed or given


def note_books(state: dict) -> None:
    """A fourth covered window (Method C) or a whole hand played (Method B) earns a book after the wait."""
    turn = state["turn"]
    if "C" not in turn["pending"] and windows_full(state):
        turn["pending"].append("C")
        tell(state, "All four windows are covered: a book (Method C) once the cards withstand challenges.")
    if "B" not in turn["pending"] and len(turn["cards"]) == HAND:
        turn["pending"].append("B")
        tell(state, "The whole hand of 4 is played: a book (Method B) once the cards withstand challenges.")


def windows_full(state: dict) -> bool:
    return all(state["windows"][w] for w in WINDOWS)


def holds(state: dict, method: str) -> bool:
    """Is the condition for a pending book still met (a successful challenge can undo it)?"""
    if method == "C":
        return windows_full(state)
    cards = state["turn"]["cards"]
    return len(cards) == HAND and all(c["status"] != "discarded" for c in cards)


def challenges_closed(state: dict, action: dict) -> bool:
    """The reasonable wait is over: time is up, every other player said 'no challenge', or the host says so."""
    turn = state["turn"]
    if action.get("host") or not challengeable(state):
        return True
    others = {p["seat"] for p in state["players"]} - {turn["seat"]}
    return now(action) >= turn["quiet_until"] or others <= set(turn["waived"])


def challengeable(state: dict) -> list:
    """Cards of this turn still on a window and not yet challenged."""
    if state["turn"] is None or state["phase"] != "play":
        return []
    return [c for c in state["turn"]["cards"] if c["status"] == "standing"]


def wait_for_challenges(state: dict, action: dict) -> None:
    if not challenges_closed(state, action):
        left = (state["turn"]["quiet_until"] - now(action) + 999) // 1000
        raise RuleError(f"Wait {plural(left, 'more second')} for challenges, or until everyone says 'no challenge'.")


def waive(state: dict, action: dict) -> None:
    """Another player says he will not challenge the cards played so far."""
    seat = action.get("seat")
    name(state, seat)
    if state["phase"] != "play" or seat == state["turn"]["seat"] or not challengeable(state):
        raise RuleError("There is nothing to let pass.")
    if seat not in state["turn"]["waived"]:
        state["turn"]["waived"].append(seat)
    tell(state, f"{name(state, seat)}: no challenge.")


def publish(state: dict, action: dict) -> None:
    """After the wait, take the book(s) earned by Methods B/C; the turn goes on (Method C clears the windows)."""
    seat = require_turn(state, action)
    need_phase(state, "play", f"{name(state, seat)} has no book waiting.")
    if not state["turn"]["pending"]:
        raise RuleError(f"{name(state, seat)} has no book waiting.")
    wait_for_challenges(state, action)
    grant_books(state)
    if len(state["turn"]["cards"]) == HAND:
        tell(state, f"{name(state, seat)}'s hand is played out; he draws 4 cards.")
        next_player(state)


def done(state: dict, action: dict) -> None:
    """The player has played all the cards he chooses; he draws back to 4 and play passes to the left."""
    seat = require_turn(state, action)
    need_phase(state, "play", f"{name(state, seat)} is not on a PLAY space.")
    if not state["turn"]["cards"]:
        raise RuleError(f"{name(state, seat)} has played no card: if he cannot play, he pays the penalty.")
    wait_for_challenges(state, action)
    drawn = len(state["turn"]["cards"])
    tell(state, f"{name(state, seat)} ends the turn and draws {plural(drawn, 'card')}.")
    end_turn(state)


def grant_books(state: dict) -> None:
    """Publish each pending book whose condition still holds; Method C clears every window."""
    turn = state["turn"]
    for method in sorted(turn["pending"], key="CB".index):
        if holds(state, method):
            publish_book(state, turn["seat"], method)
            turn["books"] += 1
            if method == "C":
                clear_windows(state)
        else:
            tell(state, f"No book by Method {method}: the challenge undid it.")
    for card in turn["cards"]:
        if card["status"] == "standing":
            card["status"] = "final"
    turn["pending"] = []


def clear_windows(state: dict) -> None:
    colours = sorted({c["colour"] for w in WINDOWS for c in state["windows"][w]})
    for card in state["turn"]["cards"]:
        if card["status"] in ("standing", "upheld", "final"):
            card["status"] = "cleared"
    state["windows"] = {w: [] for w in WINDOWS}
    piles = " and ".join(colours)
    tell(state, "The Publishing House is cleared: every card goes face-down to the discard pile"
                + (f"s, sorted into {piles}." if len(colours) > 1 else "."))


def discard(state: dict, card_id: int) -> None:
    """A card that lost a challenge leaves its window for the discard pile."""
    for w in WINDOWS:
        state["windows"][w] = [c for c in state["windows"][w] if c["id"] != card_id]
    for card in state["turn"]["cards"]:
        if card["id"] == card_id:
            card["status"] = "discarded"


def end_turn(state: dict) -> None:
    grant_books(state)
    next_player(state)
