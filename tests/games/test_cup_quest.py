"""Cup Quest rules engine: one test per rule of the text, scenarios, and property tests."""

import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from referee.engine import dice
from referee.engine.errors import BadAction, RuleError
from referee.engine.options import resolve
from referee.games import cup_quest as cq

ANN, BEN, CY = 0, 1, 2
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]


def players(n=3):
    return [{"seat": i, "name": NAMES[i], "colour": None, "team": None} for i in range(n)]


def new_game(n=3, **options):
    return cq.setup(players(n), resolve(cq.OPTIONS, options))


def act(state, kind, seat=None, **fields):
    """Apply one action and check the input state was not touched."""
    before = copy.deepcopy(state)
    after = cq.apply(state, {"type": kind, "seat": seat, "host": False, "at": 0, **fields})
    assert state == before
    return after


def started(n=3, **options):
    """Ann, Ben, Cy (...) roll 6, 5, 4 (...): play goes round in seat order, Ann first."""
    state = new_game(n, **options)
    for seat in range(n):
        state = act(state, "order_roll", seat, roll=6 - seat)
    return state


def moved(state, seat, card="5", **fields):
    return act(state, "play", seat, card=card, **fields)


def carrying(state, seat):
    """Ann moves onto the grail's chamber and picks it up; the turn passes on."""
    state = moved(state, seat)
    state = act(state, "pick_up", seat)
    return state


def pass_round(state, until):
    """The mover ends the turn, then everyone before `until` discards, so it is `until`'s turn."""
    if state["phase"] == "moved":
        state = act(state, "end_turn", state["turn"])
    while state["turn"] != until:
        state = act(state, "discard", state["turn"])
    return state


def refused(error, state, kind, seat=None, **fields):
    with pytest.raises(error) as info:
        act(state, kind, seat, **fields)
    return info.value.message


# Setup -------------------------------------------------------------------------------

def test_three_players_by_the_text_and_two_to_six_allowed():
    assert len(new_game(3)["players"]) == 3
    assert len(new_game(2)["players"]) == 2 and len(new_game(6)["players"]) == 6
    for n in (1, 7):
        with pytest.raises(BadAction):
            new_game(n)


def test_a_player_takes_on_the_role_of_dealer():
    state = new_game()
    assert state["dealer"] == ANN
    state = cq.apply(state, {"type": "choose_dealer", "seat": None, "host": True, "dealer": CY})
    assert state["dealer"] == CY
    assert "Only the host" in refused(RuleError, state, "choose_dealer", BEN, dealer=BEN)


def test_players_start_in_the_alcoves_each_their_own():
    state = new_game()
    records = [state["status"][str(s)] for s in (ANN, BEN, CY)]
    assert all(r["at_start"] for r in records)
    assert sorted(r["alcove"] for r in records) == [1, 2, 3]
    state = act(state, "choose_alcove", BEN, alcove=5)
    assert state["status"]["1"]["alcove"] == 5
    assert "Alcove 1 is already Ann's" in refused(RuleError, state, "choose_alcove", CY, alcove=1)


def test_play_goes_round_in_the_rolled_order():
    state = new_game()
    for seat, roll in ((ANN, 1), (BEN, 3), (CY, 6)):
        state = act(state, "order_roll", seat, roll=roll)
    seen = []
    for _ in range(6):
        seen.append(state["turn"])
        state = act(state, "discard", state["turn"])
    assert seen == [CY, BEN, ANN, CY, BEN, ANN]


def test_the_dealer_and_the_alcoves_are_settled_before_the_first_turn():
    state = started()
    with pytest.raises(RuleError, match="Not now"):
        cq.apply(state, {"type": "choose_dealer", "seat": None, "host": True, "dealer": BEN})
    refused(RuleError, state, "choose_alcove", ANN, alcove=5)
    for bad in (0, 7, "x"):
        refused(BadAction, new_game(), "choose_alcove", ANN, alcove=bad)


def test_players_roll_a_die_to_see_who_goes_first_highest_wins():
    state = new_game()
    state = act(state, "order_roll", ANN, roll=2)
    state = act(state, "order_roll", BEN, roll=6)
    assert state["phase"] == "order"
    state = act(state, "order_roll", CY, roll=4)
    assert state["order"] == [BEN, CY, ANN]
    assert state["turn"] == BEN and state["phase"] == "turn"


def test_ties_for_the_order_roll_again_among_the_tied_only():
    state = new_game()
    for seat, roll in ((ANN, 5), (BEN, 5), (CY, 3)):
        state = act(state, "order_roll", seat, roll=roll)
    assert state["phase"] == "order"
    assert cq.choices(state, CY, False) == ["choose_alcove"]
    assert "already rolled" in refused(RuleError, state, "order_roll", CY, roll=6)
    state = act(state, "order_roll", ANN, roll=1)
    state = act(state, "order_roll", BEN, roll=4)
    assert state["order"] == [BEN, ANN, CY]


def test_order_roll_must_be_a_die_face():
    state = new_game()
    for bad in (0, 7, "seven", "app", None):
        refused(BadAction, state, "order_roll", ANN, roll=bad)


