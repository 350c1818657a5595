"""Before the first turn: the dealer, the starting alcoves, and the roll for the order of play."""

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import integer

from .common import MAX_ALCOVE, fresh_turn, seats, seat_field, status, who, die

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def setup(players: list[dict], options: dict) -> dict:
    """Everyone in their own alcove, the grail in its chamber, the order still to roll."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise BadAction(f"Cup Quest needs {MIN_PLAYERS} to {MAX_PLAYERS} players (the rules are written for three).")
    return {
        "players": players,
        "options": options,
        "phase": "order",
        "dealer": players[0]["seat"],
        "order_rolls": {str(p["seat"]): [] for p in players},
        "order": [],
        "turn": None,
        "turn_number": 0,
        "status": {str(p["seat"]): {"alcove": i + 1, "at_start": True, "frozen": 0, "ammo": options["ammo"]}
                   for i, p in enumerate(players)},
        "grail": {"where": "chamber"},
        "pending": None,
        "this_turn": fresh_turn(),
        "roll": None,
        "news": "",
        "winner": None,
    }


def must_roll_for_order(state: dict, seat: int) -> bool:
    """Not rolled yet, or tied with someone: their rolls so far begin another player's rolls."""
    mine = state["order_rolls"][str(seat)]
    return any(other != str(seat) and rolls[:len(mine)] == mine
               for other, rolls in state["order_rolls"].items())


def still_to_roll(state: dict) -> list:
    return [s for s in seats(state) if must_roll_for_order(state, s)]


def order_roll(state: dict, seat: int, action: dict) -> dict:
    """One player's die for the order of play; highest goes first, ties roll again."""
    if not must_roll_for_order(state, seat):
        raise RuleError(f"{who(state, seat)} has already rolled for the order of play; "
                        f"waiting for {', '.join(who(state, s) for s in still_to_roll(state))}.")
    roll = die(action)
    state["order_rolls"][str(seat)].append(roll)
    news = f"{who(state, seat)} rolls {roll} for the order of play"
    tied = [s for s in seats(state) if s != seat
            and state["order_rolls"][str(s)] == state["order_rolls"][str(seat)]]
    if tied:
        news += f" — a tie with {', '.join(who(state, s) for s in tied)}; they roll again"
    if not still_to_roll(state):
        news += settle_order(state)
    state["roll"] = {"kind": "order", "seat": seat, "dice": [roll], "text": news}
    state["news"] = news
    return state


def settle_order(state: dict) -> str:
    """Highest roll first (re-rolls break ties); the first player's turn begins."""
    rolls = state["order_rolls"]
    state["order"] = sorted(seats(state), key=lambda s: rolls[str(s)], reverse=True)
    state["turn"] = state["order"][0]
    state["phase"] = "turn"
    state["turn_number"] = 1
    names = ", ".join(who(state, s) for s in state["order"])
    return f". Order of play: {names}; {who(state, state['turn'])} goes first"


def choose_dealer(state: dict, seat, action: dict) -> dict:
    """The host names the player who shuffles and deals three cards to everyone."""
    if not action.get("host"):
        raise RuleError("Only the host names the dealer.")
    dealer = seat_field(state, action, "dealer")
    state["dealer"] = dealer
    state["news"] = f"{who(state, dealer)} deals three cards to each player"
    return state


def choose_alcove(state: dict, seat: int, action: dict) -> dict:
    """A player takes a different starting alcove; two players never share one."""
    alcove = integer(action, "alcove", low=1, high=MAX_ALCOVE)
    for other in seats(state):
        if other != seat and status(state, other)["alcove"] == alcove:
            raise RuleError(f"Alcove {alcove} is already {who(state, other)}'s starting alcove.")
    status(state, seat)["alcove"] = alcove
    state["news"] = f"{who(state, seat)} starts in alcove {alcove}"
    return state
