"""Two app server processes on one database, as behind a reverse proxy: phones on either agree.

The database is the shared PostgreSQL one when REFEREE_TEST_DATABASE_URL is set (the deployment
docs/OPERATIONS.md describes), else one SQLite file both processes open. Both servers share the
instance folder, so the signed session cookie of one is valid on the other (same secret key).
"""

import http.client
import threading

from helpers import database_url
from test_concurrency import LiveServer, call, check_log, new_table


def page_poll(port, code, version, seat_token):
    """The table page's own poll, with the phone's seat cookie: (status, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", f"/t/{code}/poll?v={version}", headers={"Cookie": f"seat_{code}={seat_token}",
                                                                    "HX-Request": "true"})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def test_a_phone_on_one_server_sees_actions_made_through_the_other(app, tmp_path):
    url = database_url(tmp_path)
    one = LiveServer(url, str(tmp_path), threads=4).start()
    two = LiveServer(url, str(tmp_path), threads=4).start()
    try:
        table = new_table(one.port, players=("Ann", "Ben", "Cat"))
        code = table["code"]
        ann, ben = table["seats"][0]["token"], table["seats"][1]["token"]
        version = table["version"]
        assert call(two.port, "GET", f"/api/tables/{code}/poll?v={version}", token=ben)[0] == 204
        assert page_poll(two.port, code, version, ben)[0] == 204

        status, _ = call(one.port, "POST", f"/api/tables/{code}/actions", {"type": "score", "points": 12}, ann)
        assert status == 200
        status, seen = call(two.port, "GET", f"/api/tables/{code}/poll?v={version}", token=ben)
        assert status == 200 and seen["version"] == version + 1
        assert seen["state"]["rounds"] == [{"0": 12}]
        status, region = page_poll(two.port, code, version, ben)
        assert status == 200 and f'data-version="{version + 1}"' in region

        status, _ = call(two.port, "POST", f"/api/tables/{code}/actions", {"type": "score", "points": 5}, ben)
        assert status == 200
        status, seen = call(one.port, "GET", f"/api/tables/{code}/poll?v={version + 1}", token=ann)
        assert status == 200 and seen["state"]["rounds"] == [{"0": 12, "1": 5}]
        assert page_poll(one.port, code, version + 2, ann)[0] == 204

        # Two phones on two servers tap at once with the same version: one wins, one is told stale.
        for round_ in range(3):
            now = call(one.port, "GET", f"/api/tables/{code}", token=ann)[1]["version"]
            answers, start = [], threading.Barrier(2)

            def tap(server, token, seat):
                start.wait()
                answers.append(call(server.port, "POST", f"/api/tables/{code}/actions",
                                    {"type": "score", "points": 1, "expected_version": now,
                                     "idempotency_key": f"{round_}-{seat}"}, token)[0])

            taps = [threading.Thread(target=tap, args=(one, ann, 0)), threading.Thread(target=tap, args=(two, ben, 1))]
            for t in taps:
                t.start()
            for t in taps:
                t.join(timeout=30)
            assert sorted(answers) == [200, 409], answers
    finally:
        one.stop()
        two.stop()
    check_log(code, [])