def test_every_roll_can_be_rolled_by_the_app_or_typed():
    state = new_game()
    assert cq.random_needs(state, {"type": "order_roll", "seat": ANN}) == {"roll": {"die": 6}}
    assert cq.random_needs(state, {"type": "order_roll", "seat": ANN, "roll": 3}) == {}
    action = dice.fill({"type": "order_roll", "seat": ANN, "roll": "app"},
                       cq.random_needs(state, {"type": "order_roll", "seat": ANN}), random.Random(1))
    assert 1 <= action["roll"] <= 6
    assert act(state, "order_roll", ANN, roll=action["roll"])["order_rolls"]["0"] == [action["roll"]]
    assert cq.random_needs(state, {"type": "battle_roll"}) == {"roll": {"die": 6}, "their_roll": {"die": 6}}
    assert cq.random_needs(state, {"type": "transport_roll", "roll": "4"}) == {}


def test_the_deck_hands_and_draw_pile_stay_on_the_table_so_any_card_may_be_played():
    state = started(n=6)
    for seat in range(5):                    # five Aces in a row: the app does not count the deck
        state = act(state, "play", seat, card="A", target=5)
    assert "deck" not in state and "hand" not in json.dumps(state)
    assert state["status"]["5"]["frozen"] == 2


# A turn: play a card, discard a card for a new one, or snipe --------------------------

def test_each_turn_a_player_can_play_a_card_discard_a_card_or_snipe():
    state = started()
    assert cq.choices(state, ANN, False) == ["play", "discard", "snipe"]
    assert cq.choices(state, BEN, False) == []
    assert cq.choices(state, None, True) == ["play", "discard", "snipe"]


def test_only_the_player_whose_turn_it_is_may_act():
    state = started()
    assert "It is Ann's turn, not Ben's" in refused(RuleError, state, "play", BEN, card="5")


def test_host_may_act_for_the_player_whose_turn_it_is():
    state = started()
    after = cq.apply(state, {"type": "discard", "seat": None, "host": True})
    assert after["turn"] == BEN


def test_discard_a_card_for_a_new_one_is_the_whole_turn():
    state = act(started(), "discard", ANN)
    assert state["turn"] == BEN and state["status"]["0"]["at_start"]


@pytest.mark.parametrize("card", ["2", "7", "10", 9])
def test_cards_2_to_10_move_the_number_of_spaces_on_the_card(card):
    state = moved(started(), ANN, card=card)
    assert state["phase"] == "moved" and not state["status"]["0"]["at_start"]
    assert f"moves {card} spaces" in state["news"]


@pytest.mark.parametrize("card", ["1", "11", "Joker", ""])
def test_a_card_must_be_2_to_10_jack_queen_king_or_ace(card):
    refused(BadAction, started(), "play", ANN, card=card)


@pytest.mark.parametrize("card", ["J", "queen", "K"])
def test_jack_queen_king_may_move_4_normal_spaces(card):
    state = moved(started(), ANN, card=card, use="move")
    assert state["phase"] == "moved" and "moves 4 spaces" in state["news"]


def test_a_face_card_says_move_or_transport_and_a_transport_needs_the_suit():
    refused(BadAction, started(), "play", ANN, card="Q")
    assert "suit" in refused(BadAction, started(), "play", ANN, card="Q", use="transport")


def transporting(state=None, seat=ANN, card="K", suit="hearts"):
    state = state or started()
    state = act(state, "play", seat, card=card, use="transport", suit=suit)
    assert state["phase"] == "transport"
    return state


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_transport_roll_of_1_to_3_succeeds_onto_the_suits_face_space(roll):
    state = act(transporting(), "transport_roll", ANN, roll=roll)
    assert state["phase"] == "moved" and not state["status"]["0"]["at_start"]
    assert "King of hearts space" in state["news"]
    assert state["roll"]["dice"] == [roll]


@pytest.mark.parametrize("roll", [4, 5, 6])
def test_transport_roll_of_4_to_6_fails_back_to_the_starting_location(roll):
    state = pass_round(moved(started(), ANN), ANN)           # Ann is out on the map first
    assert not state["status"]["0"]["at_start"]
    state = act(transporting(state), "transport_roll", ANN, roll=roll)
    assert state["status"]["0"]["at_start"] and state["turn"] == BEN
    assert "fails" in state["roll"]["text"] and "back to alcove 1" in state["news"]


def test_transport_with_and_without_the_grail_leaves_a_grail_nobody_carries_alone():
    worked = act(transporting(), "transport_roll", ANN, roll=1)
    failed = act(transporting(), "transport_roll", ANN, roll=6)
    assert worked["grail"] == failed["grail"] == {"where": "chamber"}
    assert "drops" not in failed["news"]


@pytest.mark.parametrize("roll", [0, 7, -1, "2.5", "six", 10**30])
def test_transport_roll_must_be_a_die_face(roll):
    refused(BadAction, transporting(), "transport_roll", ANN, roll=roll)


def test_failed_transport_drops_the_goblet_where_the_player_stood():
    state = pass_round(carrying(started(), ANN), ANN)
    state = act(transporting(state), "transport_roll", ANN, roll=5)
    assert state["grail"] == {"where": "dropped", "by": ANN}
    assert state["status"]["0"]["at_start"]


