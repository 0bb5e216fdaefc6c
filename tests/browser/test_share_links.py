"""The Share screen on a laptop opened at its own loopback address (as after
``make run``): links and QR codes another phone can open, and why; replacing
a link asks first and counts the phones that lose the game. In English,
Polish and German at 360 × 740, with axe."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from scorekeeper.web.public import lan_address

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "pl": "pl-PL", "de": "de-DE"}
#: "3 other phones … will lose it" as each language counts them: the phone
#: that set the game up and the two that joined.
THREE_PHONES = {"en": "3 other phones", "pl": "3 inne telefony", "de": "3 andere Handys"}


@pytest.fixture
def without_public_url(live_app):
    """The laptop's case: no PUBLIC_URL (the suite's live server sets one)."""
    kept, live_app.config["PUBLIC_URL"] = live_app.config["PUBLIC_URL"], None
    yield
    live_app.config["PUBLIC_URL"] = kept


@pytest.mark.parametrize("lang", LOCALES)
def test_a_share_screen_opened_on_loopback_gives_links_phones_can_open_and_asks_before_replacing(
        browser: Browser, browser_context_args, base_url, seeder, shoot, without_public_url,
        lang):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])
    for _ in range(2):  # two more phones joined by the code
        page = seeder.client.get(f"/g/{gid}/share").get_data(as_text=True)
        code = "".join(re.search(r'class="code" lang="en">(\w{3}) (\w{3})<', page).groups())
        other = seeder.client.application.test_client()
        assert other.post("/join", data={"code": code}).status_code == 302
    context = browser.new_context(**{**browser_context_args, "base_url": base_url,
                                     "viewport": {"width": 360, "height": 740},
                                     "locale": LOCALES[lang]})
    try:
        page = context.new_page()
        page.goto(f"/g/{gid}/share")
        notice = page.locator("#loopback")
        expect(notice).to_be_visible()
        address = lan_address()
        if address:
            expect(notice).to_contain_text(address)
            assert page.locator("#url-scorer").input_value().startswith(f"http://{address}:")
        shoot(f"share-on-loopback-{lang}", page)
        assert Axe().run(page).violations_count == 0

        page.locator("#share-scorer a.danger").click()
        expect(page.locator("#rotate-effects")).to_contain_text(THREE_PHONES[lang])
        shoot(f"replace-scorer-link-asks-{lang}", page)
        assert Axe().run(page).violations_count == 0
        page.locator("main form a.button").click()  # keep it
        expect(page.locator("#share-scorer")).to_be_visible()
        assert f"/g/{gid}/share" in page.url  # nothing was replaced
    finally:
        context.close()
