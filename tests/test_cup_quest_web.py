"""Cup Quest screens through the Flask test client: every phase, the whole flow, seats and spectators."""

import re

from helpers import HX, act, board_of, final_board, join_link, open_table, seat_phone, version

from referee.models import Table

NAMES = ("Ann", "Ben", "Cy")
ANN, BEN, CY = 0, 1, 2


def board(client, code) -> str:
    """The Cup Quest board region of the table page."""
    return board_of(client.get(f"/t/{code}").get_data(as_text=True), "cup-quest")


def buttons(html: str) -> list[str]:
    """The visible words of every submit button and radio label in the board."""
    words = re.findall(r"<button[^>]*>(.*?)</button>", html, re.S)
    return [re.sub(r"<[^>]+>", "", w).strip() for w in words]


def button_text(html: str) -> str:
    return " | ".join(buttons(html))


def action_types(html: str) -> set[str]:
    return set(re.findall(r'name="type" value="([a-z_]+)"', html))


def ok(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:400]
    return response


def started(client, **options):
    """A three-player table; the host types Ann 6, Ben 5, Cy 4: Ann, Ben, Cy play in that order."""
    code = open_table(client, NAMES, "cup-quest", **options)
    for seat, roll in ((ANN, 6), (BEN, 5), (CY, 4)):
        ok(act(client, code, type="order_roll", seat=seat, roll=roll))
    return code


def state_of(client, code) -> dict:
    return client.get(f"/api/tables/{code}").get_json()["state"]


# The game is on the home page and opens on the order roll ---------------------------

def test_cup_quest_is_ready_in_the_catalogue_and_opens_on_the_order_roll(client):
    from referee import games
    assert {"slug": "cup-quest", "title": "Cup Quest", "ready": True,
            "blurb": games.get("cup-quest").BLURB} in games.catalogue()
    new_table = client.get("/new/cup-quest")
    assert new_table.status_code == 200 and "snipe" in new_table.get_data(as_text=True).lower()
    code = open_table(client, NAMES, "cup-quest")
    html = board(client, code)
    for name in NAMES:
        assert f"{name} rolls for the order" in html
    assert "Roll in the app" in html and "In its chamber" in html
    assert "choose_dealer" in action_types(html)


def test_a_phone_rolls_only_for_itself_for_the_order_and_the_host_settles_the_dealer(client, another_phone):
    code = open_table(client, NAMES, "cup-quest")
    seat_phone(another_phone, code, BEN)
    html = board(another_phone, code)
    assert "Ben rolls for the order" in html and "Ann rolls for the order" not in html
    assert "choose_dealer" not in action_types(html)
    assert act(another_phone, code, type="order_roll", seat=ANN, roll=6).status_code == 403
    ok(act(another_phone, code, type="order_roll", roll=3))
    html = board(another_phone, code)
    assert "Ben rolls for the order" not in html and "waiting for the others" in html
    assert '<span class="die small">3</span>' in html


def test_order_ties_roll_again_on_the_screen(client):
    code = open_table(client, NAMES, "cup-quest")
    for seat, roll in ((CY, 2), (ANN, 4), (BEN, 4)):
        ok(act(client, code, type="order_roll", seat=seat, roll=roll))
    html = board(client, code)
    assert "Ann rolls for the order" in html and "Ben rolls for the order" in html
    assert "Cy rolls for the order" not in html and "a tie with Ann; they roll again" in html
    assert html.count("tie: again") == 2
    ok(act(client, code, type="order_roll", seat=ANN, roll=1))
    ok(act(client, code, type="order_roll", seat=BEN, roll=6))
    html = board(client, code)
    assert "Order: Ben → Ann → Cy" in html and "Ben: play a card" in html


# A turn: the three choices, frozen players, ammo ------------------------------------

def test_a_turn_offers_play_discard_or_snipe_only_to_the_player_whose_turn_it_is(client, another_phone):
    code = started(client)
    seat_phone(another_phone, code, BEN)
    ann = board(client, code)
    assert {"play", "discard", "snipe"} <= action_types(ann)
    assert "pass" not in action_types(ann)
    assert "Ann: play a card, discard a card for a new one, or snipe." in ann
    ben = board(another_phone, code)
    assert action_types(ben) == set() and "Waiting for" in ben and "<strong>Ann</strong>" in ben
    refused = act(another_phone, code, type="discard")
    assert refused.status_code == 409 and "It is Ann" in refused.get_data(as_text=True)


