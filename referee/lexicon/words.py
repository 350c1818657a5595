"""Is this a word? Verdicts from the SCOWL lists in ``dictionaries/words.tbl``."""

from __future__ import annotations

from referee.lexicon.catalog import BY_ID, LEXICONS, OWN
from referee.lexicon.normal import key, refusal, tidy
from referee.lexicon.table import Table

MAX_UPLOAD_BYTES = 2_000_000
MAX_UPLOAD_WORDS = 200_000


class UnknownLexicon(ValueError):
    """The lexicon id is not one Referee offers (the message lists the ones it does)."""


def lexicon_name(lexicon_id: str) -> str:
    if lexicon_id == OWN["id"]:
        return OWN["name"]
    if lexicon_id not in BY_ID:
        choices = ", ".join([lex["id"] for lex in LEXICONS] + [OWN["id"]])
        raise UnknownLexicon(f"There is no dictionary called '{tidy(lexicon_id)[:40]}'; choose one of {choices}.")
    return BY_ID[lexicon_id]["name"]


def unpack(value: str | None) -> dict:
    """A words.tbl value -> {"w": mask, "p": mask, "a": mask, "c": mask, "forms": [...]}"""
    if value is None:
        return {"w": 0, "p": 0, "a": 0, "c": 0, "forms": []}
    masks, _, forms = value.partition("|")
    w, p, a, c = (int(part, 16) for part in masks.split(","))
    return {"w": w, "p": p, "a": a, "c": c, "forms": forms.split()}


def verdict(word, lexicon_id, valid, kind, reason, *, proper_noun=False, also_in=()):
    return {"word": word, "valid": valid, "proper_noun": proper_noun, "reason": reason,
            "lexicon": lexicon_id, "kind": kind, "also_in": list(also_in)}


class WordLists:
    """The SCOWL-based word lists, read lazily from ``words.tbl``."""

    def __init__(self, path):
        self.table = Table(path)

    def lexicons(self) -> list[dict]:
        meta = self.table.ensure_open().meta
        listed = [{"id": lex["id"], "name": lex["name"], "description": lex["description"],
                   "word_count": meta["counts"][lex["id"]],
                   "proper_noun_count": meta["proper_nouns"][lex["id"]], "upload": False}
                  for lex in LEXICONS]
        return listed + [{**OWN, "word_count": None, "proper_noun_count": 0, "upload": True}]

    def entry(self, word_key: str) -> dict:
        return unpack(self.table.get(word_key))

    def check(self, word, lexicon_id="standard", *, proper_nouns=False, extra_words=None) -> dict:
        """The verdict on ``word`` in ``lexicon_id`` (see module docs for every reason)."""
        name = lexicon_name(lexicon_id)
        shown = tidy(word)
        refused = refusal(shown)
        if refused:
            return verdict(shown[:80], lexicon_id, False, "bad input", refused)
        k = key(shown)
        if extra_words and k in extra_words:
            return verdict(shown, lexicon_id, True, "word", "in the table's own list")
        if " " in k:
            return verdict(shown, lexicon_id, False, "phrase", "more than one word")
        bit = BY_ID[lexicon_id]["bit"] if lexicon_id in BY_ID else 0
        return self.classify(shown, k, lexicon_id, name, bit, proper_nouns)

    def classify(self, shown, k, lexicon_id, name, bit, proper_nouns) -> dict:
        entry = self.entry(k)
        also = [lex["id"] for lex in LEXICONS if entry["w"] & lex["bit"] and lex["id"] != lexicon_id]
        if entry["w"] & bit:
            return verdict(shown, lexicon_id, True, "word", f"in {name}", also_in=also)
        if entry["p"]:
            form = (entry["forms"] or [shown])[0]
            ok = proper_nouns and bool(entry["p"] & bit)
            reason = f"proper noun ({form})" + ("" if ok or entry["p"] & bit or not bit else f", not in {name}")
            return verdict(shown, lexicon_id, ok, "proper noun", reason, proper_noun=True, also_in=also)
        kind = self.kind_of(k, entry)
        if kind:
            return verdict(shown, lexicon_id, False, kind, kind, also_in=also)
        return verdict(shown, lexicon_id, False, "unknown", f"not in {name}", also_in=also)

    def kind_of(self, k: str, entry: dict) -> str | None:
        """Contraction, possessive, abbreviation, hyphenated, or None for a plain non-word."""
        if entry["c"]:
            return "contraction"
        if k.endswith("'s") and (self.entry(k[:-2])["w"] or self.entry(k[:-2])["p"]):
            return "possessive"
        if "'" in k:
            return "contains an apostrophe"
        if entry["a"] or "." in k:
            return "abbreviation"
        if "-" in k:
            return "hyphenated"
        return None


def parse_word_list(data: bytes, *, max_bytes: int = MAX_UPLOAD_BYTES,
                    max_words: int = MAX_UPLOAD_WORDS) -> set[str]:
    """The words of an uploaded plain-text list (one per line), as lookup keys.

    Raises ValueError with a message for the host when the file is too big, binary,
    or holds no usable word. Blank lines, ``#`` comments and lines that are not a
    single word (digits, symbols, several words) are skipped.
    """
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError("The word list must be uploaded as a file.")
    if len(data) > max_bytes:
        raise ValueError(f"The word list is too big ({len(data):,} bytes); the limit is {max_bytes:,} bytes.")
    text = decode_text(bytes(data))
    words = set()
    for line in text.splitlines():
        word = tidy(line)
        if not word or word.startswith("#") or " " in word or refusal(word):
            continue
        words.add(key(word))
        if len(words) > max_words:
            raise ValueError(f"The word list has more than {max_words:,} words; that is the limit.")
    if not words:
        raise ValueError("No words found in that file: it should be plain text with one word per line.")
    return words


def decode_text(data: bytes) -> str:
    """UTF-8 (or Latin-1) text; refuse anything that looks like a binary file."""
    if b"\x00" in data:
        raise ValueError("That file is not a plain-text word list (it looks like a binary file, "
                         "e.g. a PDF, picture or word-processor document). Save it as .txt with one word per line.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\r\n\f")
    if controls > max(2, len(text) // 1000):
        raise ValueError("That file is not a plain-text word list (it contains binary data). "
                         "Save it as .txt with one word per line.")
    return text