def test_successful_transport_keeps_the_grail():
    state = pass_round(carrying(started(), ANN), ANN)
    state = act(transporting(state, suit="s"), "transport_roll", ANN, roll=3)
    assert state["grail"] == {"where": "carried", "by": ANN}
    assert "King of spades" in state["news"]


# Ace cards: the freezing spell ---------------------------------------------------------

def test_ace_casts_a_freezing_spell_on_any_other_player_for_two_turns():
    state = act(started(), "play", ANN, card="A", target=CY)
    assert state["status"]["2"]["frozen"] == 2 and state["turn"] == BEN
    assert "cannot freeze themselves" in refused(RuleError, started(), "play", ANN, card="A", target=ANN)
    refused(BadAction, started(), "play", ANN, card="A")


def frozen_cy(**options):
    """Ann freezes Cy; Ben discards; it is Cy's (frozen) turn."""
    state = act(started(**options), "play", ANN, card="ace", target=CY)
    return act(state, "discard", BEN)


def test_frozen_player_cannot_move_or_use_any_cards():
    state = frozen_cy()
    assert "frozen for 2 more turns" in refused(RuleError, state, "play", CY, card="5")
    refused(RuleError, state, "discard", CY)


def test_frozen_turns_offer_only_snipe_or_pass():
    state = frozen_cy()
    assert cq.choices(state, CY, False) == ["snipe", "pass"]
    assert "frozen" in cq.prompt(state)


def test_a_frozen_player_can_snipe():
    state = act(moved(started(), ANN), "end_turn", ANN)       # Ann is out on the map
    state = act(state, "play", BEN, card="A", target=CY)
    state = act(state, "snipe", CY, target=ANN)
    state = act(state, "bounce", CY, hit=True)
    assert state["status"]["0"]["at_start"] and state["status"]["2"]["ammo"] == 3


def test_a_frozen_turn_spent_sniping_counts_down_the_freeze_like_a_pass():
    state = sniping(frozen_cy(), CY, ANN, [False, False])
    assert state["status"]["2"]["frozen"] == 1 and state["turn"] == ANN
    state = sniping(pass_round(state, CY), CY, BEN, [True])
    assert state["status"]["2"]["frozen"] == 0
    assert cq.choices(pass_round(state, CY), CY, False) == ["play", "discard", "snipe"]


def test_a_freeze_counts_only_the_frozen_players_own_turns():
    state = frozen_cy()
    for _ in range(2):                                        # others' turns go by: Cy stays frozen
        state = act(state, "pass", CY)
        assert state["status"]["2"]["frozen"] in (1, 0)
        frozen = state["status"]["2"]["frozen"]
        state = act(state, "discard", ANN)
        state = act(state, "discard", BEN)
        assert state["status"]["2"]["frozen"] == frozen
    assert state["turn"] == CY and state["status"]["2"]["frozen"] == 0


def test_a_frozen_player_can_still_be_attacked():
    state = act(started(), "play", ANN, card="A", target=BEN)
    state = act(state, "pass", BEN)
    state = act(moved(state, CY), "battle", CY, opponent=BEN)
    state = act(state, "battle_roll", CY, roll=2, their_roll=5)
    assert state["status"]["2"]["at_start"] and state["status"]["1"]["frozen"] == 1


def test_frozen_player_without_ammo_can_only_pass():
    state = frozen_cy(ammo=0)
    assert cq.choices(state, CY, False) == ["pass"]


def test_freeze_lasts_for_two_of_their_turns_then_they_play_again():
    state = act(frozen_cy(), "pass", CY)
    assert state["status"]["2"]["frozen"] == 1
    state = pass_round(state, CY)
    state = act(state, "pass", CY)
    assert state["status"]["2"]["frozen"] == 0
    state = pass_round(state, CY)
    assert cq.choices(state, CY, False) == ["play", "discard", "snipe"]
    assert moved(state, CY)["phase"] == "moved"


def test_pass_is_only_for_a_frozen_player():
    assert "not frozen" in refused(RuleError, started(), "pass", ANN)


def test_a_new_freeze_on_a_frozen_player_resets_to_two_turns():
    state = act(frozen_cy(), "pass", CY)
    state = act(state, "play", ANN, card="A", target=CY)
    assert state["status"]["2"]["frozen"] == 2


def test_refreeze_option_add_stacks_the_turns():
    state = act(frozen_cy(refreeze="add"), "pass", CY)
    state = act(state, "play", ANN, card="A", target=CY)
    assert state["status"]["2"]["frozen"] == 3


def test_refreeze_option_refuse_keeps_a_frozen_player_from_a_second_freeze():
    state = act(frozen_cy(refreeze="refuse"), "pass", CY)
    assert "already frozen for 1 more turn" in refused(RuleError, state, "play", ANN, card="A", target=CY)


def test_freeze_turns_option_sets_the_length():
    state = act(started(freeze_turns=3), "play", ANN, card="A", target=BEN)
    assert state["status"]["1"]["frozen"] == 3


