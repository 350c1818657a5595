"""Quiddler rules engine: one test per rule of the Quiddler Junior text, plus Classic and Solitaire."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.errors import BadAction, RefereeError, RuleError
from referee.engine.options import resolve
from referee.games import quiddler as q

NAMES = ("Ann", "Ben", "Cy")
OK = {"valid": True, "proper_noun": False, "reason": "", "lexicon": "std"}
NOT_A_WORD = {"valid": False, "proper_noun": False, "reason": "not in Standard game list", "lexicon": "std"}


def new(names=NAMES, **options):
    players = [{"seat": i, "name": n, "colour": None, "team": None} for i, n in enumerate(names)]
    return q.setup(players, resolve(q.OPTIONS, options))


def act(state, kind, **fields):
    return q.apply(state, {"type": kind, "host": False, "at": 1_000, **fields})


def host(state, kind, **fields):
    return q.apply(state, {"type": kind, "host": True, "at": 1_000, **fields})


def lay(state, seat, *words):
    for cards in words:
        state = act(state, "word", seat=seat, cards=list(cards))
    return state


def finish_round(state, out=0):
    """Seat `out` goes out with a word of 'a' cards filling the hand; the host confirms."""
    n = state["round"]["cards"]
    state = lay(state, out, ["a"] * n)
    if q.rules.unused_subtracted(state):
        for p in state["players"]:
            if p["seat"] != out:
                state = act(state, "unused", seat=p["seat"], cards=["e"] * n)
    state = act(state, "went_out", seat=out)
    return host(state, "confirm_round")


def to_round(state, number):
    while state["round"]["number"] < number:
        state = finish_round(state)
    return state


def score_example():
    """Round 3 of the text: Ann IF + HAT, Ben PAW with C unused, Cy BEAT (and went out)."""
    state = to_round(new(), 3)
    state = lay(state, 0, ["i", "f"], ["h", "at"])
    state = lay(state, 1, ["p", "a", "w"])
    state = act(state, "unused", seat=1, cards=["c"])
    state = lay(state, 2, ["b", "e", "a", "t"])
    return act(state, "went_out", seat=2)


def round_totals(state):
    return {int(k): v["total"] for k, v in q.round_preview(state)["seats"].items()}


def last_round(state):
    return {int(k): v for k, v in state["history"][-1]["result"]["seats"].items()}


# --- The deal ---------------------------------------------------------------------------

def test_in_the_first_round_deal_2_cards_to_each_player():
    assert new()["round"]["cards"] == 2


def test_one_additional_card_each_round_2_3_4_5_6_and_finally_7():
    state, seen = new(), []
    while state["phase"] == "round":
        seen.append(state["round"]["cards"])
        state = finish_round(state)
    assert seen == [2, 3, 4, 5, 6, 7]
    assert state["phase"] == "over"


def test_the_player_to_the_dealers_left_goes_first():
    state = new()
    assert state["round"]["dealer"] == 0 and state["round"]["leader"] == 1
    assert host(state, "set_dealer", seat=2)["round"]["leader"] == 0


def test_the_deal_passes_to_the_left_each_round():
    state = new()
    dealers = []
    for _ in range(4):
        dealers.append(state["round"]["dealer"])
        state = finish_round(state)
    assert dealers == [0, 1, 2, 0]


def test_only_the_host_chooses_the_dealer_and_the_deal_rotates_from_there():
    with pytest.raises(RuleError, match="Only the host"):
        act(new(), "set_dealer", seat=2)
    state = finish_round(host(new(), "set_dealer", seat=2))
    assert state["round"]["dealer"] == 0


# --- Going out ----------------------------------------------------------------------------

def test_go_out_only_with_all_cards_arranged_into_allowable_words():
    state = to_round(new(), 3)
    state = lay(state, 0, ["i", "f"], ["a"])
    state = act(state, "went_out", seat=0)
    with pytest.raises(RuleError, match="Ann went out, so their words must use all 4 cards"):
        host(state, "confirm_round")
    assert "confirm_round" not in q.choices(state, None, True)
    state = lay(state, 0, ["a"])
    assert "confirm_round" in q.choices(state, None, True)


def test_the_round_ends_only_after_a_player_goes_out():
    state = lay(new(), 0, ["a", "t"])
    with pytest.raises(RuleError, match="went out first"):
        host(state, "confirm_round")


def test_who_went_out_first_is_recorded_and_only_the_host_changes_it():
    state = act(new(), "went_out", seat=1)
    assert state["round"]["went_out"] == 1
    with pytest.raises(RuleError, match="Ben already went out first"):
        act(state, "went_out", seat=2)
    assert host(state, "went_out", seat=2)["round"]["went_out"] == 2


def test_you_cannot_use_other_players_cards_a_hand_is_only_the_cards_dealt():
    state = to_round(new(), 2)
    state = lay(state, 0, ["a", "t"])
    with pytest.raises(RuleError, match="Ann holds only 3 cards this round; these entries use 4"):
        lay(state, 0, ["i", "f"])


def test_after_the_first_player_goes_out_the_others_still_lay_down_their_words():
    state = act(new(), "went_out", seat=0)
    state = lay(state, 0, ["a", "t"])
    state = lay(state, 1, ["i", "f"])
    state = host(state, "confirm_round")
    assert last_round(state)[1]["word_points"] == 5


def test_each_card_can_only_be_used_once_classic_deck_copies():
    state = new(rules="classic")
    state = lay(state, 0, ["qu", "i", "t"])
    state = lay(state, 1, ["qu", "a", "d"])
    with pytest.raises(RuleError, match="only 2 QU cards; this round shows 3"):
        lay(state, 2, ["qu", "a", "y"])


# --- Allowable words ------------------------------------------------------------------------

def test_in_junior_one_card_words_are_allowed():
    state = lay(new(), 0, ["a"])
    assert q.round_preview(state)["seats"]["0"]["word_points"] == 1


def test_classic_words_need_at_least_two_cards():
    with pytest.raises(RuleError, match="one-card word"):
        lay(new(rules="classic"), 0, ["a"])
    assert lay(new(rules="classic", one_card_words="yes"), 0, ["a"])["round"]["entries"]["0"]["words"]


def test_in_junior_proper_nouns_are_allowed():
    state = lay(to_round(new(), 2), 0, ["t", "o", "m"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict={**OK, "proper_noun": True})
    assert state["round"]["entries"]["0"]["words"][0]["challenge"]["valid"] is True
    assert q.lookup_needs(state, {"type": "challenge", "player": 0, "index": 0})["verdict"]["proper_nouns"] is True


def test_classic_does_not_allow_proper_nouns():
    state = lay(new(rules="classic"), 0, ["t", "o", "m"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict={**OK, "proper_noun": True})
    ruling = state["round"]["entries"]["0"]["words"][0]["challenge"]
    assert ruling["valid"] is False and "proper nouns" in ruling["reason"]


def test_no_prefixes_suffixes_abbreviations_contractions_or_hyphenated_words_ruled_by_the_dictionary():
    state = lay(new(), 0, ["t", "v"])
    verdict = {"valid": False, "proper_noun": False, "reason": "abbreviation", "lexicon": "std"}
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=verdict)
    assert round_totals(state)[0] == -(q.word_points(state["cards"], ["t", "v"]))
    assert "abbreviation" in q.describe({"type": "challenge", "seat": 1, "player": 0, "index": 0,
                                         "verdict": verdict}, lay(new(), 0, ["t", "v"]))


def test_the_dictionary_chosen_before_the_game_rules_and_is_recorded():
    state = lay(new(), 0, ["h", "at"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict={**OK, "lexicon": "junior"})
    assert state["round"]["entries"]["0"]["words"][0]["challenge"]["lexicon"] == "junior"
    with pytest.raises(BadAction):
        host(state, "set_dictionary", lexicon="large")


# --- Challenges ------------------------------------------------------------------------------

def test_challenge_a_real_word_and_the_challenger_subtracts_its_points():
    state = score_example()
    state = act(state, "challenge", seat=1, player=0, index=1, verdict=OK)
    assert round_totals(state) == {0: 11, 1: 10 - 6, 2: 13}


def test_challenge_a_non_word_and_the_player_subtracts_its_points_and_it_scores_nothing():
    state = score_example()
    state = act(state, "challenge", seat=0, player=2, index=0, verdict=NOT_A_WORD)
    seats = q.round_preview(state)["seats"]
    assert seats["2"]["word_points"] == 0 and seats["2"]["lost_words"] == 8
    assert round_totals(state)[2] == -8


def test_a_word_that_is_not_allowed_does_not_count_for_the_longest_word_bonus():
    state = to_round(new(), 3)
    state = lay(state, 0, ["h", "at"])
    state = lay(state, 1, ["b", "e", "a", "t"])
    assert q.round_preview(state)["longest_winner"] == 1
    state = act(state, "challenge", seat=0, player=1, index=0, verdict=NOT_A_WORD)
    preview = q.round_preview(state)
    assert preview["longest_winner"] == 0 and preview["seats"]["0"]["bonus_longest"] == 5


def test_challenged_player_does_not_get_to_rearrange_those_cards():
    state = lay(new(), 0, ["x", "z"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=NOT_A_WORD)
    with pytest.raises(RuleError, match="challenged and can no longer be changed"):
        act(state, "edit_word", seat=0, index=0, cards=["z", "x"])
    with pytest.raises(RuleError, match="can no longer be changed"):
        act(state, "remove_word", seat=0, index=0)


def test_a_player_cannot_challenge_their_own_word():
    with pytest.raises(RuleError, match="Ann cannot challenge their own word"):
        act(lay(new(), 0, ["a", "t"]), "challenge", seat=0, player=0, index=0, verdict=OK)


def test_a_word_is_challenged_only_once():
    state = act(lay(new(), 0, ["a", "t"]), "challenge", seat=1, player=0, index=0, verdict=OK)
    with pytest.raises(RuleError, match="AT has already been challenged"):
        act(state, "challenge", seat=2, player=0, index=0, verdict=NOT_A_WORD)


def test_a_challenge_needs_the_dictionary_ruling():
    with pytest.raises(BadAction, match="ruling is missing"):
        act(lay(new(), 0, ["a", "t"]), "challenge", seat=1, player=0, index=0)


def test_the_dictionary_is_asked_about_the_challenged_word_as_letters():
    state = lay(new(), 0, ["h", "at"])
    assert q.lookup_needs(state, {"type": "challenge", "seat": 1, "player": 0, "index": 0}) == {
        "verdict": {"word": "hat", "proper_nouns": True}}
    assert q.lookup_needs(state, {"type": "challenge", "seat": 1, "player": 0, "index": 5}) == {}
    assert q.lookup_needs(state, {"type": "word", "seat": 1, "cards": ["a"]}) == {}


def test_the_host_may_overrule_the_dictionary_and_the_log_says_so():
    state = act(lay(new(), 0, ["z", "a"]), "challenge", seat=1, player=0, index=0, verdict=NOT_A_WORD)
    action = {"type": "overrule", "player": 0, "index": 0, "host": True}
    with pytest.raises(RuleError, match="Only the host"):
        q.apply(state, {**action, "host": False})
    after = q.apply(state, action)
    ruling = after["round"]["entries"]["0"]["words"][0]["challenge"]
    assert ruling["valid"] is True and ruling["overruled"] is True and ruling["dictionary_valid"] is False
    assert "now allowed (the dictionary said not allowed)" in q.describe(action, state)
    assert round_totals(after)[1] == -q.word_points(state["cards"], ["z", "a"])


def test_overruling_a_word_that_was_never_challenged_is_refused():
    with pytest.raises(RuleError, match="has not been challenged"):
        host(lay(new(), 0, ["a", "t"]), "overrule", player=0, index=0)


# --- Scoring -----------------------------------------------------------------------------------

def test_score_example_player_1_if_plus_hat_1_4_4_2_is_11_no_bonus():
    state = score_example()
    seats = q.round_preview(state)["seats"]
    assert [w["points"] for w in seats["0"]["words"]] == [1 + 4, 4 + 2]
    assert seats["0"]["bonus_longest"] == 0 and seats["0"]["total"] == 11


def test_score_example_player_2_paw_4_1_5_with_c_unused_is_10():
    seats = q.round_preview(score_example())["seats"]
    assert seats["1"]["word_points"] == 10 and seats["1"]["unused_points"] == 0 and seats["1"]["total"] == 10


def test_score_example_player_3_beat_4_1_1_2_is_8_plus_5_bonus_is_13():
    state = host(score_example(), "confirm_round")
    cy = last_round(state)[2]
    assert (cy["word_points"], cy["bonus_longest"], cy["total"]) == (8, 5, 13)
    assert state["history"][-1]["result"]["longest_winner"] == 2


def test_each_card_is_worth_the_value_shown_and_the_host_can_correct_a_value():
    state = lay(to_round(new(), 2), 0, ["c", "a", "t"])
    before = round_totals(state)[0]
    state = host(state, "set_card_value", face="c", value=7)
    assert round_totals(state)[0] == before - q.word_points(new()["cards"], ["c"]) + 7
    assert state["cards"]["c"] == {"value": 7, "count": None, "known": True}
    with pytest.raises(RuleError, match="Only the host"):
        act(state, "set_card_value", face="c", value=1)
    with pytest.raises(BadAction, match="between 0 and 50"):
        host(state, "set_card_value", face="c", value=99)


def test_the_host_can_add_a_card_face_their_deck_has():
    state = host(new(), "set_card_value", face="SH", value=3)
    assert ["s", "h"] in q.splits(state, "sh") and ["sh"] in q.splits(state, "sh")
    with pytest.raises(BadAction, match="one to 3 letters"):
        host(new(), "set_card_value", face="a1", value=3)


def test_confirmed_rounds_keep_their_scores_when_a_value_changes_later():
    state = host(score_example(), "confirm_round")
    scores = dict(state["scores"])
    later = host(state, "set_card_value", face="b", value=9)
    assert later["scores"] == scores and later["history"] == state["history"]


def test_unused_cards_are_neither_added_nor_subtracted_in_junior():
    state = lay(new(), 1, ["a"])
    with_unused = act(state, "unused", seat=1, cards=["z"])
    assert round_totals(with_unused) == round_totals(state)
    assert q.round_preview(with_unused)["seats"]["1"]["unused_points"] == 0


def test_if_you_cant_make_any_words_you_get_zero_points():
    state = finish_round(new(), out=0)
    assert last_round(state)[1]["total"] == 0 and state["scores"]["1"] == 0


def test_longest_word_is_counted_by_letters_not_cards():
    state = to_round(new(), 2)
    state = lay(state, 0, ["h", "at"])          # 3 letters on 2 cards
    state = lay(state, 1, ["t", "e", "a"])      # 3 letters on 3 cards
    assert q.round_preview(state)["longest_winner"] is None

def test_the_5_point_bonus_goes_to_the_single_longest_word():
    state = to_round(new(), 2)
    state = lay(state, 0, ["b", "a", "ll"])     # 4 letters on 3 cards
    state = lay(state, 1, ["t", "e", "a"])
    preview = q.round_preview(state)
    assert preview["longest_winner"] == 0 and preview["seats"]["0"]["bonus_longest"] == 5


def test_if_two_players_tie_for_the_longest_word_no_bonus_is_awarded():
    state = lay(new(), 0, ["a", "t"])
    state = lay(state, 1, ["i", "f"])
    state = lay(state, 2, ["a"])
    preview = q.round_preview(state)
    assert preview["longest_winner"] is None
    assert all(s["bonus_longest"] == 0 for s in preview["seats"].values())


def test_no_words_at_all_gives_no_bonus():
    assert q.round_preview(new())["longest_winner"] is None


def test_after_the_last_round_the_player_with_the_most_points_wins():
    state = new()
    for out in (0, 1, 0, 0, 2, 0):
        state = finish_round(state, out)
    result = q.outcome(state)
    assert result["winners"] == [0] and result["places"]["0"] == 1
    assert result["summary"].startswith("Ann wins with")
    assert q.standings(state)[0]["name"] == "Ann"


def test_a_tie_for_the_most_points_is_a_shared_win():
    state = new(("Ann", "Ben"))
    while state["phase"] == "round":
        n = state["round"]["cards"]
        state = lay(lay(state, 0, ["a"] * n), 1, ["e"] * n)
        state = host(act(state, "went_out", seat=0), "confirm_round")
    assert state["scores"]["0"] == state["scores"]["1"] == sum(range(2, 8))
    result = q.outcome(state)
    assert result["winners"] == [0, 1] and "share the win" in result["summary"]


def test_the_game_is_not_over_while_rounds_remain():
    assert q.outcome(finish_round(new())) is None


def test_in_junior_scores_may_not_go_below_zero_by_default():
    state = lay(new(), 0, ["z", "a"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=NOT_A_WORD)
    state = host(act(lay(state, 2, ["a", "t"]), "went_out", seat=2), "confirm_round")
    assert last_round(state)[0]["total"] < 0 and state["scores"]["0"] == 0


def test_with_the_floor_off_scores_can_go_below_zero():
    state = lay(new(floor_at_zero="no"), 0, ["z", "a"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=NOT_A_WORD)
    state = host(act(lay(state, 2, ["a", "t"]), "went_out", seat=2), "confirm_round")
    assert state["scores"]["0"] == -q.word_points(state["cards"], ["z", "a"])


def test_only_the_host_confirms_the_round():
    state = act(lay(new(), 0, ["a", "t"]), "went_out", seat=0)
    with pytest.raises(RuleError, match="Only the host can confirm"):
        act(state, "confirm_round")


# --- Word entry ----------------------------------------------------------------------------------

def test_typing_hat_asks_whether_it_was_h_a_t_or_h_at():
    state = to_round(new(), 2)
    assert q.splits(state, "hat") == [["h", "a", "t"], ["h", "at"]]
    state = act(state, "word", seat=0, text="hat")
    word = state["round"]["entries"]["0"]["words"][0]
    assert word["ways"] == [["h", "a", "t"], ["h", "at"]]
    assert q.describe({"type": "word", "seat": 0, "text": "hat"}, new()) == "Ann laid HAT (which cards? H-A-T or H-AT)"
    state = lay(state, 0)
    state = act(state, "went_out", seat=0)
    assert "Say which cards Ann's HAT used: H-A-T or H-AT" in q.confirm_blocker(state)
    with pytest.raises(RuleError, match="Say which cards Ann's HAT used"):
        host(state, "confirm_round")
    state = act(state, "edit_word", seat=0, index=0, cards="h-at")
    assert state["round"]["entries"]["0"]["words"][0] == {"cards": ["h", "at"], "challenge": None}
    assert q.round_preview(state)["seats"]["0"]["word_points"] == 6


def test_a_typed_word_takes_the_only_way_that_fits_the_hand():
    state = act(to_round(new(), 3), "word", seat=0, text="if")
    state = act(state, "word", seat=0, text="hat")          # 4 cards: I-F leaves room only for H-AT
    assert state["round"]["entries"]["0"]["words"][1] == {"cards": ["h", "at"], "challenge": None}
    assert act(new(), "word", seat=1, text="bat")["round"]["entries"]["1"]["words"][0]["cards"] == ["b", "at"]
    with pytest.raises(RuleError, match="holds only 2 cards"):
        act(new(), "word", seat=1, text="beat")              # round 1: neither B-E-A-T nor B-E-AT fits 2 cards


def test_a_typed_word_with_dashes_is_read_card_by_card():
    state = act(new(), "word", seat=0, text="H-AT")
    assert state["round"]["entries"]["0"]["words"][0] == {"cards": ["h", "at"], "challenge": None}


def test_which_cards_an_ambiguous_word_used_can_be_said_even_after_a_challenge():
    state = act(to_round(new(), 2), "word", seat=0, text="hat")
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=OK)
    assert "edit_word" in q.choices(state, 0, False)
    state = act(state, "edit_word", seat=0, index=0, cards=["h", "at"])
    assert state["round"]["entries"]["0"]["words"][0]["cards"] == ["h", "at"]
    with pytest.raises(RuleError, match="can no longer be changed"):
        act(state, "edit_word", seat=0, index=0, cards=["h", "a", "t"])


def test_the_latest_ruling_is_the_last_challenge_made():
    state = lay(to_round(new(), 2), 0, ["h", "at"], ["a"])
    state = q.apply(state, {"type": "challenge", "seat": 1, "player": 0, "index": 1, "verdict": OK, "at": 5})
    state = q.apply(state, {"type": "challenge", "seat": 2, "player": 0, "index": 0, "verdict": NOT_A_WORD, "at": 9})
    latest = q.latest_ruling(state)
    assert (latest["player"], latest["index"], latest["word"], latest["points"]) == (0, 0, "hat", 6)
    assert latest["challenge"]["valid"] is False and latest["challenge"]["by"] == 2


def test_a_word_with_only_one_way_to_lay_it_can_be_typed():
    state = act(new(), "word", seat=0, text="if")
    assert state["round"]["entries"]["0"]["words"][0]["cards"] == ["i", "f"]


def test_classic_splits_know_the_double_letter_cards():
    assert ["qu", "in", "t"] in q.card_splits("quint", new(rules="classic")["cards"])
    assert q.card_splits("q1", new()["cards"]) == []


def test_words_are_entered_card_by_card_from_json_or_a_form():
    state = act(new(), "word", seat="0", cards="H-AT")
    assert state["round"]["entries"]["0"]["words"][0]["cards"] == ["h", "at"]
    with pytest.raises(RuleError, match="This deck has no QU card"):
        act(new(), "word", seat=0, cards=["qu"])
    with pytest.raises(BadAction, match="card by card"):
        act(new(), "word", seat=0)


def test_entries_stay_editable_until_the_round_is_confirmed():
    state = lay(new(), 0, ["a", "t"])
    state = act(state, "edit_word", seat=0, index="0", cards=["i", "f"])
    assert state["round"]["entries"]["0"]["words"][0]["cards"] == ["i", "f"]
    state = act(state, "remove_word", seat=0, index=0)
    assert state["round"]["entries"]["0"]["words"] == []


def test_after_the_round_is_confirmed_its_words_cannot_be_edited():
    state = finish_round(new())
    with pytest.raises(RuleError, match="Ann has laid no words yet"):
        act(state, "edit_word", seat=0, index=0, cards=["a", "t"])


# --- Classic Quiddler ---------------------------------------------------------------------------

def test_classic_eight_rounds_of_3_to_10_cards():
    state, seen = new(("Ann", "Ben"), rules="classic"), []
    while state["phase"] == "round":
        seen.append(state["round"]["cards"])
        state = finish_round(state)
    assert seen == list(range(3, 11))


def test_classic_deck_is_the_published_118_cards():
    deck = new(rules="classic")["cards"]
    assert q.cards.deck_size(deck) == 118
    assert {f: deck[f]["value"] for f in ("a", "e", "q", "z", "x")} == {"a": 2, "e": 2, "q": 15, "z": 14, "x": 12}
    assert {f: deck[f]["value"] for f in ("cl", "er", "in", "qu", "th")} == {"cl": 10, "er": 7, "in": 7, "qu": 9, "th": 9}
    assert "ch" not in deck


def test_classic_ch_edition_option_adds_a_ch_card():
    deck = new(rules="classic", ch_card=True)["cards"]
    assert deck["ch"]["count"] == 2 and q.cards.deck_size(deck) == 120


def test_classic_unused_cards_are_subtracted():
    state = new(("Ann", "Ben"), rules="classic")
    state = lay(state, 0, ["qu", "i", "t"])
    state = act(lay(state, 1, ["a", "x"]), "unused", seat=1, cards=["z"])
    state = host(act(state, "went_out", seat=0), "confirm_round")
    assert last_round(state)[1]["unused_points"] == 14
    assert last_round(state)[1]["total"] == 2 + 12 - 14


def test_classic_every_card_must_be_entered_before_confirming():
    state = new(("Ann", "Ben"), rules="classic")
    state = act(lay(lay(state, 0, ["qu", "i", "t"]), 1, ["a", "x"]), "went_out", seat=0)
    with pytest.raises(RuleError, match="Ben has 2 of 3 cards entered"):
        host(state, "confirm_round")


def test_classic_10_for_the_longest_word_and_10_for_the_most_words():
    state = to_round(new(("Ann", "Ben"), rules="classic"), 2)     # 4 cards
    state = lay(state, 0, ["a", "t"], ["i", "f"])
    state = lay(state, 1, ["th", "e", "m", "e"])
    state = host(act(state, "went_out", seat=0), "confirm_round")
    seats = last_round(state)
    assert seats[0]["bonus_most"] == 10 and seats[0]["bonus_longest"] == 0
    assert seats[1]["bonus_longest"] == 10 and seats[1]["bonus_most"] == 0


def test_classic_bonus_ties_award_nobody():
    state = new(("Ann", "Ben"), rules="classic")
    state = lay(state, 0, ["a", "t", "e"])
    state = lay(state, 1, ["t", "e", "a"])
    preview = q.round_preview(state)
    assert preview["longest_winner"] is None and preview["most_words_winner"] is None


def test_junior_has_no_most_words_bonus():
    state = lay(to_round(new(), 2), 0, ["a"], ["i"], ["a"])
    assert q.round_preview(state)["most_words_winner"] is None


def test_classic_scores_may_go_below_zero_by_default():
    state = new(("Ann", "Ben"), rules="classic")
    state = act(lay(state, 0, ["a", "t", "e"]), "unused", seat=1, cards=["z", "q", "x"])
    state = host(act(state, "went_out", seat=0), "confirm_round")
    assert state["scores"]["1"] == -(14 + 15 + 12)


# --- Solitaire ----------------------------------------------------------------------------------

def test_solitaire_eight_stacks_of_five_face_down_and_one_face_up():
    state = new(("Sol",), rules="solitaire")
    assert state["solitaire"]["cards_left"] == 8 * (5 + 1) and q.showing(state["solitaire"]) == 8


def test_solitaire_is_for_one_player_and_the_table_game_for_two_or_more():
    with pytest.raises(BadAction, match="Solitaire is for one player"):
        new(rules="solitaire")
    with pytest.raises(BadAction, match="at least two players"):
        new(("Sol",))


def test_solitaire_remove_a_word_and_turn_over_new_cards():
    state = act(new(("Sol",), rules="solitaire"), "solitaire_word", seat=0, cards=["c", "at"], verdict=OK)
    assert state["solitaire"]["cards_left"] == 46 and len(state["solitaire"]["words"]) == 1
    assert q.standings(state)[0]["detail"] == "1 words, 46 of 48 cards left"


def test_solitaire_words_use_only_the_showing_cards():
    state = new(("Sol",), rules="solitaire")
    with pytest.raises(RuleError, match="Only 8 cards are showing"):
        act(state, "solitaire_word", seat=0, cards=list("abcdefghi"), verdict=OK)
    state["solitaire"]["cards_left"] = 3
    with pytest.raises(RuleError, match="Only 3 cards are showing"):
        act(state, "solitaire_word", seat=0, cards=list("abcd"), verdict=OK)


def test_solitaire_you_win_by_using_all_of_the_cards():
    state = new(("Sol",), rules="solitaire")
    for _ in range(6):
        assert q.outcome(state) is None
        state = act(state, "solitaire_word", seat=0, cards=["a"] * 8, verdict=OK)
    assert q.outcome(state)["winners"] == [0] and "wins" in q.outcome(state)["summary"]


def test_solitaire_ends_without_a_win_when_no_word_can_be_made():
    state = act(new(("Sol",), rules="solitaire"), "stuck", seat=0)
    result = q.outcome(state)
    assert result["winners"] == [] and "48 cards left" in result["summary"]


def test_solitaire_allowable_words_are_the_same_as_above():
    state = new(("Sol",), rules="solitaire")
    with pytest.raises(RuleError, match="XZ is not an allowable word"):
        act(state, "solitaire_word", seat=0, cards=["x", "z"], verdict=NOT_A_WORD)
    assert q.lookup_needs(state, {"type": "solitaire_word", "cards": ["c", "at"]})["verdict"]["word"] == "cat"
    accepted = host(state, "solitaire_word", seat=0, cards=["x", "z"], verdict=NOT_A_WORD)
    assert accepted["solitaire"]["words"][0]["dictionary_valid"] is False


def test_round_actions_are_refused_in_solitaire():
    with pytest.raises(RuleError, match="not possible in Solitaire"):
        act(new(("Sol",), rules="solitaire"), "confirm_round")


# --- Contract -----------------------------------------------------------------------------------

def test_unknown_actions_are_malformed():
    with pytest.raises(BadAction, match="no action 'fly'"):
        act(new(), "fly")


def test_a_finished_game_accepts_no_more_actions():
    state = act(new(("Sol",), rules="solitaire"), "stuck", seat=0)
    with pytest.raises(RuleError, match="has ended"):
        act(state, "solitaire_word", seat=0, cards=["a"], verdict=OK)
    assert q.choices(state, 0, True) == []


def test_choices_show_what_each_viewer_may_do_now():
    state = score_example()
    assert "challenge" in q.choices(state, 1, False)
    assert "confirm_round" not in q.choices(state, 1, False)
    assert {"confirm_round", "set_card_value", "set_dealer"} <= set(q.choices(state, None, True))
    state = act(state, "challenge", seat=1, player=0, index=1, verdict=OK)
    assert "overrule" in q.choices(state, None, True) and "overrule" not in q.choices(state, 1, False)
    assert "went_out" not in q.choices(state, 0, False)


def test_log_lines_name_players_words_and_points():
    state = new()
    assert q.describe({"type": "word", "seat": 0, "cards": ["h", "at"]}, state) == "Ann laid HAT (H-AT) for 6"
    assert q.describe({"type": "went_out", "seat": 2}, state) == "Cy went out first"
    line = q.describe({"type": "confirm_round", "host": True}, score_example())
    assert line == "Round 3 confirmed: Ann +11, Ben +10, Cy +13; longest word bonus: Cy"
    assert q.describe({"type": "set_card_value", "face": "c", "value": 3}, state) == "The host set C to 3 points"


def test_view_hides_nothing_because_words_are_laid_face_up():
    state = score_example()
    assert q.view(state, 1, False) == state


def test_state_is_plain_json_with_string_keys():
    state = host(act(score_example(), "challenge", seat=1, player=0, index=1, verdict=OK), "confirm_round")
    assert json.loads(json.dumps(state)) == state
    assert all(isinstance(k, str) for k in state["scores"])


def test_the_module_is_ready_for_the_home_page_now_its_screens_exist():
    assert q.READY is True and q.SLUG == "quiddler"


# --- Properties -----------------------------------------------------------------------------------

FACES = ["a", "t", "e", "h", "at", "z", "i", "f"]
word_strategy = st.builds(lambda s, c: {"type": "word", "seat": s, "cards": c},
                          st.integers(0, 2), st.lists(st.sampled_from(FACES), min_size=1, max_size=2))
action_strategy = st.one_of(
    word_strategy, word_strategy,
    st.builds(lambda s, c: {"type": "word", "seat": s, "cards": c},
              st.integers(0, 2), st.lists(st.sampled_from(FACES), min_size=1, max_size=3)),
    st.builds(lambda s, i: {"type": "remove_word", "seat": s, "index": i}, st.integers(0, 2), st.integers(0, 1)),
    st.builds(lambda s, c: {"type": "unused", "seat": s, "cards": c},
              st.integers(0, 2), st.lists(st.sampled_from(FACES), max_size=3)),
    st.builds(lambda s: {"type": "went_out", "seat": s}, st.integers(0, 2)),
    st.builds(lambda s, p, i, v: {"type": "challenge", "seat": s, "player": p, "index": i,
                                  "verdict": OK if v else NOT_A_WORD},
              st.integers(0, 2), st.integers(0, 2), st.integers(0, 1), st.booleans()),
    st.builds(lambda p, i: {"type": "overrule", "player": p, "index": i, "host": True}, st.integers(0, 2), st.integers(0, 1)),
    st.just({"type": "confirm_round", "host": True}),
    st.builds(lambda s: {"type": "go_out_and_confirm", "seat": s}, st.integers(0, 2)),
    st.builds(lambda s, v: {"type": "challenge_any", "seat": s, "valid": v}, st.integers(0, 2), st.booleans()),
    st.just({"type": "overrule_any"}),
    st.builds(lambda f, v: {"type": "set_card_value", "face": f, "value": v, "host": True},
              st.sampled_from(FACES), st.integers(0, 9)),
)


def aimed(state, action):
    """A challenge of (or an overrule on) the first word of another player that fits."""
    words = [(int(k), i, w) for k, e in (state["round"] or {"entries": {}})["entries"].items()
             for i, w in enumerate(e["words"])]
    if action["type"] == "overrule_any":
        hits = [(p, i) for p, i, w in words if w["challenge"]]
        p, i = hits[0] if hits else (0, 0)
        return {"type": "overrule", "player": p, "index": i, "host": True}
    hits = [(p, i) for p, i, w in words if p != action["seat"] and not w["challenge"]]
    p, i = hits[0] if hits else (0, 0)
    return {"type": "challenge", "seat": action["seat"], "player": p, "index": i,
            "verdict": OK if action["valid"] else NOT_A_WORD}


def expanded(state, actions):
    """Actions, with the macro 'go_out_and_confirm' turned into a full hand, going out and confirming."""
    for action in actions:
        if action["type"] in ("challenge_any", "overrule_any"):
            yield lambda st_, a=action: aimed(st_, a)
            continue
        if action["type"] != "go_out_and_confirm":
            yield action
            continue
        seat = action["seat"]
        for _ in range(10):
            yield lambda st_: {"type": "remove_word", "seat": seat, "index": 0}
        yield lambda st_: {"type": "unused", "seat": seat, "cards": []}
        yield lambda st_: {"type": "word", "seat": seat,
                           "cards": ["a"] * (st_["round"]["cards"] if st_["round"] else 1)}
        yield {"type": "went_out", "seat": seat, "host": True}
        yield {"type": "confirm_round", "host": True}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["junior", "classic"]), st.lists(action_strategy, max_size=60))
def test_random_play_keeps_the_invariants(rule_set, actions):
    state = new(rules=rule_set)
    for action in expanded(state, actions):
        if callable(action):
            action = action(state)
        before = copy.deepcopy(state)
        try:
            after = q.apply(state, {**action, "at": 0})
        except RefereeError:
            assert state == before
            continue
        assert state == before, "apply must not mutate its input"
        assert q.apply(before, {**action, "at": 0}) == after, "apply must be deterministic"
        assert isinstance(q.describe(action, before), str)
        state = after
        assert json.loads(json.dumps(state)) == state
        assert all(isinstance(v, int) for v in state["scores"].values())
        if q.rules.floor_at_zero(state):
            assert min(state["scores"].values()) >= 0
        if state["round"]:
            for entry in state["round"]["entries"].values():
                laid = sum(len(w["cards"]) for w in entry["words"]) + len(entry["unused"])
                assert laid <= state["round"]["cards"]
        q.choices(state, 0, False), q.choices(state, None, True), q.standings(state)
        if state["phase"] == "over":
            result = q.outcome(state)
            assert result["winners"] and set(result["winners"]) <= {0, 1, 2}


def test_the_dictionary_is_an_option_chosen_before_the_game():
    assert q.OPTIONS["lexicon"].default == "standard"
    assert new(lexicon="junior")["options"]["lexicon"] == "junior"
    with pytest.raises(BadAction):
        new(lexicon="klingon")


def test_junior_values_known_from_the_score_example_are_marked_known_the_rest_editable():
    deck = new()["cards"]
    known = {f: deck[f]["value"] for f in ("i", "f", "h", "at", "p", "a", "w", "b", "e", "t")}
    assert known == {"i": 1, "f": 4, "h": 4, "at": 2, "p": 4, "a": 1, "w": 5, "b": 4, "e": 1, "t": 2}
    assert all(deck[f]["known"] for f in known)
    assert deck["c"]["known"] is False and deck["c"]["value"] == q.cards.junior_guess("c")
    assert q.cards.deck_size(deck) is None


def test_options_can_turn_off_proper_nouns_and_subtract_unused_cards_in_junior():
    state = lay(to_round(new(proper_nouns="no", unused_subtracted="yes"), 2), 0, ["t", "o", "m"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict={**OK, "proper_noun": True})
    assert state["round"]["entries"]["0"]["words"][0]["challenge"]["valid"] is False
    state = act(state, "unused", seat=1, cards=["w"])
    assert q.round_preview(state)["seats"]["1"]["unused_points"] == 5


def test_log_lines_for_unused_cards_and_the_dealer():
    state = new()
    assert q.describe({"type": "unused", "seat": 1, "cards": "c-at"}, state) == "Ben left C-AT unused"
    assert q.describe({"type": "unused", "seat": 1, "cards": []}, state) == "Ben has no unused cards"
    assert q.describe({"type": "set_dealer", "seat": 2, "host": True}, state) == "Cy deals round 1 (2 cards)"


# --- Audit: rules without a test before, and inputs that tried to break them ----------------------

def test_score_example_player_3_has_the_high_score_for_this_round():
    totals = round_totals(score_example())
    assert max(totals, key=totals.get) == 2 and sorted(totals.values()) == [10, 11, 13]


def test_score_example_hat_needs_the_at_card_because_if_plus_hat_is_four_cards():
    state = to_round(new(), 3)
    assert state["round"]["cards"] == 4
    state = lay(state, 0, ["i", "f"])
    with pytest.raises(RuleError, match="holds only 4 cards"):
        lay(state, 0, ["h", "a", "t"])
    assert q.word_points(state["cards"], ["i", "f"]) + q.word_points(state["cards"], ["h", "at"]) == 11


def test_one_player_with_two_equally_long_words_still_takes_the_longest_word_bonus():
    state = to_round(new(), 5)                      # 6 cards
    state = lay(state, 0, ["h", "at"], ["b", "at"])  # two 3-letter words, nobody else as long
    state = lay(state, 1, ["i", "f"])
    preview = q.round_preview(state)
    assert preview["longest_winner"] == 0 and preview["seats"]["0"]["bonus_longest"] == 5


def test_a_word_found_allowable_in_a_challenge_still_counts_for_the_longest_word_bonus():
    state = to_round(new(), 3)
    state = lay(state, 0, ["b", "e", "a", "t"])
    state = lay(state, 1, ["h", "at"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=OK)
    seats = q.round_preview(state)["seats"]
    assert seats["0"]["bonus_longest"] == 5 and seats["0"]["total"] == 8 + 5
    assert seats["1"]["lost_challenging"] == 8 and seats["1"]["total"] == 6 - 8


def test_a_longer_word_wins_the_bonus_even_with_fewer_points():
    state = to_round(new(), 3)
    state = lay(state, 0, ["b", "e", "a", "t"])      # 4 letters, 8 points
    state = lay(state, 1, ["w", "h", "o"])           # 3 letters, more points
    seats = q.round_preview(state)["seats"]
    assert seats["1"]["word_points"] > seats["0"]["word_points"]
    assert seats["0"]["bonus_longest"] == 5 and seats["1"]["bonus_longest"] == 0


def test_a_refused_words_cards_stay_in_the_hand_and_cannot_be_laid_again():
    state = to_round(new(), 2)                       # 3 cards
    state = lay(state, 0, ["z", "q", "x"])
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=NOT_A_WORD)
    with pytest.raises(RuleError, match="holds only 3 cards"):
        lay(state, 0, ["a"])


def test_a_challenge_is_only_possible_before_the_round_is_confirmed():
    state = host(score_example(), "confirm_round")
    with pytest.raises(RuleError, match="Ann has laid no words yet"):
        act(state, "challenge", seat=1, player=0, index=1, verdict=NOT_A_WORD)
    assert "challenge" not in q.choices(state, 1, False)


def test_the_host_may_overrule_either_way_and_overruling_twice_restores_the_dictionary():
    state = act(lay(new(), 0, ["a", "t"]), "challenge", seat=1, player=0, index=0, verdict=OK)
    assert round_totals(state)[1] == -3
    flipped = host(state, "overrule", player=0, index=0)
    assert flipped["round"]["entries"]["0"]["words"][0]["challenge"]["valid"] is False
    assert round_totals(flipped) == {0: -3, 1: 0, 2: 0}
    back = host(flipped, "overrule", player=0, index=0)
    assert back["round"]["entries"]["0"]["words"][0]["challenge"]["overruled"] is False
    assert round_totals(back) == round_totals(state)


def test_one_card_words_a_and_i_are_allowable_even_where_the_word_list_disagrees():
    state = lay(new(lexicon="junior"), 0, ["i"])
    listed = {"valid": False, "proper_noun": False, "reason": "abbreviation", "lexicon": "junior"}
    state = act(state, "challenge", seat=1, player=0, index=0, verdict=listed)
    ruling = state["round"]["entries"]["0"]["words"][0]["challenge"]
    assert ruling["valid"] is True and "one-card words are allowed" in ruling["reason"]
    assert round_totals(state) == {0: 1 + 5, 1: -1, 2: 0}
    other = act(lay(new(), 0, ["b"]), "challenge", seat=1, player=0, index=0, verdict=NOT_A_WORD)
    assert other["round"]["entries"]["0"]["words"][0]["challenge"]["valid"] is False   # B alone is no word


def test_the_dictionary_is_asked_whenever_the_ruling_would_be_accepted():
    """The platform overwrites a client's verdict only when lookup_needs asks: both must read the index alike."""
    state = lay(new(), 0, ["x", "z"])
    for index, player in (("\u22120", 0), (0, "\u22120"), (" 0", " 0 "), ("0", 0)):
        action = {"type": "challenge", "seat": 1, "player": player, "index": index}
        assert q.lookup_needs(state, action) == {"verdict": {"word": "xz", "proper_nouns": True}}, (index, player)
        q.apply(state, {**action, "verdict": NOT_A_WORD, "host": False, "at": 0})
    for bad in ({"index": 1}, {"index": "x"}, {"player": 2}, {"player": 9}):
        action = {"type": "challenge", "seat": 1, "player": 0, "index": 0, **bad}
        assert q.lookup_needs(state, action) == {}
        with pytest.raises(RefereeError):
            q.apply(state, {**action, "verdict": OK, "host": False, "at": 0})


