"""Never a silent lost tap, and several phones on one truth (issue 13), in a real Chromium.

Each phone is a Pixel 7 context. A phone goes offline with
``context.set_offline``; an answer is lost on its way back with a route that
lets the request reach the server and then resets the connection; another
phone's screen is kept stale by holding back its polls. Every new state (not
saved, offline, back, changed meanwhile, a stale undo) is photographed into
test-artifacts/ in English, Polish and Estonian, and axe-core checks it.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from screens import photograph
from test_languages import assert_axe_clean, tap

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "pl", "et"]
#: Words of the new states in each language (the catalogues' own translations).
WORDS = {
    "en": {"offline": "No connection", "back": "Connected again", "unsaved": "Not saved yet",
           "changed": "Changed meanwhile on another phone", "stale-undo": "Nothing was undone",
           "undone": "Undone:"},
    "pl": {"offline": "Brak połączenia", "back": "Znowu jest połączenie", "unsaved": "Jeszcze niezapisane",
           "changed": "W międzyczasie zmienione na innym telefonie", "stale-undo": "Niczego nie cofnięto",
           "undone": "Cofnięto:"},
    "et": {"offline": "Ühendust pole", "back": "Ühendus on tagasi", "unsaved": "Veel salvestamata",
           "changed": "Vahepeal teises telefonis muudetud", "stale-undo": "Midagi ei võetud tagasi",
           "undone": "Tagasi võetud:"},
}


@pytest.fixture
def phones(browser: Browser, browser_context_args, base_url):
    """``phones(lang)`` opens one more phone that reads the app in ``lang``."""
    opened = []

    def open_phone(lang: str = "en") -> Page:
        context = browser.new_context(**{**browser_context_args, "base_url": base_url})
        context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
        # The tap queue of a phone whose round screen cannot play on by itself
        # (Pyodide never fetched); test_offline_round.py covers the one that can.
        context.route("**/static/vendor/**", lambda route: route.abort())
        opened.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(error))
        return page

    yield open_phone
    for context in opened:
        context.close()


def open_bids(page: Page) -> None:
    """Choose hearts: the bids step opens with the first bidder's chips."""
    tap(page, "#entry button[name=trump][value=H]")
    expect(page.locator("#step-bids")).to_have_attribute("open", "")


#: What a phone hears the game's changes through: its stream (which sends the
#: panel itself) and, without one, its questions.
UPDATES = ("**/events?*", "**/entry?since=*")


@contextmanager
def updates_held(page: Page):
    """While inside, this phone hears nothing new: its screen stays as drawn.
    Its stream is closed (as a dropped connection would leave it, not yet
    noticed) and neither it nor a question reaches the server."""
    for pattern in UPDATES:
        page.route(pattern, lambda route: route.abort("internetdisconnected"))
    page.evaluate("""() => document.querySelectorAll("[sse-connect]").forEach(function (element) {
        var data = element["htmx-internal-data"];
        if (data && data.sseEventSource) { data.sseEventSource.close(); }
    })""")
    try:
        yield
    finally:
        for pattern in UPDATES:
            page.unroute(pattern)


def two_phones_at_the_bids(phones, seeder, lang: str) -> tuple[str, Page, Page]:
    """A new game on two phones; the first chooses the trump, the second sees the bids open."""
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    first, second = phones(lang), phones(lang)
    for page in (first, second):
        page.goto(f"/g/{gid}/round/1")
    open_bids(first)
    expect(second.locator("#step-bids")).to_have_attribute("open", "", timeout=5_000)
    return gid, first, second


