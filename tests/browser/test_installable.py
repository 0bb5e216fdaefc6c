"""Installable and useful offline: Chromium finds the app installable, the
service worker serves the static files and an offline page without a network,
and it never keeps a game's pages or answers.

Chromium refuses to install from an incognito profile, and every context of
``browser.new_context`` is one (``getInstallabilityErrors`` says "in-incognito"
and ``beforeinstallprompt`` never fires there). The installability test
therefore runs in a persistent profile (``launch_persistent_context``); there
headless Chromium 156 does fire ``beforeinstallprompt``.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.browser

#: Each cache of the origin and the paths of what it holds.
CACHED_PATHS = """
caches.keys().then((names) => Promise.all(names.map((name) =>
  caches.open(name).then((cache) => cache.keys()).then((requests) =>
    [name, requests.map((request) => new URL(request.url).pathname)]))))
"""
#: Resolves once a worker controls the page.
CONTROLLED = """
navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ? true :
  new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true))))
"""


@pytest.fixture
def installed_profile(playwright, tmp_path, desktop_chromium_args, browser_context_args, base_url):
    """The same phone with a real (not incognito) browser profile, in the
    whole Chromium: only the desktop browser decides whether a site installs."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **desktop_chromium_args, **{**browser_context_args, "base_url": base_url}
    )
    context.add_init_script(
        "window.installPrompts = [];"
        "addEventListener('beforeinstallprompt', (event) => installPrompts.push(event.platforms));"
    )
    yield context
    context.close()


@pytest.fixture(scope="module")
def game(seeder) -> str:
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    return gid


