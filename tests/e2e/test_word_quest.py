"""Word Quest in headless Chromium: three phones (the host plays Red, Cy plays Blue, Dee plays Green)
scan the QR code and play a short game through the screens, typing the table's own dice and deal."""

import re
from urllib.parse import urlencode

from helpers import SHOTS, decode_qr, join_seat, open_in_browser


def version(page) -> str:
    return page.get_attribute("#live", "data-version")


def tap(page, locator):
    """Tap a button on this phone and wait for the swapped live region (its own answer, not a poll)."""
    before = version(page)
    locator.click()
    page.wait_for_function("v => document.querySelector('#live').dataset.version !== v", arg=before)
    assert page.locator("#flash .flash.error").count() == 0, page.locator("#flash").inner_text()


def look(page, other):
    """This phone's owner looks at it: the page polls at once (as when the screen wakes) and catches up."""
    target = version(other)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("v => document.querySelector('#live').dataset.version === v", arg=target)


def board(page):
    return page.locator("section.board.word-quest")


def snap(page, shot, name, whole=False):
    """The Word Quest board cut into phone-screen pieces, to look at at phone size (and the whole page when
    `whole`: the platform's parts around the board); the board never makes the page wider than the phone."""
    if whole:
        shot(page, name)
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name}: the page is wider than the phone"
    if not board(page).count():
        return
    wide = board(page).evaluate("el => [...el.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > "
                                "el.getBoundingClientRect().right + 1).map(e => e.className || e.tagName)")
    assert not wide, f"{name}: these stick out of the board: {wide}"
    top, bottom = board(page).evaluate("el => { const r = el.getBoundingClientRect(); "
                                       "return [r.top + scrollY, r.bottom + scrollY]; }")
    for i, y in enumerate(range(int(top), int(bottom), height)):
        page.screenshot(path=str(SHOTS / f"{name}-board-{i}.png"), full_page=True,
                        clip={"x": 0, "y": y, "width": width, "height": min(height, bottom - y)})


def small_dark_phone(browser):
    """The smallest phone we support (320 px wide), in dark mode."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, color_scheme="dark", device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def land(page, space, doubles=False):
    page.fill("#wq-space", str(space))
    if doubles:
        page.check("input[name=doubles]")
    tap(page, page.get_by_role("button", name="Landed"))


def answer(page, n):
    tap(page, board(page).locator(f"form.wq-defs button[name=guess][value='{n}']"))


def reveal(page, n):
    tap(page, page.get_by_role("button", name=f"The answer is definition {n}"))


def counts(page, team) -> list[int]:
    card = page.locator("li.wq-team", has=page.locator(".wq-name", has_text=re.compile(rf"^\W*{team}\b")))
    return [int(t) for t in card.locator(".wq-counts b").all_inner_texts()]






def test_three_phones_play_a_short_word_quest_game(server, phone, shot, browser):
    """Dee's phone is a 320 px wide one in dark mode; every screenshot of it is checked for overflow too."""
    context, dee = small_dark_phone(browser)
    try:
        play_a_short_game(server, phone, shot, dee)
    finally:
        context.close()


