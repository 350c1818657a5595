"""Word Quest in headless Chromium: three phones (the host plays Red, Cy plays Blue, Dee plays Green)
scan the QR code and play a short game through the screens, typing the table's own dice and deal."""

import re

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


def snap(page, shot, name):
    """The whole page (shot), plus the Word Quest board cut into phone-screen pieces, to look at at 390×844."""
    shot(page, name)
    if not board(page).count():
        return
    top, bottom = board(page).evaluate("el => { const r = el.getBoundingClientRect(); "
                                       "return [r.top + scrollY, r.bottom + scrollY]; }")
    for i, y in enumerate(range(int(top), int(bottom), 844)):
        page.screenshot(path=str(SHOTS / f"{name}-board-{i}.png"), full_page=True,
                        clip={"x": 0, "y": y, "width": 390, "height": min(844, bottom - y)})


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






def test_three_phones_play_a_short_word_quest_game(server, phone, shot):
    host = phone()
    host.on("dialog", lambda dialog: dialog.accept())
    code = open_in_browser(host, server, "Word Quest", [("Ann", "Red"), ("Ben", "Red"), ("Cy", "Blue"), ("Dee", "Green")],
                           {"spaces": 12, "board": "novice intermediate advanced super", "challenge_cards": 1})
    snap(host, shot, "wq-01-host-table")
    host.locator("[data-join-qr]").screenshot(path=str(SHOTS / "wq-qr.png"))
    url = decode_qr(str(SHOTS / "wq-qr.png"))
    cy, dee = phone(), phone()
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
    land(dee, 4, doubles=True)
    snap(dee, shot, "wq-08-purple-level")
    tap(dee, dee.get_by_role("button", name=re.compile("red.*third level")))
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

    # The host ends the game: the most award cards wins.
    tap(host, host.get_by_role("button", name="End the game now (host)"))
    assert "Green wins with 6 points." in host.locator(".outcome").inner_text()
    look(dee, host)
    assert "Green wins with 6 points." in dee.locator(".outcome").inner_text()
    snap(host, shot, "wq-11-host-outcome")
    snap(dee, shot, "wq-12-dee-outcome")
