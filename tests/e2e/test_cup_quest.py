"""Cup Quest on three phones in headless Chromium: join by QR, roll for order, freeze, transport,
battle, snipe, drop and pick up the grail, bring it home. Physical dice are typed, so it is deterministic."""

import re

import pytest

from helpers import SHOTS, decode_qr, join_seat


@pytest.fixture
def small_phone(phone):
    """A 320 px wide phone, light or dark: the narrowest screen the board must fit."""
    return lambda dark=False: phone(width=320, dark=dark)


def version(page) -> str:
    return page.locator("#live").get_attribute("data-version")


def fits(page):
    """Nothing on the Cup Quest board sticks out sideways (no sideways scrolling on a phone)."""
    wide = page.evaluate("""() => { const w = document.documentElement.clientWidth;
        const shown = [...document.querySelectorAll('.cup-quest *')]
            .filter(e => !e.closest('.sr-only, svg') && e.tagName !== 'INPUT' && e.clientWidth > 0);
        return shown.filter(e => e.getBoundingClientRect().right > w + 1 || e.scrollWidth > e.clientWidth + 1)
               .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 30)); }""")
    assert not wide, wide
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def tap(page, selector):
    """Tap a button and wait until this phone shows the table's next version."""
    before = version(page)
    page.locator(selector).click()
    page.wait_for_function("v => document.querySelector('#live') && document.querySelector('#live').dataset.version !== v",
                           arg=before)
    flash = page.locator("#flash").inner_text().strip()
    assert not flash, flash
    fits(page)


