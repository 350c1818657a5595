"""Quiddler screens through the HTML routes: the deal, word entry card by card, challenges, the host's confirm."""

import re

from helpers import act, board_of, final_board, join_link, open_table, seat_phone, version

NAMES = ("Ann", "Ben", "Cy")


def page(client, code):
    return client.get(f"/t/{code}").get_data(as_text=True)


def board(html):
    return board_of(html, "quiddler")


def state(client, code):
    return client.get(f"/api/tables/{code}").get_json()["state"]


def flash(response):
    found = re.search(r'class="flash error">([^<]*)', response.get_data(as_text=True))
    return found.group(1) if found else None


def ok(client, code, **fields):
    response = act(client, code, **fields)
    assert response.status_code == 200 and flash(response) is None, (fields, flash(response))
    return response.get_data(as_text=True)


def go_out(client, code, seat, cards):
    ok(client, code, type="word", seat=seat, cards="-".join("a" * cards))
    ok(client, code, type="went_out", seat=seat)
    ok(client, code, type="confirm_round", v=version(client, code))


def to_round(client, code, number):
    while state(client, code)["round"]["number"] < number:
        go_out(client, code, 0, state(client, code)["round"]["cards"])


def test_quiddler_is_ready_and_its_dictionary_is_a_choice_on_the_new_table_form(client):
    assert 'href="/new/quiddler"' in client.get("/").get_data(as_text=True)
    form = client.get("/new/quiddler").get_data(as_text=True)
    ids = [lex["id"] for lex in client.get("/api/lexicons").get_json()["lexicons"]]
    select = form[form.index('<select name="lexicon">'):]
    select = select[:select.index("</select>")]
    assert len(ids) >= 5 and all(f'value="{lexicon}"' in select for lexicon in ids)
    code = open_table(client, NAMES, "quiddler", lexicon="junior")
    assert state(client, code)["options"]["lexicon"] == "junior"
    assert "dictionary: Junior / common words" in page(client, code)


def test_the_round_shows_how_many_cards_who_deals_and_who_plays_first(client):
    code = open_table(client, NAMES, "quiddler")
    html = board(page(client, code))
    assert "Round <strong>1</strong> of 6" in html
    assert '<span class="big-number">2</span> cards each' in html
    assert "<strong>Ann</strong> deals · <strong>Ben</strong> plays first" in html
    go_out(client, code, 0, 2)
    html = board(page(client, code))
    assert '<span class="big-number">3</span> cards each' in html
    assert "<strong>Ben</strong> deals · <strong>Cy</strong> plays first" in html


def test_typing_hat_asks_h_a_t_or_h_at_and_the_answer_sets_the_points(client):
    code = open_table(client, NAMES, "quiddler")
    to_round(client, code, 2)
    html = board(ok(client, code, type="word", seat=1, text="hat"))
    assert "Which cards made HAT?" in html
    assert "H-A-T · 7</button>" in html and "H-AT · 6</button>" in html
    assert "Say which cards Ben&#39;s HAT used" in html
    ok(client, code, type="edit_word", seat=1, index=0, cards="H-AT")
    html = board(page(client, code))
    assert "Which cards made HAT?" not in html
    assert re.search(r'<b>H</b><i>4</i></span><span class="q-card"><b>AT</b><i>2</i>.*?<span class="q-pts">6</span>', html, re.S)


