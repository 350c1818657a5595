"""Quiddler cards: the decks, each card's value, and reading words as lists of card faces.

A card face is lower-case text: one letter ("h") or a double-letter card ("at", "qu").
A word is entered card by card, e.g. ["h", "at"], so double-letter cards are never ambiguous.
"""

import re

from referee.engine.errors import BadAction, RuleError

# Classic Quiddler, 118 cards: face -> (copies, value), as printed on the published cards
# (see docs/rules/quiddler.md for the sources).
CLASSIC = {
    "a": (10, 2), "b": (2, 8), "c": (2, 8), "d": (4, 5), "e": (12, 2), "f": (2, 6),
    "g": (4, 6), "h": (2, 7), "i": (8, 2), "j": (2, 13), "k": (2, 8), "l": (4, 3),
    "m": (2, 5), "n": (6, 5), "o": (8, 2), "p": (2, 6), "q": (2, 15), "r": (6, 5),
    "s": (4, 3), "t": (6, 3), "u": (6, 4), "v": (2, 11), "w": (2, 10), "x": (2, 12),
    "y": (4, 4), "z": (2, 14), "cl": (2, 10), "er": (2, 7), "in": (2, 7), "qu": (2, 9),
    "th": (2, 9),
}
# The CH card of some editions: its value is an editable default, not a published figure.
CLASSIC_CH = ("ch", 2, 10)

# Quiddler Junior (103 cards). Only these values are known: from the rule text's score
# example (I F H AT, P A W, B E A T) and a published Junior card description (LL, OO, N).
JUNIOR_KNOWN = {"a": 1, "b": 4, "e": 1, "f": 4, "h": 4, "i": 1, "p": 4, "t": 2, "w": 5,
                "at": 2, "ll": 3, "oo": 3, "n": 3}
JUNIOR_SINGLE_LETTERS = "abcdefghijklmnopqrstuvwxyz"

MAX_FACE_LEN = 3
MAX_VALUE = 50
MAX_WORD_CARDS = 10


def junior_guess(face: str) -> int:
    """An editable default for a Junior card the text does not price: half the Classic value, rounded up."""
    return (CLASSIC[face][1] + 1) // 2


def junior_deck() -> dict:
    """The Junior value table: known values marked known, the rest editable defaults."""
    deck = {face: {"value": junior_guess(face), "count": None, "known": False} for face in JUNIOR_SINGLE_LETTERS}
    for face, value in JUNIOR_KNOWN.items():
        deck[face] = {"value": value, "count": None, "known": True}
    return dict(sorted(deck.items()))


def classic_deck(with_ch: bool = False) -> dict:
    """The Classic deck with copies and printed values (plus CH when the edition has it)."""
    deck = {face: {"value": value, "count": count, "known": True} for face, (count, value) in CLASSIC.items()}
    if with_ch:
        face, count, value = CLASSIC_CH
        deck[face] = {"value": value, "count": count, "known": False}
    return dict(sorted(deck.items()))


def deck_size(deck: dict) -> int | None:
    """Cards in the deck, or None when some counts are unknown (Junior)."""
    counts = [card["count"] for card in deck.values()]
    return None if None in counts else sum(counts)


def card_splits(word: str, deck: dict, max_cards: int = MAX_WORD_CARDS) -> list[list[str]]:
    """Every way to lay a typed word with this deck's cards: 'hat' -> [['h','a','t'], ['h','at']].

    Only ways of at most `max_cards` cards (no hand holds more), so a long run of letters such
    as 'oooooooooooooooooooo' (O and OO cards) cannot make the search explode.
    """
    letters = "".join(str(word).lower().replace("-", " ").split())
    if not letters.isalpha() or not letters.isascii():
        return []
    faces = sorted(deck, key=lambda f: (len(f), f))
    longest = max((len(f) for f in faces), default=1)
    if len(letters) > max_cards * longest:
        return []
    found: list[list[str]] = []

    def walk(start: int, so_far: list[str]) -> None:
        if start == len(letters):
            found.append(list(so_far))
            return
        if len(so_far) >= max_cards or len(letters) - start > (max_cards - len(so_far)) * longest:
            return
        for face in faces:
            if letters.startswith(face, start):
                so_far.append(face)
                walk(start + len(face), so_far)
                so_far.pop()

    walk(0, [])
    return sorted(found, key=lambda split: (-len(split), split))


