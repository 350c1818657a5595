"""Word Power: one test per rule of the text (names quote the rule), scenarios and property tests."""

import copy
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.errors import BadAction, RefereeError, RuleError
from referee.engine.options import resolve
from referee.games import word_power as wp
from referee.games.word_power import deck

PLAYERS = [{"seat": 0, "name": "Ann", "colour": None, "team": None},
           {"seat": 1, "name": "Ben", "colour": None, "team": None},
           {"seat": 2, "name": "Cy", "colour": None, "team": None},
           {"seat": 3, "name": "Dee", "colour": None, "team": None}]
LATER = 10**9  # an action time well after any challenge wait


def fresh(n=3, **options):
    return wp.setup(PLAYERS[:n], resolve(wp.OPTIONS, options))


def game(n=3, **options):
    """A game where Ann plays first."""
    return wp.apply(fresh(n, **options), {"type": "set_first", "host": True, "first": 0})


def act(state, kind, seat=None, at=0, host=False, **fields):
    return wp.apply(state, {"type": kind, "seat": seat, "host": host, "at": at, **fields})


def landed(state, space, seat=0, **fields):
    return act(state, "land", seat, space=space, **fields)


def play(state, key, window, seat=0, at=0, **fields):
    return act(state, "play", seat, at=at, key=key, window=window, **fields)


def card(key, answer):
    return {"key": key, "words": ["one", "two", "three", "four"], "answer": answer, "definition": "a test card"}


def challenged(state, seat, card_id, claim):
    return act(state, "challenge", seat, card=card_id, relation=claim[0], word=int(claim[1]))


def ruled(state, key, answer, seat=1):
    return act(state, "settle", seat, card=card(key, answer))


def covered(state, windows, seat=1):
    """Windows already covered by cards of earlier turns (by Ben)."""
    state = copy.deepcopy(state)
    for w in windows:
        state["windows"][str(w)].append({"id": 900 + w, "key": f"old{w}", "window": str(w), "relation": "S",
                                         "seat": seat, "colour": "blue", "turn": 0})
    return state


def money(state):
    return sum(state["cash"].values()) + state["house"]


def total_books(state):
    return sum(state["books"].values())


# --- setup and order of play ---------------------------------------------------

def test_custodian_distributes_20000_to_each_player_including_himself():
    state = fresh(3)
    assert state["cash"] == {"0": 20_000, "1": 20_000, "2": 20_000}
    assert state["house"] == 500_000


def test_starting_cash_and_house_balance_are_configurable():
    state = fresh(2, starting_cash=15_000, house_cash=90_000)
    assert state["cash"] == {"0": 15_000, "1": 15_000} and state["house"] == 90_000


def test_player_with_the_highest_number_plays_first_then_clockwise():
    state = fresh(3)
    for seat, roll in ((0, 2), (1, 6), (2, 4)):
        state = act(state, "order_roll", seat, roll=roll)
    assert state["order"] == [1, 2, 0]
    assert state["turn"]["seat"] == 1 and state["phase"] == "move"


def test_tied_highest_rolls_roll_again_among_themselves():
    state = fresh(3)
    for seat, roll in ((0, 5), (1, 5), (2, 1)):
        state = act(state, "order_roll", seat, roll=roll)
    assert state["rolling"] == [0, 1] and state["phase"] == "order"
    with pytest.raises(RuleError, match="Cy does not roll now"):
        act(state, "order_roll", 2, roll=3)
    state = act(state, "order_roll", 0, roll=2)
    state = act(state, "order_roll", 1, roll=4)
    assert state["order"] == [1, 2, 0]


def test_order_roll_may_be_rolled_by_the_app_or_typed():
    state = fresh(2)
    assert wp.random_needs(state, {"type": "order_roll", "seat": 0}) == {"roll": {"die": 6}}
    with pytest.raises(BadAction):
        act(state, "order_roll", 0, roll=7)


def test_family_play_black_deck_for_adults_blue_for_youngsters():
    state = fresh(2, decks="family")
    assert state["deck_of"] == {"0": "black", "1": "black"}
    state = act(state, "assign_deck", 1, host=True, colour="blue")
    state = act(state, "set_first", host=True, first=1)
    state = play(landed(state, "synonyms", seat=1), "happy", 2, seat=1)
    assert state["windows"]["2"][0]["colour"] == "blue"
    with pytest.raises(RuleError, match="Only family play"):
        act(fresh(2), "assign_deck", 1, host=True, colour="blue")


# --- the spaces ----------------------------------------------------------------

def test_play_synonyms_only_synonyms_are_played():
    state = landed(game(), "synonyms")
    with pytest.raises(RuleError, match="only synonyms"):
        play(state, "happy", 2, relation="A")
    assert play(state, "happy", 2)["windows"]["2"][0]["relation"] == "S"


def test_play_antonyms_only_antonyms_are_played():
    state = landed(game(), "antonyms")
    with pytest.raises(RuleError, match="only antonyms"):
        play(state, "begin", 1, relation="S")
    assert play(state, "begin", 1)["windows"]["1"][0]["relation"] == "A"


def test_play_synonyms_and_antonyms_has_his_choice_of_either_or_both():
    state = landed(game(), "both")
    state = play(play(state, "happy", 2, relation="S"), "begin", 1, relation="A")
    assert [c["relation"] for c in state["turn"]["cards"]] == ["S", "A"]


def test_as_many_cards_as_he_may_more_than_one_on_the_same_window():
    state = landed(game(), "synonyms")
    state = play(play(state, "happy", 2), "large", 2)
    assert [c["key"] for c in state["windows"]["2"]] == ["happy", "large"]


def test_he_must_always_have_4_cards_in_his_hand_so_at_most_4_per_turn():
    state = landed(game(), "synonyms")
    for key in ("a", "b", "c", "d"):
        state = play(state, key, 1)
    state = act(state, "publish", 0, at=LATER)  # Method B, then the hand is played out
    assert state["turn"]["seat"] == 1
    hand = landed(covered(game(), [4]), "synonyms")
    for key in ("a", "b", "c"):
        hand = play(hand, key, 1)
    hand["turn"]["pending"] = []
    hand["turn"]["cards"].append({"id": 99, "key": "x", "window": "1", "relation": "S",
                                  "status": "standing", "challenger": None})
    with pytest.raises(RuleError, match="all 4 cards"):
        play(hand, "e", 2)


def test_cards_are_left_on_the_windows_after_each_players_turn():
    state = play(landed(game(), "synonyms"), "happy", 3)
    state = act(state, "done", 0, at=LATER)
    assert state["turn"]["seat"] == 1 and [c["key"] for c in state["windows"]["3"]] == ["happy"]


