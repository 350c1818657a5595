"""Polling cost and live-update delay, measured in one run against one server.

    python bench/poll_bench.py [--seconds 5] [--connections 8] [--actions 20]

Prints:
  * requests per second of the unchanged poll (204) and of a bare Flask route returning 204,
    on the same server process, alternated twice, and their ratio;
  * the p50/p95 delay from an action sent by one client until a second client, polling
    every 2 s like the table page does, sees the new version.
Traffic goes to 127.0.0.1 only; every loop is bounded in count and time.
"""

import argparse
import os
import random
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Client, new_table, percentile, running_server  # noqa: E402


def hammer(port: int, path: str, seconds: float, connections: int) -> float:
    """Requests per second over `connections` keep-alive clients for `seconds`."""
    counts = [0] * connections
    stop = time.perf_counter() + seconds

    def worker(i):
        client = Client(port)
        while time.perf_counter() < stop:
            status, _ = client.get(path)
            assert status in (200, 204), status
            counts[i] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - started)


def update_delays(port: int, table: dict, actions: int, poll_every: float = 2.0) -> list[float]:
    """Seconds from an action's acknowledgement until a polling phone has the new version."""
    code, token = table["code"], table["host_token"]
    actor, watcher = Client(port), Client(port)
    version = table["version"]
    delays = []
    next_poll = time.perf_counter() + random.random() * poll_every
    for i in range(actions):
        status, answer = actor.post(f"/api/tables/{code}/actions", {"type": "score", "seat": i % 4, "points": i},
                                    headers={"Authorization": f"Bearer {token}"})
        assert status == 200, answer
        acknowledged = time.perf_counter()
        while True:                                  # the watcher keeps its own 2 s rhythm
            time.sleep(max(0.0, next_poll - time.perf_counter()))
            next_poll += poll_every
            status, seen = watcher.get(f"/api/tables/{code}/poll?v={version}")
            if status == 200:
                delays.append(time.perf_counter() - acknowledged)
                version = seen["version"]
                break
        time.sleep(random.random() * poll_every)     # actions come at random moments
    return delays


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--actions", type=int, default=20)
    args = parser.parse_args()
    with running_server() as port:
        setup = Client(port)
        table = new_table(setup)
        poll_path = f"/t/{table['code']}/poll?v={table['version']}"
        status, _ = setup.get(poll_path)
        assert status == 204, status
        results = {"bare": [], "poll": []}
        for _ in range(2):                           # alternate to share any drift fairly
            results["bare"].append(hammer(port, "/bench/bare", args.seconds, args.connections))
            results["poll"].append(hammer(port, poll_path, args.seconds, args.connections))
        bare, poll = (sum(v) / len(v) for v in (results["bare"], results["poll"]))
        delays = update_delays(port, table, args.actions)
    print(f"unchanged poll (204):      {poll:8.0f} req/s")
    print(f"bare Flask route (204):    {bare:8.0f} req/s")
    print(f"ratio poll / bare:         {poll / bare:8.2f}")
    print(f"action -> other phone sees it (polling every 2 s), {len(delays)} actions: "
          f"p50 {percentile(delays, 50) * 1000:.0f} ms, p95 {percentile(delays, 95) * 1000:.0f} ms, "
          f"max {max(delays) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
