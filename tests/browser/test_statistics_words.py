"""The statistics that say what they count, on a phone: a player's page (wins
with the shared ones said, averages and rounds for each kind of game, a late
joiner's starting score apart) and Your players (games finished and games
not finished), on a Pixel 7 and a 360 x 740 phone in English, Polish and
German; the pages fit the screen and axe finds nothing.

The assertions read figures, never words: a new label may not be translated
yet when this runs.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from screens import assert_fits_the_screen
from test_languages import assert_axe_clean

pytestmark = pytest.mark.browser

NAMES = ["Małgorzata", "Bartholomew", "Cy"]
LATE = "Gwendolyn"
SCREENS = {"pixel7": None, "360": {"width": 360, "height": 740}}


def play_round(seeder, gid: str, bids: dict[str, int], tricks: dict[str, int],
               trump: str) -> None:
    """The open round, ``bids`` and ``tricks`` by name, in the order the game asks."""
    sheet = seeder.sheet(gid)
    rnd, seat = sheet.current, {name: pid for pid, name in sheet.players.items()}
    seeder.post(gid, f"/round/{rnd.number}/trump", trump=trump)
    order = [name for pid in rnd.order for name in bids if seat[name] == pid]
    for name in order:
        seeder.post(gid, f"/round/{rnd.number}/bid", player=seat[name], bid=bids[name])
    for name in order:
        seeder.post(gid, f"/round/{rnd.number}/tricks", player=seat[name], tricks=tricks[name])
    seeder.post(gid, f"/round/{rnd.number}/close")


@pytest.fixture(scope="module")
def games(seeder) -> list[str]:
    """Game H (the highest total wins; Gwendolyn joins with 12) and game L
    (Piekiełko, the lowest total wins; Małgorzata and Cy share the win):
    the figures of tests/web/test_statistics_say_what_they_count.py."""
    high = seeder.start(NAMES, preset="estonian", shape="custom", custom="1 1", first_dealer="0")
    m, b, c = NAMES
    play_round(seeder, high, {m: 1, b: 0, c: 0}, {m: 1, b: 0, c: 0}, "H")
    seeder.post(high, "/players/join", name=LATE, after="2", start_rule="number",
                start_number="12")
    play_round(seeder, high, {m: 1, b: 0, c: 1, LATE: 0}, {m: 0, b: 0, c: 1, LATE: 0}, "H")
    low = seeder.start(NAMES, preset="piekielko", shape="custom", custom="1 1",
                       scoring="progressive-misses", first_dealer="0")
    play_round(seeder, low, {m: 0, b: 0, c: 0}, {m: 0, b: 1, c: 0}, "H")
    play_round(seeder, low, {m: 0, b: 1, c: 0}, {m: 0, b: 1, c: 0}, "none")
    unfinished = seeder.start([m, "Zed"], preset="estonian", shape="custom", custom="1")
    return [high, low, unfinished]


def in_language(page: Page, games: list[str], lang: str) -> None:
    for gid in games:
        page.goto(f"/g/{gid}/")  # each game's link: the games go on this phone's list
    page.locator("#language-menu > summary").click()
    page.locator(f'#languages button[value="{lang}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def figure(page: Page, name: str) -> str:
    return page.locator(f'[data-figure="{name}"]').inner_text()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", ["en", "pl", "de"])
def test_the_player_page_says_what_it_counts_and_fits(page: Page, shoot, games, lang, screen):
    if SCREENS[screen]:
        page.set_viewport_size(SCREENS[screen])
    in_language(page, games, lang)
    page.goto("/players/Małgorzata")
    expect(page.locator("h1")).to_have_text("Małgorzata")
    assert figure(page, "played") == "2"
    won = figure(page, "won")  # one win, and it was shared: "1 (1 of them shared)"
    assert won.startswith("1 (") and won.count("1") == 2, won
    assert (figure(page, "average-highest"), figure(page, "average-lowest")) == ("11", "0")
    assert figure(page, "worst-highest").startswith("+0")  # round 2: bid 1, took 0
    assert figure(page, "top-highest").startswith("+11")
    assert page.locator('[data-figure^="start-"]').count() == 0
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"statistics-words-player-{lang}-{screen}")

    page.goto(f"/players/{LATE}")
    assert figure(page, "average-highest") == "10"  # 22, of which 12 given on joining
    assert figure(page, "start-highest").startswith("+12")
    assert figure(page, "best-highest") == "22"
    assert figure(page, "won") == "1"
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"statistics-words-late-joiner-{lang}-{screen}")


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", ["en", "pl", "de"])
def test_your_players_tell_finished_games_from_the_others_and_fit(page: Page, shoot, games,
                                                                   lang, screen):
    if SCREENS[screen]:
        page.set_viewport_size(SCREENS[screen])
    in_language(page, games, lang)
    page.goto("/players")
    row = page.locator("#regulars li", has_text="Małgorzata")
    expect(row.locator('[data-regular="finished"]')).to_have_text("2")
    expect(row.locator('[data-regular="unfinished"]')).to_have_text("1")
    zed = page.locator("#regulars li", has_text="Zed")
    expect(zed.locator('[data-regular="finished"]')).to_have_text("0")
    # Cy's one win was shared, and the row says so in any language: "1 (1 of them shared)".
    expect(page.locator("#figures tbody tr", has_text="Cy")).to_contain_text(
        re.compile(r"1 \(\D*1\D*\)"))
    assert page.locator("#filter-period option").count() == 3
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"statistics-words-players-{lang}-{screen}")
