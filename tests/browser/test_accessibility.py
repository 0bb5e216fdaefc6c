"""axe-core finds nothing wrong on the screens a table uses and the offline page, light and dark."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

AXE = Axe()
NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture(scope="module")
def games(seeder) -> dict[str, str]:
    """A game in the middle of round 3's bidding (the dealer's forbidden chip
    shows) with two rounds scored; its standings page serves as the third screen."""
    gid = seeder.start(NAMES, preset="cardgames", first_dealer="0")
    seeder.play_rounds(gid, 2)
    rnd = seeder.sheet(gid).current
    seeder.post(gid, f"/round/{rnd.number}/trump", trump="D")
    for seat in rnd.order[:-1]:
        seeder.post(gid, f"/round/{rnd.number}/bid", player=seat, bid=2)
    # A second game at its last step: all tricks in but the dealer's, which the
    # countdown fills in, and a done step opened again.
    last = seeder.start(NAMES, preset="cardgames", first_dealer="0")
    seeder.post(last, "/round/1/trump", trump="H")
    for seat, bid in ((1, 4), (2, 3), (3, 1), (0, 1)):
        seeder.post(last, "/round/1/bid", player=seat, bid=bid)
    for seat, taken in ((1, 4), (2, 3), (3, 1)):
        seeder.post(last, "/round/1/tricks", player=seat, tricks=taken)
    return {
        "setup": "/new",
        "setup-variants": "/new",
        "round": f"/g/{gid}/round/{rnd.number}",
        "last-step": f"/g/{last}/round/1",
        "standings": f"/g/{gid}/standings",
        "table": f"/g/{gid}/table",
        "correct": f"/g/{gid}/round/1/edit",
        "history": f"/g/{gid}/history",
        "offline": "/offline",
    }


def ready(page: Page, screen: str) -> None:
    if screen == "setup":
        expect(page.locator("#preview")).to_contain_text("19 rounds")
        page.locator("#about-rules > summary").click()  # check the preset's details
        page.locator("#adjust > summary").click()  # and the adjustments too
    elif screen == "setup-variants":
        # Six players for 10-1-10: the refusal, and the two variants that seat them.
        for _extra in range(2):
            with page.expect_navigation():  # a plain post: the page comes back whole
                page.locator("button[value=add]").click()
        for i, name in enumerate([*NAMES, "Ed", "Flo"]):
            page.fill(f"#players-{i}", name)
        page.dispatch_event("#players-5", "change")
        expect(page.locator("#first_dealer option")).to_have_count(7)
        expect(page.locator("#variants")).to_contain_text("Two decks for 6 or 7 players")
        expect(page.locator("#preview")).to_contain_text("is for 3 to 5 players, not 6")
    elif screen == "round":
        expect(page.locator("#entry .chip.forbidden")).to_have_count(1)
    elif screen == "last-step":
        expect(page.locator("#filled-in")).to_be_visible()
        page.locator("#step-bids > summary").click()
        page.locator("#bid-2 summary").click()
    elif screen == "offline":
        expect(page.locator("#offline")).to_be_visible()
    elif screen == "table":
        expect(page.locator("#tv-totals tbody tr")).to_have_count(len(NAMES))
    elif screen == "correct":
        expect(page.locator("#correction label.pick").first).to_be_visible()
    elif screen == "history":
        page.locator("#history details").evaluate_all("ds => ds.forEach(d => { d.open = true; })")
    else:
        expect(page.locator("#standings tbody tr")).to_have_count(len(NAMES))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["setup", "setup-variants", "round", "last-step", "standings",
                                    "table", "correct", "history", "offline"])
def test_axe_finds_no_violations(page: Page, shoot, games, screen, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(games[screen])
    ready(page, screen)
    results = AXE.run(page)
    if not screen.startswith("setup") or scheme == "dark":
        shoot(f"axe-{screen}-{scheme}")
    assert results.violations_count == 0, results.generate_report()