def test_collect_royalty_is_paid_by_the_chart_for_books_already_published():
    state = game(royalty_chart="0:1000, 1:2000, 4:4000")
    state["books"]["0"] = 4
    after = landed(state, "royalty")
    assert after["cash"]["0"] == 24_000 and after["house"] == 496_000
    assert after["turn"]["seat"] == 1


def test_collect_royalty_without_a_chart_the_amount_is_typed():
    state = landed(game(), "royalty")
    assert state["phase"] == "royalty" and wp.choices(state, 0, False) == ["collect"]
    with pytest.raises(BadAction, match="type the royalty"):
        act(state, "collect", 0)
    state = act(state, "collect", 0, amount=3000)
    assert state["cash"]["0"] == 23_000 and state["turn"]["seat"] == 1


def test_royalty_chart_may_be_entered_by_the_host_during_the_game():
    state = act(game(), "royalty_chart", host=True, chart="0:1500")
    assert landed(state, "royalty")["cash"]["0"] == 21_500
    with pytest.raises(RuleError, match="Only the host"):
        act(game(), "royalty_chart", 0, chart="0:1500")
    with pytest.raises(BadAction, match="books:amount"):
        act(game(), "royalty_chart", host=True, chart="lots")


def test_royalty_is_capped_by_what_the_publishing_house_holds():
    state = game(house_cash=700, royalty_chart="0:1000")
    after = landed(state, "royalty")
    assert after["cash"]["0"] == 20_700 and after["house"] == 0


def test_collect_royalty_the_player_does_not_play_any_word_cards():
    state = landed(game(royalty_chart="0:1000"), "royalty")
    assert state["turn"]["seat"] == 1 and "play" not in wp.choices(state, 0, False)


def test_status_writer_journalist_novelist_follows_books():
    state = game()
    assert wp.table.status(state, 0) == ""
    for books, title in ((1, "Writer"), (4, "Journalist"), (9, "Novelist")):
        state["books"]["0"] = books
        assert wp.table.status(state, 0) == title


def test_start_choice_of_collecting_royalties_or_publishing_a_book():
    state = landed(game(royalty_chart="0:1000"), "start")
    assert state["phase"] == "start"
    book = act(state, "start_choice", 0, take="book")
    assert book["books"]["0"] == 1 and "Method A" in " ".join(book["news"])
    royalty = act(state, "start_choice", 0, take="royalty")
    assert royalty["cash"]["0"] == 21_000 and royalty["books"]["0"] == 0
    assert book["turn"]["seat"] == 1 and royalty["turn"]["seat"] == 1


def test_passing_through_start_then_completes_his_turn_on_the_space_landed():
    state = landed(game(), "synonyms", passed_start=True)
    assert state["phase"] == "start"
    with pytest.raises(RuleError):
        play(state, "happy", 2)
    state = act(state, "start_choice", 0, take="book")
    assert state["phase"] == "play" and state["books"]["0"] == 1


def test_all_players_pass_cards_each_passes_to_the_left_and_the_turn_ends():
    state = landed(game(), "pass", count=2)
    assert state["reminder"] == "Everyone passes 2 cards to the player on his left, all at once."
    assert state["turn"]["seat"] == 1


def test_note_1_with_more_than_one_deck_no_cards_are_exchanged_discard_and_redraw():
    state = act(fresh(2, decks="family"), "set_first", host=True, first=0)
    state = landed(state, "pass", count=1)
    assert "no cards change hands" in state["reminder"] and "discards 1 card" in state["reminder"]


def test_note_1_when_the_publishing_house_is_cleared_separate_the_decks():
    state = act(fresh(2, decks="family"), "assign_deck", 1, host=True, colour="blue")
    state = act(state, "set_first", host=True, first=0)
    state = covered(state, [1, 2, 3])
    state = act(play(landed(state, "synonyms"), "ponder", 4), "publish", 0, at=LATER)
    assert "sorted into black and blue" in " ".join(state["news"])


# --- three ways to publish books -----------------------------------------------

def test_method_c_covering_all_four_windows_publishes_a_book_after_the_wait():
    state = play(landed(covered(game(), [1, 2]), "synonyms"), "happy", 3)
    state = play(state, "large", 4, at=1000)
    assert state["turn"]["pending"] == ["C"] and state["books"]["0"] == 0
    with pytest.raises(RuleError, match="Wait 30 more seconds"):
        act(state, "publish", 0, at=1000)
    state = act(state, "publish", 0, at=31_000)
    assert state["books"]["0"] == 1


def test_method_c_he_clears_all_windows_even_though_his_turn_is_not_complete():
    state = play(landed(covered(game(), [1, 2, 3]), "synonyms"), "happy", 4)
    with pytest.raises(RuleError, match="publishes the book and clears"):
        play(state, "large", 1)
    state = act(state, "publish", 0, at=LATER)
    assert all(not cards for cards in state["windows"].values())
    assert state["turn"]["seat"] == 0 and "play" in wp.choices(state, 0, False)


def test_do_not_clear_any_windows_until_all_4_are_occupied():
    state = play(landed(covered(game(), [1]), "synonyms"), "happy", 2)
    state = act(state, "done", 0, at=LATER)
    assert len(state["windows"]["1"]) == 1 and len(state["windows"]["2"]) == 1


def test_the_wait_for_challenges_ends_when_every_other_player_says_no_challenge():
    state = play(landed(covered(game(), [1, 2, 3]), "synonyms"), "happy", 4)
    state = act(act(state, "no_challenge", 1), "no_challenge", 2)
    assert act(state, "publish", 0, at=1)["books"]["0"] == 1
    assert act(play(landed(covered(game(), [1, 2, 3]), "synonyms"), "happy", 4), "publish", 0,
               host=True)["books"]["0"] == 1


def test_the_wait_for_challenges_length_is_configurable():
    state = play(landed(covered(game(challenge_seconds=5), [1, 2, 3]), "synonyms"), "happy", 4)
    with pytest.raises(RuleError, match="Wait 1 more second "):
        act(state, "publish", 0, at=4001)
    assert act(state, "publish", 0, at=5000)["books"]["0"] == 1


def test_method_b_playing_his_entire_hand_of_4_cards_correctly_publishes_a_book():
    state = landed(game(), "synonyms")
    for key, window in (("a", 1), ("b", 1), ("c", 2), ("d", 2)):
        state = play(state, key, window)
    assert state["turn"]["pending"] == ["B"]
    state = act(state, "done", 0, at=LATER)
    assert state["books"]["0"] == 1 and state["turn"]["seat"] == 1


