"""Check a word on a phone: verdict readable across the table, evidence on a tap, light and dark, no JS."""

import re

from helpers import PHONE


def check(page, word, expect=None):
    page.fill("input[name=word]", word)
    page.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_selector(expect or f".checked-word:text-is('{word}')")


def test_check_a_word_from_the_home_page_in_open_mode(server, phone, shot):
    page = phone()
    page.goto(server + "/")
    page.get_by_role("link", name="Check a word").click()
    page.wait_for_url(re.compile(r"/check$"))
    shot(page, "check-01-empty")

    page.evaluate("window.samePage = true")
    check(page, "desert")
    assert page.locator("[data-verdict=valid]").inner_text().strip() == "✓ VALID"
    assert page.evaluate("window.samePage") is True   # htmx swapped the result in place
    assert "word=desert" in page.url                  # and pushed the address: reload keeps it
    evidence = page.locator("details.evidence")
    assert not evidence.locator("ol.senses").is_visible()
    evidence.locator("summary").click()               # the tap that opens the evidence
    assert evidence.locator("ol.senses").is_visible()
    assert "leave someone who needs or counts on you" in evidence.inner_text()
    shot(page, "check-02-valid-open")

    check(page, "Paris")
    assert page.locator("[data-verdict=invalid]").inner_text().startswith("✗ NOT IN")
    assert "Proper noun (Paris)" in page.locator(".why").inner_text()
    shot(page, "check-03-proper-noun")

    check(page, "12 ab", expect="[data-verdict=bad-input]")
    assert "contains digits" in page.locator("[data-verdict=bad-input]").inner_text()
    assert page.locator(".checked-word").count() == 0
    shot(page, "check-03b-bad-input")


def test_challenge_mode_shows_the_verdict_first_then_definitions_on_a_second_tap(server, phone, shot):
    page = phone()
    page.goto(server + "/check?mode=challenge")
    check(page, "abandon")
    assert page.locator("[data-verdict=valid]").is_visible()
    assert page.locator("ol.senses").count() == 0
    assert "forsake" not in page.content()
    shot(page, "check-04-challenge-verdict")
    page.get_by_role("link", name="Show definitions").click()
    page.wait_for_selector("ol.senses")
    assert "forsake" in page.locator("ol.senses").inner_text()
    assert page.locator("[data-verdict=valid]").is_visible()
    shot(page, "check-05-challenge-definitions")


def test_synonym_or_antonym_in_light_and_dark(server, phone, shot):
    page = phone()
    page.goto(server + "/check")
    for key, candidate, relation in (("hot", "frigid", "antonym"), ("abandon", "desert", "synonym"),
                                     ("hot", "table", "neither")):
        page.fill("input[name=key]", key)
        page.fill("input[name=candidate]", candidate)
        page.get_by_role("button", name="Synonym, antonym or neither?").click()
        page.wait_for_selector(f"[data-relation={relation}]")
        assert page.locator(".pair").inner_text().replace("\u00b7", "").split() == [key, candidate]
        if relation == "antonym":
            assert page.locator(".how").inner_text() == "Indirect antonym via similar adjectives"
            shot(page, "check-06-relation-light")
    page.emulate_media(color_scheme="dark")
    shot(page, "check-07-relation-neither-dark")
    check(page, "zyzzyva")
    assert page.locator("[data-verdict=invalid]").is_visible()
    shot(page, "check-08-invalid-dark")
    check(page, "quiz")
    shot(page, "check-09-valid-dark")


def test_from_the_table_screen_and_back(server, phone, shot):
    page = phone()
    page.goto(server + "/new/scorepad")
    page.fill("input[name=name0]", "Ann")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    code = page.url.rsplit("/", 1)[-1]
    shot(page, "check-00-table-link")
    page.get_by_role("link", name="Check a word").click()
    page.wait_for_url(re.compile(rf"/check\?table={code}$"))
    check(page, "zyzzyva")
    assert "NOT IN" in page.locator("[data-verdict=invalid]").inner_text()
    assert page.get_by_role("link", name="Show definitions").is_visible()   # a table checks in challenge mode
    shot(page, "check-10-from-table")
    page.get_by_role("link", name=re.compile("Back to the table")).click()
    page.wait_for_url(re.compile(rf"/t/{code}$"))


def test_the_page_works_without_javascript(server, browser, shot):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server + "/check?mode=challenge")
        page.fill("input[name=word]", "desert")
        page.get_by_role("button", name="Check", exact=True).click()
        page.wait_for_url(re.compile(r"word=desert"))
        assert page.locator("[data-verdict=valid]").is_visible()
        page.get_by_role("link", name="Show definitions").click()
        page.wait_for_url(re.compile(r"show=1"))
        assert "leave someone who needs" in page.locator("ol.senses").inner_text()
        page.fill("input[name=key]", "hot")
        page.fill("input[name=candidate]", "cold")
        page.get_by_role("button", name="Synonym, antonym or neither?").click()
        page.wait_for_url(re.compile(r"candidate=cold"))
        assert page.locator("[data-relation=antonym]").is_visible()
        shot(page, "check-11-no-javascript")
    finally:
        context.close()
