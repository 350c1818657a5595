"""What each viewer sees: standings, the outcome, private views, log lines, choices."""

import copy

from referee.engine.errors import RefereeError
from referee.engine.fields import flag
from referee.engine.outcome import outcome_from_places, places

from . import board
from .board import names, who


# --- standings and the finish ----------------------------------------------------------

def finish_key(state: dict, racer_id: str) -> tuple:
    """Furthest onto or beyond FINISH, then furthest moved this turn (finishers only)."""
    space = board.space_of(state, racer_id)
    moved = state["results"].get(racer_id, {}).get("moved", 0) if space >= state["track"]["finish"] else 0
    return (space, moved)


def where(state: dict, racer_id: str) -> str:
    space, finish = board.space_of(state, racer_id), state["track"]["finish"]
    if space == 0:
        return "on START"
    if space > finish:
        return f"{space - finish} beyond FINISH"
    if space == finish:
        return "on FINISH"
    kind = " (challenge)" if space in state["track"]["challenges"] else ""
    return f"on space {space}{kind}"


def _seat(state: dict, racer: dict):
    """A player's seat; None for a team (its rows carry `seats` and `key` = the team)."""
    return None if state["options"]["by_team"] else racer["seats"][0]


def standings(state: dict) -> list:
    if not state["cubes"]:
        return [{"seat": _seat(state, r), "seats": r["seats"], "key": r["id"], "name": r["name"],
                 "score": 0, "place": 1, "detail": "waiting to start"} for r in state["racers"]]
    place_of = places({r["id"]: finish_key(state, r["id"]) for r in state["racers"]})
    rows = [{"seat": _seat(state, r), "seats": r["seats"], "key": r["id"], "name": r["name"],
             "score": board.space_of(state, r["id"]), "place": place_of[r["id"]], "detail": _detail(state, r["id"])}
            for r in state["racers"]]
    return sorted(rows, key=lambda row: (row["place"], row["name"]))


def _detail(state: dict, racer_id: str) -> str:
    """Where the cube is; on or past FINISH also how far it moved this turn (the first tie-break)."""
    space, moved = finish_key(state, racer_id)
    if space >= state["track"]["finish"] and moved:
        return f"{where(state, racer_id)}, moved {plural(moved, 'space')} this turn"
    return where(state, racer_id)


def outcome(state: dict):
    if state["phase"] != "over":
        return None
    rows = standings(state)
    seat_places = {seat: row["place"] for row in rows for seat in row["seats"]}
    winners = [row["key"] for row in rows if row["place"] == 1]
    if len(winners) > 1:
        summary = f"{names(state, winners)} share the victory, {where(state, winners[0])}: high five!"
    else:
        summary = f"{who(state, winners[0])} wins, {where(state, winners[0])}."
        level = [r for r in board.finished(state) if r != winners[0] and
                 board.space_of(state, r) == board.space_of(state, winners[0])]
        if level:
            summary = (f"{who(state, winners[0])} wins, {where(state, winners[0])}, with the longer move this turn "
                       f"({finish_key(state, winners[0])[1]} against {names(state, level)}'s "
                       f"{' and '.join(str(finish_key(state, r)[1]) for r in level)}).")
    return outcome_from_places(seat_places, summary)


# --- private views -------------------------------------------------------------------

def view(state: dict, seat, host: bool) -> dict:
    """Sealed bids and other players' word lists removed; the stacks added for drawing."""
    shown = copy.deepcopy(state)
    mine = next((r["id"] for r in state["racers"] if seat in r["seats"]), None)
    shown["me"] = mine
    shown["stacks"] = board.stacks(state)
    shown["bids_in"] = sorted(state["bids"])
    shown["words_read"] = {r["id"]: sum(1 for s in state["said"] if s["racer"] == r["id"]) for r in state["racers"]}
    shown["pending"] = pending(state)
    if state["phase"] == "over":
        return shown
    if not state["revealed"]:
        shown["bids"] = {r: b for r, b in state["bids"].items() if r == mine}
    if not (host and state["phase"] == "reading"):
        shown["lists"] = {r: entries for r, entries in state["lists"].items() if r == mine}
    return shown


def pending(state: dict) -> str:
    """What the table is waiting for, in one sentence."""
    phase = state["phase"]
    if phase == "setup":
        return "The host sets any head starts and starts the game."
    if phase == "over":
        return outcome(state)["summary"]
    reader = who(state, state["question_reader"]) if state["question_reader"] else ""
    if phase == "roll":
        how = "chooses" if state["options"]["reader_chooses"] else "rolls the die for"
        return f"Round {state['round']}: {reader} {how} the question."
    if phase == "question":
        return f"{reader} reads question {state['question']} aloud, then starts the timer."
    if phase == "writing":
        return f"Everybody writes answers to question {state['question']}."
    if phase == "bidding":
        waiting = [r["id"] for r in state["racers"] if r["id"] not in state["bids"]]
        return f"Sealed bids: waiting for {names(state, waiting)}."
    now = state["reading_now"]
    return f"{who(state, now)} reads {plural(state['bids'][now]['total'], 'word')}."