def test_ammo_shows_as_four_marks_and_goes_down_with_each_snipe(client):
    code = started(client)
    assert board(client, code).count('class="shot full"') == 12
    ok(act(client, code, type="snipe", target=BEN))
    html = board(client, code)
    assert "bounce 1 of 2" in html and buttons(html)[:2] == ["In the goblet", "Missed"]
    assert html.count('class="shot full"') == 11 and html.count('class="shot used"') == 1
    assert 'aria-label="3 of 4 snipes left"' in html


def test_a_frozen_player_is_greyed_with_turns_left_and_may_only_snipe_or_pass(client):
    code = started(client)
    ok(act(client, code, type="play", card="A", target=BEN))
    html = board(client, code)
    assert re.search(r'class="cq-player[^"]*frozen', html) and "❄ 2" in html
    assert action_types(html) == {"snipe", "pass"}
    assert "Pass this frozen turn" in button_text(html)
    ok(act(client, code, type="pass"))
    assert "❄ 1" in board(client, code)


def test_a_frozen_player_with_no_ammo_can_only_pass(client):
    code = started(client, ammo="0")
    ok(act(client, code, type="play", card="A", target=BEN))
    html = board(client, code)
    assert action_types(html) == {"pass"} and "No snipes left" in html


# Roll screens: transport and battle --------------------------------------------------

def test_transport_is_a_roll_screen_and_an_app_roll_shows_big_on_every_phone(client, another_phone):
    code = started(client)
    seat_phone(another_phone, code, CY)
    ok(act(client, code, type="play", card="K", use="transport", suit="hearts"))
    html = board(client, code)
    assert "King of hearts" in html and "1 2 3 works" in html and action_types(html) == {"transport_roll"}
    assert "Roll in the app" in button_text(html)
    watching = board(another_phone, code)
    assert "King of hearts" in watching and "1 2 3 works" in watching and action_types(watching) == set()
    ok(act(client, code, type="transport_roll", roll="app"))
    rolled = state_of(client, code)["roll"]["dice"][0]
    assert 1 <= rolled <= 6
    cy = board(another_phone, code)
    assert f'<span class="die big">{rolled}</span>' in cy
    assert ("works" if rolled <= 3 else "fails") in cy


def test_a_failed_transport_with_the_grail_drops_it_and_the_marker_says_so(client):
    code = started(client)
    ok(act(client, code, type="play", card="5"))
    ok(act(client, code, type="pick_up"))
    assert "Ann carries it" in board(client, code)
    ok(act(client, code, type="end_turn"))
    ok(act(client, code, type="discard"))           # Ben
    ok(act(client, code, type="discard"))           # Cy
    ok(act(client, code, type="play", card="Q", use="transport", suit="spades"))
    assert "dropping the grail" in board(client, code)
    ok(act(client, code, type="transport_roll", roll="5"))
    html = board(client, code)
    assert "On the map where Ann dropped it" in html and '<span class="die big">5</span>' in html
    assert "fails" in html


def test_a_giant_battle_is_forced_before_the_turn_can_end_and_ties_roll_again(client):
    code = started(client)
    ok(act(client, code, type="play", card="7"))
    ok(act(client, code, type="touching", touching="bob"))
    html = board(client, code)
    assert "Battle Big Bob" in button_text(html) and "end_turn" not in action_types(html)
    assert act(client, code, type="end_turn").status_code == 409
    ok(act(client, code, type="battle", opponent="bob"))
    html = board(client, code)
    assert "Ann" in html and "Big Bob" in html and action_types(html) == {"battle_roll"}
    assert "Roll both dice in the app" in button_text(html) and "Record these dice" in button_text(html)
    ok(act(client, code, type="battle_roll", roll="3", their_roll="3"))
    html = board(client, code)
    assert "tied 1×, roll again" in html and "a tie, roll again" in html
    ok(act(client, code, type="battle_roll", roll="6", their_roll="2"))
    html = board(client, code)
    assert "end_turn" in action_types(html) and "Ann wins" in html


