"""Score pad rules: rounds, running totals, negatives, lowest wins, teams, play-to."""

import pytest

from referee.engine import play
from referee.engine.errors import BadAction, RuleError
from referee.engine.options import resolve
from referee.games import scorepad as pad


def players(*names, teams=None):
    return [{"seat": i, "name": n, "colour": None, "team": teams[i] if teams else None} for i, n in enumerate(names)]


def new(*names, teams=None, **options):
    return pad.setup(players(*names, teams=teams), resolve(pad.OPTIONS, options))


def score(state, seat, points, **extra):
    return pad.apply(state, {"type": "score", "seat": seat, "points": points, **extra})


def test_each_score_goes_into_that_players_next_empty_round():
    s = score(score(score(new("Ann", "Ben"), 0, 5), 0, 7), 1, 3)
    assert s["rounds"] == [{"0": 5, "1": 3}, {"0": 7}]
    assert pad.totals(s) == {"0": 12, "1": 3}


def test_negative_points_are_allowed_and_a_typed_minus_sign_is_understood():
    s = score(score(new("Ann", "Ben"), 0, "-5"), 1, "\u22123")
    assert pad.totals(s) == {"0": -5, "1": -3}


def test_a_past_round_can_be_corrected():
    s = score(score(new("Ann", "Ben"), 0, 5), 0, 9, round=1)
    assert s["rounds"] == [{"0": 9}]


def test_highest_total_wins_by_default_and_ties_share_the_place():
    s = score(score(score(new("Ann", "Ben", "Cat"), 0, 5), 1, 5), 2, 1)
    s = pad.apply(s, {"type": "finish", "host": True, "seat": None})
    result = pad.outcome(s)
    assert result["winners"] == [0, 1]
    assert result["places"] == {"0": 1, "1": 1, "2": 3}


def test_lowest_wins_option_reverses_the_order():
    s = score(score(new("Ann", "Ben", lowest_wins=True), 0, 5), 1, 2)
    assert [row["name"] for row in pad.standings(s)] == ["Ben", "Ann"]


def test_by_team_players_of_a_team_share_one_column():
    s = new("Ann", "Ben", "Cat", teams=["Red", "Blue", "Red"], by_team=True)
    s = score(score(s, 0, 4), 2, 6)
    assert pad.entrants(s) == ["Red", "Blue"]
    assert s["rounds"] == [{"Red": 4}, {"Red": 6}]


def test_by_team_needs_every_player_in_a_team():
    with pytest.raises(BadAction):
        new("Ann", "Ben", by_team=True)


def test_play_to_ends_the_game_when_the_round_is_complete():
    s = score(new("Ann", "Ben", play_to=10), 0, 12)
    assert pad.outcome(s) is None          # Ben has not scored this round yet
    s = score(s, 1, 3)
    assert pad.outcome(s)["winners"] == [0]


def test_points_must_be_a_whole_number_of_sensible_size():
    s = new("Ann", "Ben")
    for bad in ("abc", "1.5", 10**9, "", True):
        with pytest.raises(BadAction):
            score(s, 0, bad)


def test_only_the_host_can_finish():
    with pytest.raises(RuleError):
        pad.apply(new("Ann", "Ben"), {"type": "finish", "seat": 0, "host": False})


def test_apply_never_changes_the_state_it_was_given():
    s = new("Ann", "Ben")
    before = repr(s)
    score(s, 0, 5)
    assert repr(s) == before


def test_after_the_end_no_more_scores():
    s = pad.apply(new("Ann", "Ben"), {"type": "finish", "host": True, "seat": None})
    with pytest.raises(RuleError):
        score(s, 0, 1)


def test_host_ending_a_game_gives_places_from_the_standings():
    s = play.start(pad, players("Ann", "Ben"), {**resolve(pad.OPTIONS, {}), "timer_seconds": 0})
    s = play.apply(pad, s, {"type": "score", "seat": 1, "points": 4, "at": 1})
    s = play.apply(pad, s, {"type": "end_game", "host": True, "seat": None, "at": 2})
    assert play.outcome(pad, s)["winners"] == [1]
    with pytest.raises(RuleError):
        play.apply(pad, s, {"type": "score", "seat": 0, "points": 1, "at": 3})
