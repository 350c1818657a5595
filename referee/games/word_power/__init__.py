"""Word Power: the Publishing House bank, books, the four windows, and challenges settled by the dictionary.

The players keep the board, the Word Cards and the die; this engine keeps the money, the books, the
four windows (which cards cover them), whose turn it is, who loses a turn, and settles challenges.
The deck files are read by `deck.py` (for the web layer), never by the engine itself.
"""

import copy

from referee.engine.errors import BadAction, RefereeError, RuleError

from . import cards, challenge, table, turn
from .table import OPTIONS, PLACEHOLDER_ROYALTY_CHART, PLACEHOLDER_STATUSES, setup  # noqa: F401
from .talk import choices, lookup_needs, outcome, random_needs, standings, view  # noqa: F401
from .turn import SPACES  # noqa: F401

challenge_priority = challenge.priority  # seats that may challenge a player, closest on his left first (the tie rule)

READY = True
# Filled by the server from the decks and the thesaurus, never by a phone.
LOOKUP_FIELDS = {"settle": ("card", "relation_1", "relation_2", "relation_3", "relation_4")}
SLUG = "word-power"
TITLE = "Word Power"
BLURB = "Publish books by matching synonyms and antonyms; the app is the Publishing House and the referee."
MIN_PLAYERS, MAX_PLAYERS = 2, 4
TEAMS = False

ACTIONS = {
    "order_roll": 'Roll the die for the order of play (roll omitted: the app rolls): {"type": "order_roll", "seat": 0, "roll": 5}',
    "set_first": 'Host: skip the rolls and say who plays first: {"type": "set_first", "host": true, "first": 2}',
    "assign_deck": 'Host, family play: a player\'s deck: {"type": "assign_deck", "host": true, "seat": 1, "colour": "blue"}',
    "royalty_chart": 'Host: enter the board\'s royalty chart, books:amount: {"type": "royalty_chart", "host": true, "chart": "0:1000, 1:2000"}',
    "land": 'The space landed on (synonyms, antonyms, both, royalty, infringement, pass, start): {"type": "land", "seat": 0, "space": "synonyms", "passed_start": false}',
    "start_choice": 'On or past START: royalty or a book (Method A): {"type": "start_choice", "seat": 0, "take": "book"}',
    "collect": 'COLLECT ROYALTY when no chart is entered: {"type": "collect", "seat": 0, "amount": 2000}',
    "infringe": 'COPYRIGHT INFRINGEMENT: second roll, penalty per eligible player: {"type": "infringe", "seat": 0, "roll": 3, "each": 1000, "eligible": [1, 2]}',
    "play": 'Lay a card on a window: {"type": "play", "seat": 0, "keyword": "abandon", "window": 2, "relation": "S"}',
    "no_challenge": 'Another player lets the cards played so far pass: {"type": "no_challenge", "seat": 1}',
    "publish": 'After the wait, take the book(s) of Methods B/C and clear the windows: {"type": "publish", "seat": 0}',
    "done": 'The player ends his play and draws back to 4: {"type": "done", "seat": 0}',
    "cannot_play": 'Unable to play: pay $500 per empty window or lose the next turn: {"type": "cannot_play", "seat": 0}',
    "challenge": 'Challenge a card of this turn, stating the correct play: {"type": "challenge", "seat": 1, "card": 7, "relation": "A", "word": 3}',
    "raise": 'Raise the challenge stake (to: the new stake each): {"type": "raise", "seat": 0, "to": 2000}',
    "call": 'Call the challenge stake: {"type": "call", "seat": 1}',
    "settle": 'Look the card up and apply the result (host may type "answer", or "words" for the thesaurus): {"type": "settle", "seat": 1}',
}

HANDLERS = {
    "order_roll": table.order_roll, "set_first": table.set_first, "assign_deck": table.assign_deck,
    "royalty_chart": table.set_royalty_chart, "land": turn.land, "start_choice": turn.start_choice,
    "collect": turn.collect, "infringe": turn.infringe, "play": cards.play, "no_challenge": cards.waive,
    "publish": cards.publish, "done": cards.done, "cannot_play": turn.cannot_play,
    "challenge": challenge.open_challenge, "raise": challenge.raise_bet, "call": challenge.call,
    "settle": challenge.settle,
}


def apply(state: dict, action: dict) -> dict:
    """A new state after one action; the input is never changed."""
    if state["phase"] == "over":
        raise RuleError("The game is over.")
    handler = HANDLERS.get(action.get("type"))
    if handler is None:
        raise BadAction(f"Word Power has no action {action.get('type')!r}.")
    new = copy.deepcopy(state)
    new["news"], new["reminder"] = [], ""
    handler(new, action)
    table.check_win(new)
    return new


def describe(action: dict, before: dict) -> str:
    """The log line: what the action did, in the game's words."""
    try:
        return " ".join(apply(before, action)["news"]) or action.get("type", "")
    except RefereeError:
        return str(action.get("type", ""))
