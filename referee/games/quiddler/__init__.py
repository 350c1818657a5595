"""Quiddler: rounds of word-making scored from card values, longest-word bonus, dictionary challenges.

Rule sets: Quiddler Junior (the rule text, default), Classic Quiddler, and Solitaire.
Players keep the cards; the engine keeps the words laid, the scores and the challenges.
"""

import copy

from referee.engine.errors import BadAction, RuleError
from referee.engine.options import Option

from . import rules
from .cards import card_splits, classic_deck, junior_deck, letters, spelled, word_points
from .rounds import ROUND_ACTIONS, new_round, set_card_value
from .solitaire import SOLITAIRE_ACTIONS, new_solitaire, showing
from .tally import tally
from .views import (choices, confirm_blocker, describe, latest_ruling, lookup_needs, outcome, round_preview,
                    standings, view)

READY = True
# Filled by the server from the dictionary, never by a phone.
LOOKUP_FIELDS = {"challenge": ("verdict",), "solitaire_word": ("verdict",)}
SLUG = "quiddler"
TITLE = "Quiddler"
BLURB = "Words from letter cards: scores from card values, longest-word bonus, dictionary challenges."
MIN_PLAYERS, MAX_PLAYERS = 1, 8
TEAMS = False

_RULES = (("rules", "As the rule set says"), ("yes", "Yes"), ("no", "No"))

OPTIONS = {
    "rules": Option("junior", "Rule set", "Quiddler Junior (6 rounds, 2-7 cards), Classic Quiddler (8 rounds, 3-10 cards) "
                    "or Solitaire (one player, eight stacks).",
                    choices=(("junior", "Quiddler Junior"), ("classic", "Classic Quiddler"), ("solitaire", "Solitaire"))),
    "lexicon": Option("standard", "Dictionary", "Chosen before the game; challenges are ruled by this word list.",
                      choices=(("standard", "Standard game list"), ("large", "Large list (obscure words)"),
                               ("junior", "Junior / common words"), ("american", "American spelling"),
                               ("british", "British spelling"), ("own", "The table's own list"))),
    "floor_at_zero": Option("rules", "Scores never go below zero",
                            "Like the chips: a score cannot drop under zero. Rule set: on for Junior, off for Classic.",
                            choices=_RULES),
    "one_card_words": Option("rules", "One-card words allowed",
                             "Junior allows words of one card (A, I); Classic needs two cards per word.", choices=_RULES),
    "proper_nouns": Option("rules", "Proper nouns allowed",
                           "Junior allows proper nouns (Tom, Paris); Classic does not.", choices=_RULES),
    "unused_subtracted": Option("rules", "Unused cards are subtracted",
                                "Classic subtracts the value of cards left in hand; Junior ignores them.", choices=_RULES),
    "ch_card": Option(False, "Deck has a CH card (Classic)",
                      "Some Classic editions add a CH double-letter card; its value is editable."),
}

ACTIONS = {
    "word": 'Lay a word card by card for a player this round: {"type": "word", "seat": 0, "cards": ["h", "at"]} '
            '(or "text": "hat": if several ways fit the hand, the word waits for edit_word to say which cards)',
    "edit_word": 'Change a word before the round is confirmed: {"type": "edit_word", "seat": 0, "index": 1, "cards": ["i", "f"]}',
    "remove_word": 'Take back a word: {"type": "remove_word", "seat": 0, "index": 1}',
    "unused": 'The cards a player could not use: {"type": "unused", "seat": 1, "cards": ["c"]}',
    "went_out": 'Record who went out first: {"type": "went_out", "seat": 2}',
    "set_dealer": 'Host: choose who deals this round: {"type": "set_dealer", "seat": 1, "host": true}',
    "challenge": 'Challenge another player\'s word; the dictionary rules: {"type": "challenge", "seat": 1, "player": 0, "index": 0}',
    "overrule": 'Host: reverse a challenge ruling: {"type": "overrule", "player": 0, "index": 0, "host": true}',
    "confirm_round": 'Host: score the round and deal the next: {"type": "confirm_round", "host": true}',
    "set_card_value": 'Host: correct a card\'s value for your deck: {"type": "set_card_value", "face": "c", "value": 3, "host": true}',
    "solitaire_word": 'Solitaire: remove a word from the showing cards: {"type": "solitaire_word", "seat": 0, "cards": ["c", "at"]}',
    "stuck": 'Solitaire: no more words can be made, end the game: {"type": "stuck", "seat": 0}',
}

__all__ = ["READY", "SLUG", "TITLE", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "TEAMS", "OPTIONS", "ACTIONS",
           "setup", "apply", "standings", "outcome", "view", "describe", "lookup_needs", "choices",
           "card_splits", "splits", "word_points", "spelled", "letters", "tally", "round_preview", "showing",
           "confirm_blocker", "latest_ruling", "deals", "deck_rows",
           "BadAction", "RuleError"]


def setup(players: list[dict], options: dict) -> dict:
    """A new game: the value table of the chosen deck, scores at zero, round one dealt by the first seat."""
    kind = options["rules"]
    if kind == "solitaire" and len(players) != 1:
        raise BadAction("Solitaire is for one player.")
    if kind != "solitaire" and len(players) < 2:
        raise BadAction("Quiddler needs at least two players (or choose Solitaire).")
    deck = classic_deck(options.get("ch_card", False)) if kind == "classic" else junior_deck()
    state = {"players": copy.deepcopy(players), "options": dict(options), "cards": deck,
             "scores": {str(p["seat"]): 0 for p in players}, "history": [], "round": None, "solitaire": None}
    if kind == "solitaire":
        state.update(phase="solitaire", solitaire=new_solitaire())
    else:
        state.update(phase="round")
        state["round"] = new_round(state, 1, players[0]["seat"])
    return state


def apply(state: dict, action: dict) -> dict:
    """The state after one action; the input is never changed."""
    kind = action.get("type")
    if kind not in ACTIONS:
        raise BadAction(f"Quiddler has no action {kind!r}.")
    if state["phase"] == "over":
        raise RuleError("This game of Quiddler has ended.")
    new = copy.deepcopy(state)
    if kind == "set_card_value":
        return set_card_value(new, action)
    if state["phase"] == "round" and kind in ROUND_ACTIONS:
        return ROUND_ACTIONS[kind](new, action)
    if state["phase"] == "solitaire" and kind in SOLITAIRE_ACTIONS:
        return SOLITAIRE_ACTIONS[kind](new, action)
    where = "in Solitaire" if state["phase"] == "solitaire" else "during a round"
    raise RuleError(f"{kind.replace('_', ' ').capitalize()} is not possible {where}.")


def deals(state: dict) -> list[int]:
    """Cards dealt in each round of this rule set (empty for Solitaire)."""
    return rules.DEALS.get(rules.rule_set(state), [])


def deck_rows(state: dict) -> list[dict]:
    """The value table for the card keyboard: single letters first, then double-letter cards."""
    return [{"face": face, "label": face.upper(), "value": card["value"], "known": card["known"], "count": card["count"]}
            for face, card in sorted(state["cards"].items(), key=lambda item: (len(item[0]), item[0]))]


def splits(state: dict, word: str) -> list[list[str]]:
    """The ways to lay a typed word with this table's cards, for the 'H-A-T or H-AT?' question."""
    return card_splits(word, state["cards"])
