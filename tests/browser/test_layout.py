"""The pages fit a narrow phone: no sideways scrolling, and thumb-sized chips."""

from __future__ import annotations

import re
import time

import pytest
from screens import assert_fits_the_screen
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 780}
#: The smallest comfortable tap target (WCAG 2.5.5, Apple and Material guidelines).
TAP = 44
SEVEN = ["Anneliese", "Bartholomew", "Cy", "Dorota", "Eero", "Fruzsina", "Grzegorz"]


@pytest.fixture(scope="module")
def seven_player_game(seeder) -> str:
    """Seven players, two decks; round 2 has 13 cards each and all but the dealer have bid."""
    gid = seeder.start(SEVEN, preset="estonian", first_dealer="0", decks="2",
                       shape="custom", custom="1 13 12 11", hook="on")
    seeder.play_rounds(gid, 1)
    rnd = seeder.sheet(gid).current
    for seat in rnd.order[:-1]:
        seeder.post(gid, f"/round/{rnd.number}/bid", player=seat, bid=1)
    return gid


assert_no_sideways_scroll = assert_fits_the_screen


def test_the_set_up_page_fits_360_px(page: Page, shoot):
    page.set_viewport_size(NARROW)
    page.goto("/new")
    page.locator("#adjust > summary").click()  # the adjustments open, selects and all
    assert_no_sideways_scroll(page)
    shoot("narrow-setup")


def test_a_13_card_round_for_7_players_fits_360_px_with_thumb_sized_chips(page: Page, shoot, seven_player_game):
    page.set_viewport_size(NARROW)
    page.goto(f"/g/{seven_player_game}/round/2")
    expect(page.locator("h1")).to_have_text("Round 2 of 4")
    chips = page.locator("#entry .chip")
    expect(chips).to_have_count(5 + 7 * 14)
    expect(page.locator("#entry .chip.forbidden")).to_have_count(1)
    # The screen shows one step and one player's chips at a time; open them all to measure them.
    page.locator("#entry details").evaluate_all("ds => ds.forEach(d => { d.open = true; })")
    expect(chips.last).to_be_visible()
    assert_no_sideways_scroll(page)
    sizes = chips.evaluate_all("cs => cs.map(c => [c.textContent.trim(), c.getBoundingClientRect().width, c.getBoundingClientRect().height])")
    small = [s for s in sizes if s[1] < TAP or s[2] < TAP]
    assert not small, f"chips smaller than {TAP}x{TAP} px: {small[:5]}"
    shoot("narrow-round-7-players-13-cards")


def test_the_standings_of_7_players_fit_360_px(page: Page, shoot, seeder, seven_player_game):
    gid = seeder.start(SEVEN, preset="estonian", first_dealer="3")
    seeder.play_rounds(gid, 7)  # the whole game: 1 to 7 cards
    page.set_viewport_size(NARROW)
    page.goto(f"/g/{gid}/standings")
    expect(page.locator("#grid tbody tr")).to_have_count(7)
    expect(page.get_by_role("status")).to_contain_text("win")
    assert_no_sideways_scroll(page)
    # Nor does any table scroll inside its box: seven columns of running totals fit.
    boxes = page.locator(".scroll").evaluate_all("bs => bs.map(b => [b.scrollWidth, b.clientWidth])")
    assert all(inner <= outer for inner, outer in boxes), f"a table scrolls sideways: {boxes}"
    expect(page.locator("#grid tbody tr").first.locator("td")).to_have_count(7)
    shoot("narrow-standings-7-players")


def test_the_chart_has_axes_and_tells_the_players_apart_without_colour(page: Page, seeder):
    gid = seeder.start(SEVEN, preset="estonian", first_dealer="3")
    seeder.play_rounds(gid, 7)
    page.set_viewport_size(NARROW)
    page.goto(f"/g/{gid}/standings")
    chart = page.locator("#chart")
    expect(chart.locator(".axis .title")).to_have_text(["Round", "Total"])
    ticks = chart.locator(".axis text:not(.title)").all_text_contents()
    assert {"1", "7"} <= set(ticks), ticks  # the first and the last round
    assert "0" in ticks  # the totals start at 0
    looks = chart.locator("svg.chart .series").evaluate_all(
        "gs => gs.map(g => [g.querySelector('polyline').getAttribute('stroke-dasharray'),"
        " g.querySelector('use').getAttribute('href')])")
    assert len(looks) == len(SEVEN) and len({tuple(look) for look in looks}) == len(SEVEN)
    assert len({dash for dash, _marker in looks}) == len(SEVEN), "every line has its own dash pattern"
    assert len({marker for _dash, marker in looks}) == len(SEVEN), "and its own marker"
    expect(chart.locator(".legend .key")).to_have_count(len(SEVEN))


def test_every_players_name_is_whole_on_the_round_screen_at_360_px(page: Page, shoot, seeder):
    """The dealer's half-width row carries "deals" and "bids last" too: the name still shows whole."""
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    page.set_viewport_size(NARROW)
    page.goto(f"/g/{gid}/round/1")
    page.locator("#entry button[name=trump][value=H]").click()
    expect(page.locator("#step-bids")).to_have_attribute("open", "")
    names = page.locator("#step-bids .seat-name")
    expect(names).to_have_count(4)
    cut = names.evaluate_all(
        "ns => ns.filter(n => n.scrollWidth > n.clientWidth || n.getBoundingClientRect().width < 8)"
        ".map(n => n.textContent)")
    assert not cut, f"names cut short: {cut}"
    assert_no_sideways_scroll(page)
    shoot("narrow-round-names-whole")


#: The page's layout shifts so far (what Lighthouse's CLS adds up), each with
#: the ids of what moved. Not filtered on hadRecentInput: Playwright's
#: navigation counts as input here, and Lighthouse counts these shifts.
LAYOUT_SHIFTS = """
new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    observer.disconnect();
    resolve(list.getEntries().map((s) => [s.value, s.sources.map((n) => n.node ? n.node.id || n.node.nodeName : "?")]));
  }).observe({type: "layout-shift", buffered: true});
  setTimeout(() => resolve([]), 1000);  // with nothing buffered the observer never calls back
})
"""


@pytest.fixture
def browser_context_args(browser_context_args):
    """No service worker: it would answer the scripts from its cache, out of page.route's reach."""
    return {**browser_context_args, "service_workers": "block"}


def test_the_game_screens_and_the_set_up_do_not_move_as_their_scripts_run(page: Page, seeder):
    """What the scripts show (the colours, the keep-awake switch) comes after
    everything else on the page: nothing already painted moves for them."""
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])  # round 1 at its first step: a short page

    def late(route):  # a slow phone: the page is painted before these scripts run
        time.sleep(0.4)
        route.continue_()

    page.route(re.compile(r"/static/js/(theme|keep-awake)\.js$"), late)
    for path in ("/new", f"/g/{gid}/round/1", f"/g/{gid}/table", f"/g/{gid}/standings"):
        page.goto(path)
        assert page.evaluate(LAYOUT_SHIFTS) == [], path
        if path.endswith("/round/1"):  # the foot is on the screen, where a shift counts
            assert page.locator("#device-settings").bounding_box()["y"] < page.viewport_size["height"]