def test_method_b_he_may_play_all_his_cards_on_one_window():
    state = landed(game(), "antonyms")
    for key in ("a", "b", "c", "d"):
        state = play(state, key, 3)
    assert act(state, "publish", 0, at=LATER)["books"]["0"] == 1


def test_note_5_three_books_in_one_turn():
    state = landed(covered(game(), [1, 2, 3]), "synonyms", passed_start=True)
    state = act(state, "start_choice", 0, take="book")           # book 1: passing START
    state = play(state, "happy", 4)
    state = act(state, "publish", 0, at=LATER)                    # book 2: fourth window covered
    assert state["books"]["0"] == 2 and not any(state["windows"].values())
    for key, window in (("large", 4), ("tiny", 4), ("shut", 4)):
        state = play(state, key, window, at=LATER)
    state = act(state, "publish", 0, at=2 * LATER)                # book 3: whole hand of 4 played
    assert state["books"]["0"] == 3 and state["turn"]["seat"] == 1


def test_a_successful_challenge_undoes_method_c():
    state = play(landed(covered(game(), [1, 2, 3]), "synonyms"), "happy", 4)
    state = act(challenged(state, 1, 1, "S2"), "call", 0)
    state = ruled(state, "happy", "S2")
    assert state["books"]["0"] == 0 and not state["windows"]["4"] and len(state["windows"]["1"]) == 1
    assert "No book by Method C" in " ".join(state["news"])


def test_method_c_stands_when_the_discarded_card_was_not_needed_to_cover_the_windows():
    state = play(landed(covered(game(), [1, 2, 3]), "synonyms"), "dud", 1)
    state = play(state, "happy", 4)
    state = ruled(act(challenged(state, 1, 1, "S3"), "call", 0), "dud", "S3")
    assert state["books"]["0"] == 1 and not any(state["windows"].values())


def test_a_successful_challenge_undoes_method_b():
    state = landed(game(), "synonyms")
    for key in ("a", "b", "c", "d"):
        state = play(state, key, 1)
    state = ruled(act(challenged(state, 2, 2, "S3"), "call", 0), "b", "S3", seat=2)
    assert state["books"]["0"] == 0 and state["turn"]["seat"] == 1


# --- note 2: unable to play ------------------------------------------------------

def test_note_2_unable_to_play_forfeits_500_times_the_empty_windows():
    state = act(landed(covered(game(), [1]), "synonyms"), "cannot_play", 0)
    assert state["cash"]["0"] == 18_500 and state["house"] == 501_500 and state["turn"]["seat"] == 1


def test_note_2_the_maximum_penalty_is_2000():
    state = act(landed(game(), "antonyms"), "cannot_play", 0)
    assert state["cash"]["0"] == 18_000


def test_note_2_insufficient_cash_pays_none_of_it_and_loses_his_following_turn():
    state = game()
    state["cash"]["0"] = 1_900
    state = act(landed(state, "synonyms"), "cannot_play", 0)
    assert state["cash"]["0"] == 1_900 and state["skip"] == [0]


def test_note_2_unable_to_play_only_before_any_card_is_played():
    state = play(landed(game(), "synonyms"), "happy", 1)
    with pytest.raises(RuleError, match="already played"):
        act(state, "cannot_play", 0)
    with pytest.raises(RuleError, match="played no card"):
        act(landed(game(), "synonyms"), "done", 0, at=LATER)


def test_a_player_who_loses_his_turn_is_skipped_once():
    state = game()
    state["skip"] = [1]
    state = landed(state, "pass")
    assert state["turn"]["seat"] == 2 and state["skip"] == [] and "Ben loses this turn" in " ".join(state["news"])
    state = landed(landed(state, "pass", seat=2), "pass", seat=0)
    assert state["turn"]["seat"] == 1


# --- copyright infringement (note 4) ---------------------------------------------

def infringement(state=None, seat=0):
    return landed(state or game(), "infringement", seat=seat)


def test_copyright_infringement_he_rolls_the_die_again():
    state = infringement()
    assert wp.random_needs(state, {"type": "infringe", "seat": 0}) == {"roll": {"die": 6}}
    with pytest.raises(BadAction, match="Missing roll"):
        act(state, "infringe", 0, each=500, eligible=[1])


def test_note_4a_with_sufficient_money_he_pays_the_penalty_to_the_eligible_players():
    state = act(infringement(), "infringe", 0, roll=4, each=1000, eligible=[1, 2])
    assert state["cash"] == {"0": 18_000, "1": 21_000, "2": 21_000} and state["turn"]["seat"] == 1


def test_note_4b_if_he_cannot_pay_all_eligible_players_he_pays_none_and_loses_a_turn():
    state = infringement()
    state["cash"]["0"] = 1500
    state = act(state, "infringe", 0, roll=4, each=1000, eligible="1,2")
    assert state["cash"] == {"0": 1500, "1": 20_000, "2": 20_000} and state["skip"] == [0]


def test_note_4b_paying_everything_would_leave_him_broke_so_he_pays_none():
    state = infringement()
    state["cash"]["0"] = 2000
    state = act(state, "infringe", 0, roll=4, each=1000, eligible=[1, 2])
    assert state["cash"]["0"] == 2000 and state["skip"] == [0]


def test_if_no_players_qualify_for_infringement_payments_play_passes():
    state = act(infringement(), "infringe", 0, roll=2, each=1000, eligible=[])
    assert state["cash"]["0"] == 20_000 and state["turn"]["seat"] == 1 and state["skip"] == []


def test_note_4a_he_may_publish_a_book_if_he_passed_start_on_that_same_turn():
    state = landed(game(), "infringement", passed_start=True)
    state = act(state, "start_choice", 0, take="book")
    state = act(state, "infringe", 0, roll=1, each=500, eligible=[2])
    assert state["books"]["0"] == 1 and state["cash"]["2"] == 20_500


def test_infringement_cannot_be_paid_to_himself():
    with pytest.raises(RuleError, match="to himself"):
        act(infringement(), "infringe", 0, roll=1, each=500, eligible=[0, 1])


# --- challenges ---------------------------------------------------------------------

def one_card(at=0, state=None):
    """Ann has played 'happy' on window 2 as a synonym (card 1)."""
    return play(landed(state or game(), "synonyms"), "happy", 2, at=at)


def test_the_challenger_states_synonym_or_antonym_and_the_matching_word():
    state = challenged(one_card(), 1, 1, "A3")
    ch = state["challenge"]
    assert (ch["claim"], ch["played"], ch["challenger"], ch["player"]) == ("A3", "S2", 1, 0)
    with pytest.raises(BadAction):
        act(one_card(), "challenge", 1, card=1, relation="X", word=3)