def test_the_text_score_example_through_the_screens(client):
    code = open_table(client, NAMES, "quiddler")
    to_round(client, code, 3)
    before = state(client, code)["scores"]
    ok(client, code, type="word", seat=0, text="if")
    ok(client, code, type="word", seat=0, text="hat")        # 4 cards: only H-AT fits after I-F
    ok(client, code, type="word", seat=1, text="paw")
    ok(client, code, type="unused", seat=1, cards="c")
    assert "B-E-A-T · 8</button>" in ok(client, code, type="word", seat=2, text="beat")   # or B-E-AT?
    ok(client, code, type="edit_word", seat=2, index=0, cards="B-E-A-T")
    ok(client, code, type="went_out", seat=2)
    html = board(page(client, code))
    totals = re.findall(r'id="q-player-(\d)".*?class="q-total"[^>]*>([^<]+)<', html, re.S)
    assert dict(totals) == {"0": "+11", "1": "+10", "2": "+13"}
    assert '<div class="bonus"><dt>Longest word</dt><dd>+5</dd></div>' in html
    assert "<dt>Unused</dt><dd>C <small>(no points)</small>" in html
    assert "Confirm round 3 · deal 5 cards" in html
    ok(client, code, type="confirm_round", v=version(client, code))
    after = state(client, code)["scores"]
    assert {k: after[k] - before[k] for k in after} == {"0": 11, "1": 10, "2": 13}
    html = board(page(client, code))
    assert "<th scope=\"row\">3 <small>(4)</small></th>" in html and "+13<small class=\"star\">★</small>" in html


def test_a_challenge_shows_the_verdict_big_then_a_link_to_the_definition(client, another_phone):
    code = open_table(client, NAMES, "quiddler")
    seat_phone(another_phone, code, 1)
    to_round(client, code, 2)
    ok(client, code, type="word", seat=0, text="zqx")
    ok(client, code, type="word", seat=2, text="hat")
    html = board(ok(another_phone, code, type="challenge", player=0, index=0, v=version(client, code)))
    assert '<p class="verdict invalid">ZQX ✗ not allowed</p>' in html
    assert "<strong>Ann loses 21</strong> and the word scores nothing" in html
    assert 'href="/check?word=zqx&amp;lexicon=standard"' in html
    html = board(ok(another_phone, code, type="challenge", player=2, index=0, v=version(client, code)))
    assert '<p class="verdict valid">HAT ✓ is a word</p>' in html and "<strong>Ben loses 7</strong>" in html
    host_html = board(page(client, code))
    assert host_html.count(">Overrule</button>") == 2
    ok(client, code, type="overrule", player=2, index=0, v=version(client, code))
    assert "overruled" in board(page(client, code))
    assert "The host overruled: Cy&#39;s HAT is now not allowed" in page(client, code)


def test_a_seat_phone_gets_its_own_entry_form_and_challenge_buttons_but_no_host_controls(client, another_phone):
    code = open_table(client, NAMES, "quiddler")
    seat_phone(another_phone, code, 1)
    ok(client, code, type="word", seat=0, text="at")
    html = board(page(another_phone, code))
    assert 'id="q-text-1"' in html and 'id="q-text-0"' not in html and 'id="q-text-2"' not in html
    assert ">Challenge AT</button>" in html and ">I went out first</button>" in html
    assert ">Take back</button>" not in html                 # Ann's word is Ann's to take back
    for host_only in ("confirm_round", "set_dealer", "set_card_value", "overrule", 'name="seat"'):
        assert host_only not in html
    assert html.index('id="q-player-1"') < html.index('id="q-player-0"')   # own words first


def test_other_seats_and_spectators_are_refused_and_nothing_changes(app, client, another_phone):
    code = open_table(client, NAMES, "quiddler")
    seat_phone(another_phone, code, 1)
    before = version(client, code)
    response = act(another_phone, code, type="word", seat=0, text="at")
    assert response.status_code == 403 and "not for Ann" in response.get_data(as_text=True)
    response = act(another_phone, code, type="confirm_round")
    assert "Only the host can confirm the round" in flash(response)
    watcher = app.test_client()
    watcher.environ_base["HTTP_ORIGIN"] = "http://localhost"
    watcher.get(join_link(code))
    watcher.post(f"/j/{code}", data={"watch": "1"})
    html = page(watcher, code)
    assert "Watching" in html and '<input type="hidden" name="type" value="word">' not in board(html)
    response = act(watcher, code, type="word", seat=1, text="at")
    assert response.status_code == 403 and "Spectators" in response.get_data(as_text=True)
    assert version(client, code) == before


