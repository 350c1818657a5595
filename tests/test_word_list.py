"""The table's own word list: upload limits, host only, and rulings that use it."""

import io

from referee import lookups, store
from referee.models import WordList

from helpers import HX, open_table, seat_phone


def upload(client, code, data: bytes, name="family.txt"):
    return client.post(f"/t/{code}/words", data={"file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data", headers=HX)


def test_the_host_uploads_a_plain_word_list_and_rulings_use_it(client):
    code = open_table(client)
    response = upload(client, code, b"zyzzyvaq\nfamilyword\n# a comment\n\n")
    assert response.status_code in (200, 303)
    saved = WordList.get()
    assert saved.count == 2 and saved.name == "family.txt"
    words = lookups.table_words(store.load(code))
    assert words == {"zyzzyvaq", "familyword"}
    verdict = lookups.fill({"v": {"word": "familyword"}}, {"lexicon": "own"}, store.load(code))["v"]
    assert verdict["valid"] is True


def test_a_binary_file_is_refused_with_a_clear_message_and_nothing_saved(client):
    code = open_table(client)
    response = upload(client, code, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    assert response.status_code == 400
    assert "text" in response.get_data(as_text=True).lower()
    assert WordList.select().count() == 0


def test_a_huge_upload_is_refused(client):
    code = open_table(client)
    response = upload(client, code, b"word\n" * 700_000)
    assert response.status_code in (400, 413)
    assert WordList.select().count() == 0


def test_only_the_host_uploads(client, another_phone):
    code = open_table(client)
    seat_phone(another_phone, code, 1)
    response = upload(another_phone, code, b"hello\n")
    assert response.status_code == 403
    assert WordList.select().count() == 0


def test_ordinary_requests_may_not_be_large(client):
    code = open_table(client)
    response = client.post(f"/t/{code}/act", data={"type": "score", "seat": "0", "points": "1", "junk": "x" * 400_000},
                           headers=HX)
    assert response.status_code == 413