def test_the_challenger_bets_1000_and_the_challenged_player_calls():
    state = challenged(one_card(), 1, 1, "A3")
    assert state["challenge"]["stake"] == 1000 and state["challenge"]["to_act"] == 0
    assert wp.choices(state, 0, False) == ["call", "raise"]
    with pytest.raises(RuleError, match="Ann's move"):
        act(state, "call", 1)
    assert act(state, "call", 0)["challenge"]["status"] == "ruling"


def test_the_challenged_player_may_raise_double_the_amount():
    state = challenged(one_card(), 1, 1, "A3")
    with pytest.raises(RuleError, match="A raise adds \\$1,000: from \\$1,000 to \\$2,000"):
        act(state, "raise", 0, to=3000)
    state = act(state, "raise", 0)
    assert state["challenge"]["stake"] == 2000 and state["challenge"]["to_act"] == 1


def test_each_player_may_re_raise_in_increments_of_1000_until_called():
    state = act(challenged(one_card(), 1, 1, "A3"), "raise", 0, to=2000)
    with pytest.raises(RuleError, match="from \\$2,000 to \\$3,000"):
        act(state, "raise", 1, to=4000)
    state = act(act(state, "raise", 1, to=3000), "raise", 0, to=4000)
    assert state["challenge"]["to_act"] == 1
    state = act(state, "call", 1)
    assert state["challenge"]["stake"] == 4000 and state["challenge"]["status"] == "ruling"


def test_option_a_raise_may_add_any_number_of_1000_steps():
    state = challenged(one_card(state=game(raise_steps="any")), 1, 1, "A3")
    state = act(state, "raise", 0)
    assert state["challenge"]["stake"] == 2000 and state["challenge"]["to_act"] == 1
    with pytest.raises(RuleError, match="steps of \\$1,000"):
        act(state, "raise", 1, to=2500)
    state = act(state, "raise", 1, to=5000)
    state = act(state, "call", 0)
    assert state["challenge"]["stake"] == 5000 and state["challenge"]["status"] == "ruling"


def test_no_stake_may_exceed_half_the_cash_of_either_player():
    state = one_card()
    state["cash"]["1"] = 7_900
    state = challenged(state, 1, 1, "A3")
    assert state["challenge"]["cap"] == 3000
    with pytest.raises(RuleError, match="capped at \\$3,000: half of Ben's \\$7,900"):
        act(state, "raise", 0, to=4000)


def test_reaching_one_half_of_his_cash_is_the_same_as_having_called():
    state = one_card()
    state["cash"]["1"] = 6_000
    state = act(act(challenged(state, 1, 1, "A3"), "raise", 0, to=2000), "raise", 1, to=3000)
    assert state["challenge"]["status"] == "ruling" and "counts as called" in " ".join(state["news"])
    assert wp.choices(state, 0, False) == ["settle"]
    poor = one_card()
    poor["cash"]["0"] = 2_500
    assert challenged(poor, 1, 1, "A3")["challenge"]["status"] == "ruling"


def test_neither_player_can_be_asked_to_bet_money_he_does_not_have():
    state = one_card()
    state["cash"]["0"] = 600
    state = challenged(state, 1, 1, "A3")
    assert state["challenge"]["stake"] == 600 and state["challenge"]["status"] == "ruling"
    broke = one_card()
    broke["cash"]["1"] = 900
    with pytest.raises(RuleError, match="Ben has only \\$900; a challenge needs a \\$1,000 bet"):
        challenged(broke, 1, 1, "A3")


def test_the_dictionary_is_consulted_only_when_the_challenge_betting_is_completed():
    state = challenged(one_card(), 1, 1, "A3")
    assert wp.lookup_needs(state, {"type": "settle", "seat": 1}) == {}
    with pytest.raises(RuleError, match="only when the challenge betting is complete"):
        ruled(state, "happy", "S2")
    called = act(state, "call", 0)
    assert wp.lookup_needs(called, {"type": "settle", "seat": 1}) == {"card": {"card": "happy"}}
    assert "answer" not in json.dumps(wp.view(state, 2, False)["challenge"])


def test_result_a_challenger_incorrect_loses_all_the_money_bet_to_his_opponent_who_continues():
    state = act(act(challenged(one_card(), 1, 1, "A3"), "raise", 0), "call", 1)
    state = ruled(state, "happy", "S2")
    assert state["cash"]["0"] == 22_000 and state["cash"]["1"] == 18_000
    assert state["last_ruling"]["result"] == "A" and state["turn"]["seat"] == 0
    assert state["windows"]["2"][0]["key"] == "happy" and "play" in wp.choices(state, 0, False)


def test_result_b_challenger_correct_wins_the_bet_card_discarded_turn_terminated():
    state = ruled(act(challenged(one_card(), 1, 1, "A3"), "call", 0), "happy", "A3")
    assert state["cash"]["0"] == 19_000 and state["cash"]["1"] == 21_000
    assert state["last_ruling"]["result"] == "B" and not state["windows"]["2"]
    assert state["turn"]["seat"] == 1


def test_result_c_both_incorrect_each_forfeits_his_bet_to_the_publishing_house():
    state = ruled(act(challenged(one_card(), 1, 1, "A3"), "call", 0), "happy", "S4")
    assert state["cash"]["0"] == 19_000 and state["cash"]["1"] == 19_000 and state["house"] == 502_000
    assert state["last_ruling"]["result"] == "C" and not state["windows"]["2"]
    assert state["turn"]["seat"] == 1


def test_only_one_player_may_challenge_another_on_any_one_word_card():
    state = ruled(act(challenged(one_card(), 1, 1, "A3"), "call", 0), "happy", "S2")
    with pytest.raises(RuleError, match="already been challenged by Ben"):
        challenged(state, 2, 1, "A1")


def test_the_first_to_announce_holds_the_challenge_right():
    state = challenged(one_card(), 2, 1, "A1")
    with pytest.raises(RuleError, match="One challenge at a time"):
        challenged(state, 1, 1, "A3")
    assert state["challenge"]["challenger"] == 2


def test_each_card_played_during_a_turn_may_be_challenged_by_any_player():
    state = play(one_card(), "large", 3)
    state = ruled(act(challenged(state, 1, 1, "A3"), "call", 0), "happy", "S2")
    state = ruled(act(challenged(state, 2, 2, "S1"), "call", 0), "large", "S3", seat=2)
    assert state["cash"] == {"0": 22_000, "1": 19_000, "2": 19_000}


