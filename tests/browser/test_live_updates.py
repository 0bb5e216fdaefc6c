"""Phones on one game follow it through the game's stream (Server-Sent
Events), not by asking every second: a quiet game costs no request, a tap on
one phone reaches the others in the stream itself (the panel, no request),
and a phone whose stream is cut still gets the change by asking (js/live.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.web import live

pytestmark = pytest.mark.browser

#: How long a phone with an open stream is watched for requests it should not make.
QUIET_SECONDS = 3


def panel_requests(page) -> list[str]:
    """Every request this page makes for the round's panel, from now on."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url)
            if "/round/1/entry" in request.url else None)
    return seen


def open_phones(browser, browser_context_args, base_url, count):
    return [browser.new_context(**{**browser_context_args, "base_url": base_url})
            for _ in range(count)]


def tap_bid(page, player: int, bid: int) -> None:
    page.locator("#step-bids > summary").click()
    page.locator(f"#bid-{player} button[value='{bid}']").click()
    expect(page.locator(f"#bid-{player} button[value='{bid}']")).to_have_attribute(
        "aria-pressed", "true")


def test_phones_on_a_stream_ask_nothing_while_quiet_and_see_each_others_taps(
        browser: Browser, browser_context_args, base_url, seeder, shoot):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    phones = open_phones(browser, browser_context_args, base_url, 2)
    try:
        first, second = (phone.new_page() for phone in phones)
        streams = []
        second.on("request", lambda request: streams.append(request.url)
                  if "/events" in request.url else None)
        for page in (first, second):
            page.goto(f"/g/{gid}/round/1")
        asked = panel_requests(second)
        second.wait_for_function("() => document.querySelector('.live') !== null")
        second.wait_for_timeout(QUIET_SECONDS * 1000)
        assert asked == [], "a phone with its stream open asked while nothing changed"
        assert len(streams) == 1 and f"/g/{gid}/events?since=" in streams[0]

        tap_bid(first, 1, 3)
        expect(second.locator("#bid-1 button[value='3']")).to_have_attribute(
            "aria-pressed", "true", timeout=10_000)
        expect(second.locator("#bids-tally")).to_contain_text("3")
        tap_bid(second, 2, 1)
        expect(first.locator("#bid-2 button[value='1']")).to_have_attribute(
            "aria-pressed", "true", timeout=10_000)
        expect(first.locator("#undo-bar")).to_contain_text("Cy")  # out of band, as asked
        second.wait_for_timeout(QUIET_SECONDS * 1000)
        # The other phone's tap came in the stream, its own tap's answer is
        # its panel, and nothing while quiet: no request for the panel at all.
        assert asked == [], asked
        assert len(streams) == 1 and "&round=1" in streams[0]
        shoot("live-updates-second-phone", second)
    finally:
        for phone in phones:
            phone.close()


def test_a_phone_whose_stream_is_cut_still_gets_the_change_by_asking(
        browser: Browser, browser_context_args, base_url, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    phones = open_phones(browser, browser_context_args, base_url, 2)
    try:
        first, second = (phone.new_page() for phone in phones)
        second.route("**/events?*", lambda route: route.abort())
        for page in (first, second):
            page.goto(f"/g/{gid}/round/1")
        asked = panel_requests(second)
        tap_bid(first, 1, 2)
        expect(second.locator("#bid-1 button[value='2']")).to_have_attribute(
            "aria-pressed", "true", timeout=10_000)
        second.wait_for_timeout(2500)
        assert len(asked) >= 3, "a phone without its stream asks every second"
        expect(second.locator("#connection")).to_be_hidden()  # asking works: not offline
    finally:
        for phone in phones:
            phone.close()


def test_a_phone_whose_stream_the_full_server_refused_asks_nothing_and_catches_up_once_it_is_back(
        browser: Browser, browser_context_args, base_url, seeder, live_app, monkeypatch):
    """A worker that holds its most streams refuses more (the event ``full``):
    the phone then asks nothing until the browser opens its stream again,
    where asking every second would cost the full server more than the
    stream did; the stream, open again, brings the tap made meanwhile."""
    monkeypatch.setitem(live_app.config, "MAX_STREAMS", 0)
    # Long enough that the quiet wait below ends well before the phone may ask again.
    monkeypatch.setattr(live, "REFUSED_RETRY_MS", 6000)
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    phones = open_phones(browser, browser_context_args, base_url, 1)
    try:
        page = phones[0].new_page()
        streams = []
        page.on("request", lambda request: streams.append(request.url)
                if "/events" in request.url else None)
        with page.expect_response(lambda response: "/events" in response.url) as refused:
            page.goto(f"/g/{gid}/round/1")
        assert "event: full" in refused.value.text()
        asked = panel_requests(page)
        seeder.post(gid, "/round/1/bid", player=1, bid=2)  # another phone's tap
        page.wait_for_timeout(2500)
        assert asked == [], "a phone refused by a full server asked meanwhile"
        monkeypatch.setitem(live_app.config, "MAX_STREAMS", 1500)  # room again
        expect(page.locator("#bid-1 button[value='2']")).to_have_attribute(
            "aria-pressed", "true", timeout=20_000)
        assert asked == [], "the tap made meanwhile came in the stream, unasked"
        assert len(streams) >= 2
    finally:
        for phone in phones:
            phone.close()
