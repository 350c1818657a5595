"""Rapid List rules engine: one test per rule of the text, plus scenarios and properties."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee.games.rapid_list as rl
from referee.engine.dice import fill
from referee.engine.errors import BadAction, RuleError
from referee.engine.options import resolve

T0 = 1_700_000_000_000
NAMES = ("Ann", "Ben", "Cy")


# --- helpers -------------------------------------------------------------------------

def players(*names, teams=None):
    return [{"seat": i, "name": n, "colour": None, "team": teams[i] if teams else None}
            for i, n in enumerate(names)]


def new_game(names=NAMES, teams=None, **options):
    return rl.setup(players(*names, teams=teams), resolve(rl.OPTIONS, options))


def act(state, kind, seat=None, host=False, at=T0, **fields):
    return rl.apply(state, {"type": kind, "seat": seat, "host": host, "at": at, **fields})


def started(names=NAMES, order=None, reader=0, **options):
    state = new_game(names, **options)
    order = order or [str(i) for i in range(len(names))]
    return act(state, "begin", host=True, order=order, reader=reader)


def writing(state, number=1, at=T0):
    state = act(state, "question", seat=None, host=True, number=number, at=at)
    return act(state, "question_read", host=True, at=at)


def time_up(state, at=T0):
    return at + state["options"]["timer_seconds"] * 1000


def bid_all(state, cards_by_seat, at=None):
    at = at or time_up(state, T0)
    for seat, cards in cards_by_seat.items():
        state = act(state, "bid", seat=seat, cards=cards, at=at)
    return state


def put(state, seat, space, arrived):
    """A test state with a cube placed by hand."""
    state = copy.deepcopy(state)
    state["cubes"][str(seat)] = {"space": space, "arrived": arrived}
    state["next_arrival"] = max(state["next_arrival"], arrived + 1)
    return state


def new_round_with(state, **spaces):
    """Cubes set by hand, then the round restarted as the engine would (challenge check)."""
    state = copy.deepcopy(state)
    for i, (seat, space) in enumerate(spaces.items()):
        state["cubes"][seat.lstrip("s")] = {"space": space, "arrived": 100 + i}
    state["next_arrival"] = 200
    state["round"] -= 1
    rl.rounds.start_round(state, state["question_reader"])
    return state


def bidding(state, cards_by_seat):
    return bid_all(writing(state), cards_by_seat)


def at_reading(**spaces_and_bids):
    """Three players; cubes and bids given; bids revealed."""
    return bidding(started(), spaces_and_bids)


# --- setup ---------------------------------------------------------------------------

def test_two_to_eight_players_each_with_a_cube():
    state = new_game(("A", "B"))
    assert [r["id"] for r in state["racers"]] == ["0", "1"]
    assert len(new_game(tuple("ABCDEFGH"))["racers"]) == 8


def test_one_player_is_not_enough():
    with pytest.raises(BadAction, match="at least 2 players"):
        new_game(("Ann",))


def test_more_than_eight_players_must_play_in_teams():
    with pytest.raises(BadAction, match="play in teams"):
        new_game(tuple("ABCDEFGHI"))


def test_play_in_teams_up_to_eight_teams_one_cube_per_team():
    state = new_game(tuple("ABCDEFGHIJ"), teams=list("RRBBGGYYPP"), by_team=True)
    assert [(r["id"], r["seats"]) for r in state["racers"]][:2] == [("R", [0, 1]), ("B", [2, 3])]
    with pytest.raises(BadAction, match="at most 8 teams"):
        new_game(tuple("ABCDEFGHI"), teams=list("123456789"), by_team=True)


def test_a_team_member_bids_for_the_team():
    state = new_game(("A", "B", "C", "D"), teams=["R", "R", "B", "B"], by_team=True)
    state = writing(act(state, "begin", host=True, order=["R", "B"], reader=0))
    state = act(state, "bid", seat=1, cards=[3], at=time_up(state))
    assert state["bids"]["R"]["total"] == 3


def test_track_is_start_eight_normal_spaces_four_challenge_spaces_finish():
    track = new_game()["track"]
    assert track["cards"] == ["start"] + ["normal"] * 8 + ["challenge"] * 4 + ["finish"]
    assert track["finish"] == 13 and track["challenges"] == [9, 10, 11, 12]


def test_track_can_be_varied_with_more_or_fewer_cards_and_challenges_in_the_middle():
    track = new_game(normal_spaces=10, challenge_spaces=3, challenge_at="6, 12 13")["track"]
    assert track["finish"] == 14 and track["challenges"] == [6, 12, 13]


def test_challenge_spaces_not_too_close_to_the_start_card():
    with pytest.raises(BadAction, match="close to START"):
        new_game(challenge_at="2, 10, 11, 12")
    with pytest.raises(BadAction, match="close to START"):
        new_game(normal_spaces=1, challenge_spaces=4)


def test_challenge_spaces_listed_must_match_the_count():
    with pytest.raises(BadAction, match="name 2 spaces"):
        new_game(challenge_at="10, 11")
    with pytest.raises(BadAction, match="from 1 to 12"):
        new_game(challenge_at="10, 11, 12, 13")


def test_cubes_placed_on_start_in_a_random_order_drawn_by_the_app():
    state = new_game()
    needs = rl.random_needs(state, {"type": "begin"})
    assert sorted(needs["order"]["shuffle"]) == ["0", "1", "2"]
    state = act(state, "begin", host=True, order=["2", "0", "1"], reader=0)
    assert rl.stacks(state) == {"0": ["2", "0", "1"]}
    assert all(c["space"] == 0 for c in state["cubes"].values())


def test_starting_order_must_list_every_cube_once():
    with pytest.raises(BadAction, match="every cube once"):
        act(new_game(), "begin", host=True, order=["0", "0", "1"], reader=0)


def test_starting_order_is_logged():
    state = new_game()
    line = rl.describe({"type": "begin", "host": True, "at": T0, "order": ["1", "0", "2"], "reader": 2}, state)
    assert "Ben, Ann and Cy" in line and "Cy is the reader" in line


@pytest.mark.parametrize("age,spaces", [(9, 6), (10, 4), (11, 2), (12, 0), (15, 0), (7, 6)])
def test_head_start_six_spaces_at_nine_two_fewer_for_each_year_after(age, spaces):
    assert rl.head_start_for(age) == spaces
    state = act(new_game(), "head_start", seat=1, host=True, age=age)
    assert state["head_start"] == {"1": spaces}


def test_head_start_editable_by_the_host_in_spaces_and_moves_the_cube_at_the_start():
    state = act(new_game(), "head_start", seat=0, host=True, spaces=3)
    state = act(state, "begin", host=True, order=["0", "1", "2"], reader=0)
    assert state["cubes"]["0"]["space"] == 3 and state["cubes"]["1"]["space"] == 0
    with pytest.raises(RuleError, match="Only the host"):
        act(new_game(), "head_start", seat=0, spaces=3)
    with pytest.raises(BadAction, match="between 0 and 12"):
        act(new_game(), "head_start", seat=0, host=True, spaces=13)


def test_head_start_typed_in_spaces_overrules_the_age_and_one_of_them_is_needed():
    assert act(new_game(), "head_start", seat=0, host=True, age="9", spaces="2")["head_start"] == {"0": 2}
    assert act(new_game(), "head_start", seat=0, host=True, age="10", spaces="")["head_start"] == {"0": 4}
    with pytest.raises(BadAction, match="Type Ann's age or a head start in spaces"):
        act(new_game(), "head_start", seat=0, host=True, age="", spaces="")


def test_head_start_from_an_age_never_reaches_finish_on_a_short_track():
    state = new_game(normal_spaces=3, challenge_spaces=1)                  # FINISH is space 5
    state = act(state, "head_start", seat=0, host=True, age=9)
    assert state["head_start"] == {"0": 4}
    state = act(state, "begin", host=True, order=["0", "1", "2"], reader=0)
    assert state["cubes"]["0"]["space"] == 4 and state["phase"] == "roll"


def test_first_reader_chosen_by_any_method_tapped_or_drawn_by_the_app():
    state = new_game()
    assert rl.random_needs(state, {"type": "begin"})["reader"] == {"pick": [0, 1, 2]}
    filled = fill({"type": "begin", "reader": 2}, rl.random_needs(state, {"type": "begin"}))
    assert filled["reader"] == 2
    assert act(state, "begin", host=True, order=["0", "1", "2"], reader=2)["question_reader"] == "2"


def test_for_every_round_after_the_reader_is_the_next_clockwise_player():
    state = started(names=("Ann", "Ben", "Cy", "Dee"), reader=1)
    readers = []
    for _ in range(4):
        state = bidding(state, {0: [1], 1: [2], 2: [3], 3: [4]})
        for seat in (0, 1, 2, 3):
            state = act(state, "read", seat=seat, met=False)
        readers.append(state["question_reader"])
    assert state["round"] == 5 and readers == ["2", "3", "0", "1"]     # the left neighbour, round the table


# --- the question --------------------------------------------------------------------

def test_reader_rolls_the_six_sided_die_for_the_question():
    state = started(reader=1)
    assert rl.random_needs(state, {"type": "question"}) == {"number": {"die": 6}}
    state = act(state, "question", seat=1, number="4")
    assert state["question"] == 4 and state["phase"] == "question"


def test_only_the_reader_rolls_for_the_question():
    with pytest.raises(RuleError, match="Ben is the reader"):
        act(started(reader=1), "question", seat=0, number=4)


def test_question_number_is_one_to_six():
    with pytest.raises(BadAction, match="between 1 and 6"):
        act(started(), "question", seat=0, number=7)


def test_variant_reader_chooses_the_question_instead_of_the_die():
    state = started(reader_chooses=True)
    assert rl.random_needs(state, {"type": "question"}) == {}
    assert act(state, "question", seat=0, number=5)["question"] == 5


# --- the 30-second timer -------------------------------------------------------------

def test_timer_starts_immediately_when_the_question_has_been_read():
    state = act(act(started(), "question", seat=0, number=2), "question_read", seat=0, at=T0 + 500)
    assert state["phase"] == "writing"
    assert state["timer"] == {"duration": 30_000, "started": T0 + 500, "paused": None, "elapsed": 0}


def test_timer_duration_is_editable():
    assert writing(started(timer_seconds=45))["timer"]["duration"] == 45_000


def test_stop_is_refused_while_time_is_left_but_the_host_may_stop_early():
    state = writing(started())
    with pytest.raises(RuleError, match="10 seconds left"):
        act(state, "time_up", seat=1, at=T0 + 20_000)
    assert act(state, "time_up", seat=1, at=T0 + 30_000)["phase"] == "bidding"
    assert act(state, "time_up", host=True, at=T0 + 1_000)["phase"] == "bidding"


def test_bids_are_placed_only_after_the_timer_ends():
    state = writing(started())
    with pytest.raises(RuleError, match="when the time is up"):
        act(state, "bid", seat=0, cards=[3], at=T0 + 29_999)
    assert act(state, "bid", seat=0, cards=[3], at=T0 + 30_000)["phase"] == "bidding"


# --- sealed bids ---------------------------------------------------------------------

def test_bid_is_the_sum_of_one_or_more_bid_cards_up_to_21():
    state = writing(started())
    state = act(state, "bid", seat=0, cards="6, 5, 4, 3, 2, 1", at=time_up(state))
    assert state["bids"]["0"] == {"cards": [1, 2, 3, 4, 5, 6], "total": 21}


@pytest.mark.parametrize("cards,message", [([], "one or more"), ([7], "between 1 and 6"), ([3, 3], "only once"),
                                           ("x", "whole number")])
def test_bid_cards_are_the_six_cards_one_to_six_each_once(cards, message):
    state = writing(started())
    with pytest.raises(BadAction, match=message):
        act(state, "bid", seat=0, cards=cards, at=time_up(state))


def test_sealed_bids_hidden_from_other_seats_until_all_are_revealed():
    state = bid_all(writing(started()), {0: [4], 1: [2, 1]})
    assert rl.view(state, 0, False)["bids"] == {"0": {"cards": [4], "total": 4}}
    assert rl.view(state, 2, False)["bids"] == {}
    assert rl.view(state, None, True)["bids"] == {}
    assert rl.view(state, 2, True)["bids"] == {}
    assert rl.view(state, 2, False)["bids_in"] == ["0", "1"]
    assert "4" not in json.dumps(rl.view(state, 1, False)["bids"])


def test_log_line_of_a_sealed_bid_does_not_show_the_amount():
    state = writing(started())
    line = rl.describe({"type": "bid", "seat": 0, "host": False, "at": time_up(state), "cards": [5]}, state)
    assert line == "Ann placed a sealed bid"


def test_all_bids_are_revealed_at_once_when_the_last_is_in():
    state = bid_all(writing(started()), {0: [4], 1: [2]})
    assert not state["revealed"]
    before = state
    state = act(state, "bid", seat=2, cards=[1], at=time_up(state))
    assert state["revealed"] and state["phase"] == "reading"
    assert rl.view(state, 2, False)["bids"]["0"]["total"] == 4
    line = rl.describe({"type": "bid", "seat": 2, "at": time_up(state), "cards": [1]}, before)
    assert "Bids revealed: Cy 1, Ben 2, Ann 4" in line


def test_a_bid_may_be_changed_until_the_reveal():
    state = bid_all(writing(started()), {0: [4]})
    assert act(state, "bid", seat=0, cards=[1], at=time_up(state))["bids"]["0"]["total"] == 1
    state = bid_all(state, {1: [2], 2: [3]})
    with pytest.raises(RuleError, match="bids have been revealed"):
        act(state, "bid", seat=0, cards=[1], at=time_up(state))


def test_everyone_writes_and_bids_including_the_reader_and_the_host():
    state = writing(started(reader=1))
    assert {"write", "bid"} <= set(rl.choices(state, 1, False))
    assert {"write", "bid"} <= set(rl.choices(state, 0, True))
    state = act(state, "write", seat=1, word="owl", at=T0 + 1)
    state = bid_all(state, {1: [2], 0: [1], 2: [3]})
    assert state["reading_order"] == ["0", "1", "2"]


def test_host_may_reveal_early_and_players_without_a_bid_sit_the_round_out():
    state = bid_all(writing(started()), {0: [4], 1: [2]})
    with pytest.raises(RuleError, match="Only the host"):
        act(state, "reveal", seat=0, at=time_up(state))
    state = act(state, "reveal", host=True, at=time_up(state))
    assert state["reading_order"] == ["1", "0"]
    state = act(act(state, "read", seat=1, met=True), "read", seat=0, met=True)
    assert state["round"] == 2 and state["cubes"]["2"]["space"] == 0


def test_all_six_bid_cards_are_back_in_the_hand_every_round_by_default():
    state = bidding(started(), {0: [6, 5], 1: [1], 2: [2]})
    assert state["hands"]["0"] == [1, 2, 3, 4, 5, 6]


def test_option_played_bid_cards_stay_out_until_the_hand_is_empty():
    state = bidding(started(spend_cards=True), {0: [6, 5], 1: [1, 2, 3, 4, 5, 6], 2: [2]})
    assert state["hands"] == {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4, 5, 6], "2": [1, 3, 4, 5, 6]}
    for seat in (2, 0, 1):
        state = act(state, "read", seat=seat, met=False)
    state = writing(state)
    with pytest.raises(RuleError, match="no longer holds Bid Card 6; their hand is 1, 2, 3, 4"):
        act(state, "bid", seat=0, cards=[6], at=time_up(state))


# --- Double --------------------------------------------------------------------------

def test_double_met_bid_moves_twice_as_many_spaces():
    state = act(writing(started()), "double", seat=0, at=T0 + 1000)
    state = bid_all(state, {0: [3], 1: [5], 2: [6]})
    state = act(state, "read", seat=0, met=True)
    assert state["cubes"]["0"]["space"] == 6


def test_double_not_met_stays():
    state = act(writing(started()), "double", seat=0, at=T0)
    state = act(bid_all(state, {0: [3], 1: [5], 2: [6]}), "read", seat=0, met=False)
    assert state["cubes"]["0"]["space"] == 0 and "0" in state["double_used"]


def test_double_only_once_per_game():
    state = act(writing(started()), "double", seat=0, at=T0)
    with pytest.raises(RuleError, match="already declared Double this round"):
        act(state, "double", seat=0, at=T0)
    state = bid_all(state, {0: [3], 1: [5], 2: [6]})
    for seat in (0, 1, 2):
        state = act(state, "read", seat=seat, met=False)
    with pytest.raises(RuleError, match="already used their Double in this game"):
        act(writing(state), "double", seat=0, at=T0)


def test_double_can_be_declared_right_after_the_question_is_read():
    state = act(started(), "question", seat=0, number=1)
    assert act(state, "double", seat=1, at=T0)["doubled"] == ["1"]
    with pytest.raises(RuleError, match="only right after the question is read"):
        act(started(), "double", seat=1, at=T0)
    with pytest.raises(RuleError, match="first 5 seconds"):
        act(act(state, "question_read", seat=0, at=T0), "double", seat=1, at=T0 + 5_001)


def test_double_cannot_be_declared_on_a_challenge_space():
    state = act(new_round_with(started(), s0=10, s1=2, s2=2), "question", seat=0, number=1)
    with pytest.raises(RuleError, match="Ann is on a challenge space and cannot declare Double"):
        act(state, "double", seat=0, at=T0)


def test_table_may_play_without_double():
    state = act(started(double=False), "question", seat=0, number=1)
    with pytest.raises(RuleError, match="without Double"):
        act(state, "double", seat=0, at=T0)


# --- rejecting a question (variant) ----------------------------------------------------

def test_variant_reject_a_question_and_the_next_on_the_card_is_read_instead():
    state = act(started(reject_once=True), "question", seat=0, number=6)
    state = act(state, "reject", seat=2, at=T0)
    assert state["question"] == 1 and state["phase"] == "question"
    assert act(state, "reject", seat=1, at=T0)["question"] == 2


def test_each_player_may_reject_a_question_only_once_per_game():
    state = act(act(started(reject_once=True), "question", seat=0, number=2), "reject", seat=2, at=T0)
    with pytest.raises(RuleError, match="Cy has already rejected a question in this game"):
        act(state, "reject", seat=2, at=T0)


def test_rejecting_is_off_unless_the_table_plays_the_variant():
    with pytest.raises(RuleError, match="without rejecting"):
        act(act(started(), "question", seat=0, number=2), "reject", seat=2, at=T0)


def test_rejecting_during_the_first_seconds_stops_the_timer_clears_lists_and_returns_doubles():
    state = writing(started(reject_once=True))
    state = act(act(state, "double", seat=0, at=T0 + 100), "write", seat=1, word="cat", at=T0 + 200)
    state = act(state, "reject", seat=1, at=T0 + 2_000)
    assert state["timer"]["started"] is None and state["phase"] == "question"
    assert state["doubled"] == [] and state["double_used"] == [] and state["lists"]["1"] == []


# --- the reading order ----------------------------------------------------------------

def test_lower_bid_reads_first():
    state = at_reading(**{"0": [5], "1": [1, 2], "2": [1]})
    assert state["reading_order"] == ["2", "1", "0"] and state["reading_now"] == "2"


def test_same_bid_the_player_closest_to_start_reads_first():
    state = new_round_with(started(), s0=4, s1=2, s2=7)
    state = bidding(state, {0: [3], 1: [3], 2: [1]})
    assert state["reading_order"] == ["2", "1", "0"]


def test_closest_to_start_decides_before_the_darker_part_of_a_space():
    # Ann is nearer START but sits at the light end; Ben is further on but at the dark end of his space.
    state = put(put(put(started(), 0, 2, 10), 1, 4, 11), 2, 6, 12)
    state = bidding(state, {0: [3], 1: [3], 2: [3]})
    assert state["reading_order"] == ["0", "1", "2"]


def test_still_tied_the_cube_nearer_the_darker_part_of_the_space_reads_first():
    state = put(put(started(), 0, 3, 10), 1, 3, 11)
    state = bidding(state, {0: [3], 1: [3], 2: [4]})
    assert state["reading_order"][:2] == ["1", "0"]


def test_on_start_the_last_cube_placed_sits_darkest_and_reads_first_on_a_tie():
    state = bidding(started(order=["1", "2", "0"]), {0: [2], 1: [2], 2: [2]})
    assert state["reading_order"] == ["0", "2", "1"]


def test_reading_order_shown_to_everyone_after_the_reveal():
    state = at_reading(**{"0": [5], "1": [2], "2": [1]})
    assert rl.view(state, 0, False)["reading_order"] == ["2", "1", "0"]


def test_only_the_current_reader_may_read():
    state = at_reading(**{"0": [5], "1": [2], "2": [1]})
    with pytest.raises(RuleError, match="It is Cy's turn to read, not Ann's"):
        act(state, "read", seat=0, met=True)


# --- moving the cubes ------------------------------------------------------------------

def test_met_bid_moves_the_cube_that_many_spaces_forward():
    state = act(at_reading(**{"0": [5], "1": [2], "2": [1, 3]}), "read", seat=1, met="yes")
    assert state["cubes"]["1"]["space"] == 2 and state["results"]["1"] == {"met": True, "moved": 2}


def test_read_report_must_say_whether_the_bid_was_met():
    state = at_reading(**{"0": [5], "1": [2], "2": [1]})
    for missing in ({}, {"met": ""}, {"met": None}):
        with pytest.raises(BadAction, match="Say whether Cy read as many words as they bid"):
            act(state, "read", seat=2, **missing)
    with pytest.raises(BadAction, match="yes or no"):
        act(state, "read", seat=2, met="maybe")


def test_bid_not_met_the_reader_still_reads_and_those_words_are_crossed_out():
    state = typed_then_read({0: [2], 1: [4], 2: [6]})
    state = act(state, "say", seat=0, word="tiger")          # Ann bid 2 but has only one word left
    state = act(state, "read", seat=0, met=False)
    assert state["cubes"]["0"]["space"] == 0 and state["results"]["0"] == {"met": False, "moved": 0}
    assert state["lists"]["2"][1] == {"word": "tiger", "struck": True, "circled": False}
    with pytest.raises(RuleError, match="already read by Ann"):
        act(state, "say", seat=1, word="Tiger")


def test_bid_not_fulfilled_the_cube_stands_still():
    state = act(at_reading(**{"0": [5], "1": [2], "2": [1, 3]}), "read", seat=1, met=False)
    assert state["cubes"]["1"]["space"] == 0 and state["reading_now"] == "2"


def test_cube_moving_into_an_empty_space_sits_in_its_lightest_part():
    # Ben was darkest on his old space (arrived last); alone on space 2 he now sits at its light end,
    # so Ann, who arrives on space 2 later in the round, goes darker than him and reads first on a tie.
    state = put(put(started(), 1, 0, 50), 0, 0, 10)
    state = act(bidding(state, {0: [2], 1: [2], 2: [1, 3]}), "read", seat=1, met=True)
    assert rl.stacks(state)["2"] == ["1"]
    state = act(act(state, "read", seat=0, met=True), "read", seat=2, met=False)
    assert rl.stacks(state)["2"] == ["1", "0"]
    state = bidding(state, {0: [3], 1: [3], 2: [4]})
    assert state["reading_order"][:2] == ["0", "1"]


def test_cube_moving_into_an_occupied_space_goes_to_the_darker_side_below_the_others():
    state = at_reading(**{"0": [2], "1": [2], "2": [1, 3]})
    state = act(act(state, "read", seat=1, met=True), "read", seat=0, met=True)
    assert rl.stacks(state)["2"] == ["1", "0"]
    assert rl.view(state, 2, False)["stacks"]["2"] == ["1", "0"]


# --- challenge spaces ------------------------------------------------------------------

def test_leading_cube_on_a_challenge_space_draws_a_challenge_card_at_the_start_of_a_round():
    state = new_round_with(started(), s0=9, s1=4, s2=2)
    assert state["challenged"] == ["0"] and rl.choices(state, 0, False)[0] == "challenge_card"
    state = act(state, "challenge_card", seat=0, text="Only words with an E")
    assert state["challenge_card"] == "Only words with an E"


def test_several_players_tied_for_the_lead_all_follow_the_challenge():
    assert new_round_with(started(), s0=10, s1=10, s2=2)["challenged"] == ["0", "1"]


def test_only_the_leader_draws_when_others_are_on_challenge_spaces():
    state = new_round_with(started(), s0=9, s1=5, s2=11)
    assert state["challenged"] == ["2"]
    assert new_round_with(started(challenge_at="5, 10, 11, 12"), s0=8, s1=5, s2=2)["challenged"] == []


def test_head_start_onto_a_challenge_space_draws_in_round_one():
    state = act(new_game(challenge_at="4, 10, 11, 12"), "head_start", seat=1, host=True, spaces=4)
    state = act(state, "begin", host=True, order=["0", "1", "2"], reader=0)
    assert state["round"] == 1 and state["challenged"] == ["1"]
    with pytest.raises(RuleError, match="Ben is on a challenge space and cannot declare Double"):
        act(act(state, "question", host=True, number=2), "double", seat=1, at=T0)


def test_variant_everyone_on_a_challenge_space_plays_with_the_challenge():
    state = new_round_with(started(all_challenged=True), s0=9, s1=5, s2=11)
    assert state["challenged"] == ["0", "2"]


def test_challenge_card_is_recorded_only_by_a_player_who_must_draw_or_the_host():
    state = new_round_with(started(), s0=9, s1=4, s2=2)
    with pytest.raises(RuleError, match="Ann must draw the Challenge Card"):
        act(state, "challenge_card", seat=1, text="x")
    with pytest.raises(RuleError, match="Nobody is on a challenge space"):
        act(started(), "challenge_card", host=True, text="x")


def test_challenge_check_happens_when_the_reading_ends():
    state = new_round_with(started(), s0=6, s1=0, s2=0)
    state = bidding(state, {0: [3], 1: [5], 2: [6]})
    for seat in (0, 1, 2):
        state = act(state, "read", seat=seat, met=seat == 0)
    assert state["cubes"]["0"]["space"] == 9 and state["challenged"] == ["0"]
    assert "Ann must draw a Challenge Card" in rl.describe(
        {"type": "read", "seat": 2, "at": T0, "met": False}, act(act(bidding(
            new_round_with(started(), s0=6, s1=0, s2=0), {0: [3], 1: [5], 2: [6]}),
            "read", seat=0, met=True), "read", seat=1, met=False))


# --- the finish ------------------------------------------------------------------------

def finishing(**spaces):
    return new_round_with(started(), **spaces)


def test_game_ends_in_the_round_a_cube_reaches_finish_after_all_readers():
    state = bidding(finishing(s0=11, s1=3, s2=3), {0: [2], 1: [3], 2: [4]})
    state = act(state, "read", seat=0, met=True)
    assert rl.outcome(state) is None and state["reading_now"] == "1"
    state = act(act(state, "read", seat=1, met=True), "read", seat=2, met=True)
    assert state["phase"] == "over" and rl.outcome(state)["winners"] == [0]
    with pytest.raises(RuleError, match="over"):
        act(state, "question", host=True, number=1)


def test_winner_moved_furthest_onto_or_beyond_finish():
    state = bidding(finishing(s0=11, s1=10, s2=3), {0: [2], 1: [5], 2: [1]})
    for seat in (2, 0, 1):
        state = act(state, "read", seat=seat, met=True)
    result = rl.outcome(state)
    assert result["winners"] == [1] and result["places"] == {"0": 2, "1": 1, "2": 3}
    assert result["summary"] == "Ben wins, 2 beyond FINISH."


def test_tie_for_final_position_the_player_who_moved_furthest_this_turn_wins():
    state = bidding(finishing(s0=11, s1=9, s2=3), {0: [3], 1: [5], 2: [1]})
    for seat in (2, 0, 1):
        state = act(state, "read", seat=seat, met=True)
    assert state["cubes"]["0"]["space"] == state["cubes"]["1"]["space"] == 14
    assert rl.outcome(state)["winners"] == [1] and rl.outcome(state)["places"] == {"0": 2, "1": 1, "2": 3}
    assert rl.outcome(state)["summary"] == "Ben wins, 1 beyond FINISH, with the longer move this turn (5 against Ann's 3)."
    assert rl.standings(state)[0]["detail"] == "1 beyond FINISH, moved 5 spaces this turn"


def test_same_position_and_same_distance_share_the_victory_and_high_five():
    state = bidding(finishing(s0=10, s1=10, s2=3), {0: [4], 1: [4], 2: [1]})
    for seat in (2, 1, 0):
        state = act(state, "read", seat=seat, met=True)
    result = rl.outcome(state)
    assert result["winners"] == [0, 1] and "share the victory" in result["summary"]
    assert "high five" in result["summary"]


def test_standings_rank_the_cubes_by_space():
    state = finishing(s0=4, s1=9, s2=0)
    rows = rl.standings(state)
    assert [(r["name"], r["score"], r["place"]) for r in rows] == [("Ben", 9, 1), ("Ann", 4, 2), ("Cy", 0, 3)]
    assert rows[0]["detail"] == "on space 9 (challenge)" and rows[2]["detail"] == "on START"


# --- word lists on phones --------------------------------------------------------------

def test_words_are_typed_while_the_timer_runs():
    state = act(writing(started()), "write", seat=0, word="  Giraffe ", at=T0 + 1000)
    assert state["lists"]["0"] == [{"word": "Giraffe", "struck": False, "circled": False}]
    with pytest.raises(RuleError, match="already on Ann's list"):
        act(state, "write", seat=0, word="giraffe", at=T0 + 1000)
    assert act(state, "erase", seat=0, word="GIRAFFE", at=T0 + 2000)["lists"]["0"] == []


def test_typing_closes_when_the_server_says_time_is_up():
    state = writing(started())
    with pytest.raises(RuleError, match="Time is up"):
        act(state, "write", seat=0, word="lion", at=T0 + 30_000)
    with pytest.raises(RuleError, match="only while the timer runs"):
        act(act(started(), "question", seat=0, number=1), "write", seat=0, word="lion", at=T0)


def test_other_players_word_lists_are_hidden():
    state = act(writing(started()), "write", seat=0, word="lion", at=T0 + 1000)
    assert rl.view(state, 1, False)["lists"] == {"1": []}
    assert rl.view(state, None, True)["lists"] == {}
    assert rl.view(state, 0, False)["lists"]["0"][0]["word"] == "lion"


def typed_then_read(bids):
    state = writing(started())
    for seat, word in [(0, "Lion"), (0, "tiger"), (1, " lion "), (2, "LION"), (2, "tiger")]:
        state = act(state, "write", seat=seat, word=word, at=T0 + 1000)
    return bid_all(state, bids)


def test_word_read_is_crossed_out_on_the_other_lists_ignoring_case_and_spaces():
    state = act(typed_then_read({0: [1], 1: [2], 2: [3]}), "say", seat=0, word="lion")
    assert state["lists"]["0"][0] == {"word": "Lion", "struck": False, "circled": True}
    assert state["lists"]["1"][0]["struck"] and state["lists"]["2"][0]["struck"]
    assert not state["lists"]["2"][1]["struck"]


def test_a_word_already_read_cannot_be_read_again():
    state = act(typed_then_read({0: [1], 1: [2], 2: [3]}), "say", seat=0, word="lion")
    state = act(state, "read", seat=0, met=True)
    with pytest.raises(RuleError, match="'LION' was already read by Ann"):
        act(state, "say", seat=1, word="LION")


def test_a_crossed_out_word_cannot_be_read():
    state = typed_then_read({0: [1], 1: [2], 2: [3]})
    state = act(act(state, "read", seat=0, met=True), "read", seat=1, met=False)
    state = act(state, "strike", seat=2, host=True, word="TIGER")
    with pytest.raises(RuleError, match="crossed out on Cy's list"):
        act(state, "say", seat=2, word="tiger ")


def test_a_reader_reads_as_many_words_as_the_bid_and_no_more():
    state = act(typed_then_read({0: [1], 1: [2], 2: [3]}), "say", seat=0, word="lion")
    with pytest.raises(RuleError, match="Ann bid 1 and has read 1 words: no more"):
        act(state, "say", seat=0, word="tiger")


def test_host_can_cross_out_or_restore_a_word_by_hand():
    state = act(typed_then_read({0: [1], 1: [2], 2: [3]}), "say", seat=0, word="lion")
    state = act(state, "strike", seat=2, host=True, word="lion", struck=False)
    assert not state["lists"]["2"][0]["struck"]
    state = act(state, "strike", seat=2, host=True, word="tiger")
    assert state["lists"]["2"][1]["struck"]
    with pytest.raises(RuleError, match="Only the host"):
        act(state, "strike", seat=2, word="tiger")
    assert set(rl.view(state, 1, True)["lists"]) == {"0", "1", "2"}


def test_a_typed_list_holds_at_most_200_words():
    state = writing(started())
    state["lists"]["0"] = [{"word": f"w{i}", "struck": False, "circled": False} for i in range(200)]
    with pytest.raises(RuleError, match="Ann's list is full"):
        act(state, "write", seat=0, word="one more", at=T0 + 1)


@pytest.mark.parametrize("seat", [True, 1.0, "1.5", "", None, -1, 9, "x"])
def test_a_seat_must_be_a_seat_number_at_this_table(seat):
    with pytest.raises(BadAction):
        act(writing(started()), "write", seat=seat, word="lion", at=T0 + 1)


def test_word_lists_can_be_turned_off():
    with pytest.raises(RuleError, match="on paper"):
        act(writing(started(word_lists=False)), "write", seat=0, word="lion", at=T0)


# --- choices, errors, log ----------------------------------------------------------------

def test_choices_follow_the_phase_and_the_viewer():
    state = new_game()
    assert rl.choices(state, None, True) == ["head_start", "begin"] and rl.choices(state, 0, False) == []
    state = started(reader=1)
    assert rl.choices(state, 1, False) == ["question"] and rl.choices(state, 0, False) == []
    state = act(state, "question", seat=1, number=3)
    assert rl.choices(state, 1, False) == ["question_read", "double"]
    state = act(state, "question_read", seat=1)
    assert rl.choices(state, 0, False) == ["double", "write", "erase", "time_up", "bid"]
    state = bid_all(state, {0: [2], 1: [1], 2: [3]})
    assert rl.choices(state, 1, False) == ["say", "read"] and rl.choices(state, 0, False) == []
    assert rl.choices(state, None, True) == ["say", "read", "strike"]


def test_a_rejected_action_changes_nothing():
    state = writing(started())
    frozen = copy.deepcopy(state)
    with pytest.raises(RuleError):
        act(state, "bid", seat=0, cards=[3], at=T0 + 10)
    with pytest.raises(BadAction, match="no action 'fly'"):
        act(state, "fly", seat=0)
    assert state == frozen


def test_log_lines_read_like_the_table():
    state = act(started(), "question", seat=0, number=3)
    assert rl.describe({"type": "double", "seat": 2, "at": T0}, state) == "Cy declares Double"
    state = at_reading(**{"0": [5], "1": [2], "2": [1]})
    assert rl.describe({"type": "read", "seat": 2, "at": T0, "met": True}, state) == \
        "Cy read 1 word as bid and moves 1 space"


# --- a whole game and properties ------------------------------------------------------

def play_round(state, bids, met, at):
    reader = int(state["question_reader"])
    state = act(state, "question", seat=reader, number=1, at=at)
    state = act(state, "question_read", seat=reader, at=at)
    state = bid_all(state, bids, at=at + 30_000)
    while state["phase"] == "reading":
        seat = int(state["reading_now"])
        state = act(state, "read", seat=seat, met=met[seat], at=at + 40_000)
    return state


def test_whole_game_to_the_finish():
    state = started(reader=0)
    at = T0
    while state["phase"] != "over":
        state = play_round(state, {0: [4], 1: [3], 2: [1, 2]}, {0: True, 1: True, 2: False}, at)
        at += 60_000
        json.dumps(state)
    assert state["round"] == 4 and state["cubes"]["0"]["space"] == 16
    assert rl.outcome(state)["winners"] == [0] and rl.standings(state)[1]["name"] == "Ben"


def legal_moves(state, at):
    """Some legal actions now (simple random play)."""
    phase = state["phase"]
    if phase == "roll":
        return [{"type": "question", "host": True, "number": n} for n in (1, 6)]
    if phase == "question":
        return [{"type": "question_read", "host": True}, {"type": "double", "seat": 1}]
    if phase in ("writing", "bidding"):
        waiting = [r for r in state["racers"] if r["id"] not in state["bids"]]
        return [{"type": "bid", "seat": r["seats"][0], "cards": cards} for r in waiting
                for cards in ([1], [6, 5], [2, 3])]
    return [{"type": "read", "seat": int(state["reading_now"]), "met": m} for m in (True, False)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=5), min_size=5, max_size=80))
def test_random_play_keeps_the_invariants(picks):
    state, at = started(), T0
    for pick in picks:
        if state["phase"] == "over":
            break
        moves = legal_moves(state, at)
        action = {"seat": None, "host": False, "at": at, **moves[pick % len(moves)]}
        at += 31_000
        frozen = copy.deepcopy(state)
        try:
            after = rl.apply(state, action)
        except RuleError:
            assert state == frozen
            continue
        assert state == frozen, "apply must not mutate its input"
        assert rl.apply(frozen, action) == after, "apply must be deterministic"
        assert json.loads(json.dumps(after)) == after
        for racer_id, cube in after["cubes"].items():
            assert cube["space"] >= state["cubes"][racer_id]["space"]
        if not after["revealed"]:
            for seat in (0, 1, 2):
                assert set(rl.view(after, seat, False)["bids"]) <= {str(seat)}
        state = after


def test_view_says_what_the_table_is_waiting_for():
    state = started(reader=1)
    assert rl.view(state, 0, False)["pending"] == "Round 1: Ben rolls the die for the question."
    state = bid_all(writing(state), {0: [4]})
    assert rl.view(state, 0, False)["pending"] == "Sealed bids: waiting for Ben and Cy."
    state = bid_all(state, {1: [2], 2: [5]})
    assert rl.view(state, 0, False)["pending"] == "Ben reads 2 words."
    state = act(state, "say", seat=1, word="owl")
    assert rl.view(state, 0, False)["words_read"] == {"0": 0, "1": 1, "2": 0}
    assert rl.describe({"type": "strike", "host": True, "seat": 0, "word": "x", "struck": "no", "at": T0},
                       state).startswith("strike: ")


def test_team_standings_give_the_place_to_every_member():
    state = new_game(("A", "B", "C", "D"), teams=["R", "R", "B", "B"], by_team=True)
    state = new_round_with(act(state, "begin", host=True, order=["B", "R"], reader=0), sR=5, sB=2)
    rows = rl.standings(state)
    assert [(r["key"], r["seat"], r["seats"], r["place"]) for r in rows] == [("R", None, [0, 1], 1), ("B", None, [2, 3], 2)]


# --- found while playing through the screens --------------------------------------------

def test_log_line_of_question_read_names_the_writing_time():
    state = act(started(timer_seconds=20), "question", host=True, number=3)
    line = rl.describe({"type": "question_read", "seat": None, "host": True, "at": T0}, state)
    assert line == "Question read: 20 seconds to write"


def test_platform_timer_length_zero_means_the_rules_thirty_seconds():
    # A table opened through the JSON API without options gets the platform's timer_seconds=0.
    options = {**resolve(rl.OPTIONS, {}), "timer_seconds": 0}
    state = rl.setup(players(*NAMES), options)
    state = writing(act(state, "begin", host=True, order=["0", "1", "2"], reader=0))
    assert state["timer"]["duration"] == 30_000
    with pytest.raises(RuleError):
        act(state, "bid", seat=0, cards=[1], at=T0 + 29_000)
    assert act(state, "bid", seat=0, cards=[1], at=T0 + 30_000)["bids"]["0"]["total"] == 1


# --- audit: anything a phone could send, in any order -------------------------------------

JUNK = [{"type": "bid", "seat": 0, "cards": c} for c in ([], [7], "x", [1, 1], None, "4")] + [
    {"type": "read", "seat": 0, "host": True, "met": m} for m in (None, "maybe")] + [
    {"type": "write", "seat": s, "word": w} for s, w in ((0, ""), (1, "x" * 61), (2, 5), (True, "a"), ("x", "a"))] + [
    {"type": t, "seat": 1} for t in ("question", "question_read", "time_up", "reveal", "strike", "begin", "head_start")] + [
    {"type": "question", "host": True, "number": n} for n in (0, 7, "app", None)]


def moves_now(state, at):
    """(moves that take the round on, other things a table might send now)."""
    phase, on, other = state["phase"], [], []
    if phase == "roll":
        on += [{"type": "question", "host": True, "number": n} for n in (2, 6)]
    if phase == "question":
        on += [{"type": "question_read", "host": True}]
    if phase in ("question", "writing"):
        other += [{"type": k, "seat": s} for k in ("double", "reject") for s in (0, 1, 2)]
    if phase == "writing":
        other += [{"type": k, "seat": s, "word": w} for k in ("write", "erase") for s in (0, 1, 2) for w in ("lion", "Owl ")]
        other += [{"type": "time_up", "seat": 1}]
        on += [{"type": "time_up", "host": True}]
    if phase in ("writing", "bidding"):
        waiting = [r for r in (0, 1, 2) if str(r) not in state["bids"]]
        on += [{"type": "bid", "seat": s, "cards": c} for s in waiting for c in ([1], [6, 5], [2, 3], [4])]
        other += [{"type": "bid", "seat": s, "cards": [5]} for s in (0, 1, 2)] + [{"type": "reveal", "host": True}]
    if phase == "reading":
        reader = int(state["reading_now"])
        other += [{"type": "say", "seat": reader, "word": w} for w in ("lion", "OWL", "yak")]
        other += [{"type": "strike", "host": True, "seat": s, "word": "lion", "struck": b} for s in (0, 1) for b in (True, False)]
        on += [{"type": "read", "seat": reader, "met": m} for m in (True, False, True)]
    if state["challenged"]:
        other += [{"type": "challenge_card", "seat": int(state["challenged"][0]), "text": "Only words with an E"}]
    return on, other or on


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(min_value=0, max_value=999), st.integers(min_value=0, max_value=6_000)),
                min_size=40, max_size=150))
def test_any_sequence_of_actions_is_refused_cleanly_or_keeps_the_invariants(steps):
    state = started(reject_once=True, spend_cards=True, normal_spaces=4, challenge_spaces=2, challenge_at="4, 6",
                    timer_seconds=10)
    at = T0
    for pick, wait in steps:
        if state["phase"] == "over":
            break
        at += wait
        on, other = moves_now(state, at)
        chosen = (JUNK[pick % len(JUNK)] if pick % 5 == 0 else other[pick % len(other)] if pick % 5 == 1
                  else on[pick % len(on)])
        action = {"seat": None, "host": False, **chosen, "at": at}
        frozen = copy.deepcopy(state)
        try:
            after = rl.apply(state, action)
        except (BadAction, RuleError):
            assert state == frozen
            continue
        assert state == frozen and json.loads(json.dumps(after)) == after
        assert after["phase"] in ("roll", "question", "writing", "bidding", "reading", "over")
        for racer_id, cube in after["cubes"].items():
            assert cube["space"] >= state["cubes"][racer_id]["space"]
        assert all(after["hands"][r] for r in after["hands"])
        if not after["revealed"]:
            for seat in (0, 1, 2):
                assert set(rl.view(after, seat, False)["bids"]) <= {str(seat)}
                assert set(rl.view(after, seat, True)["bids"]) <= {str(seat)}
        rl.describe(action, state)
        for seat in (0, 1, 2, None):
            rl.choices(after, seat, seat is None)
            rl.view(after, seat, seat is None)
        rl.standings(after)
        if after["phase"] == "over":
            spaces = {r: c["space"] for r, c in after["cubes"].items()}
            winners = rl.outcome(after)["winners"]
            assert winners and all(spaces[str(w)] == max(spaces.values()) >= after["track"]["finish"] for w in winners)
        state = after
