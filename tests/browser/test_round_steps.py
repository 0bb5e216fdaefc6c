"""The round screen one step at a time at a Pixel 7's whole screen (412 x 915):
for seven players with ten cards each (two decks), each step's chips, and Close
when it is the step, are on the first screen without scrolling; a done step is
one line that a tap opens again; the last player's tricks come from the
countdown, so a round takes 2 x players + 1 taps."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SCREEN = {"width": 412, "height": 915}
SEVEN = ["Anneliese", "Bartholomew", "Cy", "Dorota", "Eero", "Fruzsina", "Grzegorz"]
CLOSE = "#entry form.close button[type=submit]"


@pytest.fixture
def seven_players(seeder) -> str:
    """Ten cards each for seven, two decks, the hook rule on; Anneliese (seat 0) deals."""
    return seeder.start(SEVEN, preset="estonian", decks="2", shape="custom", custom="10 9", hook="on")


def open_steps(page: Page) -> list[str]:
    return page.locator("#entry details.step").evaluate_all("ds => ds.filter(d => d.open).map(d => d.id)")


def on_the_first_screen(page: Page, selector: str) -> None:
    """Every element of ``selector`` is shown, and ends above the screen's bottom edge."""
    boxes = page.locator(selector).evaluate_all(
        "es => es.map(e => [e.offsetParent !== null, e.getBoundingClientRect().bottom])")
    assert boxes, f"nothing matches {selector}"
    hidden = [i for i, (shown, _bottom) in enumerate(boxes) if not shown]
    assert not hidden, f"{selector}: {len(hidden)} of {len(boxes)} not shown"
    lowest = max(bottom for _shown, bottom in boxes)
    assert lowest <= SCREEN["height"], f"{selector} ends at {lowest:.0f} px: the table must scroll"


def test_each_step_for_seven_players_fits_the_first_screen_and_a_round_takes_15_taps(
    page: Page, shoot, seven_players
):
    page.set_viewport_size(SCREEN)
    page.goto(f"/g/{seven_players}/round/1")
    taps = 0

    def tap(selector: str) -> None:
        nonlocal taps
        page.locator(selector).click()
        taps += 1

    assert open_steps(page) == ["step-trump"]
    on_the_first_screen(page, "#step-trump .chip")
    tap("#entry button[name=trump][value=S]")
    expect(page.locator("#trump-summary")).to_contain_text("♠")

    order = [1, 2, 3, 4, 5, 6, 0]
    for seat in order:
        expect(page.locator(f"#bid-{seat}")).to_have_class("seat next")
        assert open_steps(page) == ["step-bids"]
        on_the_first_screen(page, f"#bid-{seat} .chip")
        if seat == 0:
            # Six bids of 1: the dealer may not bid 4, and sees it struck out.
            struck = page.locator("#bid-0 .chip.forbidden")
            expect(struck).to_have_text("4")
            expect(struck).to_be_disabled()
            shoot("steps-7-players-dealer-bids")
        tap(f"#bid-{seat} button[value='{2 if seat == 0 else 1}']")
        expect(page.locator(f"#bid-{seat} .seat-value")).to_have_text("2" if seat == 0 else "1")

    expect(page.locator("#bids-tally")).to_have_text("Bids total 8 for 10 tricks · under by 2")
    for seat in order[:-1]:
        assert open_steps(page) == ["step-tricks"]
        on_the_first_screen(page, f"#tricks-{seat} .chip")
        tap(f"#tricks-{seat} button[value='1']")
        expect(page.locator(f"#tricks-{seat} .seat-value")).to_have_text("1")

    # The dealer's four tricks are what the countdown leaves: chosen, not yet stored.
    expect(page.locator("#tricks-left")).to_have_text("4")
    expect(page.locator("#tricks-0 button[value='4']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#filled-in")).to_have_text(
        "Filled in from the tricks left: Anneliese 4. Closing the round stores it.")
    expect(page.locator(CLOSE)).to_be_enabled()
    on_the_first_screen(page, f"#tricks-0 .chip, {CLOSE}, #filled-in")
    shoot("steps-7-players-close")
    tap(CLOSE)
    expect(page.locator("h1")).to_have_text("Round 2 of 2")
    expect(page.locator("#scored-notice")).to_contain_text("Anneliese +0")  # bid 2, took 4
    assert taps == 2 * len(SEVEN) + 1


def test_a_done_step_opens_again_with_a_tap_and_its_entries_still_change(page: Page, seeder, shoot):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])  # Ann deals: Bob, Cy, Di, Ann bid
    seeder.post(gid, "/round/1/trump", trump="H")
    for seat, bid in [(1, 4), (2, 3), (3, 1), (0, 1)]:
        seeder.post(gid, "/round/1/bid", player=seat, bid=bid)
    page.goto(f"/g/{gid}/round/1")
    assert open_steps(page) == ["step-tricks"]
    expect(page.locator("#bid-2 .chip").first).to_be_hidden()

    page.locator("#step-bids > summary").click()
    expect(page.locator("#bid-2 summary")).to_be_visible()
    expect(page.locator("#bid-2 .chip").first).to_be_hidden()  # one line per player
    page.locator("#bid-2 summary").click()
    page.locator("#bid-2 button[value='2']").click()
    expect(page.locator("#bids-tally")).to_have_text("Bids total 8 for 10 tricks · under by 2")
    # The answer is drawn for the step the round is at: the bids fold away again.
    assert open_steps(page) == ["step-tricks"]

    page.locator("#step-trump > summary").click()
    page.locator("#entry button[name=trump][value=D]").click()
    expect(page.locator("#trump-summary")).to_contain_text("♦")
    shoot("steps-reopened")
