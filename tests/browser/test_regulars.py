"""Regulars in a real browser (Pixel 7): two games of the same four players
through Play again, the series, the roster tap at set-up, the player page's
figures, and axe on the new pages in the three languages."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from screens import assert_fits_the_screen

pytestmark = pytest.mark.browser

AXE = Axe()
NAMES = ["Ann", "Bob", "Cy", "Di"]


def play_one_round(seeder, gid: str, bids: dict, tricks: dict) -> None:
    rnd = seeder.sheet(gid).current
    seeder.post(gid, f"/round/{rnd.number}/trump", trump="none")
    for seat in rnd.order:
        seeder.post(gid, f"/round/{rnd.number}/bid", player=seat, bid=bids[seat])
    for seat in rnd.order:
        seeder.post(gid, f"/round/{rnd.number}/tricks", player=seat, tricks=tricks[seat])
    seeder.post(gid, f"/round/{rnd.number}/close")


def test_two_games_through_play_again_then_the_player_page(page: Page, seeder, shoot):
    first = seeder.start(NAMES, preset="estonian", shape="custom", custom="1", first_dealer="0")
    # Ann deals: Bob bids 1 and takes the trick; Ann (the dealer) bids 1 and misses.
    play_one_round(seeder, first, {1: 1, 2: 0, 3: 0, 0: 1}, {1: 1, 2: 0, 3: 0, 0: 0})
    page.goto(f"/g/{first}/")  # the table's link: the game goes on this phone's list
    expect(page.locator("h1")).to_have_text("Standings")
    shoot("regulars-1-final-standings")
    page.get_by_role("link", name="Play again").click()
    # Asked first: who sits where and who deals.
    expect(page.locator("#next-seats li")).to_have_text(NAMES)
    expect(page.locator("#next-game")).to_contain_text("Deals first: Bob")
    shoot("regulars-1b-play-again-asks")
    page.get_by_role("button", name="Start the next game").click()
    expect(page).to_have_url(re.compile(r"/g/[^/]+/round/1$"))
    second = re.search(r"/g/([^/]+)/", page.url).group(1)
    assert second != first
    # Bob deals now: Cy bids 1 and takes the trick; Bob (the dealer) bids 1 and misses.
    sheet = seeder.sheet(second)
    assert sheet.current.dealer == 1 and list(sheet.players.values()) == NAMES
    play_one_round(seeder, second, {2: 1, 3: 0, 0: 0, 1: 1}, {2: 1, 3: 0, 0: 0, 1: 0})
    # The open round screen follows the game (its stream): the round is closed,
    # the game over, and it goes to the standings by itself.
    expect(page).to_have_url(re.compile(rf"/g/{second}/standings$"), timeout=10_000)
    series = page.locator("#series tbody tr")
    expect(series).to_have_count(4)
    expect(series.nth(0)).to_contain_text("1")
    shoot("regulars-2-series-standings")

    page.goto("/new")
    chips = page.locator("#regulars button")
    expect(chips).to_have_count(4)
    with page.expect_navigation():  # a plain post: no script needed
        page.get_by_role("button", name="+ Cy").click()
    expect(page.locator("#players-0")).to_have_value("Cy")
    expect(page.locator("#regulars button")).to_have_count(3)
    shoot("regulars-3-roster-tap")

    page.goto("/players")
    shoot("regulars-4-players")
    page.locator("#figures").get_by_role("link", name="Bob").click()
    expect(page.locator("h1")).to_have_text("Bob")
    figures = {key: page.locator(f'[data-figure="{key}"]').inner_text()
               for key in ("played", "won", "win-rate", "average-highest", "best-highest", "made", "zero",
                           "run")}
    assert figures == {"played": "2", "won": "1", "win-rate": "50%", "average-highest": "5.5",
                       "best-highest": "11", "made": "1/2 (50%)", "zero": "0/0 (–)", "run": "1"}
    expect(page.locator("#head-to-head > li")).to_have_count(3)
    shoot("regulars-5-player-page")


@pytest.mark.parametrize("lang", ["en", "pl", "et"])
def test_axe_finds_nothing_on_the_new_pages(page: Page, seeder, shoot, lang):
    gid = seeder.start(NAMES, preset="estonian", shape="custom", custom="1", first_dealer="0")
    play_one_round(seeder, gid, {1: 1, 2: 0, 3: 0, 0: 1}, {1: 1, 2: 0, 3: 0, 0: 0})
    page.goto(f"/g/{gid}/")
    page.get_by_role("link", name="Play again").click()
    page.locator("#next-game + form button.primary").click()
    page.goto("/")
    page.locator("#language-menu > summary").click()  # the menu opens first
    page.locator(f'#languages button[value="{lang}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for name, path in [("standings", f"/g/{gid}/standings"), ("again", f"/g/{gid}/again"),
                       ("players", "/players"),
                       ("player", "/players/Bob"), ("carry", "/carry"), ("setup", "/new")]:
        page.goto(path)
        result = AXE.run(page)
        shoot(f"regulars-axe-{name}-{lang}")
        assert result.violations_count == 0, result.generate_report()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_series_of_a_finished_game_fits_a_360_px_phone_and_axe_finds_nothing(
        page: Page, seeder, shoot, lang, base_url):
    names = ["Maximiliana", "Bartholomew", "Konstantinos", "Wilhelmina"]
    first = seeder.start(names, preset="estonian", shape="custom", custom="1", first_dealer="0")
    play_one_round(seeder, first, {1: 1, 2: 0, 3: 0, 0: 1}, {1: 1, 2: 0, 3: 0, 0: 0})
    again = seeder.client.post(f"/g/{first}/again")
    second = re.search(r"/g/([^/]+)/", again.headers["Location"]).group(1)
    play_one_round(seeder, second, {2: 1, 3: 0, 0: 0, 1: 1}, {2: 1, 3: 0, 0: 0, 1: 0})
    page.set_viewport_size({"width": 360, "height": 780})
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.goto(f"/g/{second}/standings")
    expect(page.locator("#series tbody tr")).to_have_count(4)
    assert_fits_the_screen(page)
    # Nothing of the series is cut off behind a sideways scroll.
    assert page.locator("#series").evaluate(
        "table => table.scrollWidth <= table.parentElement.clientWidth"
        " && table.getBoundingClientRect().right <= innerWidth")
    assert page.locator("#series tbody tr").first.inner_text().count("\n") >= 3  # stacked
    page.locator("#series").scroll_into_view_if_needed()
    shoot(f"regulars-series-360-{lang}")
    result = AXE.run(page)
    assert result.violations_count == 0, result.generate_report()


def test_change_players_or_rules_then_a_rename_reaches_the_games(page: Page, seeder, shoot):
    """From a finished game, the set-up opens filled in with its rules as they
    were adjusted; started unchanged, the new game has the same rules. Then a
    rename on the Players page shows in both games' standings, and its undo
    gives the old name back."""
    names = ["Kasia", "Lu", "Mo", "Ned"]
    first = seeder.start(names, preset="estonian", shape="custom", custom="1", first_dealer="0",
                         hook="not-final-round", scoring="trick-points", decks="2")
    play_one_round(seeder, first, {1: 1, 2: 0, 3: 0, 0: 1}, {1: 1, 2: 0, 3: 0, 0: 0})
    page.goto(f"/g/{first}/")
    page.get_by_role("link", name="Change players or rules").click()
    expect(page.locator("#players-0")).to_have_value("Kasia")
    expect(page.locator("#players-3")).to_have_value("Ned")
    expect(page.locator("#hook")).to_have_value("not-final-round")
    # A trick a point is the Estonian page's own variant: chosen as such, not as an adjustment.
    expect(page.locator("input[name=variant][value=trick-points]")).to_be_checked()
    expect(page.locator("#scoring")).to_have_value("")
    expect(page.locator("#decks")).to_have_value("2")
    shoot("regulars-6-change-players-or-rules")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/g/[^/]+/round/1$"))
    second = re.search(r"/g/([^/]+)/", page.url).group(1)
    assert seeder.sheet(second).ruleset == seeder.sheet(first).ruleset
    assert seeder.sheet(second).current.dealer == 1

    page.goto("/players")
    page.locator("#rename-name").select_option("Kasia")
    page.locator("#rename-to").fill("Katarzyna")
    page.get_by_role("button", name="Rename", exact=True).click()
    expect(page.locator("#roster-changes")).to_contain_text("Renamed: Kasia → Katarzyna")
    for gid in (first, second):
        page.goto(f"/g/{gid}/standings")
        expect(page.locator("#standings")).to_contain_text("Katarzyna")
        expect(page.locator("#standings")).not_to_contain_text("Kasia")
    shoot("regulars-7-renamed-in-the-standings")
    page.goto("/players")
    page.get_by_role("button", name="Undo: Kasia → Katarzyna").click()
    page.goto(f"/g/{first}/standings")
    expect(page.locator("#standings")).to_contain_text("Kasia")