def test_a_long_typed_word_is_refused_at_once_instead_of_searching_every_split():
    import time
    started = time.perf_counter()
    with pytest.raises(BadAction, match="at most 10 cards"):
        act(new(), "word", seat=0, text="o" * 40)       # O and OO cards: 165 million splits unbounded
    with pytest.raises(RuleError):
        act(new(), "word", seat=0, text="o" * 30)
    assert q.card_splits("o" * 30, new()["cards"]) == []
    assert len(q.card_splits("o" * 12, new()["cards"])) > 1
    assert time.perf_counter() - started < 1


def test_card_faces_are_plain_letters_a_to_z():
    for face in ("é", "a1", "", " ", "abcd", None, 7):
        with pytest.raises(BadAction):
            host(new(), "set_card_value", face=face, value=3)
    assert host(new(), "set_card_value", face=" Sh ", value=3)["cards"]["sh"]["value"] == 3


def test_bad_numbers_are_refused_and_change_nothing():
    state = lay(new(), 0, ["a", "t"])
    for kind, fields in (("set_card_value", {"face": "c", "value": v}) for v in (-1, 51, "", "3.5", "x", 10**30, True)):
        with pytest.raises(BadAction):
            host(state, kind, **fields)
    for fields in ({"seat": -1}, {"seat": 3}, {"seat": "x"}, {"seat": None}, {"seat": True}):
        with pytest.raises(BadAction):
            act(state, "word", cards=["a"], **fields)
    for index in (-1, 1, "one", None, 10**12):
        with pytest.raises(RefereeError):
            act(state, "remove_word", seat=0, index=index)
        with pytest.raises(RefereeError):
            act(state, "challenge", seat=1, player=0, index=index, verdict=OK)
    assert state == lay(new(), 0, ["a", "t"])