def test_attacking_a_neighbour_who_carries_the_grail_makes_them_drop_it(client):
    code = started(client)
    ok(act(client, code, type="play", card="5"))
    ok(act(client, code, type="pick_up"))
    ok(act(client, code, type="end_turn"))
    ok(act(client, code, type="play", card="6"))    # Ben moves beside Ann
    html = board(client, code)
    assert "⚔ Ann" in button_text(html) and "⚔ Ben" not in button_text(html)
    ok(act(client, code, type="battle", opponent=ANN))
    ok(act(client, code, type="battle_roll", roll="5", their_roll="1"))
    html = board(client, code)
    assert "On the map where Ann dropped it" in html and "Pick up the grail" in " ".join(buttons(html))


# The whole flow through the HTML routes ----------------------------------------------

def test_a_whole_game_through_the_html_routes(client, another_phone):
    code = started(client)
    seat_phone(another_phone, code, BEN)
    steps = [
        (client, dict(type="play", card="9")),                        # Ann
        (client, dict(type="end_turn")),
        (another_phone, dict(type="play", card="A", target=ANN)),     # Ben freezes Ann
        (client, dict(type="snipe", seat=CY, target=BEN)),            # Cy snipes Ben: two misses
        (client, dict(type="bounce", seat=CY, hit="no")),
        (client, dict(type="bounce", seat=CY, hit="no")),
        (client, dict(type="pass")),                                  # Ann frozen 1
        (another_phone, dict(type="play", card="J", use="move")),     # Ben
        (another_phone, dict(type="pick_up")),
        (another_phone, dict(type="end_turn")),
        (client, dict(type="snipe", seat=CY, target=BEN)),            # Cy hits Ben: grail dropped
        (client, dict(type="bounce", seat=CY, hit="no")),
        (client, dict(type="bounce", seat=CY, hit="yes")),
        (client, dict(type="snipe", target=CY)),                      # Ann frozen 2: snipes, misses
        (client, dict(type="bounce", hit="no")),
        (client, dict(type="bounce", hit="no")),
        (another_phone, dict(type="discard")),                        # Ben
        (client, dict(type="discard", seat=CY)),                      # Cy
        (client, dict(type="play", card="K", use="transport", suit="diamonds")),   # Ann thaws
        (client, dict(type="transport_roll", roll="2")),
        (client, dict(type="pick_up")),
        (client, dict(type="end_turn")),
        (another_phone, dict(type="discard")),
        (client, dict(type="play", seat=CY, card="3")),
        (client, dict(type="end_turn", seat=CY)),
        (client, dict(type="play", card="10")),
        (client, dict(type="home")),
    ]
    for phone, fields in steps:
        ok(act(phone, code, **fields))
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert "Ann brought the grail home to alcove 1." in page
    final_board(page, "cup-quest")                        # the final picture stays, with no buttons
    state = state_of(client, code)
    assert state["winner"] == ANN and state["status"]["1"]["ammo"] == 4 and state["status"]["2"]["ammo"] == 2
    assert act(another_phone, code, type="discard").status_code == 409


def test_bad_input_shows_a_clear_message_and_changes_nothing(client):
    code = started(client)
    before = version(client, code)
    response = act(client, code, type="play", card="K", use="transport")
    assert response.status_code == 400 and "suit" in response.get_data(as_text=True)
    response = act(client, code, type="play", card="A", target=ANN)
    assert response.status_code == 409 and "cannot freeze themselves" in response.get_data(as_text=True)
    response = act(client, code, type="play", card="Z")
    assert response.status_code == 400 and "is not a card" in response.get_data(as_text=True)
    assert version(client, code) == before


def test_the_host_acts_for_the_player_whose_turn_it_is_on_a_one_phone_table(client):
    code = started(client)
    ok(act(client, code, type="discard"))             # Ann's turn is over: Ben's now
    html = board(client, code)
    assert 'name="seat" value="1"' in html              # every host form names Ben
    ok(act(client, code, **dict(re.findall(r'name="(type|seat)" value="([^"]+)"',
                                           html.split('cq-discard')[1].split("</form>")[0]))))
    assert state_of(client, code)["turn"] == CY


# Seats, spectators and what each phone may see ----------------------------------------

def test_a_spectator_sees_the_board_without_buttons_and_is_refused(client, another_phone):
    code = started(client)
    another_phone.get(join_link(code))
    assert another_phone.post(f"/j/{code}", data={"watch": "1"}).status_code == 303
    html = board(another_phone, code)
    assert action_types(html) == set() and "you are watching" in html
    response = act(another_phone, code, type="discard", seat=ANN)
    assert response.status_code == 403 and "Spectators" in response.get_data(as_text=True)
    assert state_of(client, code)["turn"] == ANN


