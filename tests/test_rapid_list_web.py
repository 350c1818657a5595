"""Rapid List screens through the HTML routes and the JSON API: a whole round, sealed bids, privacy."""

import re

import pytest

from referee import store
from referee.games import rapid_list
from referee.models import Table
from helpers import HX, act, final_board, open_table, seat_phone

NAMES = ("Ann", "Ben", "Cy")


@pytest.fixture
def clock(monkeypatch):
    """The server clock, moved by hand: the timer runs out without sleeping."""
    now = {"ms": 1_700_000_000_000}
    monkeypatch.setattr(store, "now_ms", lambda: now["ms"])
    return now


def ok(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert 'class="flash error"' not in response.get_data(as_text=True), flash(response)
    return response.get_data(as_text=True)


def flash(response):
    found = re.search(r'class="flash error"[^>]*>(.*?)<', response.get_data(as_text=True), re.S)
    return found.group(1).strip() if found else ""


def page(client, code):
    return client.get(f"/t/{code}", headers=HX).get_data(as_text=True)


def board(html):
    """Just the game's region (the platform's log and standings around it are not the board)."""
    start = html.index('<section class="board rapid-list"')
    return html[start:html.index("</section>", start)]


def state(code):
    return store.current_game(store.load(code)).state


def new_table(client, **options):
    options.setdefault("timer_seconds", "10")
    options.setdefault("word_lists", "on")             # ticked boxes, as the new-table form sends them
    options.setdefault("double", "on")
    return open_table(client, NAMES, "rapid-list", **options)


def to_writing(client, code, clock, number=4):
    ok(act(client, code, type="begin", reader="0"))
    ok(act(client, code, type="question", number=str(number)))
    ok(act(client, code, type="question_read"))


def phones(app, code):
    """Ann's and Ben's phones, seated through the QR link."""
    ann, ben = app.test_client(), app.test_client()
    for c in (ann, ben):
        c.environ_base["HTTP_ORIGIN"] = "http://localhost"
    return seat_phone(ann, code, 0), seat_phone(ben, code, 1)


def test_setup_screen_shows_the_track_and_lets_the_host_start(client, clock):
    code = new_table(client)
    html = board(page(client, code))
    assert html.count('class="space ') == 14          # START, 8 normal, 4 challenge, FINISH
    assert html.count('class="space challenge') == 4
    assert "Who reads first?" in html and 'name="reader" value="1"' in html
    ok(act(client, code, type="head_start", seat="2", age="10"))
    assert state(code)["head_start"] == {"2": 4}
    ok(act(client, code, type="begin", reader="1"))
    s = state(code)
    assert s["phase"] == "roll" and s["question_reader"] == "1" and s["cubes"]["2"]["space"] == 4


def test_a_player_phone_waits_during_setup_and_cannot_start(app, client, clock):
    code = new_table(client)
    ann, _ = phones(app, code)
    html = board(page(ann, code))
    assert "Waiting for the host" in html and 'value="begin"' not in html
    response = act(ann, code, type="begin")
    assert "Only the host" in flash(response)
    assert state(code)["phase"] == "setup"


def test_only_the_reader_gets_the_die_and_the_question_read_button(app, client, clock):
    code = new_table(client)
    ann, ben = phones(app, code)
    ok(act(client, code, type="begin", reader="0"))
    assert 'name="number" value="6"' in board(page(ann, code))
    assert 'name="number"' not in board(page(ben, code))
    assert "is the reader" in flash(act(ben, code, type="question", number="3"))
    ok(act(ann, code, type="question", number="3"))
    assert 'value="question_read"' in board(page(ann, code))
    assert 'value="question_read"' not in board(page(ben, code))
    assert ">3<" in board(page(ben, code))                 # the question number, big, for everyone


def test_countdown_is_huge_during_writing_and_typing_closes_when_time_is_up(app, client, clock):
    code = new_table(client)
    ann, ben = phones(app, code)
    to_writing(client, code, clock)
    html = board(page(ann, code))
    assert 'class="rl-writing timer' in html and "data-timer" in html and 'name="word"' in html
    ok(act(ann, code, type="write", word="Giraffe"))
    assert "Giraffe" in board(page(ann, code))
    clock["ms"] += 10_000                                   # the server's timer runs out
    assert "Time is up" in flash(act(ann, code, type="write", word="lion"))
    assert [e["word"] for e in state(code)["lists"]["0"]] == ["Giraffe"]
    html = board(page(ann, code))
    assert "rl-writing timer alarm" in html and 'name="cards[]"' in html
    assert "Time is up: stop writing and seal your bids." in html


def test_stop_is_refused_before_time_but_the_host_may_stop_early(app, client, clock):
    code = new_table(client)
    ann, _ = phones(app, code)
    to_writing(client, code, clock)
    assert "Time is not up yet" in flash(act(ann, code, type="time_up"))
    ok(act(client, code, type="time_up"))
    assert state(code)["phase"] == "bidding"


def test_double_button_only_right_after_the_question_and_only_once(app, client, clock):
    code = new_table(client)
    ann, ben = phones(app, code)
    ok(act(client, code, type="begin", reader="0"))
    ok(act(ann, code, type="question", number="2"))
    assert 'value="double"' in board(page(ben, code))
    ok(act(ben, code, type="double"))
    assert 'value="double"' not in board(page(ben, code))
    assert "already" in flash(act(ben, code, type="double"))
    ok(act(ann, code, type="question_read"))
    clock["ms"] += 6_000                                    # past the 5 seconds of late Double
    assert 'value="double"' not in board(page(ann, code))
    assert "Too late" in flash(act(ann, code, type="double"))


def sealed_round(app, client, clock):
    code = new_table(client)
    ann, ben = phones(app, code)
    to_writing(client, code, clock)
    ok(act(ann, code, type="write", word="lion"))
    ok(act(ann, code, type="write", word="tiger"))
    ok(act(ben, code, type="write", word=" LION "))
    clock["ms"] += 10_000
    ok(act(ann, code, **{"type": "bid", "cards[]": ["6", "1"]}))
    return code, ann, ben


def test_a_sealed_bid_is_hidden_from_the_other_seats_in_html_and_json(app, client, clock):
    code, ann, ben = sealed_round(app, client, clock)
    assert "Your sealed bid" in board(page(ann, code)) and ">7<" in board(page(ann, code))
    for viewer in (ben, client):                            # another seat, and the host not acting for Ann
        html = page(viewer, code)
        assert "Your sealed bid" not in html
        assert "✓ sealed" in board(html)                    # only that Ann's bid is in
        assert not re.search(r"\b7\b", board(html).split('class="rl-bids-in')[1].split("</ul>")[0])
    table = Table.get(Table.code == code)
    tokens = {}
    for seat in (0, 1):
        tokens[seat] = store.new_token()
        store.Seat.update(token_hash=store.digest(tokens[seat])).where(
            (store.Seat.table == table) & (store.Seat.number == seat)).execute()
    ben_json = client.get(f"/api/tables/{code}", headers={"Authorization": f"Bearer {tokens[1]}"}).get_json()
    assert ben_json["state"]["bids"] == {} and ben_json["state"]["bids_in"] == ["0"]
    assert '"cards"' not in str(ben_json["log"]) and "7" not in " ".join(e["text"] for e in ben_json["log"] if e["type"] == "bid")
    ann_json = client.get(f"/api/tables/{code}", headers={"Authorization": f"Bearer {tokens[0]}"}).get_json()
    assert ann_json["state"]["bids"]["0"]["total"] == 7
    spectator = client.get(f"/api/tables/{code}").get_json()
    assert spectator["state"]["bids"] == {} and "lists" not in str(spectator["state"]["lists"].get("0", ""))
    assert spectator["state"]["lists"] == {}


def test_word_lists_are_private_until_read(app, client, clock):
    code, ann, ben = sealed_round(app, client, clock)
    assert "tiger" not in page(ben, code) and "tiger" not in page(client, code)


def test_other_seats_and_spectators_are_refused(app, client, clock):
    code, ann, ben = sealed_round(app, client, clock)
    response = act(ben, code, **{"type": "bid", "seat": "0", "cards[]": ["1"]})
    assert response.status_code == 403
    assert state(code)["bids"]["0"]["total"] == 7
    watcher = app.test_client()
    watcher.environ_base["HTTP_ORIGIN"] = "http://localhost"
    assert watcher.post(f"/t/{code}/act", data={"type": "bid", "cards[]": ["1"]}, headers=HX).status_code == 403
    spectator = app.test_client()
    assert spectator.get(f"/api/tables/{code}").status_code == 200
    refused = spectator.post(f"/api/tables/{code}/actions", json={"type": "bid", "cards": [2]})
    assert refused.status_code == 403
    assert "1" not in state(code)["bids"]


def test_reveal_shows_the_reading_order_and_the_reader_reports_from_the_list(app, client, clock):
    code, ann, ben = sealed_round(app, client, clock)
    ok(act(ben, code, **{"type": "bid", "cards[]": ["2"]}))
    ok(act(client, code, **{"type": "bid", "seat": "2", "cards[]": ["3", "4", "5"]}))   # host for Cy
    s = state(code)
    assert s["reading_order"] == ["1", "0", "2"] and s["phase"] == "reading"
    html = board(page(ann, code))
    order = html.split('class="rl-order"')[1].split("</ol>")[0]
    assert order.index("Ben") < order.index("Ann") < order.index("Cy")
    assert 'aria-current="true"' in order and ">12<" in order             # bids shown to all after the reveal
    ben_html = board(page(ben, code))
    assert 'name="word" value="LION"' in ben_html or 'value="LION"' in ben_html
    ok(act(ben, code, type="say", word="lion"))
    ann_list = board(page(ann, code)).split('class="rl-mine"')[1]
    assert re.search(r'class="struck[^"]*"><span>lion', ann_list)          # crossed out on Ann's list by itself
    assert "rl-reader-panel" not in board(page(ann, code))
    assert "turn to read" in flash(act(ann, code, type="read", met="1"))
    ok(act(ben, code, type="say", word="bear"))
    assert 'class="primary">✓ Read 2: move 2' in board(page(ben, code))
    ok(act(ben, code, type="read", met="1"))
    assert state(code)["cubes"]["1"]["space"] == 2
    ok(act(ann, code, type="read", met="0"))
    ok(act(client, code, type="read", seat="2", met="1"))                  # host for Cy
    s = state(code)
    assert s["cubes"]["2"]["space"] == 12 and s["round"] == 2 and s["question_reader"] == "1"
    assert s["challenged"] == ["2"]
    html = board(page(client, code))
    assert "Challenge!" in html and 'name="text"' in html
    ok(act(client, code, type="challenge_card", text="Only words with an E"))
    assert "Only words with an E" in board(page(ben, code))


def test_host_can_cross_out_and_restore_a_word_by_hand(app, client, clock):
    code, ann, ben = sealed_round(app, client, clock)
    ok(act(ben, code, **{"type": "bid", "cards[]": ["2"]}))
    ok(act(client, code, **{"type": "bid", "seat": "2", "cards[]": ["3"]}))
    html = board(page(client, code))
    assert "All lists" in html and "tiger" in html
    ok(act(client, code, type="strike", seat="0", word="tiger", struck="1"))
    assert state(code)["lists"]["0"][1]["struck"] is True
    ok(act(client, code, type="strike", seat="0", word="tiger", struck="0"))
    assert state(code)["lists"]["0"][1]["struck"] is False
    assert "Only the host" in flash(act(ann, code, type="strike", seat="0", word="tiger", struck="1"))


def test_whole_game_through_the_html_routes_to_the_winner(app, client, clock):
    code = new_table(client, normal_spaces="3", challenge_spaces="1")
    ann, ben = phones(app, code)
    ok(act(client, code, type="begin", reader="0"))
    round_ = 0
    while state(code)["phase"] != "over":
        round_ += 1
        ok(act(client, code, type="question", number="1"))
        ok(act(client, code, type="question_read"))
        clock["ms"] += 10_000
        ok(act(ann, code, **{"type": "bid", "cards[]": ["3"]}))
        ok(act(ben, code, **{"type": "bid", "cards[]": ["1"]}))
        ok(act(client, code, **{"type": "bid", "seat": "2", "cards[]": ["2"]}))
        for seat, met in (("1", "1"), ("2", "0"), ("0", "1")):
            ok(act(client, code, type="read", seat=seat, met=met))
        assert round_ < 5
    html = page(ben, code)
    assert "Ann wins" in html
    final_board(html, "rapid-list")
    assert store.current_game(store.load(code)).outcome["winners"] == [0]


# --- audit: the finished board, the host ending early, undo after each kind of action ------------

def test_finished_board_shows_the_final_track_and_last_reading_with_no_actions(app, client, clock):
    code = new_table(client, normal_spaces="3", challenge_spaces="1")   # FINISH is space 5
    ann, ben = phones(app, code)
    ok(act(client, code, type="begin", reader="0"))
    ok(act(client, code, type="question", number="1"))
    ok(act(client, code, type="question_read"))
    clock["ms"] += 10_000
    ok(act(ann, code, **{"type": "bid", "cards[]": ["6", "1"]}))         # 7: two beyond FINISH
    ok(act(ben, code, **{"type": "bid", "cards[]": ["5"]}))
    ok(act(client, code, **{"type": "bid", "seat": "2", "cards[]": ["1"]}))
    for seat, met in (("2", "1"), ("1", "0"), ("0", "1")):
        ok(act(client, code, type="read", seat=seat, met=met))
    for viewer in (client, ann, ben):                                    # the host too: no "Acting for"
        html = final_board(page(viewer, code), "rapid-list")
        assert 'data-phase="over"' in html and "<form" not in html and "<button" not in html
        assert "Game over in round 1: the final track." in html
        assert html.count('class="space ') == 6 and '<small class="over">+2</small>' in html
        last = html.split('class="rl-order"')[1].split("</ol>")[0]
        assert last.index("Cy") < last.index("Ben") < last.index("Ann")
        assert "✓ +7" in last and "✗ stays" in last and "reading" not in last


@pytest.mark.parametrize("phase", ["setup", "roll", "writing", "bidding", "reading"])
def test_host_ending_the_game_in_any_phase_leaves_a_final_board_without_actions(app, client, clock, phase):
    code = new_table(client)
    ann, _ = phones(app, code)
    steps = [("roll", {"type": "begin", "reader": "0"}), ("question", {"type": "question", "number": "2"}),
             ("writing", {"type": "question_read"}), ("bidding", {"type": "time_up"}),
             ("reading", {"type": "bid", "cards[]": ["2"]})]
    for reached, fields in steps:
        if state(code)["phase"] == phase:
            break
        if reached == "reading":
            ok(act(ann, code, **fields))
            ok(act(client, code, type="reveal"))
        else:
            ok(act(client, code, **fields))
    assert state(code)["phase"] == phase
    ok(act(client, code, type="end_game"))
    for viewer in (client, ann):
        html = final_board(page(viewer, code), "rapid-list")
        assert "<form" not in html and "<button" not in html and 'data-phase="over"' in html
        assert "The host ended the game" in html and "final track" in html
        assert "Stop" not in html and "Challenge!" not in html and "Acting for" not in html


def undo(client, code):
    response = client.post(f"/t/{code}/undo", data={}, headers=HX)
    assert response.status_code == 200 and not flash(response), flash(response)


def test_undo_after_each_kind_of_action_returns_to_just_before_it(app, client, clock):
    """Take back every action of a round right after it (the platform replays the log without it),
    check the table is exactly as before and every phone's board still makes sense, then redo it."""
    code = new_table(client, reject_once="on", challenge_at="4, 10, 11, 12")
    ann, ben = phones(app, code)

    def step(sender, **fields):
        before = state(code)
        ok(act(sender, code, **fields))
        after = state(code)
        undo(client, code)
        assert state(code) == before, fields["type"]
        for viewer in (client, ann, ben):
            html = page(viewer, code)
            assert 'class="flash error"' not in html
            board(html)
        ok(act(sender, code, **fields))
        assert state(code)["phase"] == after["phase"]
        return before, after

    step(client, type="head_start", seat="1", spaces="4")                       # Ben starts on a challenge space
    before, after = step(client, type="begin", reader="0")
    assert after["challenged"] == ["1"] and before["cubes"] == {}
    step(ben, type="challenge_card", text="Only words with an E")
    step(client, type="question", number="6")
    before, after = step(ann, type="double")
    assert "0" in after["double_used"] and before["double_used"] == []          # undo gives the Double back
    before, after = step(ben, type="reject")
    assert after["question"] == 1 and after["double_used"] == []                # the Double was for question 6
    ok(act(ann, code, type="double"))
    step(client, type="question_read")
    step(ann, type="write", word="eel")
    step(ann, type="erase", word="eel")
    ok(act(ann, code, type="write", word="eel"))
    ok(act(ben, code, type="write", word="EEL"))
    clock["ms"] += 10_000
    step(client, type="time_up")
    before, after = step(ann, **{"type": "bid", "cards[]": ["1"]})
    step(ben, **{"type": "bid", "cards[]": ["2"]})
    before, after = step(client, **{"type": "bid", "seat": "2", "cards[]": ["3"]})   # the last bid turns them over
    assert after["revealed"] and not before["revealed"]
    undo(client, code)                                                          # ... and undoing it hides them again
    html = page(ben, code)
    assert "rl-order" not in board(html) and state(code)["bids"]["0"]["total"] == 1
    assert "<small>(2)</small>" in board(html) and "<small>(1)</small>" not in board(html)      # Ben's own bid only
    assert re.search(r"\b1\b", board(html).split('class="rl-bids-in')[1].split("</ul>")[0]) is None
    ok(act(client, code, **{"type": "bid", "seat": "2", "cards[]": ["3"]}))
    before, after = step(ann, type="say", word="eel")
    assert after["lists"]["1"][0]["struck"] and not before["lists"]["1"][0]["struck"]
    step(client, type="strike", seat="1", word="eel", struck="0")
    before, after = step(ann, type="read", met="1")
    assert after["cubes"]["0"]["space"] == 2 and before["cubes"]["0"]["space"] == 0   # doubled, and back
    step(ben, type="read", met="0")
    before, after = step(client, type="read", seat="2", met="1")               # the round ends
    assert after["round"] == 2 and before["round"] == 1 and before["phase"] == "reading"


def test_teams_play_with_one_cube_each_on_the_screens(app, client, clock):
    # The new-table form has 8 name rows (a platform limit); bigger groups come through the JSON API.
    names = [f"P{i}" for i in range(8)]
    teams = {f"team{i}": ("Red", "Blue")[i % 2] for i in range(8)}
    code = open_table(client, names, "rapid-list", timer_seconds="10", word_lists="on", double="on", by_team="on", **teams)
    html = board(page(client, code))
    assert html.count('title="Red"') >= 1 and "Who reads first?" in html
    ok(act(client, code, type="begin", reader="0"))
    s = state(code)
    assert sorted(s["cubes"]) == ["Blue", "Red"] and s["question_reader"] == "Red"
    p3 = app.test_client()
    p3.environ_base["HTTP_ORIGIN"] = "http://localhost"
    seat_phone(p3, code, 3)                                              # a Blue player
    ok(act(client, code, type="question", number="2"))
    ok(act(client, code, type="question_read"))
    ok(act(p3, code, type="write", word="lake"))
    clock["ms"] += 10_000
    ok(act(p3, code, **{"type": "bid", "cards[]": ["2"]}))
    assert "Your sealed bid" in board(page(p3, code))
    ok(act(client, code, **{"type": "bid", "seat": "0", "cards[]": ["3"]}))
    html = board(page(p3, code))
    order = html.split('class="rl-order"')[1].split("</ol>")[0]
    assert order.index("Blue") < order.index("Red") and "rl-reader-panel" in html   # Blue (2) reads first
    ok(act(p3, code, type="say", word="lake"))
    ok(act(p3, code, type="read", met="1"))
    ok(act(client, code, type="read", seat="0", met="0"))
    s = state(code)
    assert s["cubes"]["Blue"]["space"] == 2 and s["question_reader"] == "Blue"      # teams take turns as reader
    rows = {r["key"]: r for r in rapid_list.standings(s)}
    assert rows["Blue"]["seats"] == [1, 3, 5, 7] and rows["Blue"]["place"] == 1 and rows["Red"]["place"] == 2


def test_a_group_of_twelve_opens_through_the_json_api_as_teams(client):
    players = [{"name": f"P{i}", "team": f"T{i % 3}"} for i in range(12)]
    response = client.post("/api/tables", json={"game": "rapid-list", "players": players, "options": {"by_team": True}})
    assert response.status_code == 201, response.get_json()
    code = response.get_json()["code"]
    assert [r["id"] for r in state(code)["racers"]] == ["T0", "T1", "T2"]
    refused = client.post("/api/tables", json={"game": "rapid-list", "players": players})
    assert refused.status_code == 400 and "play in teams" in refused.get_data(as_text=True)
