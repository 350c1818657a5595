"""Regenerate ``dictionaries/`` from the Debian packages scowl, wamerican, wbritish, wordnet-base.

Run ``python scripts/build_dictionaries.py`` (see dictionaries/README.md). The output is
deterministic: the same packages give byte-identical files.
"""

from __future__ import annotations

import re
import shutil
from collections import defaultdict
from pathlib import Path

from referee.lexicon.catalog import LEXICONS, SCOWL_LEVELS
from referee.lexicon.normal import key
from referee.lexicon.table import write_table

SCOWL = Path("/usr/share/dict/scowl")
WORDNET = Path("/usr/share/wordnet")
DOCS = Path("/usr/share/doc")
OUT = Path(__file__).resolve().parents[2] / "dictionaries"
PROPER_LEVEL = 50  # proper nouns come from at least SCOWL size 50, even for the junior list
CATEGORIES = ("words", "upper", "proper-names", "abbreviations", "contractions")
POS_FILES = (("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv"))
MASK_FIELDS = ("w", "p", "a", "c")  # game word, proper noun, abbreviation, contraction


def scowl_lines(spelling: str, category: str, level: int):
    path = SCOWL / f"{spelling}-{category}.{level}"
    if not path.exists():
        return []
    return path.read_text(encoding="utf-8").split()


def classify(form: str, category: str) -> str | None:
    """Which mask a SCOWL entry sets; None for possessives (the lookup derives those)."""
    if form.endswith("'s") and category != "contractions":
        return None
    if category == "contractions" or "'" in form:
        return "c"
    if form in ("I", "O"):          # the pronoun and the interjection: words, however they are written
        return "w"
    if category == "abbreviations" or form.isupper() or "." in form:
        return "a"
    if category in ("upper", "proper-names") or form[:1].isupper():
        return "p" if form[1:] == form[1:].lower() or category != "words" else "a"
    if "-" in form:
        return None
    return "w"


def collect_words():
    """{key: {"w": mask, "p": mask, "a": mask, "c": mask, "forms": set}} over all lexicons."""
    entries = defaultdict(lambda: {"w": 0, "p": 0, "a": 0, "c": 0, "forms": set()})
    for lexicon in LEXICONS:
        for spelling in lexicon["spellings"]:
            for level in (lvl for lvl in SCOWL_LEVELS if lvl <= max(lexicon["level"], PROPER_LEVEL)):
                for category in CATEGORIES:
                    for form in scowl_lines(spelling, category, level):
                        mask = classify(form, category)
                        if mask is None or (level > lexicon["level"] and mask != "p"):
                            continue
                        entry = entries[key(form)]
                        entry[mask] |= lexicon["bit"]
                        if mask != "w" and form != key(form):
                            entry["forms"].add(form)
    return entries


def build_words() -> dict:
    entries = collect_words()
    counts = {lex["id"]: sum(1 for e in entries.values() if e["w"] & lex["bit"]) for lex in LEXICONS}
    proper = {lex["id"]: sum(1 for e in entries.values() if e["p"] & lex["bit"]) for lex in LEXICONS}
    rows = []
    for word, entry in entries.items():
        masks = ",".join(format(entry[field], "x") for field in MASK_FIELDS)
        forms = " ".join(sorted(entry["forms"])[:4])
        rows.append((word, f"{masks}|{forms}" if forms else masks))
    longest = max(len(word) for word in entries)
    size = write_table(OUT / "words.tbl", rows, block_size=64,
                       meta={"counts": counts, "proper_nouns": proper, "longest": longest,
                             "source": "SCOWL 2020.12.07 (Debian scowl)"})
    return {"file": "words.tbl", "size": size, "entries": len(rows), "counts": counts,
            "proper_nouns": proper}


WORD_RE = re.compile(r"\((?:a|p|ip)\)$")


def parse_synset(line: str, file_pos: str):
    """One data.<pos> line -> (id, value) for the synset table."""
    head, _, gloss = line.partition(" | ")
    fields = head.split()
    offset, ss_type, count = fields[0], fields[2], int(fields[3], 16)
    lemmas = [WORD_RE.sub("", fields[4 + 2 * i]).replace("_", " ") for i in range(count)]
    at = 4 + 2 * count
    pointers = int(fields[at])
    antonyms, similar, see_also = [], [], []
    for i in range(pointers):
        symbol, target, pos, numbers = fields[at + 1 + 4 * i: at + 5 + 4 * i]
        target_id = ("a" if pos == "s" else pos) + target
        if symbol == "!":
            antonyms.append(f"{int(numbers[:2], 16)}:{int(numbers[2:], 16)}:{target_id}")
        elif symbol == "&":
            similar.append(target_id)
        elif symbol == "^" and ss_type in "as":
            see_also.append(target_id)
    value = "\t".join([ss_type, "|".join(lemmas), " ".join(antonyms), " ".join(similar),
                       " ".join(dict.fromkeys(see_also)), " ".join(gloss.split())])
    return file_pos + offset, value


def build_wordnet() -> list[dict]:
    synsets, lemmas, exceptions = [], defaultdict(list), defaultdict(list)
    for pos, name in POS_FILES:
        for line in (WORDNET / f"data.{name}").read_text(encoding="utf-8").splitlines():
            if line and not line.startswith(" "):
                synsets.append(parse_synset(line, pos))
        for line in (WORDNET / f"index.{name}").read_text(encoding="utf-8").splitlines():
            if line and not line.startswith(" "):
                fields = line.split()
                sense_count = int(fields[2])
                ids = [pos + offset for offset in fields[-sense_count:]]
                lemmas[fields[0].replace("_", " ")].extend(ids)
        for line in (WORDNET / f"{name}.exc").read_text(encoding="utf-8").splitlines():
            form, *bases = line.split()
            exceptions[form.replace("_", " ")].extend(f"{pos}:{b.replace('_', ' ')}" for b in bases)
    meta = {"source": "WordNet 3.0 (Debian wordnet-base)"}
    made = []
    for name, rows, block in (("wordnet-synsets.tbl", synsets, 32),
                              ("wordnet-lemmas.tbl", [(k, " ".join(v)) for k, v in lemmas.items()], 64),
                              ("wordnet-exceptions.tbl", [(k, " ".join(v)) for k, v in exceptions.items()], 64)):
        size = write_table(OUT / name, rows, block_size=block, meta={**meta, "count": len(rows)})
        made.append({"file": name, "size": size, "entries": len(rows)})
    return made


def copy_licences() -> list[str]:
    copied = []
    for package in ("scowl", "wamerican", "wbritish", "wordnet-base"):
        source = DOCS / package / "copyright"
        if source.exists():
            target = OUT / "licences" / f"{package}.copyright"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            copied.append(target.name)
    return copied


def build(verbose: bool = True) -> dict:
    """Regenerate every file; return a summary (sizes, counts) for the README."""
    missing = [str(p) for p in (SCOWL, WORDNET) if not p.is_dir()]
    if missing:
        raise SystemExit(f"missing {', '.join(missing)}: apt-get install scowl wordnet-base")
    OUT.mkdir(exist_ok=True)
    summary = {"words": build_words(), "wordnet": build_wordnet(), "licences": copy_licences()}
    if verbose:
        print(summary)
    return summary


if __name__ == "__main__":
    build()
