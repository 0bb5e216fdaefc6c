"""The table view on a tablet lying on the table (landscape): large type, the
round and the standings side by side, no scrolling for seven players, and it
follows what a phone enters through the same poll as the round screen."""

from __future__ import annotations

import pytest
from screens import assert_fits_the_screen
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

TABLET = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1,
          "is_mobile": False, "has_touch": True}
SEVEN = ["Anneliese", "Bartholomew", "Cy", "Dorota", "Eero", "Fruzsina", "Grzegorz"]


def test_the_table_view_follows_a_phone_on_a_landscape_tablet(
        browser: Browser, browser_context_args, base_url, seeder, shoot):
    gid = seeder.start(SEVEN, preset="estonian", decks="2", shape="custom", custom="10 9 8", hook="on")
    seeder.play_rounds(gid, 1)
    tablet = browser.new_context(**TABLET, base_url=base_url)
    phone = browser.new_context(**{**browser_context_args, "base_url": base_url})
    try:
        screen, hand = tablet.new_page(), phone.new_page()
        screen.goto(f"/g/{gid}/table")
        expect(screen.locator("h1")).to_have_text("Round 2 of 3")
        # Large type: the totals are read from across a table.
        size = screen.locator(".tv-total").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 26, f"the totals are {size}px"
        # The round and the standings side by side, all on the one screen.
        round_box = screen.locator(".tv-round").bounding_box()
        standings_box = screen.locator(".tv-standings").bounding_box()
        assert standings_box["x"] >= round_box["x"] + round_box["width"]
        for part in ("#tv-seats", "#tv-totals"):
            box = screen.locator(part).bounding_box()
            assert box["y"] + box["height"] <= 800, f"{part} ends below the screen"
        assert_fits_the_screen(screen)
        shoot("table-view-tablet", screen)

        # A phone enters the trump and a bid; the tablet shows them without a reload.
        hand.goto(f"/g/{gid}/round/2")
        hand.locator("#entry button[name=trump][value=D]").click()
        first = seeder.sheet(gid).current.order[0]
        hand.locator(f"#bid-{first} button[value='3']").click()
        expect(hand.locator(f"#bid-{first} .seat-value")).to_have_text("3")
        expect(screen.locator("#tv-trump")).to_contain_text("♦", timeout=10_000)
        expect(screen.locator(f"#tv-seat-{first} td").first).to_have_text("3", timeout=10_000)
        second = seeder.sheet(gid).current.order[1]
        expect(screen.locator(f"#tv-seat-{second}")).to_contain_text("bids now")
        shoot("table-view-tablet-live", screen)
    finally:
        tablet.close()
        phone.close()


def test_the_table_view_fits_a_phone_too(page, seeder, shoot):
    gid = seeder.start(SEVEN, preset="estonian", decks="2", shape="custom", custom="10 9 8", hook="on")
    seeder.play_rounds(gid, 1)
    for width in (412, 360):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(f"/g/{gid}/table")
        assert_fits_the_screen(page)
        shoot(f"table-view-{width}")