# Sniping -----------------------------------------------------------------------------

def sniping(state, seat, target, hits):
    state = act(state, "snipe", seat, target=target)
    for hit in hits:
        state = act(state, "bounce", seat, hit=hit)
    return state


def test_a_player_may_only_snipe_four_times_per_game():
    state = started(n=2)
    for shot in range(4):
        state = sniping(state, ANN, BEN, ["no", "no"])
        state = act(state, "discard", BEN)
    assert state["status"]["0"]["ammo"] == 0
    assert "no snipes left (all 4 used" in refused(RuleError, state, "snipe", ANN, target=BEN)
    assert "snipe" not in cq.choices(state, ANN, False)


def test_ammo_option_changes_the_snipes_per_game():
    state = started(ammo=1)
    assert state["status"]["2"]["ammo"] == 1
    state = pass_round(sniping(state, ANN, BEN, [False, False]), ANN)
    refused(RuleError, state, "snipe", ANN, target=BEN)


def test_snipe_is_instead_of_playing_a_card():
    state = sniping(started(), ANN, BEN, [False, False])
    assert state["turn"] == BEN and state["status"]["0"]["at_start"]
    assert state["this_turn"]["card"] is None


def test_two_bounces_per_shot_a_hit_on_either_snipes_the_player():
    state = moved(started(), ANN)
    state = act(state, "end_turn", ANN)
    state = sniping(state, BEN, ANN, [False, True])
    assert state["status"]["0"]["at_start"] and "bounce 2" in state["news"]


def test_if_the_player_misses_the_game_continues_normally():
    state = act(moved(started(), ANN), "end_turn", ANN)
    state = act(state, "snipe", BEN, target=ANN)
    state = act(state, "bounce", BEN, hit="no")
    assert state["phase"] == "snipe" and state["pending"]["attempt"] == 2
    state = act(state, "bounce", BEN, hit="no")
    assert not state["status"]["0"]["at_start"] and state["turn"] == CY
    assert state["status"]["1"]["ammo"] == 3


def test_a_bounce_says_hit_or_miss_and_a_snipe_needs_another_target():
    state = act(started(), "snipe", ANN, target=BEN)
    refused(BadAction, state, "bounce", ANN)
    assert "cannot snipe themselves" in refused(RuleError, started(), "snipe", ANN, target=ANN)


def test_snipe_effect_default_sends_target_to_start_dropping_the_grail_where_it_stood():
    state = carrying(started(), ANN)
    state = act(state, "end_turn", ANN)
    state = sniping(state, BEN, ANN, [True])
    assert state["status"]["0"]["at_start"]
    assert state["grail"] == {"where": "dropped", "by": ANN}


def test_snipe_effect_option_drop_grail_leaves_target_in_place():
    state = act(carrying(started(snipe_effect="drop_grail"), ANN), "end_turn", ANN)
    state = sniping(state, BEN, ANN, [True])
    assert not state["status"]["0"]["at_start"]
    assert state["grail"] == {"where": "dropped", "by": ANN}


def test_snipe_effect_option_freeze_freezes_the_target():
    state = sniping(started(snipe_effect="freeze"), ANN, BEN, [True])
    assert state["status"]["1"]["frozen"] == 2 and state["turn"] == BEN
    assert cq.choices(state, BEN, False) == ["snipe", "pass"]


# Battles -----------------------------------------------------------------------------

def test_landing_on_a_hex_touching_big_bob_must_battle_him():
    state = moved(started(), ANN, touching="bob")
    assert "end_turn" not in cq.choices(state, ANN, False)
    assert "must battle" in refused(RuleError, state, "end_turn", ANN)
    state = act(state, "battle", ANN, opponent="Big Bob")
    state = act(state, "battle_roll", ANN, roll=4, their_roll=2)
    assert act(state, "end_turn", ANN)["turn"] == BEN


def test_touching_reported_after_the_move_forces_a_battle_with_big_bill():
    state = act(transporting(), "transport_roll", ANN, roll=1)
    state = act(state, "touching", ANN, touching="Big Bill")
    assert state["this_turn"]["must_battle"] == ["bill"]
    refused(RuleError, state, "end_turn", ANN)


def test_landing_touching_both_giants_battles_both():
    state = moved(started(), ANN, touching="both")
    for giant in ("bob", "bill"):
        state = act(state, "battle", ANN, opponent=giant)
        state = act(state, "battle_roll", ANN, roll=6, their_roll=1)
    assert state["this_turn"]["must_battle"] == []
    assert "already battled Big Bob" in refused(RuleError, state, "battle", ANN, opponent="bob")


def test_adjacent_to_another_players_hex_they_have_the_choice_to_attack():
    state = moved(started(), ANN)
    assert "end_turn" in cq.choices(state, ANN, False)
    state = act(state, "battle", ANN, opponent=BEN)
    assert state["phase"] == "battle" and "attacks Ben" in state["news"]
    assert "cannot attack themselves" in refused(RuleError, moved(started(), ANN), "battle", ANN, opponent=ANN)


