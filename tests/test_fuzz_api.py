"""Fuzz the JSON API from its own OpenAPI document (schemathesis), in process through WSGI.

No input may produce a 500, and every answer must match the document (status code declared,
body of the declared schema, JSON content type). Most generated requests are aimed at a real
table with a real token, so they reach the store and the engines rather than stopping at 404;
the rest use whatever code and token hypothesis invents. Bounded: a few dozen examples per
operation, well under a minute in all.
"""

import itertools

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (content_type_conformance, not_a_server_error, response_schema_conformance,
                                 status_code_conformance)

import pytest

EXAMPLES = 25
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance, content_type_conformance]


@pytest.fixture
def fuzz_table(app):
    """A Word Power table (the richest actions) plus its host and seat tokens; limits out of the way."""
    for window in app.extensions["referee.limits"].values():
        window.limit = 10**9                     # throttling is tested in test_limits.py
    client = app.test_client()
    created = client.post("/api/tables", json={"game": "word-power", "players": [{"name": n} for n in ("Ann", "Ben", "Cy")]})
    assert created.status_code == 201
    body = created.get_json()
    return {"code": body["code"], "tokens": [body["host_token"]] + [s["token"] for s in body["seats"]]}


@pytest.fixture
def api_schema(app, fuzz_table):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", app)


schema = schemathesis.pytest.from_fixture("api_schema")
_turn = itertools.count()


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
def test_no_input_breaks_the_api_or_its_schema(case, fuzz_table):
    turn = next(_turn)
    if case.path_parameters and "code" in case.path_parameters and turn % 4:
        case.path_parameters["code"] = fuzz_table["code"]
    headers = {**(case.headers or {}), "Accept-Encoding": "identity"}   # the WSGI transport does not un-gzip
    if turn % 5 != 4:                        # host, then each seat, in turn; sometimes no token at all
        headers["Authorization"] = "Bearer " + fuzz_table["tokens"][(turn // 2) % len(fuzz_table["tokens"])]
    if case.path.endswith("/actions") and isinstance(case.body, dict) and turn % 3 == 0:
        # A platform action any phone may send, so that some fuzzed actions are accepted (200).
        case.body = {**case.body, "type": ("timer_start", "timer_add", "timer_pause", "timer_reset")[turn % 4]}
    case.call_and_validate(headers=headers, checks=CHECKS)
