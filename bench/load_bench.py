"""Load generator on loopback: how many phones one server carries, and what a phone downloads.

    python bench/load_bench.py [--step-seconds 8] [--max-phones 640] [--actions-per-second 10]
                               [--phones-per-table 4] [--threads 8] [--target-ms 50]

What it simulates (one asyncio process, one keep-alive connection per phone, like a browser):

* N phones seated at N / 4 score-pad tables. Every phone polls the table page's own poll
  (`GET /t/<code>/poll?v=<version>`, seat cookie, `HX-Request`) every 2 s, starting at a random
  moment. An unchanged table answers 204; a changed one the live region, whose `data-version`
  the phone keeps, as htmx does.
* 10 actions per second in all, spread at random over the tables: a random seated phone posts
  the score form (`POST /t/<code>/act`, its cookie, our Origin, an idempotency key), on its own
  second connection, and gets the live region back.

It runs steps with growing N (doubling, then bisecting once past the limit) and reports the
largest N whose p95 poll latency stays under --target-ms with no errors (any status other than
200/204, or a failed connection). Each step is bounded in time; the whole run is bounded in steps.

It also reports, from the same server process and settings:
* the unchanged poll's requests per second against a bare Flask route returning 204 (ratio);
* the p95 time from an action's acknowledgement until the *other* phones of its table have it;
* the first page weight: HTML + CSS + JS + htmx of a table page, raw and gzip-compressed (both
  `gzip -6` of each file and the bytes the server actually sends with `Accept-Encoding: gzip`);
* the unchanged poll's response size in bytes (status line + headers + body, as on the wire).

The server is the app under waitress (as `referee serve` runs it) on a fresh SQLite file, in a
child process; the load generator shares the machine's CPUs with it, so the figures are
conservative. Rate limits on opening tables are lifted for the run (the bench opens many).
Traffic goes to 127.0.0.1 only.
"""

import argparse
import asyncio
import gzip
import http.client
import os
import random
import re
import secrets
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Client, percentile, running_server  # noqa: E402
from poll_bench import hammer  # noqa: E402

POLL_EVERY = 2.0
VERSION = re.compile(rb'data-version="(\d+)"')


# --- a minimal keep-alive HTTP/1.1 client for asyncio ---------------------------------------

class Conn:
    def __init__(self, port: int):
        self.port, self.reader, self.writer = port, None, None
        self.lock = asyncio.Lock()          # one request at a time on a connection, as HTTP/1.1 wants

    async def request(self, method: str, path: str, headers: dict, body: bytes = b""):
        """(status, body, bytes received on the wire)."""
        async with self.lock:
            return await self._request(method, path, headers, body)

    async def _request(self, method, path, headers, body):
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
                lines += [f"{k}: {v}" for k, v in headers.items()]
                if body:
                    lines.append(f"Content-Length: {len(body)}")
                self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
                head = await self.reader.readuntil(b"\r\n\r\n")
                status = int(head.split(b" ", 2)[1])
                fields = {k.strip().lower(): v.strip() for k, _, v in
                          (line.partition(b":") for line in head.split(b"\r\n")[1:] if line)}
                data = await self.reader.readexactly(int(fields.get(b"content-length", b"0")))
                if fields.get(b"connection", b"").lower() == b"close":
                    self.close()
                return status, data, len(head) + len(data)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# --- the simulated table --------------------------------------------------------------------

class Phone:
    def __init__(self, port, table, seat):
        self.port, self.code, self.seat = port, table["code"], seat
        self.cookie = f"seat_{table['code']}={table['seats'][seat]['token']}"
        self.version = table["version"]
        self.poll_conn, self.act_conn = Conn(port), Conn(port)


