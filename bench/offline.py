"""The round screen without network (docs/offline.md): what a phone downloads,
how soon it can tap offline, and how long an offline tap takes.

Run: ``.venv/bin/python bench/offline.py`` (after ``make setup-test``, which
vendors Pyodide; needs Debian's Chromium at ``/usr/bin/chromium``).

It prints figures only (the budgets of issue 39 beside them); nothing fails:

- **bundle**: each file a phone fetches once per app version (Pyodide's core
  and the engine bundle), as the app serves it to a browser that accepts
  ``br, gzip`` (Flask-Compress), and the total. Budget: 10 MB.
- **ready from cache**: the round screen opened and made ready online, then
  opened again (every file now in the browser's caches) and the network cut;
  the time from the phone learning it is offline to Python holding the game
  (``data-offline="keeping"``), at normal speed and with Chromium's CPU slowed
  4x (CDP ``Emulation.setCPUThrottlingRate``, a modest phone). Budgets: 3 s, 8 s.
  Python is started in the background once the page is idle; the bench waits
  for that (a round screen open a while before the connection drops) and
  prints how long it took, apart.
- **offline tap**: from a bid chip's click to the panel showing it pressed,
  median and maximum of the bids of three rounds' worth. Budgets: 50 ms, 150 ms.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.storage.database import db

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NAMES = ["Ann", "Bob", "Cy", "Di"]
WAIT = 300_000


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs) -> None:
        """No line per request: the figures are the output."""


def bundle_sizes(app, gid: str) -> None:
    client = app.test_client()
    page = client.get(f"/g/{gid}/round/1").get_data(as_text=True)
    settings = re.search(r'data-settings="([^"]+)"', page).group(1).replace("&#34;", '"')
    urls = re.findall(r'"(/static/vendor/[^"]+|/engine/[^"]+)"', settings)
    total = 0
    print("bundle (transferred, br/gzip as served):")
    for url in dict.fromkeys(u for u in urls if not u.endswith("/")):
        response = client.get(url, headers={"Accept-Encoding": "br, gzip"})
        size = len(response.get_data())
        total += size
        print(f"  {url.rsplit('/', 1)[-1]:<22} {size / 1e6:6.2f} MB  "
              f"({response.headers.get('Content-Encoding', 'identity')})")
    print(f"  {'total':<22} {total / 1e6:6.2f} MB   budget 10 MB")


def time_to_keeping(page: Page) -> float:
    """Seconds from the offline signal to Python holding the game."""
    return page.evaluate("""() => new Promise((resolve) => {
        const start = performance.now();
        const seen = new MutationObserver(() => {
            if (document.documentElement.dataset.offline === "keeping") {
                seen.disconnect();
                resolve((performance.now() - start) / 1000);
            }
        });
        seen.observe(document.documentElement, { attributes: true });
        document.dispatchEvent(new CustomEvent("scorekeeper:offline"));
    })""")


def tap_ms(page: Page, selector: str) -> float:
    """Milliseconds from a chip's click to the panel showing it pressed."""
    return page.evaluate("""(selector) => new Promise((resolve) => {
        const start = performance.now();
        document.querySelector(selector).click();
        const check = () => {
            const chip = document.querySelector(selector);
            if (chip && chip.getAttribute("aria-pressed") === "true") {
                resolve(performance.now() - start);
            } else {
                requestAnimationFrame(check);
            }
        };
        check();
    })""", selector)


def steps(page: Page) -> str:
    """Where the time went (the marks of js/offline-engine.js): Python started
    in the background while the page was idle, then, from the offline signal,
    the log folded and the screen drawn."""
    marks = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType("mark")
        .filter((m) => m.name.startsWith("offline-")).map((m) => [m.name, m.startTime]))""")
    return (f"in the background: Pyodide booted {marks['offline-python'] / 1000:.2f} s after "
            f"the page began, engine imported {(marks['offline-imported'] - marks['offline-python']) / 1000:.2f} s later; "
            f"from the offline signal: log folded {(marks['offline-engine'] - marks['offline-start']) / 1000:.2f} s, "
            f"screen drawn {(marks['offline-drawn'] - marks['offline-engine']) / 1000:.2f} s")


def booted(page: Page) -> None:
    """Python started in the background once the page was idle (js/offline-engine.js)."""
    page.wait_for_function("""() => performance.getEntriesByName("offline-imported").length > 0""",
                           timeout=WAIT)


def offline_round(page: Page, base: str, gid: str, slow: int) -> tuple[float, list[float]]:
    page.goto(f"{base}/g/{gid}/round/1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=WAIT)
    page.reload()  # every file now from the browser's caches
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=WAIT)
    if slow > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slow})
    booted(page)  # a page open for a while before the connection drops
    # Measured from the signal itself (the browser's own `offline` event would
    # start Python before the measure could begin); then the network is cut.
    ready = time_to_keeping(page)
    page.context.set_offline(True)
    print(f"  CPU x{slow}: {steps(page)}")
    taps = []
    page.locator("#entry button[name=trump][value=H]").click()
    expect(page.locator("#entry button[name=trump][value=H]")).to_have_attribute("aria-pressed", "true")
    for player in (1, 2, 3):
        taps.append(tap_ms(page, f"#bid-{player} button[name=bid][value='{player}']"))
    for value in (0, 1, 2):  # Bob's bid changed again and again (each an entry)
        taps.append(tap_ms(page, f"#bid-1 button[name=bid][value='{value}']"))
    page.context.set_offline(False)
    return ready, taps


def main() -> int:
    folder = Path(tempfile.mkdtemp())
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url,
                      "LIMIT_NEW_GAMES": "1000 per hour"})
    seeder = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url,
                         "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    with app.app_context():
        db.create_all()

    def new_game() -> str:
        data = {f"players-{i}": name for i, name in enumerate(NAMES)}
        response = seeder.test_client().post("/new", data={
            **data, "preset": "cardgames", "first_dealer": "0", "action": "start"})
        return re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)

    bundle_sizes(app, new_game())
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        device = {k: v for k, v in playwright.devices["Pixel 7"].items()
                  if k != "default_browser_type"}
        for slow, budgets in ((1, (3, 50)), (4, (8, 150))):
            context = browser.new_context(**device)
            ready, taps = offline_round(context.new_page(), base, new_game(), slow)
            context.close()
            print(f"CPU x{slow}: ready from cache {ready:.2f} s (budget {budgets[0]} s); "
                  f"offline tap median {statistics.median(taps):.0f} ms, max {max(taps):.0f} ms "
                  f"(budget {budgets[1]} ms)")
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