def test_battle_is_one_die_for_each_side_and_the_lower_goes_back_to_the_start():
    state = act(moved(started(), ANN), "end_turn", ANN)
    state = act(moved(state, BEN), "end_turn", BEN)           # Ann and Ben are both out on the map
    state = act(moved(act(state, "discard", CY), ANN), "battle", ANN, opponent=BEN)
    won = act(state, "battle_roll", ANN, roll=5, their_roll=2)
    assert won["status"]["1"]["at_start"] and not won["status"]["0"]["at_start"]
    assert won["phase"] == "moved" and won["turn"] == ANN
    lost = act(state, "battle_roll", ANN, roll=1, their_roll=6)
    assert lost["status"]["0"]["at_start"] and not lost["status"]["1"]["at_start"]
    assert lost["turn"] == BEN and lost["roll"]["dice"] == [1, 6]
    assert "Ann rolls 1, Ben rolls 6: Ben wins" in lost["news"]


def test_a_battle_needs_both_dice_each_a_die_face():
    state = act(moved(started(), ANN), "battle", ANN, opponent="bob")
    refused(BadAction, state, "battle_roll", ANN, roll=3)
    refused(BadAction, state, "battle_roll", ANN, their_roll=3)
    for bad in (0, 7, "x", "-2"):
        refused(BadAction, state, "battle_roll", ANN, roll=bad, their_roll=3)
        refused(BadAction, state, "battle_roll", ANN, roll=3, their_roll=bad)


def test_a_giant_who_loses_stays_put_and_the_mover_carries_on():
    state = act(moved(started(), ANN, touching="bill"), "battle", ANN, opponent="bill")
    state = act(state, "battle_roll", ANN, roll=6, their_roll=5)
    assert state["phase"] == "moved" and state["turn"] == ANN and not state["status"]["0"]["at_start"]
    assert "goes back" not in state["news"]


def test_losing_a_battle_ends_the_movers_turn():
    state = act(moved(started(), ANN, touching="both"), "battle", ANN, opponent="bob")
    state = act(state, "battle_roll", ANN, roll=1, their_roll=2)
    assert state["turn"] == BEN and state["phase"] == "turn" and state["this_turn"]["must_battle"] == []


def test_battle_ties_roll_again():
    state = act(moved(started(), ANN), "battle", ANN, opponent="bob")
    state = act(state, "battle_roll", ANN, roll=3, their_roll=3)
    assert state["phase"] == "battle" and state["pending"]["ties"] == 1 and "tie" in state["news"]
    state = act(state, "battle_roll", ANN, roll=2, their_roll=5)
    assert state["status"]["0"]["at_start"] and state["turn"] == BEN


def test_losing_a_battle_while_carrying_the_grail_drops_it_at_the_hex():
    state = carrying(started(), ANN)
    state = act(state, "battle", ANN, opponent="bill")
    state = act(state, "battle_roll", ANN, roll=1, their_roll=2)
    assert state["grail"] == {"where": "dropped", "by": ANN}


def test_an_attacked_carrier_who_loses_drops_the_grail_where_they_stood():
    state = act(carrying(started(), ANN), "end_turn", ANN)
    state = act(moved(state, BEN), "battle", BEN, opponent=ANN)
    state = act(state, "battle_roll", BEN, roll=6, their_roll=1)
    assert state["grail"] == {"where": "dropped", "by": ANN} and state["status"]["0"]["at_start"]


def test_one_attack_per_turn_by_default_and_the_option_allows_more():
    state = act(moved(started(), ANN), "battle", ANN, opponent=BEN)
    state = act(state, "battle_roll", ANN, roll=6, their_roll=1)
    assert "already attacked" in refused(RuleError, state, "battle", ANN, opponent=CY)
    state = act(moved(started(attacks_per_turn=2), ANN), "battle", ANN, opponent=BEN)
    state = act(state, "battle_roll", ANN, roll=6, their_roll=1)
    assert act(state, "battle", ANN, opponent=CY)["phase"] == "battle"


def test_the_prompt_after_moving_names_only_what_is_still_allowed():
    state = moved(started(), ANN)
    assert cq.prompt(state) == "Ann has moved: attack a neighbour, pick up the grail, or end the turn."
    state = act(act(state, "battle", ANN, opponent=BEN), "battle_roll", ANN, roll=6, their_roll=1)
    state = act(state, "pick_up", ANN)
    assert cq.prompt(state) == "Ann has moved: go home with the grail, or end the turn."
    assert cq.prompt(moved(started(), ANN, touching="bob")) == "Ann must battle Big Bob."


def test_a_battle_comes_only_after_moving():
    assert "Not now" in refused(RuleError, started(), "battle", ANN, opponent=BEN)
    refused(BadAction, moved(started(), ANN), "battle", ANN, opponent="Big Ben")


# The grail ---------------------------------------------------------------------------

def test_the_grail_starts_in_its_chamber_and_a_player_picks_it_up():
    state = started()
    assert state["grail"] == {"where": "chamber"}
    state = act(moved(state, ANN), "pick_up", ANN)
    assert state["grail"] == {"where": "carried", "by": ANN} and "from its chamber" in state["news"]
    assert "already carries" in refused(RuleError, state, "pick_up", ANN)


