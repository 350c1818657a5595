"""End-to-end fixtures: the real app under waitress on loopback, Debian's Chromium via Playwright."""

import os
import shutil
import threading

import pytest

from helpers import PHONE, SHOTS, database_url, fresh_schema
from referee import create_app


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("REFEREE_REQUIRE_BROWSER"):
            pytest.fail("Chromium is required here: apt-get install chromium")
        pytest.skip("Chromium is not installed (apt-get install chromium); end-to-end tests need it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"])
        yield browser
        browser.close()


@pytest.fixture
def server(tmp_path):
    """The app served by waitress on a free loopback port, as `referee serve` would."""
    from waitress import wasyncore
    from waitress.server import create_server

    app = create_app({"DATABASE_URL": database_url(tmp_path), "SECRET_KEY": "e2e", "INSTANCE_PATH": str(tmp_path)})
    fresh_schema()
    srv = create_server(app, host="127.0.0.1", port=0, threads=8)
    url = f"http://127.0.0.1:{srv.effective_port}"
    app.config["PUBLIC_URL"] = url          # phones here are on loopback too
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield url
    # Stop the workers before closing the sockets: waitress's own close() leaves them running,
    # and a late wake-up write to a closed pipe's number can land in a reused file descriptor
    # (seen as "invalid frontend message type 120" in PostgreSQL's log).
    srv.task_dispatcher.shutdown()
    wasyncore.close_all(srv._map)
    thread.join(timeout=10)


@pytest.fixture
def phone(browser):
    """A factory of phone-sized browser contexts; each is one phone (390 px, or `width`, light or dark)."""
    contexts = []

    def make(skew_ms=0, width=None, dark=False):
        size = {"viewport": {"width": width, "height": 640}} if width else {}
        context = browser.new_context(**{**PHONE, **size, "color_scheme": "dark" if dark else "light"})
        if skew_ms:
            # This phone's clock is wrong by skew_ms: the countdown must still agree.
            context.add_init_script(f"""(() => {{ const real = Date.now; Date.now = () => real() + {skew_ms}; }})();""")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def shot():
    SHOTS.mkdir(exist_ok=True)

    def take(page, name):
        # The sticky header would be painted across the middle of a full-page picture.
        page.evaluate("() => { const top = document.querySelector('.top'); if (top) top.style.position = 'static'; }")
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        page.evaluate("() => { const top = document.querySelector('.top'); if (top) top.style.position = ''; }")
    return take
