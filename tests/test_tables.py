"""Opening a table, joining by QR code, seats and tokens, host powers, bad input."""

import re

import pytest

from referee import store
from referee.models import Seat, Table

from helpers import HX, act, join_link, open_table, seat_phone, version


def test_home_lists_the_games_with_unready_ones_as_coming(client):
    page = client.get("/").get_data(as_text=True)
    assert "Score pad" in page and "Word Power" in page
    assert "/new/scorepad" in page


def test_opening_a_table_shows_its_code_and_a_qr_code_of_the_join_link(client):
    code = open_table(client)
    assert re.fullmatch(f"[{store.CODE_LETTERS}]{{5}}", code)
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert code in page and f"/t/{code}/share" in page
    svg = client.get(f"/t/{code}/qr.svg")
    assert svg.mimetype == "image/svg+xml" and b"<svg" in svg.data


def test_table_codes_have_no_ambiguous_characters():
    assert not set("0O1IL2Z5S8B") & set(store.CODE_LETTERS)


def test_join_url_uses_the_public_address_not_localhost(app, client):
    code = open_table(client)
    page = client.get(f"/t/{code}/share").get_data(as_text=True)
    assert "http://referee.test:8000/j/" + code in page


def test_the_join_url_replaces_localhost_with_the_lan_address(monkeypatch):
    from referee import share
    monkeypatch.setattr(share, "lan_address", lambda: "192.168.1.20")
    assert share.public_base("http://localhost:8000/", None) == "http://192.168.1.20:8000"
    assert share.public_base("http://127.0.0.1:8000/", None) == "http://192.168.1.20:8000"
    assert share.public_base("http://referee.lan/", None) == "http://referee.lan"
    assert share.public_base("http://localhost:8000/", "https://x.example/") == "https://x.example"


def test_a_phone_that_scans_the_qr_code_picks_a_seat_and_keeps_it_after_reload(client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 1)
    page = another_phone.get(f"/t/{code}").get_data(as_text=True)
    assert "You are <strong>Ben</strong>" in page
    assert "You are <strong>Ben</strong>" in another_phone.get(f"/t/{code}").get_data(as_text=True)


def test_seat_tokens_are_long_random_and_stored_hashed(client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 0)
    cookie = another_phone.get_cookie(f"seat_{code}")
    assert len(cookie.value) >= 22                      # 24 random bytes, URL-safe
    assert cookie.http_only and cookie.same_site == "Lax"
    stored = Seat.get(Seat.number == 0).token_hash
    assert stored != cookie.value and stored == store.digest(cookie.value)


def test_a_taken_seat_cannot_be_taken_by_another_phone(app, client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 0)
    third = app.test_client()
    third.environ_base["HTTP_ORIGIN"] = "http://localhost"
    third.get(join_link(code))
    response = third.post(f"/j/{code}", data={"seat": 0}, headers=HX)
    assert response.status_code == 403
    assert "already taken" in response.get_data(as_text=True)


def test_the_host_can_release_a_seat_for_another_phone(app, client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 0)
    client.post(f"/t/{code}/host", data={"do": "release", "seat": 0}, headers=HX)
    assert Seat.get(Seat.number == 0).token_hash is None
    assert "Watching" in another_phone.get(f"/t/{code}").get_data(as_text=True)
    third = app.test_client()
    third.environ_base["HTTP_ORIGIN"] = "http://localhost"
    seat_phone(third, code, 0)


def test_without_the_qr_secret_or_the_typed_code_a_phone_cannot_see_the_table(app, client):
    code = open_table(client)
    stranger = app.test_client()
    assert stranger.get(f"/t/{code}").status_code == 403
    assert stranger.get(f"/j/{code}?k=wrong").status_code == 303


def test_typing_the_code_admits_a_phone(app, client):
    code = open_table(client)
    phone = app.test_client()
    phone.environ_base["HTTP_ORIGIN"] = "http://localhost"
    response = phone.post("/join", data={"code": code.lower() + " "})
    assert response.status_code == 303
    assert phone.get(f"/j/{code}").status_code == 200


def test_typing_an_unknown_code_says_so(client):
    response = client.post("/join", data={"code": "QQQQQ"}, headers=HX)
    assert response.status_code == 404
    assert "There is no table QQQQQ" in response.get_data(as_text=True)