def test_a_dropped_grail_is_picked_up_again():
    state = act(carrying(started(), ANN), "end_turn", ANN)
    state = sniping(state, BEN, ANN, [True])
    state = act(moved(state, CY), "pick_up", CY)
    assert state["grail"] == {"where": "carried", "by": CY} and "where Ann dropped it" in state["news"]


def test_only_the_carrier_drops_the_grail_when_someone_else_is_sent_back():
    state = act(moved(act(started(), "discard", ANN), BEN), "pick_up", BEN)   # Ben carries the grail
    state = act(state, "end_turn", BEN)
    state = act(transporting(act(state, "discard", CY)), "transport_roll", ANN, roll=6)   # Ann's transport fails
    assert state["grail"] == {"where": "carried", "by": BEN}
    state = act(moved(act(state, "discard", BEN), CY, touching="bob"), "battle", CY, opponent="bob")
    state = act(state, "battle_roll", CY, roll=1, their_roll=6)               # Cy loses to Big Bob
    assert state["grail"] == {"where": "carried", "by": BEN}
    state = sniping(state, ANN, CY, [True])                                   # Ann snipes Cy home
    assert state["grail"] == {"where": "carried", "by": BEN} and state["status"]["2"]["at_start"]


def test_nobody_picks_up_a_grail_another_player_carries():
    state = act(carrying(started(), ANN), "end_turn", ANN)
    assert "Ann carries the grail" in refused(RuleError, moved(state, BEN), "pick_up", BEN)
    assert "pick_up" not in cq.choices(moved(state, BEN), BEN, False)


def test_no_blocking_of_another_players_alcove():
    message = refused(RuleError, started(), "play", ANN, card="6", blocks=BEN)
    assert "may not block Ben's alcove (alcove 2)" in message
    assert moved(started(), ANN, card="6", blocks=ANN)["phase"] == "moved"


# Winning -----------------------------------------------------------------------------

def test_the_game_ends_when_a_player_brings_the_grail_back_to_their_starting_alcove():
    state = act(carrying(started(), ANN), "end_turn", ANN)
    state = pass_round(state, ANN)
    state = act(moved(state, ANN, card="9"), "home", ANN)
    assert state["phase"] == "over" and state["winner"] == ANN
    result = cq.outcome(state)
    assert result["winners"] == [ANN] and result["places"] == {"0": 1, "1": 2, "2": 2}
    assert "Ann brought the grail home to alcove 1" in result["summary"]
    assert [r["name"] for r in cq.standings(state)][0] == "Ann"
    assert [r["score_text"] for r in cq.standings(state)] == ["won", "", ""]
    assert "The game is over" in refused(RuleError, state, "discard", BEN)
    assert cq.choices(state, None, True) == []


def test_an_owed_giant_battle_comes_before_going_home():
    state = act(carrying(started(), ANN), "end_turn", ANN)
    state = moved(pass_round(state, ANN), ANN, touching="bob")
    assert "home" not in cq.choices(state, ANN, False)
    assert "that battle comes first" in refused(RuleError, state, "home", ANN)
    state = act(state, "battle", ANN, opponent="bob")
    state = act(state, "battle_roll", ANN, roll=4, their_roll=3)
    assert "home" in cq.choices(state, ANN, False)
    assert act(state, "home", ANN)["winner"] == ANN


def test_only_the_grail_carrier_can_go_home_to_win():
    assert "does not carry the grail" in refused(RuleError, moved(started(), ANN), "home", ANN)
    assert cq.outcome(started()) is None


# The engine contract ------------------------------------------------------------------

def test_unknown_action_is_malformed_and_a_seat_is_required():
    refused(BadAction, started(), "fly", ANN)
    refused(BadAction, started(), "discard", None)
    for seat in (9, -1, "x", True, 10**30, [0]):
        refused(BadAction, started(), "discard", seat)
    for kind in (["play"], None, 5, {"a": 1}):
        refused(BadAction, started(), kind, ANN)


def test_a_face_cards_move_or_transport_is_read_whatever_the_case():
    assert moved(started(), ANN, card="king", use=" Move ")["phase"] == "moved"
    assert act(started(), "play", ANN, card="J", use="TRANSPORT", suit="H")["phase"] == "transport"
    refused(BadAction, started(), "play", ANN, card="J", use="fly")
    refused(BadAction, started(), "play", ANN, card="J", use="transport", suit="stars")


def test_log_lines_name_players_cards_and_rolls():
    state = started()
    assert cq.describe({"type": "play", "seat": ANN, "card": "7"}, state) == "Ann plays a 7 and moves 7 spaces"
    line = cq.describe({"type": "play", "seat": ANN, "card": "A", "target": CY}, state)
    assert line == "Ann plays an Ace: Cy is frozen for 2 turns; Ben is next"


def test_view_hides_nothing_because_the_hands_stay_on_the_table():
    state = carrying(started(), ANN)
    assert cq.view(state, BEN, False) == state
    assert cq.summary(state)["grail"] == "Ann carries the grail."


