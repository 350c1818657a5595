"""Word Power screens through the Flask test client: every phase, a whole game, seats, spectators, no leaks."""

import re

import pytest
from helpers import HX, act, board_of, final_board, join_link, open_table, seat_phone

from referee import games

NAMES = ("Ann", "Ben", "Cy")
ANN, BEN, CY = 0, 1, 2
HAPPY_DEFINITION = "feeling or showing pleasure"      # blue deck: happy | wooden | cheerful | ... | S2


def board(client, code) -> str:
    """The Word Power board region of the table page."""
    return board_of(client.get(f"/t/{code}").get_data(as_text=True), "word-power")


def action_types(html: str) -> set[str]:
    return set(re.findall(r'name="type" value="([a-z_]+)"', html))


def buttons(html: str) -> str:
    words = re.findall(r"<button[^>]*>(.*?)</button>", html, re.S)
    return " | ".join(re.sub(r"<[^>]+>", "", w).strip() for w in words)


def ok(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:400]
    assert 'class="flash error"' not in response.get_data(as_text=True), response.get_data(as_text=True)[:400]
    return response


def refused(response, words):
    body = response.get_data(as_text=True)
    assert response.status_code >= 400, body[:300]
    assert words in body.replace("&#39;", "'"), body[:600]


def state_of(client, code) -> dict:
    return client.get(f"/api/tables/{code}").get_json()["state"]


@pytest.fixture
def table(client, another_phone, third_phone):
    """Ann, Ben and Cy at a table; the host's phone (client) is not seated; Ben and Cy have phones.
    The host types Ann 6, Ben's phone types 3, Cy's phone types 2: Ann plays first."""
    code = open_table(client, NAMES, "word-power", challenge_seconds="30", win_books="2")
    seat_phone(another_phone, code, BEN)
    seat_phone(third_phone, code, CY)
    ok(act(client, code, type="order_roll", seat=ANN, roll=6))
    ok(act(another_phone, code, type="order_roll", roll=3))
    ok(act(third_phone, code, type="order_roll", roll=2))
    return code


# The game is offered and opens on the order roll -----------------------------------

def test_word_power_is_ready_in_the_catalogue_and_opens_on_the_order_roll(client):
    assert {"slug": "word-power", "title": "Word Power", "ready": True,
            "blurb": games.get("word-power").BLURB} in games.catalogue()
    code = open_table(client, NAMES, "word-power")
    html = board(client, code)
    assert "Roll the die for the order of play" in html
    assert action_types(html) == {"order_roll", "set_first", "royalty_chart"}
    assert html.count("$20,000") == 3 and "$500,000" in html          # whole dollars, thousands separators
    assert "placeholders" in html                                       # the royalty chart figures are marked


def test_each_phone_rolls_only_its_own_die_for_the_order(client, another_phone):
    code = open_table(client, NAMES, "word-power")
    seat_phone(another_phone, code, BEN)
    html = board(another_phone, code)
    assert action_types(html) == {"order_roll"} and "Ben's die" in html and "Ann's die" not in html
    ok(act(another_phone, code, type="order_roll", roll=4))
    assert "order_roll" not in action_types(board(another_phone, code))
    assert "Waiting for Ann, Cy to roll." in board(another_phone, code)


def test_only_the_player_whose_turn_it_is_sees_the_spaces(table, client, another_phone, third_phone):
    ben = board(another_phone, table)
    assert "Ann's turn" in ben and "land" not in action_types(ben) and "Waiting for Ann to move" in ben
    host = board(client, table)
    assert "land" in action_types(host) and "PLAY SYNONYMS AND ANTONYMS" in buttons(host)
    assert "COPYRIGHT INFRINGEMENT" in buttons(host) and "ALL PLAYERS PASS CARD(S)" in buttons(host)
    refused(act(another_phone, table, type="land", space="synonyms"), "It is Ann's turn")
    refused(act(another_phone, table, type="land", seat=ANN, space="synonyms"), "only act for yourself")


# Challenges: the betting exchange on the two phones involved; no answer before it ends -----

def played_happy(client, code):
    ok(act(client, code, type="land", seat=ANN, space="synonyms"))
    ok(act(client, code, type="play", seat=ANN, keyword="Happy", window=2, relation="S"))


