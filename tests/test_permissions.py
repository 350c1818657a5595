"""A seat acts only for itself, the host for anyone, spectators for nobody: every game, every action.

Checked through both doors: the HTML form route (`POST /t/<code>/act`, cookies) and the JSON API
(`POST /api/tables/<code>/actions`, bearer tokens). A refusal is a 403 and changes nothing (same
table version, same log).
"""

from importlib import import_module

import pytest

from helpers import HX, join_link, seat_phone, version
from referee.engine.play import PLATFORM_ACTIONS
from referee.games import _MODULES

NAMES = ("Ann", "Ben", "Cat")
TEAMS = ("Red", "Blue", "Red")


def kinds(slug):
    """Every action type a phone can send at this game's table (the game's own and the platform's)."""
    return sorted(import_module(_MODULES[slug]).ACTIONS) + sorted(PLATFORM_ACTIONS)


def players(slug):
    teams = getattr(import_module(_MODULES[slug]), "TEAMS", False)
    return [{"name": n, "team": t if teams else None} for n, t in zip(NAMES, TEAMS)]


def snapshot(client, code):
    table = client.get(f"/api/tables/{code}").get_json()
    return table["version"], [entry["seq"] for entry in table["log"]]


@pytest.mark.parametrize("slug", sorted(_MODULES))
def test_api_spectators_act_for_nobody_and_seats_only_for_themselves(client, slug):
    created = client.post("/api/tables", json={"game": slug, "players": players(slug)}).get_json()
    code, host_token = created["code"], created["host_token"]
    ann = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    before = snapshot(client, code)
    for kind in kinds(slug):
        url = f"/api/tables/{code}/actions"
        spectator = client.post(url, json={"type": kind, "seat": 0})
        assert spectator.status_code == 403, (kind, spectator.get_json())
        assert spectator.get_json()["error"] == "forbidden"
        stranger = client.post(url, json={"type": kind}, headers={"Authorization": "Bearer not-a-token-of-this-table"})
        assert stranger.status_code == 403, kind
        for other in (1, 2, "2"):
            answer = client.post(url, json={"type": kind, "seat": other, "idempotency_key": f"{kind}-{other}"},
                                 headers=ann)
            assert answer.status_code == 403, (kind, other, answer.get_json())
            assert "only act for yourself" in answer.get_json()["message"]
        assert snapshot(client, code) == before, f"a refused {kind} changed the table"
    undo = client.post(f"/api/tables/{code}/undo", json={}, headers=ann)
    assert undo.status_code == 403 and snapshot(client, code) == before
    # The host may act for anyone: whatever the rules say, it is never refused as a stranger.
    for kind in kinds(slug):
        answer = client.post(f"/api/tables/{code}/actions", json={"type": kind, "seat": 1},
                             headers={"Authorization": f"Bearer {host_token}"})
        assert answer.status_code != 403, (kind, answer.get_json())


def open_by_form(client, slug):
    """The host opens the table from the new-table form (teams filled in when the game has them)."""
    form = {}
    for i, player in enumerate(players(slug)):
        form[f"name{i}"] = player["name"]
        if player["team"]:
            form[f"team{i}"] = player["team"]
    response = client.post(f"/new/{slug}", data=form)
    assert response.status_code == 303, response.data
    return response.headers["Location"].rsplit("/", 1)[-1]


@pytest.mark.parametrize("slug", sorted(_MODULES))
def test_html_spectators_act_for_nobody_and_seats_only_for_themselves(app, client, slug):
    host = client
    code = open_by_form(host, slug)
    ann = seat_phone(make_phone(app), code, 0)
    watcher = make_phone(app)
    assert watcher.get(join_link(code)).status_code == 200
    assert watcher.post(f"/j/{code}", data={"watch": "1"}).status_code == 303
    stranger = make_phone(app)                      # never scanned the QR code
    before = snapshot(host, code), version(host, code)
    for kind in kinds(slug):
        answer = watcher.post(f"/t/{code}/act", data={"type": kind, "seat": "0"}, headers=HX)
        assert answer.status_code == 403, (kind, answer.data[:200])
        assert b"Spectators can watch but not play" in answer.data
        answer = watcher.post(f"/t/{code}/act", data={"type": kind}, headers=HX)
        assert answer.status_code == 403, kind
        assert stranger.post(f"/t/{code}/act", data={"type": kind, "seat": "0"}, headers=HX).status_code == 403
        for other in ("1", "2"):
            answer = ann.post(f"/t/{code}/act", data={"type": kind, "seat": other, "key": f"{kind}{other}"}, headers=HX)
            assert answer.status_code == 403, (kind, other, answer.data[:200])
            assert b"only act for yourself" in answer.data
        plain = ann.post(f"/t/{code}/act", data={"type": kind, "seat": "1"})   # without htmx: back to the table
        assert plain.status_code == 303
        assert (snapshot(host, code), version(host, code)) == before, f"a refused {kind} changed the table"
    assert ann.post(f"/t/{code}/undo", data={}, headers=HX).status_code == 403
    assert watcher.post(f"/t/{code}/host", data={"do": "lock"}, headers=HX).status_code == 403
    assert ann.post(f"/t/{code}/host", data={"do": "release", "seat": "1"}, headers=HX).status_code == 403
    assert snapshot(host, code) == before[0]
    for kind in kinds(slug):
        answer = host.post(f"/t/{code}/act", data={"type": kind, "seat": "1"}, headers=HX)
        assert answer.status_code != 403, (kind, answer.data[:200])


def make_phone(app):
    phone = app.test_client()
    phone.environ_base["HTTP_ORIGIN"] = "http://localhost"
    return phone