def test_options_have_the_documented_defaults():
    assert resolve(cq.OPTIONS, {}) == {"snipe_effect": "to_start", "refreeze": "reset", "freeze_turns": 2,
                                       "ammo": 4, "attacks_per_turn": 1}
    assert cq.READY is True and cq.SLUG == "cup-quest"


def test_a_whole_game_for_three():
    state = new_game()
    for seat, roll in ((ANN, 3), (BEN, 6), (CY, 1)):
        state = act(state, "order_roll", seat, roll=roll)
    assert state["order"] == [BEN, ANN, CY]
    state = act(moved(state, BEN, card="10"), "end_turn", BEN)
    state = act(state, "play", ANN, card="A", target=BEN)
    state = act(transporting(state, CY, card="J", suit="diamonds"), "transport_roll", CY, roll=2)
    state = act(state, "pick_up", CY)
    state = act(state, "end_turn", CY)
    state = sniping(state, BEN, CY, [False, True])           # frozen Ben snipes Cy home
    assert state["grail"]["where"] == "dropped"
    state = act(moved(state, ANN, card="8", touching="bob"), "battle", ANN, opponent="bob")
    state = act(state, "battle_roll", ANN, roll=4, their_roll=4)
    state = act(state, "battle_roll", ANN, roll=5, their_roll=4)
    state = act(state, "pick_up", ANN)
    state = act(state, "end_turn", ANN)
    state = act(state, "discard", CY)
    state = act(state, "pass", BEN)
    state = act(moved(state, ANN, card="Q", use="move"), "home", ANN)
    assert cq.outcome(state)["winners"] == [ANN]
    json.dumps(state)


# Undo: the platform replays the log without the last action ---------------------------

def whole_game_log():
    """Every kind of action once or more, as the platform logs them (seat filled in)."""
    steps = [("order_roll", ANN, {"roll": 3}), ("order_roll", BEN, {"roll": 3}), ("order_roll", CY, {"roll": 1}),
             ("order_roll", ANN, {"roll": 2}), ("order_roll", BEN, {"roll": 6}),          # Ben, Ann, Cy
             ("play", BEN, {"card": "10"}), ("pick_up", BEN, {}), ("end_turn", BEN, {}),
             ("play", ANN, {"card": "A", "target": BEN}),
             ("play", CY, {"card": "J", "use": "transport", "suit": "diamonds"}),
             ("transport_roll", CY, {"roll": 2}), ("touching", CY, {"touching": "bill"}),
             ("battle", CY, {"opponent": "bill"}), ("battle_roll", CY, {"roll": 4, "their_roll": 4}),
             ("battle_roll", CY, {"roll": 5, "their_roll": 1}), ("battle", CY, {"opponent": BEN}),
             ("battle_roll", CY, {"roll": 6, "their_roll": 2}), ("pick_up", CY, {}), ("end_turn", CY, {}),
             ("snipe", BEN, {"target": CY}), ("bounce", BEN, {"hit": "no"}), ("bounce", BEN, {"hit": "yes"}),
             ("discard", ANN, {}), ("play", CY, {"card": "3"}), ("pick_up", CY, {}), ("end_turn", CY, {}),
             ("pass", BEN, {}), ("play", ANN, {"card": "K", "use": "move"}), ("end_turn", ANN, {}),
             ("play", CY, {"card": "9"}), ("home", CY, {})]
    return [{"type": kind, "seat": seat, "host": False, "at": 0, **fields} for kind, seat, fields in steps]


def fold(actions):
    state = new_game()
    for action in actions:
        state = cq.apply(state, action)
    return state


def test_undoing_any_action_gives_back_the_state_before_it_with_that_action_offered_again():
    log = whole_game_log()
    assert {a["type"] for a in log} == set(cq.ACTIONS) - {"choose_dealer", "choose_alcove"}
    states = [new_game()]
    for action in log:
        states.append(cq.apply(states[-1], action))
    assert cq.outcome(states[-1])["winners"] == [CY]
    for i, action in enumerate(log):
        before = fold(log[:i])                                # the platform's undo of action i
        assert before == states[i]
        assert action["type"] in cq.choices(before, action["seat"], False)
        assert cq.outcome(before) is None and before["winner"] is None
        if before["phase"] != "order":
            assert before["turn"] == action["seat"] and cq.prompt(before).startswith(NAMES[action["seat"]])


def test_undo_mid_turn_restores_ammo_ties_the_grail_and_the_game():
    log = whole_game_log()
    at = {i: a for i, a in enumerate(log)}
    def before(kind, nth=0):
        index = [i for i, a in at.items() if a["type"] == kind][nth]
        return fold(log[:index])
    assert before("snipe")["status"]["1"]["ammo"] == 4            # undo the snipe: the shot is given back
    after_miss = before("bounce", 1)                               # undo the hit: bounce 2 again, Cy keeps the grail
    assert after_miss["pending"]["attempt"] == 2 and after_miss["status"]["1"]["ammo"] == 3
    assert after_miss["grail"] == {"where": "carried", "by": CY} and not after_miss["status"]["2"]["at_start"]
    assert before("battle_roll", 1)["pending"]["ties"] == 1         # undo the roll after a tie: still tied once
    assert before("battle_roll", 0)["pending"]["ties"] == 0
    assert before("transport_roll")["phase"] == "transport"
    assert before("pass")["status"]["1"]["frozen"] == 1             # undo the pass: still one frozen turn
    unwon = before("home")
    assert unwon["phase"] == "moved" and "home" in cq.choices(unwon, CY, False)
    assert unwon["grail"] == {"where": "carried", "by": CY} and cq.standings(unwon)[0]["score_text"] == ""


