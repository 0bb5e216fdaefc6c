"""How tall the round screen is at each step, and how many taps a round takes.

Run: ``.venv/bin/python bench/round_screen.py`` (needs Debian's Chromium at
``/usr/bin/chromium``; see docs/testing.md).

It serves the app (CSRF on, a temporary SQLite file) on a free local port,
makes two games through the set-up form of a second app on the same file
(CSRF off), and taps round 1 of each through in Chromium at 412 x 915 (a Pixel
7's screen; Playwright's "Pixel 7" profile with its viewport made the whole
screen):

- 4 players, 10 cards each (the 10-1-10 preset);
- 7 players, 10 cards each, two decks.

At each step it prints ``document.documentElement.scrollHeight`` (never less
than the viewport's 915), where ``<main>`` ends (the page without its footer of
device settings), and whether what the step needs (its chips, the Close button
once it can close) ends within the viewport, i.e. can be tapped without
scrolling. A tap is counted
for every chip or button clicked; a trick chip that the page already shows
pressed (filled in from the countdown) is not tapped. Screenshots of each step
go to ``test-artifacts/round-screen-<players>p-<step>.png``.
"""

from __future__ import annotations

import re
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.storage.database import db

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREEN = {"width": 412, "height": 915}
NAMES = ["Anneliese", "Bartholomew", "Cy", "Dorota", "Eero", "Fruzsina", "Grzegorz"]
GAMES = {
    4: {"preset": "cardgames"},
    7: {"preset": "estonian", "decks": "2", "shape": "custom", "custom": "10 9", "hook": "on"},
}
CLOSE = "form[action$='/close'] button[type=submit]"


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs) -> None:
        """No line per request: the figures are the output."""


def start_game(client, players: int) -> str:
    data = {f"players-{i}": name for i, name in enumerate(NAMES[:players])}
    data.update(first_dealer="0", action="start", **GAMES[players])
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)


def needs_scroll(page: Page, selector: str) -> bool:
    """Whether any visible element matching ``selector`` ends below the viewport."""
    bottom = page.locator(selector).evaluate_all(
        "els => Math.max(0, ...els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().bottom))"
    )
    return bottom > SCREEN["height"]


class Round:
    """Taps one round through and notes the page at each step."""

    def __init__(self, page: Page, players: int):
        self.page, self.players, self.taps, self.rows = page, players, 0, []

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.taps += 1

    def note(self, step: str, needed: str) -> None:
        self.page.evaluate("window.scrollTo(0, 0)")
        height = self.page.evaluate("document.documentElement.scrollHeight")
        main_end = self.page.evaluate("Math.round(document.querySelector('main').getBoundingClientRect().bottom)")
        self.rows.append((step, height, main_end, needs_scroll(self.page, needed)))
        self.page.screenshot(path=str(ARTIFACTS / f"round-screen-{self.players}p-{step}.png"),
                             full_page=True)

    def play(self, order: list[int], bids: list[int], tricks: list[int]) -> None:
        page = self.page
        self.note("1-trump", "#entry button[name=trump]")
        self.tap("#entry button[name=trump][value=H]")
        expect(page.locator("#entry button[name=trump][value=H]")).to_have_attribute("aria-pressed", "true")
        self.note("2-bids", "#entry [id^=bid-] .chip")
        for index, (seat, bid) in enumerate(zip(order, bids)):
            if index == len(order) - 1:
                self.note("3-dealer-bids", f"#bid-{seat} .chip")
            self.tap(f"#bid-{seat} button[value='{bid}']")
            expect(page.locator(f"#bid-{seat} button[value='{bid}']")).to_have_attribute("aria-pressed", "true")
        self.note("4-tricks", "#entry [id^=tricks-] .chip")
        for index, (seat, taken) in enumerate(zip(order, tricks)):
            chip = f"#tricks-{seat} button[value='{taken}']"
            if index == len(order) - 1:
                self.note("5-last-tricks", f"#tricks-{seat} .chip, {CLOSE}")
            if page.locator(chip).get_attribute("aria-pressed") != "true":
                self.tap(chip)
                expect(page.locator(chip)).to_have_attribute("aria-pressed", "true")
        expect(page.locator(CLOSE)).to_be_enabled()
        self.note("6-close", CLOSE)
        self.tap(CLOSE)
        expect(page.locator("h1")).to_contain_text("Round 2")


def main() -> int:
    ARTIFACTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'screen.sqlite3'}"
        live = create_app({"SECRET_KEY": "screen", "SQLALCHEMY_DATABASE_URI": url})
        seeder = create_app({"SECRET_KEY": "screen", "SQLALCHEMY_DATABASE_URI": url,
                             "WTF_CSRF_ENABLED": False, "TESTING": True})
        with live.app_context():
            db.create_all()
        games = {players: start_game(seeder.test_client(), players) for players in GAMES}
        server = make_server("127.0.0.1", 0, live, threaded=True, request_handler=QuietHandler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        results = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            phone = {k: v for k, v in playwright.devices["Pixel 7"].items() if k != "default_browser_type"}
            for players, gid in games.items():
                context = browser.new_context(**{**phone, "viewport": SCREEN, "base_url": base})
                page = context.new_page()
                page.goto(f"/g/{gid}/round/1")
                # Seat 0 deals round 1, so seats 1, 2, ... bid first and the
                # dealer last. Everyone bids 1 and takes 1 trick; the dealer bids
                # 2 (not forbidden: 7 or 4) and takes the rest.
                order = [*range(1, players), 0]
                bids = [1] * (players - 1) + [2]
                tricks = [1] * (players - 1) + [10 - (players - 1)]
                game = Round(page, players)
                game.play(order, bids, tricks)
                results[players] = game
                context.close()
            browser.close()
        server.shutdown()
        for app in (live, seeder):
            with app.app_context():
                db.session.remove()
                db.engine.dispose()

    print(f"Round 1 at {SCREEN['width']} x {SCREEN['height']} (Chromium, Pixel 7 profile)")
    for players, game in results.items():
        print(f"\n{players} players x 10 cards{' (two decks)' if players == 7 else ''}: "
              f"{game.taps} taps for the round")
        print(f"  {'step':<16} {'scrollHeight':>12} {'main ends':>10}  needs scrolling")
        for step, height, main_end, scroll in game.rows:
            print(f"  {step:<16} {height:>12} {main_end:>10}  {'yes' if scroll else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