def installability_errors(context: BrowserContext, page: Page) -> list[str]:
    session = context.new_cdp_session(page)
    try:
        return [e["errorId"] for e in session.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    finally:
        session.detach()


def controlled(page: Page) -> None:
    assert page.evaluate(CONTROLLED) is True


def test_chromium_reports_the_app_installable(installed_profile: BrowserContext):
    page = installed_profile.new_page()
    page.goto("/")
    controlled(page)
    page.wait_for_function("installPrompts.length > 0")
    assert page.evaluate("installPrompts") == [["web"]]
    assert installability_errors(installed_profile, page) == []

    session = installed_profile.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/static/manifest.webmanifest")


def test_without_the_manifest_chromium_would_not_install_it(installed_profile: BrowserContext):
    """The control for the test above: the same origin and worker, and a
    document without the manifest link (an icon, opened as a page).

    (Blocking the manifest with ``context.route`` would keep the service
    worker from ever becoming ready, and taking the link out of the page as it
    loads races with Chromium, which may already have read it.)
    """
    page = installed_profile.new_page()
    page.goto("/")
    controlled(page)
    page.goto("/static/icons/icon-192.png")
    assert page.evaluate("navigator.serviceWorker.controller !== null"), "the worker answers here too"
    page.wait_for_timeout(500)
    assert page.evaluate("installPrompts") == []
    assert installability_errors(installed_profile, page) == ["no-manifest"]


def test_offline_the_static_files_come_from_the_cache_and_pages_say_offline(page: Page, game):
    # (A game whose round screen this phone never opened: it holds nothing of it.)
    page.goto("/")
    controlled(page)
    page.context.set_offline(True)
    try:
        for path in ("/static/css/app.css", "/static/js/htmx-2.0.11.min.js", "/static/icons/icon-192.png",
                     "/static/js/keep-awake.js", "/static/manifest.webmanifest"):
            assert page.evaluate("(path) => fetch(path).then((r) => r.status, () => 'failed')", path) == 200, path
        # Game data is never answered from a cache: the poll of the entry panel fails.
        assert page.evaluate(f"fetch('/g/{game}/round/1/entry').then((r) => r.status, () => 'failed')") == "failed"

        page.goto(f"/g/{game}/standings")
        expect(page.locator("h1")).to_have_text("No connection")
        assert page.url.endswith(f"/g/{game}/standings")
        # Styled, from the cached stylesheet.
        assert page.evaluate("getComputedStyle(document.querySelector('#offline')).borderRadius") == "12px"
        expect(page.get_by_role("link", name="Try again")).to_be_visible()
        page.context.set_offline(False)
        # Back by itself (js/offline.js), or by the tap on Try again: either way the page.
        expect(page.locator("h1")).to_have_text("Standings", timeout=15_000)
    finally:
        page.context.set_offline(False)


def test_the_offline_page_loads_the_wanted_page_by_itself_when_the_connection_is_back(
        page: Page, game):
    page.goto(f"/g/{game}/round/1")
    controlled(page)
    page.context.set_offline(True)
    try:
        page.goto(f"/g/{game}/history")
        expect(page.locator("h1")).to_have_text("No connection")
    finally:
        page.context.set_offline(False)
    expect(page.locator("h1")).to_have_text("History", timeout=15_000)  # no tap needed


def engine_bundle(page: Page) -> str:
    """The address of the engine bundle the round screen names."""
    return json.loads(page.locator("#offline-engine").get_attribute("data-settings"))["bundle"]


def test_the_worker_keeps_a_scorers_round_screen_and_no_other_page_or_answer(page: Page, game):
    page.goto(f"/g/{game}/round/1")
    controlled(page)
    page.reload()  # now through the worker
    bundle = engine_bundle(page)
    page.locator("#entry button[name=trump][value=S]").click()
    expect(page.locator("#entry button[name=trump][value=S]")).to_have_attribute("aria-pressed", "true")
    page.goto(f"/g/{game}/standings")
    page.goto(f"/g/{game}/history")
    # The round screen, kept to open the game with no network (docs/offline.md), under the link's folder.
    page.wait_for_function(f"caches.match('/g/{game}/').then((kept) => kept ? kept.text() : '')"
                           ".then((text) => text.includes('id=\"entry\"'))")
    caches = dict(page.evaluate(CACHED_PATHS))
    # Besides the worker's cache, only Python's snapshot once it is made (js/offline-python.js).
    assert [name for name in caches if not name.startswith("scorekeeper-")] in ([], ["python-started"])
    assert set(caches.get("python-started", [])) <= {bundle}
    kept = [name for name in caches if name.startswith("scorekeeper-")]
    assert len(kept) == 1
    paths = caches[kept[0]]
    assert "/offline" in paths and "/static/css/app.css" in paths
    assert [p for p in paths if not (p.startswith(("/static/", "/engine/")) or p == "/offline")] == [
        f"/g/{game}/"]


#: The page's address and start, and each cache's offline page's language.
WHAT_IS_KEPT = """async () => {
  const kept = [];
  for (const key of await caches.keys()) {
    const page = await (await caches.open(key)).match('/offline');
    kept.push([key, page ? /<html lang="([^"]*)"/.exec(await page.text())[1] : null]);
  }
  return {url: location.href, page: document.documentElement.outerHTML.slice(0, 300), kept,
          controlled: Boolean(navigator.serviceWorker.controller)};
}"""


def test_the_offline_page_follows_the_devices_language(page: Page, game):
    page.goto("/")
    controlled(page)
    page.locator("#language-menu > summary").click()
    page.locator("#languages").get_by_role("button", name="Polski").click()
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    # The page told the worker its language; the worker fetched the Polish page.
    page.wait_for_function(
        "caches.match('/offline').then((r) => (r ? r.text() : '')).then((t) => t.includes('<html lang=\"pl\"'))"
    )
    page.context.set_offline(True)
    try:
        page.goto(f"/g/{game}/round/1")
        try:
            expect(page.locator("html")).to_have_attribute("lang", "pl")
        except AssertionError as failed:  # what the phone holds, for the one who reads the failure
            raise AssertionError(page.evaluate(WHAT_IS_KEPT)) from failed
        expect(page.get_by_role("link", name="Spróbuj ponownie")).to_be_visible()
    finally:
        page.context.set_offline(False)
