"""The dictionary JSON API: lists, verdicts, thesaurus, rulings, and bad input without 500s."""

import pytest


def test_lexicons_are_listed_with_counts(client):
    body = client.get("/api/lexicons").get_json()
    assert body["default"] == "standard"
    ids = [lex["id"] for lex in body["lexicons"]]
    assert ids[:5] == ["standard", "large", "junior", "american", "british"] and "own" in ids
    assert body["lexicons"][0]["word_count"] > 50_000


def test_a_common_word_is_valid_with_definitions(client):
    body = client.get("/api/words/desert?lexicon=standard").get_json()
    assert body["valid"] is True and body["lexicon"] == "standard"
    assert any(d["pos"] == "verb" and "abandon" in d["synonyms"] for d in body["definitions"])


def test_challenge_mode_leaves_out_the_definitions(client):
    body = client.get("/api/words/desert?definitions=0").get_json()
    assert body["valid"] is True and "definitions" not in body


def test_a_non_word_names_the_dictionary(client):
    body = client.get("/api/words/zyzzyva?lexicon=standard").get_json()
    assert body["valid"] is False and body["reason"] == "not in Standard game list"
    assert client.get("/api/words/zyzzyva?lexicon=large").get_json()["valid"] is True


def test_proper_nouns_need_the_flag(client):
    assert client.get("/api/words/Paris").get_json()["reason"] == "proper noun (Paris)"
    allowed = client.get("/api/words/Paris?proper_nouns=1").get_json()
    assert allowed["valid"] is True and allowed["proper_noun"] is True


def test_unknown_lexicon_is_a_400_with_the_choices(client):
    response = client.get("/api/words/cat?lexicon=klingon")
    assert response.status_code == 400
    assert "choose one of standard" in response.get_json()["message"]


@pytest.mark.parametrize("path, start", [
    ("/api/words/", "empty"), ("/api/words/%20%20", "empty"), ("/api/words/" + "a" * 10_000, "too long"),
    ("/api/words/1234", "contains digits"), ("/api/words/%F0%9F%98%80", "contains symbols or emoji"),
    ("/api/words/can%E2%80%99t", "contraction"), ("/api/words/x-ray", "hyphenated"),
])
def test_bad_words_get_a_clear_answer_not_a_500(client, path, start):
    response = client.get(path)
    assert response.status_code == 200
    body = response.get_json()
    assert body["valid"] is False and body["reason"].startswith(start)


def test_thesaurus_lists_antonyms(client):
    body = client.get("/api/thesaurus/hot").get_json()
    assert body["found"] and any("cold" in s["antonyms"] for s in body["senses"])
    assert client.get("/api/thesaurus/%F0%9F%98%80").get_json()["found"] is False


@pytest.mark.parametrize("key, candidate, ruling", [
    ("abandon", "desert", "synonym"), ("hot", "cold", "antonym"), ("hot", "table", "neither")])
def test_relation_rulings(client, key, candidate, ruling):
    body = client.get(f"/api/relation?key={key}&candidate={candidate}").get_json()
    assert body["relation"] == ruling and body["evidence"]


def test_relation_without_two_words_is_a_400(client):
    response = client.get("/api/relation?key=hot")
    assert response.status_code == 400 and "Give two words" in response.get_json()["message"]
