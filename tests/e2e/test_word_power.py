"""Word Power played through the screens in headless Chromium: the host's phone (Ann, also acting for Cy)
and Ben's phone; order roll, a challenge with a raise (result A), a challenge by the host (result B),
copyright infringement, START with a Method A book, a Method C book that wins the game.
At the main moments the same screens are also checked on a 320 px phone in dark mode (no sideways overflow)."""

import re

from helpers import SHOTS, decode_qr, join_seat, open_in_browser

OVERFLOW = """() => [...document.querySelectorAll('.word-power *')]
  .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > window.innerWidth + 1)
  .map(e => e.tagName + '.' + e.className)"""


NARROW = {}  # phone page id -> its 320 px dark twin


def narrow_dark(browser, page, name, summary=None):
    """The same phone's screen at 320 px wide in dark mode: nothing sticks out sideways; a screenshot.
    One narrow context per phone, made from its cookies the first time."""
    small = NARROW.get(id(page))
    if small is None or small.is_closed():
        context = browser.new_context(storage_state=page.context.storage_state(), color_scheme="dark",
                                      viewport={"width": 320, "height": 640}, is_mobile=True)
        page.context.on("close", lambda _: context.close())
        small = NARROW[id(page)] = context.new_page()
        small.set_default_timeout(10_000)
    small.goto(page.url)
    small.wait_for_selector(".board.word-power")
    if summary:
        small.locator("summary", has_text=summary).click()
    assert small.evaluate("document.documentElement.scrollWidth") <= 320, name
    assert small.evaluate(OVERFLOW) == [], name
    small.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def roll(page, seat, value):
    page.fill(f"#wp-roll-{seat}", str(value))
    page.locator(f"form:has(#wp-roll-{seat}) button[type=submit]").click()


def play(page, keyword, window, relation=None):
    page.fill("#wp-keyword", keyword)
    if relation:
        page.click(f"label[for=wp-rel-{relation}]")
    page.locator("form.wp-play").get_by_role("button", name=f"Window {window}").click()
    page.wait_for_selector(f".wp-window:nth-child({window}) .wp-key:text-is('{keyword}')")


def challenge(page, card_id, key, relation, word):
    page.locator("summary", has_text=f"Challenge '{key}'").click()
    page.click(f"label[for=wp-c{card_id}-{relation}]")
    page.locator(f"form:has(#wp-c{card_id}-{relation})").get_by_role("button", name=f"Word {word}").click()


def cash(page):
    return page.locator(".wp-me .wp-cash").inner_text()