def test_double_taps_are_harmless_a_second_challenge_or_confirm_is_refused():
    state = act(lay(new(), 0, ["a", "t"]), "challenge", seat=1, player=0, index=0, verdict=OK)
    with pytest.raises(RuleError, match="already been challenged"):
        act(state, "challenge", seat=1, player=0, index=0, verdict=OK)
    state = host(act(state, "went_out", seat=0), "confirm_round")
    with pytest.raises(RuleError, match="went out first"):
        host(state, "confirm_round")                  # the second tap meets the next round, not yet playable
    assert len(state["history"]) == 1
    assert act(act(new(), "went_out", seat=1), "went_out", seat=1)["round"]["went_out"] == 1


def test_undo_is_a_replay_without_the_last_action_and_every_kind_gives_the_state_before():
    """The platform undoes by replaying the log without the last action: each prefix is a sensible state."""
    log = [("word", dict(seat=0, text="hat")), ("edit_word", dict(seat=0, index=0, cards="h-at")),
           ("word", dict(seat=1, cards=["i", "f"])), ("remove_word", dict(seat=1, index=0)),
           ("word", dict(seat=1, cards=["b", "e", "a"])), ("unused", dict(seat=2, cards="c")),
           ("set_dealer", dict(seat=2, host=True)), ("challenge", dict(seat=2, player=1, index=0, verdict=NOT_A_WORD)),
           ("overrule", dict(player=1, index=0, host=True)), ("set_card_value", dict(face="c", value=3, host=True)),
           ("word", dict(seat=0, cards=["a"])), ("went_out", dict(seat=0)), ("confirm_round", dict(host=True))]
    states = [to_round(new(), 2)]
    for kind, fields in log:
        fields = dict(fields)
        states.append(q.apply(states[-1], {"type": kind, "host": fields.pop("host", False), "at": 7, **fields}))
    for i, (kind, _) in enumerate(log):
        replayed = to_round(new(), 2)
        for k, f in log[:i]:
            f = dict(f)
            replayed = q.apply(replayed, {"type": k, "host": f.pop("host", False), "at": 7, **f})
        assert replayed == states[i], kind
        q.round_preview(replayed), q.standings(replayed), q.choices(replayed, None, True)
    assert states[-1]["round"]["number"] == 3 and states[-2]["round"]["number"] == 2
    assert states[-2]["round"]["entries"]["0"]["words"][0]["cards"] == ["h", "at"]     # undoing confirm keeps the words
    assert "ways" in states[1]["round"]["entries"]["0"]["words"][0]                    # undoing the answer asks again
