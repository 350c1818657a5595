"""The "Check a word" page: verdicts, evidence on a tap, synonym/antonym rulings, bad input."""

import re

import pytest

from helpers import HX, join_link
from referee import store
from referee.models import Game, Table, WordList


def page(client, **query):
    response = client.get("/check", query_string=query)
    assert response.status_code < 500
    return response, response.get_data(as_text=True)


def open_table(names=("Ann", "Ben"), slug="scorepad", **options):
    """A table opened straight through the store (the pages' own form is tested elsewhere)."""
    table, _, _ = store.create_table(slug, [{"name": name} for name in names], options)
    return table.code


def verdict_of(html):
    found = re.search(r'data-verdict="([a-z-]+)"', html)
    return found.group(1) if found else None


def relation_of(html):
    found = re.search(r'data-relation="([a-z]+)"', html)
    return found.group(1) if found else None


def test_the_empty_page_has_both_forms_and_no_verdict(client):
    response, html = page(client)
    assert response.status_code == 200
    assert 'name="word"' in html and 'name="key"' in html and 'name="candidate"' in html
    assert verdict_of(html) is None and relation_of(html) is None
    assert 'href="/static/check.css' in html
    assert "Back to the table" not in html


def test_a_common_word_is_valid(client):
    response, html = page(client, word="quiz")
    assert response.status_code == 200
    assert verdict_of(html) == "valid" and "VALID" in html
    assert "In Standard game list." in html


def test_a_non_word_is_not_in_the_chosen_dictionary(client):
    _, html = page(client, word="zyzzyva", lexicon="standard")
    assert verdict_of(html) == "invalid"
    assert re.search(r"NOT IN <span class=\"list-name\">Standard game list</span>", html)
    assert "It is in: Large list (obscure words)." in html
    _, html = page(client, word="zyzzyva", lexicon="large")
    assert verdict_of(html) == "valid"


def test_a_proper_noun_is_refused_with_its_reason(client):
    _, html = page(client, word="Paris")
    assert verdict_of(html) == "invalid"
    assert "Proper noun (Paris): names are not allowed." in html
    _, html = page(client, word="Paris", proper_nouns="1")
    assert verdict_of(html) == "valid" and "Proper noun (Paris), allowed here." in html


@pytest.mark.parametrize("word, reason", [
    ("NASA", "Abbreviation"), ("don't", "Contraction"), ("well-known", "Hyphenated"), ("dog's", "Possessive")])
def test_each_refusal_names_its_reason(client, word, reason):
    _, html = page(client, word=word)
    assert verdict_of(html) == "invalid"
    assert f'<p class="why">{reason}' in html


def test_open_mode_sends_the_definitions_behind_a_tap(client):
    _, html = page(client, word="desert", mode="open")
    assert '<details class="evidence">' in html
    assert "leave someone who needs or counts on you" in html
    assert re.search(r'<span class="chip">abandon</span>', html)
    assert '<span class="pos">verb</span>' in html


