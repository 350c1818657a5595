"""`referee serve`: a production server on all interfaces, its own database, an address and a QR code."""

import os
import socket
import subprocess
import sys
import time
import urllib.request

from referee import cli


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_prints_the_address_and_a_qr_code_and_answers(tmp_path):
    port = free_port()
    env = {**os.environ, "REFEREE_DATA": str(tmp_path), "REFEREE_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        lines = []
        deadline = time.time() + 30
        while time.time() < deadline and not any("Ctrl+C" in line for line in lines):
            lines.append(proc.stdout.readline())
        printed = "".join(lines)
        assert f"http://127.0.0.1:{port}/" in printed
        assert "█" in printed                                  # the QR code, drawn in blocks
        for _ in range(50):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    assert answer.status == 200 and answer.headers["Server"] == "referee"
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server never answered")
        assert (tmp_path / "referee.sqlite3").exists()            # created its own database
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_phones_are_told_the_lan_address_when_serving_on_all_interfaces(monkeypatch):
    monkeypatch.setattr(cli.share, "lan_address", lambda: "192.168.1.7")
    assert cli.address_for_phones("0.0.0.0", 8000, None) == "http://192.168.1.7:8000/"
    assert cli.address_for_phones("0.0.0.0", 8000, "http://referee.lan") == "http://referee.lan/"