def test_note_7_covering_an_incorrect_card_does_not_avoid_a_challenge():
    state = play(one_card(), "large", 2)
    state = ruled(act(challenged(state, 1, 1, "A3"), "call", 0), "happy", "A3")
    assert [c["key"] for c in state["windows"]["2"]] == ["large"]
    assert state["turn"]["seat"] == 1


def test_a_challenge_is_made_only_during_the_opponents_turn():
    with pytest.raises(RuleError, match="Only another player"):
        challenged(one_card(), 0, 1, "A3")
    after = act(one_card(), "done", 0, at=LATER)
    with pytest.raises(RuleError, match="during the turn of the player who played"):
        challenged(after, 2, 1, "A3")


def test_a_challenge_is_resolved_immediately_before_play_goes_on():
    state = challenged(one_card(), 1, 1, "A3")
    with pytest.raises(RuleError, match="challenge is being settled"):
        play(state, "large", 3)


def test_the_challenger_must_name_a_different_play():
    with pytest.raises(RuleError, match="That is what Ann played"):
        challenged(one_card(), 1, 1, "S2")
    both = play(landed(game(), "both"), "happy", 2)
    with pytest.raises(RuleError, match="different word"):
        challenged(both, 1, 1, "A2")


def test_on_a_both_space_an_undeclared_play_is_right_when_its_window_matches():
    both = play(landed(game(), "both"), "begin", 1)
    state = ruled(act(challenged(both, 1, 1, "S3"), "call", 0), "begin", "A1")
    assert state["last_ruling"]["result"] == "A"


def test_a_card_not_in_the_decks_asks_the_host_to_type_it():
    state = act(challenged(one_card(), 1, 1, "A3"), "call", 0)
    state = act(state, "settle", 1, card=None)
    assert state["challenge"]["status"] == "unknown_card"
    with pytest.raises(RuleError, match="Only the host"):
        act(state, "settle", 1, answer="S2")
    typed = act(state, "settle", None, host=True, answer="s2", words="glum, cheerful, odd, even",
                definition="glad")
    assert typed["last_ruling"]["result"] == "A" and typed["last_ruling"]["source"] == "the host"
    assert typed["typed_cards"] == [{"key": "happy", "words": ["glum", "cheerful", "odd", "even"],
                                     "answer": "S2", "definition": "glad", "colour": "blue"}]


def test_the_ruling_falls_back_to_the_thesaurus_and_shows_its_evidence():
    state = act(challenged(one_card(), 1, 1, "A3"), "call", 0)
    action = {"type": "settle", "seat": None, "host": True, "words": ["glum", "cheerful", "odd", "even"]}
    assert wp.lookup_needs(state, action) == {
        "card": {"card": "happy"}, "relation_1": {"relation": ["happy", "glum"]},
        "relation_2": {"relation": ["happy", "cheerful"]}, "relation_3": {"relation": ["happy", "odd"]},
        "relation_4": {"relation": ["happy", "even"]}}
    filled = {**action, "card": None, "relation_1": {"relation": "neither", "evidence": ""},
              "relation_2": {"relation": "synonym", "evidence": "glad, cheerful"},
              "relation_3": {"relation": "neither"}, "relation_4": {"relation": "neither"}}
    state = wp.apply(state, filled)
    assert state["challenge"]["proposal"]["answer"] == "S2"
    assert "2. cheerful: synonym (glad, cheerful)" in state["challenge"]["proposal"]["evidence"]
    confirmed = act(state, "settle", None, host=True)
    assert confirmed["last_ruling"]["result"] == "A" and confirmed["last_ruling"]["source"] == "the thesaurus"


def test_the_host_can_overrule_the_thesaurus():
    state = act(challenged(one_card(), 1, 1, "A3"), "call", 0)
    state = act(state, "settle", None, host=True, card=None, words="glum, cheerful, odd, even",
                relation_1={"relation": "neither"}, relation_2={"relation": "neither"},
                relation_3={"relation": "neither"}, relation_4={"relation": "neither"})
    assert state["challenge"]["proposal"]["answer"] is None
    with pytest.raises(RuleError, match="no single match"):
        act(state, "settle", None, host=True)
    state = act(state, "settle", None, host=True, answer="A3")
    assert state["last_ruling"]["result"] == "B" and "overruling" in state["last_ruling"]["source"]


# --- winning -------------------------------------------------------------------------

def test_the_winner_is_the_first_player_to_publish_10_books():
    state = game()
    state["books"]["0"] = 9
    state = act(landed(state, "start"), "start_choice", 0, take="book")
    assert state["phase"] == "over" and wp.outcome(state)["winners"] == [0]
    assert wp.outcome(state)["summary"] == "Ann wins with 10 books, $20,000, Novelist."
    with pytest.raises(RuleError, match="game is over"):
        landed(state, "pass", seat=1)


def test_the_winner_is_the_first_player_to_accumulate_100000():
    state = game()
    state["cash"]["1"] = 99_000
    state["house"] -= 79_000
    state = ruled(act(challenged(one_card(state=state), 1, 1, "S3"), "call", 0), "happy", "S3")
    assert wp.outcome(state)["winners"] == [1] and wp.standings(state)[0]["name"] == "Ben"
    assert state["challenge"] is None and state["phase"] == "over"


def test_higher_limits_may_be_established_for_a_longer_game():
    state = game(win_books=12)
    state["books"]["0"] = 10
    state = act(landed(state, "start"), "start_choice", 0, take="book")
    assert wp.outcome(state) is None


def test_variant_to_win_a_player_must_both_publish_10_books_and_accumulate_100000():
    state = game(win_needs_both=True)
    state["books"]["0"] = 9
    state = act(landed(state, "start"), "start_choice", 0, take="book")
    assert wp.outcome(state) is None
    state["cash"]["1"], state["books"]["1"], state["house"] = 99_000, 10, 421_000
    state = landed(state, "royalty", seat=1, amount=1000)
    assert wp.outcome(state)["winners"] == [1]


def test_standings_rank_by_books_then_cash():
    state = game()
    state["books"].update({"0": 1, "1": 3, "2": 1})
    state["cash"]["2"] = 25_000
    assert [r["name"] for r in wp.standings(state)] == ["Ben", "Cy", "Ann"]
    assert wp.outcome(state) is None


# --- errors, views, log lines ----------------------------------------------------

def test_a_rejected_action_changes_nothing():
    state = one_card()
    before = copy.deepcopy(state)
    for action in ({"type": "play", "seat": 1, "key": "x", "window": 1}, {"type": "fly", "seat": 0},
                   {"type": "play", "seat": 0, "key": "x", "window": 9}):
        with pytest.raises(RefereeError):
            wp.apply(state, action)
    assert state == before


