"""Read-only views of a Word Quest state: standings, outcome, prompts, choices, log lines, dice needs."""

from referee.engine.outcome import outcome_from_places, places

from . import cards
from .table import LEVELS, active, cards_word, points

# ---- standings and the end ---------------------------------------------------------------------


def standings(state: dict) -> list[dict]:
    """Teams still in by points; teams out below them, the last one out first."""
    still = active(state)
    place_of = places({k: points(state, k) for k in still})
    for rank, key in enumerate(reversed(state["eliminated"]), start=len(still) + 1):
        place_of[key] = rank
    rows = []
    for key in state["team_order"]:
        team = state["teams"][key]
        rows.append({"key": key, "name": key, "seat": team["seats"][0], "seats": list(team["seats"]),
                     "score": points(state, key), "place": place_of[key], "detail": detail(state, key)})
    rows.sort(key=lambda r: (r["place"], state["team_order"].index(r["key"])))
    return rows


def detail(state: dict, key: str) -> str:
    """'7 challenge cards · 2 blue, 1 green · spaces 3, 12' (or 'out')."""
    team = state["teams"][key]
    if team["out"]:
        return "out of the game"
    awards = ", ".join(f"{team['awards'][lv]} {state['colours'][lv]}" for lv in LEVELS if team["awards"][lv])
    spaces = ", ".join(map(str, team["spaces"])) or "none"
    return f"{cards_word(team['challenge'])} · awards: {awards or 'none'} · spaces {spaces}"


def outcome(state: dict):
    """The winner by points, once the game is over: by the rules (one team left, or two with `end_at_two`),
    by the host's `finish`, or by the platform's own "end the game" (`ended_by_host`)."""
    if not (state["over"] or state.get("ended_by_host")):
        return None
    rows = standings(state)
    team_place = {r["key"]: r["place"] for r in rows}
    seat_place = {p["seat"]: team_place[k] for k in state["team_order"]
                  for p in state["players"] if p["seat"] in state["teams"][k]["seats"]}
    best = [r for r in rows if r["place"] == 1]
    names = " and ".join(r["name"] for r in best)
    verb = "win" if len(best) > 1 else "wins"
    return outcome_from_places(seat_place, f"{names} {verb} with {best[0]['score']} points.")


def view(state: dict, seat, host: bool) -> dict:
    """Nothing is secret in Word Quest: every answer is spoken at the table, so all see the same state."""
    return state


# ---- what Referee is waiting for ---------------------------------------------------------------


def prompt(state: dict) -> str:
    """One line for the screen: who must do what now."""
    phase, turn = state["phase"], state["turn"]
    if phase == "over":
        return "The game is over."
    if phase == "deal":
        return f"The host deals the {len(state['deck'])} game space cards (Referee can shuffle)."
    if phase == "redistribute":
        share = state["to_share"][0]
        return f"The host shares out {share['team']}'s game space cards {', '.join(map(str, share['cards']))}."
    if phase == "pay":
        debt = state["debts"][0]
        return (f"{debt['team']} has no challenge card left to give {debt['to']}: it pays two novice "
                f"or one intermediate award card ({debt['missing']} to pay).")
    if phase == "roll_off":
        off = state["roll_off"]
        waiting = ", ".join(k for k in off["contenders"] if k not in off["rolls"])
        what = f"game space card {off['card']}" if off["purpose"] == "card" else "the order of play"
        return f"Roll for {what}: waiting for {waiting}."
    key = turn["team"]
    bonus = " (bonus roll)" if turn["bonus"] and phase == "move" else ""
    return {
        "move": f"{key}: roll and report the space you land on{bonus}.",
        "level": f"{key} landed on a super word space: choose the level.",
        "answer": f"{key}: which of the three definitions is it?",
        "challenge": f"{turn['challenger']} may challenge {key}'s answer with another definition.",
        "reveal": "Read the real answer: which definition is right?",
    }[phase] + (" Two teams remain: the host may end the game." if state["suggest_finish"] else "")


def choices(state: dict, seat, host: bool) -> list[str]:
    """The action types this viewer may send now (the buttons to show)."""
    if state["over"]:
        return []
    team = team_or_none(state, seat)
    phase, turn = state["phase"], state["turn"]
    found = []
    if phase in ("deal", "redistribute") and host:
        found = ["deal"]
    elif phase == "roll_off":
        off = state["roll_off"]
        waiting = [k for k in off["contenders"] if k not in off["rolls"]]
        found = ["roll"] if waiting and (host or team in waiting) else []
    elif phase == "pay":
        found = ["pay"] if host or team == state["debts"][0]["team"] else []
    elif phase == "challenge":
        found = ["challenge", "no_challenge"] if host or team == turn["challenger"] else []
    elif phase == "reveal":
        found = ["reveal"] if host or (team and not state["teams"][team]["out"]) else []
    elif phase in ("move", "level", "answer"):
        action = {"move": "land", "level": "choose_level", "answer": "answer"}[phase]
        found = [action] if host or team == turn["team"] else []
    return found + (["finish"] if host else [])


def team_or_none(state: dict, seat):
    for key in state["team_order"]:
        if seat is not None and seat in state["teams"][key]["seats"]:
            return key
    return None


# ---- log lines and randomness ------------------------------------------------------------------


def describe(action: dict, before: dict) -> str:
    """The log line: what the action did, as Referee announced it."""
    from .play import apply
    try:
        return apply(before, action)["last"]
    except Exception:  # a log line must never break the log
        return str(action.get("type", "action")).replace("_", " ")


TWO_DICE = {"dice": 2, "sides": 6}


def random_needs(state: dict, action: dict) -> dict:
    """Two dice for a roll-off roll, and for a move that asks for them ("roll": "app", or neither a space nor
    dice sent at all): a typed space left empty is refused, never turned into a random move. A shuffle for a deal
    without the table's hands."""
    kind = action.get("type")
    if kind == "roll" or (kind == "land" and (action.get("roll") == "app" or not ({"space", "roll"} & set(action)))):
        return {"roll": TWO_DICE}
    if kind == "deal" and action.get("hands") in (None, "", {}) and action.get("hand_cards") is None:
        dealt = cards.cards_to_deal(state)
        return {"shuffle": {"shuffle": dealt}} if dealt else {}
    return {}