def card_label(face: str) -> str:
    return face.upper()


def spelled(cards: list) -> str:
    """How a word's cards read as cards: ['h', 'at'] -> 'H-AT'."""
    return "-".join(card_label(c) for c in cards)


def letters(cards: list) -> str:
    """The word itself: ['h', 'at'] -> 'hat'."""
    return "".join(cards)


def word_points(deck: dict, cards: list) -> int:
    """Sum of the card values of a word."""
    return sum(deck[c]["value"] for c in cards)


def read_cards(action: dict, deck: dict, name: str = "cards", *, allow_empty=False) -> list[str]:
    """A list of card faces from the action (a JSON list or text like 'h-at' / 'h at')."""
    raw = action.get(name)
    if raw is None and not allow_empty:
        raise BadAction("Say which cards make the word, card by card (for example H-AT).")
    if raw is None:
        raw = []
    if isinstance(raw, str):
        raw = [part for part in re.split(r"[\s,+\-/|]+", raw) if part]
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise BadAction("Cards must be a list of card faces such as ['h', 'at'].")
    cards = [c.strip().lower() for c in raw]
    if not cards and not allow_empty:
        raise BadAction("A word needs at least one card.")
    if len(cards) > MAX_WORD_CARDS:
        raise BadAction(f"At most {MAX_WORD_CARDS} cards at a time.")
    unknown = [c for c in cards if c not in deck]
    if unknown:
        raise RuleError(f"This deck has no {card_label(unknown[0])} card.")
    return cards


SEPARATORS = re.compile(r"[\s,+\-/|]")


def text_ways(action: dict, deck: dict) -> list[list[str]]:
    """Every way to lay a typed word ('text': 'hat'); text with separators ('h-at') is read card by card."""
    typed = action.get("text")
    if not isinstance(typed, str) or not typed.strip():
        raise BadAction("Say which cards make the word, card by card (for example H-AT).")
    if SEPARATORS.search(typed.strip()):
        return [read_cards({"cards": typed}, deck)]
    shown = typed.strip().upper()[:40]
    if len(typed.strip()) > MAX_WORD_CARDS * MAX_FACE_LEN:
        raise BadAction(f"{shown}… is too long: a word has at most {MAX_WORD_CARDS} cards.")
    ways = card_splits(typed, deck)
    if not ways:
        raise RuleError(f"{shown} cannot be made with this deck's cards (at most {MAX_WORD_CARDS} cards a word).")
    return ways


def typed(action: dict) -> bool:
    """The word came as typed letters rather than as a list of cards."""
    return action.get("cards") in (None, "", []) and action.get("text") not in (None, "")


def cards_from_text(action: dict, deck: dict) -> list[str]:
    """A word typed as letters ('text': 'hat') when only one way to lay it exists."""
    ways = text_ways(action, deck)
    if len(ways) > 1:
        shown = " or ".join(spelled(w) for w in ways)
        raise BadAction(f"Which cards? {letters(ways[0]).upper()} can be {shown}. Type it with dashes, e.g. {spelled(ways[-1])}.")
    return ways[0]


def word_cards(action: dict, deck: dict) -> list[str]:
    """The cards of a word from 'cards', or from 'text' when that is unambiguous."""
    if typed(action):
        return cards_from_text(action, deck)
    return read_cards(action, deck)


def check_face(face) -> str:
    """A card face typed by the host: one to three letters."""
    if (not isinstance(face, str) or not face.strip().isalpha() or not face.strip().isascii()
            or len(face.strip()) > MAX_FACE_LEN):
        raise BadAction(f"A card shows one to {MAX_FACE_LEN} letters, such as A or QU.")
    return face.strip().lower()
