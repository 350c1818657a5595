"""The shared timer as data: server times only, so every phone computes the same."""

import pytest

from referee.engine import timer
from referee.engine.errors import RuleError


def act(t, kind, at, **fields):
    return timer.apply(t, {"type": kind, "at": at, **fields})


def test_a_started_timer_counts_down_from_the_server_start_time():
    t = act(timer.new(30_000), "timer_start", 1_000)
    assert timer.remaining(t, 1_000) == 30_000
    assert timer.remaining(t, 11_500) == 19_500
    assert not timer.is_up(t, 30_999)
    assert timer.is_up(t, 31_000)
    assert timer.deadline(t) == 31_000


def test_pause_freezes_and_resume_continues_where_it_stopped():
    t = act(timer.new(30_000), "timer_start", 0)
    t = act(t, "timer_pause", 10_000)
    assert timer.remaining(t, 50_000) == 20_000
    t = act(t, "timer_resume", 60_000)
    assert timer.remaining(t, 65_000) == 15_000
    assert timer.deadline(t) == 80_000


def test_add_time_and_set_length():
    t = act(act(timer.new(30_000), "timer_start", 0), "timer_add", 5_000, seconds=10)
    assert timer.remaining(t, 5_000) == 35_000
    t = act(t, "timer_set", 6_000, seconds=90)
    assert t == timer.new(90_000)


def test_reset_stops_and_restores_the_full_length():
    t = act(act(timer.new(30_000), "timer_start", 0), "timer_reset", 7_000)
    assert t == timer.new(30_000) and not timer.is_up(t, 10**9)


def test_pausing_a_stopped_timer_is_refused():
    with pytest.raises(RuleError):
        act(timer.new(), "timer_pause", 0)


def test_a_phone_with_a_skewed_clock_shows_the_same_time_once_it_knows_its_offset():
    # referee.js asks /api/time and takes offset = server_now - midpoint of its own send and
    # receive times. With a clock 93.4 s fast and an asymmetric round trip (80 ms out,
    # 40 ms back) the countdown it shows differs from the server's by at most half the RTT.
    t = act(timer.new(30_000), "timer_start", 1_000_000)
    skew, out, back = 93_400, 80, 40
    phone_sent = 1_005_000 + skew                  # phone clock when it asked
    server_now = 1_005_000 + out                   # server clock when it answered
    phone_got = phone_sent + out + back
    offset = server_now - (phone_sent + phone_got) / 2
    later_phone_clock = phone_got + 7_000
    true_server_time = server_now + back + 7_000
    shown = timer.remaining(t, int(later_phone_clock + offset))
    assert abs(shown - timer.remaining(t, true_server_time)) <= (out + back) / 2