def test_a_spectator_sees_the_table_but_cannot_act(app, client):
    code = open_table(client)
    watcher = app.test_client()
    watcher.environ_base["HTTP_ORIGIN"] = "http://localhost"
    watcher.get(join_link(code))
    watcher.post(f"/j/{code}", data={"watch": "1"})
    assert "Watching" in watcher.get(f"/t/{code}").get_data(as_text=True)
    before = version(client, code)
    response = act(watcher, code, type="score", seat=0, points=5)
    assert response.status_code == 403 and "Spectators" in response.get_data(as_text=True)
    assert version(client, code) == before


def test_a_phone_cannot_act_for_another_seat(client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 1)
    response = act(another_phone, code, type="score", seat=0, points=5)
    assert response.status_code == 403
    assert "not for Ann" in response.get_data(as_text=True)
    assert act(another_phone, code, type="score", points=5).status_code == 200
    assert client.get(f"/api/tables/{code}").get_json()["state"]["rounds"] == [{"1": 5}]


def test_the_host_acts_for_any_seat_and_the_log_says_so(client):
    code = open_table(client)
    act(client, code, type="score", seat=2, points=7)
    log = client.get(f"/api/tables/{code}").get_json()["log"]
    assert log[-1]["text"] == "Cat: +7 (host for Cat)" and log[-1]["actor"] == "host"


def test_a_double_tap_with_the_same_key_applies_once(client):
    code = open_table(client)
    for _ in range(2):
        assert act(client, code, type="score", seat=0, points=5, key="tap-1").status_code == 200
    assert client.get(f"/api/tables/{code}").get_json()["state"]["rounds"] == [{"0": 5}]


def test_locking_stops_new_phones_from_taking_seats(app, client):
    code = open_table(client)
    client.post(f"/t/{code}/host", data={"do": "lock"}, headers=HX)
    phone = app.test_client()
    phone.environ_base["HTTP_ORIGIN"] = "http://localhost"
    phone.get(join_link(code))
    response = phone.post(f"/j/{code}", data={"seat": 1}, headers=HX)
    assert response.status_code == 403 and "locked" in response.get_data(as_text=True)
    client.post(f"/t/{code}/host", data={"do": "unlock"}, headers=HX)
    assert phone.post(f"/j/{code}", data={"seat": 1}).status_code == 303


def test_removing_a_player_drops_them_from_the_next_game(client):
    code = open_table(client)
    client.post(f"/t/{code}/host", data={"do": "remove", "seat": 2}, headers=HX)
    client.post(f"/t/{code}/next", data={"game": "scorepad"})
    state = client.get(f"/api/tables/{code}").get_json()["state"]
    assert [p["name"] for p in state["players"]] == ["Ann", "Ben"]


def test_handing_over_host_makes_that_phone_host_and_this_one_not(client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 1)
    client.post(f"/t/{code}/host", data={"do": "make_host", "seat": 1}, headers=HX)
    assert Table.get().host_seat == 1
    assert client.post(f"/t/{code}/undo", headers=HX).status_code == 403
    assert "Host tools" in another_phone.get(f"/t/{code}").get_data(as_text=True)


def test_only_the_host_has_host_powers(client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 1)
    for path, data in [("undo", {}), ("host", {"do": "lock"}), ("next", {"game": "scorepad"})]:
        assert another_phone.post(f"/t/{code}/{path}", data=data, headers=HX).status_code in (403,)


def test_undo_restores_the_state_before_the_undone_action_and_is_logged(client):
    code = open_table(client)
    act(client, code, type="score", seat=0, points=5)
    before = client.get(f"/api/tables/{code}").get_json()["state"]
    act(client, code, type="score", seat=1, points=9)
    client.post(f"/t/{code}/undo", headers=HX)
    table = client.get(f"/api/tables/{code}").get_json()
    assert table["state"] == before
    assert table["log"][-1]["text"].startswith("Undone: Ben: +9")
    assert [entry["undone"] for entry in table["log"]] == [False, True, False]
    client.post(f"/t/{code}/undo", headers=HX)
    assert client.get(f"/api/tables/{code}").get_json()["state"]["rounds"] == []
    assert client.post(f"/t/{code}/undo", headers=HX).status_code == 409


