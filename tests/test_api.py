"""The JSON API: create, read, act, undo, next game, and every error shape."""

import pytest

from referee import store
from referee.models import Action, Game


def test_create_returns_code_join_url_host_token_seat_tokens_version_and_state(api):
    table = api.create()
    assert table["code"] and table["join_url"].startswith("http://referee.test:8000/j/")
    assert table["host_token"] and table["version"] >= 1
    assert [s["name"] for s in table["seats"]] == ["Ann", "Ben", "Cat"]
    assert all(len(s["token"]) >= 22 for s in table["seats"])
    assert table["state"]["rounds"] == []


def test_get_shows_seats_game_options_version_state_and_log(api):
    table = api.create()
    api.act(table["code"], table["seats"][0]["token"], type="score", points=4)
    shown = api.get(table["code"]).get_json()
    assert shown["game"] == "scorepad" and shown["options"]["lowest_wins"] is False
    assert shown["log"][0]["text"] == "Ann: +4"
    assert shown["you"] == {"seat": None, "host": False}


def test_a_seat_token_acts_for_its_own_seat(api):
    table = api.create()
    response = api.act(table["code"], table["seats"][1]["token"], type="score", points=-3)
    assert response.status_code == 200
    assert response.get_json()["state"]["rounds"] == [{"1": -3}]


def test_a_seat_token_cannot_act_for_another_seat(api):
    table = api.create()
    response = api.act(table["code"], table["seats"][1]["token"], type="score", seat=0, points=3)
    assert response.status_code == 403
    assert response.get_json()["error"] == "forbidden"


def test_the_host_token_acts_for_any_seat(api):
    table = api.create()
    response = api.act(table["code"], table["host_token"], type="score", seat=2, points=3)
    assert response.get_json()["state"]["rounds"] == [{"2": 3}]


def test_no_token_is_403_with_a_message_and_a_wrong_token_too(api):
    table = api.create()
    response = api.client.post(f"/api/tables/{table['code']}/actions", json={"type": "score", "points": 1})
    assert response.status_code == 403 and "Bearer" in response.get_json()["message"]
    assert api.act(table["code"], "not-a-token", type="score", points=1).status_code == 403


def test_unknown_table_is_404(api):
    response = api.act("ZZZZZ", "x", type="score", points=1)
    assert response.status_code == 404 and response.get_json()["error"] == "not_found"