def changes_stored(seeder, gid: str) -> int:
    return seeder.sheet(gid).version


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tap_made_offline_is_marked_not_saved_and_stored_once_when_back(phones, seeder, lang):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones(lang)
    page.goto(f"/g/{gid}/round/1")
    open_bids(page)
    before = changes_stored(seeder, gid)

    page.context.set_offline(True)
    chip = page.locator("#bid-1 button[value='2']")
    chip.click()
    # At once: the chip is marked, its row says why, and the banner says the phone is offline.
    expect(chip).to_have_class("chip tap-unsaved")
    expect(page.locator("#bid-1 .tap-state")).to_contain_text(WORDS[lang]["unsaved"])
    expect(page.locator("#connection")).to_be_visible()
    expect(page.locator("#connection")).to_contain_text(WORDS[lang]["offline"])
    expect(chip).to_have_attribute("aria-pressed", "false")
    assert changes_stored(seeder, gid) == before
    photograph(page, f"lost-taps-{lang}-not-saved")
    assert_axe_clean(page)

    page.context.set_offline(False)
    # Sent again by itself, without a reload: stored once, shown chosen, the banner says so.
    expect(chip).to_have_attribute("aria-pressed", "true", timeout=10_000)
    expect(page.locator("#connection")).to_contain_text(WORDS[lang]["back"])
    expect(page.locator(".tap-unsaved, .tap-pending, .tap-state")).to_have_count(0)
    photograph(page, f"lost-taps-{lang}-back")
    assert_axe_clean(page)
    time.sleep(2)  # a retry or a poll more: still stored once
    assert changes_stored(seeder, gid) == before + 1
    assert seeder.sheet(gid).current.bids == {1: 2}
    assert page.errors == []