def test_seats_see_the_same_face_up_words_and_no_one_elses_controls_in_the_json(api):
    table = api.create(game="quiddler", players=NAMES)
    code, host, tokens = table["code"], table["host_token"], [s["token"] for s in table["seats"]]
    assert api.act(code, tokens[0], type="word", text="at").status_code == 200
    assert api.act(code, tokens[1], type="word", seat=0, text="a").status_code == 403
    seen = [api.get(code, t).get_json() for t in (host, tokens[1], tokens[2])]
    assert seen[0]["state"] == seen[1]["state"] == seen[2]["state"]          # words are laid face up
    assert [s["you"] for s in seen] == [{"seat": None, "host": True}, {"seat": 1, "host": False}, {"seat": 2, "host": False}]
    assert "token" not in str(seen[1]["seats"]) and host not in str(seen[1]) and tokens[2] not in str(seen[1])
    assert api.act(code, tokens[1], type="confirm_round", host=True).status_code == 409   # a seat cannot claim host


def test_bad_input_gets_a_clear_message_and_changes_nothing(client):
    code = open_table(client, NAMES, "quiddler")
    before = version(client, code)
    assert flash(act(client, code, type="word", seat=0, text="at-x1")) == "This deck has no X1 card."
    assert "holds only 2 cards" in flash(act(client, code, type="word", seat=0, text="beat"))
    assert version(client, code) == before


def test_the_host_corrects_a_card_value_and_the_points_follow(client):
    code = open_table(client, NAMES, "quiddler")
    html = board(page(client, code))
    assert '<li class="q-card guess"><b>C</b>' in html and "editable defaults" in html
    ok(client, code, type="word", seat=0, text="c")
    ok(client, code, type="set_card_value", face="C", value=3)
    html = board(page(client, code))
    assert '<li class="q-card"><b>C</b><i>3</i></li>' in html
    assert '<span class="q-pts">3</span>' in html


def test_a_whole_game_ends_with_the_winner_and_a_final_board_that_offers_no_actions(client):
    code = open_table(client, ("Ann", "Ben"), "quiddler")
    for number in range(1, 7):
        go_out(client, code, 0 if number % 2 else 1, number + 1)
    html = page(client, code)
    assert "Ben wins with 30." in html
    final = final_board(html, "quiddler")
    assert '<p class="q-deal">Game over</p>' in final and "6 of 6 rounds played" in final
    assert "Last round: <strong>6</strong> (7 cards) · <strong>Ben</strong> went out first" in final
    # Every round's totals, and the final scores in the footer (Ann 2+4+6 + 3 x 5 = 27, Ben 3+5+7 + 3 x 5 = 30).
    assert '<td class="num total">27</td><td class="num total">30</td>' in re.sub(r"\s+<", "<", final)
    assert "Round 6 as scored" in final and final.count('<span class="q-card"><b>A</b>') == 7 and "No words." in final
    assert final.count("<dt>Final score</dt>") == 2 and "<dd>30</dd>" in final
    for control in ("<form", "<button", 'name="text"', "Challenge", "Take back", "Confirm round"):
        assert control not in final, control
    assert act(client, code, type="word", seat=0, text="at").status_code == 409


def test_solitaire_counts_cards_left_and_ends_when_stuck(client, another_phone):
    code = open_table(client, ("Ann",), "quiddler", rules="solitaire")
    html = board(page(client, code))
    assert '<span class="big-number">48</span> of 48 cards left' in html and "8 cards showing" in html
    assert '<input type="hidden" name="seat" value="0">' in html
    html = board(ok(client, code, type="solitaire_word", seat=0, text="dog"))
    assert '<span class="big-number">45</span> of 48 cards left' in html
    assert "Which cards?" in flash(act(client, code, type="solitaire_word", seat=0, text="hat"))
    seat_phone(another_phone, code, 0)
    assert "ZQX is not an allowable word" in flash(act(another_phone, code, type="solitaire_word", text="zqx"))
    ok(client, code, type="solitaire_word", seat=0, text="h-at")
    ok(client, code, type="stuck", seat=0)
    assert "Ann stopped with 43 cards left." in page(client, code)