def play_a_short_game(server, phone, shot, dee):
    host = phone()
    host.on("dialog", lambda dialog: dialog.accept())
    code = open_in_browser(host, server, "Word Quest", [("Ann", "Red"), ("Ben", "Red"), ("Cy", "Blue"), ("Dee", "Green")],
                           {"spaces": 12, "board": "novice intermediate advanced super", "challenge_cards": 1})
    snap(host, shot, "wq-01-host-table", whole=True)
    host.locator("[data-join-qr]").screenshot(path=str(SHOTS / "wq-qr.png"))
    url = decode_qr(str(SHOTS / "wq-qr.png"))
    cy = phone()
    join_seat(cy, url, "Cy", code)
    join_seat(dee, url, "Dee", code)

    # The table deals the game space cards itself; the host types who took which numbers.
    assert "12 cards for 3 teams: 4 each" in board(cy).inner_text()
    for i, numbers in enumerate(("1 2 3 4", "5 6 7 8", "9 10 11 12")):
        host.locator("input[name='hand_cards[]']").nth(i).fill(numbers)
    snap(host, shot, "wq-02-own-deal")
    tap(host, host.get_by_role("button", name="Record our deal"))

    # Order of play: each phone types its team's dice total.
    look(cy, host)
    assert cy.locator(".wq-roll-for").count() == 1 and "Blue rolls" in board(cy).inner_text()
    cy.fill(".wq-roll-for .wq-dice-form input[name=roll]", "8")
    tap(cy, cy.get_by_role("button", name="Enter"))
    snap(cy, shot, "wq-03-roll-off-waiting")
    look(dee, cy)
    snap(dee, shot, "wq-03b-dee-roll-320-dark")
    dee.fill(".wq-roll-for .wq-dice-form input[name=roll]", "6")
    tap(dee, dee.get_by_role("button", name="Enter"))
    look(host, dee)
    host.locator(".wq-roll-for", has_text="Red rolls").locator(".wq-dice-form input[name=roll]").fill("10")
    tap(host, host.locator(".wq-roll-for", has_text="Red rolls").get_by_role("button", name="Enter"))
    assert "Red: roll and report the space you land on." in board(host).inner_text()
    snap(host, shot, "wq-04-move")

    # Red lands on its own intermediate card: two award cards for a right answer, nobody may challenge.
    land(host, 2)
    assert "Right answer: 2 green award cards (Red holds card 2)" in board(host).inner_text()
    snap(host, shot, "wq-05-answer")
    answer(host, 1)
    reveal(host, 1)
    assert counts(host, "Red") == [1, 0, 2, 0]

    # Blue lands on Red's novice card 1: Red's phone (the host) sees the challenge buttons, Dee's does not.
    look(cy, host)
    land(cy, 1)
    answer(cy, 1)
    look(host, cy)
    look(dee, cy)
    assert dee.locator(".wq-challenge-btn").count() == 0 and "Waiting for Red" in board(dee).inner_text()
    assert host.locator(".wq-challenge-btn").count() == 2
    snap(host, shot, "wq-06-challenge")
    tap(host, host.get_by_role("button", name="Challenge: 2"))
    look(cy, host)
    snap(cy, shot, "wq-07-reveal")
    reveal(cy, 1)                                              # Blue was right: it takes Red's only challenge card
    assert counts(cy, "Red")[0] == 0 and counts(cy, "Blue") == [2, 1, 0, 0]

    # Green lands on purple with doubles: it chooses the level, wins three cards, then takes its bonus roll.
    look(dee, cy)
    dee.locator("details.wq-other-move summary").click()
    snap(dee, shot, "wq-07b-dee-move-320-dark")
    land(dee, 4, doubles=True)
    snap(dee, shot, "wq-08-purple-level")
    tap(dee, dee.get_by_role("button", name=re.compile("red.*third level")))
    snap(dee, shot, "wq-08b-dee-answer-320-dark")
    answer(dee, 1)
    reveal(dee, 1)
    assert counts(dee, "Green") == [1, 0, 0, 3] and "bonus roll" in board(dee).inner_text()
    assert dee.locator("input[name=doubles]").count() == 0, "one bonus roll per turn"
    land(dee, 9)
    answer(dee, 1)
    reveal(dee, 1)
    assert counts(dee, "Green") == [1, 2, 0, 3]

    look(host, dee)
    land(host, 1)                                              # Red on its own novice card
    answer(host, 3)
    reveal(host, 3)
    look(cy, host)
    land(cy, 8)                                                # Blue on its own purple space
    tap(cy, cy.get_by_role("button", name=re.compile("blue.*novice")))
    answer(cy, 2)
    reveal(cy, 3)
    look(dee, cy)
    land(dee, 3)                                               # Green on Red's card 3: Red lets it stand
    answer(dee, 1)
    look(host, dee)
    snap(dee, shot, "wq-08c-dee-waits-for-challenge-320-dark")
    tap(host, host.get_by_role("button", name="No challenge"))
    look(dee, host)
    reveal(dee, 1)
    assert counts(dee, "Green") == [1, 2, 0, 4]

    # Red, out of challenge cards, loses Blue's challenge: it chooses to pay with award cards.
    look(host, dee)
    land(host, 6)
    answer(host, 1)
    look(cy, host)
    tap(cy, cy.get_by_role("button", name="Challenge: 3"))
    reveal(cy, 3)
    look(host, cy)
    assert "Red has no challenge card left to give Blue" in board(host).inner_text()
    snap(host, shot, "wq-09-pay")
    tap(host, host.locator("button[name=with][value=intermediate]"))
    tap(host, host.locator("button[name=with][value=novice]"))
    assert counts(host, "Red") == [0, 0, 1, 0] and counts(host, "Blue") == [2, 3, 1, 0]
    look(cy, host)
    snap(cy, shot, "wq-10-blue-phone")
    look(dee, host)
    snap(dee, shot, "wq-10b-dee-after-pay-320-dark")

    # The host ends the game: the most award cards wins.
    tap(host, host.get_by_role("button", name="End the game now (host)"))
    assert "Green wins with 6 points." in host.locator(".outcome").inner_text()
    look(dee, host)
    assert "Green wins with 6 points." in dee.locator(".outcome").inner_text()
    for page in (host, dee):
        final = board(page)
        assert "Final cards" in final.inner_text() and "The host ended the game." in final.inner_text()
        assert final.locator("form, button, input").count() == 0, "a finished board offers no actions"
        assert final.locator(".wq-team.winner .wq-name").inner_text().startswith("Green")
    snap(host, shot, "wq-11-host-outcome", whole=True)
    snap(dee, shot, "wq-12-dee-outcome-320-dark", whole=True)


