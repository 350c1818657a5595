"""Shared fixtures: an app on a fresh SQLite file, a test client that posts like our pages."""

import pytest

from helpers import database_url, fresh_schema
from referee import create_app

@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                      "SECRET_KEY": "test", "PUBLIC_URL": "http://referee.test:8000",
                      "INSTANCE_PATH": str(tmp_path)})
    fresh_schema()
    yield app


@pytest.fixture
def client(app):
    """A phone: its posts carry our own Origin, as a browser's would."""
    client = app.test_client()
    client.environ_base["HTTP_ORIGIN"] = "http://localhost"
    return client


def a_phone(app):
    client = app.test_client()
    client.environ_base["HTTP_ORIGIN"] = "http://localhost"
    return client


@pytest.fixture
def another_phone(app):
    return a_phone(app)


@pytest.fixture
def third_phone(app):
    return a_phone(app)


class Api:
    """Small helper around the JSON API."""

    def __init__(self, client):
        self.client = client

    def create(self, game="scorepad", players=("Ann", "Ben", "Cat"), options=None):
        response = self.client.post("/api/tables", json={
            "game": game, "players": [{"name": p} for p in players], "options": options or {}})
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def act(self, code, token, **action):
        return self.client.post(f"/api/tables/{code}/actions", json=action,
                                headers={"Authorization": f"Bearer {token}"})

    def get(self, code, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.client.get(f"/api/tables/{code}", headers=headers)


@pytest.fixture
def api(client):
    return Api(client)