def test_a_whole_game_of_word_power_on_two_phones(server, phone, shot, browser):
    host = phone()
    code = open_in_browser(host, server, "Word Power", ["Ann", "Ben", "Cy"], {"win_books": 2, "challenge_seconds": 20})
    qr_png = SHOTS / "wp-qr.png"
    host.locator("[data-join-qr]").screenshot(path=str(qr_png))
    join_url = decode_qr(str(qr_png))
    ben = phone()
    join_seat(ben, join_url, "Ben", code)
    join_seat(host, join_url, "Ann", code)                       # the host's phone is Ann's too
    assert "Host" in host.locator(".who").inner_text() and "You are Ben" in ben.locator(".who").inner_text()

    # Order of play: Ann 6 on the host's phone, Ben 3 on his own, the host types Cy's 2.
    roll(host, 0, 6)
    host.wait_for_selector(".wp-rolls li:first-child .die:text-is('6')")
    ben.wait_for_selector("#wp-roll-1")
    shot(ben, "wp-01-ben-order-roll")
    roll(ben, 1, 3)
    ben.wait_for_selector("text=Waiting for")
    roll(host, 2, 2)
    host.wait_for_selector("text=Which space did Ann land on?")
    shot(host, "wp-02-host-ann-lands")
    narrow_dark(browser, host, "wp-02-narrow-dark-host-spaces", summary="Host: set-up")

    # Ann on PLAY SYNONYMS AND ANTONYMS: 'begin' (antonym) on 1, 'happy' (synonym) on 2.
    host.get_by_role("button", name="PLAY SYNONYMS AND ANTONYMS").click()
    host.wait_for_selector("#wp-keyword")
    play(host, "begin", 1, "a")
    play(host, "happy", 2, "s")
    shot(host, "wp-03-host-two-cards-played")
    ben.wait_for_selector("summary:has-text(\"Challenge 'happy'\")")
    shot(ben, "wp-04-ben-may-challenge")
    narrow_dark(browser, ben, "wp-04-narrow-dark-ben-challenge-form", summary="Challenge 'happy'")

    # Ben challenges 'happy' (says antonym, word 1); Ann raises to $2,000; Ben calls; the deck rules: A.
    challenge(ben, 2, "happy", "a", 1)
    ben.wait_for_selector("text=Waiting for Ann to call or raise")
    host.wait_for_selector("form.wp-raise")
    shot(host, "wp-05-host-call-or-raise")
    narrow_dark(browser, host, "wp-05-narrow-dark-host-call-or-raise")
    host.get_by_role("button", name="Raise to $2,000").click()
    ben.wait_for_selector("form.wp-call button:has-text('Call $2,000')")
    shot(ben, "wp-06-ben-call-or-raise")
    ben.locator("form.wp-call button").click()
    ben.get_by_role("button", name="Look up 'happy'").click()
    ben.wait_for_selector(".wp-ruling.result-A")
    assert "Ann was right" in ben.locator(".wp-ruling").inner_text()
    assert cash(ben) == "$18,000"
    host.wait_for_selector(".wp-ruling.result-A")
    assert cash(host) == "$22,000"
    shot(ben, "wp-07-ben-result-a")

    # Ann ends her turn (the host's phone need not wait); Ben plays 'brave' on 3 and a wrong 'strong' on 1.
    host.locator("form.wp-done button").click()
    ben.wait_for_selector("text=Which space did you land on?")
    ben.get_by_role("button", name="PLAY ANTONYMS", exact=True).click()
    play(ben, "brave", 3)
    play(ben, "strong", 1)
    shot(ben, "wp-08-ben-played-waits-for-challenges")

    # Ann challenges 'strong' (antonym is word 2): Ben calls $1,000, looks it up: result B, Ben's turn ends.
    host.wait_for_selector("summary:has-text(\"Challenge 'strong'\")")
    challenge(host, 4, "strong", "a", 2)
    ben.wait_for_selector("form.wp-call button")
    ben.locator("form.wp-call button").click()
    ben.get_by_role("button", name="Look up 'strong'").click()
    ben.wait_for_selector(".wp-ruling.result-B")
    assert cash(ben) == "$17,000"
    host.wait_for_selector("text=Cy's turn")
    shot(host, "wp-09-host-result-b-cy-next")

    # Cy (the host acts for him) lands on COPYRIGHT INFRINGEMENT: rolls 4, pays $1,000 to Ann and Ben.
    host.get_by_role("button", name="COPYRIGHT INFRINGEMENT").click()
    host.fill("#wp-inf-roll", "4")
    host.fill("#wp-each", "1000")
    host.get_by_role("checkbox", name="Ann").check()
    host.get_by_role("checkbox", name="Ben").check()
    shot(host, "wp-10-host-infringement")
    narrow_dark(browser, host, "wp-10-narrow-dark-host-infringement")
    host.get_by_role("button", name="Record the infringement").click()
    host.wait_for_selector("text=Which space did Ann land on?")
    assert cash(host) == "$24,000"
    ben.wait_for_selector(".wp-me .wp-cash:text-is('$18,000')")

    # Ann passes START (a book, Method A) and lands on PLAY SYNONYMS: 'large' on 4 covers every window.
    host.locator("label.wp-passed").click()
    host.get_by_role("button", name="PLAY SYNONYMS", exact=True).click()
    host.get_by_role("button", name="Publish a book").click()
    host.wait_for_selector(".wp-me .wp-books:text-is('1')")
    play(host, "large", 4)
    ben.wait_for_selector("text=Book waiting (Method C)")
    shot(ben, "wp-11-ben-sees-book-waiting")
    ben.get_by_role("button", name="No challenge").click()
    host.get_by_role("button", name=re.compile("Publish the book")).click()
    host.wait_for_selector(".outcome")
    ben.wait_for_selector(".outcome")
    assert "Ann wins with 2 books" in ben.locator(".outcome").inner_text()
    for page in (host, ben):                                          # the final picture, with nothing to tap
        page.wait_for_selector(".wp-final")
        assert page.locator(".board.word-power form").count() == 0
        assert "Game over" in page.locator(".wp-final").inner_text()
        assert "turn" not in page.locator(".wp-players").inner_html().split('class="wp-house"')[0].replace("Turn:", "")
    assert ben.locator(".wp-me .wp-cash").inner_text() == "$18,000"
    shot(host, "wp-12-host-ann-wins")
    shot(ben, "wp-13-ben-sees-the-winner")
    narrow_dark(browser, ben, "wp-13-narrow-dark-ben-final")
