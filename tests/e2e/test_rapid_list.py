"""Rapid List at a real table: three phones in headless Chromium play a whole game.

The host's phone (acting for Ann) opens the table; Ben and Cy scan the QR code. Dice are typed
(the physical die), bids are chosen card by card, words are typed on the phones and crossed out
on the other lists as they are read. Two rounds: Ben doubles onto a challenge space; then Ben and
Cy both reach FINISH and Cy wins the tie by the longer move this turn.
"""

import re

from helpers import SHOTS, decode_qr, join_seat, open_in_browser

WRITING_SECONDS = 5




def join(phone, url, name, code):
    join_seat(phone, url, name, code)
    phone.on("dialog", lambda dialog: dialog.accept())


def news(page, selector, **options):
    """Wait for the table's change to reach this phone; a nudge polls at once, as when a phone wakes up
    (otherwise the next poll comes within 2 s)."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_selector(selector, **options)


def board(page):
    return page.locator("section.board.rapid-list")


def tap(page, form_type, name=None):
    """Click the button of the form that sends action `form_type`."""
    form = board(page).locator(f"form.act:has(input[name=type][value={form_type}])")
    button = form.get_by_role("button", name=name) if name else form.locator("button").first
    button.click()


def write_words(page, *words):
    for word in words:
        page.locator("form.rl-write input[name=word]").fill(word)
        page.locator("form.rl-write input[name=word]").press("Enter")
        page.wait_for_selector(f".rl-list li:has-text('{word}')")


def seal(page, *cards):
    """After the alarm: tap Bid Cards and seal the bid."""
    page.wait_for_selector(".rl-writing.alarm .rl-bid, .rl-bidding .rl-bid, [data-phase=bidding] .rl-bid", state="visible")
    page.wait_for_timeout(400)            # the server, not the phone, decides that time is up
    bid = board(page).locator("form.rl-bid:visible")
    for card in cards:
        bid.locator("label.bid-card", has_text=str(card)).click()
    bid.get_by_role("button", name=re.compile("Seal my bid")).click()
    news(page, ".rl-bid-title:has-text('Your sealed bid'), .rl-order")      # the last bid turns them all over


def test_three_phones_play_a_whole_game_of_rapid_list(server, phone, shot, browser):
    host = phone()
    host.on("dialog", lambda dialog: dialog.accept())
    code = open_in_browser(host, server, "Rapid List", ["Ann", "Ben", "Cy"], {
        "timer_seconds": WRITING_SECONDS, "normal_spaces": 3, "challenge_spaces": 1})  # START, 1-3, 4 (challenge), FINISH
    qr_png = SHOTS / "rl-qr.png"
    host.locator("[data-join-qr]").screenshot(path=str(qr_png))
    url = decode_qr(str(qr_png))
    ben, cy = phone(), phone()
    join(ben, url, "Ben", code)
    join(cy, url, "Cy", code)
    shot(host, "rl-01-host-setup")
    assert "Waiting for the host" in board(ben).inner_text()

    # Setup: the host taps Ann as first reader; the app draws the order on START.
    board(host).locator("form.rl-readers").get_by_role("button", name="Ann").click()
    news(host, "text=Round 1: Ann rolls the die")
    board(host).locator("form.rl-actfor").get_by_role("button", name="Ann").click()   # one phone: act for Ann
    news(host, ".rl-actfor button.on:has-text('Ann')")
    assert board(host).locator(".rl-track .space.start .cube").count() == 3
    shot(host, "rl-02-host-roll")

    # Round 1: Ann types the physical die (3), Ben declares Double, Ann reads the question.
    board(host).locator("form.rl-die").get_by_role("button", name="Question 3").click()
    news(host, ".rl-question:has-text('3')")
    news(ben, "form.act:has(input[value=double]) button")
    shot(ben, "rl-03-ben-question")
    tap(ben, "double")
    news(ben, "text=Double: ")
    tap(host, "question_read")
    for page in (host, ben, cy):
        news(page, ".rl-writing .rl-countdown")
    news(cy, "form.rl-write input[name=word]")
    news(ben, "form.rl-write input[name=word]")
    write_words(ben, "lion", "tiger")
    write_words(cy, "Lion ")
    shot(cy, "rl-04-cy-writing")
    seal(host, 1)                          # Ann: 1
    seal(ben, 2)                           # Ben: 2, doubled
    shot(ben, "rl-05-ben-sealed")
    assert "Your sealed bid" not in board(cy).inner_text()
    seal(cy, 1, 2)                         # Cy: 3 -> the bids turn over at once
    for page in (host, ben, cy):
        news(page, ".rl-order li.now:has-text('Ann')")
    order = board(cy).locator(".rl-order li").all_inner_texts()
    assert [o.split()[1] for o in order] == ["Ann", "Ben", "Cy"]
    shot(cy, "rl-06-cy-reading-order")

    tap(host, "read", "✗ Fewer: stay")                 # Ann could not read 1
    news(ben, ".rl-order li.now:has-text('Ben')")
    news(ben, ".rl-reader-panel")
    board(ben).locator("form.rl-say").get_by_role("button", name="lion").click()
    news(cy, ".rl-mine li.struck:has-text('Lion')")          # crossed out on Cy's list by itself
    shot(cy, "rl-07-cy-list-crossed-out")
    board(ben).locator("form.rl-say").get_by_role("button", name="tiger").click()
    news(ben, ".rl-report button.primary")
    shot(ben, "rl-08-ben-met")
    tap(ben, "read", "✓ Read 2: move 4")
    news(cy, ".rl-order li.now:has-text('Cy')")
    tap(cy, "read", "✓ Read 3: move 3")

    # Round 2: Ben leads on the challenge space and must draw; Ben reads (clockwise).
    for page in (host, ben, cy):
        news(page, ".rl-challenge:has-text('Ben draws a Challenge Card')")
    ben.fill(".rl-challenge input[name=text]", "Only four-legged animals")
    ben.locator(".rl-challenge").get_by_role("button", name="Save").click()
    news(cy, ".rl-card-text:has-text('Only four-legged animals')")
    assert board(ben).locator("form.act:has(input[value=double])").count() == 0   # used, and on a challenge space
    shot(ben, "rl-09-ben-challenge-roll")
    board(ben).locator("form.rl-die").get_by_role("button", name="Question 5").click()
    news(ben, ".rl-question:has-text('5')")
    tap(ben, "question_read")
    news(host, ".rl-writing .rl-countdown")
    shot(host, "rl-10-host-countdown")
    tap(host, "time_up", "Stop the writing now")         # nobody writes this round: the host stops early
    seal(ben, 1)
    seal(cy, 2)
    seal(host, 6)
    for page in (host, ben, cy):
        news(page, ".rl-order li.now:has-text('Ben')")
    tap(ben, "read", "✓ Read 1: move 1")
    news(cy, ".rl-order li.now:has-text('Cy')")
    tap(cy, "read", "✓ Read 2: move 2")
    news(host, ".rl-order li.now:has-text('Ann')")
    shot(host, "rl-11-host-reads-for-ann")
    tap(host, "read", "✗ Fewer: stay")

    for page in (host, ben, cy):
        news(page, ".outcome:has-text('Cy wins, on FINISH')")
    shot(cy, "rl-12-cy-wins")
    standings = host.locator(".standings li").all_inner_texts()
    assert standings[0].split()[1] == "Cy" and standings[1].split()[1] == "Ben"

    # The finished board stays: the final track and the last reading, and nothing to tap on any phone.
    for page in (host, ben, cy):
        final = board(page)
        assert final.get_attribute("data-phase") == "over"
        assert final.locator("button, input, form").count() == 0
        assert final.locator(".rl-track .space.finish .cube").count() == 2
        assert "✓ +2" in final.locator(".rl-order").inner_text()       # Cy's winning move this turn
    host.evaluate("window.scrollTo(0, 0)")
    shot(host, "rl-13-host-final-board")

    # The same final screen on a 320 px phone in dark mode: nothing sticks out sideways.
    small = browser.new_context(viewport={"width": 320, "height": 640}, color_scheme="dark")
    try:
        watcher = small.new_page()
        watcher.set_default_timeout(10_000)
        watcher.goto(url)                                      # the QR link, then "Just watch"
        watcher.get_by_role("button", name="Just watch").click()
        watcher.wait_for_selector("section.board.rapid-list[data-phase=over]")
        assert watcher.evaluate("document.documentElement.scrollWidth") <= 320
        shot(watcher, "rl-14-final-320-dark")
    finally:
        small.close()
