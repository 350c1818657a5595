"""Helpers for web tests: open a table through the pages, find its QR secret and version."""

import os
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