# --- choices -------------------------------------------------------------------------

def choices(state: dict, seat, host: bool) -> list:
    """Action types this viewer may send now (the buttons to show)."""
    mine = next((r["id"] for r in state["racers"] if seat in r["seats"]), None)
    phase, options = state["phase"], state["options"]
    found = []
    if phase == "setup":
        return ["head_start", "begin"] if host else []
    if phase == "over":
        return []
    if state["challenged"] and (host or mine in state["challenged"]):
        found.append("challenge_card")
    if phase == "roll" and (host or mine == state["question_reader"]):
        found.append("question")
    if phase == "question" and (host or mine == state["question_reader"]):
        found.append("question_read")
    if phase in ("question", "writing") and mine is not None:
        if options["double"] and mine not in state["double_used"] and not board.on_challenge_space(state, mine):
            found.append("double")
        if options["reject_once"] and mine not in state["reject_used"]:
            found.append("reject")
    if phase == "writing":
        if options["word_lists"] and mine is not None:
            found += ["write", "erase"]
        found.append("time_up")
    if phase in ("writing", "bidding") and mine is not None:
        found.append("bid")
    if phase == "bidding" and host and state["bids"]:
        found.append("reveal")
    if phase == "reading":
        if host or mine == state["reading_now"]:
            found += ["say", "read"]
        if host and options["word_lists"]:
            found.append("strike")
    return found


# --- log lines -----------------------------------------------------------------------

def describe(action: dict, before: dict) -> str:
    """A plain-language log line; never shows a sealed bid before the reveal."""
    from . import apply
    kind = action.get("type")
    try:
        after = apply(before, action)
    except RefereeError as error:
        return f"{kind}: {error.message}"
    actor = _actor(before, action)
    line = _LINES.get(kind, lambda b, a, act, n: kind)(before, after, action, actor)
    return line + _consequences(before, after)


def _actor(state: dict, action: dict) -> str:
    try:
        return who(state, board.racer_of(state, action.get("seat")))
    except RefereeError:
        return "The host"


def _begin(before, after, action, actor):
    order = [str(r) for r in action["order"]]
    return f"Cubes on START from the light end: {names(after, order)}"


def _bid_revealed(after):
    shown = ", ".join(f"{who(after, r)} {after['bids'][r]['total']}" for r in after["reading_order"])
    return f"Bids revealed: {shown}. Reading order: {names(after, after['reading_order'])}"


def _read(before, after, action, actor):
    racer_id = before["reading_now"]
    bid_total = before["bids"][racer_id]["total"]
    moved = board.space_of(after, racer_id) - board.space_of(before, racer_id)
    if moved:
        return f"{who(before, racer_id)} read {plural(bid_total, 'word')} as bid and moves {plural(moved, 'space')}"
    return f"{who(before, racer_id)} could not read {plural(bid_total, 'word')} and stays"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


_LINES = {
    "begin": _begin,
    "head_start": lambda b, a, act, n: f"Head start for {n}: {a['head_start'][board.racer_of(b, act['seat'])]} spaces",
    "question": lambda b, a, act, n: f"Round {b['round']}: question {a['question']} on the card",
    "question_read": lambda b, a, act, n: f"Question read: {a['timer']['duration'] // 1000} seconds to write",
    "double": lambda b, a, act, n: f"{n} declares Double",
    "reject": lambda b, a, act, n: f"{n} rejects the question; question {a['question']} is read instead",
    "time_up": lambda b, a, act, n: "Stop! Time is up: place your bids",
    "write": lambda b, a, act, n: f"{n} wrote a word",
    "erase": lambda b, a, act, n: f"{n} erased a word",
    "bid": lambda b, a, act, n: f"{n} placed a sealed bid",
    "reveal": lambda b, a, act, n: "The host revealed the bids",
    "say": lambda b, a, act, n: f"{who(b, b['reading_now'])} reads {a['said'][-1]['word']!r}",
    "read": _read,
    "strike": lambda b, a, act, n: (f"The host {'crossed out' if flag(act, 'struck', True) else 'restored'}"
                                    f" {act['word']!r} on {who(b, board.racer_of(b, act['seat']))}'s list"),
    "challenge_card": lambda b, a, act, n: f"Challenge Card for {names(b, b['challenged'])}: {a['challenge_card']}",
}


def _consequences(before: dict, after: dict) -> str:
    """What happened on its own: bids revealed, a new round, the end of the game."""
    extra = []
    if after["revealed"] and not before["revealed"] and after["round"] == before["round"]:
        extra.append(_bid_revealed(after))
    if after["phase"] == "over" and before["phase"] != "over":
        extra.append(outcome(after)["summary"].rstrip("."))
    elif after["round"] != before["round"]:
        extra.append(f"Round {after['round']}: {who(after, after['question_reader'])} is the reader")
        if after["challenged"]:
            extra.append(f"{names(after, after['challenged'])} must draw a Challenge Card")
    return "".join(f". {e}" for e in extra)