# Properties --------------------------------------------------------------------------

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**40, 10**40), st.text(max_size=12),
                 st.sampled_from(["", "app", "bob", "Big Bill", "both", "hearts", "K", "A", "10", "yes", "no",
                                  "transport", "move", "-1", "7", "0"]),
                 st.lists(st.integers(-3, 9), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.data())
def test_any_junk_in_any_field_is_refused_cleanly_or_applied_without_breaking_the_state(data):
    """Bad input of every kind (negative, huge, empty, text, lists) only ever raises BadAction or RuleError."""
    state = started()
    for _ in range(12):
        if state["phase"] == "over":
            break
        action = {"type": data.draw(st.sampled_from(list(cq.ACTIONS) + ["fly"])), "host": data.draw(st.booleans()),
                  "at": 0, "seat": data.draw(st.one_of(st.just(state["turn"]), JUNK))}
        for field in ("card", "use", "suit", "target", "opponent", "touching", "roll", "their_roll", "hit",
                      "blocks", "dealer", "alcove"):
            if data.draw(st.booleans()):
                action[field] = data.draw(JUNK)
        before = json.dumps(state, sort_keys=True)
        try:
            after = cq.apply(state, action)
        except (BadAction, RuleError) as error:
            assert json.dumps(state, sort_keys=True) == before and error.message
            continue
        assert json.loads(json.dumps(after)) == after and no_floats_or_int_keys(after)
        assert all(0 <= r["ammo"] <= 4 and 0 <= r["frozen"] <= 2 for r in after["status"].values())
        state = after



FIELDS = {   # action type -> the fields it reads and what to draw for them (some illegal on purpose)
    "order_roll": {"roll": st.integers(1, 6)},
    "choose_alcove": {"alcove": st.integers(1, 6)},
    "choose_dealer": {"dealer": "seat"},
    "play": {"card": st.sampled_from(["2", "5", "10", "J", "Q", "K", "A"]), "use": st.sampled_from(["move", "transport"]),
             "suit": st.just("clubs"), "target": "seat", "touching": st.sampled_from(["", "bob", "both"])},
    "snipe": {"target": "seat"},
    "bounce": {"hit": st.booleans()},
    "transport_roll": {"roll": st.integers(1, 6)},
    "touching": {"touching": st.sampled_from(["bob", "bill", "both"])},
    "battle": {"opponent": "opponent"},
    "battle_roll": {"roll": st.integers(1, 6), "their_roll": st.integers(1, 6)},
}


def random_action(data, state):
    """Any action the buttons offer, with its fields drawn at random (some of them illegal)."""
    kind = data.draw(st.sampled_from(cq.choices(state, None, True)))
    seat = state["turn"]
    if kind == "order_roll":
        from referee.games.cup_quest.start import still_to_roll
        seat = data.draw(st.sampled_from(still_to_roll(state)))
    seats = [p["seat"] for p in state["players"]]
    named = {"seat": st.sampled_from(seats), "opponent": st.sampled_from(seats + ["bob", "bill"])}
    action = {"type": kind, "seat": seat, "host": True, "at": 0}
    for field, strategy in FIELDS.get(kind, {}).items():
        action[field] = data.draw(named.get(strategy, strategy) if isinstance(strategy, str) else strategy)
    return action


def no_floats_or_int_keys(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and no_floats_or_int_keys(v) for k, v in value.items())
    if isinstance(value, list):
        return all(no_floats_or_int_keys(v) for v in value)
    return not isinstance(value, (float, tuple, set))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.data(), st.integers(2, 6), st.sampled_from(["to_start", "drop_grail", "freeze"]))
def test_random_play_keeps_the_counts_and_never_mutates(data, n, effect):
    state = new_game(n, snipe_effect=effect)
    for _ in range(80):
        if state["phase"] == "over":
            assert cq.outcome(state)["winners"] == [state["winner"]]
            break
        action = random_action(data, state)
        before = json.dumps(state, sort_keys=True)
        try:
            after = cq.apply(state, action)
        except (BadAction, RuleError):
            assert json.dumps(state, sort_keys=True) == before
            continue
        assert json.dumps(state, sort_keys=True) == before
        assert cq.apply(state, action) == after
        assert cq.describe(action, state) == after["news"]
        assert json.loads(json.dumps(after)) == after and no_floats_or_int_keys(after)
        for record in after["status"].values():
            assert 0 <= record["ammo"] <= 4 and 0 <= record["frozen"] <= 2
        grail = after["grail"]
        assert grail["where"] in ("chamber", "carried", "dropped", "home")
        assert (after["phase"] == "over") == (after["winner"] is not None)
        state = after
