"""A round of Rapid List: the question, the 30 seconds, sealed bids and the reading."""

from referee.engine import timer
from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import flag, integer, text

from . import board
from .board import names, racer_of, who

ALL_BID_CARDS = [1, 2, 3, 4, 5, 6]
QUESTIONS_PER_CARD = 6


# --- permissions -------------------------------------------------------------------

def require_host(action: dict, what: str) -> None:
    if not action.get("host"):
        raise RuleError(f"Only the host can {what}.")


def require_phase(state: dict, phases: tuple, message: str) -> None:
    if state["phase"] not in phases:
        raise RuleError(message)


def require_question_reader(state: dict, action: dict, what: str) -> None:
    """The round's reader (or the host on their behalf)."""
    if action.get("host"):
        return
    if racer_of(state, action.get("seat")) != state["question_reader"]:
        raise RuleError(f"{who(state, state['question_reader'])} is the reader this round and {what}.")


# --- a new round ---------------------------------------------------------------------

DEFAULT_SECONDS = 30


def duration(state: dict) -> int:
    """The writing time; 0 (the platform's "the game's own length") means the rule's 30 seconds."""
    return (state["options"]["timer_seconds"] or DEFAULT_SECONDS) * 1000


def start_round(state: dict, reader: str) -> None:
    """Everything that belongs to one round, cleared; who must draw a Challenge Card."""
    state["round"] += 1
    state["phase"] = "roll"
    state["question_reader"] = reader
    state["question"] = None
    state["rejected_by"] = []
    state["doubled"] = []
    state["bids"] = {}
    state["revealed"] = False
    state["reading_order"] = []
    state["reading_now"] = None
    state["results"] = {}
    state["lists"] = {r["id"]: [] for r in state["racers"]}
    state["said"] = []
    state["challenged"] = board.challenged(state)
    state["challenge_card"] = None
    state["timer"] = timer.new(duration(state))


def begin(state: dict, action: dict) -> dict:
    """Draw the order of the cubes on START and name the first reader."""
    require_host(action, "start the game")
    require_phase(state, ("setup",), "The game has already started.")
    ids = [r["id"] for r in state["racers"]]
    order = action.get("order")
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(ids):
        raise BadAction("The starting order must list every cube once.")
    board.place_cubes_on_start(state, [str(r) for r in order])
    start_round(state, racer_of(state, action.get("reader")))
    return state


def head_start(state: dict, action: dict) -> dict:
    """The host gives a young player a head start, from their age or in spaces."""
    require_host(action, "give a head start")
    require_phase(state, ("setup",), "Head starts are set before the game starts.")
    racer_id = racer_of(state, action.get("seat"))
    if action.get("spaces") not in (None, ""):          # typed spaces overrule the age formula
        spaces = integer(action, "spaces", low=0, high=state["track"]["spaces"])
    elif action.get("age") not in (None, ""):
        spaces = min(board.head_start_for(integer(action, "age", low=1, high=120)), state["track"]["spaces"])
    else:
        raise BadAction(f"Type {who(state, racer_id)}'s age or a head start in spaces.")
    state["head_start"][racer_id] = spaces
    return state


def challenge_card(state: dict, action: dict) -> dict:
    """Write down what the Challenge Card drawn this round says."""
    require_phase(state, ("roll", "question", "writing", "bidding", "reading"), "No round is being played.")
    if not state["challenged"]:
        raise RuleError("Nobody is on a challenge space this round, so no Challenge Card is drawn.")
    if not action.get("host") and racer_of(state, action.get("seat")) not in state["challenged"]:
        raise RuleError(f"{names(state, state['challenged'])} must draw the Challenge Card this round.")
    state["challenge_card"] = text(action, "text", max_len=300)
    return state


# --- the question --------------------------------------------------------------------

def question(state: dict, action: dict) -> dict:
    """The reader rolls the die (or, in the variant, picks) the question's number."""
    require_phase(state, ("roll",), "The question for this round has already been chosen.")
    require_question_reader(state, action, "chooses the question")
    state["question"] = integer(action, "number", low=1, high=QUESTIONS_PER_CARD)
    state["phase"] = "question"
    return state


def question_read(state: dict, action: dict) -> dict:
    """The question has been read aloud: the 30 seconds start at once."""
    require_phase(state, ("question",), "There is no question waiting to be read.")
    require_question_reader(state, action, "reads the question")
    state["timer"] = timer.apply(timer.new(duration(state)), {"type": "timer_start", "at": action["at"]})
    state["phase"] = "writing"
    return state


def early_enough(state: dict, action: dict, what: str) -> None:
    """Right after the question is read: before the timer, or in its first seconds."""
    require_phase(state, ("question", "writing"), f"{what} only right after the question is read.")
    if state["phase"] == "writing":
        grace = state["options"]["double_seconds"] * 1000
        if timer.used(state["timer"], action["at"]) > grace:
            raise RuleError(f"Too late: {what.lower()} only in the first {grace // 1000} seconds.")


def double(state: dict, action: dict) -> dict:
    """Once per game a player shouts Double: a met bid moves the cube twice as far."""
    if not state["options"]["double"]:
        raise RuleError("This table plays without Double.")
    racer_id = racer_of(state, action.get("seat"))
    early_enough(state, action, "Double can be declared")
    if racer_id in state["doubled"]:
        raise RuleError(f"{who(state, racer_id)} has already declared Double this round.")
    if racer_id in state["double_used"]:
        raise RuleError(f"{who(state, racer_id)} has already used their Double in this game.")
    if board.on_challenge_space(state, racer_id):
        raise RuleError(f"{who(state, racer_id)} is on a challenge space and cannot declare Double.")
    state["doubled"].append(racer_id)
    state["double_used"].append(racer_id)
    return state


