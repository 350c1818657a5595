"""What the phones show: standings, the outcome, the prompt, the buttons, the dice to roll."""

import copy

from referee.engine.outcome import outcome_from_places

from .common import BOUNCES, FACES, GIANTS, carrier, grail_text, plural, seats, status, who
from .start import must_roll_for_order, still_to_roll


def standings(state: dict) -> list[dict]:
    """The winner first; everyone else shares second place (nobody else scores)."""
    winner = state["winner"]
    rows = []
    for p in state["players"]:
        won = p["seat"] == winner
        place = 1 if winner is None or won else 2
        rows.append({"seat": p["seat"], "name": p["name"], "score": 1 if won else 0,
                     "score_text": "won" if won else "",
                     "place": place, "detail": detail(state, p["seat"])})
    rows.sort(key=lambda r: (r["place"], r["name"]))
    return rows


def detail(state: dict, seat: int) -> str:
    record = status(state, seat)
    parts = [f"alcove {record['alcove']}", plural(record["ammo"], "snipe") + " left"]
    if record["frozen"]:
        parts.append(f"frozen {plural(record['frozen'], 'turn')}")
    if record["at_start"] and state["winner"] != seat:
        parts.append("at the start")
    if carrier(state) == seat:
        parts.append("carries the grail")
    if state["winner"] == seat:
        parts.append("brought the grail home")
    return ", ".join(parts)


def outcome(state: dict):
    if state["phase"] != "over":
        return None
    winner = state["winner"]
    place_of = {p["seat"]: 1 if p["seat"] == winner else 2 for p in state["players"]}
    alcove = status(state, winner)["alcove"]
    return outcome_from_places(place_of, f"{who(state, winner)} brought the grail home to alcove {alcove}.")


def view(state: dict, seat, host: bool) -> dict:
    """Nothing is secret: the hands stay on the table, so every phone sees the whole state."""
    return copy.deepcopy(state)


def describe(action: dict, before: dict) -> str:
    """The log line: what the action did, computed by applying it to the state before it."""
    from . import apply
    from referee.engine.errors import RefereeError
    try:
        return apply(before, action)["news"]
    except RefereeError as err:
        return f"{action.get('type')} (refused: {err.message})"


def random_needs(state: dict, action: dict) -> dict:
    """Dice the app rolls when the player did not type the physical die."""
    kind = action.get("type")
    fields = {"order_roll": ("roll",), "transport_roll": ("roll",), "battle_roll": ("roll", "their_roll")}
    return {f: {"die": 6} for f in fields.get(kind, ()) if action.get(f) in (None, "", "app")}


def actor_choices(state: dict, seat: int) -> list[str]:
    """The buttons for the player whose turn it is, by phase."""
    phase, record = state["phase"], status(state, seat)
    if phase == "turn":
        snipe = ["snipe"] if record["ammo"] > 0 else []
        return snipe + ["pass"] if record["frozen"] else ["play", "discard"] + snipe
    if phase == "moved":
        found = ["battle", "touching"]
        if carrier(state) is None:
            found.append("pick_up")
        if not state["this_turn"]["must_battle"]:
            if carrier(state) == seat:
                found.append("home")
            found.append("end_turn")
        return found
    return {"transport": ["transport_roll"], "battle": ["battle_roll"], "snipe": ["bounce"]}.get(phase, [])


def choices(state: dict, seat, host: bool) -> list[str]:
    """Action types this viewer may send now (the host may act for anyone)."""
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "order":
        found = []
        if (host and still_to_roll(state)) or (seat is not None and must_roll_for_order(state, seat)):
            found.append("order_roll")
        if seat is not None or host:
            found.append("choose_alcove")
        if host:
            found.append("choose_dealer")
        return found
    if not host and seat != state["turn"]:
        return []
    return actor_choices(state, state["turn"])


def prompt(state: dict) -> str:
    """One line saying what the table waits for."""
    phase, seat = state["phase"], state["turn"]
    if phase == "order":
        return "Roll for the order of play: " + ", ".join(who(state, s) for s in still_to_roll(state)) + "."
    if phase == "over":
        return f"Game over: {who(state, state['winner'])} wins Cup Quest."
    name, pending = who(state, seat), state["pending"]
    if phase == "turn":
        left = status(state, seat)["frozen"]
        if left:
            return f"{name} is frozen ({plural(left, 'turn')} left): snipe or pass."
        return f"{name}: play a card, discard a card for a new one, or snipe."
    if phase == "moved":
        owed = state["this_turn"]["must_battle"]
        if owed:
            return f"{name} must battle {' and '.join(GIANTS[g] for g in owed)}."
        offered = actor_choices(state, seat)
        left = state["options"]["attacks_per_turn"] - state["this_turn"]["attacks"]
        steps = [words for kind, words in (("battle", "attack a neighbour"), ("pick_up", "pick up the grail"),
                                           ("home", "go home with the grail"))
                 if kind in offered and (kind != "battle" or left > 0)]
        return f"{name} has moved: {', '.join(steps + ['or end the turn'])}.".replace(": or end", ": end")
    if phase == "transport":
        return f"{name}: roll for the transport to the {FACES[pending['rank']]} of {pending['suit']} (1-3 works)."
    if phase == "battle":
        rival = GIANTS.get(pending["opponent"]) or who(state, pending["opponent"])
        return f"{name} battles {rival}: roll one die for each."
    return f"{name} snipes at {who(state, pending['target'])}: bounce {pending['attempt']} of {BOUNCES}."


def summary(state: dict) -> dict:
    """Everything a screen needs at a glance (a helper for the web layer, not part of the contract)."""
    rows = []
    for s in seats(state):
        record = status(state, s)
        rows.append({"seat": s, "name": who(state, s), "alcove": record["alcove"], "ammo": record["ammo"],
                     "ammo_max": state["options"]["ammo"], "frozen": record["frozen"],
                     "at_start": record["at_start"], "grail": carrier(state) == s,
                     "turn": s == state["turn"] and state["phase"] != "over",
                     "winner": s == state["winner"], "dealer": s == state["dealer"]})
    return {"phase": state["phase"], "turn": state["turn"], "prompt": prompt(state), "grail": grail_text(state),
            "order": state["order"], "players": rows, "roll": state["roll"], "news": state["news"]}
