"""Per-client rate limits kept in memory: wrong table codes and new tables.

In memory is enough for one server process; behind several app servers each keeps its own
counts (docs/OPERATIONS.md), which still bounds guessing to a few hundred codes an hour.
"""

import threading
import time
from collections import defaultdict, deque

from flask import abort, current_app, request


class Window:
    """At most `limit` events per client within `seconds`."""

    def __init__(self, limit: int, seconds: int):
        self.limit, self.seconds = limit, seconds
        self.events: dict[str, deque] = defaultdict(deque)
        self.lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque:
        events = self.events[key]
        while events and events[0] <= now - self.seconds:
            events.popleft()
        return events

    def full(self, key: str) -> bool:
        with self.lock:
            return len(self._recent(key, time.monotonic())) >= self.limit

    def add(self, key: str):
        with self.lock:
            now = time.monotonic()
            self._recent(key, now).append(now)
            if len(self.events) > 10_000:          # forget idle clients so memory stays bounded
                for stale in [k for k, v in self.events.items() if not v]:
                    del self.events[stale]


def client() -> str:
    return request.remote_addr or "?"


def init_app(app):
    app.extensions["referee.limits"] = {
        "codes": Window(app.config.get("WRONG_CODES_PER_10_MIN", 20), 600),
        "tables": Window(app.config.get("TABLES_PER_HOUR", 30), 3600),
    }

    @app.before_request
    def stop_code_guessing():
        looks_up_code = (request.view_args or {}).get("code") is not None or request.endpoint == "tables.join_by_code"
        if looks_up_code and window("codes").full(client()):
            abort(429, "Too many wrong table codes from this device: wait ten minutes and try again.")


def window(name: str) -> Window:
    return current_app.extensions["referee.limits"][name]


def wrong_code():
    """Count a lookup of a table that does not exist."""
    window("codes").add(client())


def new_table():
    """Count a new table; refuse when this device opened too many this hour."""
    if window("tables").full(client()):
        abort(429, "This device has opened many tables this hour: reuse one, or wait a while.")
    window("tables").add(client())
