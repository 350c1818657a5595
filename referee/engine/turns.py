"""Turn order helpers over a list of seats (seat numbers are ints)."""

from .errors import BadAction


def position(state: dict, seat) -> int:
    """Index of `seat` in state['players']; BadAction if it is not playing."""
    for i, player in enumerate(state["players"]):
        if player["seat"] == seat:
            return i
    raise BadAction("That seat is not playing in this game.")


def name(state: dict, seat) -> str:
    """The player's name for a seat, for messages."""
    return state["players"][position(state, seat)]["name"]


def next_in(order: list, current, skip=()):
    """The seat after `current` in `order` (clockwise), skipping seats in `skip`."""
    i = order.index(current)
    for step in range(1, len(order) + 1):
        candidate = order[(i + step) % len(order)]
        if candidate not in skip:
            return candidate
    return current


def order_by_rolls(rolls: dict) -> tuple[list, list]:
    """Order seats by die roll, highest first.

    `rolls` maps seat -> roll. Returns (order, tied) where `tied` lists groups of seats
    whose rolls tie and must roll again among themselves (empty when the order is settled).
    """
    by_value: dict[int, list] = {}
    for seat, value in rolls.items():
        by_value.setdefault(value, []).append(seat)
    order, tied = [], []
    for value in sorted(by_value, reverse=True):
        group = by_value[value]
        order.extend(group)
        if len(group) > 1:
            tied.append(group)
    return order, tied
