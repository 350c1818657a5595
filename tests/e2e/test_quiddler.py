"""Quiddler at a table with two phones: the host (entering for Ann) and Ben's own phone, six rounds."""

import re

from helpers import SHOTS, decode_qr, open_in_browser

NARROW_DARK = {"viewport": {"width": 320, "height": 640}, "color_scheme": "dark"}


def narrow_dark_copy(browser, page):
    """The same phone (its cookies) on a 320 px screen in dark mode, to look for overflow and contrast."""
    context = browser.new_context(**NARROW_DARK)
    context.add_cookies(page.context.cookies())
    narrow = context.new_page()
    narrow.goto(page.url)
    return narrow


def no_sideways_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 320, f"the page is {width} px wide on a 320 px phone"


def add_word(page, seat, text):
    page.fill(f"#q-text-{seat}", text)
    page.locator(f"#q-text-{seat}").locator("xpath=ancestor::form").get_by_role("button", name="Add").click()


def host_records_out_and_confirms(host, seat, number):
    host.locator("form:has(input[value=went_out]) select").select_option(str(seat))
    host.locator("form:has(input[value=went_out])").get_by_role("button", name="Record").click()
    host.get_by_role("button", name=re.compile(f"^Confirm round {number}")).click()
    if number < 6:
        host.wait_for_selector(f".q-round:has-text('Round {number + 1} of 6')")


def test_two_phones_play_a_whole_game_of_quiddler(server, phone, shot, browser):
    host = phone()
    host.on("dialog", lambda dialog: dialog.accept())
    code = open_in_browser(host, server, "Quiddler", ["Ann", "Ben"])
    host.locator("[data-join-qr]").screenshot(path=str(SHOTS / "quiddler-qr.png"))
    ben = phone()
    ben.on("dialog", lambda dialog: dialog.accept())
    ben.goto(decode_qr(str(SHOTS / "quiddler-qr.png")))
    ben.get_by_role("button", name="Ben").click()
    ben.wait_for_url(re.compile(f"/t/{code}$"))
    assert "2" in ben.locator(".q-deal .big-number").inner_text()
    assert "Ann deals · Ben plays first" in ben.locator(".q-who").inner_text()
    shot(ben, "quiddler-01-ben-round-1")

    # Round 1 (2 cards): Ben types AT: was it A-T or the AT card?
    add_word(ben, 1, "at")
    ben.wait_for_selector("text=Which cards made AT?")
    shot(ben, "quiddler-02-ben-which-cards")
    ben.get_by_role("button", name="A-T · 3").click()
    ben.wait_for_selector("#q-player-1 .q-pts:has-text('3')")
    ben.get_by_role("button", name="I went out first").click()
    ben.wait_for_selector("text=Ben went out first")
    add_word(host, 0, "i")
    host.wait_for_selector("#q-player-0 .q-pts:has-text('1')")
    host.wait_for_selector("text=Ben went out first")          # Ben's news arrives by polling
    shot(host, "quiddler-03-host-round-1")
    host.get_by_role("button", name=re.compile("^Confirm round 1")).click()
    host.wait_for_selector(".q-round:has-text('Round 2 of 6')")

    # Round 2 (3 cards): the host enters Ann's ZQX; Ben lays DOG and challenges ZQX.
    add_word(host, 0, "zqx")
    host.wait_for_selector("#q-player-0 .q-pts:has-text('21')")
    add_word(ben, 1, "dog")
    ben.wait_for_selector("button:has-text('Challenge ZQX')")
    ben.get_by_role("button", name="Challenge ZQX").click()
    verdict = ben.locator(".verdict.invalid")
    assert verdict.inner_text() == "ZQX ✗ not allowed"
    assert "/check?word=zqx&lexicon=standard" in ben.locator(".q-ruling a").get_attribute("href")
    shot(ben, "quiddler-04-ben-verdict")
    host.wait_for_selector(".verdict.invalid")
    add_word(host, 0, "hat")                    # ZQX already fills Ann's 3 cards: refused in the game's words
    host.wait_for_selector("#flash:has-text('holds only 3 cards')")
    narrow = narrow_dark_copy(browser, host)
    narrow.wait_for_selector(".verdict.invalid")
    no_sideways_scroll(narrow)
    shot(narrow, "quiddler-04b-host-320px-dark-verdict")
    host_records_out_and_confirms(host, 1, 2)

    # Rounds 3 to 6: Ann goes out with A cards typed card by card.
    for number in range(3, 7):
        add_word(host, 0, "-".join("A" * (number + 1)))
        host.wait_for_selector(f"#q-player-0 .q-pts:has-text('{number + 1}')")
        if number == 3:
            shot(host, "quiddler-05-host-round-3")
        host_records_out_and_confirms(host, 0, number)

    host.wait_for_selector(".outcome")
    ben.wait_for_selector(".outcome")
    summary = ben.locator(".outcome .big").inner_text()
    # Ann 1, then -21 floored at 0, then 9+10+11+12 = 42; Ben 3+5 (longest), 7+5 (DOG, longest) = 20.
    assert summary == "★ Ann wins with 42.", summary
    assert [t.strip() for t in ben.locator(".standings .score").all_inner_texts()] == ["42", "20"]
    # The finished board stays: the rounds grid and the last round as scored, and nothing to tap.
    assert "6 of 6 rounds played" in ben.locator(".q-final").inner_text()
    assert " ".join(ben.locator(".q-history tbody tr").nth(1).inner_text().split()) == "2 (3) -21 → 0 +12★"   # floored
    assert ben.locator(".q-history tfoot").inner_text().split() == ["Total", "42", "20"]
    assert host.locator(".board form").count() == 0 and ben.locator(".board button").count() == 0
    shot(ben, "quiddler-06-ben-game-over")
    shot(host, "quiddler-07-host-game-over")
    narrow.goto(host.url)
    narrow.wait_for_selector(".q-final")
    no_sideways_scroll(narrow)
    shot(narrow, "quiddler-08-host-320px-dark-game-over")
