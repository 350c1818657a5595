"""The track of cards, the cubes on it and their order inside a space.

Space 0 is START, spaces 1..N are the space cards and N+1 is FINISH; a cube may go
beyond FINISH (the overshoot counts for the win). Inside a space the cubes sit from the
light end to the dark end in the order they arrived: a larger `arrived` number is darker.
"""

from referee.engine.errors import BadAction
from referee.engine.turns import position

START = 0
FIRST_CHALLENGE_SPACE = 4   # "not too close to the Start Card": spaces 1-3 stay normal
MAX_RACERS = 8
HEAD_START_AT_NINE = 6


def build_racers(players: list, by_team: bool) -> list:
    """One cube per player, or one per team (in table order of the team's first player)."""
    if not by_team:
        return [{"id": str(p["seat"]), "name": p["name"], "seats": [p["seat"]]} for p in players]
    racers = []
    for p in players:
        if not p.get("team"):
            raise BadAction(f"To play in teams, give every player a team ({p['name']} has none).")
        team = next((r for r in racers if r["id"] == p["team"]), None)
        if team is None:
            racers.append({"id": p["team"], "name": p["team"], "seats": [p["seat"]]})
        else:
            team["seats"].append(p["seat"])
    return racers


def check_racer_count(racers: list, by_team: bool) -> None:
    who = "teams" if by_team else "players"
    if len(racers) < 2:
        raise BadAction(f"Rapid List needs at least 2 {who}.")
    if len(racers) > MAX_RACERS:
        hint = "" if by_team else " For a bigger group, play in teams."
        raise BadAction(f"Rapid List takes at most {MAX_RACERS} {who}, not {len(racers)}.{hint}")


def build_track(options: dict) -> dict:
    """START, the space cards (normal or challenge) and FINISH, as data."""
    spaces = options["normal_spaces"] + options["challenge_spaces"]
    count = options["challenge_spaces"]
    if options["challenge_at"].strip():
        challenges = parse_spaces(options["challenge_at"], spaces)
        if len(challenges) != count:
            raise BadAction(f"Challenge spaces at {options['challenge_at']!r} name {len(challenges)} spaces; "
                            f"the track has {count} challenge spaces.")
    else:
        challenges = list(range(spaces - count + 1, spaces + 1))
    too_early = [s for s in challenges if s < FIRST_CHALLENGE_SPACE]
    if too_early:
        raise BadAction(f"A challenge space cannot be this close to START (space {too_early[0]}); "
                        f"use space {FIRST_CHALLENGE_SPACE} or later, or lengthen the track.")
    cards = ["start"] + ["challenge" if s in challenges else "normal" for s in range(1, spaces + 1)] + ["finish"]
    return {"spaces": spaces, "finish": spaces + 1, "challenges": challenges, "cards": cards}


def parse_spaces(text: str, spaces: int) -> list:
    """'9, 10, 12' -> [9, 10, 12]; each a space number between 1 and `spaces`."""
    found = []
    for part in text.replace(";", ",").replace(" ", ",").split(","):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= spaces:
            raise BadAction(f"Challenge spaces must be space numbers from 1 to {spaces}, not {part!r}.")
        if int(part) in found:
            raise BadAction(f"Space {part} is listed twice as a challenge space.")
        found.append(int(part))
    return sorted(found)


def head_start_for(age: int) -> int:
    """6 spaces at 9 years, two fewer for each year older, none from 12 (and 6 for younger)."""
    return max(0, min(HEAD_START_AT_NINE, HEAD_START_AT_NINE - 2 * (age - 9)))


def racer(state: dict, racer_id: str) -> dict:
    return next(r for r in state["racers"] if r["id"] == racer_id)


def racer_of(state: dict, seat) -> str:
    """The cube (player or team) a seat plays for."""
    if seat is None or seat == "":
        raise BadAction("Say which player this is for.")
    if isinstance(seat, str):
        if not seat.strip().lstrip("-").isdigit():
            raise BadAction("The seat must be a number.")
        seat = int(seat)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadAction("The seat must be a number.")
    position(state, seat)
    return next(r["id"] for r in state["racers"] if seat in r["seats"])


def who(state: dict, racer_id: str) -> str:
    """The name of a cube's player or team, for messages."""
    return racer(state, racer_id)["name"]


def names(state: dict, racer_ids) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cy'."""
    shown = [who(state, r) for r in racer_ids]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def space_of(state: dict, racer_id: str) -> int:
    return state["cubes"][racer_id]["space"]


def place_cubes_on_start(state: dict, order: list) -> None:
    """The drawn order, light end first; a head start moves the cube forward at once."""
    for arrived, racer_id in enumerate(order):
        state["cubes"][racer_id] = {"space": state["head_start"].get(racer_id, 0), "arrived": arrived}
    state["next_arrival"] = len(order)


def move_forward(state: dict, racer_id: str, distance: int) -> None:
    """Into the lightest part of an empty space, or darker, below the cubes already there."""
    cube = state["cubes"][racer_id]
    cube["space"] += distance
    cube["arrived"] = state["next_arrival"]
    state["next_arrival"] += 1


def stacks(state: dict) -> dict:
    """Space number (as a string) -> cubes on it, light end first."""
    result: dict = {}
    ordered = sorted(state["cubes"].items(), key=lambda kv: (kv[1]["space"], kv[1]["arrived"]))
    for racer_id, cube in ordered:
        result.setdefault(str(cube["space"]), []).append(racer_id)
    return result


def reading_order(state: dict, totals: dict) -> list:
    """Lower bid > closer to START > nearer the darker part of the space."""
    def key(racer_id):
        cube = state["cubes"][racer_id]
        return (totals[racer_id], cube["space"], -cube["arrived"])
    return sorted(totals, key=key)


def on_challenge_space(state: dict, racer_id: str) -> bool:
    return space_of(state, racer_id) in state["track"]["challenges"]


def leaders(state: dict) -> list:
    """Every cube on the furthest space reached (ties share the lead), in table order."""
    best = max(cube["space"] for cube in state["cubes"].values())
    return [r["id"] for r in state["racers"] if space_of(state, r["id"]) == best]


def challenged(state: dict) -> list:
    """Who must draw a Challenge Card at the start of a round."""
    if state["options"]["all_challenged"]:
        return [r["id"] for r in state["racers"] if on_challenge_space(state, r["id"])]
    return [r for r in leaders(state) if on_challenge_space(state, r)]


def finished(state: dict) -> list:
    """Cubes on or beyond FINISH."""
    return [r["id"] for r in state["racers"] if space_of(state, r["id"]) >= state["track"]["finish"]]
