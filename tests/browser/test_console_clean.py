"""No page writes an error to the console in normal use: the main pages are
opened, a round is played on the round screen with htmx (every answer's out of
band swaps must find their targets: htmx logs oobErrorNoTarget otherwise), an
entry is undone, and the table view follows."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Every console error and uncaught exception of the page, as text."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    return errors


def test_playing_a_round_and_opening_the_main_pages_logs_no_console_error(
        page: Page, seeder, console_errors):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"], preset="estonian", shape="custom", custom="3 3 3")
    seeder.play_rounds(gid, 1)  # round 2 opens with the "round 1 scored" notice
    page.goto(f"/g/{gid}/round/2")
    expect(page.locator("#scored-notice")).to_contain_text("Round 1 scored")
    page.locator("#entry button[name=trump][value=C]").click()
    expect(page.locator("#trump-summary")).to_contain_text("♣")
    expect(page.locator("#scored-notice section")).to_have_count(0)
    rnd = seeder.sheet(gid).current
    for seat in rnd.order:
        bid = 1 if seat != rnd.dealer else 1 if rnd.forbidden != 1 else 0
        chip = page.locator(f"#bid-{seat} button[value='{bid}']:not([disabled])")
        if chip.count() == 0:
            chip = page.locator(f"#bid-{seat} button.chip:not([disabled])").first
        chip.click()
        expect(page.locator(f"#bid-{seat} .seat-value")).not_to_have_text("–")
    # An undo (its answer swaps the undo bar and the notice out of band as well).
    page.locator("#undo-bar button").click()
    expect(page.locator(f"#bid-{rnd.dealer} .seat-value")).to_have_text("–")
    page.locator(f"#bid-{rnd.dealer} button.chip:not([disabled])").first.click()
    for seat in rnd.order[:-1]:
        page.locator(f"#tricks-{seat} button[value='1']").click()
        expect(page.locator(f"#tricks-{seat} .seat-value")).to_have_text("1")
    page.locator("#entry form.close button[type=submit]").click()
    expect(page.locator("h1")).to_have_text("Round 3 of 3")
    page.wait_for_timeout(4500)  # one poll of the open round screen, answered 204
    for path in ("/", "/standings", "/history", "/players", "/schedule", "/share", "/table",
                 "/round/3/hand/"):
        page.goto(f"/g/{gid}{path}")
        page.wait_for_load_state("networkidle")
    page.goto("/")
    page.goto("/new")
    page.wait_for_load_state("networkidle")
    assert console_errors == []
