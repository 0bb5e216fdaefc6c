"""Several phones on one game: what one enters, the others see within seconds."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


def test_a_bid_tapped_on_one_phone_shows_on_another(browser: Browser, browser_context_args, base_url, seeder):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    phones = [browser.new_context(**{**browser_context_args, "base_url": base_url}) for _ in range(2)]
    try:
        first, second = (phone.new_page() for phone in phones)
        for page in (first, second):
            page.goto(f"/g/{gid}/round/1")
        # No trump yet: the round screen shows the trump step; the bids open with a tap.
        first.locator("#step-bids > summary").click()
        first.locator("#bid-1 button[value='3']").click()
        expect(first.locator("#bid-1 button[value='3']")).to_have_attribute("aria-pressed", "true")
        # The second phone polls every 4 seconds while it is visible.
        expect(second.locator("#bid-1 button[value='3']")).to_have_attribute(
            "aria-pressed", "true", timeout=10_000)
        expect(second.locator("#bids-tally")).to_contain_text("3")
    finally:
        for phone in phones:
            phone.close()
