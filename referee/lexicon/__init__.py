"""Dictionaries for Referee: word lists, definitions, synonyms and antonyms, all offline.

Pure Python, no Flask or peewee. Nothing is read at import time: each data file in
``dictionaries/`` is memory-mapped on its first use, and only a small index and the
few compressed blocks a lookup touches are ever decoded.

    check("Quiz", "standard")         -> {"word", "valid", "proper_noun", "reason", "lexicon", "kind", "also_in"}
    define("desert")                  -> [{"synset", "pos", "gloss", "examples", "synonyms", "lemma"}, ...]
    thesaurus("hot")                  -> {"word", "found", "senses": [{... "antonyms", "similar", "indirect_antonyms"}]}
    relation("hot", "cold")           -> {"relation": "antonym", "evidence", "sense", "indirect", "key", "candidate"}
    answer({"word": "hat", "proper_nouns": True}, {"lexicon": "junior"}, extra_words)  -> the engine's shape
    parse_word_list(b"zyzzyva\\n")     -> {"zyzzyva"}
    lexicons()                        -> [{"id", "name", "description", "word_count", ...}]

``FakeLexicon`` has the same methods over a handful of words, for engine and web tests.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.lexicon.catalog import LEXICONS, OWN
from referee.lexicon.fake import FakeLexicon
from referee.lexicon.relation import relation as _relation
from referee.lexicon.wordnet import WordNet
from referee.lexicon.words import (MAX_UPLOAD_BYTES, MAX_UPLOAD_WORDS, UnknownLexicon, WordLists,
                                   parse_word_list)
from referee.paths import resource

DEFAULT_LEXICON = "standard"
LEXICON_IDS = tuple(lex["id"] for lex in LEXICONS) + (OWN["id"],)

__all__ = ["Dictionaries", "FakeLexicon", "UnknownLexicon", "answer", "check", "define",
           "dictionaries", "lexicons", "parse_word_list", "relation", "thesaurus",
           "DEFAULT_LEXICON", "LEXICON_IDS", "MAX_UPLOAD_BYTES", "MAX_UPLOAD_WORDS"]


def data_folder() -> Path:
    """``$REFEREE_DICTIONARIES`` or the project's ``dictionaries/``."""
    configured = os.environ.get("REFEREE_DICTIONARIES")
    return Path(configured) if configured else Path(resource("dictionaries"))


class Dictionaries:
    """The real dictionaries (the interface FakeLexicon mirrors)."""

    def __init__(self, folder: Path | None = None):
        folder = Path(folder) if folder else data_folder()
        self.words = WordLists(folder / "words.tbl")
        self.wordnet = WordNet(folder)

    def lexicons(self) -> list[dict]:
        return self.words.lexicons()

    def check(self, word, lexicon_id=DEFAULT_LEXICON, *, proper_nouns=False, extra_words=None) -> dict:
        return self.words.check(word, lexicon_id, proper_nouns=proper_nouns, extra_words=extra_words)

    def define(self, word) -> list[dict]:
        return self.wordnet.define(word)

    def thesaurus(self, word) -> dict:
        return self.wordnet.thesaurus(word)

    def relation(self, key, candidate) -> dict:
        return _relation(self.wordnet, key, candidate)

    def answer(self, request: dict, options: dict | None = None, extra_words=None, *, lexicon=None):
        """Fill one ``lookup_needs`` request (docs/ENGINE.md, "Dictionary look-ups as data")."""
        return answer_with(self, request, options, extra_words, lexicon=lexicon)


def chosen_lexicon(options: dict | None, lexicon: str | None) -> str:
    """An explicit ``lexicon`` wins; else ``options["lexicon"]`` if it is one we offer; else standard."""
    if lexicon:
        return lexicon
    wanted = (options or {}).get("lexicon")
    return wanted if wanted in LEXICON_IDS else DEFAULT_LEXICON


def answer_with(source, request: dict, options=None, extra_words=None, *, lexicon=None):
    """Shared by Dictionaries and FakeLexicon: {"word": ...} or {"relation": [key, candidate]}."""
    lexicon = chosen_lexicon(options, lexicon)
    if not isinstance(request, dict):
        raise ValueError("A dictionary look-up must be a dict such as {'word': 'hat'}.")
    if "word" in request:
        found = source.check(request["word"], lexicon, proper_nouns=bool(request.get("proper_nouns")),
                             extra_words=extra_words)
        return {name: found[name] for name in ("valid", "proper_noun", "reason", "lexicon")}
    if "relation" in request:
        pair = request["relation"]
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ValueError("A relation look-up needs exactly two words: [key, candidate].")
        found = source.relation(pair[0], pair[1])
        return {"relation": found["relation"], "evidence": found["evidence"]}
    if "card" in request:
        return None  # the Word Power deck is not part of the dictionaries (yet)
    raise ValueError(f"Unknown dictionary look-up {sorted(request)}; expected 'word' or 'relation'.")


_default: Dictionaries | None = None


def dictionaries() -> Dictionaries:
    """The shared process-wide instance (created on first use; opening files is lazier still)."""
    global _default
    if _default is None:
        _default = Dictionaries()
    return _default


def lexicons() -> list[dict]:
    return dictionaries().lexicons()


def check(word, lexicon_id=DEFAULT_LEXICON, *, proper_nouns=False, extra_words=None) -> dict:
    return dictionaries().check(word, lexicon_id, proper_nouns=proper_nouns, extra_words=extra_words)


def define(word) -> list[dict]:
    return dictionaries().define(word)


def thesaurus(word) -> dict:
    return dictionaries().thesaurus(word)


def relation(key, candidate) -> dict:
    return dictionaries().relation(key, candidate)


def answer(request: dict, options: dict | None = None, extra_words=None, *, lexicon=None):
    """``answer({"word": "hat", "proper_nouns": True}, {"lexicon": "junior"}, {"zyzzyva"})``"""
    return dictionaries().answer(request, options, extra_words, lexicon=lexicon)
