"""An in-memory lexicon with the same methods as ``Dictionaries``, for tests of games and screens."""

from __future__ import annotations

from referee.lexicon.normal import key, refusal, tidy


class FakeLexicon:
    """FakeLexicon(words={"cat"}, proper_nouns={"Paris"}, synonyms=[("big", "large")], antonyms=[("hot", "cold")])"""

    def __init__(self, words=(), *, proper_nouns=(), synonyms=(), antonyms=(), definitions=None,
                 lexicon_id="fake"):
        self.words = {key(w) for w in words}
        self.proper = {key(w): w for w in proper_nouns}
        self.synonyms = {frozenset(map(key, pair)) for pair in synonyms}
        self.antonyms = {frozenset(map(key, pair)) for pair in antonyms}
        self.definitions = {key(w): gloss for w, gloss in (definitions or {}).items()}
        self.lexicon_id = lexicon_id

    def lexicons(self) -> list[dict]:
        return [{"id": self.lexicon_id, "name": "Test list", "description": "a fake for tests",
                 "word_count": len(self.words), "proper_noun_count": len(self.proper), "upload": False}]

    def check(self, word, lexicon_id=None, *, proper_nouns=False, extra_words=None) -> dict:
        shown, lexicon_id = tidy(word), lexicon_id or self.lexicon_id
        base = {"word": shown[:80], "lexicon": lexicon_id, "proper_noun": False, "also_in": []}
        refused = refusal(shown)
        k = key(shown)
        if refused:
            return {**base, "valid": False, "kind": "bad input", "reason": refused}
        if k in self.words or (extra_words and k in extra_words):
            return {**base, "valid": True, "kind": "word", "reason": "in Test list"}
        if k in self.proper:
            return {**base, "valid": bool(proper_nouns), "proper_noun": True, "kind": "proper noun",
                    "reason": f"proper noun ({self.proper[k]})"}
        return {**base, "valid": False, "kind": "unknown", "reason": "not in Test list"}

    def define(self, word) -> list[dict]:
        gloss = self.definitions.get(key(tidy(word)))
        return [{"synset": "fake", "pos": "noun", "gloss": gloss, "examples": [], "synonyms": [],
                 "lemma": key(tidy(word))}] if gloss else []

    def thesaurus(self, word) -> dict:
        k = key(tidy(word))
        synonyms = sorted(w for pair in self.synonyms if k in pair for w in pair if w != k)
        antonyms = sorted(w for pair in self.antonyms if k in pair for w in pair if w != k)
        senses = [{"synset": "fake", "pos": "noun", "gloss": "", "examples": [], "lemma": k,
                   "synonyms": synonyms, "antonyms": antonyms, "similar": [], "indirect_antonyms": []}]
        return {"word": tidy(word)[:80], "found": bool(synonyms or antonyms), "senses": senses}

    def relation(self, key_word, candidate) -> dict:
        pair = frozenset((key(tidy(key_word)), key(tidy(candidate))))
        verdict = "synonym" if pair in self.synonyms else "antonym" if pair in self.antonyms else "neither"
        return {"key": tidy(key_word), "candidate": tidy(candidate), "relation": verdict,
                "indirect": False, "sense": None, "evidence": f"test thesaurus: {verdict}"}

    def answer(self, request: dict, options: dict | None = None, extra_words=None, *, lexicon=None):
        from referee.lexicon import answer_with
        return answer_with(self, request, options, extra_words, lexicon=lexicon or self.lexicon_id)
