"""Read-only views: standings, outcome, log lines, dictionary look-ups, and what a viewer may do now."""

from referee.engine.errors import RefereeError
from referee.engine.outcome import outcome_from_places, places
from referee.engine.turns import name

from . import rules
from .cards import letters, spelled, text_ways, typed, word_cards, word_points
from .rounds import ready_to_confirm, seat_of, verdict_of, word_at
from .tally import new_scores, tally


def round_preview(state: dict) -> dict | None:
    """The open round scored as entered so far, with the scores it would give (None outside a round)."""
    if state.get("round") is None:
        return None
    result = tally(state, state["round"])
    return {**result, "scores": new_scores(state, result)}


def confirm_blocker(state: dict) -> str | None:
    """Why the open round cannot be confirmed yet (None when it can, or outside a round)."""
    if state.get("round") is None:
        return None
    try:
        ready_to_confirm(state)
    except RefereeError as error:
        return error.message
    return None


def latest_ruling(state: dict) -> dict | None:
    """The most recent challenge of the open round: {"player", "index", "word", "cards", "points", "challenge"}."""
    if state.get("round") is None:
        return None
    ruled = [(w["challenge"].get("at", 0), n, int(key), i, w)
             for n, (key, e) in enumerate(state["round"]["entries"].items())
             for i, w in enumerate(e["words"]) if w.get("challenge") is not None]
    if not ruled:
        return None
    _, _, player, index, word = max(ruled, key=lambda r: (r[0], r[1], r[3]))
    return {"player": player, "index": index, "word": letters(word["cards"]), "cards": list(word["cards"]),
            "points": word_points(state["cards"], word["cards"]), "challenge": word["challenge"]}


def solitaire_points(state: dict) -> int:
    return sum(w["points"] for w in state["solitaire"]["words"])


def standings(state: dict) -> list[dict]:
    if state["solitaire"] is not None:
        sol, seat = state["solitaire"], state["players"][0]["seat"]
        detail = f"{len(sol['words'])} words, {sol['cards_left']} of {rules.SOLITAIRE_CARDS} cards left"
        return [{"seat": seat, "name": name(state, seat), "score": solitaire_points(state), "place": 1, "detail": detail}]
    scores = {p["seat"]: state["scores"][str(p["seat"])] for p in state["players"]}
    place_of = places(scores)
    played, total = len(state["history"]), len(rules.deals(state))
    rows = []
    for seat, score in scores.items():
        last = state["history"][-1]["result"]["seats"][str(seat)]["total"] if state["history"] else None
        detail = f"after {played} of {total} rounds" + (f"; last round {last:+d}" if last is not None else "")
        rows.append({"seat": seat, "name": name(state, seat), "score": score, "place": place_of[seat], "detail": detail})
    rows.sort(key=lambda r: (r["place"], r["name"]))
    return rows


def outcome(state: dict) -> dict | None:
    if state["phase"] != "over":
        return None
    if state["solitaire"] is not None:
        sol, seat = state["solitaire"], state["players"][0]["seat"]
        who = name(state, seat)
        summary = (f"{who} used all {rules.SOLITAIRE_CARDS} cards and wins!" if sol["won"]
                   else f"{who} stopped with {sol['cards_left']} cards left.")
        return {"winners": [seat] if sol["won"] else [], "places": {str(seat): 1}, "summary": summary}
    rows = standings(state)
    winners = [r["name"] for r in rows if r["place"] == 1]
    top = rows[0]["score"]
    summary = (f"{winners[0]} wins with {top}." if len(winners) == 1
               else f"{' and '.join(winners)} share the win with {top}.")
    return outcome_from_places({r["seat"]: r["place"] for r in rows}, summary)


def view(state: dict, seat, host: bool) -> dict:
    """Nothing is secret: words are laid face up and hands stay on the table."""
    return state


def lookup_needs(state: dict, action: dict) -> dict:
    """Ask the table's dictionary about a challenged word (or a Solitaire word)."""
    word = looked_up_word(state, action)
    if word is None:
        return {}
    return {"verdict": {"word": word, "proper_nouns": rules.proper_nouns(state)}}


def looked_up_word(state: dict, action: dict) -> str | None:
    """The word `apply` will judge, read with the very same parsers (so a client can never slip its
    own verdict past the dictionary by writing the index in a way only `apply` understands)."""
    try:
        if action.get("type") == "challenge" and state.get("round"):
            return letters(word_at(state, seat_of(state, action, "player"), action)["cards"])
        if action.get("type") == "solitaire_word" and state.get("solitaire"):
            return letters(word_cards(action, state["cards"]))
    except (KeyError, IndexError, ValueError, TypeError, RefereeError):
        return None
    return None


def seat_actions(state: dict, seat) -> list[str]:
    rnd = state["round"]
    mine = rnd["entries"].get(str(seat), {"words": []})["words"] if seat is not None else []
    acts = ["word", "unused"]
    if any(w["challenge"] is None for w in mine):
        acts += ["edit_word", "remove_word"]
    elif any(w.get("ways") for w in mine):
        acts.append("edit_word")
    if rnd["went_out"] is None:
        acts.append("went_out")
    others = [w for key, e in rnd["entries"].items() if key != str(seat) for w in e["words"]]
    if any(w["challenge"] is None for w in others):
        acts.append("challenge")
    return acts


