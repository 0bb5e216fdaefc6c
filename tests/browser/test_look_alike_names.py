"""Names that differ only by accents on a phone (Pixel 7): Mart and Märt are
two people on the Players page, which asks whether they are one, and a tap
merges them; nothing scrolls sideways and axe finds nothing."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

AXE = Axe()


def test_the_players_page_asks_whether_maert_is_mart_and_a_tap_merges(page: Page, seeder,
                                                                        shoot):
    for names in (["Mart", "Tõnu", "Ülle"], ["Märt", "Tonu", "Ülle"]):
        gid = seeder.start(names, preset="estonian", shape="custom", custom="1")
        page.goto(f"/g/{gid}/")  # the game goes on this phone's list
    page.goto("/players")
    offers = page.locator("#merge-offers li")
    expect(offers).to_have_count(2)
    expect(offers.nth(0)).to_contain_text("Märt: the same person as Mart?")
    expect(offers.nth(1)).to_contain_text("Tõnu: the same person as Tonu?")  # (as many games)
    expect(page.locator("#regulars > li")).to_have_count(5)  # Ülle once, the others apart
    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not wide, "the page scrolls sideways"
    result = AXE.run(page)
    shoot("look-alike-names-offered")
    assert result.violations_count == 0, result.generate_report()
    with page.expect_navigation():
        offers.nth(0).get_by_role("button", name="Merge").click()
    expect(page.locator("#merge-offers li")).to_have_count(1)
    expect(page.locator("#roster-changes")).to_contain_text("Merged: Märt → Mart")
    expect(page.locator("#regulars > li")).to_have_count(4)
    shoot("look-alike-names-merged")
