"""Phones tapping at the same moment, against a real server (waitress in its own process, loopback).

* many simultaneous actions from threads and from other processes: every acknowledged action is
  in the log exactly once, and the snapshot equals the replay of the log;
* several phones sending the same `expected_version`: exactly one wins, the others get 409 stale;
* the same idempotency key from several threads (a double tap, a retry): applied once, and every
  sender gets the same answer.

The server uses the test's database (`database_url`): a SQLite file, or the shared PostgreSQL
database when REFEREE_TEST_DATABASE_URL is set. `LiveServer` and `call` are reused by
test_crash.py and test_two_servers.py.
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter

import pytest

from helpers import database_url
from referee import store
from referee.db import db

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SERVE = """
import sys
from waitress import serve
from referee import create_app
app = create_app({"TABLES_PER_HOUR": 100000, "WRONG_CODES_PER_10_MIN": 100000})
serve(app, host="127.0.0.1", port=int(sys.argv[1]), threads=int(sys.argv[2]), _quiet=True)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`referee` under waitress in a child process, on one database; start, kill -9, restart."""

    def __init__(self, url: str, data_dir: str, threads: int = 8):
        self.url, self.data_dir, self.threads = url, data_dir, threads
        self.port, self.proc = None, None

    def start(self, timeout: float = 20):
        self.port = free_port()
        env = {**os.environ, "DATABASE_URL": self.url, "REFEREE_DATA": self.data_dir,
               "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.proc = subprocess.Popen([sys.executable, "-c", SERVE, str(self.port), str(self.threads)],
                                     env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the server did not start: " + self.proc.stderr.read().decode()[-2000:])
            try:
                if call(self.port, "GET", "/api/time", timeout=2)[0] == 200:
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer in time")

    def kill(self):
        """SIGKILL: no cleanup, no flush, like a power cut for the process."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def call(port, method, path, body=None, token=None, timeout=15, conn=None):
    """One HTTP request on loopback; returns (status, parsed JSON or None)."""
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        data = response.read()
    finally:
        if own:
            conn.close()
    try:
        return response.status, json.loads(data) if data else None
    except ValueError:
        return response.status, None


@pytest.fixture
def server(app, tmp_path):
    """A live server on the test's (already reset) database."""
    live = LiveServer(database_url(tmp_path), str(tmp_path)).start()
    yield live
    live.stop()


def new_table(port, players=("Ann", "Ben", "Cat", "Dan")):
    status, table = call(port, "POST", "/api/tables", {"game": "scorepad", "players": [{"name": p} for p in players]})
    assert status == 201, table
    return table


def check_log(code, acknowledged):
    """Every acknowledged key is in the log exactly once; the snapshot equals the replay."""
    with db.connection_context():
        table = store.load(code)
        game_row = store.current_game(table)
        keys = Counter(a.key for a in store.log(game_row))
        missing = [k for k in acknowledged if keys[k] != 1]
        assert not missing, f"acknowledged but not in the log exactly once: {missing[:5]}"
        assert game_row.state == store.replay(game_row), "snapshot differs from the replay of the log"
        return table, game_row, keys


# A phone in another process: sends `count` score actions, prints the keys the server acknowledged.
PHONE = """
import http.client, json, sys
port, code, token, prefix, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
acked = []
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
for i in range(count):
    key = f"{prefix}-{i}"
    body = json.dumps({"type": "score", "seat": i % 4, "points": 1, "idempotency_key": key})
    conn.request("POST", f"/api/tables/{code}/actions", body=body,
                 headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
    response = conn.getresponse()
    response.read()
    if response.status == 200:
        acked.append(key)
print(json.dumps(acked))
"""


def test_simultaneous_actions_from_threads_and_processes_are_each_logged_once(server):
    table = new_table(server.port)
    code, host = table["code"], table["host_token"]
    seat_tokens = [s["token"] for s in table["seats"]]
    env = {**os.environ, "PYTHONPATH": ROOT}
    processes = [subprocess.Popen([sys.executable, "-c", PHONE, str(server.port), code, host, f"proc{n}", "15"],
                                  env=env, stdout=subprocess.PIPE, text=True) for n in range(2)]
    acknowledged, statuses, lock = [], Counter(), threading.Lock()
    start = threading.Barrier(6)

    def phone(n):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
        start.wait()
        for i in range(15):
            key = f"thread{n}-{i}"
            if n < 4:      # a seated phone acts for itself
                body, token = {"type": "score", "points": 1, "idempotency_key": key}, seat_tokens[n]
            else:          # the host acts for anyone
                body, token = {"type": "score", "seat": i % 4, "points": 1, "idempotency_key": key}, host
            status, _ = call(server.port, "POST", f"/api/tables/{code}/actions", body, token, conn=conn)
            with lock:
                statuses[status] += 1
                if status == 200:
                    acknowledged.append(key)
        conn.close()

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    for p in processes:
        out, _ = p.communicate(timeout=60)
        acknowledged += json.loads(out)
    assert statuses == Counter({200: 90}), statuses
    assert len(acknowledged) == 90 + 30
    _, game_row, keys = check_log(code, acknowledged)
    assert sum(keys.values()) == len(acknowledged), "the log holds only acknowledged actions"
    totals = {key: sum(r.get(key, 0) for r in game_row.state["rounds"]) for key in "0123"}
    assert sum(totals.values()) == len(acknowledged)
    with db.connection_context():
        seqs = [a.seq for a in store.log(store.current_game(store.load(code)))]
    assert seqs == list(range(1, len(acknowledged) + 1)), "sequence numbers have no gaps or repeats"


def test_racing_expected_versions_one_wins_the_others_are_told_stale(server):
    table = new_table(server.port)
    code, host = table["code"], table["host_token"]
    for round_ in range(4):
        status, now = call(server.port, "GET", f"/api/tables/{code}", token=host)
        version = now["version"]
        answers, start = [], threading.Barrier(6)

        def phone(n):
            start.wait()
            answers.append(call(server.port, "POST", f"/api/tables/{code}/actions",
                                {"type": "score", "seat": n % 4, "points": 1, "expected_version": version,
                                 "idempotency_key": f"r{round_}-{n}"}, host))

        threads = [threading.Thread(target=phone, args=(n,)) for n in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        statuses = sorted(status for status, _ in answers)
        assert statuses == [200] + [409] * 5, statuses
        assert all(body["error"] == "stale" for status, body in answers if status == 409)
        winner = next(body for status, body in answers if status == 200)
        assert winner["version"] == version + 1
    check_log(code, [])
    with db.connection_context():
        assert len(store.log(store.current_game(store.load(code)))) == 4


def test_the_same_idempotency_key_from_several_threads_applies_once_with_one_answer(server):
    table = new_table(server.port)
    code, host = table["code"], table["host_token"]
    for attempt in range(3):
        answers, start = [], threading.Barrier(6)
        key = f"double-tap-{attempt}"

        def phone():
            start.wait()
            answers.append(call(server.port, "POST", f"/api/tables/{code}/actions",
                                {"type": "score", "seat": 1, "points": 7, "idempotency_key": key}, host))

        threads = [threading.Thread(target=phone) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert [status for status, _ in answers] == [200] * 6
        assert sum(not body["repeated"] for _, body in answers) == 1
        same = {json.dumps({k: body[k] for k in ("version", "state", "log")}, sort_keys=True) for _, body in answers}
        assert len(same) == 1, "every sender of the key gets the same answer"
        _, game_row, keys = check_log(code, [key])
        assert keys[key] == 1
    assert [r.get("1") for r in game_row.state["rounds"]] == [7, 7, 7]
