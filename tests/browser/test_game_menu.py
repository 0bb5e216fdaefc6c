"""The game's menu on a phone: one row at 360 px and on a Pixel 7 in every
language, the rest of it (the table view among them) behind "More", which
opens without JavaScript and closes on a tap elsewhere; on a wide screen every
link stands in the bar."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from screens import assert_fits_the_screen
from playwright.sync_api import Browser, Page, expect

from scorekeeper.config import LANGUAGE_NAMES

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 780}
PIXEL_7 = {"width": 412, "height": 839}
SEVEN = ["Anneliese", "Bartholomew", "Cy", "Dorota", "Eero", "Fruzsina", "Grzegorz"]
#: Behind "More" for a scorer, in this order.
MORE = ["Players", "History", "Share", "Table view", "Score sheet", "End the game"]


@pytest.fixture(scope="module")
def game(seeder) -> str:
    """Seven players in round 2 of 3 (10 cards each, two decks)."""
    gid = seeder.start(SEVEN, preset="estonian", decks="2", shape="custom", custom="10 9 8", hook="on")
    seeder.play_rounds(gid, 1)
    return gid


def menu_items(page: Page) -> list[dict]:
    """What the bar shows: the spade, the links and "More", with their boxes."""
    return page.locator(".bar .brand, .bar nav > a, .bar .more > summary").evaluate_all(
        "es => es.filter(e => e.offsetParent).map(e => { const r = e.getBoundingClientRect();"
        " return {text: e.textContent.trim(), top: r.top, left: r.left, right: r.right,"
        " width: r.width, height: r.height}; })")


def assert_one_row(page: Page, width: int) -> None:
    items = menu_items(page)
    assert len(items) == 4, items  # the spade, Round, Standings, More
    assert {round(i["top"]) for i in items} == {round(items[0]["top"])}, f"the menu wraps: {items}"
    assert all(i["left"] >= 0 and i["right"] <= width for i in items), items
    assert all(i["width"] >= 44 and i["height"] >= 44 for i in items), f"a target under 44 px: {items}"
    assert_fits_the_screen(page)


def test_the_table_view_opens_from_the_games_menu_at_360_px(page: Page, shoot, game):
    page.set_viewport_size(NARROW)
    page.goto(f"/g/{game}/round/2")
    assert_one_row(page, NARROW["width"])
    menu = page.locator("#more-menu")
    table_link = menu.get_by_role("link", name="Table view")
    expect(table_link).to_be_hidden()
    menu.locator("summary").click()
    expect(menu.locator(".more-links a")).to_have_text(MORE)
    expect(table_link).to_be_visible()
    # The panel lies over the page, inside the screen, its links thumb-sized.
    for box in menu.locator(".more-links a").evaluate_all(
            "as => as.map(a => a.getBoundingClientRect().toJSON())"):
        assert box["left"] >= 0 and box["right"] <= NARROW["width"] and box["height"] >= 44, box
    assert Axe().run(page).violations_count == 0
    shoot("menu-360-open")
    table_link.click()
    expect(page).to_have_url(f"{page.url.split('/g/')[0]}/g/{game}/table")
    expect(page.locator("h1")).to_have_text("Round 2 of 3")
    # On the table view its own link is marked as the page the phone is on.
    page.locator("#more-menu summary").click()
    expect(page.locator("#more-menu").get_by_role("link", name="Table view")).to_have_attribute(
        "aria-current", "page")
    shoot("menu-360-table-view")


def test_more_closes_on_a_tap_elsewhere_and_on_escape(page: Page, game):
    page.set_viewport_size(NARROW)
    page.goto(f"/g/{game}/round/2")
    menu = page.locator("#more-menu")
    menu.locator("summary").click()
    expect(menu).to_have_attribute("open", "")
    page.locator("h1").click()
    expect(menu).not_to_have_attribute("open", "")
    menu.locator("summary").click()
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(menu.locator("summary")).to_be_focused()


def test_more_opens_without_javascript(browser: Browser, browser_context_args, base_url, game):
    context = browser.new_context(**{**browser_context_args, "base_url": base_url,
                                     "java_script_enabled": False, "viewport": NARROW})
    try:
        page = context.new_page()
        page.goto(f"/g/{game}/round/2")
        page.locator("#more-menu summary").click()
        page.get_by_role("link", name="Table view").click()
        expect(page.locator("h1")).to_have_text("Round 2 of 3")
        assert page.url.endswith("/table")
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [NARROW, PIXEL_7], ids=["360px", "pixel-7"])
def test_the_menu_is_one_row_in_every_language(browser: Browser, browser_context_args, base_url,
                                               shoot, game, viewport):
    context = browser.new_context(**{**browser_context_args, "base_url": base_url, "viewport": viewport})
    try:
        page = context.new_page()
        for lang in LANGUAGE_NAMES:
            context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
            for path in ("/round/2", "/standings", "/table"):
                page.goto(f"/g/{game}{path}")
                expect(page.locator("html")).to_have_attribute("lang", lang)
                assert_one_row(page, viewport["width"])
            page.locator("#more-menu summary").click()
            links = page.locator("#more-menu .more-links a")
            expect(links).to_have_count(len(MORE))
            for box in links.evaluate_all("as => as.map(a => a.getBoundingClientRect().toJSON())"):
                assert box["left"] >= 0 and box["right"] <= viewport["width"], (lang, box)
            if viewport is NARROW:
                shoot(f"menu-360-{lang}", page)
    finally:
        context.close()


def test_a_wide_screen_shows_every_link_in_the_bar(page: Page, shoot, game):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/g/{game}/round/2")
    expect(page.locator("#more-menu summary")).to_be_hidden()
    nav = page.get_by_role("navigation", name="Game")
    expect(nav.get_by_role("link")).to_have_text(["Round", "Standings", *MORE])
    tops = {round(b["y"]) for b in nav.get_by_role("link").evaluate_all(
        "as => as.map(a => a.getBoundingClientRect().toJSON())")}
    assert len(tops) == 1, tops
    expect(nav.get_by_role("link", name="Round")).to_have_attribute("aria-current", "page")
    nav.get_by_role("link", name="Table view").click()
    expect(page).to_have_url(f"{page.url.split('/g/')[0]}/g/{game}/table")
    shoot("menu-wide-table-view")