@pytest.mark.parametrize("names, message", [
    (("Ann", "ann"), "Two players are called ann"),
    (("Ann", "B" * 5000), "too long"),
    (("", ""), "needs 1 to 8 players; you entered 0"),
])
def test_bad_names_get_a_clear_message_and_open_nothing(client, names, message):
    response = client.post("/new/scorepad", data={f"name{i}": n for i, n in enumerate(names)})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert Table.select().count() == 0


def test_absurd_numbers_are_refused(client):
    code = open_table(client)
    for points in ("12abc", "1e9", "99999999999", ""):
        response = act(client, code, type="score", seat=0, points=points)
        assert response.status_code == 400, points
    assert client.get(f"/api/tables/{code}").get_json()["log"] == []


def test_a_form_posted_from_another_site_is_refused(app):
    phone = app.test_client()
    response = phone.post("/new/scorepad", data={"name0": "Ann"}, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403
    assert Table.select().count() == 0


def test_unknown_table_and_unknown_game_are_404_not_500(client):
    assert client.get("/t/NOPE1").status_code == 404
    assert client.get("/new/chess").status_code == 404
    assert client.get("/j/NOPE1").status_code == 404


def test_evening_leaderboard_counts_wins_across_games(client):
    code = open_table(client, names=("Ann", "Ben"))
    act(client, code, type="score", seat=1, points=3)
    act(client, code, type="finish")
    client.post(f"/t/{code}/next", data={"game": "scorepad"})
    act(client, code, type="score", seat=0, points=3)
    act(client, code, type="finish")
    evening = client.get(f"/api/tables/{code}").get_json()["evening"]
    assert {row["name"]: (row["wins"], row["places"]) for row in evening} == {"Ann": (1, [2, 1]), "Ben": (1, [1, 2])}


def test_security_headers_are_sent(client):
    response = client.get("/")
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_host_picks_whom_to_act_for_or_whoever_has_the_turn(client):
    code = open_table(client)
    client.post(f"/t/{code}/as", data={"seat": "2"}, headers=HX)
    act(client, code, type="score", points=4)
    assert client.get(f"/api/tables/{code}").get_json()["state"]["rounds"] == [{"2": 4}]
    client.post(f"/t/{code}/as", data={"seat": ""}, headers=HX)
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert '<option value="" selected>Whose turn it is' in page


def test_form_fields_become_lists_and_dicts_for_the_engine(app):
    from referee.web.play import form_action

    with app.test_request_context("/", method="POST", data={"cards[]": ["h", "at"], "hands[Red]": "1, 4",
                                                             "hands[Blue]": "2", "type": "x"}):
        assert form_action() == {"cards": ["h", "at"], "hands": {"Red": "1, 4", "Blue": "2"}, "type": "x"}


def test_cookies_are_secure_when_served_over_https(tmp_path):
    from referee import create_app
    from helpers import database_url, fresh_schema

    app = create_app({"DATABASE_URL": database_url(tmp_path), "SECRET_KEY": "t", "INSTANCE_PATH": str(tmp_path),
                      "PUBLIC_URL": "https://referee.example.org"})
    fresh_schema()
    phone = app.test_client()
    phone.environ_base.update({"HTTP_ORIGIN": "https://localhost", "wsgi.url_scheme": "https"})
    response = phone.post("/new/scorepad", data={"name0": "Ann"}, base_url="https://localhost")
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies and all("Secure" in c and "HttpOnly" in c for c in cookies), cookies


def test_games_for_big_groups_offer_more_name_rows(client):
    page = client.get("/new/word-quest").get_data(as_text=True)
    assert 'name="name15"' in page and "More players" in page
    form = {f"name{i}": f"P{i}" for i in range(12)} | {f"team{i}": "Red" if i % 2 else "Blue" for i in range(12)}
    response = client.post("/new/word-quest", data=form)
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[-1]
    assert len(client.get(f"/api/tables/{code}").get_json()["seats"]) == 12


def test_a_seat_must_be_a_plain_seat_number(api):
    table = api.create()
    for bad in (True, 1.5, "1.0", "-1", [1]):
        response = api.act(table["code"], table["host_token"], type="score", seat=bad, points=1)
        assert response.status_code == 400, bad


def test_a_game_that_runs_its_own_timer_refuses_the_shared_timer_buttons(api):
    table = api.create(game="rapid-list")
    response = api.act(table["code"], table["host_token"], type="timer_reset")
    assert response.status_code == 409 and "own timer" in response.get_json()["message"]
