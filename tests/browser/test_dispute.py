"""Settling a dispute at a phone's viewport: record a whole hand card by card,
read the verdict, apply the replayed tricks, read what changed and see the
standings change."""

from __future__ import annotations

import pytest
from screens import assert_fits_the_screen
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]
#: Ann deals; Bob, Cy, Di, Ann play in that order. Di revokes in trick 1 (a
#: club on a spade lead) and proves it by leading a spade in trick 3.
PLAYS = [
    ["AS", "KS", "2C", "4S"],
    ["5C", "6C", "9C", "7C"],
    ["3S", "5S", "6S", "7S"],
    ["2H", "3H", "4H", "8D"],
    ["TD", "9D", "JD", "QD"],
]
WINNERS = ["Bob", "Di", "Cy", "Ann", "Di"]
SWAP = 5_000


def seed_closed_round(seeder) -> str:
    """Round 1 closed with the tricks written wrongly: Di 1 and Ann 2 (they took 2 and 1)."""
    gid = seeder.start(NAMES, preset="cardgames", shape="custom", custom="5 4", scoring="standard")
    seeder.post(gid, "/round/1/trump", trump="H")
    for seat in (1, 2, 3, 0):
        seeder.post(gid, "/round/1/bid", player=seat, bid=1)
    for seat, taken in ((1, 1), (2, 1), (3, 1), (0, 2)):
        seeder.post(gid, "/round/1/tricks", player=seat, tricks=taken)
    seeder.post(gid, "/round/1/close")
    return gid


def test_record_a_hand_with_a_revoke_and_apply_the_replayed_tricks(page: Page, seeder, shoot):
    gid = seed_closed_round(seeder)
    page.goto(f"/g/{gid}/standings")
    before = page.locator("main").inner_text()
    assert "Ann" in before

    page.goto(f"/g/{gid}/round/1")
    page.locator("#record-hand").click()
    expect(page.locator("h1")).to_have_text("Record the hand of round 1")
    expect(page.locator("#turn")).to_have_text("Bob to play")

    # Every card button is a comfortable target for a thumb.
    box = page.locator("#recorder button[value=AS]").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    assert_fits_the_screen(page)

    for t, trick in enumerate(PLAYS):
        for j, card in enumerate(trick):
            played = t * 4 + j
            page.locator(f"#recorder button[value='{card}']").click()
            if played == 19:
                break  # the last card reloads the page with the verdict
            expect(page.locator("#recorder input[name=at]").first).to_have_value(str(played + 1), timeout=SWAP)
            expect(page.locator(f"#recorder button[value='{card}']")).to_be_disabled()
            if t == 0 and j == 2:
                # The revoke is not known yet (Di's hand is derived): nothing flagged.
                expect(page.locator("#flags")).to_have_count(0)
                shoot("dispute-trick-in-progress")
        if t < 4:
            expect(page.locator("#last-trick")).to_contain_text(f"Trick {t + 1}: {WINNERS[t]} takes it.")
            expect(page.locator("#last-trick")).to_contain_text(f"{WINNERS[t]} leads next.")
        if t == 2:
            # Di led a spade: the revoke of trick 1 is proven and flagged at once.
            expect(page.locator("#flags")).to_contain_text("Trick 1, Di: did not follow suit")

    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible(timeout=SWAP)
    expect(verdict.locator("#verdict-flags")).to_contain_text("revoke")
    expect(verdict.locator("#verdict-flags")).to_contain_text(
        "Trick 1, Di: did not follow suit. Suit led: spades; 2♣ played while holding 3♠."
    )
    expect(verdict.locator("#verdict-tricks li")).to_have_count(5)
    expect(verdict.locator("#verdict-disputes")).to_contain_text("Di, Ann")
    shoot("dispute-verdict")
    # The verdict's table fits the phone: nothing cut off or scrolled at the right edge.
    box = page.locator("#verdict-counts").evaluate(
        "t => [t.parentElement.scrollWidth, t.parentElement.clientWidth,"
        " t.getBoundingClientRect().right, document.documentElement.clientWidth]")
    assert box[0] <= box[1] and box[2] <= box[3], box
    assert_fits_the_screen(page)
    # Starting the hand over is a button that opens its confirmation, not a heading.
    restart = page.locator("details.confirm > summary.button")
    expect(restart).to_contain_text("Start the hand over")
    assert restart.evaluate("s => getComputedStyle(s).fontWeight") == "400"
    # The hand's button carries no card glyph that a phone's fonts lack.
    assert "\U0001F0A0" not in page.content()

    page.locator("#apply").click()
    expect(page.locator("#verdict-applied")).to_contain_text("Round 1 corrected", timeout=SWAP)
    page.goto(f"/g/{gid}/standings")
    after = page.locator("main").inner_text()
    assert after != before
    sheet = seeder.sheet(gid)
    assert sheet.totals == {0: 11, 1: 11, 2: 11, 3: 0}
    shoot("dispute-standings-after")

    page.goto(f"/g/{gid}/history")
    expect(page.locator("main")).to_contain_text("Round 1 corrected")


def test_the_three_trick_penalty_is_applied_from_the_verdict_on_a_phone(page: Page, seeder,
                                                                       shoot):
    """The laws' three tricks in the verdict at a phone's width: the tricks that move,
    the player who gets them (proposed: Bob, whose ace takes trick 1), one tap."""
    gid = seed_closed_round(seeder)
    for trick in PLAYS:
        for card in trick:
            seeder.post(gid, "/round/1/hand/card", card=card)
    page.goto(f"/g/{gid}/round/1/hand/")
    offer = page.locator("#verdict-penalties li").nth(2)
    expect(offer).to_contain_text("3 tricks go from the revoker to the player harmed")
    expect(offer.locator(".penalty-tricks")).to_have_text("Tricks: Bob 1 → 2, Di 1 → 0")
    expect(offer.locator("select[name=harmed]")).to_have_value("1")
    assert_fits_the_screen(page)
    shoot("verdict-three-tricks", page)
    with page.expect_navigation():
        offer.locator("button").click()
    offer = page.locator("#verdict-penalties li").nth(2)
    expect(offer).to_contain_text("tricks are corrected and scored again")
