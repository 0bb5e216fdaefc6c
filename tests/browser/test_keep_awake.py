"""The screen stays on while a game screen is open (Screen Wake Lock API), with
a switch to turn that off which this device remembers."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: A stand-in for navigator.wakeLock that counts requests, and a way to hide and
#: show the page (headless Chromium never hides a page). As a phone does, hiding
#: the page releases the lock it holds.
FAKE_WAKE_LOCK = """
(() => {
  let hidden = false;
  const held = new Set();
  window.wakeLockRequests = 0;
  window.wakeLockReleases = 0;
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true, get: () => (hidden ? "hidden" : "visible"),
  });
  function sentinel() {
    const lock = new EventTarget();
    lock.type = "screen";
    lock.released = false;
    lock.release = async () => {
      if (lock.released) return;
      lock.released = true;
      held.delete(lock);
      window.wakeLockReleases += 1;
      lock.dispatchEvent(new Event("release"));
    };
    return lock;
  }
  Object.defineProperty(Navigator.prototype, "wakeLock", {
    configurable: true,
    get: () => ({
      request: async (type) => {
        if (type !== "screen" || hidden) throw new DOMException("refused", "NotAllowedError");
        window.wakeLockRequests += 1;
        const lock = sentinel();
        held.add(lock);
        return lock;
      },
    }),
  });
  window.setPageHidden = (isHidden) => {
    hidden = isHidden;
    if (hidden) [...held].forEach((lock) => lock.release());
    document.dispatchEvent(new Event("visibilitychange"));
  };
})();
"""


@pytest.fixture(scope="module")
def round_url(seeder) -> str:
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    return f"/g/{gid}/round/1"


def is_locked(page: Page) -> None:
    expect(page.locator("#keep-awake")).to_have_attribute("data-locked", "true")


@pytest.fixture
def desktop_page(desktop_chromium, browser_context_args, base_url):
    """A phone in the whole Chromium: the headless shell grants no wake lock."""
    context = desktop_chromium.new_context(**{**browser_context_args, "base_url": base_url})
    yield context.new_page()
    context.close()


def test_a_game_screen_keeps_the_screen_on_in_chromium(desktop_page: Page, round_url):
    page = desktop_page
    page.goto(round_url)
    page.locator("#device-settings > summary").click()  # this phone's settings, folded
    switch = page.get_by_role("switch", name="Keep the screen on during the game")
    expect(switch).to_be_visible()
    expect(switch).to_be_checked()
    is_locked(page)  # the real API: headless Chromium grants the lock


def test_the_lock_is_asked_for_again_when_the_page_is_visible_again(page: Page, round_url):
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(round_url)
    is_locked(page)
    assert page.evaluate("wakeLockRequests") == 1
    page.evaluate("setPageHidden(true)")
    expect(page.locator("#keep-awake")).to_have_attribute("data-locked", "false")
    page.evaluate("setPageHidden(false)")
    is_locked(page)
    assert page.evaluate("[wakeLockRequests, wakeLockReleases]") == [2, 1]
    # An htmx swap of the round's entry panel keeps the one lock it has.
    page.locator("#entry button[name=trump][value=C]").click()
    expect(page.locator("#entry button[name=trump][value=C]")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("wakeLockRequests") == 2


def test_the_switch_turns_it_off_and_this_device_remembers(page: Page, round_url):
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(round_url)
    is_locked(page)
    page.locator("#device-settings > summary").click()  # this phone's settings, folded
    switch = page.get_by_role("switch", name="Keep the screen on during the game")
    switch.uncheck()
    expect(page.locator("#keep-awake")).to_have_attribute("data-locked", "false")
    assert page.evaluate("wakeLockReleases") == 1

    page.goto(round_url.replace("/round/1", "/standings"))  # another screen of the game
    page.locator("#device-settings > summary").click()
    expect(switch).not_to_be_checked()
    page.evaluate("setPageHidden(true); setPageHidden(false)")
    assert page.evaluate("wakeLockRequests") == 0, "switched off: never asked for"

    switch.check()
    is_locked(page)
    page.reload()
    page.locator("#device-settings > summary").click()
    expect(switch).to_be_checked()
    is_locked(page)


def test_without_the_api_there_is_no_switch_and_no_error(page: Page, round_url):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script("delete Navigator.prototype.wakeLock")
    page.goto(round_url)
    expect(page.locator("#entry")).to_be_visible()
    assert page.evaluate("'wakeLock' in navigator") is False
    expect(page.locator("#keep-awake")).to_be_hidden()
    assert errors == []


def test_pages_outside_a_game_do_not_keep_the_screen_on(page: Page):
    page.goto("/new")
    expect(page.locator("#keep-awake")).to_have_count(0)
