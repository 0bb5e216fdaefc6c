"""How long until another phone shows an entry: two Chromium phones on one game.

Run: ``.venv/bin/python bench/sync.py [--entries 45]`` (needs Debian's Chromium
and Playwright, as the browser tests do).

The app runs in a child process (werkzeug, threaded, CSRF on, a temporary
SQLite file), so that the server does not share this process's interpreter
with Playwright. Two Pixel 7 contexts of one Chromium open round 1 of a
4-player game whose trump is chosen. The first phone taps bids (each tap a
change: Bob's, Cy's and Di's bids in turn, each a different value from the
last); the second phone only watches. For each tap:

- the first phone notes the time of the tap (``Date.now()`` in a capture
  listener on ``submit``) and, once its answer is shown, the version of the
  game it shows (``#entry[data-version]``);
- the second phone notes when its entry panel first shows that version (a
  MutationObserver on ``data-version``), which happens on its next poll.

The figure is the time from the tap to the second phone showing it, so it
includes the tap's own request. Between taps the bench waits a random 0 to 1 s,
so the taps fall at every point of the second phone's poll cycle. Both pages
run in one browser on one machine: their clocks are the same clock. (The
contexts bypass the Content-Security-Policy only so that Playwright's
``wait_for_function`` may evaluate its condition; the app's scripts need no
exception.)

It also counts the second phone's polls, while the entries come and then for
10 s with none, and how many were answered 204 (nothing new): the cost of a
phone that only watches.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SERVER = """
import sys
from werkzeug.serving import make_server
from scorekeeper import create_app
from scorekeeper.storage.database import db
app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": sys.argv[1],
                  "LIMIT_NEW_GAMES": "1000 per hour"})
with app.app_context():
    db.create_all()
server = make_server("127.0.0.1", int(sys.argv[2]), app, threaded=True)
print("ready", flush=True)
server.serve_forever()
"""
#: Records the version the entry panel shows, and when it first showed it.
WATCH = """
window.shown = {};
const note = () => { const e = document.getElementById("entry");
  if (e && !(e.dataset.version in shown)) { shown[e.dataset.version] = Date.now(); } };
note();
new MutationObserver(note).observe(document.body, {subtree: true, attributes: true,
  attributeFilter: ["data-version"], childList: true});
"""
IDLE_S = 10
TAPPED = """
window.taps = [];
document.addEventListener("submit", () => taps.push(Date.now()), true);
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


NAMES = ["Ann", "Bob", "Cy", "Di"]


def start_game(base: str, page) -> str:
    """A 4-player game through the set-up form, trump chosen; its round 1 address."""
    page.goto(f"{base}/new")
    for index, name in enumerate(NAMES):
        page.locator(f"#players-{index}").fill(name)
    page.locator("input[name=preset][value=cardgames]").check()
    page.locator("button[value=start]").click()
    page.wait_for_url(re.compile(r"/round/1$"))
    page.locator("#entry button[name=trump][value=H]").click()
    page.wait_for_selector("#entry button[name=trump][value=H][aria-pressed=true]", state="attached")
    return page.url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=45)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, f"sqlite:///{folder}/bench.sqlite3", str(port)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            assert server.stdout.readline().strip() == "ready"
            measure(f"http://127.0.0.1:{port}", args.entries, rng)
        finally:
            server.terminate()
            server.wait(timeout=10)


def measure(base: str, entries: int, rng: random.Random) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        phone = {k: v for k, v in playwright.devices["Pixel 7"].items() if k != "default_browser_type"}
        tapping, watching = (browser.new_context(**phone, bypass_csp=True).new_page() for _ in range(2))
        url = start_game(base, tapping)
        polls = []
        watching.on("requestfinished", lambda r: "/entry?since=" in r.url and polls.append(r.response().status))
        watching.goto(url)
        watching.evaluate(WATCH)
        tapping.evaluate(TAPPED)
        # The players who bid before the dealer (the dealer's bid may be forbidden or wait).
        dealer = NAMES.index(tapping.locator(".round-facts .fact:nth-child(2) b").inner_text())
        seats = [s for s in range(len(NAMES)) if s != dealer]
        last = {seat: None for seat in seats}
        delays = []
        for index in range(entries):
            seat = seats[index % len(seats)]
            value = rng.choice([v for v in range(4) if v != last[seat]])
            last[seat] = value
            before = tapping.evaluate("document.getElementById('entry').dataset.version")
            tapping.evaluate(f"document.querySelector('#bid-{seat} details').open = true")
            tapping.locator(f"#bid-{seat} button[value='{value}']").click()
            tapping.wait_for_function(
                f"document.getElementById('entry').dataset.version !== '{before}'")
            version = tapping.evaluate("document.getElementById('entry').dataset.version")
            watching.wait_for_function(f"'{version}' in window.shown", polling=20, timeout=10_000)
            tapped_at = tapping.evaluate("taps[taps.length - 1]")
            delays.append((watching.evaluate(f"shown['{version}']") - tapped_at) / 1000)
            watching.wait_for_timeout(rng.uniform(0, 1000))  # (Playwright hears events while waiting)
        tap_polls = list(polls)
        polls.clear()
        watching.wait_for_timeout(IDLE_S * 1000)
        idle_polls = list(polls)
        browser.close()
    print(f"entries: {len(delays)} (two Chromium phones, Pixel 7, poll every 1 s)")
    print(f"time until the other phone shows an entry: median {statistics.median(delays):.2f} s, "
          f"max {max(delays):.2f} s, p90 {sorted(delays)[int(0.9 * len(delays)) - 1]:.2f} s, "
          f"min {min(delays):.2f} s")
    print(f"watching phone's polls while entries came: {len(tap_polls)}, "
          f"answered with a new panel: {tap_polls.count(200)}, 204 (nothing new): {tap_polls.count(204)}")
    print(f"watching phone idle for {IDLE_S} s: {len(idle_polls)} polls, "
          f"{idle_polls.count(204)} answered 204")


if __name__ == "__main__":
    main()
