"""Scoring a round: word points, challenge losses, unused cards, longest-word and most-words bonuses."""

from . import rules
from .cards import letters, word_points


def counts(word: dict) -> bool:
    """A word scores and counts for the bonuses unless a challenge found it not allowable."""
    challenge = word.get("challenge")
    return challenge is None or challenge["valid"]


def word_rows(state: dict, entry: dict) -> list[dict]:
    """Each laid word with its points and whether it counts."""
    return [{"word": letters(w["cards"]), "cards": list(w["cards"]), "points": word_points(state["cards"], w["cards"]),
             "counts": counts(w), "challenge": w.get("challenge"), "ways": w.get("ways")} for w in entry["words"]]


def sole_best(values: dict) -> str | None:
    """The one key with the highest positive value; a tie (or nothing) gives nobody."""
    best = max(values.values(), default=0)
    leaders = [k for k, v in values.items() if v == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def challenger_losses(state: dict, rnd: dict) -> dict:
    """Points each challenger loses for challenging words that were allowable."""
    lost = {key: 0 for key in rnd["entries"]}
    for entry in rnd["entries"].values():
        for w in entry["words"]:
            ch = w.get("challenge")
            if ch is not None and ch["valid"]:
                lost[str(ch["by"])] += word_points(state["cards"], w["cards"])
    return lost


def tally(state: dict, rnd: dict) -> dict:
    """The round's result per seat (string keys) plus who took each bonus."""
    rows = {key: word_rows(state, entry) for key, entry in rnd["entries"].items()}
    longest = {key: max((len(r["word"]) for r in rs if r["counts"]), default=0) for key, rs in rows.items()}
    most = {key: sum(1 for r in rs if r["counts"]) for key, rs in rows.items()}
    longest_winner = sole_best(longest) if rules.longest_bonus(state) else None
    most_winner = sole_best(most) if rules.most_words_bonus(state) else None
    lost_challenging = challenger_losses(state, rnd)
    seats = {}
    for key, rs in rows.items():
        earned = sum(r["points"] for r in rs if r["counts"])
        refused = sum(r["points"] for r in rs if not r["counts"])
        unused = word_points(state["cards"], rnd["entries"][key]["unused"]) if rules.unused_subtracted(state) else 0
        bonus_longest = rules.longest_bonus(state) if key == longest_winner else 0
        bonus_most = rules.most_words_bonus(state) if key == most_winner else 0
        total = earned - refused - lost_challenging[key] - unused + bonus_longest + bonus_most
        seats[key] = {"words": rs, "word_points": earned, "lost_words": refused,
                      "lost_challenging": lost_challenging[key], "unused_points": unused,
                      "longest": longest[key], "bonus_longest": bonus_longest,
                      "word_count": most[key], "bonus_most": bonus_most, "total": total}
    return {"seats": seats,
            "longest_winner": None if longest_winner is None else int(longest_winner),
            "most_words_winner": None if most_winner is None else int(most_winner)}


def new_scores(state: dict, result: dict) -> dict:
    """Running scores after adding a round (never below zero when the floor option is on)."""
    scores = {}
    for key, old in state["scores"].items():
        score = old + result["seats"][key]["total"]
        scores[key] = max(0, score) if rules.floor_at_zero(state) else score
    return scores