def host_actions(state: dict) -> list[str]:
    acts = ["set_dealer", "set_card_value"]
    words = [w for e in state["round"]["entries"].values() for w in e["words"]]
    if any(w["challenge"] is not None for w in words):
        acts.append("overrule")
    if state["round"]["went_out"] is not None:
        acts.append("went_out")
    try:
        ready_to_confirm(state)
        acts.append("confirm_round")
    except RefereeError:
        pass
    return acts


def choices(state: dict, seat, host: bool) -> list[str]:
    """Action types this viewer may send now (the buttons to show)."""
    if state["phase"] == "over":
        return []
    if state["phase"] == "solitaire":
        acts = ["solitaire_word", "stuck"] if seat is not None or host else []
        return acts + (["set_card_value"] if host else [])
    acts = seat_actions(state, seat) if seat is not None or host else []
    if host:
        acts += [a for a in host_actions(state) if a not in acts]
    return acts


def who(before: dict, action: dict, field: str = "seat") -> str:
    try:
        return name(before, int(action[field]))
    except (KeyError, ValueError, TypeError, RefereeError):
        return "Someone"


def word_line(before: dict, cards: list) -> str:
    return f"{letters(cards).upper()} ({spelled(cards)}) for {word_points(before['cards'], cards)}"


def typed_ways(before: dict, action: dict) -> list:
    try:
        return text_ways(action, before["cards"]) if typed(action) else []
    except RefereeError:
        return []


def laid(before: dict, action: dict) -> list:
    try:
        return word_cards(action, before["cards"])
    except RefereeError:
        return []


def described_word(before: dict, action: dict) -> dict | None:
    try:
        return before["round"]["entries"][str(int(action["player" if "player" in action else "seat"]))]["words"][int(action["index"])]
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def describe_challenge(action: dict, before: dict) -> str:
    word = described_word(before, action)
    if word is None:
        return f"{who(before, action)} challenged a word"
    pts = word_points(before["cards"], word["cards"])
    ruling = verdict_of(before, action, letters(word["cards"]))
    shown = letters(word["cards"]).upper()
    if ruling["valid"]:
        return (f"{who(before, action)} challenged {who(before, action, 'player')}'s {shown}: it is a word"
                f" — {who(before, action)} loses {pts}")
    reason = f" ({ruling['reason']})" if ruling["reason"] else ""
    return (f"{who(before, action)} challenged {who(before, action, 'player')}'s {shown}: not allowed{reason}"
            f" — {who(before, action, 'player')} loses {pts}")


def describe_overrule(action: dict, before: dict) -> str:
    word = described_word(before, action)
    if word is None or word.get("challenge") is None:
        return "The host overruled a challenge"
    now_valid = not word["challenge"]["valid"]
    said = "allowed" if word["challenge"]["dictionary_valid"] else "not allowed"
    return (f"The host overruled: {who(before, action, 'player')}'s {letters(word['cards']).upper()} is now "
            f"{'allowed' if now_valid else 'not allowed'} (the dictionary said {said})")


def describe_confirm(before: dict) -> str:
    result = tally(before, before["round"])
    parts = ", ".join(f"{name(before, int(k))} {v['total']:+d}" for k, v in result["seats"].items())
    line = f"Round {before['round']['number']} confirmed: {parts}"
    if result["longest_winner"] is not None:
        line += f"; longest word bonus: {name(before, result['longest_winner'])}"
    if result["most_words_winner"] is not None:
        line += f"; most words bonus: {name(before, result['most_words_winner'])}"
    return line


def describe(action: dict, before: dict) -> str:
    kind = action.get("type")
    person = who(before, action)
    if kind == "word":
        ways = typed_ways(before, action)
        if len(ways) > 1:
            return f"{person} laid {letters(ways[0]).upper()} (which cards? {' or '.join(spelled(w) for w in ways)})"
        return f"{person} laid {word_line(before, laid(before, action))}"
    if kind == "edit_word":
        return f"{person} changed word {int(action['index']) + 1} to {word_line(before, laid(before, action))}"
    if kind == "remove_word":
        word = described_word(before, action)
        return f"{person} took back {letters(word['cards']).upper() if word else 'a word'}"
    if kind == "unused":
        cards = laid(before, {**action, "cards": action.get("cards") or []}) if action.get("cards") else []
        return f"{person} left {'-'.join(c.upper() for c in cards)} unused" if cards else f"{person} has no unused cards"
    if kind == "went_out":
        return f"{person} went out first"
    if kind == "set_dealer":
        return f"{person} deals round {before['round']['number']} ({before['round']['cards']} cards)"
    if kind == "challenge":
        return describe_challenge(action, before)
    if kind == "overrule":
        return describe_overrule(action, before)
    if kind == "confirm_round":
        return describe_confirm(before)
    if kind == "set_card_value":
        return f"The host set {str(action.get('face', '')).upper()} to {action.get('value')} points"
    if kind == "solitaire_word":
        cards = laid(before, action)
        return f"{person} made {word_line(before, cards)}; {before['solitaire']['cards_left'] - len(cards)} cards left"
    if kind == "stuck":
        return f"{person} could make no more words with {before['solitaire']['cards_left']} cards left"
    return str(kind)
