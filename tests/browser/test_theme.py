"""Light or dark: like the phone, or as this device chose, from the first paint."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

AXE = Axe()
LIGHT_BG, DARK_BG = "rgb(246, 245, 241)", "rgb(17, 21, 20)"


@pytest.fixture(scope="module")
def game(seeder) -> str:
    """Round 2 in bidding, the dealer's forbidden chip showing; round 1 scored."""
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    seeder.play_rounds(gid, 1)
    rnd = seeder.sheet(gid).current
    seeder.post(gid, f"/round/{rnd.number}/trump", trump="H")
    for seat in rnd.order[:-1]:
        seeder.post(gid, f"/round/{rnd.number}/bid", player=seat, bid=2)
    return gid


def background(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def theme_button(page: Page, name: str):
    """A colours button, in this phone's settings (a fold at the foot of the page, opened)."""
    page.locator("#device-settings").evaluate("d => { d.open = true; }")
    return page.locator("#theme").get_by_role("button", name=name, exact=True)


def choose(page: Page, name: str) -> None:
    button = theme_button(page, name)
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def served_palette_media(page: Page, path: str) -> str:
    """The dark palette's media as the server writes it (before any script runs)."""
    html = page.request.get(path).text()
    start = html.index('id="dark-palette"')
    return html[start:].split('media="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("phone", ["light", "dark"])
def test_by_default_the_page_follows_the_phone(page: Page, game, phone):
    page.emulate_media(color_scheme=phone)
    page.goto(f"/g/{game}/round/2")
    assert background(page) == (DARK_BG if phone == "dark" else LIGHT_BG)
    expect(theme_button(page, "Like the phone")).to_have_attribute(
        "aria-pressed", "true")


def test_the_choice_overrides_the_phone_and_this_device_remembers_it(page: Page, game):
    page.emulate_media(color_scheme="light")
    page.goto(f"/g/{game}/round/2")
    choose(page, "Dark")
    assert background(page) == DARK_BG
    assert page.evaluate("document.querySelector('meta[name=color-scheme]').content") == "dark"
    assert any(c["name"] == "theme" and c["value"] == "dark" for c in page.context.cookies())

    page.goto(f"/g/{game}/standings")  # another page, rendered dark by the server
    assert served_palette_media(page, f"/g/{game}/standings") == "all"
    assert background(page) == DARK_BG
    expect(theme_button(page, "Dark")).to_have_attribute("aria-pressed", "true")

    page.emulate_media(color_scheme="dark")
    choose(page, "Light")
    assert background(page) == LIGHT_BG
    page.reload()
    assert background(page) == LIGHT_BG

    choose(page, "Like the phone")
    assert background(page) == DARK_BG
    assert not any(c["name"] == "theme" for c in page.context.cookies())
    assert served_palette_media(page, "/") == "(prefers-color-scheme: dark)"


@pytest.mark.parametrize("choice, phone", [("Dark", "light"), ("Light", "dark")])
@pytest.mark.parametrize("screen", ["round/2", "round/1", "standings"])
def test_axe_finds_nothing_wrong_in_the_chosen_colours(page: Page, shoot, game, choice, phone, screen):
    page.emulate_media(color_scheme=phone)
    page.goto(f"/g/{game}/{screen}")
    choose(page, choice)
    results = AXE.run(page)
    shoot(f"theme-{choice.lower()}-{screen.replace('/', '-')}")
    assert results.violations_count == 0, results.generate_report()
