"""Browser tests: Debian's Chromium, a Pixel 7 viewport, and the app on a live server.

pytest-playwright's fixtures are overridden so that a plain ``pytest`` runs
these tests (see docs/testing.md): Playwright must never
download its own browser here, and the phone profile comes from
``browser_context_args``, not from a ``--device`` flag.

The live server is the real app (CSRF on, a temporary SQLite file) served by
werkzeug in a daemon thread. Games that a test only needs as a starting point
are made by :class:`Seeder`, through a second app on the same database file
with CSRF off, so that only the screens under test are driven by the browser.
"""

from __future__ import annotations

import re
import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.storage.database import db
from screens import photograph

#: The browser of the tests: Debian's build of Chromium's headless shell, the
#: same Blink and V8 as Debian's Chromium (one source, one version) without
#: the desktop browser around them. The same tests cost a quarter to a third
#: less CPU in it (docs/testing.md), and Playwright itself runs headless in it.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
#: Debian's whole Chromium, for what only the desktop browser does: finding
#: the app installable, and the screen wake lock (:func:`desktop_chromium`).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = "Pixel 7"
#: How long an expectation waits for the page (Playwright's default is 5 s). A
#: shared 2-core machine running the whole suite at once can hold a tap's
#: answer for longer than that; what never comes still fails, later.
expect.set_options(timeout=15_000)


def pytest_collection_modifyitems(items):
    """Skip (not fail) every browser test on a machine without both browsers."""
    missing = [path for path in (HEADLESS_SHELL, CHROMIUM) if not shutil.which(path)]
    if not missing:
        return
    skip = pytest.mark.skip(reason=f"{' and '.join(missing)} not installed (make chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": HEADLESS_SHELL, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def desktop_chromium_args(browser_type_launch_args):
    """The launch arguments of Debian's whole Chromium, for a test of what
    only the desktop browser does (the headless shell has no install prompt
    and grants no screen wake lock)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM}


@pytest.fixture(scope="session")
def desktop_chromium(playwright, desktop_chromium_args):
    browser = playwright.chromium.launch(**desktop_chromium_args)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, playwright):
    """A Pixel 7 (412 x 839, touch) for every page, unless ``--device`` chose another."""
    phone = {k: v for k, v in playwright.devices[PHONE].items() if k != "default_browser_type"}
    return {**phone, **browser_context_args, "accept_downloads": True}


@pytest.fixture(scope="session")
def database_path(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("live") / "live.sqlite3"


@pytest.fixture(scope="session")
def live_app(database_path):
    """The app as a phone meets it: CSRF on, a file database."""
    app = create_app({
        "SECRET_KEY": "browser-tests",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database_path}",
        "WTF_CSRF_ENABLED": True,
        # One client address makes every game of the whole browser suite.
        "LIMIT_NEW_GAMES": "1000 per hour",
    })
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def live_server(live_app):
    """The app served on a free local port in a daemon thread; yields its root URL."""
    server = make_server("127.0.0.1", 0, live_app, threaded=True)
    # Shared links name this loopback address, never the machine's network one
    # (which the app would offer in its place: see scorekeeper.web.public).
    live_app.config["PUBLIC_URL"] = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


class Seeder:
    """Makes games and enters rounds through the forms of an app without CSRF.

    Its app shares the live server's database file, so what it stores is what
    the browser then sees.
    """

    def __init__(self, client):
        self.client = client

    def start(self, names, preset="cardgames", first_dealer="0", **adjust) -> str:
        data = {f"players-{i}": name for i, name in enumerate(names)}
        data.update(preset=preset, first_dealer=first_dealer, action="start", **adjust)
        response = self.client.post("/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)

    def post(self, gid: str, path: str, **data) -> None:
        response = self.client.post(f"/g/{gid}{path}", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)

    def sheet(self, gid: str):
        from scorekeeper.storage import games, links

        with self.client.application.app_context():
            return games.load_sheet(links.open_link(gid).game)

    def play_rounds(self, gid: str, count: int, trump: str = "H") -> None:
        """Close the next ``count`` rounds: everyone bids 0 but the dealer
        (who bids 1, or 0 where 1 is forbidden), and the first bidder takes every trick."""
        for _ in range(count):
            rnd = self.sheet(gid).current
            dealer_bid = 0 if rnd.hook_active and rnd.cards == 1 else 1
            self.post(gid, f"/round/{rnd.number}/trump", trump=trump)
            for player in rnd.order:
                self.post(gid, f"/round/{rnd.number}/bid", player=player,
                          bid=dealer_bid if player == rnd.dealer else 0)
            for index, player in enumerate(rnd.order):
                self.post(gid, f"/round/{rnd.number}/tricks", player=player,
                          tricks=rnd.cards if index == 0 else 0)
            self.post(gid, f"/round/{rnd.number}/close")


@pytest.fixture(scope="session")
def seeder(database_path, live_app):
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "browser-tests",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database_path}",
        "WTF_CSRF_ENABLED": False,
        # Scaffolding, not a phone: its writes must not count against the
        # limits of the live server, whose counters sit beside the same file.
        "RATELIMIT_ENABLED": False,
    })
    yield Seeder(app.test_client())
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def shoot(request):
    """Save a full-page screenshot of a page (the test's ``page`` unless
    another is given) as ``test-artifacts/<name>.png``.

    The ``page`` fixture is asked for only when it is shot: a test that drives
    pages of its own then has no idle extra page in the browser beside them."""
    def screenshot(name: str, target=None) -> Path:
        return photograph(target or request.getfixturevalue("page"), name)

    return screenshot
