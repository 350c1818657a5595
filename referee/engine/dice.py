"""Dice as data: engines say what randomness an action needs; the store fills it in.

An engine never calls `random`. Its optional `random_needs(state, action)` returns a dict
field -> request, and `fill(action, needs, rng)` writes the results into the action
before it is applied and logged, so replaying the log gives the same game.

Requests:
  {"dice": n, "sides": 6}   -> list of n ints in 1..sides
  {"die": 6}                -> one int in 1..6
  {"shuffle": [items]}      -> the items in a random order
  {"pick": [items]}         -> one of the items
"""

import random as _random

_system = _random.SystemRandom()


def fill(action: dict, needs: dict, rng=_system) -> dict:
    """Copy of `action` with every requested field the action left empty filled in."""
    done = dict(action)
    for field, request in needs.items():
        if done.get(field) not in (None, "", "app"):
            continue
        done[field] = draw(request, rng)
    return done


def draw(request: dict, rng=_system):
    """One random result for a request (see module docstring)."""
    if "die" in request:
        return rng.randint(1, request["die"])
    if "dice" in request:
        return [rng.randint(1, request.get("sides", 6)) for _ in range(request["dice"])]
    if "shuffle" in request:
        items = list(request["shuffle"])
        rng.shuffle(items)
        return items
    if "pick" in request:
        return rng.choice(list(request["pick"]))
    raise ValueError(f"unknown random request {request!r}")
