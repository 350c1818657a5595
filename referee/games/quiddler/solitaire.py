"""Solitaire: eight stacks of five face-down cards plus one face up; win by using every card in words."""

from referee.engine.errors import BadAction, RuleError

from . import rules
from .cards import letters, word_cards, word_points
from .rounds import check_word, verdict_of


def new_solitaire() -> dict:
    return {"cards_left": rules.SOLITAIRE_CARDS, "words": [], "won": False, "stopped": False}


def showing(sol: dict) -> int:
    """Face-up cards to build from: one per stack, and a stack is refilled while cards remain."""
    return min(rules.SOLITAIRE_STACKS, sol["cards_left"])


def make_word(state: dict, action: dict) -> dict:
    """A word made from the showing cards leaves the layout; the stacks turn over new cards."""
    if action.get("seat") is None:
        raise BadAction("Say which player this is for.")
    sol = state["solitaire"]
    cards = word_cards(action, state["cards"])
    check_word(state, cards)
    if len(cards) > showing(sol):
        raise RuleError(f"Only {showing(sol)} cards are showing; {letters(cards).upper()} uses {len(cards)}.")
    ruling = verdict_of(state, action, letters(cards))
    if not ruling["valid"] and not action.get("host"):
        raise RuleError(f"{letters(cards).upper()} is not an allowable word ({ruling['reason'] or 'not in the dictionary'}).")
    sol["words"].append({"cards": cards, "points": word_points(state["cards"], cards),
                         "dictionary_valid": ruling["valid"], "lexicon": ruling["lexicon"]})
    sol["cards_left"] -= len(cards)
    if sol["cards_left"] == 0:
        sol["won"], state["phase"] = True, "over"
    return state


def stuck(state: dict, action: dict) -> dict:
    """No more words can be made: the game ends with cards left."""
    state["solitaire"]["stopped"] = True
    state["phase"] = "over"
    return state


SOLITAIRE_ACTIONS = {"solitaire_word": make_word, "stuck": stuck}
