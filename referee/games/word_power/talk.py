"""Word Power: what each viewer sees and may do, standings, outcome, and the data the platform fills in."""

from referee.engine.outcome import outcome_from_places

from .cards import HAND, challengeable
from .table import dollars, names, place_of, plural, status


def standings(state: dict) -> list[dict]:
    place = place_of(state)
    rows = []
    for p in state["players"]:
        s = str(p["seat"])
        title = status(state, p["seat"])
        rows.append({"seat": p["seat"], "name": p["name"], "score": state["books"][s], "place": place[p["seat"]],
                     "cash": state["cash"][s], "books": state["books"][s], "status": title,
                     "detail": f"{plural(state['books'][s], 'book')}, {dollars(state['cash'][s])}"
                               + (f", {title}" if title else "")})
    rows.sort(key=lambda r: (r["place"], -r["cash"], r["name"]))
    return rows


def outcome(state: dict):
    if state["phase"] != "over":
        return None
    rows = [r for r in standings(state) if r["place"] == 1]
    best = rows[0]
    verb = "wins" if len(rows) == 1 else "win"
    summary = f"{names(state, [r['seat'] for r in rows])} {verb} with {best['detail']}."
    return outcome_from_places(place_of(state), summary)


def view(state: dict, seat, host: bool) -> dict:
    """Nothing in the state is secret: a card's answer enters it only after the betting is complete."""
    return state


def choices(state: dict, seat, host: bool) -> list[str]:
    if state["phase"] == "over":
        return []
    seats = [p["seat"] for p in state["players"]] if host else [seat]
    found = []
    for s in seats:
        found += [c for c in seat_choices(state, s) if c not in found]
    if host:
        found += host_choices(state)
    return found


def host_choices(state: dict) -> list[str]:
    found = ["royalty_chart"]
    if state["phase"] == "order":
        found.insert(0, "set_first")
        if state["options"]["decks"] == "family":
            found.insert(1, "assign_deck")
    return found


def seat_choices(state: dict, seat) -> list[str]:
    if state["phase"] == "order":
        return ["order_roll"] if seat in state["rolling"] and str(seat) not in state["rolls"] else []
    ch = state["challenge"]
    if ch:
        return challenge_choices(state, ch, seat)
    turn = state["turn"]
    if seat != turn["seat"]:
        return ["challenge", "no_challenge"] if challengeable(state) else []
    return {"move": ["land"], "start": ["start_choice"], "royalty": ["collect"],
            "infringement": ["infringe"]}.get(state["phase"]) or play_choices(turn)


def play_choices(turn: dict) -> list[str]:
    found = []
    if len(turn["cards"]) < HAND and "C" not in turn["pending"]:
        found.append("play")
    if turn["pending"]:
        found.append("publish")
    found.append("done" if turn["cards"] else "cannot_play")
    return found


def challenge_choices(state: dict, ch: dict, seat) -> list[str]:
    if ch["status"] == "betting":
        if seat != ch["to_act"]:
            return []
        return ["call", "raise"] if ch["stake"] + state["options"]["challenge_bet"] <= ch["cap"] else ["call"]
    return ["settle"] if seat in (ch["challenger"], ch["player"]) else []


def random_needs(state: dict, action: dict) -> dict:
    """The die for the order of play and for the second roll on COPYRIGHT INFRINGEMENT."""
    if action.get("type") in ("order_roll", "infringe"):
        return {"roll": {"die": 6}}
    return {}


def lookup_needs(state: dict, action: dict) -> dict:
    """At the ruling only: the card from the decks, and the thesaurus for words the host typed."""
    ch = state.get("challenge")
    if action.get("type") != "settle" or not ch or ch["status"] not in ("ruling", "unknown_card"):
        return {}
    if action.get("answer") not in (None, ""):
        return {}
    needs = {"card": {"card": ch["key"]}}
    words = action.get("words")
    if isinstance(words, str):
        words = [w.strip().lower() for w in words.split(",")]
    if isinstance(words, list) and len(words) == 4:
        for i, word in enumerate(words, start=1):
            if isinstance(word, str) and word:
                needs[f"relation_{i}"] = {"relation": [ch["key"], word]}
    return needs