class Step:
    """One load level: N phones polling, actions at a fixed total rate; the figures it saw."""

    def __init__(self, port, tables, phones_per_table, n_phones, rate, seconds):
        self.port, self.rate, self.seconds = port, rate, seconds
        self.phones = [Phone(port, tables[i // phones_per_table], i % phones_per_table) for i in range(n_phones)]
        self.by_table = {}
        for phone in self.phones:
            self.by_table.setdefault(phone.code, []).append(phone)
        self.acked = {code: {} for code in self.by_table}   # code -> version -> (time acknowledged, actor)
        self.polls, self.actions, self.delays, self.errors = [], [], [], []
        self.measuring = False

    async def poll_loop(self, phone, stop_at):
        await asyncio.sleep(random.random() * POLL_EVERY)
        next_at = time.perf_counter()
        while next_at < stop_at:
            started = time.perf_counter()
            try:
                status, body, _ = await phone.poll_conn.request(
                    "GET", f"/t/{phone.code}/poll?v={phone.version}",
                    {"Cookie": phone.cookie, "HX-Request": "true"})
            except Exception as error:          # noqa: BLE001 - every failure is an error of the step
                self.errors.append(repr(error))
                status, body = None, b""
            seen_at = time.perf_counter()
            if self.measuring:
                self.polls.append(seen_at - started)
            if status == 200:
                self.saw(phone, body, seen_at)
            elif status not in (204, None):
                self.errors.append(f"poll {status}")
            next_at += POLL_EVERY
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        phone.poll_conn.close()

    def saw(self, phone, body, seen_at):
        match = VERSION.search(body)
        if not match:
            self.errors.append("poll 200 without a version")
            return
        new = int(match.group(1))
        for version in range(phone.version + 1, new + 1):
            ack = self.acked[phone.code].get(version)
            if ack and ack[1] is not phone and self.measuring:
                self.delays.append(max(0.0, seen_at - ack[0]))
        phone.version = max(phone.version, new)

    async def act(self, phone):
        form = f"type=score&points=1&key={secrets.token_hex(6)}".encode()
        started = time.perf_counter()
        try:
            status, body, _ = await phone.act_conn.request(
                "POST", f"/t/{phone.code}/act",
                {"Cookie": phone.cookie, "HX-Request": "true", "Origin": f"http://127.0.0.1:{self.port}",
                 "Content-Type": "application/x-www-form-urlencoded"}, form)
        except Exception as error:              # noqa: BLE001
            self.errors.append(repr(error))
            return
        done = time.perf_counter()
        if status != 200:
            self.errors.append(f"action {status}")
            return
        if self.measuring:
            self.actions.append(done - started)
        match = VERSION.search(body)
        if match:
            new = int(match.group(1))
            known = self.acked[phone.code]
            for version in range(phone.version + 1, new + 1):
                known.setdefault(version, (done, phone if version == new else None))
            phone.version = max(phone.version, new)

    async def action_loop(self, stop_at):
        tasks = []
        codes = list(self.by_table)
        next_at = time.perf_counter()
        while next_at < stop_at:
            next_at += random.expovariate(self.rate)
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            phone = random.choice(self.by_table[random.choice(codes)])
            tasks.append(asyncio.ensure_future(self.act(phone)))
        await asyncio.gather(*tasks)

    async def run(self, warmup=2.0):
        stop_at = time.perf_counter() + warmup + self.seconds
        loops = [self.poll_loop(p, stop_at) for p in self.phones] + [self.action_loop(stop_at)]

        async def start_measuring():
            await asyncio.sleep(warmup)
            self.measuring = True

        await asyncio.gather(start_measuring(), *loops)
        for phone in self.phones:
            phone.act_conn.close()
        return self


def open_tables(port, count, players):
    client = Client(port)
    names = [f"P{i}" for i in range(players)]
    tables = []
    for _ in range(count):
        status, table = client.post("/api/tables", {"game": "scorepad", "players": [{"name": n} for n in names]})
        assert status == 201, table
        tables.append(table)
    return tables


def run_step(port, tables, args, n):
    step = Step(port, tables, args.phones_per_table, n, args.actions_per_second, args.step_seconds)
    asyncio.run(step.run())
    p95 = percentile(step.polls, 95) * 1000 if step.polls else float("nan")
    ok = not step.errors and p95 < args.target_ms
    print(f"  N={n:5d} phones: {len(step.polls):6d} polls, p50 {percentile(step.polls, 50) * 1000:6.1f} ms, "
          f"p95 {p95:6.1f} ms; {len(step.actions):4d} actions, p95 {percentile(step.actions, 95) * 1000:6.1f} ms; "
          f"seen by others p95 {percentile(step.delays, 95) * 1000:6.0f} ms; errors {len(step.errors)}"
          f"{' (' + step.errors[0] + ')' if step.errors else ''} -> {'ok' if ok else 'over'} "
          f"[load {os.getloadavg()[0]:.1f}]", flush=True)
    return ok, step


def find_capacity(port, args):
    """Doubling steps, then one or two bisections between the last good N and the first bad one."""
    per = args.phones_per_table
    tables = []

    def ensure(n):
        needed = -(-n // per)
        if needed > len(tables):
            tables.extend(open_tables(port, needed - len(tables), per))

    good, bad, steps, n = None, None, [], args.start
    while n <= args.max_phones and len(steps) < args.max_steps:
        ensure(n)
        ok, step = run_step(port, tables, args, n)
        steps.append((n, ok, step))
        if not ok:
            bad = n
            break
        good = n
        n *= 2
    while good is None and n > 5 and len(steps) < args.max_steps:     # even the first step was over: go down
        n //= 2
        ensure(n)
        ok, step = run_step(port, tables, args, n)
        steps.append((n, ok, step))
        good, bad = (n, bad) if ok else (None, n)
    for _ in range(2):
        if good is None or bad is None or bad - good <= max(8, good // 8) or len(steps) >= args.max_steps:
            break
        n = (good + bad) // 2
        ensure(n)
        ok, step = run_step(port, tables, args, n)
        steps.append((n, ok, step))
        good, bad = (n, bad) if ok else (good, n)
    return good, bad, steps, tables


# --- the single figures ---------------------------------------------------------------------

def page_weight(port, table):
    """HTML + CSS + JS + htmx of a table page, as a seated phone first loads it."""
    cookie = {"Cookie": f"seat_{table['code']}={table['seats'][0]['token']}"}
    client = Client(port)
    status, html = client.get(f"/t/{table['code']}", headers=cookie)
    assert status == 200, status
    assets = re.findall(rb'<link rel="stylesheet" href="([^"]+)"', html) + re.findall(rb'<script src="([^"]+)"', html)
    files = [(f"/t/{table['code']}", html)]
    for path in assets:
        status, data = client.get(path.decode())
        assert status == 200, (path, status)
        files.append((path.decode(), data))
    raw = sum(len(data) for _, data in files)
    packed = sum(len(gzip.compress(data, compresslevel=6)) for _, data in files)
    served = 0
    for path, _ in files:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path, headers={**cookie, "Accept-Encoding": "gzip"})
        served += len(conn.getresponse().read())
        conn.close()
    return files, raw, packed, served


async def unchanged_poll_size(port, table):
    conn = Conn(port)
    version = Client(port).get(f"/api/tables/{table['code']}")[1]["version"]
    path = f"/t/{table['code']}/poll?v={version}"
    cookie = f"seat_{table['code']}={table['seats'][0]['token']}"
    status, body, wire = await conn.request("GET", path, {"Cookie": cookie, "HX-Request": "true"})
    conn.close()
    request_bytes = len(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\nHX-Request: true\r\n\r\n")
    return status, wire, len(body), request_bytes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step-seconds", type=float, default=8)
    parser.add_argument("--start", type=int, default=40)
    parser.add_argument("--max-phones", type=int, default=1280)
    parser.add_argument("--max-steps", type=int, default=8)
    parser.add_argument("--actions-per-second", type=float, default=10)
    parser.add_argument("--phones-per-table", type=int, default=4)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--target-ms", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=3, help="length of each throughput run")
    args = parser.parse_args()
    random.seed(1)
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; waitress threads {args.threads}; "
          f"phones poll every {POLL_EVERY:.0f} s; {args.actions_per_second:g} actions/s in all")
    with running_server(args.threads) as port:
        good, bad, steps, tables = find_capacity(port, args)
        table = tables[0]
        files, raw, packed, served = page_weight(port, table)
        status, wire, body, request_bytes = asyncio.run(unchanged_poll_size(port, tables[-1]))
        # Same server, same settings, alternated twice: the unchanged poll against the bare route.
        _, fresh = Client(port).get(f"/api/tables/{table['code']}")
        poll_path = f"/t/{table['code']}/poll?v={fresh['version']}"
        assert Client(port).get(poll_path)[0] == 204
        runs = {"bare": [], "poll": []}
        for _ in range(2):
            runs["bare"].append(hammer(port, "/bench/bare", args.seconds, 8))
            runs["poll"].append(hammer(port, poll_path, args.seconds, 8))
    bare_rps, poll_rps = (sum(v) / len(v) for v in (runs["bare"], runs["poll"]))
    best = next((s for n, ok, s in steps if n == good), None)
    print()
    if good is None:
        print(f"largest N with p95 poll < {args.target_ms:g} ms and no errors: none (even N={args.start} failed)")
    else:
        limit = f"(N={bad} was over)" if bad else f"(the largest tried; --max-phones {args.max_phones})"
        print(f"largest N with p95 poll < {args.target_ms:g} ms and no errors: {good} phones {limit}")
        print(f"  at N={good}: poll p95 {percentile(best.polls, 95) * 1000:.1f} ms, "
              f"action p95 {percentile(best.actions, 95) * 1000:.1f} ms, "
              f"action -> other phones of the table p95 {percentile(best.delays, 95) * 1000:.0f} ms "
              f"(p50 {percentile(best.delays, 50) * 1000:.0f} ms; polling every {POLL_EVERY:.0f} s bounds it near 2 s)")
    print(f"unchanged poll (204): {poll_rps:8.0f} req/s; bare Flask 204: {bare_rps:8.0f} req/s; "
          f"ratio {poll_rps / bare_rps:.2f}")
    print(f"first page weight (HTML + CSS + JS + htmx, {len(files)} files): {raw:,} B raw, "
          f"{packed:,} B gzip -6, {served:,} B as served with Accept-Encoding: gzip")
    for path, data in files:
        print(f"    {path:40s} {len(data):8,} B raw {len(gzip.compress(data, compresslevel=6)):8,} B gzip")
    print(f"unchanged poll: status {status}, {wire} B response on the wire ({body} B body), "
          f"{request_bytes} B request")


if __name__ == "__main__":
    main()