def sees(page, text):
    """Another phone picks up the change by polling (nudged, as when a phone wakes up)."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.locator(".cup-quest, .outcome").filter(has_text=text).first.wait_for(timeout=8000)




def test_three_phones_play_a_whole_game_of_cup_quest(server, phone, small_phone, shot):
    """Ann's phone is 390 px (the host); Ben's is 320 px; Cy's is 320 px in dark mode."""
    ann = phone()                                    # Ann's phone opens the table: it is the host
    ann.on("dialog", lambda dialog: dialog.accept())
    ann.goto(server + "/new/cup-quest")
    for i, name in enumerate(("Ann", "Ben", "Cy")):
        ann.fill(f"input[name=name{i}]", name)
    ann.get_by_role("button", name="Open the table").click()
    ann.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    code = ann.url.rsplit("/", 1)[-1]
    qr_png = SHOTS / "cq-qr.png"
    ann.locator("[data-join-qr]").screenshot(path=str(qr_png))
    join_url = decode_qr(str(qr_png))
    assert join_url.startswith(f"{server}/j/{code}?k=")
    shot(ann, "cq-01-host-order-roll")

    ben, cy = small_phone(), small_phone(dark=True)
    join_seat(ben, join_url, "Ben", code)
    join_seat(cy, join_url, "Cy", code)
    for page in (ben, cy):
        page.on("dialog", lambda dialog: dialog.accept())

    # Order of play: each phone taps the number its real die shows (the host rolls for Ann).
    tap(ann, ".cq-order-roll:has-text('Ann rolls') button[value='6']")
    shot(ben, "cq-02-ben-order-roll")
    tap(ben, ".cq-order-roll button[value='5']")
    tap(cy, ".cq-order-roll button[value='4']")
    for page in (ann, ben, cy):
        sees(page, "Order: Ann → Ben → Cy")
    assert ben.locator(".cup-quest form.act").count() == 0         # not Ben's turn: no buttons at all
    shot(ann, "cq-03-ann-turn-choices")
    shot(ben, "cq-04-ben-waits")

    # Ann plays a 5 onto the grail's chamber and picks it up.
    tap(ann, "form.cq-ranks button[value='5']")
    shot(ann, "cq-05-ann-moved")
    tap(ann, ".cq-pickup button")
    tap(ann, ".cq-end button")
    sees(ben, "Ann carries it")

    # Ben plays an Ace on Ann: Ann is frozen for two of her turns.
    tap(ben, "form.cq-targets:has(input[value='A']) button:has-text('Ann')")
    sees(ann, "❄ 2")

    # Cy plays the King of hearts to transport, rolls a real 2: it works, next to Big Bob.
    sees(cy, "Cy: play a card")
    fits(cy)
    shot(cy, "cq-05b-cy-turn-choices-320-dark")
    cy.locator(".cq-face label[for='cq-card-K']").click()
    cy.locator(".cq-face label[for='cq-suit-hearts']").click()
    tap(cy, ".cq-face button[value='transport']")
    sees(ann, "King of hearts")
    shot(cy, "cq-06-cy-transport-roll")
    tap(cy, ".cq-die-form button[value='2']")
    sees(ben, "the transport works")
    shot(ben, "cq-07-ben-sees-transport-result")
    tap(cy, "form.cq-targets button[value='bob']")
    shot(cy, "cq-08-cy-must-battle")
    tap(cy, ".cq-must button")
    cy.locator(".cq-battle-dice label[for='cq-roll-3']").click()
    cy.locator(".cq-battle-dice label[for='cq-their_roll-3']").click()
    tap(cy, ".cq-battle-dice button[type=submit]")
    sees(ann, "a tie, roll again")
    shot(cy, "cq-09-cy-battle-tie")
    cy.locator(".cq-battle-dice label[for='cq-roll-5']").click()
    cy.locator(".cq-battle-dice label[for='cq-their_roll-2']").click()
    tap(cy, ".cq-battle-dice button[type=submit]")
    # Cy attacks Ann, who carries the grail: Ann loses and drops it where she stood.
    tap(cy, "form.cq-targets button[name=opponent][value='0']")
    cy.locator(".cq-battle-dice label[for='cq-roll-6']").click()
    cy.locator(".cq-battle-dice label[for='cq-their_roll-1']").click()
    tap(cy, ".cq-battle-dice button[type=submit]")
    sees(ann, "where Ann dropped it")
    shot(ann, "cq-10-ann-lost-the-grail")
    tap(cy, ".cq-pickup button")
    tap(cy, ".cq-end button")

    # Ann is frozen: only snipe or pass. She snipes Cy: miss, then a hit sends Cy home without the grail.
    sees(ann, "Ann is frozen (2 turns left)")
    assert ann.locator("form.cq-ranks").count() == 0 and ann.locator(".cq-discard").count() == 0
    shot(ann, "cq-11-ann-frozen-snipe-or-pass")
    tap(ann, "form.cq-targets button:has-text('Cy')")
    shot(ann, "cq-12-ann-bounce")
    tap(ann, ".cq-bounce button[value='no']")
    tap(ann, ".cq-bounce button[value='yes']")
    sees(cy, "where Cy dropped it")
    assert ann.locator(".cq-player:has-text('Ann') .shot.full").count() == 3

    # Ben plays an 8, picks up the grail; Cy discards; Ann passes her last frozen turn.
    tap(ben, "form.cq-ranks button[value='8']")
    shot(ben, "cq-12b-ben-moved-320")
    tap(ben, ".cq-pickup button")
    tap(ben, ".cq-end button")
    sees(cy, "Ben carries it")
    tap(cy, ".cq-discard button")
    sees(ann, "Ann is frozen (1 turn left)")
    tap(ann, ".cq-pass button")

    # Ben tries the Queen of spades transport and rolls a 5: back to his alcove, the grail dropped.
    ben.locator(".cq-face label[for='cq-card-Q']").click()
    ben.locator(".cq-face label[for='cq-suit-spades']").click()
    tap(ben, ".cq-face button[value='transport']")
    sees(cy, "dropping the grail")
    tap(ben, ".cq-die-form button[value='5']")
    sees(cy, "where Ben dropped it")
    shot(cy, "cq-13-cy-sees-failed-transport")

    # Cy picks it up and, next time round, brings it home to alcove 3.
    tap(cy, "form.cq-ranks button[value='6']")
    tap(cy, ".cq-pickup button")
    tap(cy, ".cq-end button")
    sees(ann, "Cy carries it")
    tap(ann, ".cq-discard button")                  # Ann thawed: a normal turn again
    tap(ben, ".cq-discard button")
    tap(cy, "form.cq-ranks button[value='10']")
    shot(cy, "cq-14-cy-can-go-home")
    tap(cy, ".cq-home button")
    for page in (ann, ben, cy):
        sees(page, "Cy brought the grail home to alcove 3.")
        board = page.locator(".cup-quest")          # the final picture stays, with nothing to tap
        assert board.count() == 1 and board.locator("form").count() == 0
        assert "Cy brought it home" in board.locator(".cq-grail").inner_text()
        assert "Cy" in board.locator(".cq-player.winner").inner_text()
        assert board.locator(".cq-player.turn").count() == 0 and "Waiting for" not in board.inner_text()
        fits(page)
    shot(ann, "cq-15-host-game-over")
    shot(ben, "cq-16-ben-game-over-320")
    shot(cy, "cq-17-cy-game-over-320-dark")


def test_six_long_names_fit_a_320_px_dark_phone(server, small_phone, shot):
    """One phone passed round the table (the host acts for everyone) at 320 px in dark mode."""
    names = ["Bartholomew-Maximilian", "Wilhelmina", "Constantinopolous", "Dee", "Evangelina Rose", "Fay"]
    host = small_phone(dark=True)
    host.on("dialog", lambda dialog: dialog.accept())
    host.goto(server + "/new/cup-quest")
    for i, name in enumerate(names):
        host.fill(f"input[name=name{i}]", name)
    host.get_by_role("button", name="Open the table").click()
    host.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    for roll in range(6, 0, -1):                       # the host types each player's die: 6, 5, ... 1
        tap(host, f".cq-order-roll >> nth=0 >> button[value='{roll}']")
    sees(host, "Order: Bartholomew-Maximilian → Wilhelmina")
    fits(host)
    shot(host, "cq-20-six-long-names-turn-320-dark")
    tap(host, "form.cq-ranks button[value='7']")
    tap(host, "form.cq-targets button[name=opponent][value='2']")
    shot(host, "cq-21-six-long-names-battle-320-dark")
    tap(host, ".cq-app-roll button")
    shot(host, "cq-22-six-long-names-battle-result-320-dark")
