"""After the piece has moved: battles with Big Bob, Big Bill or a neighbour, the grail, going home."""

from referee.engine.errors import BadAction, RuleError

from .common import (GIANTS, carrier, die, giants_named, next_turn, other_player, plural, send_to_start,
                     status, who)


def opponent_of(state: dict, seat: int, action: dict):
    """'bob' / 'bill' (any spelling of the giants' names) or another player's seat."""
    value = action.get("opponent")
    if value in (None, ""):
        raise BadAction("Say who to battle: Big Bob, Big Bill or another player.")
    if isinstance(value, str) and not value.strip().lstrip("-").isdigit():
        giants = giants_named(value)
        if len(giants) != 1:
            raise BadAction("Battle one opponent at a time: Big Bob, Big Bill or another player.")
        return giants[0]
    return other_player(state, action, "opponent", seat, "attack")


def opponent_name(state: dict, opponent) -> str:
    return GIANTS[opponent] if opponent in GIANTS else who(state, opponent)


def touching(state: dict, seat: int, action: dict) -> dict:
    """The piece landed on a hex touching a giant: that battle must be fought this turn."""
    giants = giants_named(action.get("touching"))
    if not giants:
        raise BadAction("Say which giant the piece is touching: Big Bob, Big Bill or both.")
    turn = state["this_turn"]
    turn["must_battle"] = sorted(set(turn["must_battle"]) | {g for g in giants if g not in turn["fought"]})
    names = " and ".join(GIANTS[g] for g in giants)
    state["news"] = f"{who(state, seat)} landed touching {names} and must battle"
    return state


def battle(state: dict, seat: int, action: dict) -> dict:
    """Start a battle: a giant the piece touches, or an attack on a neighbouring player."""
    opponent = opponent_of(state, seat, action)
    turn = state["this_turn"]
    if opponent in GIANTS:
        if opponent in turn["fought"]:
            raise RuleError(f"{who(state, seat)} has already battled {GIANTS[opponent]} this turn.")
        turn["fought"].append(opponent)
        verb = "battles"
    else:
        allowed = state["options"]["attacks_per_turn"]
        if turn["attacks"] >= allowed:
            raise RuleError(f"{who(state, seat)} has already attacked this turn "
                            f"(this table allows {plural(allowed, 'attack')} per turn).")
        turn["attacks"] += 1
        verb = "attacks"
    state["pending"] = {"kind": "battle", "opponent": opponent, "ties": 0}
    state["phase"] = "battle"
    state["news"] = (f"{who(state, seat)} {verb} {opponent_name(state, opponent)}: "
                     "one die each, the lower roll goes back to the start")
    return state


def battle_roll(state: dict, seat: int, action: dict) -> dict:
    """The mover's die against the opponent's: ties roll again, the loser goes back to the start."""
    mine, theirs = die(action, "roll"), die(action, "their_roll")
    pending = state["pending"]
    opponent = pending["opponent"]
    rival = opponent_name(state, opponent)
    news = f"{who(state, seat)} rolls {mine}, {rival} rolls {theirs}"
    if mine == theirs:
        pending["ties"] += 1
        news += ": a tie, roll again"
    elif mine > theirs:
        news += f": {who(state, seat)} wins"
        if opponent not in GIANTS:
            news += send_to_start(state, opponent)
        battle_over(state, opponent)
    else:
        news += f": {rival} wins" + send_to_start(state, seat) + next_turn(state)
    state["roll"] = {"kind": "battle", "seat": seat, "dice": [mine, theirs], "opponent": opponent, "text": news}
    state["news"] = news
    return state


def battle_over(state: dict, opponent) -> None:
    """The mover won and carries on with the turn."""
    turn = state["this_turn"]
    turn["must_battle"] = [g for g in turn["must_battle"] if g != opponent]
    state["pending"] = None
    state["phase"] = "moved"


def pick_up(state: dict, seat: int, action: dict) -> dict:
    """The piece stands on the grail (in its chamber or where it was dropped): take it."""
    grail = state["grail"]
    holder = carrier(state)
    if holder == seat:
        raise RuleError(f"{who(state, seat)} already carries the grail.")
    if holder is not None:
        raise RuleError(f"{who(state, holder)} carries the grail; beat them in battle to make them drop it.")
    where = "from its chamber" if grail["where"] == "chamber" else f"where {who(state, grail['by'])} dropped it"
    state["grail"] = {"where": "carried", "by": seat}
    state["news"] = f"{who(state, seat)} picks up the grail {where}"
    return state


def home(state: dict, seat: int, action: dict) -> dict:
    """The carrier is back in their own starting alcove with the grail: they win, the game ends."""
    if carrier(state) != seat:
        raise RuleError(f"{who(state, seat)} does not carry the grail; only the grail brought home wins.")
    owed = state["this_turn"]["must_battle"]
    if owed:
        names = " and ".join(GIANTS[g] for g in owed)
        raise RuleError(f"{who(state, seat)} landed touching {names}: that battle comes first, then home.")
    record = status(state, seat)
    record["at_start"] = True
    state["grail"] = {"where": "home", "by": seat}
    state["winner"] = seat
    state["phase"] = "over"
    state["pending"] = None
    state["news"] = f"{who(state, seat)} brings the grail home to alcove {record['alcove']} and wins Cup Quest"
    return state


def end_turn(state: dict, seat: int, action: dict) -> dict:
    """Done after moving; a giant the piece touches must be battled first."""
    owed = state["this_turn"]["must_battle"]
    if owed:
        names = " and ".join(GIANTS[g] for g in owed)
        raise RuleError(f"{who(state, seat)} landed touching {names} and must battle before the turn ends.")
    state["news"] = f"{who(state, seat)} ends the turn" + next_turn(state)
    return state
