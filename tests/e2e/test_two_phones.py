"""Two phones at one score pad table: create, scan the QR code, join, see each other's scores."""

import re

from helpers import SHOTS, decode_qr, open_in_browser




def host_and_ben(server, phone, qr_name, **ben_phone):
    """A score pad opened on the host's phone, and Ben's phone joined by scanning its QR code."""
    host = phone()
    code = open_in_browser(host, server, "Score pad", ["Ann", "Ben"])
    host.locator("[data-join-qr]").screenshot(path=str(SHOTS / qr_name))
    ben = phone(**ben_phone)
    ben.goto(decode_qr(str(SHOTS / qr_name)))
    ben.get_by_role("button", name="Ben").click()
    ben.wait_for_url(re.compile(f"/t/{code}$"))
    return host, ben, code


def add_points(page, seat, points):
    page.fill(f"#pts-{seat}", str(points))
    page.locator(f"#pts-{seat}").locator("xpath=..").get_by_role("button", name="Add").click()


def test_second_phone_scans_the_qr_code_joins_and_both_see_each_others_scores(server, phone, shot):
    host = phone()
    code = open_in_browser(host, server, "Score pad", ["Ann", "Ben"])
    shot(host, "01-host-table")
    qr_png = SHOTS / "qr.png"
    host.locator("[data-join-qr]").screenshot(path=str(qr_png))
    join_url = decode_qr(str(qr_png))
    assert join_url.startswith(f"{server}/j/{code}?k=")

    ben = phone()
    ben.goto(join_url)
    shot(ben, "02-phone-pick-seat")
    ben.get_by_role("button", name="Ben").click()
    ben.wait_for_url(re.compile(f"/t/{code}$"))
    assert "You are Ben" in ben.locator(".who").inner_text()

    add_points(ben, 1, 7)                       # Ben's own phone
    ben.wait_for_selector("td.total:has-text('7')")
    host.wait_for_selector("td.total:has-text('7')")   # arrives on the host by polling
    add_points(host, 0, -4)                     # host enters Ann's score with a minus sign
    ben.wait_for_selector("td.total:has-text('-4')")
    shot(ben, "03-phone-sees-host-score")
    shot(host, "04-host-after-scores")

    ben.reload()                                # a reload keeps the seat
    assert "You are Ben" in ben.locator(".who").inner_text()


def test_a_phone_with_a_wrong_clock_shows_the_same_countdown(server, phone, shot):
    host, late, _ = host_and_ben(server, phone, "qr2.png", skew_ms=93_400)   # Ben's clock is 93.4 s fast
    host.locator("form.act:has(input[value=timer_start]) button").click()
    late.wait_for_selector(".timer.running", timeout=5000)
    host.wait_for_selector(".timer.running")
    host.wait_for_timeout(1500)
    shown = [p.evaluate("""() => { const el = document.querySelector('[data-timer]');
        const started = +el.dataset.started, d = +el.dataset.duration;
        return d - (window.refereeClock.now() - started); }""") for p in (host, late)]
    assert abs(shown[0] - shown[1]) < 400, shown
    shot(late, "05-phone-countdown")


def test_an_open_section_stays_open_when_another_phone_acts(server, phone):
    host, ben, _ = host_and_ben(server, phone, "qr3.png")
    host.locator("section.host summary").click()
    assert host.locator("section.host details").get_attribute("open") is not None
    add_points(ben, 1, 3)
    host.wait_for_selector("td.total:has-text('3')")      # the host's page was swapped by a poll
    assert host.locator("section.host details").get_attribute("open") is not None


def test_a_choice_being_made_survives_another_phones_action(server, phone):
    host, ben, _ = host_and_ben(server, phone, "qr4.png")
    host.fill("#pts-0", "12")
    host.locator("body").click(position={"x": 5, "y": 400})   # the field loses focus, its value stays
    add_points(ben, 1, 3)
    host.wait_for_timeout(4500)                                 # two polls come and go
    assert host.input_value("#pts-0") == "12"
