"""Dice as the teams report them, and roll-offs: the order of play and leftover game space cards."""

from referee.engine.errors import BadAction, RuleError

from .cards import take_hands
from .table import active, whole


def dice(action: dict, name: str = "roll") -> tuple[int, bool | None]:
    """(total, doubles) from two dice [3, 3] or "3 3"; a bare total (2 to 12) leaves doubles unknown,
    except 2 and 12, which only double one and double six can make."""
    value = action.get(name)
    if isinstance(value, str):
        value = value.replace(",", " ").replace("+", " ").split()
        value = value[0] if len(value) == 1 else value
    if isinstance(value, list) and len(value) == 2:
        pair = [whole(v) for v in value]
        if None in pair or not all(1 <= d <= 6 for d in pair):
            raise BadAction("Each die shows a number from 1 to 6.")
        return sum(pair), pair[0] == pair[1]
    total = whole(value)
    if total is None or not 2 <= total <= 12:
        raise BadAction("Give the two dice, e.g. 3 and 5, or their total from 2 to 12.")
    return total, (True if total in (2, 12) else None)


def start_order(state: dict) -> None:
    """Every team rolls; the next unsettled group of tied teams rolls again among themselves."""
    group = next((g for g in state["order_groups"] if len(g) > 1), None)
    if group is None:
        state["order"] = [g[0] for g in state["order_groups"]]
        state["ordered"] = True
        return
    state["roll_off"] = {"purpose": "order", "card": None, "contenders": list(group), "rolls": {}}


def start_card(state: dict) -> None:
    """Every remaining team rolls for the next leftover game space card."""
    state["roll_off"] = {"purpose": "card", "card": state["leftovers"][0],
                         "contenders": active(state), "rolls": {}}


def roll(state: dict, key: str, action: dict) -> str:
    """One team's roll in the roll-off; when all have rolled, settle it."""
    off = state["roll_off"]
    if key not in off["contenders"]:
        raise RuleError(f"{key} is not rolling now: {', '.join(off['contenders'])} are.")
    if key in off["rolls"]:
        raise RuleError(f"{key} has already rolled {off['rolls'][key]}.")
    total, _ = dice(action)
    off["rolls"][key] = total
    note = f"{key} rolled {total}" + (f" for card {off['card']}" if off["purpose"] == "card" else " for the order of play")
    if len(off["rolls"]) < len(off["contenders"]):
        return note
    return note + "; " + (settle_card(state) if off["purpose"] == "card" else settle_order(state))


def settle_card(state: dict) -> str:
    off = state["roll_off"]
    top = max(off["rolls"].values())
    best = [k for k in off["contenders"] if off["rolls"][k] == top]
    if len(best) > 1:
        off["contenders"], off["rolls"] = best, {}
        return f"{' and '.join(best)} tie on {top} and roll again"
    take_hands(state, {best[0]: [off["card"]]})
    state["leftovers"].pop(0)
    state["roll_off"] = None
    return f"{best[0]} takes game space card {off['card']}"


def settle_order(state: dict) -> str:
    off = state["roll_off"]
    values = sorted(set(off["rolls"].values()), reverse=True)
    split = [[k for k in off["contenders"] if off["rolls"][k] == v] for v in values]
    groups = state["order_groups"]
    at = groups.index(off["contenders"])
    state["order_groups"] = groups[:at] + split + groups[at + 1:]
    state["roll_off"] = None
    start_order(state)
    ties = [" and ".join(g) for g in split if len(g) > 1]
    if ties:
        return f"{'; '.join(ties)} tie and roll again"
    if state["ordered"]:
        return "order of play: " + ", ".join(state["order"])
    return "settled"
