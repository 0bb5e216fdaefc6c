"""A round screen that loses its connection plays on (issue 39, docs/offline.md),
in a real Chromium at a Pixel 7: Python starts on the phone (Pyodide) with the
game's log, the taps are applied by the project's own rules and game code, and
when the connection is back the phone's own log goes to the server in order."""

from __future__ import annotations

import html
import json
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: Starting Python from the cache takes a few seconds here, many more under load.
START = 180_000

# cardgames with Ann dealing first: bidding order Bob, Cy, Di, Ann; 10 cards.
NAMES = ["Ann", "Bob", "Cy", "Di"]
ORDER = [1, 2, 3, 0]
BIDS = {1: 3, 2: 2, 3: 4, 0: 0}  # Ann may not bid 1: the bids would total 10
TRICKS = {1: 3, 2: 3, 3: 4}  # Ann's 0 is filled in from the countdown


def tap(page: Page, selector: str) -> None:
    """Tap a chip and wait until the panel shows it pressed."""
    page.locator(selector).click()
    expect(page.locator(selector)).to_have_attribute("aria-pressed", "true")


def standings_shown(page: Page) -> dict[str, int]:
    """Each player's total as the phone's standings table shows it."""
    rows = page.locator("#offline-standings #standings tbody tr")
    return {rows.nth(i).locator("td").nth(1).inner_text().replace("★", "").strip():
            int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(rows.count())}