def reject(state: dict, action: dict) -> dict:
    """Once per game a player rejects the question: the next one on the card is read."""
    if not state["options"]["reject_once"]:
        raise RuleError("This table plays without rejecting questions.")
    racer_id = racer_of(state, action.get("seat"))
    early_enough(state, action, "A question can be rejected")
    if racer_id in state["reject_used"]:
        raise RuleError(f"{who(state, racer_id)} has already rejected a question in this game.")
    state["reject_used"].append(racer_id)
    state["rejected_by"].append(racer_id)
    state["question"] = state["question"] % QUESTIONS_PER_CARD + 1
    for doubler in state["doubled"]:          # a Double was for the rejected question
        state["double_used"].remove(doubler)
    state["doubled"] = []
    state["lists"] = {r["id"]: [] for r in state["racers"]}
    state["timer"] = timer.new(duration(state))
    state["phase"] = "question"
    return state


# --- time up and the sealed bids ------------------------------------------------------

def time_is_up(state: dict, now: int) -> bool:
    return state["phase"] == "bidding" or (state["phase"] == "writing" and timer.is_up(state["timer"], now))


def time_up(state: dict, action: dict) -> dict:
    """Stop! Writing ends when the server's timer runs out (the host may stop it early)."""
    require_phase(state, ("writing",), "Nobody is writing now.")
    if not timer.is_up(state["timer"], action["at"]) and not action.get("host"):
        left = -(-timer.remaining(state["timer"], action["at"]) // 1000)
        raise RuleError(f"Time is not up yet: {left} seconds left.")
    state["phase"] = "bidding"
    return state


def bid_cards(action: dict) -> list:
    """The chosen Bid Cards, from a list or from text such as '6, 1'."""
    raw = action.get("cards")
    if isinstance(raw, str):
        raw = [part for part in raw.replace(",", " ").replace("+", " ").split() if part]
    if not isinstance(raw, list) or not raw:
        raise BadAction("Choose one or more Bid Cards (1 to 6).")
    cards = [integer({"card": c}, "card", low=1, high=6) for c in raw]
    if len(set(cards)) != len(cards):
        raise BadAction("Each Bid Card can be played only once in a bid.")
    return sorted(cards)


def bid(state: dict, action: dict) -> dict:
    """A sealed bid: the sum of the chosen Bid Cards (1 to 21)."""
    if state["phase"] == "reading":
        raise RuleError("The bids have been revealed; bids can no longer be placed or changed this round.")
    if not time_is_up(state, action["at"]):
        raise RuleError("Bids are placed when the time is up.")
    state["phase"] = "bidding"
    racer_id = racer_of(state, action.get("seat"))
    cards = bid_cards(action)
    missing = [c for c in cards if c not in state["hands"][racer_id]]
    if missing:
        raise RuleError(f"{who(state, racer_id)} no longer holds Bid Card {missing[0]}; "
                        f"their hand is {', '.join(map(str, state['hands'][racer_id]))}.")
    state["bids"][racer_id] = {"cards": cards, "total": sum(cards)}
    if len(state["bids"]) == len(state["racers"]):
        reveal_bids(state)
    return state


def reveal(state: dict, action: dict) -> dict:
    """The host turns the bids over before everyone has bid; the others sit this round out."""
    require_host(action, "reveal the bids early")
    if not time_is_up(state, action["at"]):
        raise RuleError("Bids are revealed after the time is up.")
    if not state["bids"]:
        raise RuleError("Nobody has placed a bid yet.")
    reveal_bids(state)
    return state


def reveal_bids(state: dict) -> None:
    """All bids face up at once; the reading order follows from them."""
    totals = {r: b["total"] for r, b in state["bids"].items()}
    state["revealed"] = True
    state["reading_order"] = board.reading_order(state, totals)
    state["reading_now"] = state["reading_order"][0]
    state["phase"] = "reading"
    if state["options"]["spend_cards"]:
        for racer_id, placed in state["bids"].items():
            hand = [c for c in state["hands"][racer_id] if c not in placed["cards"]]
            state["hands"][racer_id] = hand or list(ALL_BID_CARDS)


# --- reading -------------------------------------------------------------------------

def require_current_reader(state: dict, action: dict) -> str:
    require_phase(state, ("reading",), "Nobody is reading words now.")
    racer_id = racer_of(state, action.get("seat"))
    if racer_id != state["reading_now"]:
        raise RuleError(f"It is {who(state, state['reading_now'])}'s turn to read, not {who(state, racer_id)}'s.")
    return racer_id


def read(state: dict, action: dict) -> dict:
    """The reader says whether they read as many valid words as they bid."""
    racer_id = require_current_reader(state, action)
    if action.get("met") in (None, ""):
        raise BadAction(f"Say whether {who(state, racer_id)} read as many words as they bid (met: yes or no).")
    met = flag(action, "met")
    bid_total = state["bids"][racer_id]["total"]
    moved = bid_total * (2 if racer_id in state["doubled"] else 1) if met else 0
    if moved:
        board.move_forward(state, racer_id, moved)
    state["results"][racer_id] = {"met": met, "moved": moved}
    next_reader(state)
    return state


def next_reader(state: dict) -> None:
    """The next bid in the reading order, or the end of the round."""
    waiting = [r for r in state["reading_order"] if r not in state["results"]]
    if waiting:
        state["reading_now"] = waiting[0]
        return
    state["reading_now"] = None
    if board.finished(state):
        state["phase"] = "over"
        return
    ids = [r["id"] for r in state["racers"]]
    start_round(state, ids[(ids.index(state["question_reader"]) + 1) % len(ids)])
