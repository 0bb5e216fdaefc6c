"""Correcting a past round on a 360 px phone: a large action on the round's
screen, the live screen's chips, every mistake at once, and a confirmation
of what changed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TAP = 44


def test_a_round_is_corrected_with_chips_all_mistakes_at_once_and_a_confirmation(
        page: Page, seeder, shoot):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"], preset="estonian", shape="custom", custom="3 3", hook="on")
    seeder.play_rounds(gid, 1)  # Ann deals; Bob bids 0 and takes all 3 tricks
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"/g/{gid}/round/1")
    action = page.get_by_role("link", name="✎ Correct round 1")
    box = action.bounding_box()
    assert box["height"] >= TAP and box["width"] >= 150, box
    action.click()
    expect(page.locator("h1")).to_have_text("Correct round 1")
    assert page.locator("input[type=number]").count() == 0
    chip = page.locator("#seats-0-tricks label.pick").first
    assert chip.bounding_box()["height"] >= TAP
    # The dealer's forbidden bid is struck out live: Ann may not bid 3 (the
    # others bid 0); once Bob's bid is 2, her 1 is the forbidden one, and says so.
    expect(page.locator("#seats-3-bid label.forbidden")).to_have_text("3")
    page.locator("#seats-0-bid label.pick", has_text="2").click()
    expect(page.locator("#seats-3-bid label.forbidden")).to_have_text("1")
    expect(page.locator("#forbidden-chosen")).to_contain_text("Ann deals and may not bid 1")
    # Mistakes at once: Ann's forbidden 1, and the tricks total 6 of 3.
    page.locator("#seats-3-tricks label.pick", has_text="1").click()
    page.locator("#seats-1-tricks label.pick", has_text="2").click()
    page.get_by_role("button", name="Save the correction").click()
    errors = page.locator("#correction-errors")
    expect(errors).to_contain_text("2 things to fix")
    expect(errors).to_contain_text("Ann deals and may not bid 1")
    expect(errors).to_contain_text("Tricks total 6, but 3 were played")
    # Kept as chosen after the refusal.
    expect(page.locator("#seats-1-tricks input[value='2']")).to_be_checked()
    shoot("correct-round-errors-360")
    page.locator("#seats-3-bid label.pick", has_text="0").click()
    page.locator("#seats-1-tricks label.pick", has_text="0").click()
    page.locator("#seats-0-tricks label.pick", has_text="2").click()
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("h1")).to_have_text("Round 1 of 2")
    expect(page.locator("p.notice[role=status]").first).to_contain_text("Round 1 corrected")
    shoot("correct-round-saved-360")
