"""Score pad: rounds of scores with running totals, for any game on the shelf."""

import copy

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import integer
from referee.engine.options import Option
from referee.engine.outcome import outcome_from_places, places
from referee.engine.turns import name, position

SLUG = "scorepad"
TITLE = "Score pad"
BLURB = "Scores by round with running totals, for any other game."
MIN_PLAYERS, MAX_PLAYERS = 1, 8
TEAMS = True

OPTIONS = {
    "lowest_wins": Option(False, "Lowest total wins", "For golf-like games such as Hearts."),
    "by_team": Option(False, "Score by team", "One score per team; players with the same team share it."),
    "play_to": Option(0, "Play to", "End the game after the round in which a total reaches this (0: the host ends it).", low=0, high=10**6),
}

ACTIONS = {
    "score": 'Record points for a player (or their team) in the next empty round, or in `round` to correct one: {"type": "score", "seat": 0, "points": -5}',
    "finish": 'End the game now and show the standings: {"type": "finish"}',
}

MAX_POINTS = 10**6


def setup(players: list[dict], options: dict) -> dict:
    """A blank pad: one column per player, or per team when scoring by team."""
    if options["by_team"] and any(not p.get("team") for p in players):
        raise BadAction("To score by team, give every player a team.")
    return {"players": players, "options": options, "rounds": [], "finished": False}


def entrants(state: dict) -> list[str]:
    """Column keys of the pad: team names, or seat numbers as strings."""
    if state["options"]["by_team"]:
        seen = []
        for p in state["players"]:
            if p["team"] not in seen:
                seen.append(p["team"])
        return seen
    return [str(p["seat"]) for p in state["players"]]


def entrant_of(state: dict, seat: int) -> str:
    player = state["players"][position(state, seat)]
    return player["team"] if state["options"]["by_team"] else str(seat)


def label(state: dict, key: str) -> str:
    """Human name of a column."""
    if state["options"]["by_team"]:
        return key
    return name(state, int(key))


def totals(state: dict) -> dict:
    """Running total per column."""
    return {key: sum(r.get(key, 0) for r in state["rounds"]) for key in entrants(state)}


def apply(state: dict, action: dict) -> dict:
    kind = action.get("type")
    if state["finished"]:
        raise RuleError("This game has ended.")
    if kind == "score":
        return record_score(copy.deepcopy(state), action)
    if kind == "finish":
        if not action.get("host"):
            raise RuleError("Only the host can end the game.")
        return {**copy.deepcopy(state), "finished": True}
    raise BadAction(f"The score pad has no action {kind!r}.")


def record_score(state: dict, action: dict) -> dict:
    """Write points into the entrant's next empty round (or the round given)."""
    if action.get("seat") is None:
        raise BadAction("Say whose score this is.")
    key = entrant_of(state, action["seat"])
    points = integer(action, "points", low=-MAX_POINTS, high=MAX_POINTS)
    rounds = state["rounds"]
    if action.get("round") not in (None, ""):
        number = integer(action, "round", low=1, high=len(rounds))
        rounds[number - 1][key] = points
    else:
        number = next_round(state, key)
        if number > len(rounds):
            rounds.append({})
        rounds[number - 1][key] = points
    if reached_target(state):
        state["finished"] = True
    return state


def next_round(state: dict, key: str) -> int:
    """The round number a new score for this column goes into."""
    for number, scores in enumerate(state["rounds"], start=1):
        if key not in scores:
            return number
    return len(state["rounds"]) + 1


def round_complete(state: dict, index: int) -> bool:
    return all(key in state["rounds"][index] for key in entrants(state))


def reached_target(state: dict) -> bool:
    """The 'play to' total is reached, checked only when the round is complete."""
    goal = state["options"]["play_to"]
    if not goal or not state["rounds"] or not round_complete(state, len(state["rounds"]) - 1):
        return False
    # Lowest-wins games (Hearts) end when someone's total climbs to the limit, too.
    return max(totals(state).values()) >= goal


def standings(state: dict) -> list[dict]:
    total = totals(state)
    place_of = places(total, lowest_wins=state["options"]["lowest_wins"])
    rows = [{"key": k, "name": label(state, k), "score": total[k], "place": place_of[k]} for k in total]
    rows.sort(key=lambda r: (r["place"], r["name"]))
    if not state["options"]["by_team"]:
        for row in rows:
            row["seat"] = int(row["key"])
    return rows


def outcome(state: dict):
    if not state["finished"]:
        return None
    place_of_key = {r["key"]: r["place"] for r in standings(state)}
    seat_places = {p["seat"]: place_of_key[entrant_of(state, p["seat"])] for p in state["players"]}
    best = standings(state)[0]
    winners = [r["name"] for r in standings(state) if r["place"] == 1]
    summary = (" and ".join(winners) + (" win" if len(winners) > 1 or state["options"]["by_team"] else " wins")
               + f" with {best['score']}.")
    return outcome_from_places(seat_places, summary)


def view(state: dict, seat, host: bool) -> dict:
    return state


def describe(action: dict, before: dict) -> str:
    if action["type"] == "score":
        key = entrant_of(before, action["seat"])
        where = f" in round {action['round']}" if action.get("round") not in (None, "") else ""
        return f"{label(before, key)}: {int(str(action['points']).replace(chr(0x2212), '-')):+d}{where}"
    if action["type"] == "finish":
        return "The game was ended"
    return action["type"]
