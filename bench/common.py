"""Helpers shared by the benchmarks: start the server, keep-alive HTTP on loopback, percentiles."""

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_server(threads: int = 8):
    """A fresh server process on loopback with its own SQLite file; stopped afterwards."""
    port = free_port()
    folder = tempfile.mkdtemp(prefix="referee-bench-")
    env = {**os.environ, "PYTHONPATH": ROOT}
    proc = subprocess.Popen([sys.executable, os.path.join(ROOT, "bench", "_server.py"), str(port),
                             os.path.join(folder, "bench.sqlite3"), str(threads)], env=env)
    try:
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                Client(port).get("/api/time")
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


class Client:
    """One keep-alive connection, like one phone's browser."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def request(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        hdrs = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
        try:
            self.conn.request(method, path, body=data, headers=hdrs)
            response = self.conn.getresponse()
        except (http.client.HTTPException, OSError):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            self.conn.request(method, path, body=data, headers=hdrs)
            response = self.conn.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw and response.getheader("Content-Type", "").startswith("application/json") else raw)

    def get(self, path, headers=None):
        return self.request("GET", path, headers=headers)

    def post(self, path, body, headers=None):
        return self.request("POST", path, body=body, headers=headers)


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1)))))
    return ordered[k]


def new_table(client: Client, players=("Ann", "Ben", "Cat", "Dan")):
    status, table = client.post("/api/tables", {"game": "scorepad", "players": [{"name": p} for p in players]})
    assert status == 201, table
    return table