def test_it_is_the_current_players_turn():
    with pytest.raises(RuleError, match="It is Ann's turn"):
        landed(game(), "synonyms", seat=1)


def test_log_lines_say_what_happened_in_the_games_words():
    state = landed(game(), "synonyms")
    assert wp.describe({"type": "play", "seat": 0, "key": "Happy", "window": 2, "at": 0}, state) == \
        "Ann plays 'happy' on window 2 as a synonym."
    assert wp.describe({"type": "cannot_play", "seat": 0}, state) == \
        "Ann cannot play: pays $2,000 to the Publishing House for 4 empty windows."
    assert wp.describe({"type": "play", "seat": 1}, state) == "play"


def test_choices_follow_the_phase_and_the_seat():
    state = fresh(2)
    assert wp.choices(state, 0, False) == ["order_roll"]
    assert wp.choices(state, None, True)[-3:] == ["order_roll", "set_first", "royalty_chart"]
    state = game()
    assert wp.choices(state, 0, False) == ["land"] and wp.choices(state, 1, False) == []
    state = one_card()
    assert wp.choices(state, 0, False) == ["play", "done"]
    assert wp.choices(state, 1, False) == ["challenge", "no_challenge"]
    state = act(challenged(state, 1, 1, "A3"), "call", 0)
    assert wp.choices(state, 1, False) == ["settle"] and wp.choices(state, 2, False) == []


def test_state_is_plain_json_with_string_keys():
    state = ruled(act(challenged(one_card(), 1, 1, "A3"), "call", 0), "happy", "S2")
    assert json.loads(json.dumps(state)) == state


# --- the deck files --------------------------------------------------------------------

def test_sample_decks_have_at_least_40_well_formed_cards_per_colour():
    cards = deck.sample_decks()
    for colour in deck.COLOURS:
        assert sum(1 for c in cards if c["colour"] == colour) >= 40
    keys = [c["key"] for c in cards]
    assert len(keys) == len(set(keys))
    assert all(c["definition"] and c["answer"][0] in "SA" for c in cards)


def test_deck_lookup_by_key_word_ignores_case():
    card = deck.lookup("Happy")
    assert card["answer"] == "S2" and card["words"][1] == "cheerful" and card["colour"] == "blue"
    assert deck.lookup("no-such-word") is None


def test_a_host_typed_card_is_saved_for_next_time(tmp_path):
    table_file = tmp_path / "table.txt"
    deck.save_card({"key": "Happy", "words": ["glum", "cheerful", "odd", "even"], "answer": "s2",
                    "definition": "glad"}, table_file)
    deck.save_card({"key": "zany", "words": ["a", "b", "c", "d"], "answer": "S1", "colour": "red"}, table_file)
    assert deck.lookup("happy", table_file)["words"][0] == "glum"
    assert deck.lookup("zany", table_file)["colour"] == "red"
    assert len(deck.read_file(table_file)) == 2


def test_a_malformed_deck_line_is_refused():
    with pytest.raises(deck.DeckError, match="8 fields"):
        deck.parse_line("blue | happy | S2")
    with pytest.raises(deck.DeckError, match="S2 or A4"):
        deck.parse_line("blue | happy | a | b | c | d | X9 | def")
    with pytest.raises(deck.DeckError, match="four different"):
        deck.parse_line("blue | happy | a | a | c | d | S1 | def")


# --- a whole game and property tests -------------------------------------------------

def test_a_short_game_played_through():
    state = fresh(2, win_books=2, royalty_chart="0:1000")
    state = act(act(state, "order_roll", 0, roll=3), "order_roll", 1, roll=6)
    state = landed(state, "royalty", seat=1)                                  # Ben +1,000
    state = act(landed(state, "synonyms"), "cannot_play", 0)                  # Ann -2,000
    state = act(landed(state, "both", seat=1, passed_start=True), "start_choice", 1, take="book")
    state = play(state, "happy", 2, seat=1, relation="S")
    state = ruled(act(challenged(state, 0, 1, "A1"), "call", 1), "happy", "S2", seat=0)  # Ben +1,000
    state = act(state, "done", 1, at=LATER)
    state = landed(state, "start")
    state = act(state, "start_choice", 0, take="book")
    state = act(landed(state, "start", seat=1), "start_choice", 1, take="book")
    assert wp.outcome(state)["winners"] == [1]
    assert state["cash"] == {"0": 17_000, "1": 22_000} and money(state) == 540_000


def random_action(state, draw):
    """One action a player or the host might send now (legal or not)."""
    turn = state["turn"]
    seats = [p["seat"] for p in state["players"]]
    if state["phase"] == "order":
        return {"type": "set_first", "host": True, "first": draw(st.sampled_from(seats))}
    ch = state["challenge"]
    if ch and ch["status"] == "betting":
        kind = draw(st.sampled_from(["call", "raise"]))
        return {"type": kind, "seat": ch["to_act"], "to": ch["stake"] + 1000 * draw(st.integers(1, 3))}
    if ch:
        return {"type": "settle", "seat": ch["challenger"],
                "card": card(ch["key"], draw(st.sampled_from(["S1", "A2", "S3", "A4"])))}
    seat = turn["seat"]
    phase = state["phase"]
    if phase == "move":
        return {"type": "land", "seat": seat, "space": draw(st.sampled_from(list(wp.SPACES))),
                "passed_start": draw(st.booleans()), "amount": draw(st.integers(0, 3000))}
    if phase == "start":
        return {"type": "start_choice", "seat": seat, "take": draw(st.sampled_from(["royalty", "book"])),
                "amount": draw(st.integers(0, 3000))}
    if phase == "royalty":
        return {"type": "collect", "seat": seat, "amount": draw(st.integers(0, 5000))}
    if phase == "infringement":
        others = [s for s in seats if s != seat]
        return {"type": "infringe", "seat": seat, "roll": draw(st.integers(1, 6)),
                "each": draw(st.sampled_from([0, 500, 1000, 5000, 20_000])),
                "eligible": draw(st.lists(st.sampled_from(others), unique=True))}
    kind = draw(st.sampled_from(["play", "play", "play", "done", "publish", "cannot_play", "challenge"]))
    if kind == "challenge":
        targets = [c["id"] for c in turn["cards"]] or [1]
        return {"type": "challenge", "seat": draw(st.sampled_from(seats)), "card": draw(st.sampled_from(targets)),
                "relation": draw(st.sampled_from(["S", "A"])), "word": draw(st.integers(1, 4))}
    return {"type": kind, "seat": seat, "key": draw(st.sampled_from(["happy", "begin", "large"])),
            "window": draw(st.integers(1, 4)), "relation": draw(st.sampled_from(["S", "A", ""])),
            "host": draw(st.booleans())}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(2, 4))
