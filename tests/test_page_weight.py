"""The first page a phone loads (joining a table) stays under 60 KB compressed, all assets included."""

import re

from helpers import join_link, open_table

GZIP = {"Accept-Encoding": "gzip"}


def weigh(client, path) -> int:
    response = client.get(path, headers=GZIP)
    assert response.status_code == 200, path
    return len(response.data)


def assets(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+|/t/[A-Z0-9]+/qr\.svg)"', html)


def test_the_table_page_with_all_its_assets_is_under_60_kb_compressed(client, another_phone):
    code = open_table(client)
    another_phone.get(join_link(code))
    another_phone.post(f"/j/{code}", data={"seat": 1})
    page = another_phone.get(f"/t/{code}").get_data(as_text=True)
    total = weigh(another_phone, f"/t/{code}") + sum(weigh(another_phone, a) for a in assets(page)
                                                     if not a.endswith((".png", "manifest.webmanifest")))
    assert any("htmx" in a for a in assets(page)) and any("referee.css" in a for a in assets(page))
    assert total < 60 * 1024, total


def test_text_is_sent_gzipped_when_the_phone_accepts_it(client):
    response = client.get("/static/vendor/htmx-2.0.11.min.js", headers=GZIP)
    assert response.headers["Content-Encoding"] == "gzip"
    plain = client.get("/static/vendor/htmx-2.0.11.min.js")
    assert "Content-Encoding" not in plain.headers and len(plain.data) > 3 * len(response.data)


def test_an_unchanged_poll_has_no_body(client):
    code = open_table(client)
    version = client.get(f"/api/tables/{code}").get_json()["version"]
    response = client.get(f"/t/{code}/poll?v={version}", headers=GZIP)
    assert response.status_code == 204 and response.data == b""