def test_a_phone_that_has_not_joined_sees_nothing(client, another_phone):
    code = started(client)
    assert another_phone.get(f"/t/{code}").status_code == 403
    assert act(another_phone, code, type="discard").status_code == 403


def test_another_seat_cannot_act_for_the_player_whose_turn_it_is(client, another_phone):
    code = started(client)
    seat_phone(another_phone, code, BEN)
    before = version(client, code)
    response = act(another_phone, code, type="play", seat=ANN, card="5")
    assert response.status_code == 403 and "only act for yourself" in response.get_data(as_text=True)
    assert version(client, code) == before


def test_nothing_private_leaks_into_other_seats_html_or_json(client, api):
    """Cup Quest has no secrets in its state (the hands are real cards), so what must not leak
    is the platform's: other seats' tokens, the host token, the join key and the host tools."""
    table = api.create(game="cup-quest", players=NAMES)
    code, host_token = table["code"], table["host_token"]
    tokens = [s["token"] for s in table["seats"]]
    for seat, roll in ((ANN, 6), (BEN, 5), (CY, 4)):
        assert api.act(code, tokens[seat], type="order_roll", roll=roll).status_code == 200
    assert api.act(code, tokens[ANN], type="play", card="A", target=BEN).status_code == 200
    join_key = Table.get(Table.code == code).join_key

    ben = api.get(code, tokens[BEN]).get_json()
    text = str(ben)
    assert ben["you"] == {"seat": BEN, "host": False}
    assert host_token not in text and tokens[ANN] not in text and tokens[CY] not in text
    assert join_key not in text
    assert ben["state"] == api.get(code, host_token).get_json()["state"]    # nothing in it is secret
    assert ben["state"]["status"]["1"]["frozen"] == 2

    phone = client.application.test_client()
    phone.environ_base["HTTP_ORIGIN"] = "http://localhost"
    phone.get(join_link(code))
    # Every seat's token went to the API client; this phone joins by the QR code and watches.
    phone.post(f"/j/{code}", data={"watch": "1"})
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    for secret in (host_token, *tokens, join_key):
        assert secret not in page
    assert "Host tools" not in page and "choose_dealer" not in page


def test_options_are_stated_on_the_board(client):
    code = started(client, snipe_effect="freeze", refreeze="add", freeze_turns="3")
    html = board(client, code)
    assert "A hit snipe: the target is frozen." in html
    assert "A freeze lasts 3 turns; freezing a frozen player adds the turns." in html
    assert "freeze a player for 3 of their turns" in html


# The finished board, undo mid-turn, races and refusals ---------------------------------

def ann_brings_the_grail_home(client, code):
    for fields in (dict(type="play", card="5"), dict(type="pick_up"), dict(type="end_turn"),
                   dict(type="discard"), dict(type="discard"), dict(type="play", card="9"), dict(type="home")):
        ok(act(client, code, **fields))


def test_the_finished_board_shows_the_final_picture_and_offers_nothing(client, another_phone):
    code = started(client)
    seat_phone(another_phone, code, BEN)
    ann_brings_the_grail_home(client, code)
    for phone in (client, another_phone):
        html = final_board(phone.get(f"/t/{code}").get_data(as_text=True), "cup-quest")
        assert "Ann brought it home" in html and "Game over: Ann wins Cup Quest." in html
        assert re.search(r'class="cq-player winner[^"]*">\s*<span class="cq-arrow" aria-hidden="true">★', html)
        assert "▶" not in html and "Waiting for" not in html and not action_types(html)
        assert 'aria-label="4 of 4 snipes left"' in html          # the ammo marks stay on the final picture
    assert act(client, code, type="discard", seat=BEN).status_code == 409


def undo(client, code):
    return ok(client.post(f"/t/{code}/undo", data={"key": f"undo-{version(client, code)}"}, headers=HX))


