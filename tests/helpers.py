"""Helpers for web tests: open a table through the pages, find its QR secret and version."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from referee.db import db
from referee.models import MODELS, Table

HX = {"HX-Request": "true"}

# Set to a postgresql:// URL to run the whole suite on PostgreSQL (.ci/run does both).
SHARED_DATABASE = os.environ.get("REFEREE_TEST_DATABASE_URL")


def database_url(tmp_path) -> str:
    return SHARED_DATABASE or f"sqlite:///{tmp_path / 'test.sqlite3'}"


def fresh_schema():
    """A shared database starts every test empty; a SQLite file is new anyway."""
    if SHARED_DATABASE:
        with db.connection_context():
            db.drop_tables(MODELS, safe=True, cascade=True)
            db.create_tables(MODELS)


def open_table(client, names=("Ann", "Ben", "Cat"), slug="scorepad", **options):
    """Open a table from the new-table form; the client becomes its host. Returns the code."""
    from referee import games

    # A browser sends the boxes that start ticked; tests pass "off" to untick one.
    form = {name: "on" for name, opt in games.module(slug).OPTIONS.items() if opt.type == "bool" and opt.default}
    form.update({f"name{i}": name for i, name in enumerate(names)})
    form.update(options)
    form = {k: v for k, v in form.items() if v != "off"}
    response = client.post(f"/new/{slug}", data=form)
    assert response.status_code == 303, response.data
    return response.headers["Location"].rsplit("/", 1)[-1]


def join_link(code):
    """The path the table's QR code encodes."""
    return f"/j/{code}?k={Table.get(Table.code == code).join_key}"


def seat_phone(client, code, seat):
    """A phone scans the QR code and takes a seat."""
    assert client.get(join_link(code)).status_code == 200
    response = client.post(f"/j/{code}", data={"seat": seat})
    assert response.status_code == 303, response.data
    return client


def board_of(html: str, slug: str) -> str:
    """The game's own region of a table page (without the platform's standings, timer and log)."""
    start = html.index(f'<section class="board {slug}')
    return html[start:html.index('<section class="scores"', start)]


def final_board(html: str, slug: str) -> str:
    """The board of a finished game: still shown (the final picture), with nothing left to tap."""
    board = board_of(html, slug)
    assert "/act" not in board, "a finished game's board must offer no actions"
    return board


def version(client, code):
    return client.get(f"/api/tables/{code}").get_json()["version"]


def act(client, code, **fields):
    return client.post(f"/t/{code}/act", data=fields, headers=HX)


# --- end-to-end tests -------------------------------------------------------------------

SHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def decode_qr(png_path: str) -> str:
    """Read a QR code from a picture the way a phone camera would (zbarimg, Debian's zbar-tools)."""
    if shutil.which("zbarimg") is None:
        pytest.fail("zbarimg is needed to read QR codes: apt-get install zbar-tools")
    out = subprocess.run(["zbarimg", "--quiet", "--raw", png_path], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def open_in_browser(page, base, title, players, options=None):
    """Open a table from the home page as a host does: the game, the names (with teams), options.

    `players` are names, or (name, team) pairs. Returns the table code."""
    page.goto(base + "/")
    page.get_by_role("link", name=re.compile(title)).click()
    for i, player in enumerate(players):
        name, team = (player, None) if isinstance(player, str) else player
        page.fill(f"input[name=name{i}]", name)
        if team:
            page.fill(f"input[name=team{i}]", team)
    if options:
        page.locator("details.options summary").click()
        for name, value in options.items():
            page.fill(f"[name={name}]", str(value))
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    return page.url.rsplit("/", 1)[-1]


def join_seat(page, url, name, code):
    """A phone opens the join link from the QR code and takes the named seat."""
    page.goto(url)
    page.get_by_role("button", name=name).click()
    page.wait_for_url(re.compile(f"/t/{code}$"))
    assert name in page.locator(".who").inner_text()      # "You are Ben" (or "Host · acting for Ann")