CONTRAST = """el => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const lum = c => { const [r, g, b] = rgb(c); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const s = getComputedStyle(el), a = lum(s.color), b = lum(s.backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_challenge_and_end_buttons_are_readable_on_a_320_px_phone_in_dark_mode(server, browser, shot):
    """The coloured buttons (challenge on amber, end-the-game on green, the winner's place) keep their text
    readable in dark mode, and nothing sticks out at 320 px; the host sets the table up by posting its forms."""
    host_context, host = small_dark_phone(browser)
    dee_context, dee = small_dark_phone(browser)
    try:
        host.on("dialog", lambda dialog: dialog.accept())
        code = open_in_browser(host, server, "Word Quest", [("Ann", "Red"), ("Cy", "Blue"), ("Dee", "Green")],
                               {"spaces": 12, "board": "n i a s", "challenge_cards": 1})
        host.locator("[data-join-qr]").screenshot(path=str(SHOTS / "wq-qr-dark.png"))
        join_seat(dee, decode_qr(str(SHOTS / "wq-qr-dark.png")), "Dee", code)

        def post(**form):
            body = urlencode(form, doseq=True)
            response = host.request.post(f"{server}/t/{code}/act", data=body, headers={
                "Origin": server, "Content-Type": "application/x-www-form-urlencoded"})
            assert response.ok and "flash error" not in response.text(), response.text()[:300]

        post(type="deal", **{"hand_team[]": ["Red", "Blue", "Green"], "hand_cards[]": ["1 2 3 4", "5 6 7 8", "9 10 11 12"]})
        for seat, total in ((0, 10), (1, 8), (2, 6)):
            post(type="roll", seat=seat, roll=total)
        post(type="land", seat=0, space=9)                 # Red on Green's novice card 9
        post(type="answer", seat=0, guess=1)
        dee.reload()
        buttons = dee.locator(".wq-challenge-btn")
        assert buttons.count() == 2
        for i in range(2):
            assert buttons.nth(i).evaluate(CONTRAST) >= 4.5, "challenge button text must be readable"
        snap(dee, shot, "wq-20-dee-challenge-320-dark")
        tap(dee, dee.get_by_role("button", name="Challenge: 2"))
        post(type="reveal", answer=2)                      # Green is right; Red, with one card, is out
        post(type="deal", seat=0, **{"hand_team[]": ["Blue", "Green"], "hand_cards[]": ["1 2", "3 4"]})
        host.reload()
        end = host.get_by_role("button", name="End the game and show the winner")
        assert end.evaluate(CONTRAST) >= 4.5
        snap(host, shot, "wq-21-host-suggested-end-320-dark", whole=True)
        tap(host, end)
        assert "Blue and Green win with 0 points." in host.locator(".outcome").inner_text(), "a tie shares first place"
        places = host.locator(".wq-team.winner .wq-place")
        assert places.all_inner_texts() == ["1", "1"] and places.first.evaluate(CONTRAST) >= 3
        assert board(host).locator("form, button, input").count() == 0
        snap(host, shot, "wq-22-host-final-320-dark", whole=True)
    finally:
        host_context.close()
        dee_context.close()
