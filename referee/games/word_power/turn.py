"""Word Power: a turn — the space landed on, START, royalties, infringement, passing cards, penalties."""

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import choice, flag, integer
from referee.engine.turns import name, position

from .cards import end_turn
from .table import (HOUSE, WINDOWS, cash, collect_royalty, dollars, lose_next_turn, names, need_phase,
                    pay, plural, publish_book, require_turn, tell)

SPACES = {
    "synonyms": "PLAY SYNONYMS",
    "antonyms": "PLAY ANTONYMS",
    "both": "PLAY SYNONYMS AND ANTONYMS",
    "royalty": "COLLECT ROYALTY",
    "infringement": "COPYRIGHT INFRINGEMENT",
    "pass": "ALL PLAYERS PASS CARD(S)",
    "start": "START",
}
PLAY_SPACES = ("synonyms", "antonyms", "both")
PENALTY_PER_WINDOW = 500


def land(state: dict, action: dict) -> None:
    """The player reports the space he landed on, and whether he passed START on the way."""
    seat = require_turn(state, action)
    need_phase(state, "move", f"{name(state, seat)} has already moved this turn.")
    space = choice(action, "space", tuple(SPACES))
    turn = state["turn"]
    turn["space"], turn["passed_start"] = space, flag(action, "passed_start") and space != "start"
    if space == "pass" and action.get("count") not in (None, ""):
        turn["pass_count"] = integer(action, "count", low=1, high=4)
    via = " after passing START" if turn["passed_start"] else ""
    tell(state, f"{name(state, seat)} lands on {SPACES[space]}{via}.")
    if space == "start" or turn["passed_start"]:
        state["phase"] = "start"
    else:
        enter_space(state, action)


def start_choice(state: dict, action: dict) -> None:
    """Landing on or passing START: collect royalties or publish a book (Method A)."""
    seat = require_turn(state, action)
    need_phase(state, "start", f"{name(state, seat)} has not landed on or passed START this turn.")
    take = choice(action, "take", ("royalty", "book"))
    if take == "book":
        publish_book(state, seat, "A")
        state["turn"]["books"] += 1
    else:
        collect_royalty(state, seat, action)
    enter_space(state, {k: v for k, v in action.items() if k != "amount"})


def enter_space(state: dict, action: dict) -> None:
    """Act on the space landed on."""
    space = state["turn"]["space"]
    if space in PLAY_SPACES:
        state["phase"] = "play"
    elif space == "royalty":
        if state["royalty_chart"] or action.get("amount") not in (None, ""):
            collect_royalty(state, state["turn"]["seat"], action)
            end_turn(state)
        else:
            state["phase"] = "royalty"
    elif space == "infringement":
        state["phase"] = "infringement"
    elif space == "pass":
        pass_cards(state, action)
        end_turn(state)
    else:
        end_turn(state)


def collect(state: dict, action: dict) -> None:
    """COLLECT ROYALTY with no chart entered: the player types the amount from the board."""
    seat = require_turn(state, action)
    need_phase(state, "royalty", f"{name(state, seat)} is not on a COLLECT ROYALTY space.")
    collect_royalty(state, seat, action)
    end_turn(state)


def pass_cards(state: dict, action: dict) -> None:
    """ALL PLAYERS PASS CARD(S): a reminder; with more than one deck, discard and redraw instead (Note 1).

    The number of cards is printed on the space: recorded when the landing says it (`count`), else the
    reminder says 'the number of cards shown on the space'."""
    count = state["turn"].get("pass_count")
    cards = plural(count, "card") if count else "the number of cards shown on the space"
    if state["options"]["decks"] == "family":
        again = plural(count, "card") if count else "as many"
        state["reminder"] = (f"Everyone discards {cards} onto his own deck's discard pile and draws {again} "
                             "from the same deck; no cards change hands.")
    else:
        state["reminder"] = f"Everyone passes {cards} to the player on his left, all at once."
    tell(state, state["reminder"])


def infringe(state: dict, action: dict) -> None:
    """COPYRIGHT INFRINGEMENT: pay every eligible player, or (unable to and keep money) pay none and lose a turn."""
    seat = require_turn(state, action)
    need_phase(state, "infringement", f"{name(state, seat)} is not on a COPYRIGHT INFRINGEMENT space.")
    roll = integer(action, "roll", low=1, high=6)
    eligible = seat_list(state, action.get("eligible"), seat)
    if eligible and action.get("each") in (None, ""):
        raise BadAction("Type the penalty each eligible player receives.")
    each = integer(action, "each", low=0, high=10**7, default=0)
    total = each * len(eligible)
    tell(state, f"{name(state, seat)} rolls {roll} again.")
    if not eligible or total == 0:
        tell(state, "No player qualifies for an infringement payment.")
    elif cash(state, seat) > total:
        for other in eligible:
            pay(state, seat, other, each)
        to = f"each of {names(state, eligible)}" if len(eligible) > 1 else names(state, eligible)
        tell(state, f"{name(state, seat)} pays {dollars(each)} to {to}.")
    else:
        lose_next_turn(state, seat)
        tell(state, f"{name(state, seat)} cannot pay {dollars(total)} and still have money left: "
                    "he pays no one and loses his next turn.")
    end_turn(state)


def seat_list(state: dict, raw, player) -> list:
    """Eligible seats from a list or a comma-separated form value; never the player himself."""
    if raw in (None, ""):
        return []
    items = raw.split(",") if isinstance(raw, str) else raw
    if not isinstance(items, list):
        raise BadAction("Eligible players must be a list of seats.")
    seats = []
    for item in items:
        seat = integer({"seat": item}, "seat", low=0, high=10**6)
        position(state, seat)
        if seat == player:
            raise RuleError(f"{name(state, player)} cannot pay an infringement to himself.")
        if seat not in seats:
            seats.append(seat)
    return sorted(seats)


def cannot_play(state: dict, action: dict) -> None:
    """Unable to play any card: $500 per empty window to the Publishing House, or lose the next turn."""
    seat = require_turn(state, action)
    need_phase(state, "play", f"{name(state, seat)} is not on a PLAY space.")
    if state["turn"]["cards"]:
        raise RuleError(f"{name(state, seat)} has already played a card this turn.")
    empty = sum(1 for w in WINDOWS if not state["windows"][w])
    penalty = PENALTY_PER_WINDOW * empty
    if cash(state, seat) >= penalty:
        pay(state, seat, HOUSE, penalty)
        tell(state, f"{name(state, seat)} cannot play: pays {dollars(penalty)} to the Publishing House "
                    f"for {plural(empty, 'empty window')}.")
    else:
        lose_next_turn(state, seat)
        tell(state, f"{name(state, seat)} cannot play and has only {dollars(cash(state, seat))} of the "
                    f"{dollars(penalty)} penalty: pays nothing and loses his next turn.")
    end_turn(state)