def test_a_card_played_shows_a_challenge_button_and_the_countdown_on_other_phones(table, client, another_phone):
    played_happy(client, table)
    ben = board(another_phone, table)
    assert "Challenge 'happy'" in ben.replace("&#39;", "'") and {"challenge", "no_challenge"} <= action_types(ben)
    assert 'data-timer data-duration="30000"' in ben and "Challenges?" in ben
    assert re.search(r'name="type" value="challenge">.*?name="v" value="\d+"', ben, re.S), "challenges race: strict"
    host = board(client, table)
    assert {"play", "done"} <= action_types(host) and "Card 2 of 4" in host
    assert "cannot_play" not in action_types(host)


def test_betting_exchange_shows_on_the_two_phones_involved_and_the_others_watch(table, client, another_phone, third_phone):
    played_happy(client, table)
    ok(act(another_phone, table, type="challenge", card=1, relation="A", word=1))
    ben, cy, host = board(another_phone, table), board(third_phone, table), board(client, table)
    assert "Ben challenges Ann's 'happy'" in cy.replace("&#39;", "'") and "$1,000" in cy
    assert not {"call", "raise"} & action_types(cy) and "Waiting for Ann to call or raise" in cy
    assert not {"call", "raise"} & action_types(ben)
    assert {"call", "raise"} <= action_types(host) and "Call $1,000" in buttons(host)
    assert "Raise to $2,000" in buttons(host)                           # a raise doubles the $1,000 bet
    refused(act(client, table, type="raise", seat=ANN, to=3000), "A raise adds $1,000: from $1,000 to $2,000")
    ok(act(client, table, type="raise", seat=ANN, to=2000))
    ben = board(another_phone, table)
    assert {"call", "raise"} <= action_types(ben) and "Call $2,000" in buttons(ben)
    assert "Raise to $3,000" in buttons(ben) and "cap $10,000" in ben  # half of $20,000
    refused(act(another_phone, table, type="raise", to=11000), "capped at $10,000")
    ok(act(another_phone, table, type="call"))
    assert "settle" in action_types(board(another_phone, table))
    assert "settle" not in action_types(board(third_phone, table))