def test_money_is_conserved_and_never_negative_over_random_legal_play(data, n):
    state = fresh(n, starting_cash=data.draw(st.sampled_from([2000, 20_000])), royalty_chart="0:1000, 2:3000",
                  raise_steps=data.draw(st.sampled_from(["one", "any"])))
    start = money(state)
    at = 0
    for _ in range(120):
        action = {"at": at, "host": False, **random_action(state, data.draw)}
        at += data.draw(st.sampled_from([0, 1000, 40_000]))
        before = copy.deepcopy(state)
        try:
            after = wp.apply(state, action)
        except RefereeError:
            assert state == before
            continue
        assert state == before                                        # apply never mutates its input
        assert wp.apply(before, action) == after                      # deterministic
        state = after
        assert money(state) == start
        assert all(v >= 0 for v in state["cash"].values()) and state["house"] >= 0
        assert all(v >= 0 for v in state["books"].values())
        assert json.loads(json.dumps(state)) == state
        if wp.outcome(state):
            break


def test_the_host_records_the_infringement_penalty_for_the_eligible_players():
    with pytest.raises(BadAction, match="penalty each eligible player"):
        act(infringement(), "infringe", 0, roll=3, eligible=[1])


def test_the_key_word_is_sent_as_keyword_because_the_platform_keeps_key_for_double_taps():
    state = landed(game(), "synonyms")
    state = act(state, "play", 0, keyword="Happy", window=2)
    assert state["windows"]["2"][-1]["key"] == "happy"
    with pytest.raises(BadAction, match="key word"):
        act(landed(game(), "synonyms"), "play", 0, keyword="  ", window=2)


def test_a_card_typed_for_the_thesaurus_is_kept_for_later_whether_confirmed_or_overruled():
    state = act(challenged(one_card(), 1, 1, "A3"), "call", 0)
    state = act(state, "settle", None, host=True, card=None, words="glum, cheerful, odd, even",
                relation_1={"relation": "neither"}, relation_2={"relation": "synonym", "evidence": "glad"},
                relation_3={"relation": "neither"}, relation_4={"relation": "neither"})
    confirmed = act(state, "settle", None, host=True)
    assert confirmed["typed_cards"][-1]["words"] == ["glum", "cheerful", "odd", "even"]
    assert confirmed["typed_cards"][-1]["answer"] == "S2" and confirmed["typed_cards"][-1]["key"] == "happy"
    overruled = act(state, "settle", None, host=True, answer="A1")
    assert overruled["typed_cards"][-1]["answer"] == "A1"
    assert overruled["typed_cards"][-1]["words"] == ["glum", "cheerful", "odd", "even"]


# --- audit: rules and examples that had no test of their own ----------------------------

def test_the_rules_example_abandon_on_window_2_is_the_synonym_desert_s2():
    state = play(landed(game(), "synonyms"), "Abandon", 2)
    assert state["windows"]["2"][0]["key"] == "abandon" and state["turn"]["cards"][0]["relation"] == "S"
    abandon = {"key": "abandon", "words": ["keep", "desert", "hold", "stay"], "answer": "S2", "definition": "to leave"}
    state = act(act(challenged(state, 1, 1, "A1"), "call", 0), "settle", 1, card=abandon)
    assert state["last_ruling"]["result"] == "A" and state["last_ruling"]["words"][1] == "desert"


def test_a_bluff_is_accepted_at_play_and_only_a_challenge_catches_it():
    state = play(landed(game(), "synonyms"), "strong", 2)          # really an antonym (A2) on a synonyms space
    assert state["windows"]["2"][0]["relation"] == "S"
    caught = ruled(act(challenged(state, 1, 1, "A2"), "call", 0), "strong", "A2")
    assert caught["last_ruling"]["result"] == "B" and caught["cash"]["0"] == 19_000
    both_wrong = ruled(act(challenged(state, 1, 1, "S3"), "call", 0), "strong", "A2")
    assert both_wrong["last_ruling"]["result"] == "C" and both_wrong["house"] == 502_000
    unchallenged = act(state, "done", 0, at=LATER)
    assert unchallenged["windows"]["2"][0]["key"] == "strong"


def test_decks_in_use_blue_black_or_red():
    for colour in ("blue", "black", "red"):
        state = play(landed(game(decks=colour), "synonyms"), "happy", 1)
        assert state["deck_of"]["0"] == colour and state["windows"]["1"][0]["colour"] == colour


def test_when_he_has_played_the_cards_he_chooses_he_draws_the_same_number():
    state = play(play(landed(game(), "synonyms"), "happy", 1), "large", 4)
    assert "Ann ends the turn and draws 2 cards." in " ".join(act(state, "done", 0, at=LATER)["news"])


def test_note_2_paying_exactly_all_his_cash_is_not_insufficient():
    state = game()
    state["cash"]["0"], state["house"] = 2000, 518_000
    state = act(landed(state, "synonyms"), "cannot_play", 0)
    assert state["cash"]["0"] == 0 and state["skip"] == [] and state["house"] == 520_000


def test_note_2_this_payment_completes_his_turn_play_passes_to_his_left():
    state = act(landed(game(), "both"), "cannot_play", 0)
    assert state["turn"]["seat"] == 1 and state["phase"] == "move"


def test_note_4a_he_may_collect_royalties_if_he_passed_start_on_that_same_turn():
    state = landed(game(royalty_chart="0:1000"), "infringement", passed_start=True)
    state = act(state, "start_choice", 0, take="royalty")
    state = act(state, "infringe", 0, roll=5, each=1000, eligible=[1])
    assert state["cash"]["0"] == 20_000 and state["cash"]["1"] == 21_000 and state["house"] == 499_000


def test_infringement_to_one_player_says_his_name():
    state = act(infringement(), "infringe", 0, roll=4, each=1000, eligible=[2, 2])
    assert "Ann pays $1,000 to Cy." in state["news"]


def test_pass_cards_reminder_says_the_number_on_the_space_unless_recorded():
    assert "the number of cards shown on the space" in landed(game(), "pass")["reminder"]
    state = landed(game(), "pass", passed_start=True, count=3)
    state = act(state, "start_choice", 0, take="book")
    assert state["reminder"] == "Everyone passes 3 cards to the player on his left, all at once."
    with pytest.raises(BadAction):
        landed(game(), "pass", count=5)


