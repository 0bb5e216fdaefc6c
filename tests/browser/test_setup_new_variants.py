"""The set-up screen with a variant issue 30 added, on a 360 px phone and a
Pixel 7 (412 px): six names, Kachuful, its details opened, "No one bids 0
more than 5 times in a row" chosen with its one-line reason shown, nothing
wider than the screen; the game starts with it and its round screen keeps the
0 chip (no one has bid 0 yet)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from screens import assert_fits_the_screen
from test_setup_one_screen import phone  # noqa: F401  (the two phones)

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_new_variant_is_chosen_on_a_phone_and_the_game_starts_with_it(
        phone: Page, live_server, shoot, lang):  # noqa: F811
    page = phone
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page.goto("/new")
    for _ in range(2):
        with page.expect_navigation():
            page.locator("button[value=add]").click()
    for i, name in enumerate(NAMES):
        page.fill(f"#players-{i}", name)
    page.locator(f"#players-{len(NAMES) - 1}").dispatch_event("change")
    page.locator("#preset-kachuful").check()
    page.locator("#about-rules > summary").click()
    variant = page.locator("#variants input[value=zero-limit]")
    expect(variant).to_be_visible()
    variant.check()
    label = page.locator("#variants label.preset", has=page.locator("input[value=zero-limit]"))
    expect(label).to_be_visible()
    assert_fits_the_screen(page)
    # Asked of the label as it is then (the choice redraws the preview, and a
    # bounding box of a label being swapped out is None).
    left, right = label.evaluate("e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }")
    assert left >= 0 and right <= page.viewport_size["width"]
    shoot(f"setup-zero-limit-{lang}-{page.phone}", page)
    with page.expect_navigation():
        page.locator("button[value=start]").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert "/round/1" in page.url
    expect(page.locator("[data-zero-barred]")).to_have_count(0)
    assert_fits_the_screen(page)