def test_challenge_mode_hides_the_definitions_until_asked(client):
    _, html = page(client, word="desert", mode="challenge")
    assert verdict_of(html) == "valid"
    assert "Show definitions" in html
    assert "leave someone who needs or counts on you" not in html and "abandon" not in html
    reveal = re.search(r'<a class="button wide reveal" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert "show=1" in reveal and "mode=challenge" in reveal
    response = client.get(reveal)
    revealed = response.get_data(as_text=True)
    assert response.status_code == 200 and verdict_of(revealed) == "valid"
    assert "leave someone who needs or counts on you" in revealed and "abandon" in revealed
    assert "Show definitions" not in revealed


def test_htmx_gets_only_the_result_region(client):
    response = client.get("/check?word=quiz", headers={**HX, "HX-Target": "check-result"})
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="check-result"') and "<html" not in html
    assert verdict_of(html) == "valid"
    assert response.headers["Vary"] == "HX-Request"
    response = client.get("/check?key=hot&candidate=cold", headers={**HX, "HX-Target": "relation-result"})
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="relation-result"') and relation_of(html) == "antonym"


def test_abandon_and_desert_are_synonyms_with_the_shared_sense(client):
    _, html = page(client, key="abandon", candidate="desert")
    assert relation_of(html) == "synonym"
    assert "leave someone who needs or counts on you" in html
    assert "Indirect" not in html


def test_hot_and_cold_are_direct_antonyms(client):
    _, html = page(client, key="hot", candidate="cold")
    assert relation_of(html) == "antonym"
    assert "direct antonym of" in html and "Indirect antonym" not in html


def test_hot_and_frigid_are_indirect_antonyms_via_similar_adjectives(client):
    _, html = page(client, key="hot", candidate="frigid")
    assert relation_of(html) == "antonym"
    assert '<p class="how">Indirect antonym via similar adjectives</p>' in html


def test_hot_and_table_are_neither(client):
    _, html = page(client, key="hot", candidate="table")
    assert relation_of(html) == "neither"
    assert "links none of them" in html


@pytest.mark.parametrize("word, message", [
    ("", "empty: type a word"), ("   ", "empty: type a word"),
    ("a" * 10_000, "too long"), ("abc123", "contains digits"), ("\U0001F600", "symbols or emoji"),
    ("<script>", "symbols or emoji")])
def test_bad_words_get_a_clear_message_and_no_verdict(client, word, message):
    response, html = page(client, word=word)
    assert response.status_code == 200
    assert verdict_of(html) == "bad-input" and message in html
    assert "<script>" not in html.split("</header>", 1)[1]
    assert len(html) < 20_000


def test_an_unknown_dictionary_is_refused_with_the_choices(client):
    response, html = page(client, word="cat", lexicon="klingon" * 2000)
    assert response.status_code == 400
    assert "There is no dictionary called" in html and "Standard game list" in html
    assert verdict_of(html) is None and len(html) < 20_000


def test_bad_relation_input_gets_a_clear_message(client):
    _, html = page(client, key="hot", candidate="")
    assert "Type two words" in html and relation_of(html) is None
    _, html = page(client, key="h0t", candidate="cold")
    assert "cannot be looked up: contains digits" in html and relation_of(html) is None
    _, html = page(client, key="hot", candidate="\U0001F525" * 5000)
    assert "cannot be looked up" in html and relation_of(html) is None


def test_an_unknown_table_is_said_and_the_check_still_works(client):
    response, html = page(client, table="NOPE99", word="quiz")
    assert response.status_code == 200
    assert "There is no table" in html and verdict_of(html) == "valid"
    assert "Back to the table" not in html


def test_from_a_table_the_page_links_back_and_uses_the_games_dictionary(client):
    code = open_table()
    assert client.get(join_link(code)).status_code == 200      # the phone scanned the QR code
    table_page = client.get(f"/t/{code}").get_data(as_text=True)
    assert f'href="/check?table={code}"' in table_page
    game = Game.get(Game.table == Table.get(Table.code == code))
    game.options = {**game.options, "lexicon": "large"}
    game.save()
    response, html = page(client, table=code, word="zyzzyva")
    assert f'href="/t/{code}"' in html and "Back to the table" in html
    assert verdict_of(html) == "valid" and "In Large list (obscure words)." in html
    assert "Show definitions" in html            # at a table the default mode is challenge
    assert 'class="senses"' not in html and "WordNet has no definition" not in html
    _, html = page(client, table=code, word="zyzzyva", lexicon="standard")
    assert verdict_of(html) == "invalid"


def test_the_tables_own_list_counts_and_is_offered(client):
    code = open_table()
    _, html = page(client, table=code, word="quux", lexicon="own")
    assert "no word list of its own" in html and verdict_of(html) is None
    WordList.create(table=Table.get(Table.code == code), name="ours", words="quux\nzorp", count=2, uploaded_at=0)
    _, html = page(client, table=code, word="quux")
    assert verdict_of(html) == "valid" and "In the table&#39;s own list." in html
    _, html = page(client, table=code, word="cat", lexicon="own")
    assert verdict_of(html) == "invalid" and "The table&#39;s own list" in html


def test_the_home_page_links_to_the_check_page(client):
    html = client.get("/").get_data(as_text=True)
    assert 'href="/check"' in html and "Check a word" in html


def test_the_openapi_document_lists_the_dictionary_endpoints(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for path in ("/api/lexicons", "/api/words/{word}", "/api/thesaurus/{word}", "/api/relation"):
        assert "get" in paths[path] and "200" in paths[path]["get"]["responses"]
    names = {p["name"] for p in paths["/api/words/{word}"]["get"]["parameters"]}
    assert names == {"word", "lexicon", "proper_nouns", "definitions"}
    assert {p["name"] for p in paths["/api/relation"]["get"]["parameters"]} == {"key", "candidate"}


def test_a_quiddler_table_lends_its_dictionary_and_its_proper_noun_rule(client):
    junior = open_table(("Ann", "Ben"), "quiddler", rules="junior", lexicon="junior")
    _, html = page(client, table=junior, word="Paris")
    assert verdict_of(html) == "valid" and "Proper noun (Paris), allowed here." in html
    assert "Junior / common words" in html and "proper nouns count" in html
    classic = open_table(("Ann", "Ben"), "quiddler", rules="classic", lexicon="british")
    _, html = page(client, table=classic, word="Paris")
    assert verdict_of(html) == "invalid" and "names are not allowed" in html
    _, html = page(client, table=classic, word="color")
    assert verdict_of(html) == "invalid" and "British spelling" in html


def test_guessing_table_codes_through_the_check_page_is_throttled(client):
    code = open_table()
    for attempt in range(20):
        _, html = page(client, table=f"NOPE{attempt:02d}", word="quiz")
        assert "There is no table" in html
    _, html = page(client, table=code, word="quiz")
    assert "Too many wrong table codes" in html and "Back to the table" not in html
    assert verdict_of(html) == "valid"              # the check itself still works