def test_a_round_played_offline_is_scored_by_the_engine_and_sent_when_back(page: Page, seeder, shoot,
                                                                          live_server):
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    # Every request of the page, its Python worker and its service worker.
    # (pyodide.js names a CDN as the place of packages outside its own folder;
    # the phone asks for none of them.)
    asked = []
    page.context.on("request", lambda request: asked.append(request.url))
    gid = seeder.start(NAMES)
    page.goto(f"/g/{gid}/round/1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)

    page.context.set_offline(True)
    # The browser says it is offline: Python starts (the page is busy meanwhile).
    expect(page.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)
    page.locator("#entry button[name=trump][value=S]").click()
    expect(page.locator("#connection")).to_contain_text("this phone keeps the score itself")
    expect(page.locator("#entry button[name=trump][value=S]")).to_have_attribute("aria-pressed", "true")

    for player in ORDER[:3]:
        tap(page, f"#bid-{player} button[name=bid][value='{BIDS[player]}']")
    # The hook rule, from the rules engine on the phone: the dealer's 1 is struck out.
    forbidden = page.locator("#bid-0 button[name=bid][value='1']")
    expect(forbidden).to_be_disabled()
    expect(forbidden).to_have_class("chip forbidden")
    tap(page, "#bid-0 button[name=bid][value='0']")
    for player in ORDER[:3]:
        tap(page, f"#tricks-{player} button[name=tricks][value='{TRICKS[player]}']")
    expect(page.locator("#tricks-left")).to_have_text("0")
    shoot("offline-round-1-before-close")
    page.locator("#close button[type=submit]").click()
    expect(page.locator(".round-head h1")).to_have_text("Round 2 of 19")
    expect(page.locator("#scored-notice")).to_contain_text("Round 1 scored")

    # Round 2 (Bob deals, 9 cards): a trump, taken back, and another.
    page.locator("#entry button[name=trump][value=D]").click()
    expect(page.locator("#entry button[name=trump][value=D]")).to_have_attribute("aria-pressed", "true")
    page.locator("#undo button[type=submit]").click()
    expect(page.locator("#entry")).to_contain_text("Undone: Trump: diamonds")
    tap(page, "#entry button[name=trump][value=C]")
    shown = standings_shown(page)
    shoot("offline-round-2")
    assert errors == []

    # The same log through the server's engine (a second game, same entries).
    twin = seeder.start(NAMES)
    seeder.post(twin, "/round/1/trump", trump="S")
    for player in ORDER:
        seeder.post(twin, "/round/1/bid", player=player, bid=BIDS[player])
    for player in ORDER[:3]:
        seeder.post(twin, "/round/1/tricks", player=player, tricks=TRICKS[player])
    seeder.post(twin, "/round/1/close", player=0, tricks=0)
    engine = {s_name: total for s_name, total in (
        (seeder.sheet(twin).name(s.player), s.total) for s in seeder.sheet(twin).standings)}
    assert shown == engine

    page.context.set_offline(False)
    page.wait_for_url(f"**/g/{gid}/round/2", timeout=START)
    expect(page.locator("#entry button[name=trump][value=C]")).to_have_attribute("aria-pressed", "true")
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert {s["player"]: s["total"] for s in exported["standings"]} == shown
    first = exported["rounds"][0]
    assert first["trump"] == "S" and first["closed"]
    assert first["bids"] == {NAMES[p]: BIDS[p] for p in ORDER}
    assert first["tricks"] == {**{NAMES[p]: TRICKS[p] for p in ORDER[:3]}, "Ann": 0}
    assert exported["rounds"][1]["trump"] == "C"
    assert any("/pyodide.asm.wasm" in url for url in asked)
    # The standard library compiled ahead (tools/stdlib_bytecode.mjs), not Pyodide's sources.
    assert any(url.endswith("/stdlib-bytecode-0.27.8.zip") for url in asked)
    assert not any(url.endswith("/python_stdlib.zip") for url in asked)
    assert [url for url in asked if not url.startswith(live_server)] == []
    # Each entry once: trump, four bids, four tricks (Ann's with the close), close;
    # then round 2's diamonds, its undo, and clubs.
    kinds = [change["kind"] for change in exported["stored"]["changes"]]
    assert kinds == ["trump", *["bid"] * 4, *["tricks"] * 4, "close", "trump", "undo", "trump"]
    shoot("offline-synced")


@pytest.mark.parametrize("path", ["/new", "/clubs/new", "/players"])
def test_pages_that_never_go_offline_never_load_pyodide(page: Page, path):
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(path)
    page.wait_for_load_state("networkidle")
    assert not [url for url in asked if "/vendor/pyodide" in url or "/engine/" in url]
    assert page.evaluate("() => typeof window.loadPyodide") == "undefined"
    assert page.evaluate("() => document.documentElement.dataset.offline") is None


def counting_workers(failing: int = 0) -> str:
    """Before the page's scripts: the workers the page makes are counted
    (``window.workersMade``; Python's is the only one) and timed
    (``window.workersAt``, in ms of the page's clock), and the first
    ``failing`` of them fail to load, as ones whose files were cut off on
    their way."""
    return """
(function () {
  var Real = window.Worker;
  window.workersMade = 0;
  window.workersAt = [];
  window.Worker = function (url) {
    window.workersMade += 1;
    window.workersAt.push(performance.now());
    return new Real(window.workersMade <= %d ? "/no-such-worker.js" : url);
  };
})();
""" % failing


def starts_failing(times: int) -> str:
    """Before the page's scripts: no start in the background (the connection
    drops first), and the first ``times`` workers Python is started in fail."""
    return "window.requestIdleCallback = function () { return 0; };\n" + counting_workers(times)


def trump_tapped_as_the_start_fails(page: Page, seeder, times: int) -> str:
    """A round screen made ready, the first ``times`` starts of Python made to
    fail, the network cut and spades tapped meanwhile; the game's link."""
    gid = seeder.start(NAMES)
    page.add_init_script(starts_failing(times))
    page.goto(f"/g/{gid}/round/1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    expect(page.locator("#offline-ready")).to_be_visible()
    page.context.set_offline(True)
    page.locator("#entry button[name=trump][value=S]").click()
    return gid


def test_a_start_that_fails_offline_is_tried_again_and_the_tap_made_meanwhile_is_kept(
        page: Page, seeder):
    gid = trump_tapped_as_the_start_fails(page, seeder, 1)
    trump = page.locator("#entry button[name=trump][value=S]")
    expect(page.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)
    assert page.evaluate("window.workersMade") == 2
    expect(trump).to_have_attribute("aria-pressed", "true")
    tap(page, "#bid-1 button[name=bid][value='3']")

    page.context.set_offline(False)
    # Sent, then the game opened again where the server has it.
    expect(page.locator("html")).not_to_have_attribute("data-offline", "keeping", timeout=START)
    expect(page.locator("#bid-1 button[name=bid][value='3']")).to_have_attribute("aria-pressed", "true")
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert [change["kind"] for change in exported["stored"]["changes"]] == ["trump", "bid"]
    assert exported["rounds"][0]["trump"] == "S"


def test_a_start_that_never_succeeds_says_the_phone_is_not_ready_and_keeps_the_taps(
        page: Page, seeder):
    gid = trump_tapped_as_the_start_fails(page, seeder, 99)
    # The first start and its three tries again, 2 s apart.
    expect(page.locator("html")).to_have_attribute("data-offline", "unready", timeout=START)
    assert page.evaluate("window.workersMade") == 4
    expect(page.locator("#offline-ready")).to_be_hidden()
    expect(page.locator("#connection")).to_contain_text("kept on this phone")

    page.context.set_offline(False)
    # taps.js sent the trump it kept.
    expect(page.locator("#entry button[name=trump][value=S]")).to_have_attribute(
        "aria-pressed", "true", timeout=START)
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert [change["kind"] for change in exported["stored"]["changes"]] == ["trump"]


def mark_made(page: Page, name: str) -> None:
    """Wait for a mark of js/offline-engine.js (the worker's steps among them)."""
    page.wait_for_function("(name) => performance.getEntriesByName(name).length > 0", arg=name,
                           timeout=START)


def snapshots_kept(page: Page) -> dict[str, int]:
    """The Python snapshots this phone keeps: their keys and sizes in bytes."""
    return page.evaluate("""() => caches.open("python-started").then((cache) => cache.keys().then(
        (keys) => Promise.all(keys.map((key) => cache.match(key).then((kept) => kept.arrayBuffer())
            .then((bytes) => [key.url, bytes.byteLength]))))).then(Object.fromEntries)""")


#: How long a round screen must be left alone before Python's first start in
#: the background may begin (``QUIET`` in js/offline-engine.js), in ms.
QUIET = 5000
#: Resolves once the screen has been left alone that long, the page has been
#: idle (when a start in the background would begin) and a second more.
AFTER_QUIET_IDLE_AND_A_SECOND = """() => new Promise((done) => setTimeout(
    () => requestIdleCallback(() => setTimeout(done, 1000)), %d))""" % QUIET


def test_later_round_screens_start_python_only_when_offline_from_the_snapshot_the_first_kept(
        page: Page, seeder):
    gid = seeder.start(NAMES)
    drawn = seeder.client.get(f"/g/{gid}/round/1").get_data(as_text=True)
    settings = json.loads(html.unescape(re.search(r'data-settings="([^"]+)"', drawn).group(1)))
    # Kept before: a snapshot of another engine bundle, and one of this bundle
    # that Pyodide cannot take (cut short, as by a full disk).
    page.goto("/")
    key = page.evaluate("""(where) => caches.open(where.cache).then((cache) => Promise.all([
        cache.put("/engine/0000000000000000/engine.zip?pyodide=old", new Response(new Uint8Array(1 << 20))),
        cache.put(where.key, new Response(new Uint8Array(4096))),
    ])).then(() => new URL(where.key, location.href).href)""", settings["snapshot"])
    page.add_init_script(counting_workers())
    page.goto(f"/g/{gid}/round/1")
    mark_made(page, "offline-snapshot-kept")
    kept = snapshots_kept(page)
    assert list(kept) == [key]
    assert kept[key] > 10_000_000  # Python's memory, the engine imported

    # Every later round screen starts Python only when the connection drops,
    # from the snapshot, and reads neither Pyodide nor the engine again (the
    # service worker holds them: static/sw.js); only the worker's small script
    # loads, to ask whether the snapshot is kept.
    files = [*settings["files"], settings["bundle"]]
    asked = []
    page.context.on("request", lambda request: asked.append(request.url))
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    page.evaluate(AFTER_QUIET_IDLE_AND_A_SECOND)
    assert page.evaluate("performance.getEntriesByName('offline-boot').length") == 0
    assert [url for url in asked if any(url.endswith(file) for file in files)] == []
    page.context.set_offline(True)
    expect(page.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)
    assert page.evaluate("window.workersMade") == 1
    assert page.evaluate("performance.getEntriesByName('offline-from-snapshot').length") == 1
    tap(page, "#entry button[name=trump][value=S]")
    for player in ORDER[:3]:
        tap(page, f"#bid-{player} button[name=bid][value='{BIDS[player]}']")
    expect(page.locator("#bid-0 button[name=bid][value='1']")).to_be_disabled()

    page.context.set_offline(False)
    expect(page.locator("html")).not_to_have_attribute("data-offline", "keeping", timeout=START)
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert [change["kind"] for change in exported["stored"]["changes"]] == ["trump", "bid", "bid", "bid"]


#: Before the page's scripts: when each tap, key and request was made, in ms
#: of the page's clock.
BUSY_TIMED = """
window.busyAt = [];
["pointerdown", "keydown", "htmx:beforeRequest"].forEach(function (name) {
  document.addEventListener(name, function () { window.busyAt.push(performance.now()); }, true);
});
"""


def test_pythons_first_start_waits_until_the_round_screen_is_left_alone(page: Page, seeder):
    """While the scorer taps, the phone's CPU is theirs: Python's first start
    in the background, which keeps the snapshot, begins only once the round
    screen has had no tap for a while, and then ends. (Begun at once, it
    slowed the bids on a modest phone, and a screen closed before it ended
    threw it away.) Timed by the page's own clock, however slow the machine."""
    gid = seeder.start(NAMES)
    page.add_init_script(BUSY_TIMED + counting_workers())
    page.goto(f"/g/{gid}/round/1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    ready = page.evaluate("performance.now()")
    tap(page, "#entry button[name=trump][value=S]")
    for player in ORDER[:3]:
        tap(page, f"#bid-{player} button[name=bid][value='{BIDS[player]}']")
    mark_made(page, "offline-snapshot-kept")
    busy, workers = page.evaluate("[window.busyAt, window.workersAt]")
    assert len(workers) == 1, workers
    # It came after a tap, and the quiet time after the last tap or request
    # before it (on a loaded machine a tap's answer may itself take that long,
    # so the later taps may come during the start).
    before = [at for at in busy if at < workers[0]]
    assert before, (busy, workers)
    assert workers[0] >= max(ready, *before) + QUIET, (ready, busy, workers)
    assert list(snapshots_kept(page).values())[0] > 10_000_000


#: The page never idle (so Python makes no start in the background) until the
#: test lets it be, for this tab's later pages.
IDLE_ONLY_WHEN_LET = """if (!sessionStorage.getItem("idle-let")) {
    window.requestIdleCallback = function () { return 0; };
}"""


def test_a_phone_cut_off_before_pythons_first_start_holds_its_game_first_and_keeps_no_snapshot_then(
        page: Page, seeder):
    gid = seeder.start(NAMES)
    page.add_init_script(IDLE_ONLY_WHEN_LET)
    page.goto(f"/g/{gid}/round/1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    # Cut off before Python ever started on this phone: it starts from nothing
    # and holds the game, with no template compiled ahead and no snapshot made.
    page.context.set_offline(True)
    expect(page.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)
    tap(page, "#entry button[name=trump][value=S]")
    assert page.evaluate("performance.getEntriesByName('offline-from-snapshot').length") == 0
    assert snapshots_kept(page) == {}

    # Online again: the next round screen makes the start in the background,
    # and keeps its snapshot.
    page.evaluate("sessionStorage.setItem('idle-let', '1')")
    page.context.set_offline(False)
    expect(page.locator("html")).not_to_have_attribute("data-offline", "keeping", timeout=START)
    mark_made(page, "offline-snapshot-kept")
    assert list(snapshots_kept(page).values())[0] > 10_000_000
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert [change["kind"] for change in exported["stored"]["changes"]] == ["trump"]


def test_a_round_screen_the_service_worker_does_not_hold_yet_is_taken_over_and_gets_ready(
        page: Page, seeder):
    """A page still loading when the service worker claims its pages is
    skipped by the claim (the spec's "execution ready" flag), as is a page
    reloaded past the worker (a hard reload): such a round screen never got
    ready, waiting for a worker that would not take it over. It now asks the
    worker to, and gets ready."""
    gid = seeder.start(NAMES)
    page.goto(f"/g/{gid}/round/1")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    page.add_init_script("window.heldAtStart = Boolean(navigator.serviceWorker.controller);")
    session = page.context.new_cdp_session(page)
    with page.expect_navigation():
        session.send("Page.reload", {"ignoreCache": True})  # past the worker, as Shift+reload
    assert page.evaluate("window.heldAtStart") is False
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    expect(page.locator("#offline-ready")).to_be_visible()
