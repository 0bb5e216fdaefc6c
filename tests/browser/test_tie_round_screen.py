"""The tie rules on a phone (issue 30), at 360 px and on a Pixel 7 (412 px): the
set-up form's "Equal totals at the end" under "Adjust the rules" with its
one-line explanation, and the round a tie for first added, whose screen says why
it is there; nothing wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from screens import assert_fits_the_screen
from test_setup_one_screen import phone  # noqa: F401  (the two phones)

pytestmark = pytest.mark.browser

ANN, BOB, CY = 0, 1, 2


def test_the_tie_rule_is_chosen_under_adjust_on_a_phone(phone: Page, shoot):  # noqa: F811
    page = phone
    page.goto("/new")
    page.locator("#adjust > summary").click()
    select = page.locator("#tie_break")
    select.scroll_into_view_if_needed()
    expect(select).to_be_visible()
    select.select_option("extra-hands")
    expect(page.get_by_text("deal more hands at the largest size until one player leads")
           ).to_be_visible()
    assert_fits_the_screen(page)
    shoot(f"setup-tie-rule-{page.phone}", page)


def test_a_round_added_for_a_tie_says_why_on_a_phone(phone: Page, seeder, shoot):  # noqa: F811
    gid = seeder.start(["Ann", "Bob", "Cy"], preset="ohhell", variant="extra-hands",
                       shape="custom", custom="1 2", hook="off")
    for number, order, bids, tricks in (
            (1, (BOB, CY, ANN), {ANN: 1, BOB: 0, CY: 0}, {ANN: 1, BOB: 0, CY: 0}),
            (2, (CY, ANN, BOB), {ANN: 0, BOB: 0, CY: 1}, {ANN: 0, BOB: 1, CY: 1})):
        seeder.post(gid, f"/round/{number}/trump", trump="H")
        for player in order:
            seeder.post(gid, f"/round/{number}/bid", player=player, bid=bids[player])
        for player in order:
            seeder.post(gid, f"/round/{number}/tricks", player=player, tricks=tricks[player])
        seeder.post(gid, f"/round/{number}/close")
    page = phone
    page.goto(f"/g/{gid}/round/3")
    notice = page.locator("#tie-round")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("the best total was shared after the last round")
    assert_fits_the_screen(page)
    shoot(f"tie-round-{page.phone}", page)
