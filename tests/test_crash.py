"""Kill -9 the server in the middle of a write load, again and again: nothing acknowledged is lost.

Each cycle starts the server, lets three phones write actions (each with its own idempotency
key) and kills the process with SIGKILL while requests are in flight. Then:

* SQLite: `PRAGMA integrity_check` is "ok" and the journal is still WAL (PostgreSQL: the server
  answers and the log has no duplicate keys — its durability is PostgreSQL's own);
* every action acknowledged (HTTP 200) before a kill is in the log exactly once;
* a request whose answer was lost in the kill is retried with the same key after the restart and
  applies at most once (idempotency makes "did it go through?" safe to ask again);
* the game invariants hold: sequence numbers without gaps, snapshot == replay of the log, the
  totals equal the number of logged score actions.

It runs on whatever database the suite uses (`database_url`): the SQLite file by default, which
is what this test is about (WAL + synchronous=FULL, docs/OPERATIONS.md), and PostgreSQL in the
second CI run.
"""

import http.client
import random
import sqlite3
import threading
import time
from collections import Counter

from helpers import SHARED_DATABASE, database_url
from referee import store
from referee.db import db
from test_concurrency import LiveServer, call, check_log, new_table

CYCLES = 4
WRITERS = 3


def load_until_killed(live, code, token, acked, unsure, cycle):
    """Writers hammer the table; once each has been acknowledged a few times, the server is killed."""
    stop = threading.Event()
    progress = Counter()

    def writer(n):
        conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=10)
        i = 0
        while not stop.is_set() and i < 10_000:
            key = f"c{cycle}-w{n}-{i}"
            i += 1
            try:
                status, _ = call(live.port, "POST", f"/api/tables/{code}/actions",
                                 {"type": "score", "seat": n, "points": 1, "idempotency_key": key}, token, conn=conn)
            except (OSError, http.client.HTTPException):
                unsure.append(key)          # sent, answer lost: it may or may not have been applied
                return
            assert status == 200, status
            acked.append(key)
            progress[n] += 1

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and min(progress[n] for n in range(WRITERS)) < 3:
        time.sleep(0.005)
    time.sleep(random.uniform(0, 0.05))
    live.kill()
    stop.set()
    for t in threads:
        t.join(timeout=20)
    assert not any(t.is_alive() for t in threads)


def check_storage(url):
    if url.startswith("sqlite:///"):
        con = sqlite3.connect(url[len("sqlite:///"):])
        try:
            assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        finally:
            con.close()
    else:
        with db.connection_context():
            rows = db.execute_sql('SELECT key, COUNT(*) FROM action WHERE key IS NOT NULL GROUP BY key HAVING COUNT(*) > 1')
            assert rows.fetchall() == []


def test_sigkill_during_writes_loses_no_acknowledged_action(app, tmp_path):
    url = database_url(tmp_path)
    assert SHARED_DATABASE or url.startswith("sqlite:///")
    live = LiveServer(url, str(tmp_path)).start()
    table = new_table(live.port, players=("Ann", "Ben", "Cat"))
    code, host = table["code"], table["host_token"]
    acked, unsure = [], []
    try:
        for cycle in range(CYCLES):
            before = len(acked)
            load_until_killed(live, code, host, acked, unsure, cycle)
            assert len(acked) > before, "the kill must land in the middle of a write load"
            check_storage(url)
            check_log(code, acked)             # everything acknowledged so far survived the kill
            live.start()
        # Retrying a request whose answer was lost is safe: the key applies it at most once.
        for key in unsure:
            seat = int(key.split("-w")[1].split("-")[0])
            status, answer = call(live.port, "POST", f"/api/tables/{code}/actions",
                                  {"type": "score", "seat": seat, "points": 1, "idempotency_key": key}, host)
            assert status == 200, answer
        status, _ = call(live.port, "POST", f"/api/tables/{code}/actions",
                         {"type": "score", "seat": 0, "points": 1, "idempotency_key": "after"}, host)
        assert status == 200
    finally:
        live.stop()
    check_storage(url)
    table_row, game_row, keys = check_log(code, acked + unsure + ["after"])
    assert set(keys) == set(acked + unsure + ["after"]), "nothing unacknowledged and unretried was logged"
    with db.connection_context():
        actions = store.log(game_row)
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    totals = sum(sum(r.values()) for r in game_row.state["rounds"])
    assert totals == len(actions) == len(keys)
    assert table_row.version >= len(actions)
