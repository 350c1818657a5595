"""Dictionary look-ups as JSON: word lists, word verdicts, thesaurus, synonym/antonym rulings."""

from flask import Blueprint, jsonify, request

from .. import lexicon
from ..engine.errors import BadAction

bp = Blueprint("lookup", __name__, url_prefix="/api")


def flag(name: str) -> bool:
    return request.args.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def chosen_lexicon() -> str:
    wanted = request.args.get("lexicon", lexicon.DEFAULT_LEXICON).strip() or lexicon.DEFAULT_LEXICON
    if wanted not in lexicon.LEXICON_IDS:
        raise BadAction(f"There is no dictionary called '{wanted[:40]}'; choose one of "
                        f"{', '.join(lexicon.LEXICON_IDS)}.")
    return wanted


@bp.get("/lexicons")
def lexicons():
    """The word lists a table can choose, with word counts."""
    return jsonify(lexicons=lexicon.lexicons(), default=lexicon.DEFAULT_LEXICON)


@bp.get("/words/")
@bp.get("/words/<path:word>")
def word(word=None):
    """Verdict on one word; definitions too unless ?definitions=0 (challenge mode: verdict first)."""
    typed = word if word is not None else request.args.get("word", "")
    verdict = lexicon.check(typed, chosen_lexicon(), proper_nouns=flag("proper_nouns"))
    if request.args.get("definitions", "1") != "0":
        verdict["definitions"] = lexicon.define(typed) if verdict["kind"] != "bad input" else []
    return jsonify(verdict)


@bp.get("/thesaurus/")
@bp.get("/thesaurus/<path:word>")
def thesaurus(word=None):
    """Synonyms, antonyms, similar words and indirect antonyms, sense by sense."""
    return jsonify(lexicon.thesaurus(word if word is not None else request.args.get("word", "")))


@bp.get("/relation")
def relation():
    """Synonym, antonym or neither, with the sense and gloss behind it."""
    key, candidate = request.args.get("key", ""), request.args.get("candidate", "")
    if not key.strip() or not candidate.strip():
        raise BadAction("Give two words: /api/relation?key=hot&candidate=cold")
    return jsonify(lexicon.relation(key, candidate))
