"""Applying actions: the deal, roll-offs, and a turn (land, level, answer, challenge, reveal, pay)."""

import copy

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import choice, flag, integer
from referee.engine.turns import next_in

from . import cards, rolls
from .table import LEVELS, SUPER, active, level_label, level_of, team_of


def apply(state: dict, action: dict) -> dict:
    """A new state after one action; the input is never changed."""
    kind = action.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise BadAction(f"Word Quest has no action {kind!r}.")
    if state["over"]:
        raise RuleError("This game has ended.")
    phases, do = handler
    if phases and state["phase"] not in phases:
        raise RuleError(f"You cannot {kind.replace('_', ' ')} now: {state['prompt']}")
    new = copy.deepcopy(state)
    new["last"] = do(new, action)
    return advance(new)


# ---- who acts ----------------------------------------------------------------------------------


def acting(state: dict, action: dict, expected: str, what: str) -> str:
    """The team the action is for; it must be `expected` (the host may leave the seat out)."""
    if action.get("seat") is None and action.get("host"):
        return expected
    key = team_of(state, action.get("seat"))
    if key != expected:
        raise RuleError(f"Only {expected} can {what} now, not {key}.")
    return key


def host_only(action: dict, what: str) -> None:
    if not action.get("host"):
        raise RuleError(f"Only the host can {what}.")


# ---- the deal and the roll-offs ---------------------------------------------------------------


def do_deal(state: dict, action: dict) -> str:
    """Deal the game space cards (Referee's shuffle) or record the table's own deal."""
    host_only(action, "deal the game space cards")
    dealt, teams = cards.cards_to_deal(state), cards.deal_to(state)
    given = cards.given_hands(action)
    if given is not None:
        hands, leftovers = cards.table_deal(state, dealt, given, teams)
        how = "The table dealt"
    elif action.get("shuffle") not in (None, "", "app"):
        hands, leftovers = cards.deal_equally(dealt, action["shuffle"], teams)
        how = "Referee dealt"
    else:
        raise BadAction("Give the table's deal (the cards each team took) or let Referee shuffle.")
    cards.take_hands(state, hands)
    state["leftovers"].extend(leftovers)
    if state["phase"] == "deal":
        state["dealt"] = True
        state["deck"] = []
    else:
        state["to_share"].pop(0)
    shown = "; ".join(f"{k} takes {', '.join(map(str, v)) or 'none'}" for k, v in hands.items())
    extra = ""
    if leftovers:
        extra = (f"; card {leftovers[0]} is left over: teams roll for it" if len(leftovers) == 1 else
                 f"; cards {', '.join(map(str, leftovers))} are left over: teams roll for each")
    return f"{how} the game space cards: {shown}{extra}."


def do_roll(state: dict, action: dict) -> str:
    """A team's roll in the roll-off for the order of play or for a leftover card."""
    key = team_of(state, action.get("seat"))
    return rolls.roll(state, key, action) + "."


# ---- a turn ------------------------------------------------------------------------------------


def do_land(state: dict, action: dict) -> str:
    """The playing team reports where its piece landed (or its dice, and Referee counts round the loop)."""
    turn = state["turn"]
    key = acting(state, action, turn["team"], "move")
    team = state["teams"][key]
    space, doubles = landing(state, team, action)
    team["position"] = space
    bonus_now = bool(doubles) and not turn["bonus"]
    if bonus_now and state["options"]["bonus_roll"] == "move_on":
        turn["bonus"] = True
        return f"{key} rolled doubles to space {space} and rolls again at once to move on."
    turn["bonus_due"] = bonus_now
    turn["bonus"] = turn["bonus"] or bonus_now
    turn["space"] = space
    kind = level_of(state, space)
    holder = cards.holder_of(state, space)
    turn["challenger"] = holder if kind != SUPER and holder not in (None, key) else None
    note = f"{key} landed on space {space}, {level_label(state, kind)}"
    if bonus_now:
        note += "; doubles: a bonus roll after this space"
    elif doubles:
        note += "; doubles again, but only one bonus roll per turn"
    if kind == SUPER:
        turn["step"] = "level"
        if action.get("level") not in (None, ""):
            return note + "; " + choose(state, turn, action) + "."
        return note + ": the team chooses the level."
    turn["level"], turn["step"] = kind, "answer"
    return note + "."


def landing(state: dict, team: dict, action: dict) -> tuple[int, bool]:
    """The space landed on and whether the roll was doubles."""
    spaces = len(state["board"])
    rolled = action.get("roll") not in (None, "", "app")
    total, doubles = rolls.dice(action) if rolled else (0, None)
    if action.get("space") not in (None, ""):
        space = integer(action, "space", low=1, high=spaces)
    elif rolled:
        space = (team["position"] + total - 1) % spaces + 1
    else:
        raise BadAction("Give the space the piece landed on, or the dice.")
    if doubles is None:
        doubles = flag(action, "doubles")
    return space, doubles


def do_choose_level(state: dict, action: dict) -> str:
    turn = state["turn"]
    acting(state, action, turn["team"], "choose the level")
    return choose(state, turn, action) + "."


def choose(state: dict, turn: dict, action: dict) -> str:
    """On a super word space the team picks the level of its word."""
    named = {state["colours"][k].lower(): k for k in LEVELS}
    value = str(action.get("level", "")).strip().lower()
    level = choice({"level": named.get(value, value)}, "level", LEVELS)
    turn["level"], turn["step"] = level, "answer"
    return f"{turn['team']} chooses a {level_label(state, level)} word"


