"""The round screen without network (docs/offline.md): what a phone downloads,
how soon it can tap offline, and how long an offline tap takes.

Run: ``.venv/bin/python bench/offline.py`` (after ``make setup-test``, which
vendors Pyodide; needs Debian's Chromium at ``/usr/bin/chromium``).

It prints figures only (the budgets of issue 39 beside them); nothing fails:

- **bundle**: each file a phone fetches once per app version (Pyodide's core
  and the engine bundle), as the app serves it to a browser that accepts
  ``br, gzip`` (Flask-Compress), and the total. Budget: 10 MB.
- **ready from cache**: the time from the phone learning it is offline to
  Python holding the game (``data-offline="keeping"``), at normal speed and
  with the CPU slowed 4x (a modest phone), in three cases:
  - a later round screen (every file in the browser's caches) whose
    connection drops as soon as it is ready: Python then starts from the
    memory snapshot its first start on this phone kept (js/offline-python.js).
    This is every round screen but the first: with a snapshot kept, Python is
    not started in the background;
  - the first round screen this phone opens, after Python's first start there
    in the background (once the screen has been left alone 5 s and the
    page is idle; it keeps the snapshot);
  - apart, that first screen's connection dropping before that start (no
    snapshot yet: Python starts from nothing).
  Budgets: 3 s, 8 s.
- **4x slower**: Python runs in a worker of its own, which Chromium's own
  throttling (CDP ``Emulation.setCPUThrottlingRate``) does not slow (a busy
  loop took 382 ms in a worker at x1 and 405 ms at x4, while the page's own
  thread went from 361 to 1482 ms). So at x4 the whole browser is held by a
  Linux cgroup's CPU quota (every thread of every process of the browser, the
  worker's too, shares it), twice: to half of one core (this machine's two
  cores at a quarter of their speed), and to a quarter of one core (a one-core
  phone at a quarter: harsher than a phone whose cores run the page and the
  worker side by side). Where no cgroup can be made (not root), CDP's
  throttling is used and the line says that the worker was not slowed.
  The quota is given per 10 ms period, not the kernel's default 100 ms: a
  CPU four times slower runs every instruction slower, while a quota per
  100 ms lets a tap run at full speed until the period's 50 ms are spent and
  then stops the whole browser for the rest of the period. Held that way,
  the taps of one run took 22, 21, 91, 81, 24 and 77 ms: either faster than
  a CPU four times slower could do them, or parked until the next period.
  Per 10 ms they took 42 to 102 ms in two runs (docs/offline.md).
- **the page's thread while Python starts**: the longest task on the page's
  own thread while Python's first start runs in the background (a tap the
  server answers meanwhile waits that long to be shown).
- **offline tap**: the first taps after Python started from the snapshot,
  from a bid chip's click to the panel showing it pressed, median and maximum
  of six bids. Budgets: 50 ms, 150 ms.
- **a round screen on a phone that has everything**: the CPU the browser
  (every process of it) spends to open a round screen and get it ready
  without network, once the phone keeps Pyodide, the engine and the
  snapshot: the mean of 20 screens opened one after the other, at normal
  speed (no budget; what a phone pays on every round online).
"""

from __future__ import annotations

import html
import json
import os
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
#: The cgroups (v1 CPU controller) the x4 browser runs in, by their share of one core.
HELD = {0.5: Path("/sys/fs/cgroup/cpu/scorekeeper-bench-half"),
        0.25: Path("/sys/fs/cgroup/cpu/scorekeeper-bench-quarter")}
#: The period the cgroups' quota is given per (microseconds): short, so that the
#: browser runs slowly throughout instead of at full speed in bursts.
PERIOD_US = 10_000
#: The shares' names, as the figures say them.
SHARES = {0.5: "half of one core: this machine's two cores at a quarter of their speed",
          0.25: "a quarter of one core"}


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs) -> None:
        """No line per request: the figures are the output."""


def bundle_sizes(app, gid: str) -> None:
    client = app.test_client()
    page = client.get(f"/g/{gid}/round/1").get_data(as_text=True)
    settings = json.loads(html.unescape(re.search(r'data-settings="([^"]+)"', page).group(1)))
    urls = [*settings["files"], settings["bundle"], settings["worker"]]  # what the page fetches
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