def test_undo_in_the_middle_of_a_turn_puts_the_screen_back(client):
    code = started(client)
    ok(act(client, code, type="play", card="5", touching="bob"))
    undo(client, code)                                             # the move is taken back: choose again
    html = board(client, code)
    assert {"play", "discard", "snipe"} <= action_types(html) and "must battle" not in html
    ok(act(client, code, type="snipe", target=BEN))
    ok(act(client, code, type="bounce", hit="no"))
    undo(client, code)                                             # the miss is taken back: bounce 1 again
    html = board(client, code)
    assert "Bounce 1 of 2" in html and 'aria-label="3 of 4 snipes left"' in html
    undo(client, code)                                             # the shot itself: the ammo comes back
    assert board(client, code).count('class="shot full"') == 12
    ann_brings_the_grail_home(client, code)
    undo(client, code)                                             # the win is taken back: the game goes on
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert "Ann brought the grail home" not in page and "Home with the grail" in page
    assert state_of(client, code)["phase"] == "moved"


def test_a_double_tap_applies_once_and_an_outdated_bounce_or_roll_is_refused(client, another_phone):
    code = started(client)
    seat_phone(another_phone, code, ANN)
    ok(act(client, code, type="snipe", target=BEN))
    html = board(another_phone, code)
    form = html.split("cq-bounce")[1].split("</form>")[0]
    fields = dict(re.findall(r'name="(key|v|type)" value="([^"]+)"', form))
    assert set(fields) == {"key", "v", "type"}                    # the bounce form carries the table version
    ok(act(another_phone, code, **fields, hit="no"))
    ok(act(another_phone, code, **fields, hit="no"))              # the same tap again: applied once
    assert state_of(client, code)["pending"]["attempt"] == 2
    stale = act(client, code, type="bounce", hit="no", v=fields["v"], key="host-tap")   # the host's phone, same moment
    assert stale.status_code == 409 and state_of(client, code)["pending"]["attempt"] == 2
    assert state_of(client, code)["turn"] == ANN
    ok(act(client, code, type="bounce", hit="no"))                # the shot misses; Ben's turn
    ok(act(client, code, type="play", card="Q", use="transport", suit="clubs"))
    assert 'name="v"' in board(client, code).split("cq-die-form")[1].split("</form>")[0]


def test_going_home_waits_for_an_owed_giant_battle_on_the_screen(client):
    code = started(client)
    ann_brings_the_grail_home(client, code)
    undo(client, code)
    undo(client, code)                                             # back to Ann's turn, carrying the grail
    ok(act(client, code, type="play", card="9", touching="bill"))
    html = board(client, code)
    assert "Home with the grail" not in html and "Battle Big Bill" in button_text(html)
    response = act(client, code, type="home")
    assert response.status_code == 409 and "that battle comes first" in response.get_data(as_text=True)
    ok(act(client, code, type="battle", opponent="bill"))
    ok(act(client, code, type="battle_roll", roll="6", their_roll="1"))
    assert "Home with the grail" in board(client, code)


def test_ace_buttons_leave_out_frozen_players_when_refreezing_is_not_allowed(client):
    code = started(client, refreeze="refuse")
    ok(act(client, code, type="play", card="A", target=CY))
    html = board(client, code).split("Ace")[1].split("</form>")[0]      # Ben's turn: Cy is frozen
    assert "❄ Ann" in html and "❄ Cy" not in html


def test_wrong_numbers_and_words_are_refused_and_change_nothing(client):
    code = started(client)
    before = version(client, code)
    for fields in (dict(type="play", card="-3"), dict(type="play", card="99999999999999999999"),
                   dict(type="play", card=""), dict(type="play", card="A", target="-1"),
                   dict(type="play", card="A", target="x"), dict(type="play", card="A", target="7"),
                   dict(type="snipe", target=""), dict(type="play", card="5", touching="Big Ben"),
                   dict(type="snipe", target="99999999999999999999999"), dict(type="fly")):
        response = act(client, code, **fields)
        assert response.status_code == 400, (fields, response.status_code)
    assert version(client, code) == before
    ok(act(client, code, type="play", card="K", use="transport", suit="spades"))
    before = version(client, code)
    for roll in ("0", "7", "-1", "2.5", "six", "1e3"):
        assert act(client, code, type="transport_roll", roll=roll).status_code == 400
    assert act(client, code, type="discard", seat=BEN).status_code == 409           # wrong seat
    assert act(client, code, type="discard", seat="9").status_code == 400          # no such seat
    assert version(client, code) == before
