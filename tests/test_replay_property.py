"""Undo, replay and snapshot agree for every game: random legal play, folded back from its log.

For every game of the registry (imported directly, READY or not) hypothesis plays a random
sequence of actions through `referee.engine.play.apply` (the platform's entry point, so the
shared timer and `end_game` are in the mix), sometimes undoing the last standing action the way
the store does (a logged reversal: the log is re-folded without it). After every step:

* folding the log (as stored: JSON, undone entries skipped) equals the incremental state;
* undoing the last action gives exactly the state before it;
* the state survives the JSON round trip the database makes.

The random players are the ones each game's own tests use (`tests/games/test_<game>.py`).
"""

import copy
import importlib.util
import json
import os
from importlib import import_module

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import play
from referee.engine.errors import RefereeError
from referee.engine.options import resolve
from referee.games import _MODULES

HERE = os.path.dirname(os.path.abspath(__file__))
STEPS = 40


_SOURCES = {}


def game_tests(name: str):
    """A game's own test module, loaded once under a private name (so pytest does not collect it twice)."""
    if name not in _SOURCES:
        _SOURCES[name] = _load(name)
    return _SOURCES[name]


def _load(name: str):
    path = os.path.join(HERE, "games", f"test_{name}.py")
    spec = importlib.util.spec_from_file_location(f"_replay_src_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def with_platform(draw, state, action):
    """Now and then a shared-timer action or the host ending the game instead."""
    roll = draw(st.integers(0, 29))
    if roll == 0:
        return {"type": "timer_start", "host": True, "seat": None, "at": action.get("at", 0)}
    if roll == 1:
        return {"type": draw(st.sampled_from(["timer_pause", "timer_resume", "timer_reset"])),
                "host": True, "seat": None, "at": action.get("at", 0)}
    if roll == 2:
        return {"type": "timer_add", "seconds": draw(st.integers(-30, 30)), "host": True, "seat": None,
                "at": action.get("at", 0)}
    return action


# --- one random player per game: (first state, next action) -----------------------------------

class Scorepad:
    def start(self, draw):
        game = import_module("referee.games.scorepad")
        n = draw(st.integers(1, 4))
        players = [{"seat": i, "name": f"P{i}", "colour": None, "team": None} for i in range(n)]
        options = resolve(game.OPTIONS, {"play_to": draw(st.sampled_from([0, 50]))})
        return play.start(game, players, options)

    def action(self, draw, state):
        n = len(state["players"])
        if draw(st.integers(0, 25)) == 0:
            return {"type": "finish", "host": draw(st.booleans()), "seat": None, "at": 0}
        fields = {"type": "score", "seat": draw(st.integers(0, n - 1)), "points": draw(st.integers(-20, 30)),
                  "host": False, "at": 0}
        if state["rounds"] and draw(st.booleans()):
            fields["round"] = draw(st.integers(1, len(state["rounds"]) + 1))
        return fields


class CupQuest:
    def __init__(self):
        self.src = game_tests("cup_quest")

    def start(self, draw):
        n = draw(st.integers(2, 5))
        state = self.src.new_game(n, snipe_effect=draw(st.sampled_from(["to_start", "drop_grail", "freeze"])))
        return _timed(self.src.cq, state)

    def action(self, draw, state):
        if state["phase"] == "over":
            return None
        return self.src.random_action(_Data(draw), state)


class Quiddler:
    def __init__(self):
        self.src = game_tests("quiddler")
        self.pending = []

    def start(self, draw):
        self.pending = []
        state = self.src.new(rules=draw(st.sampled_from(["junior", "classic"])))
        return _timed(self.src.q, state)

    def action(self, draw, state):
        if not self.pending:
            self.pending = list(self.src.expanded(state, [draw(self.src.action_strategy)]))
        action = self.pending.pop(0)
        if callable(action):
            action = action(state)
        return {"host": False, "at": 1_000, **action}


class RapidList:
    def __init__(self):
        self.src = game_tests("rapid_list")
        self.at = 0

    def start(self, draw):
        self.at = self.src.T0
        return _timed(self.src.rl, self.src.started())

    def action(self, draw, state):
        if state["phase"] == "over":
            return None
        moves = self.src.legal_moves(state, self.at)
        self.at += 31_000
        return {"seat": None, "host": False, "at": self.at, **draw(st.sampled_from(moves))}


class WordPower:
    def __init__(self):
        self.src = game_tests("word_power")
        self.at = 0

    def start(self, draw):
        self.at = 0
        state = self.src.fresh(draw(st.integers(2, 4)), starting_cash=draw(st.sampled_from([2000, 20_000])),
                               royalty_chart="0:1000, 2:3000")
        return _timed(self.src.wp, state)

    def action(self, draw, state):
        action = {"at": self.at, "host": False, **self.src.random_action(state, draw)}
        self.at += draw(st.sampled_from([0, 1000, 40_000]))
        return action


class WordQuest:
    def __init__(self):
        self.src = game_tests("word_quest")

    def start(self, draw):
        names = ("Red", "Blue", "Green", "Yellow")[:draw(st.integers(2, 3))]
        state = self.src.new_game(names, challenge_cards=draw(st.integers(1, 2)), spaces=draw(st.integers(5, 12)))
        return _timed(self.src.wq, state)

    def action(self, draw, state):
        if state["phase"] == "over":
            return None
        return {"seat": None, "host": True, "at": 0, **self.src.legal_action(state, _Data(draw))}


class _Data:
    """The `data` object the games' own helpers expect (they only call data.draw)."""

    def __init__(self, draw):
        self.draw = draw


def _timed(game, state):
    """A state made by a game's own `setup`, given the platform's timer as `play.start` would."""
    return {**state, "timer": play.start(game, state["players"], _options_of(game, state))["timer"]}


def _options_of(game, state):
    return state.get("options") or resolve(game.OPTIONS, {})


PLAYERS = {"scorepad": Scorepad, "cup-quest": CupQuest, "quiddler": Quiddler, "rapid-list": RapidList,
           "word-power": WordPower, "word-quest": WordQuest}


for _name in ("cup_quest", "quiddler", "rapid_list", "word_power", "word_quest"):
    game_tests(_name)      # loaded at collection time, outside any running hypothesis test


def test_every_game_of_the_registry_has_a_random_player_here():
    assert set(PLAYERS) == set(_MODULES)


# --- the log as the store keeps it -------------------------------------------------------------

def replay(game, first: dict, log: list[dict]) -> dict:
    """The store's fold: entries as stored (JSON), 'undo' entries skip their target."""
    undone = {e["payload"]["target"] for e in log if e["type"] == "undo"}
    state = copy.deepcopy(first)
    for entry in log:
        if entry["type"] != "undo" and entry["seq"] not in undone:
            state = play.apply(game, state, json.loads(entry["stored"]))
    return state


def standing(log):
    undone = {e["payload"]["target"] for e in log if e["type"] == "undo"}
    return [e for e in log if e["type"] != "undo" and e["seq"] not in undone]


@pytest.mark.parametrize("slug", sorted(PLAYERS))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_undo_replay_and_snapshot_agree(slug, data):
    game = import_module(_MODULES[slug])      # directly: READY or not
    player = PLAYERS[slug]()
    first = player.start(data.draw)
    state, log, before = copy.deepcopy(first), [], {}
    for _ in range(STEPS):
        if log and standing(log) and data.draw(st.integers(0, 7)) == 0:
            target = standing(log)[-1]
            log.append({"seq": len(log) + 1, "type": "undo", "payload": {"target": target["seq"]}})
            state = replay(game, first, log)
            assert state == before[target["seq"]], "undo must give exactly the state before the undone action"
            continue
        action = player.action(data.draw, state)
        if action is None:
            break
        action = with_platform(data.draw, state, action)
        kept = copy.deepcopy(state)
        try:
            after = play.apply(game, state, action)
        except RefereeError:
            assert state == kept, "a rejected action changes nothing"
            continue
        assert state == kept, "apply never mutates its input"
        seq = len(log) + 1
        before[seq] = kept
        log.append({"seq": seq, "type": action["type"], "payload": action, "stored": json.dumps(action)})
        state = after
        assert json.loads(json.dumps(state)) == state, "the snapshot survives the database's JSON"
        if seq % 4 == 0:                          # folding is quadratic over a run: check every few steps
            check_fold(game, first, log, state, kept)
    if log and log[-1]["type"] != "undo":
        check_fold(game, first, log, state, before[log[-1]["seq"]])


def check_fold(game, first, log, state, previous):
    assert replay(game, first, log) == state, "the fold of the log equals the incremental state"
    undo_last = log + [{"seq": len(log) + 1, "type": "undo", "payload": {"target": log[-1]["seq"]}}]
    assert replay(game, first, undo_last) == previous, "undoing the last action gives the previous state"
