"""Settling up on a phone (Pixel 7): the stake typed at set-up in the page's
number format, a refused stake kept in place, the stake changed in place
(htmx) on the standings, who pays whom at the end, and Undo of the end taking
it back, and the game ended again settled at the new stake."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from screens import assert_fits_the_screen

pytestmark = pytest.mark.browser

NAMES = ["Anneliese", "Bartholomew", "Cy", "Dorota"]


def test_a_table_plays_for_a_stake_and_settles_up_in_the_fewest_payments(page: Page, seeder,
                                                                          shoot, live_server):
    page.context.add_cookies([{"name": "lang", "value": "pl", "url": live_server}])
    page.goto("/new")
    for seat, name in enumerate(NAMES):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#preset-cardgames").check()
    page.locator("#first_dealer").select_option("0")
    page.locator("#adjust > summary").click()
    page.locator("#stake").fill("0,10")
    page.locator("#stake_symbol").fill("zł")
    page.locator("button[value=start]").click()
    expect(page).to_have_url(re.compile(r"/g/[^/]+/round/1$"))
    gid = re.search(r"/g/([^/]+)/", page.url).group(1)
    # Off the round screen while the seeder plays: that screen follows the game
    # to its next round, a navigation that would cut short the one below.
    page.goto("about:blank")
    seeder.play_rounds(gid, 2)
    seeder.post(gid, "/end", after="2")
    page.goto(f"/g/{gid}/standings")
    expect(page.locator("#stake-line")).to_have_text("Stawka za punkt: 0,10\u00a0zł")
    # Anneliese 10, Bartholomew 10, Cy 19, Dorota 20 (the seeder's rounds):
    # balances -1,90, -1,90, +1,70, +2,10; no two of them cancel out: three payments.
    expect(page.locator("#transfers li")).to_have_text([
        "Anneliese → Dorota: 1,90\u00a0zł", "Bartholomew → Cy: 1,70\u00a0zł",
        "Bartholomew → Dorota: 0,20\u00a0zł"])
    assert_fits_the_screen(page)
    assert Axe().run(page).violations_count == 0
    shoot("settling-pl-standings")

    # A refused stake is said in Polish in place, what was typed kept.
    page.locator("#stake").fill("1,005")
    page.locator("#stake-form button[type=submit]").click()
    expect(page.locator("#stake-error")).to_contain_text("najwyżej dwoma miejscami")
    expect(page.locator("#stake")).to_have_value("1,005")
    expect(page.locator("#stake-line")).to_have_text("Stawka za punkt: 0,10\u00a0zł")

    # Undo of the end takes the settlement back; the stake stays.
    page.locator("#undo button").click()
    page.goto(f"/g/{gid}/standings")
    expect(page.locator("#transfers")).to_have_count(0)
    expect(page.locator("#stake-line")).to_have_text("Stawka za punkt: 0,10\u00a0zł")

    # A new stake is saved in place: the page is not loaded again.
    page.evaluate("window.notReloaded = true")
    page.locator("#stake").fill("1")
    page.locator("#stake-form button[type=submit]").click()
    expect(page.locator("#stake-line")).to_have_text("Stawka za punkt: 1,00\u00a0zł")
    assert page.evaluate("window.notReloaded") is True
    shoot("settling-pl-changed")

    # The game ended again settles at the new stake.
    seeder.post(gid, "/end", after="2")
    page.goto(f"/g/{gid}/standings")
    expect(page.locator("#transfers li").nth(1)).to_have_text("Bartholomew → Cy: 17,00\u00a0zł")