def do_answer(state: dict, action: dict) -> str:
    """The playing team's answer: one of the three definitions on the card."""
    turn = state["turn"]
    key = acting(state, action, turn["team"], "answer")
    turn["guess"] = definition(action, "guess")
    turn["step"] = "challenge" if turn["challenger"] else "reveal"
    who = f"; {turn['challenger']} holds card {turn['space']} and may challenge" if turn["challenger"] else ""
    return f"{key} answers definition {turn['guess']}{who}."


def definition(action: dict, name: str) -> int:
    return integer(action, name, low=1, high=3)


def do_challenge(state: dict, action: dict) -> str:
    """The card-holding team challenges with its own, different guess before the real answer is read."""
    turn = state["turn"]
    key = acting(state, action, turn["challenger"], "challenge")
    guess = definition(action, "guess")
    if guess == turn["guess"]:
        raise RuleError(f"{key} must guess a different definition from {turn['team']}'s ({guess}).")
    turn["challenge"], turn["step"] = guess, "reveal"
    return f"{key} challenges {turn['team']}'s answer with definition {guess}."


def do_no_challenge(state: dict, action: dict) -> str:
    turn = state["turn"]
    key = acting(state, action, turn["challenger"], "decline the challenge")
    turn["step"] = "reveal"
    return f"{key} does not challenge."


def do_reveal(state: dict, action: dict) -> str:
    """The real answer is read; Referee settles the answer and any challenge."""
    if action.get("seat") is not None:
        key = team_of(state, action["seat"])
        if state["teams"][key]["out"] and not action.get("host"):
            raise RuleError(f"{key} is out of the game; a team still playing reads the answer.")
    elif not action.get("host"):
        raise BadAction("Say who read the answer.")
    turn = state["turn"]
    turn["answer"], turn["step"] = definition(action, "answer"), "done"
    return f"The answer is definition {turn['answer']}: " + settle(state, turn) + "."


def award_count(state: dict, turn: dict) -> int:
    """Three on a purple space, two when the team holds that space's card, otherwise one."""
    if level_of(state, turn["space"]) == SUPER:
        return 3
    return 2 if turn["space"] in state["teams"][turn["team"]]["spaces"] else 1


def settle(state: dict, turn: dict) -> str:
    key, rival, level = turn["team"], turn["challenger"], turn["level"]
    right = turn["guess"] == turn["answer"]
    if turn["challenge"] is None:
        if right:
            return f"{key} is right; " + cards.award(state, key, level, award_count(state, turn))
        return f"{key} is wrong and receives nothing"
    if turn["challenge"] == turn["answer"]:
        note = f"{rival}'s challenge succeeds; " + cards.hand_over_challenge_cards(state, key, rival, 2)
        if state["options"]["challenger_award"]:
            note += "; " + cards.award(state, rival, level, 1)
        return note
    if right:
        note = cards.hand_over_challenge_cards(state, rival, key, 1)
        return f"{key} is right and {rival}'s challenge fails; {note}; " + cards.award(
            state, key, level, award_count(state, turn))
    return f"both {key} and {rival} are wrong; nothing changes"


def do_pay(state: dict, action: dict) -> str:
    """A team out of challenge cards pays for one missing card: two novice or one intermediate award card."""
    debt = state["debts"][0]
    acting(state, action, debt["team"], "pay")
    way = choice(action, "with", ("novice", "intermediate", "advanced"))
    return cards.pay(state, way) + "."


def do_finish(state: dict, action: dict) -> str:
    host_only(action, "end the game")
    state["over"] = True
    return "The host ended the game."


# ---- what happens next ------------------------------------------------------------------------


def advance(state: dict) -> dict:
    """Settle what needs no choice, then set the phase and what Referee is waiting for."""
    notes = cards.settle_debts(state)
    if notes:
        state["last"] = (state["last"].rstrip(".") + "; " + "; ".join(notes) + ".").lstrip("; ")
    state["phase"] = next_phase(state)
    state["pay_with"] = cards.ways_to_pay(state, state["debts"][0]["team"]) if state["phase"] == "pay" else []
    from .report import prompt
    state["prompt"] = prompt(state)
    return state


def next_phase(state: dict) -> str:
    if state["over"]:
        return "over"
    if state["debts"]:
        return "pay"
    if state["to_share"]:
        return "redistribute"
    if not state["dealt"]:
        return "deal"
    if state["roll_off"] is None and state["leftovers"]:
        rolls.start_card(state)
    if state["roll_off"] is None and not state["ordered"]:
        rolls.start_order(state)
    if state["roll_off"] is not None:
        return "roll_off"
    if state["turn"] is None or state["turn"]["step"] == "done":
        next_turn(state)
    return state["turn"]["step"]


def next_turn(state: dict) -> None:
    """The same team again for its bonus roll, or the next team still in the game (the board loops)."""
    turn = state["turn"]
    out = [k for k in state["order"] if state["teams"][k]["out"]]
    if turn and turn["bonus_due"] and turn["team"] not in out:
        key, bonus = turn["team"], True
    else:
        key = active(state)[0] if turn is None else next_in(state["order"], turn["team"], skip=out)
        bonus = False
        state["turns"] += 1
    state["turn"] = {"team": key, "step": "move", "bonus": bonus, "bonus_due": False, "space": None,
                     "level": None, "guess": None, "challenger": None, "challenge": None, "answer": None}


HANDLERS = {
    "deal": (("deal", "redistribute"), do_deal),
    "roll": (("roll_off",), do_roll),
    "land": (("move",), do_land),
    "choose_level": (("level",), do_choose_level),
    "answer": (("answer",), do_answer),
    "challenge": (("challenge",), do_challenge),
    "no_challenge": (("challenge",), do_no_challenge),
    "reveal": (("reveal",), do_reveal),
    "pay": (("pay",), do_pay),
    "finish": ((), do_finish),
}
