"""The set-up page on one screen and a bit (issue 25): names first, the presets
one short line each with the language's usual one first and chosen, the
details on demand, and "Start the game" within the first two screens of a
phone with five names. "+ Add a player" gives the new seat the keyboard; a
refusal opens only the part to fix, focuses it and keeps what was typed.

On a Pixel 7 (412 × 915) and a 360 × 740 phone, in English, Polish and
German. Nothing here reads a word of the page, so it passes before and after
the new words are translated.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from screens import assert_fits_the_screen
from test_languages import assert_axe_clean

pytestmark = pytest.mark.browser

PHONES = {"pixel7": {"width": 412, "height": 915}, "360": {"width": 360, "height": 740}}
#: Each language's usual preset: the one shown first and chosen.
USUAL = {"en": "cardgames", "pl": "planowanie", "de": "ohhell"}
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
#: A preset's row: its name and one line, wrapped to four lines at most (a
#: long name such as Polish "Oh Hell: od 10 do 1 i z powrotem" takes two
#: on a 360 px phone, its players and its line the others).
ROW_LINES = 4

#: The bottom of the start button from the top of the page, in CSS px.
START_BOTTOM = """() => {
  const box = document.querySelector('button[value=start]').getBoundingClientRect();
  return box.bottom + scrollY;
}"""
#: Each preset row's height in lines of its text.
ROW_HEIGHTS = """() => [...document.querySelectorAll('#rules > label.preset')].map(row => {
  const style = getComputedStyle(row);
  const text = row.offsetHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - 2;
  return [row.querySelector('input').value, text / parseFloat(style.lineHeight)];
})"""


@pytest.fixture(params=list(PHONES))
def phone(request, browser, live_server, playwright):
    """A phone of one of the two sizes: touch, a mobile layout viewport, one
    pixel per CSS pixel (quick screenshots; the layout is the same)."""
    name = request.param
    pixel7 = {k: v for k, v in playwright.devices["Pixel 7"].items()
              if k not in ("default_browser_type", "viewport", "screen", "device_scale_factor")}
    context = browser.new_context(**{**pixel7, "viewport": PHONES[name], "device_scale_factor": 1,
                                     "is_mobile": True, "has_touch": True},
                                  base_url=live_server)
    page = context.new_page()
    page.phone = name
    yield page
    context.close()


def focused_id(page: Page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


@pytest.mark.parametrize("lang", list(USUAL))
def test_the_set_up_starts_within_two_screens_and_a_refusal_opens_only_its_part(
        phone: Page, live_server, shoot, lang):
    page = phone
    height = page.viewport_size["height"]
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    tag = f"setup-{lang}-{page.phone}"
    page.goto("/new")
    expect(page.locator("html")).to_have_attribute("lang", lang)

    # Names come first; the presets follow, the language's usual one first and chosen.
    assert page.locator("#players").bounding_box()["y"] < page.locator("#rules").bounding_box()["y"]
    first = page.locator("#rules input[name=preset]").first
    expect(first).to_have_value(USUAL[lang])
    expect(first).to_be_checked()
    # Each preset in its name and one line; the descriptions, sources and
    # variants folded away, and the adjustments too.
    rows = page.evaluate(ROW_HEIGHTS)
    assert len(rows) == 8 and all(lines <= ROW_LINES + .1 for _name, lines in rows), rows
    expect(page.locator("#about")).to_be_hidden()
    expect(page.locator("#adjust #shape")).to_be_hidden()

    # "+ Add a player": a fifth seat, and the keyboard is on it.
    with page.expect_navigation():
        page.locator("button[value=add]").click()
    expect(page.locator("#players-4")).to_be_focused()
    for i, name in enumerate(NAMES):
        page.fill(f"#players-{i}", name)
    page.locator("#players-4").dispatch_event("change")
    expect(page.locator("#first_dealer option")).to_have_count(len(NAMES) + 1)

    # With five names "Start the game" ends within the first two screens.
    bottom = page.evaluate(START_BOTTOM)
    assert bottom <= 2 * height, f"the start button ends at {bottom:.0f} px, past {2 * height}"
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"{tag}-filled", page)

    # The chosen preset's description, source and variants on demand.
    page.locator("#about-rules > summary").click()
    expect(page.locator("#about")).to_be_visible()
    expect(page.locator("#variants legend")).to_be_visible()
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"{tag}-details", page)
    page.locator("#about-rules > summary").click()

    # A name typed twice: the names come back with the second one focused and
    # marked; the rules stay folded.
    page.fill("#players-4", "ann")
    with page.expect_navigation():
        page.locator("button[value=start]").click()
    expect(page.locator("#players-4")).to_be_focused()
    expect(page.locator("#players-4")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#players-error")).to_be_visible()
    expect(page.locator("#setup-errors a[href='#players-4']")).to_be_visible()
    for i, name in enumerate([*NAMES[:4], "ann"]):
        expect(page.locator(f"#players-{i}")).to_have_value(name)
    expect(page.locator(f"#preset-{USUAL[lang]}")).to_be_checked()
    assert page.locator("#adjust").get_attribute("open") is None
    assert page.locator("#about-rules").get_attribute("open") is None
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"{tag}-refused-name", page)

    # A bad adjustment: only the adjustments open, the keyboard on it, the
    # names and the value typed kept.
    page.fill("#players-4", "Ed")
    page.locator("#adjust > summary").click()
    page.fill("#peak", "60")  # the largest hand there is is 52
    page.select_option("#hook", index=1)
    with page.expect_navigation():
        page.locator("button[value=start]").click()
    expect(page.locator("#peak")).to_be_focused()
    expect(page.locator("#peak")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#peak-error")).to_be_visible()
    expect(page.locator("#peak")).to_have_value("60")
    assert page.locator("#hook").evaluate("s => s.selectedIndex") == 1
    assert page.locator("#adjust").get_attribute("open") == ""
    assert page.locator("#about-rules").get_attribute("open") is None
    expect(page.locator("#players-4")).to_have_value("Ed")
    expect(page.locator("#players-4")).not_to_have_attribute("aria-invalid", "true")
    assert focused_id(page) == "peak"
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"{tag}-refused-adjustment", page)


def test_the_set_up_reads_well_in_the_dark(phone: Page, shoot):
    """The chosen preset's tint and the refusal's colours keep their contrast."""
    page = phone
    page.emulate_media(color_scheme="dark")
    page.goto("/new")
    page.fill("#players-0", "Ann")
    page.fill("#players-1", "ann")
    with page.expect_navigation():
        page.locator("button[value=start]").click()
    expect(page.locator("#players-1")).to_be_focused()
    page.locator("#about-rules > summary").click()
    assert_fits_the_screen(page)
    assert_axe_clean(page)
    shoot(f"setup-dark-{page.phone}", page)


def test_a_first_dealer_chosen_while_a_preview_is_on_its_way_is_kept(page: Page):
    """The names' preview redraws the first-dealer list; one that answers late
    (a slow network: held here until the choice is made) must not put back
    the dealer of the moment it was asked, and the game starts with the one chosen."""
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/new/preview", hold_the_first)
    page.goto("/new")
    for seat, name in enumerate(NAMES[:4]):
        page.fill(f"#players-{seat}", name)
    with page.expect_request("**/new/preview"):
        page.locator("#players-3").dispatch_event("change")  # a preview asked, held on its way
    page.locator("#first_dealer").select_option("2")
    page.wait_for_timeout(300)  # whatever the choice sends is on its way before the held answer
    held[0].continue_()
    expect(page.locator("#first_dealer option")).to_have_count(len(NAMES[:4]) + 1)
    expect(page.locator("#first_dealer")).to_have_value("2")
    with page.expect_navigation():
        page.locator("button[value=start]").click()
    expect(page.locator(".round-facts")).to_contain_text("Cy")
