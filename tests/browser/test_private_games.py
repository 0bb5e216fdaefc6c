"""One server, many tables (Chromium, Pixel 7): phone A starts a game and opens
Share; phone B joins with the short code and enters bids; phone C opens the
viewer link and follows the round with no entry control enabled; a fourth
device sees none of it. axe-core checks the new pages in three languages."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

AXE = Axe()
NAMES = ["Hanna", "Ignacy", "Jaana", "Kalev"]


def phone(browser: Browser, browser_context_args, base_url, locale: str = "en-GB"):
    return browser.new_context(**{**browser_context_args, "base_url": base_url,
                                  "locale": locale})


def assert_axe_clean(page: Page) -> None:
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def test_a_table_shares_its_game_and_strangers_see_nothing(browser: Browser,
                                                           browser_context_args, base_url,
                                                           shoot):
    phones = [phone(browser, browser_context_args, base_url) for _ in range(4)]
    try:
        a, b, c, d = (context.new_page() for context in phones)
        a.goto("/new")
        for i, name in enumerate(NAMES):
            a.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
        a.get_by_role("button", name="Start the game").click()
        expect(a.locator("h1")).to_have_text(re.compile(r"Round 1 of \d+"))
        a.locator("#more-menu > summary").click()  # on a phone Share is under "More"
        a.get_by_role("link", name="Share").click()
        expect(a.locator("h1")).to_have_text("Share this game")
        # The scorer and viewer links, then each player's own link.
        expect(a.locator(".qr svg")).to_have_count(2 + len(NAMES))
        code = a.locator("#join-code .code").inner_text().replace(" ", "")
        viewer_url = a.locator("#url-viewer").input_value()
        scorer_url = a.locator("#url-scorer").input_value()
        assert re.fullmatch(r"[A-Z0-9]{6}", code) and viewer_url != scorer_url
        shoot("share-screen", a)
        assert_axe_clean(a)

        # Phone B types the code on its front page and is a scorer now.
        b.goto("/")
        b.get_by_label("Join a game at this table with its code").fill(code.lower())
        b.get_by_role("button", name="Join", exact=True).click()
        expect(b.locator("h1")).to_have_text(re.compile(r"Round 1 of \d+"))
        b.locator("#entry button[name=trump][value=S]").click()
        expect(b.locator("#entry button[name=trump][value=S]")).to_have_attribute(
            "aria-pressed", "true")

        # Phone C follows through the viewer link.
        c.goto(viewer_url)
        expect(c.locator("#read-only")).to_be_visible()
        expect(c.locator("#entry button:enabled")).to_have_count(0)
        expect(c.locator("text=Undo last entry")).to_have_count(0)
        first_bidder = b.locator("#entry form.seat").first
        first_bidder.locator("button[value='1']").click()
        bidder_id = first_bidder.get_attribute("id")
        expect(b.locator(f"#{bidder_id} button[value='1']")).to_have_attribute(
            "aria-pressed", "true")
        expect(c.locator(f"#{bidder_id} button[value='1']")).to_have_attribute(
            "aria-pressed", "true", timeout=10_000)
        expect(c.locator("#entry button:enabled")).to_have_count(0)
        shoot("viewer-round", c)
        assert_axe_clean(c)

        # A fourth device sees none of it, on its front page or anywhere.
        d.goto("/")
        expect(d.locator("#games")).to_have_count(0)
        for name in NAMES:
            expect(d.locator("main")).not_to_contain_text(name)
        shoot("stranger-front-page", d)
        assert_axe_clean(d)
        b.goto("/")
        expect(b.locator("#games li")).to_have_count(1)
        expect(b.locator("#games")).to_contain_text(", ".join(NAMES))
    finally:
        for context in phones:
            context.close()


@pytest.mark.parametrize("lang, locale, read_only, replaced", [
    ("en", "en-GB", "This link only shows the game", "This link was replaced"),
    ("pl", "pl-PL", "Ten link tylko pokazuje grę", "Ten link został wymieniony"),
    ("et", "et-EE", "See link ainult näitab mängu", "See link asendati"),
])
def test_the_new_pages_read_well_and_pass_axe_in_each_language(
        browser: Browser, browser_context_args, base_url, seeder, shoot,
        lang, locale, read_only, replaced):
    gid = seeder.start(NAMES)
    seeder.play_rounds(gid, 1)
    context = phone(browser, browser_context_args, base_url, locale)
    try:
        page = context.new_page()
        page.goto(f"/g/{gid}/share")
        viewer_url = page.locator("#url-viewer").input_value()
        shoot(f"share-{lang}", page)
        assert_axe_clean(page)
        page.goto("/")
        page.locator("#join input[name=code]").fill("QQQQQQ")
        page.locator("#join button[type=submit]").click()
        expect(page.locator("#join-error")).to_be_visible()
        expect(page.locator("#join input[name=code]")).to_have_value("QQQQQQ")
        shoot(f"front-page-join-refused-{lang}", page)
        assert_axe_clean(page)
        page.goto(viewer_url)
        shoot(f"viewer-round-{lang}", page)
        assert_axe_clean(page)
        response = page.goto(viewer_url + "players")
        assert response.status == 403
        expect(page.locator("h1")).to_have_text(read_only)
        assert_axe_clean(page)
        page.goto(f"/g/{gid}/share")
        page.locator("#share-viewer a.danger").click()
        expect(page.locator("#rotate-effects")).to_be_visible()
        shoot(f"replace-viewer-link-asks-{lang}", page)
        assert_axe_clean(page)
        page.locator("main form button.danger").click()
        response = page.goto(viewer_url)
        assert response.status == 410
        expect(page.locator("h1")).to_have_text(replaced)
        shoot(f"link-replaced-{lang}", page)
        assert_axe_clean(page)
    finally:
        context.close()
