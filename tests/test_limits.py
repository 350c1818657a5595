"""Guessing codes is throttled, tables per device are limited, idle tables expire."""

import pytest

from referee import create_app, store
from referee.models import Action, Table

from helpers import HX, act, database_url, fresh_schema, open_table


@pytest.fixture
def strict_app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path), "SECRET_KEY": "t",
                      "INSTANCE_PATH": str(tmp_path), "WRONG_CODES_PER_10_MIN": 3, "TABLES_PER_HOUR": 2})
    fresh_schema()
    return app


def phone(app):
    client = app.test_client()
    client.environ_base["HTTP_ORIGIN"] = "http://localhost"
    return client


def test_repeated_wrong_codes_get_429_with_a_clear_message(strict_app):
    client = phone(strict_app)
    code = open_table(client)
    for guess in ("AAAAA", "CCCCC", "DDDDD"):
        assert client.post("/join", data={"code": guess}, headers=HX).status_code == 404
    response = client.post("/join", data={"code": code}, headers=HX)
    assert response.status_code == 429
    assert "Too many wrong table codes" in response.get_data(as_text=True)
    assert client.get(f"/api/tables/{code}").status_code == 429


def test_wrong_codes_through_the_api_count_too(strict_app):
    client = phone(strict_app)
    for guess in ("AAAAA", "CCCCC", "DDDDD"):
        assert client.get(f"/api/tables/{guess}").status_code == 404
    response = client.get("/api/tables/EEEEE")
    assert response.status_code == 429 and response.get_json()["message"].startswith("Too many")


def test_tables_per_device_per_hour_are_limited(strict_app):
    client = phone(strict_app)
    open_table(client)
    open_table(client)
    response = client.post("/new/scorepad", data={"name0": "Ann"})
    assert response.status_code == 429
    assert Table.select().count() == 2


def test_an_idle_table_expires_and_is_forgotten_when_a_new_table_opens(client):
    code = open_table(client)
    act(client, code, type="score", seat=0, points=1)
    Table.update(touched_at=store.now_ms() - 31 * store.DAY_MS).execute()
    response = client.get(f"/api/tables/{code}")
    assert response.status_code == 404 and "expired" in response.get_json()["message"]
    open_table(client)
    assert Table.select().where(Table.code == code).count() == 0
    assert Action.select().count() == 0


def test_a_table_in_use_does_not_expire(client):
    code = open_table(client)
    Table.update(touched_at=store.now_ms() - 29 * store.DAY_MS).execute()
    act(client, code, type="score", seat=0, points=1)
    assert client.get(f"/api/tables/{code}").status_code == 200


def test_behind_a_proxy_the_forwarded_client_address_is_throttled(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_PROXY_HOPS", "1")
    monkeypatch.setenv("REFEREE_WRONG_CODES_PER_10_MIN", "2")
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path), "SECRET_KEY": "t",
                      "INSTANCE_PATH": str(tmp_path)})
    fresh_schema()
    client = app.test_client()
    guesser = {"X-Forwarded-For": "10.0.0.5"}
    for guess in ("AAAAA", "CCCCC"):
        assert client.get(f"/api/tables/{guess}", headers=guesser).status_code == 404
    assert client.get("/api/tables/DDDDD", headers=guesser).status_code == 429
    assert client.get("/api/tables/DDDDD", headers={"X-Forwarded-For": "10.0.0.6"}).status_code == 404