def steps(page: Page, when: str) -> str:
    """Where the time went (the marks of js/offline-engine.js): Python started
    (``when``), then, from the offline signal, the log folded and the screen drawn."""
    marks = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType("mark")
        .filter((m) => m.name.startsWith("offline-")).map((m) => [m.name, m.startTime]))""")
    restored = " from the snapshot" if "offline-from-snapshot" in marks else ""
    folded = (f"; Python held the game {(marks['offline-engine'] - marks['offline-start']) / 1000:.2f} s after the offline signal, "
              f"screen drawn {(marks['offline-drawn'] - marks['offline-engine']) / 1000:.2f} s"
              if "offline-drawn" in marks else "")
    return (f"{when}: Pyodide booted{restored} {marks['offline-python'] / 1000:.2f} s after "
            f"the page began, engine imported {(marks['offline-imported'] - marks['offline-python']) / 1000:.2f} s later"
            + folded)


def longest_task(page: Page) -> float:
    """The longest the page's own thread was busy at a stretch since it loaded
    (Long Tasks API, in ms): how long a tap answered meanwhile could wait to be shown."""
    return page.evaluate("""() => new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(Math.max(0, ...list.getEntries().map((entry) => entry.duration)));
        }).observe({ type: "longtask", buffered: true });
        setTimeout(() => resolve(0), 2000);  // none at all
    })""")


def mark_made(page: Page, name: str) -> None:
    """Wait for a mark of js/offline-engine.js (the worker's steps among them):
    ``offline-imported``, Python started in the background once the screen
    was left alone and the page idle; ``offline-snapshot-kept``, its first start on this phone kept its
    snapshot (js/offline-python.js)."""
    page.wait_for_function("(name) => performance.getEntriesByName(name).length > 0", arg=name,
                           timeout=WAIT)


def held_chromium(folder: Path, share: float) -> str | None:
    """A launcher that starts Chromium in a cgroup held to ``share`` of one
    core, or None where no cgroup can be made here."""
    group = HELD[share]
    try:
        group.mkdir(exist_ok=True)
        (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        (group / "cpu.cfs_quota_us").write_text(str(int(PERIOD_US * share)))
    except OSError:
        return None
    launcher = folder / f"chromium-{group.name}"
    launcher.write_text(f"#!/bin/sh\necho $$ > {group}/cgroup.procs\nexec {CHROMIUM} \"$@\"\n")
    launcher.chmod(0o755)
    return str(launcher)


def offline_round(page: Page, base: str, gid: str, slow: int,
                  held: float | None) -> tuple[float, float, float, list[float]]:
    if slow > 1 and held is None:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slow})
    # The first round screen this phone opens: Python's first start, in the
    # background once the page is idle, keeps the snapshot.
    page.goto(f"{base}/g/{gid}/round/1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=WAIT)
    mark_made(page, "offline-imported")
    busiest = longest_task(page)
    mark_made(page, "offline-snapshot-kept")
    print(f"  CPU x{slow}{how(slow, held)}: the first round screen: {steps(page, 'in the background')}; "
          f"the page's thread busy {busiest:.0f} ms at most at a stretch meanwhile")
    # Measured from the signal itself (the browser's own `offline` event would
    # start Python before the measure could begin).
    started = time_to_keeping(page)
    # Every later round screen: no start in the background; the connection
    # drops as soon as the screen is ready, and Python starts from the snapshot.
    page.reload()  # every file now from the browser's caches
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=WAIT)
    early = time_to_keeping(page)
    page.context.set_offline(True)
    print(f"  CPU x{slow}{how(slow, held)}: a later round screen: {steps(page, 'after the cut')}")
    taps = []  # the first taps after that start
    page.locator("#entry button[name=trump][value=H]").click()
    expect(page.locator("#entry button[name=trump][value=H]")).to_have_attribute("aria-pressed", "true")
    for player in (1, 2, 3):
        taps.append(tap_ms(page, f"#bid-{player} button[name=bid][value='{player}']"))
    for value in (0, 1, 2):  # Bob's bid changed again and again (each an entry)
        taps.append(tap_ms(page, f"#bid-1 button[name=bid][value='{value}']"))
    page.context.set_offline(False)
    expect(page.locator("html")).not_to_have_attribute("data-offline", "keeping", timeout=WAIT)
    # The first round screen again, the connection dropping before Python's
    # first start in the background (no snapshot kept yet).
    page.evaluate("() => caches.delete('python-started')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=WAIT)
    first = time_to_keeping(page)
    return first, early, started, taps


def descendants_cpu() -> float:
    """Seconds of CPU (user and system) of every live process under this one:
    Playwright's driver and the browser it started, all its processes."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo += children.get(pid, [])
    return total


def round_screens_cpu(page: Page, base: str, gid: str, count: int = 20) -> float:
    """The browser's CPU per round screen opened and made ready, on a phone
    that keeps every file and Python's snapshot (its first screen made them)."""
    page.goto(f"{base}/g/{gid}/round/1")
    mark_made(page, "offline-snapshot-kept")
    before = descendants_cpu()
    for _ in range(count):
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=WAIT)
    return (descendants_cpu() - before) / count


def how(slow: int, held: float | None) -> str:
    if slow == 1:
        return ""
    return (f" (the browser held to {SHARES[held]})" if held else
            " (CDP throttling: the page's thread slowed, Python's worker not)")


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
    launchers = {share: held_chromium(folder, share) for share in HELD}
    runs = [(1, None, (3, 50))] + ([(4, share, (8, 150)) for share in HELD]
                                   if all(launchers.values()) else [(4, None, (8, 150))])
    with sync_playwright() as playwright:
        device = {k: v for k, v in playwright.devices["Pixel 7"].items()
                  if k != "default_browser_type"}
        for slow, held, budgets in runs:
            browser = playwright.chromium.launch(
                executable_path=launchers[held] if held else CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(**device)
            first, early, started, taps = offline_round(context.new_page(), base, new_game(), slow, held)
            browser.close()
            print(f"CPU x{slow}{how(slow, held)}: ready from cache {early:.2f} s when the connection "
                  f"drops as a round screen gets ready (Python from the snapshot), "
                  f"{started:.2f} s on the first round screen this phone opened, Python started "
                  f"there in the background (budget {budgets[0]} s); {first:.2f} s when it drops "
                  f"on that first screen before Python's first start (no snapshot yet); "
                  f"the first offline taps after a start from the snapshot: median "
                  f"{statistics.median(taps):.0f} ms, max {max(taps):.0f} ms (budget {budgets[1]} ms)")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        spent = round_screens_cpu(browser.new_context(**device).new_page(), base, new_game())
        browser.close()
        print(f"a round screen on a phone that keeps every file and the snapshot: "
              f"{spent:.2f} s of the browser's CPU to open it and be ready without network "
              f"(mean of 20)")
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