def test_note_7_result_c_and_result_a_on_a_covered_card():
    covered_twice = play(one_card(), "large", 2)
    both_wrong = ruled(act(challenged(covered_twice, 1, 1, "A3"), "call", 0), "happy", "S4")
    assert [c["key"] for c in both_wrong["windows"]["2"]] == ["large"] and both_wrong["turn"]["seat"] == 1
    player_right = ruled(act(challenged(covered_twice, 1, 1, "A3"), "call", 0), "happy", "S2")
    assert [c["key"] for c in player_right["windows"]["2"]] == ["happy", "large"]
    assert player_right["turn"]["seat"] == 0 and "play" in wp.choices(player_right, 0, False)


def test_in_case_of_ties_priority_goes_to_the_player_closest_on_the_left():
    state = game(4)                                      # order Ann, Ben, Cy, Dee (play goes to the left)
    assert wp.challenge_priority(state, 0) == [1, 2, 3]
    assert wp.challenge_priority(state, 2) == [3, 0, 1]


def test_only_the_two_players_or_the_host_look_the_card_up():
    state = act(challenged(one_card(), 1, 1, "A3"), "call", 0)
    with pytest.raises(RuleError, match="Ben or Ann looks the card up"):
        ruled(state, "happy", "S2", seat=2)
    assert ruled(state, "happy", "S2", seat=0)["last_ruling"]["result"] == "A"
    assert act(state, "settle", None, host=True, card=card("happy", "S2"))["last_ruling"]["result"] == "A"
    with pytest.raises(RuleError, match="No challenge is waiting"):
        ruled(one_card(), "happy", "S2")


def test_typed_words_that_are_not_text_are_refused():
    state = act(challenged(one_card(), 1, 1, "A3"), "call", 0)
    for words in (5, {"x": 1}, ["a", "b", "c", "d" * 41]):
        with pytest.raises(BadAction, match="four words"):
            act(state, "settle", None, host=True, card=None, words=words)


def test_the_ruling_shows_the_deck_cards_four_words_so_the_table_can_check_its_own_card():
    state = ruled(act(challenged(one_card(), 1, 1, "A3"), "call", 0), "happy", "S2")
    assert state["last_ruling"]["words"] == ["one", "two", "three", "four"]
    assert state["last_ruling"]["evidence"] == "a test card"


def test_royalty_chart_amounts_may_have_thousands_separators_but_no_books_twice():
    state = act(game(), "royalty_chart", host=True, chart="0:1,000, 1:$2,500; 4: 4000")
    assert wp.table.parse_chart(state["royalty_chart"], "royalty chart") == [[0, 1000], [1, 2500], [4, 4000]]
    with pytest.raises(BadAction, match="0 books twice"):
        act(game(), "royalty_chart", host=True, chart="0:1000, 0:2000")
    with pytest.raises(BadAction, match="more than 1,000 books"):
        act(game(), "royalty_chart", host=True, chart="99999999999999999999:1")


def test_a_starting_cash_that_already_wins_is_refused_at_setup():
    with pytest.raises(BadAction, match="everyone would win at once"):
        fresh(2, starting_cash=100_000)
    assert fresh(2, starting_cash=100_000, win_needs_both=True)["phase"] == "order"


def test_undo_is_the_log_replayed_without_the_last_action_for_every_kind_of_action():
    """The platform undoes by replaying the log without the last action: each prefix of a game that uses
    every action type must replay to exactly the state that was on screen before that action."""
    log = [{"type": "assign_deck", "seat": 1, "host": True, "colour": "blue"},
           {"type": "royalty_chart", "host": True, "chart": "0:1000"},
           {"type": "order_roll", "seat": 0, "roll": 6}, {"type": "order_roll", "seat": 1, "roll": 2},
           {"type": "order_roll", "seat": 2, "roll": 1},
           {"type": "land", "seat": 0, "space": "synonyms", "passed_start": True},
           {"type": "start_choice", "seat": 0, "take": "book"},
           {"type": "play", "seat": 0, "keyword": "happy", "window": 2, "at": 1},
           {"type": "no_challenge", "seat": 2, "at": 2},
           {"type": "challenge", "seat": 1, "card": 1, "relation": "A", "word": 1},
           {"type": "raise", "seat": 0, "to": 2000}, {"type": "call", "seat": 1},
           {"type": "settle", "seat": 1, "card": card("happy", "S2")},
           {"type": "done", "seat": 0, "at": LATER},
           {"type": "land", "seat": 1, "space": "royalty"},
           {"type": "land", "seat": 2, "space": "infringement"},
           {"type": "infringe", "seat": 2, "roll": 3, "each": 500, "eligible": [0]},
           {"type": "land", "seat": 0, "space": "antonyms"}, {"type": "cannot_play", "seat": 0},
           {"type": "land", "seat": 1, "space": "start"}, {"type": "start_choice", "seat": 1, "take": "royalty"},
           {"type": "land", "seat": 2, "space": "pass", "count": 2},
           {"type": "land", "seat": 0, "space": "both"},
           {"type": "play", "seat": 0, "keyword": "a", "window": 1, "at": LATER},
           {"type": "play", "seat": 0, "keyword": "b", "window": 3, "at": LATER},
           {"type": "play", "seat": 0, "keyword": "c", "window": 4, "at": LATER},
           {"type": "publish", "seat": 0, "at": 2 * LATER},
           {"type": "collect", "seat": 0}]                     # refused: not on COLLECT ROYALTY
    states = [fresh(3, decks="family")]
    for action in log:
        try:
            states.append(wp.apply(states[-1], {"host": False, "at": 0, **action}))
        except RefereeError:
            assert action["type"] == "collect"
    assert {a["type"] for a in log} - {"collect"} == set(wp.ACTIONS) - {"set_first", "collect"}
    for n in range(1, len(states)):
        replayed = fresh(3, decks="family")
        for action in log[:n - 1]:
            replayed = wp.apply(replayed, {"host": False, "at": 0, **action})
        assert replayed == states[n - 1]
        assert money(states[n]) == money(states[0])
    assert states[-1]["books"]["0"] == 2 and not any(states[-1]["windows"].values())


def test_every_test_named_in_the_rule_checklist_exists():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs/rules/word-power.md").read_text(encoding="utf-8")
    checklist = doc.split("## Rule checklist", 1)[1]
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", checklist))
    sources = "".join((root / p).read_text(encoding="utf-8") for p in (
        "tests/games/test_word_power.py", "tests/test_word_power_web.py", "tests/e2e/test_word_power.py"))
    defined = set(re.findall(r"^def (test_[a-z0-9_]+)", sources, re.M))
    assert len(named) > 60 and named - defined == set()
