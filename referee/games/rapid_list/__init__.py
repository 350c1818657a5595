"""Rapid List: 30 seconds of writing, sealed bids, reading in bid order, a race to FINISH."""

READY = True
SHARED_TIMER = False   # the board draws its own writing countdown; the generic controls would fight it

import copy  # noqa: E402

from referee.engine import timer  # noqa: E402
from referee.engine.errors import BadAction, RuleError  # noqa: E402
from referee.engine.options import Option  # noqa: E402

from . import board, rounds, words  # noqa: E402
from .board import head_start_for, reading_order, stacks  # noqa: E402,F401
from .report import choices, describe, outcome, standings, view  # noqa: E402,F401

SLUG = "rapid-list"
TITLE = "Rapid List"
BLURB = "Write answers for 30 seconds, bid how many you can read, race your cube to FINISH."
MIN_PLAYERS, MAX_PLAYERS = 2, 40
TEAMS = True

OPTIONS = {
    "by_team": Option(False, "Play in teams", "One cube per team (for more than 8 players; up to 8 teams)."),
    "timer_seconds": Option(30, "Writing time (seconds)", "The timer started when the question has been read.", low=5, high=600),
    "normal_spaces": Option(8, "Normal spaces", "Space cards without a challenge symbol.", low=1, high=40),
    "challenge_spaces": Option(4, "Challenge spaces", "Space cards with a challenge symbol.", low=0, high=20),
    "challenge_at": Option("", "Challenge spaces at", "Space numbers, e.g. '6, 11, 12' (1 = first after START; "
                           "not before space 4). Empty: the last spaces before FINISH."),
    "double": Option(True, "Double", "Once per game a player may declare Double right after the question is read."),
    "double_seconds": Option(5, "Late Double (seconds)", "How long into the writing time Double (and rejecting) "
                             "may still be called; 0: only before the timer starts.", low=0, high=60),
    "reject_once": Option(False, "Reject a question once", "Each player may reject one question per game; "
                          "the next question on the card is read instead."),
    "reader_chooses": Option(False, "Reader chooses the question", "Instead of rolling the die."),
    "all_challenged": Option(False, "Everyone on a challenge space draws",
                             "Not only the leading cube(s) play with the Challenge Card."),
    "spend_cards": Option(False, "Played Bid Cards stay out", "Played Bid Cards return only when a hand is empty "
                          "(by default all six are back in the hand every round)."),
    "word_lists": Option(True, "Word lists on phones", "Players may type their words on their phone; "
                         "words read aloud are crossed out on the other lists."),
}

ACTIONS = {
    "head_start": 'Host, before the start: head start from an age or in spaces: {"type": "head_start", "seat": 2, "age": 10}',
    "begin": 'Host: draw the cubes\' order on START and the first reader (both filled by the app when absent): '
             '{"type": "begin", "reader": 1}',
    "question": 'The reader rolls the die (filled by the app) or types it / picks in the variant: {"type": "question", "seat": 1, "number": 4}',
    "question_read": 'The reader has read the question aloud: the timer starts: {"type": "question_read", "seat": 1}',
    "double": 'Declare Double (once per game): {"type": "double", "seat": 0}',
    "reject": 'Reject the question (variant, once per game): {"type": "reject", "seat": 2}',
    "write": 'Type a word on your list while the timer runs: {"type": "write", "seat": 0, "word": "giraffe"}',
    "erase": 'Remove a word from your list while the timer runs: {"type": "erase", "seat": 0, "word": "giraffe"}',
    "time_up": 'Stop writing (accepted once the server timer has run out; the host may stop early): {"type": "time_up"}',
    "bid": 'A sealed bid of one or more Bid Cards 1-6: {"type": "bid", "seat": 0, "cards": [4, 2]}',
    "reveal": 'Host: reveal the bids before all are in: {"type": "reveal"}',
    "say": 'The current reader reads a word aloud: {"type": "say", "seat": 0, "word": "giraffe"}',
    "read": 'The current reader reports whether the bid was met: {"type": "read", "seat": 0, "met": true}',
    "strike": 'Host: cross out or restore a word on a list by hand: {"type": "strike", "seat": 1, "word": "lion", "struck": false}',
    "challenge_card": 'Write down the drawn Challenge Card: {"type": "challenge_card", "seat": 0, "text": "Only words with an E"}',
}

_HANDLERS = {
    "head_start": rounds.head_start, "begin": rounds.begin, "question": rounds.question,
    "question_read": rounds.question_read, "double": rounds.double, "reject": rounds.reject,
    "time_up": rounds.time_up, "bid": rounds.bid, "reveal": rounds.reveal, "read": rounds.read,
    "challenge_card": rounds.challenge_card, "write": words.write, "erase": words.erase,
    "say": words.say, "strike": words.strike,
}


def setup(players: list, options: dict) -> dict:
    """The track laid out, every cube waiting beside START, six Bid Cards in each hand."""
    racers = board.build_racers(players, options["by_team"])
    board.check_racer_count(racers, options["by_team"])
    ids = [r["id"] for r in racers]
    return {
        "players": players, "options": options, "racers": racers, "track": board.build_track(options),
        "phase": "setup", "round": 0, "cubes": {}, "next_arrival": 0, "head_start": {},
        "hands": {r: list(rounds.ALL_BID_CARDS) for r in ids}, "double_used": [], "reject_used": [],
        "question_reader": None, "question": None, "rejected_by": [], "doubled": [], "challenged": [],
        "challenge_card": None, "bids": {}, "revealed": False, "reading_order": [], "reading_now": None,
        "results": {}, "lists": {r: [] for r in ids}, "said": [],
        "timer": timer.new(options["timer_seconds"] * 1000),
    }


def apply(state: dict, action: dict) -> dict:
    """A new state after one action; the input is never changed."""
    kind = action.get("type")
    if kind not in _HANDLERS:
        raise BadAction(f"Rapid List has no action {kind!r}.")
    if state["phase"] == "over":
        raise RuleError("This game of Rapid List is over.")
    if not isinstance(action.get("at"), int) or isinstance(action.get("at"), bool):
        raise BadAction("The action has no server time.")
    return _HANDLERS[kind](copy.deepcopy(state), action)


def random_needs(state: dict, action: dict) -> dict:
    """The draw on START and the first reader; the die for the question."""
    if action.get("type") == "begin":
        return {"order": {"shuffle": [r["id"] for r in state["racers"]]},
                "reader": {"pick": [r["seats"][0] for r in state["racers"]]}}
    if action.get("type") == "question" and not state["options"]["reader_chooses"]:
        return {"number": {"die": 6}}
    return {}
