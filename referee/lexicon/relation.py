"""Synonym / antonym / neither: the Word Power ruling, with the WordNet sense behind it.

Checks, in order (the first that finds a link wins):

1. synonym — key and candidate share a sense (synset);
2. antonym — a direct WordNet antonym link from the key word to the candidate
   (``indirect: False``), or to a word that shares a sense with the candidate
   (``indirect: True``, "through its synonym ...");
3. synonym, indirect — an adjective sense of the candidate is "similar to" one of the key;
   or listed under its "see also";
4. antonym, indirect — adjective clusters: a satellite sense of one word is similar to a
   head sense whose direct antonym is (or is similar to) a sense of the other word, or
   reaches it through WordNet's "see also" (happy -> unhappy <- see also <- sad).
"""

from __future__ import annotations

from referee.lexicon.normal import tidy


def sense_of(synset: dict) -> dict:
    return {"synset": synset["id"], "pos": synset["pos"], "gloss": synset["definition"],
            "words": synset["words"]}


def quote(synset: dict) -> str:
    return f"({synset['pos']}) \u201c{synset['definition']}\u201d"


def shared_sense(wn, key_senses, cand, names):
    for sid, _ in key_senses:
        if sid in cand:
            synset = wn.synset(sid)
            return {"relation": "synonym", "indirect": False, "sense": sense_of(synset),
                    "evidence": f"'{names[0]}' and '{names[1]}' share the sense {quote(synset)}."}
    return None


def direct_antonym(wn, key_senses, cand, names):
    fallback = None
    for sid, lemma in key_senses:
        synset = wn.synset(sid)
        words = synset["keys"]
        position = words.index(lemma) + 1 if lemma in words else 0
        for source, target, target_id in synset["antonyms"]:
            if target_id not in cand:
                continue
            opposite = wn.synset(target_id)
            word = opposite["words"][target - 1]
            if source == position and opposite["keys"][target - 1] == cand[target_id]:
                return {"relation": "antonym", "indirect": False, "sense": sense_of(synset),
                        "evidence": f"WordNet lists '{names[1]}' as a direct antonym of '{names[0]}' "
                                    f"{quote(synset)}; opposite sense {quote(opposite)}."}
            if fallback is None:
                via = f"'{synset['words'][source - 1]}' \u2194 '{word}'"
                fallback = {"relation": "antonym", "indirect": True, "sense": sense_of(synset),
                            "evidence": f"Indirect antonym through synonyms: WordNet links {via} as "
                                        f"antonyms; '{names[0]}' shares the sense {quote(synset)} and "
                                        f"'{names[1]}' shares the opposite sense {quote(opposite)}."}
    return fallback


def similar_sense(wn, key_senses, cand, names):
    for sid, _ in key_senses:
        synset = wn.synset(sid)
        for link, others in (("as similar to", synset["similar"]), ("under \u201csee also\u201d for", synset["see_also"])):
            for other in others:
                if other in cand:
                    similar = wn.synset(other)
                    return {"relation": "synonym", "indirect": True, "sense": sense_of(synset),
                            "evidence": f"Indirect synonym: WordNet lists the sense of '{names[1]}' "
                                        f"{quote(similar)} {link} the sense of '{names[0]}' {quote(synset)}."}
    return None


def heads(wn, synset: dict) -> list[dict]:
    """The head senses of an adjective cluster that ``synset`` belongs to."""
    if synset["pos"] != "adjective":
        return []
    if not synset["satellite"]:
        return [synset]
    return [wn.synset(h) for h in synset["similar"]]


def candidate_heads(wn, cand) -> dict:
    """{head id: (candidate sense id, how)} over the candidate's adjective clusters and their "see also"."""
    found = {}
    for cid in cand:
        for head in heads(wn, wn.synset(cid)):
            found.setdefault(head["id"], (cid, ""))
    for head_id, (cid, _) in list(found.items()):
        for also in wn.synset(head_id)["see_also"]:
            for head in heads(wn, wn.synset(also)):
                found.setdefault(head["id"], (cid, f" (via WordNet\u2019s \u201csee also\u201d from '{names_of(wn, head_id)}')"))
    return found


def names_of(wn, synset_id) -> str:
    return ", ".join(wn.synset(synset_id)["words"][:3])


def cluster_antonym(wn, key_senses, cand, names):
    cand_heads = candidate_heads(wn, cand)
    for sid, _ in key_senses:
        synset = wn.synset(sid)
        for head in heads(wn, synset):
            for source, target, target_id in head["antonyms"]:
                if target_id in cand_heads:
                    opposite = wn.synset(target_id)
                    found_id, how = cand_heads[target_id]
                    found = wn.synset(found_id)
                    chain = (f"'{head['words'][source - 1]}' {quote(head)} is the direct antonym of "
                             f"'{opposite['words'][target - 1]}' {quote(opposite)}")
                    return {"relation": "antonym", "indirect": True, "sense": sense_of(synset),
                            "evidence": f"Indirect antonym through similar adjectives: {chain}; "
                                        f"'{names[0]}' {quote(synset)} and '{names[1]}' {quote(found)}{how} "
                                        f"belong to those two opposite clusters."}
    return None


FINDERS = (shared_sense, direct_antonym, similar_sense, cluster_antonym)


def relation(wn, key_word, candidate) -> dict:
    """{"relation": "synonym"|"antonym"|"neither", "evidence", "sense", "indirect", "key", "candidate"}"""
    names = (tidy(key_word)[:80], tidy(candidate)[:80])
    result = {"key": names[0], "candidate": names[1], "relation": "neither",
              "indirect": False, "sense": None}
    lemmas = (wn.lookup_key(key_word), wn.lookup_key(candidate))
    for name, lemma in zip(names, lemmas):
        if not lemma:
            return {**result, "evidence": f"'{name}' is not a word that can be looked up."}
    if lemmas[0] == lemmas[1]:
        return {**result, "evidence": f"'{names[0]}' and '{names[1]}' are the same word."}
    key_senses, cand_senses = wn.senses(lemmas[0]), wn.senses(lemmas[1])
    for name, senses in zip(names, (key_senses, cand_senses)):
        if not senses:
            return {**result, "evidence": f"'{name}' is not in the thesaurus (WordNet 3.0)."}
    cand = {sid: lemma for sid, lemma in cand_senses}
    for finder in FINDERS:
        found = finder(wn, key_senses, cand, names)
        if found:
            return {**result, **found}
    return {**result, "evidence": f"WordNet gives {len(key_senses)} sense(s) of '{names[0]}' and "
                                  f"{len(cand_senses)} of '{names[1]}' and links none of them as "
                                  f"synonyms or antonyms."}
