"""Turning what a person typed into a dictionary key, and saying why it cannot be one."""

from __future__ import annotations

import unicodedata

MAX_WORD = 64  # longer than any word in the lists; longer input is refused, not looked up
APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u0060": "'",
                             "\u00b4": "'", "\u2032": "'",
                             "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
                             "\u2014": "-", "\u00ad": ""})


def tidy(text) -> str:
    """Trimmed, straight apostrophes and hyphens, inner spaces collapsed; case kept."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    text = unicodedata.normalize("NFC", text.translate(APOSTROPHES))
    return " ".join(text.split())


def key(text: str) -> str:
    """The lookup key: lower case with accents removed (café -> cafe)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def refusal(word: str) -> str | None:
    """Why ``word`` (already tidied) cannot be looked up at all, or None if it can."""
    if not word:
        return "empty: type a word"
    if len(word) > MAX_WORD:
        return f"too long ({len(word):,} characters; no word in the lists is longer than {MAX_WORD})"
    if any(ch.isdigit() for ch in word):
        return "contains digits: words are made of letters only"
    letters = [ch for ch in word if ch not in "'- ."]
    if not letters:
        return "no letters in it"
    if not all(ch.isalpha() for ch in letters):
        return "contains symbols or emoji: words are made of letters only"
    return None