def test_a_player_cannot_forge_the_dictionary_ruling_with_an_odd_index(api):
    """The verdict always comes from the table's dictionary, however the index or player is written."""
    table = api.create(game="quiddler", players=NAMES)
    code, tokens = table["code"], [s["token"] for s in table["seats"]]
    assert api.act(code, tokens[0], type="word", text="zqx").status_code == 409     # 3 cards in round 1: refused
    assert api.act(code, tokens[0], type="word", text="x-z").status_code == 200
    forged = {"valid": True, "proper_noun": False, "reason": "", "lexicon": "standard"}
    for index, player in (("\u22120", 0), (0, "\u22120"), (" 0 ", "0"), (0, 0)):
        response = api.act(code, tokens[1], type="challenge", player=player, index=index, verdict=forged)
        assert response.status_code == 200, response.get_json()
        ruling = api.get(code, tokens[1]).get_json()["state"]["round"]["entries"]["0"]["words"][0]["challenge"]
        assert ruling["valid"] is False and ruling["dictionary_valid"] is False, (index, player)
        undone = api.client.post(f"/api/tables/{code}/undo", json={},
                                 headers={"Authorization": f"Bearer {table['host_token']}"})
        assert undone.status_code == 200, undone.get_json()
    solo = api.create(game="quiddler", players=("Sol",), options={"rules": "solitaire"})
    response = api.act(solo["code"], solo["seats"][0]["token"], type="solitaire_word", cards=["x", "z"], verdict=forged)
    assert response.status_code == 409 and "XZ is not an allowable word" in str(response.get_json())


def test_undo_after_each_kind_of_action_gives_back_the_table_as_it_was(api):
    """The host's undo replays the log without the last action: after every kind, the state before it returns."""
    table = api.create(game="quiddler", players=NAMES)
    code, host, tokens = table["code"], table["host_token"], [s["token"] for s in table["seats"]]

    def undo():
        response = api.client.post(f"/api/tables/{code}/undo", json={}, headers={"Authorization": f"Bearer {host}"})
        assert response.status_code == 200, response.get_json()

    steps = [(tokens[0], dict(type="word", text="a")), (tokens[0], dict(type="remove_word", index=0)),
             (tokens[0], dict(type="word", text="i-f")), (tokens[1], dict(type="word", text="at")),
             (tokens[1], dict(type="edit_word", index=0, cards="a-t")), (tokens[1], dict(type="unused", cards="")),
             (tokens[2], dict(type="challenge", player=0, index=0)), (host, dict(type="overrule", player=0, index=0)),
             (host, dict(type="set_card_value", face="f", value=6)), (host, dict(type="set_dealer", seat=2)),
             (tokens[0], dict(type="went_out")), (host, dict(type="confirm_round"))]
    for token, action in steps:
        before = api.get(code, host).get_json()["state"]
        response = api.act(code, token, **action)
        assert response.status_code == 200, (action, response.get_json())
        after = api.get(code, host).get_json()["state"]
        undo()
        assert api.get(code, host).get_json()["state"] == before, action["type"]
        assert api.act(code, token, **action).status_code == 200
        again = api.get(code, host).get_json()["state"]
        assert re.sub(r"'at': \d+", "", str(again)) == re.sub(r"'at': \d+", "", str(after)), action["type"]   # a redo has a new time
    final = api.get(code, host).get_json()["state"]
    # IF overruled to not allowed (I 1 + F 6 = -7, floored at 0); Ben's A-T 3 + longest word 5; Cy's challenge undone by the overrule.
    assert final["round"]["number"] == 2 and final["scores"] == {"0": 0, "1": 8, "2": 0}


def test_the_rounds_grid_says_where_the_floor_stopped_a_score_so_the_column_adds_up(client, another_phone):
    code = open_table(client, NAMES, "quiddler")
    seat_phone(another_phone, code, 1)
    ok(client, code, type="word", seat=0, text="x-z")
    ok(another_phone, code, type="challenge", player=0, index=0, v=version(client, code))
    go_out(client, code, 2, 2)
    html = board(page(client, code))
    xz = state(client, code)["history"][0]["result"]["seats"]["0"]["total"]
    assert xz < 0 and state(client, code)["scores"]["0"] == 0
    assert f'<td class="num">{xz:+d}<small class="q-floor">→&nbsp;0</small></td>' in html
    assert "never below zero" in html