def test_malformed_action_is_400_and_changes_nothing(api):
    table = api.create()
    token = table["seats"][0]["token"]
    for bad in ({"type": "score", "points": "lots"}, {"type": "Score!"}, {"points": 3}, {"type": "score", "points": 1.5}):
        response = api.client.post(f"/api/tables/{table['code']}/actions", json=bad,
                                   headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 400, bad
        assert set(response.get_json()) == {"error", "message"}
    assert Action.select().count() == 0


def test_not_json_is_400(api):
    table = api.create()
    response = api.client.post(f"/api/tables/{table['code']}/actions", data="hello",
                               headers={"Authorization": f"Bearer {table['host_token']}"})
    assert response.status_code == 400


def test_against_the_rules_is_409(api):
    table = api.create()
    response = api.act(table["code"], table["seats"][0]["token"], type="finish")
    assert response.status_code == 409 and "host" in response.get_json()["message"]


def test_a_stale_expected_version_is_409_and_changes_nothing(api):
    table = api.create()
    token = table["seats"][0]["token"]
    api.act(table["code"], token, type="score", points=1)
    response = api.act(table["code"], token, type="score", points=2, expected_version=table["version"])
    assert response.status_code == 409 and response.get_json()["error"] == "stale"
    assert len(api.get(table["code"]).get_json()["log"]) == 1


def test_the_same_idempotency_key_applies_once_and_answers_the_same(api):
    table = api.create()
    token = table["seats"][0]["token"]
    first = api.act(table["code"], token, type="score", points=5, idempotency_key="abc")
    second = api.act(table["code"], token, type="score", points=5, idempotency_key="abc")
    assert first.status_code == second.status_code == 200
    assert first.get_json()["state"] == second.get_json()["state"]
    assert second.get_json()["repeated"] is True
    assert len(second.get_json()["log"]) == 1


def test_undo_is_for_the_host_and_restores_the_state(api):
    table = api.create()
    code, host = table["code"], table["host_token"]
    api.act(code, host, type="score", seat=0, points=5)
    seat = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
    assert api.client.post(f"/api/tables/{code}/undo", headers=seat).status_code == 403
    response = api.client.post(f"/api/tables/{code}/undo", headers={"Authorization": f"Bearer {host}"})
    assert response.status_code == 200 and response.get_json()["state"]["rounds"] == []


def test_next_game_keeps_the_roster(api):
    table = api.create()
    response = api.client.post(f"/api/tables/{table['code']}/games", json={"game": "scorepad", "options": {"lowest_wins": True}},
                               headers={"Authorization": f"Bearer {table['host_token']}"})
    body = response.get_json()
    assert response.status_code == 200 and body["game_number"] == 2 and body["options"]["lowest_wins"] is True
    assert [p["name"] for p in body["state"]["players"]] == ["Ann", "Ben", "Cat"]


@pytest.mark.parametrize("payload", [
    {"game": "scorepad", "players": [{"name": "A" * 5000}]},
    {"game": "scorepad", "players": []},
    {"game": "scorepad", "players": "Ann"},
    {"game": "nope", "players": [{"name": "Ann"}]},
    {"game": "scorepad", "players": [{"name": "Ann"}], "options": {"lowest_wins": True, "bogus": 1}},
    {"game": "scorepad", "players": [{"name": "Ann", "colour": "red; x"}]},
    {"game": "scorepad", "players": [{"name": "Ann"}], "options": [1, 2]},
    {"game": ["scorepad"], "players": [{"name": "Ann"}]},
    {"game": "scorepad", "players": [{"name": "Ann", "colour": True}]},
    {"game": "scorepad", "players": [{"name": 7}]},
    {"game": "scorepad", "players": [{"name": "Ann", "team": ["Red"]}]},
])
def test_bad_table_requests_are_400(api, payload):
    response = api.client.post("/api/tables", json=payload)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["message"]


def test_poll_is_204_while_unchanged(api):
    table = api.create()
    code = table["code"]
    assert api.client.get(f"/api/tables/{code}/poll?v={table['version']}").status_code == 204
    api.act(code, table["host_token"], type="score", seat=0, points=1)
    assert api.client.get(f"/api/tables/{code}/poll?v={table['version']}").status_code == 200


def test_openapi_document_lists_every_endpoint_and_action_type(client):
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    for path in ("/api/tables", "/api/tables/{code}", "/api/tables/{code}/actions", "/api/tables/{code}/undo",
                 "/api/tables/{code}/games"):
        assert path in doc["paths"]
    kinds = doc["components"]["schemas"]["Action"]["properties"]["type"]["enum"]
    assert {"score", "finish", "timer_start", "end_game"} <= set(kinds)


def test_snapshot_always_equals_the_replay_of_the_log(api):
    table = api.create()
    code, host = table["code"], table["host_token"]
    for seat, points in [(0, 5), (1, -2), (2, 7), (0, 1)]:
        api.act(code, host, type="score", seat=seat, points=points)
    api.client.post(f"/api/tables/{code}/undo", headers={"Authorization": f"Bearer {host}"})
    api.act(code, host, type="timer_start")
    game = Game.get()
    assert store.replay(game) == game.state


def test_server_time_is_an_integer_in_ms(client):
    now = client.get("/api/time").get_json()["now"]
    assert isinstance(now, int) and now > 1_700_000_000_000


def test_a_game_option_with_a_platform_name_keeps_the_games_meaning():
    from referee.engine.options import Option

    class Game:
        OPTIONS = {"timer_seconds": Option(30, "Writing time", low=5, high=600)}

    assert store.game_options(Game, {})["timer_seconds"] == 30
    assert store.game_options(Game, {"timer_seconds": "45"})["timer_seconds"] == 45


def test_a_phone_cannot_send_a_ruling_only_the_server_fills(api):
    table = api.create(game="quiddler", players=("Ann", "Ben"))
    code, ann, ben = table["code"], table["seats"][0]["token"], table["seats"][1]["token"]
    assert api.act(code, ann, type="word", text="xq").status_code == 200      # round 1: two cards
    forged = {"valid": True, "proper_noun": False, "reason": "trust me", "lexicon": "standard"}
    response = api.act(code, ben, type="challenge", player=0, index=0, verdict=forged)
    assert response.status_code == 200
    text = response.get_json()["log"][-1]["text"]
    assert "trust me" not in str(response.get_json()["state"]) and "xq" in text.lower()


def test_server_only_fields_are_dropped_from_what_a_phone_sends_even_when_not_looked_up():
    class Game:
        LOOKUP_FIELDS = {"challenge": ("verdict",)}

        @staticmethod
        def lookup_needs(state, action):
            return {}                       # e.g. an index only apply() understands

    sent = {"type": "challenge", "index": "0", "verdict": {"valid": True}}
    completed = store._complete(Game, {}, sent, {}, None)
    assert "verdict" not in completed and completed["index"] == "0"
    other = store._complete(Game, {}, {"type": "word", "verdict": 1}, {}, None)
    assert other["verdict"] == 1            # only the named action types are guarded