def test_taps_made_offline_are_sent_in_order_and_the_last_one_wins(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    page.goto(f"/g/{gid}/round/1")
    open_bids(page)
    before = changes_stored(seeder, gid)
    page.context.set_offline(True)
    page.locator("#bid-1 button[value='0']").click()
    page.locator("#bid-1 button[value='3']").click()  # the same entry, changed before anything arrived
    page.locator("#bid-2 summary").click()  # offline, the screen cannot move on: Cy's row by hand
    page.locator("#bid-2 button[value='1']").click()
    # Bob's row marks only the tap that will stand, 3; 0 goes first, unmarked.
    expect(page.locator(".tap-unsaved")).to_have_count(2)
    expect(page.locator("#bid-1 .tap-unsaved")).to_have_attribute("value", "3")
    expect(page.locator("#bid-1 .tap-state")).to_have_count(1)
    photograph(page, "lost-taps-en-two-on-one-entry")
    page.context.set_offline(False)
    expect(page.locator("#bid-2 button[value='1']")).to_have_attribute("aria-pressed", "true", timeout=10_000)
    expect(page.locator("#bid-1 button[value='3']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".tap-unsaved")).to_have_count(0)
    # Each tap made on the one before it: 0, then 0 → 3, then Cy's 1; no "changed meanwhile".
    assert seeder.sheet(gid).current.bids == {1: 3, 2: 1}
    assert changes_stored(seeder, gid) == before + 3
    expect(page.locator("#entry .error")).to_have_count(0)


def test_an_answer_lost_on_its_way_back_is_sent_again_and_stored_once(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    page.goto(f"/g/{gid}/round/1")
    open_bids(page)
    before = changes_stored(seeder, gid)
    lost = []

    def drop_first_answer(route: Route) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()  # the server gets the bid and stores it
        lost.append(route.request.post_data)
        route.abort("connectionreset")  # the phone never hears

    page.route("**/round/1/bid", drop_first_answer)
    chip = page.locator("#bid-1 button[value='2']")
    chip.click()
    expect(chip).to_have_attribute("aria-pressed", "true", timeout=10_000)
    assert lost, "the answer was not dropped"
    time.sleep(1.5)
    # The repeat carried what it was made on and was answered as done.
    assert changes_stored(seeder, gid) == before + 1
    assert seeder.sheet(gid).current.bids == {1: 2}
    expect(page.locator("#entry .error")).to_have_count(0)
    # One undo takes it back.
    page.locator("#undo button").click()
    expect(page.locator("#entry .notice")).to_contain_text("Undone: Bob: bid 2")
    assert seeder.sheet(gid).current.bids == {}


def test_a_quick_second_tap_shows_pending_and_wins(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    page.goto(f"/g/{gid}/round/1")
    open_bids(page)

    # 1.5 s each way on this phone's network from now on.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
    page.locator("#bid-1 button[value='0']").click()
    expect(page.locator("#bid-1 button[value='0']")).to_have_class("chip tap-pending")
    expect(page.locator("#bid-1")).to_have_attribute("aria-busy", "true")
    page.locator("#bid-1 button[value='1']").click()
    expect(page.locator("#bid-1 button[value='1']")).to_have_class("chip tap-pending")
    expect(page.locator("#bid-1 .tap-pending")).to_have_count(1)  # the tap that will stand
    photograph(page, "lost-taps-en-pending")
    expect(page.locator("#bid-1 button[value='1']")).to_have_attribute("aria-pressed", "true", timeout=10_000)
    expect(page.locator(".tap-pending")).to_have_count(0)
    assert seeder.sheet(gid).current.bids == {1: 1}
    expect(page.locator("#entry .error")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_phones_on_one_entry_the_later_is_told_it_changed_meanwhile(phones, seeder, lang):
    gid, first, second = two_phones_at_the_bids(phones, seeder, lang)
    with updates_held(second):
        tap(first, "#bid-1 button[value='2']")
        second.locator("#bid-1 button[value='3']").click()
        # Refused on the second phone, with the value it has now; nothing stored.
        expect(second.locator("#entry .error")).to_contain_text(WORDS[lang]["changed"])
        expect(second.locator("#entry .error")).to_contain_text("2")
        expect(second.locator("#bid-1 button[value='2']")).to_have_attribute("aria-pressed", "true")
    assert seeder.sheet(gid).current.bids == {1: 2}
    photograph(second, f"lost-taps-{lang}-changed-meanwhile")
    assert_axe_clean(second)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_undo_on_a_stale_screen_undoes_nothing_and_offers_the_newer_entry(phones, seeder, lang):
    gid, first, second = two_phones_at_the_bids(phones, seeder, lang)
    with updates_held(second):
        tap(first, "#bid-1 button[value='2']")
        second.locator("#undo button").click()  # it names the trump, what this screen shows last
        expect(second.locator("#entry .error")).to_contain_text(WORDS[lang]["stale-undo"])
        # The choice: the undo bar now names the newer entry.
        expect(second.locator("#undo button")).to_contain_text("Bob")
    assert seeder.sheet(gid).current.bids == {1: 2}
    assert seeder.sheet(gid).current.trump == "H"
    photograph(second, f"lost-taps-{lang}-stale-undo")
    assert_axe_clean(second)
    second.locator("#undo button").click()
    expect(second.locator("#entry .notice")).to_contain_text(WORDS[lang]["undone"])
    assert seeder.sheet(gid).current.bids == {}


def test_focus_stays_on_the_focused_chip_across_an_update_from_another_phone(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    page.goto(f"/g/{gid}/round/1")
    # Another phone (the seeder's client) enters the trump and Bob's bid: this one follows.
    seeder.post(gid, "/round/1/trump", trump="H")
    seeder.post(gid, "/round/1/bid", player=1, bid=1)
    expect(page.locator("#bid-1 button[value='1']")).to_have_attribute("aria-pressed", "true", timeout=5_000)
    # The keyboard is on one of Cy's chips when Di's bid comes in from the other phone.
    chip = page.locator("#bid-2 button[value='3']")
    chip.focus()
    page.evaluate("document.activeElement.focusMark = 'here'")  # a property: morphing keeps the element
    seeder.post(gid, "/round/1/bid", player=3, bid=0)
    expect(page.locator("#bid-3 button[value='0']")).to_have_attribute("aria-pressed", "true", timeout=5_000)
    expect(page.locator("#bids-tally")).to_contain_text("1")
    # The very same element still has focus (morphed, not replaced).
    assert page.evaluate("document.activeElement.focusMark") == "here"
    expect(chip).to_be_focused()


def test_the_undo_bar_comes_with_the_tap_and_undo_keeps_the_scroll_position(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di", "Ed"])
    page = phones()
    page.set_viewport_size({"width": 360, "height": 560})
    page.goto(f"/g/{gid}/round/1")
    expect(page.locator("#undo-bar button")).to_have_count(0)
    open_bids(page)
    expect(page.locator("#undo button")).to_contain_text("Trump")
    tap(page, "#bid-1 button[value='2']")
    expect(page.locator("#undo button")).to_contain_text("Bob")
    page.locator("#undo button").scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 100
    page.locator("#undo button").click()
    expect(page.locator("#entry .notice")).to_contain_text("Undone: Bob: bid 2")
    assert abs(page.evaluate("window.scrollY") - scrolled) < 80


def test_closing_a_round_offline_keeps_the_app_and_closes_it_when_back(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    # Round 1 with everything but the close (the seeder plays a whole round; here all but Close).
    rnd = seeder.sheet(gid).current
    seeder.post(gid, "/round/1/trump", trump="H")
    for seat in rnd.order:
        seeder.post(gid, "/round/1/bid", player=seat, bid=1 if seat == rnd.dealer else 0)
    for index, seat in enumerate(rnd.order):
        seeder.post(gid, "/round/1/tricks", player=seat, tricks=rnd.cards if index == 0 else 0)
    page.goto(f"/g/{gid}/round/1")
    page.context.set_offline(True)
    close = page.locator("#close button[type=submit]")
    close.click()
    expect(close).to_have_class("primary wide tap-unsaved")
    expect(page.locator("#connection")).to_contain_text("No connection")
    assert page.url.endswith(f"/g/{gid}/round/1")
    expect(page.locator("h1")).to_contain_text("Round 1")
    photograph(page, "lost-taps-en-close-offline")
    page.context.set_offline(False)
    expect(page.locator("h1")).to_contain_text("Round 2", timeout=10_000)
    assert seeder.sheet(gid).rounds[0].closed


def test_a_plain_form_tapped_offline_waits_and_is_sent_when_back(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    page.goto(f"/g/{gid}/round/1")
    page.context.set_offline(True)
    page.locator("#language-menu > summary").click()  # the menu opens first
    page.locator("#languages").get_by_role("button", name="Polski").click()
    expect(page.locator("#connection")).to_contain_text("No connection")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # still the app, not an error page
    page.context.set_offline(False)
    expect(page.locator("html")).to_have_attribute("lang", "pl", timeout=10_000)


def test_a_plain_post_that_fails_gets_the_offline_page_not_the_browsers_error(phones, seeder):
    """When the phone believes it is online, a plain form goes out as it is;
    if the network then fails, the service worker answers with its offline page."""
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    page.goto(f"/g/{gid}/round/1")
    assert page.evaluate(
        "navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ? true :"
        " new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange',"
        " () => resolve(true))))") is True
    page.context.set_offline(True)
    # form.submit() fires no submit event: js/taps.js does not see it, as with a lying navigator.onLine.
    with page.expect_navigation():
        page.evaluate("document.getElementById('languages').submit()")
    expect(page.locator("h1")).to_have_text("No connection")
    assert not page.url.startswith("chrome-error:")
    page.context.set_offline(False)
    # Back by itself: the post's address has no page, so to the page the form was on.
    expect(page.locator("h1")).to_have_text("Round 1 of 19", timeout=15_000)
    assert page.url.endswith(f"/g/{gid}/round/1")


def test_a_tap_not_yet_sent_survives_a_reload_and_is_stored_once(phones, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page = phones()
    page.goto(f"/g/{gid}/round/1")
    open_bids(page)
    before = changes_stored(seeder, gid)
    # The bid never reaches the server: the tap is kept as not saved.
    page.route("**/round/1/bid", lambda route: route.abort("internetdisconnected"))
    page.locator("#bid-1 button[value='2']").click()
    expect(page.locator("#bid-1 .tap-unsaved")).to_have_count(1)
    assert changes_stored(seeder, gid) == before
    # The page is reloaded before the connection comes back: the tap is still there, and sent.
    page.unroute("**/round/1/bid")
    page.reload()
    expect(page.locator("#bid-1 button[value='2']")).to_have_attribute("aria-pressed", "true", timeout=10_000)
    time.sleep(1.5)
    assert changes_stored(seeder, gid) == before + 1
    assert seeder.sheet(gid).current.bids == {1: 2}
    # Answered: nothing is kept to send again after one more reload.
    page.reload()
    time.sleep(1.5)
    assert changes_stored(seeder, gid) == before + 1
    assert page.errors == []
