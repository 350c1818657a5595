"""The "Check a word" screen: a verdict readable across the table, the evidence on a tap."""

from flask import Blueprint, request

from .. import games, lexicon, store
from ..engine.errors import RefereeError
from ..lexicon.normal import refusal, tidy
from ..lookups import table_words
from . import limits
from .htmx import page_or_region

bp = Blueprint("check", __name__)

MODES = {"challenge": "Challenge: verdict first, definitions on request",
         "open": "Open: definitions one tap away"}
SHOWN = 60          # characters of what was typed echoed back in forms and messages
MAX_SENSES = 12     # senses listed before "and N more"
RELATION_REGION = "relation-result"


def typed(name: str) -> str | None:
    """A query field as typed (None when absent), cut short so a 10,000-character paste stays harmless."""
    value = request.args.get(name)
    return None if value is None else value[:2000]


def flag(name: str) -> bool | None:
    value = request.args.get(name, "").strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    return None


def table_setting(code: str | None) -> dict:
    """The table behind ?table=: its code, its game's lexicon and proper-noun option, its own words."""
    setting = {"code": None, "lexicon": None, "proper_nouns": False, "words": set(), "notice": None}
    if not code or not code.strip():
        return setting
    if limits.window("codes").full(limits.client()):    # ?table= must not become a way to guess codes
        return {**setting, "notice": "Too many wrong table codes from this device: wait ten minutes and try again."}
    try:
        table = store.load(code[:40])
    except RefereeError as error:
        limits.wrong_code()
        return {**setting, "notice": error.message}
    game_row = store.current_game(table)
    wanted = (game_row.options or {}).get("lexicon")
    return {**setting, "code": table.code, "words": table_words(table),
            "lexicon": wanted if wanted in lexicon.LEXICON_IDS else None,
            "proper_nouns": proper_nouns_allowed(game_row)}


def proper_nouns_allowed(game_row) -> bool:
    """The game's proper_nouns option: True/"yes", or "rules" as the game's own rules.proper_nouns(state) says."""
    value = (game_row.options or {}).get("proper_nouns")
    if value in (True, "yes"):
        return True
    ruling = getattr(getattr(games.get(game_row.slug), "rules", None), "proper_nouns", None)
    if value == "rules" and callable(ruling):
        try:
            return bool(ruling(game_row.state))
        except (KeyError, TypeError, ValueError):
            return False
    return False


def choices(own_words: set) -> list[dict]:
    """The lists offered in the form; the table's own list only when the table has one."""
    return [lex for lex in lexicon.lexicons() if not lex["upload"] or own_words]


def chosen(setting: dict, offered: list[dict]) -> tuple[str, str | None]:
    """(lexicon id, error message or None): ?lexicon= if offered, else the table's, else standard."""
    ids = [lex["id"] for lex in offered]
    fallback = setting["lexicon"] if setting["lexicon"] in ids else lexicon.DEFAULT_LEXICON
    asked = (request.args.get("lexicon") or "").strip()
    if not asked or asked in ids:
        return asked or fallback, None
    if asked == "own":
        return fallback, "This table has no word list of its own yet (the host can upload one on the table screen)."
    return fallback, (f"There is no dictionary called \u2018{tidy(asked)[:40]}\u2019; "
                      f"choose one of: {', '.join(lex['name'] for lex in offered)}.")


REASONS = {
    "abbreviation": "Abbreviation: abbreviations do not count.",
    "contraction": "Contraction: words with an apostrophe do not count.",
    "possessive": "Possessive (’s): only the plain word counts.",
    "contains an apostrophe": "Contains an apostrophe: not a game word.",
    "hyphenated": "Hyphenated: words with a hyphen do not count.",
    "phrase": "More than one word: check one word at a time.",
}