def test_the_answer_is_in_no_html_and_no_json_before_the_betting_is_complete(app, api):
    created = api.create(game="word-power", players=NAMES, options={"challenge_seconds": 30})
    code, host = created["code"], created["host_token"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    assert api.act(code, host, type="set_first", first=ANN).status_code == 200
    assert api.act(code, tokens[ANN], type="land", space="both").status_code == 200
    assert api.act(code, tokens[ANN], type="play", keyword="happy", window=1).status_code == 200
    assert api.act(code, tokens[BEN], type="challenge", card=1, relation="S", word=3).status_code == 200
    assert api.act(code, tokens[ANN], type="raise", to=2000).status_code == 200
    for token in (tokens[ANN], tokens[BEN], tokens[CY], host, None):
        text = api.get(code, token).get_data(as_text=True)
        assert HAPPY_DEFINITION not in text and "cheerful" not in text and '"S2"' not in text
    phone = app.test_client()
    phone.environ_base["HTTP_ORIGIN"] = "http://localhost"
    phone.get(join_link(code))
    phone.post(f"/j/{code}", data={"watch": "1"})
    html = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "Ben challenges" in html and HAPPY_DEFINITION not in html and "cheerful" not in html
    assert api.act(code, tokens[BEN], type="call").status_code == 200
    assert HAPPY_DEFINITION not in api.get(code, tokens[CY]).get_data(as_text=True)   # still not looked up
    settled = api.act(code, tokens[BEN], type="settle")
    assert settled.status_code == 200, settled.get_json()
    ruling = settled.get_json()["state"]["last_ruling"]
    assert ruling["answer"] == "S2" and ruling["result"] == "C"        # Ann said word 1, Ben said S3: both wrong
    html = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "Both were wrong" in html and HAPPY_DEFINITION in html


def test_result_a_the_challenger_pays_and_the_player_plays_on(table, client, another_phone):
    played_happy(client, table)
    ok(act(another_phone, table, type="challenge", card=1, relation="A", word=1))
    ok(act(client, table, type="call", seat=ANN))
    ok(act(another_phone, table, type="settle"))
    html = board(another_phone, table)
    assert "Ann was right" in html and "Ben pays $1,000 to Ann, who plays on." in html
    assert "Ruled by the Word Power dictionary" in html and HAPPY_DEFINITION in html
    state = state_of(client, table)
    assert state["cash"] == {"0": 21_000, "1": 19_000, "2": 20_000} and state["turn"]["seat"] == ANN
    assert "play" in action_types(board(client, table)) and "withstood a challenge" in board(client, table)


def test_result_b_the_player_pays_the_card_is_discarded_and_the_turn_ends(table, client, another_phone):
    ok(act(client, table, type="land", seat=ANN, space="synonyms"))
    ok(act(client, table, type="play", seat=ANN, keyword="happy", window=3, relation="S"))
    ok(act(another_phone, table, type="challenge", card=1, relation="S", word=2))
    ok(act(client, table, type="call", seat=ANN))
    ok(act(another_phone, table, type="settle"))
    html = board(another_phone, table)
    assert "Ben was right" in html and "the card is discarded and the turn ends" in html
    assert "Ben's turn" in html or "Your turn" in html
    state = state_of(client, table)
    assert state["cash"]["0"] == 19_000 and state["cash"]["1"] == 21_000 and state["windows"]["3"] == []


def test_a_card_not_in_the_decks_the_host_types_it_sees_the_thesaurus_evidence_and_overrules(table, client, another_phone):
    ok(act(client, table, type="land", seat=ANN, space="synonyms"))
    ok(act(client, table, type="play", seat=ANN, keyword="glad", window=1, relation="S"))
    ok(act(another_phone, table, type="challenge", card=1, relation="S", word=2))
    ok(act(client, table, type="call", seat=ANN))
    ok(act(another_phone, table, type="settle"))
    assert "not in the decks" in board(another_phone, table) and "The host types the card in" in board(another_phone, table)
    host = board(client, table)
    assert 'name="words"' in host and 'name="answer"' in host
    ok(act(client, table, type="settle", seat=BEN, words="joyful, sad, table, green"))
    host = board(client, table)
    assert "The thesaurus" in host and "joyful" in host and "Overrule" in buttons(host)
    refused(act(another_phone, table, type="settle", answer="S2"), "Only the host")
    ok(act(client, table, type="settle", seat=BEN, answer="S1", words="joyful,sad,table,green"))
    html = board(another_phone, table)
    assert "Ann was right" in html and "the host (overruling the thesaurus)" in html


# The other spaces -----------------------------------------------------------------

def test_collect_royalty_without_a_chart_asks_for_the_amount(table, client):
    ok(act(client, table, type="land", seat=ANN, space="royalty"))
    html = board(client, table)
    assert "collect" in action_types(html) and 'name="amount"' in html and "no chart entered" in html
    ok(act(client, table, type="collect", seat=ANN, amount="2500"))
    assert state_of(client, table)["cash"]["0"] == 22_500


def test_start_offers_a_royalty_by_the_chart_or_a_book(table, client):
    ok(act(client, table, type="royalty_chart", chart="0:1000, 1:2000"))
    ok(act(client, table, type="land", seat=ANN, space="royalty", passed_start="on"))
    html = board(client, table)
    assert "Publish a book" in buttons(html) and "Collect the royalty ($1,000)" in buttons(html)
    ok(act(client, table, type="start_choice", seat=ANN, take="book"))
    state = state_of(client, table)
    assert state["books"]["0"] == 1 and state["cash"]["0"] == 22_000     # the book first, then the royalty space by the chart


def test_copyright_infringement_form_pays_the_eligible_players(table, client):
    ok(act(client, table, type="land", seat=ANN, space="infringement"))
    html = board(client, table)
    assert 'name="eligible[]"' in html and 'name="each"' in html and "Record the infringement" in buttons(html)
    response = client.post(f"/t/{table}/act", headers=HX, data={
        "type": "infringe", "seat": ANN, "roll": "4", "each": "1000", "eligible[]": [str(BEN), str(CY)]})
    ok(response)
    assert state_of(client, table)["cash"] == {"0": 18_000, "1": 21_000, "2": 21_000}


def test_cannot_play_shows_the_penalty_and_pays_it(table, client):
    ok(act(client, table, type="land", seat=ANN, space="antonyms"))
    html = board(client, table)
    assert "Cannot play any card (pay $2,000)" in buttons(html)
    ok(act(client, table, type="cannot_play", seat=ANN))
    state = state_of(client, table)
    assert state["cash"]["0"] == 18_000 and state["turn"]["seat"] == BEN


def test_pass_cards_shows_the_reminder(table, client, another_phone):
    ok(act(client, table, type="land", seat=ANN, space="pass"))
    assert "passes the number of cards shown on the space to the player on his left" in board(another_phone, table)
    ok(act(another_phone, table, type="land", space="pass", count="2"))
    assert "Everyone passes 2 cards to the player on his left" in board(client, table)


# Waiting for challenges, books, winning ----------------------------------------------

def test_a_player_waits_for_challenges_unless_everyone_says_no_challenge(table, client, another_phone, third_phone):
    ok(act(client, table, type="land", seat=ANN, space="royalty"))
    ok(act(client, table, type="collect", seat=ANN, amount="0"))
    ok(act(another_phone, table, type="land", space="synonyms"))
    ok(act(another_phone, table, type="play", keyword="quick", window=2))
    refused(act(another_phone, table, type="done"), "for challenges")
    ok(act(third_phone, table, type="no_challenge"))
    assert "No challenge: Cy" in board(another_phone, table)
    refused(act(another_phone, table, type="done"), "for challenges")
    ok(act(client, table, type="no_challenge", seat=ANN))
    ok(act(another_phone, table, type="done"))
    assert state_of(client, table)["turn"]["seat"] == CY


def test_method_c_and_b_books_are_published_and_the_game_is_won(table, client, another_phone):
    ok(act(client, table, type="land", seat=ANN, space="both"))
    for key, window in (("begin", 1), ("happy", 2), ("empty", 3), ("large", 4)):
        ok(act(client, table, type="play", seat=ANN, keyword=key, window=window))
    html = board(another_phone, table)
    assert "Books waiting (Method C and B)" in html
    assert "Publish the books and clear the windows" in buttons(board(client, table))
    ok(act(client, table, type="publish", seat=ANN))        # the host's phone ends the wait for a one-phone table
    page = another_phone.get(f"/t/{table}").get_data(as_text=True)
    assert "Ann wins with 2 books" in page
    final = final_board(page, "word-power")
    assert "Game over" in final and "★ Ann" in final and "'s turn" not in final and "Your turn" not in final
    assert 'class="wp-me"' in final and "turn" not in re.findall(r'<li class="([^"]*)"', final)
    host = final_board(client.get(f"/t/{table}").get_data(as_text=True), "word-power")
    assert "Host: set-up" not in host and "<form" not in host


def test_a_game_the_host_ends_mid_challenge_shows_the_final_money_and_no_actions(table, client, another_phone):
    played_happy(client, table)
    ok(act(another_phone, table, type="challenge", card=1, relation="A", word=1))
    ok(act(client, table, type="end_game"))
    for phone in (client, another_phone):
        final = final_board(phone.get(f"/t/{table}").get_data(as_text=True), "word-power")
        assert "Game over" in final and "The host ended the game" in final
        assert "the challenge on 'happy' was not settled" in final.replace("&#39;", "'")
        assert "<form" not in final and "Waiting for" not in final
    assert state_of(client, table)["cash"] == {"0": 20_000, "1": 20_000, "2": 20_000}


def test_the_host_alone_runs_a_challenge_for_a_one_phone_table(client):
    code = open_table(client, ("Ann", "Ben", "Cy", "Dee"), "word-power")
    ok(act(client, code, type="set_first", first=BEN))
    ok(act(client, code, type="land", seat=BEN, space="antonyms"))
    ok(act(client, code, type="play", seat=BEN, keyword="strong", window=1))
    html = board(client, code)
    seats = re.findall(r'<option value="(\d)"[^>]*>(\w+)</option>', html.split("Who challenges")[1].split("</select>")[0])
    assert [n for _, n in seats] == ["Cy", "Dee", "Ann"]             # the tie rule: closest on Ben's left first
    assert "closest on Ben's left" in html.replace("&#39;", "'")
    ok(act(client, code, type="challenge", seat=3, card=1, relation="A", word=2))
    assert "Raise to $2,000" in buttons(board(client, code))
    ok(act(client, code, type="raise", seat=BEN, to=2000))
    ok(act(client, code, type="raise", seat=3, to=3000))
    ok(act(client, code, type="call", seat=BEN))
    html = board(client, code)
    assert "Look up 'strong'" in buttons(html).replace("&#39;", "'") and "rule from the Guide instead" in html
    ok(act(client, code, type="settle", seat=3))
    html = board(client, code)
    assert "Dee was right" in html and "cheerful" not in html
    assert re.search(r'<li class="answer">weak</li>', html)          # the deck card's words, answer marked
    state = state_of(client, code)
    assert state["cash"]["1"] == 17_000 and state["cash"]["3"] == 23_000 and state["turn"]["seat"] == 2


def test_the_host_may_rule_from_the_guide_when_the_cards_differ_from_the_apps_deck(table, client, another_phone):
    played_happy(client, table)
    ok(act(another_phone, table, type="challenge", card=1, relation="A", word=1))
    ok(act(client, table, type="call", seat=ANN))
    refused(act(another_phone, table, type="settle", answer="A1"), "Only the host")
    ok(act(client, table, type="settle", seat=BEN, answer="A1", words="sad, glad, odd, even"))
    html = board(another_phone, table)
    assert "Ben was right" in html and "Ruled by the host" in html
    assert state_of(client, table)["typed_cards"][-1]["words"] == ["sad", "glad", "odd", "even"]


def test_undo_after_each_kind_of_action_shows_the_state_before_it(table, client, another_phone, third_phone):
    """The host undoes each action once, checks the table is back where it was, and plays it again."""
    def step(phone, **fields):
        before = state_of(client, table)
        ok(act(phone, table, **fields))
        ok(client.post(f"/t/{table}/undo", headers=HX, data={}))
        assert state_of(client, table) == before, fields["type"]
        ok(act(phone, table, **fields))

    step(client, type="royalty_chart", chart="0:1000")
    step(client, type="land", seat=ANN, space="both", passed_start="on")
    step(client, type="start_choice", seat=ANN, take="book")
    step(client, type="play", seat=ANN, keyword="begin", window=1)
    step(third_phone, type="no_challenge")
    step(another_phone, type="challenge", card=1, relation="S", word=2)
    step(client, type="raise", seat=ANN, to=2000)
    step(another_phone, type="call")
    step(another_phone, type="settle")
    step(client, type="play", seat=ANN, keyword="happy", window=2)
    step(client, type="done", seat=ANN)
    step(another_phone, type="land", space="infringement")
    step(another_phone, type="infringe", roll="2", each="500", **{"eligible": str(CY)})
    step(third_phone, type="land", space="synonyms")
    step(third_phone, type="cannot_play")
    step(client, type="land", seat=ANN, space="royalty")
    state = state_of(client, table)
    # Ann +2,000 (result A) +1,000 (royalty for 1 book); Ben -2,000 -500 (infringement to Cy);
    # Cy +500 -1,000 (cannot play: windows 3 and 4 empty).
    assert state["books"]["0"] == 1 and state["cash"] == {"0": 23_000, "1": 17_500, "2": 19_500}
    assert sum(state["cash"].values()) + state["house"] == 560_000


def test_spectators_see_the_table_but_cannot_act(table, app):
    phone = app.test_client()
    phone.environ_base["HTTP_ORIGIN"] = "http://localhost"
    assert phone.get(f"/t/{table}").status_code == 403                 # not even joined
    phone.get(join_link(table))
    phone.post(f"/j/{table}", data={"watch": "1"})
    html = board(phone, table)
    assert "Ann's turn" in html and action_types(html) == set()
    refused(act(phone, table, type="land", seat=ANN, space="synonyms"), "Spectators can watch but not play")
