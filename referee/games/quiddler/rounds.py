"""The round: dealer and deal, words laid card by card, going out, challenges, confirming."""

import copy

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import integer
from referee.engine.turns import name, next_in, position

from . import rules
from .cards import MAX_VALUE, card_label, check_face, letters, read_cards, spelled, text_ways, typed, word_cards
from .tally import new_scores, tally


def order(state: dict) -> list[int]:
    return [p["seat"] for p in state["players"]]


def new_round(state: dict, number: int, dealer: int) -> dict:
    """Round `number` (1-based): its deal size, dealer, and the player to the dealer's left to start."""
    return {"number": number, "cards": rules.deals(state)[number - 1], "dealer": dealer,
            "leader": next_in(order(state), dealer), "went_out": None,
            "entries": {str(s): {"words": [], "unused": []} for s in order(state)}}


def seat_of(state: dict, action: dict, field: str = "seat") -> int:
    """The seat named by `field`, checked to be at the table."""
    if action.get(field) in (None, ""):
        raise BadAction("Say which player this is for." if field == "seat" else f"Say which {field}.")
    seat = integer(action, field, low=0)
    position(state, seat)
    return seat


def host_only(action: dict, what: str) -> None:
    if not action.get("host"):
        raise RuleError(f"Only the host can {what}.")


def entry(state: dict, seat: int) -> dict:
    return state["round"]["entries"][str(seat)]


def cards_laid(entry_: dict) -> int:
    return sum(len(w["cards"]) for w in entry_["words"]) + len(entry_["unused"])


def check_hand(state: dict, seat: int, entry_: dict) -> None:
    """A player can only lay the cards in their own hand: no more than were dealt this round."""
    dealt = state["round"]["cards"]
    if cards_laid(entry_) > dealt:
        raise RuleError(f"{name(state, seat)} holds only {dealt} cards this round; "
                        f"these entries use {cards_laid(entry_)}.")


def check_copies(state: dict) -> None:
    """No card is laid more often this round than the deck has copies (when the deck's counts are known)."""
    used: dict[str, int] = {}
    for e in state["round"]["entries"].values():
        for face in [c for w in e["words"] for c in w["cards"]] + e["unused"]:
            used[face] = used.get(face, 0) + 1
    for face, times in sorted(used.items()):
        copies = state["cards"][face]["count"]
        if copies is not None and times > copies:
            raise RuleError(f"The deck has only {copies} {card_label(face)} cards; this round shows {times}.")


def check_word(state: dict, cards: list) -> None:
    if len(cards) < 2 and not rules.one_card_words(state):
        raise RuleError(f"{spelled(cards)} is a one-card word; words need at least two cards in this game.")


def word_at(state: dict, seat: int, action: dict, field: str = "index") -> dict:
    words = entry(state, seat)["words"]
    if not words:
        raise RuleError(f"{name(state, seat)} has laid no words yet.")
    index = integer(action, field, low=0, high=len(words) - 1)
    return words[index]


def unruled(state: dict, seat: int, word: dict) -> None:
    if word.get("challenge") is not None:
        raise RuleError(f"{name(state, seat)}'s word {letters(word['cards']).upper()} has been challenged "
                        "and can no longer be changed.")


def finish_entry(state: dict, seat: int) -> dict:
    check_hand(state, seat, entry(state, seat))
    check_copies(state)
    return state


def lay_word(state: dict, action: dict) -> dict:
    """Add a word to a player's words this round.

    A typed word ('text': 'hat') that can be laid several ways keeps the ways that fit the
    player's hand; if more than one fits, the word waits for the player to say which cards
    (`edit_word`), and the round cannot be confirmed until they do.
    """
    seat = seat_of(state, action)
    if not typed(action):
        cards = read_cards(action, state["cards"])
        check_word(state, cards)
        entry(state, seat)["words"].append({"cards": cards, "challenge": None})
        return finish_entry(state, seat)
    ways = text_ways(action, state["cards"])
    room = state["round"]["cards"] - cards_laid(entry(state, seat))
    fitting, first_error = [], None
    if all(len(way) > room for way in ways):
        ways = ways[-1:]            # the fewest cards: its error names the hand size
    for way in [w for w in ways if len(w) <= room] or ways:
        try:
            check_word(state, way)
            trial = copy.deepcopy(state)
            entry(trial, seat)["words"].append({"cards": way, "challenge": None})
            finish_entry(trial, seat)
            fitting.append(way)
        except RuleError as error:
            first_error = first_error or error
    if not fitting:
        raise first_error
    word = {"cards": fitting[0], "challenge": None}
    if len(fitting) > 1:
        word["ways"] = fitting
    entry(state, seat)["words"].append(word)
    return finish_entry(state, seat)


def edit_word(state: dict, action: dict) -> dict:
    """Change a word's cards; saying which cards an ambiguous typed word used is allowed even after a challenge."""
    seat = seat_of(state, action)
    word = word_at(state, seat, action)
    cards = word_cards(action, state["cards"])
    if not (word.get("ways") and cards in word["ways"]):
        unruled(state, seat, word)
    check_word(state, cards)
    word["cards"] = cards
    word.pop("ways", None)
    return finish_entry(state, seat)


def remove_word(state: dict, action: dict) -> dict:
    seat = seat_of(state, action)
    word = word_at(state, seat, action)
    unruled(state, seat, word)
    entry(state, seat)["words"].remove(word)
    return state


def set_unused(state: dict, action: dict) -> dict:
    """The cards a player could not use (subtracted in Classic, shown only in Junior)."""
    seat = seat_of(state, action)
    entry(state, seat)["unused"] = read_cards(action, state["cards"], allow_empty=True)
    return finish_entry(state, seat)