def explain(verdict: dict, lexicon_name: str) -> str:
    """One sentence for the reason under the verdict."""
    kind, reason = verdict["kind"], verdict["reason"]
    if kind == "proper noun":
        name = reason.split("(", 1)[-1].split(")", 1)[0] if "(" in reason else verdict["word"]
        return (f"Proper noun ({name}), allowed here." if verdict["valid"] else
                f"Proper noun ({name}): names are not allowed." if "not in" not in reason else
                f"Proper noun ({name}), and not in {lexicon_name}.")
    if verdict["valid"]:
        return reason[0].upper() + reason[1:] + "."
    return REASONS.get(kind, "No such word in this list.")


def word_result(word: str, lexicon_id: str, setting: dict, mode: str) -> dict:
    """The verdict, and the evidence when it may be shown (challenge mode: only after ?show=1)."""
    proper = flag("proper_nouns")
    verdict = lexicon.check(word, lexicon_id, proper_nouns=setting["proper_nouns"] if proper is None else proper,
                            extra_words=setting["words"] or None)
    names = {lex["id"]: lex["name"] for lex in lexicon.lexicons()}
    result = {"verdict": verdict, "shown": None, "senses": [], "more": 0, "lemma": None,
              "why": explain(verdict, names.get(lexicon_id, lexicon_id)),
              "also_in": [names[i] for i in verdict["also_in"] if i in names]}
    if verdict["kind"] == "bad input":
        return result
    show = mode == "open" or flag("show") is True
    result["shown"] = show
    if show and " " not in verdict["word"]:
        senses = lexicon.thesaurus(word)["senses"]
        result.update(senses=senses[:MAX_SENSES], more=max(0, len(senses) - MAX_SENSES))
        lemmas = {s["lemma"] for s in senses if s.get("lemma")}
        if lemmas and verdict["word"].lower() not in lemmas:
            result["lemma"] = ", ".join(sorted(lemmas))
    return result


def relation_result(key: str, candidate: str) -> dict:
    """Synonym / antonym / neither with its sense, or the reason the pair cannot be ruled on."""
    for label, word in (("key word", key), ("candidate", candidate)):
        why = refusal(tidy(word))
        if why:
            return {"error": f"The {label} \u2018{tidy(word)[:SHOWN]}\u2019 cannot be looked up: {why}."}
    ruling = lexicon.relation(key, candidate)
    how = None
    if ruling["indirect"]:
        evidence = ruling["evidence"]
        how = ("indirect antonym via similar adjectives" if "similar adjectives" in evidence else
               "indirect antonym through synonyms" if ruling["relation"] == "antonym" else
               "indirect synonym: a similar sense")
    return {"error": None, "ruling": ruling, "how": how}


@bp.get("/check")
def check():
    """Check a word against a dictionary, or rule on a synonym/antonym pair."""
    setting = table_setting(request.args.get("table"))
    offered = choices(setting["words"])
    lexicon_id, problem = chosen(setting, offered)
    wanted_mode = request.args.get("mode", "")
    mode = wanted_mode if wanted_mode in MODES else ("challenge" if setting["code"] else "open")
    word, key, candidate = typed("word"), typed("key"), typed("candidate")
    context = {
        "setting": setting, "offered": offered, "lexicon_id": lexicon_id, "modes": MODES, "mode": mode,
        "lexicon_name": next(lex["name"] for lex in offered if lex["id"] == lexicon_id),
        "problem": problem, "word": (word or "")[:SHOWN], "key": (key or "")[:SHOWN],
        "candidate": (candidate or "")[:SHOWN], "result": None, "relation": None,
    }
    if word is not None and problem is None:
        context["result"] = word_result(word, lexicon_id, setting, mode)
    if key is not None or candidate is not None:
        context["relation"] = (relation_result(key or "", candidate or "") if (key or "").strip()
                               and (candidate or "").strip() else {"error": "Type two words: a key word and a candidate."})
    target = request.headers.get("HX-Target", "")
    region = "check/_relation.html" if target == RELATION_REGION else "check/_verdict.html"
    response = page_or_region("check/page.html", region, **context)
    if problem:
        response.status_code = 400
    return response
