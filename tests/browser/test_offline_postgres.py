"""A round played offline on a phone, sent when the connection is back, to an
app on PostgreSQL (issue 39: it works with SQLite and PostgreSQL). The sync
is the same requests on either database (tests/web/test_offline_sync_postgres.py
checks them one by one); here a real phone makes them, in Chromium, against a
server on a database of its own on a throwaway cluster (tests/postgres_cluster.py)."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import Page, expect
from postgres_cluster import database_of_its_own, needs_postgres
from werkzeug.serving import make_server

from scorekeeper import create_app

pytestmark = [pytest.mark.browser, needs_postgres]

#: Starting Python from the cache takes a few seconds here, many more under load.
START = 180_000
NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture(scope="module")
def on_postgres(tmp_path_factory, postgres_cluster):
    """The app as a phone meets it (CSRF on), on PostgreSQL, its tables made
    by the migrations, served on a free local port; yields its root URL."""
    from flask_migrate import upgrade

    folder = tmp_path_factory.mktemp("offline-postgres")
    with database_of_its_own(postgres_cluster, "offline_round") as url:
        app = create_app({"SECRET_KEY": "browser-tests-postgres", "SQLALCHEMY_DATABASE_URI": url,
                          "WTF_CSRF_ENABLED": True, "RATELIMIT_STORAGE_URI": "memory://",
                          "SHARED_PAGES": str(folder / "pages.sqlite3")})
        with app.app_context():
            upgrade()
        server = make_server("127.0.0.1", 0, app, threaded=True)
        root = f"http://127.0.0.1:{server.server_port}"
        app.config["PUBLIC_URL"] = root
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield root
        finally:
            server.shutdown()
            thread.join(timeout=5)
            with app.app_context():
                from scorekeeper.storage.database import db
                db.session.remove()
                db.engine.dispose()


def tap(page: Page, selector: str) -> None:
    page.locator(selector).click()
    expect(page.locator(selector)).to_have_attribute("aria-pressed", "true")


def test_a_round_played_offline_lands_on_postgresql_each_entry_once(page: Page, on_postgres):
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.goto(f"{on_postgres}/new")
    for i, name in enumerate(NAMES):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    page.locator("input[name=preset][value=cardgames]").check()
    page.locator("select[name=first_dealer]").select_option("0")  # Ann deals: Bob bids first
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("h1")).to_have_text(re.compile(r"Round 1 of \d+"))
    gid = re.search(r"/g/([^/]+)/", page.url).group(1)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)

    page.context.set_offline(True)
    expect(page.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)
    tap(page, "#entry button[name=trump][value=H]")
    bids = {1: 3, 2: 2, 3: 4, 0: 0}  # 10 cards; Ann, the dealer, may not bid 1
    for player in (1, 2, 3, 0):
        tap(page, f"#bid-{player} button[name=bid][value='{bids[player]}']")
    for player, tricks in ((1, 3), (2, 3), (3, 4)):
        tap(page, f"#tricks-{player} button[name=tricks][value='{tricks}']")
    expect(page.locator("#tricks-left")).to_have_text("0")
    page.locator("#close button[type=submit]").click()
    expect(page.locator(".round-head h1")).to_have_text(re.compile(r"Round 2 of \d+"))

    page.context.set_offline(False)
    page.wait_for_function(
        f"() => !(JSON.parse(localStorage.getItem('scorekeeper-offline-taps:{gid}')) || []).length",
        timeout=START)
    expect(page.locator("html")).not_to_have_attribute("data-offline", "keeping", timeout=START)
    exported = page.request.get(f"{on_postgres}/g/{gid}/export.json").json()
    kinds = [change["kind"] for change in exported["stored"]["changes"]]
    assert kinds == ["trump", *["bid"] * 4, *["tricks"] * 4, "close"]
    first = exported["rounds"][0]
    assert first["closed"] and first["trump"] == "H"
    assert first["bids"] == {NAMES[p]: bid for p, bid in bids.items()}
    assert first["tricks"] == {"Ann": 0, "Bob": 3, "Cy": 3, "Di": 4}
    assert errors == []
