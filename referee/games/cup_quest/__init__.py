"""Cup Quest: turn order, freeze spells, snipe ammo, transport and battle rolls, and the grail.

The table keeps the hex map, the cards, the goblet and the ball; this engine keeps whose turn
it is, who is frozen, the ammo, where the grail is, the dice, and the winner.
See docs/rules/cup-quest.md for every interpretation and option.
"""

READY = True

import copy  # noqa: E402

from referee.engine.errors import BadAction, RuleError  # noqa: E402
from referee.engine.fields import integer  # noqa: E402
from referee.engine.options import Option  # noqa: E402

from .common import grail_text, who  # noqa: E402
from .landing import battle, battle_roll, end_turn, home, pick_up, touching  # noqa: E402
from .start import MAX_PLAYERS, MIN_PLAYERS, choose_alcove, choose_dealer, order_roll, setup  # noqa: E402
from .turn import bounce, discard, pass_turn, play, snipe, transport_roll  # noqa: E402
from .views import choices, describe, outcome, prompt, random_needs, standings, summary, view  # noqa: E402

SLUG = "cup-quest"
TITLE = "Cup Quest"
BLURB = "Freeze spells, snipes, transports and battles on the way to the grail and back home."
TEAMS = False

OPTIONS = {
    "snipe_effect": Option("to_start", "What a successful snipe does",
                           "The rule text does not say; the table chooses.",
                           choices=(("to_start", "Target goes back to their starting alcove, dropping the grail"),
                                    ("drop_grail", "Target drops the grail where they stand and stays"),
                                    ("freeze", "Target is frozen, as by an Ace"))),
    "refreeze": Option("reset", "Freezing a player who is already frozen",
                       choices=(("reset", "The freeze starts again from the full length"),
                                ("add", "The new freeze adds its turns to what is left"),
                                ("refuse", "Not allowed: choose another player"))),
    "freeze_turns": Option(2, "Turns a freeze lasts", "The rule text says two.", low=1, high=6),
    "ammo": Option(4, "Snipes per player per game", "The rule text says four.", low=0, high=20),
    "attacks_per_turn": Option(1, "Attacks on other players per turn",
                               "After moving, a player may attack a neighbour this many times.", low=1, high=6),
}

ACTIONS = {
    "order_roll": 'Roll one die for the order of play (highest first, ties roll again): {"type": "order_roll", "seat": 0, "roll": 5}',
    "choose_dealer": 'Host names the dealer before play: {"type": "choose_dealer", "host": true, "dealer": 2}',
    "choose_alcove": 'Take a different starting alcove before play: {"type": "choose_alcove", "seat": 1, "alcove": 3}',
    "play": 'Play a card: 2-10 moves, J/Q/K moves 4 or transports, Ace freezes: {"type": "play", "seat": 0, "card": "K", "use": "transport", "suit": "hearts"}',
    "discard": 'Discard a card and draw a new one (the whole turn): {"type": "discard", "seat": 0}',
    "snipe": 'Spend one ammo to snipe another player: {"type": "snipe", "seat": 0, "target": 1}',
    "bounce": 'One bounce of the snipe (two per shot): {"type": "bounce", "seat": 0, "hit": true}',
    "pass": 'A frozen player lets the turn go by: {"type": "pass", "seat": 1}',
    "transport_roll": 'Roll for a transport, 1-3 works: {"type": "transport_roll", "seat": 0, "roll": 2}',
    "touching": 'The piece landed touching a giant and must battle: {"type": "touching", "seat": 0, "touching": "bob"}',
    "battle": 'Battle a giant or attack a neighbour: {"type": "battle", "seat": 0, "opponent": "bob"}',
    "battle_roll": 'One die for the mover, one for the opponent: {"type": "battle_roll", "seat": 0, "roll": 5, "their_roll": 2}',
    "pick_up": 'Pick up the grail the piece stands on: {"type": "pick_up", "seat": 0}',
    "home": 'Bring the grail home to your own alcove and win: {"type": "home", "seat": 0}',
    "end_turn": 'End the turn after moving: {"type": "end_turn", "seat": 0}',
}

# action type -> (the phase it belongs to, handler(state, seat, action))
HANDLERS = {
    "order_roll": ("order", order_roll), "choose_dealer": ("order", choose_dealer),
    "choose_alcove": ("order", choose_alcove),
    "play": ("turn", play), "discard": ("turn", discard), "snipe": ("turn", snipe), "pass": ("turn", pass_turn),
    "transport_roll": ("transport", transport_roll),
    "touching": ("moved", touching), "battle": ("moved", battle), "pick_up": ("moved", pick_up),
    "home": ("moved", home), "end_turn": ("moved", end_turn),
    "battle_roll": ("battle", battle_roll), "bounce": ("snipe", bounce),
}


def apply(state: dict, action: dict) -> dict:
    """A new state after one action; the input is never changed."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise BadAction(f"Cup Quest has no action {str(kind)[:30]!r}.")
    if state["phase"] == "over":
        raise RuleError(f"The game is over: {grail_text(state)}")
    phase, handler = HANDLERS[kind]
    if state["phase"] != phase:
        raise RuleError(f"Not now: {prompt(state)}")
    seat = acting_seat(state, action)
    return handler(copy.deepcopy(state), seat, action)


def acting_seat(state: dict, action: dict):
    """The seat the action is for; in play it must be the player whose turn it is."""
    seat = action.get("seat")
    if seat in (None, "") and action.get("host") and state["phase"] != "order":
        return state["turn"]
    if seat in (None, ""):
        if action.get("type") == "choose_dealer":
            return None
        raise BadAction("Say which player this is for.")
    seat = integer(action, "seat", low=0)
    who(state, seat)
    if state["phase"] != "order" and seat != state["turn"]:
        raise RuleError(f"It is {who(state, state['turn'])}'s turn, not {who(state, seat)}'s.")
    return seat


__all__ = ["SLUG", "TITLE", "BLURB", "READY", "MIN_PLAYERS", "MAX_PLAYERS", "TEAMS", "OPTIONS", "ACTIONS",
           "setup", "apply", "standings", "outcome", "view", "describe", "random_needs", "choices",
           "prompt", "summary"]