def went_out(state: dict, action: dict) -> dict:
    """Record who went out first; the others then have one more turn."""
    seat = seat_of(state, action)
    rnd = state["round"]
    if rnd["went_out"] is not None and rnd["went_out"] != seat and not action.get("host"):
        raise RuleError(f"{name(state, rnd['went_out'])} already went out first; only the host can change that.")
    rnd["went_out"] = seat
    return state


def set_dealer(state: dict, action: dict) -> dict:
    host_only(action, "choose the dealer")
    seat = seat_of(state, action)
    state["round"]["dealer"] = seat
    state["round"]["leader"] = next_in(order(state), seat)
    return state


# The one-letter English words. Where one-card words are allowed they are always allowable,
# whatever a word list says (the Junior list files the pronoun I as an abbreviation).
ONE_LETTER_WORDS = {"a": "the word A", "i": "the word I"}


def verdict_of(state: dict, action: dict, word: str | None = None) -> dict:
    """The dictionary's ruling the platform filled in, judged by this game's allowable words."""
    verdict = action.get("verdict")
    if not isinstance(verdict, dict) or not isinstance(verdict.get("valid"), bool):
        raise BadAction("The dictionary's ruling is missing.")
    valid = verdict["valid"]
    reason = str(verdict.get("reason", ""))[:200]
    if valid and verdict.get("proper_noun") and not rules.proper_nouns(state):
        valid, reason = False, "proper nouns are not allowed in this game"
    if not valid and word in ONE_LETTER_WORDS and rules.one_card_words(state):
        valid, reason = True, f"{ONE_LETTER_WORDS[word]}: one-card words are allowed"
    return {"valid": valid, "reason": reason, "lexicon": str(verdict.get("lexicon", ""))[:60]}


def challenge(state: dict, action: dict) -> dict:
    """A player challenges another player's word; the dictionary rules at once."""
    challenger = seat_of(state, action)
    player = seat_of(state, action, "player")
    if challenger == player:
        raise RuleError(f"{name(state, player)} cannot challenge their own word.")
    word = word_at(state, player, action)
    if word.get("challenge") is not None:
        raise RuleError(f"{letters(word['cards']).upper()} has already been challenged.")
    ruling = verdict_of(state, action, letters(word["cards"]))
    at = action.get("at")
    word["challenge"] = {"by": challenger, "valid": ruling["valid"], "dictionary_valid": ruling["valid"],
                         "reason": ruling["reason"], "lexicon": ruling["lexicon"], "overruled": False,
                         "at": at if isinstance(at, int) and not isinstance(at, bool) else 0}
    return state


def overrule(state: dict, action: dict) -> dict:
    """The host reverses a challenge ruling; the dictionary's verdict stays beside it."""
    host_only(action, "overrule the dictionary")
    player = seat_of(state, action, "player")
    word = word_at(state, player, action)
    ch = word.get("challenge")
    if ch is None:
        raise RuleError(f"{letters(word['cards']).upper()} has not been challenged.")
    ch["valid"] = not ch["valid"]
    ch["overruled"] = ch["valid"] != ch["dictionary_valid"]
    return state


def ready_to_confirm(state: dict) -> None:
    """Someone went out with every card in words; in Classic every card is accounted for."""
    rnd = state["round"]
    for seat in order(state):
        for word in entry(state, seat)["words"]:
            if word.get("ways"):
                shown = " or ".join(spelled(w) for w in word["ways"])
                raise RuleError(f"Say which cards {name(state, seat)}'s {letters(word['cards']).upper()} used: {shown}.")
    if rnd["went_out"] is None:
        raise RuleError("Record who went out first before confirming the round.")
    out = rnd["went_out"]
    used = sum(len(w["cards"]) for w in entry(state, out)["words"])
    if used != rnd["cards"] or entry(state, out)["unused"]:
        raise RuleError(f"{name(state, out)} went out, so their words must use all {rnd['cards']} cards "
                        f"(entered: {used}).")
    if rules.unused_subtracted(state):
        for seat in order(state):
            laid = cards_laid(entry(state, seat))
            if laid != rnd["cards"]:
                raise RuleError(f"{name(state, seat)} has {laid} of {rnd['cards']} cards entered; "
                                "enter the unused cards too.")


def confirm_round(state: dict, action: dict) -> dict:
    """Score the round, add it to the history and deal the next one (or end the game)."""
    host_only(action, "confirm the round")
    ready_to_confirm(state)
    rnd = state["round"]
    result = tally(state, rnd)
    state["scores"] = new_scores(state, result)
    state["history"].append({**rnd, "result": result, "scores": dict(state["scores"])})
    if rnd["number"] == len(rules.deals(state)):
        state["round"], state["phase"] = None, "over"
    else:
        state["round"] = new_round(state, rnd["number"] + 1, next_in(order(state), rnd["dealer"]))
    return state


def set_card_value(state: dict, action: dict) -> dict:
    """The host corrects a card's value for their deck (or adds a card face the deck has)."""
    host_only(action, "change card values")
    face = check_face(action.get("face"))
    value = integer(action, "value", low=0, high=MAX_VALUE)
    card = state["cards"].setdefault(face, {"value": value, "count": None, "known": True})
    card["value"], card["known"] = value, True
    state["cards"] = dict(sorted(state["cards"].items()))
    return state


ROUND_ACTIONS = {"word": lay_word, "edit_word": edit_word, "remove_word": remove_word, "unused": set_unused,
                 "went_out": went_out, "set_dealer": set_dealer, "challenge": challenge, "overrule": overrule,
                 "confirm_round": confirm_round}
