"""A player page with six opponents of long names fits a 360 px phone (and a
Pixel 7) in languages with long words: neither the page nor any box on it
scrolls sideways, and axe finds nothing."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

AXE = Axe()
SEVEN = ["Anneliese", "Bartholomew", "Cy", "Dorota", "Eero", "Fruzsina", "Grzegorz"]


@pytest.fixture(scope="module")
def two_games(seeder) -> list[str]:
    """Two finished games of the same seven players (two rounds each)."""
    games = []
    for dealer in ("0", "3"):
        gid = seeder.start(SEVEN, preset="estonian", first_dealer=dealer, shape="custom",
                           custom="1 2")
        seeder.play_rounds(gid, 2)
        games.append(gid)
    return games


@pytest.mark.parametrize("lang, width", [("en", 360), ("es", 360), ("de", 360), ("fr", 412)])
def test_head_to_head_fits_a_narrow_phone(page: Page, shoot, two_games, lang, width):
    page.set_viewport_size({"width": width, "height": 800})
    for gid in two_games:
        page.goto(f"/g/{gid}/")  # each game's link: the games go on this phone's list
    page.locator("#language-menu > summary").click()
    page.locator(f'#languages button[value="{lang}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.goto("/players/Anneliese")
    pairs = page.locator("#head-to-head > li")
    expect(pairs).to_have_count(6)
    expect(pairs.first.locator('[data-pair="games"]')).to_have_text("2")
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"
    boxes = page.locator("#head-to-head, .scroll, .chart").evaluate_all(
        "bs => bs.map(b => [b.id || b.className, b.scrollWidth, b.clientWidth])")
    assert all(inner <= outer for _name, inner, outer in boxes), f"a box scrolls sideways: {boxes}"
    # Each opponent's four figures sit in one row under the name.
    tops = pairs.first.locator("dd").evaluate_all(
        "ds => ds.map(d => Math.round(d.getBoundingClientRect().top))")
    assert len(set(tops)) == 1, tops
    result = AXE.run(page)
    path = shoot(f"head-to-head-{lang}-{width}")
    page.locator("#head-to-head").screenshot(path=str(path.with_name(path.stem + "-pairs.png")))
    assert result.violations_count == 0, result.generate_report()
