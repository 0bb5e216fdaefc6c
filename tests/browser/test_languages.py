"""One full round in each of the nine languages on a 360 px phone: set-up,
trump, bids, tricks, close. Nothing may scroll sideways (Polish, Estonian,
German words are longer) and axe-core finds nothing wrong (on the round
screen in each language, on every screen in English); each screen is
photographed into test-artifacts/ for a person to look at.

For English, Polish and Estonian the words looked for are written here; for
the six newer languages they are read from the language's catalogue, so the
test fails, naming the message, while a catalogue is not translated yet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from axe_playwright_python.sync_playwright import Axe
from screens import assert_fits_the_screen
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

AXE = Axe()
NARROW = {"width": 360, "height": 780}
NAMES = ["Małgorzata", "Jüri-Kristjan", "Grzegorz", "Õnnela"]
#: The switcher's button, the heading of round 1 and of round 2, and words the
#: round screen must show, in each language.
WORDS = {
    "en": ("English", "Round 1 of 19", "Round 2 of 19", ["Dealer", "Trump", "Bids", "Tricks left"]),
    "pl": ("Polski", "Rozdanie 1 z 19", "Rozdanie 2 z 19", ["Rozdaje", "Atut", "Deklaracje", "Zostało lew"]),
    "et": ("Eesti", "Voor 1/19", "Voor 2/19", ["Jagaja", "Trump", "Pakkumised", "Tihisid jäänud"]),
}
#: The languages whose words come from their catalogues.
NEWER = ["de", "fr", "es", "it", "pt", "hi"]
TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def translated(lang: str, msgid: str, **values) -> str:
    """``msgid`` as the language's catalogue has it, which must be translated."""
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        message = read_po(po, locale=lang).get(msgid)
    assert message is not None and message.string and "fuzzy" not in message.flags, (
        f"{lang}: {msgid!r} is not translated yet")
    return message.string % values if values else message.string


def words_of(lang: str) -> tuple[str, str, str, list[str]]:
    """The switcher's button, the headings of rounds 1 and 2, and the round screen's words."""
    if lang in WORDS:
        return WORDS[lang]
    from scorekeeper.config import LANGUAGE_NAMES

    heading = "Round %(number)s of %(count)s"
    return (LANGUAGE_NAMES[lang], translated(lang, heading, number=1, count=19),
            translated(lang, heading, number=2, count=19),
            [translated(lang, word) for word in ("Dealer", "Trump", "Bids", "Tricks left")])


#: Seat: (bid, tricks). Ann (seat 0) deals and bids last; 3 + 3 + 3 forbids her 1.
ROUND = {1: (3, 3), 2: (3, 3), 3: (3, 4), 0: (0, 0)}


assert_no_sideways_scroll = assert_fits_the_screen


#: Axe runs on every screen in English and on the round screen in every
#: language: its rules look at the page's structure, names, colours and
#: ``lang``, which a translation does not change (an empty one fails
#: tests/i18n, a box its words overflow fails test_fits_every_page.py), so the
#: other screens would answer in each language what they answer in English.
AXE_EVERY_SCREEN_IN = "en"


def assert_axe_clean(page: Page, lang: str = AXE_EVERY_SCREEN_IN, every_language=False) -> None:
    """Axe finds nothing wrong on the page in ``lang``: on every screen in English,
    on a screen that asks for ``every_language`` in each."""
    if lang != AXE_EVERY_SCREEN_IN and not every_language:
        return
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def tap(page: Page, selector: str) -> None:
    """Tap a chip and wait until htmx has swapped the entry panel with it pressed."""
    page.locator(selector).click()
    expect(page.locator(selector)).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("lang", ["en", "pl", "et", *NEWER])
def test_a_whole_round_in_each_language_fits_a_360_px_phone(page: Page, shoot, lang):
    button, round_1, round_2, words = words_of(lang)
    page.set_viewport_size(NARROW)
    page.goto("/new")

    # The switcher at the foot of the page, a menu that opens, changes the
    # language and remembers it.
    expect(page.locator("#languages")).to_be_hidden()
    page.locator("#language-menu > summary").click()
    page.locator("#languages").get_by_role("button", name=button).click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#languages button[aria-pressed=true]")).to_have_text(button)
    assert any(c["name"] == "lang" and c["value"] == lang for c in page.context.cookies())
    expect(page.locator("#language-menu > summary")).to_contain_text(button)
    page.locator("#adjust > summary").click()
    assert_no_sideways_scroll(page)
    assert_axe_clean(page, lang)
    shoot(f"lang-{lang}-setup")

    # Set-up: four players in seat order, the 10-1-10 preset, the first player deals.
    for index, name in enumerate(NAMES):
        page.locator(f"#players-{index}").fill(name)
    page.locator('input[name=preset][value=cardgames]').check()
    page.locator("button[value=add]").click()  # a plain post: the dealer list now has the names
    page.locator("#first_dealer").select_option("0")
    page.locator("button[value=start]").click()
    expect(page.locator("h1")).to_have_text(round_1)

    # Trump, bids in order (the dealer's forbidden chip shows), tricks.
    tap(page, "#entry button[name=trump][value=H]")
    for seat in (1, 2, 3):
        tap(page, f"#bid-{seat} button[name=bid][value='{ROUND[seat][0]}']")
    expect(page.locator("#bid-0 .chip.forbidden")).to_have_text("1")
    tap(page, "#bid-0 button[name=bid][value='0']")
    for seat, (_bid, taken) in ROUND.items():
        tap(page, f"#tricks-{seat} button[name=tricks][value='{taken}']")
    expect(page.locator("#tricks-left")).to_have_text("0")
    for word in words:
        expect(page.locator("main")).to_contain_text(word)

    assert_no_sideways_scroll(page)
    assert_axe_clean(page, lang, every_language=True)
    shoot(f"lang-{lang}-round")

    # Close: the round is scored and the next dealer's round begins.
    page.locator("form[action$='/close'] button[type=submit]").click()
    expect(page.locator("h1")).to_have_text(round_2)
    expect(page.locator("#last-round")).to_be_visible()
    assert_no_sideways_scroll(page)
    assert_axe_clean(page, lang)
    shoot(f"lang-{lang}-round-2")

    # Standings, percentages and all, in the same language.
    page.goto(re.sub(r"/round/\d+$", "/standings", page.url))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert_no_sideways_scroll(page)
    assert_axe_clean(page, lang)
    shoot(f"lang-{lang}-standings")

    # The table view (with the game's menu open), correcting round 1 and the history.
    game = page.url.removesuffix("/standings")
    for path in ("/table", "/round/1/edit", "/history"):
        page.goto(game + path)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        if path == "/table":
            page.locator("#more-menu > summary").click()
            # Players, History, Share, Table view, Score sheet, End the game.
            expect(page.locator("#more-menu .more-links a")).to_have_count(6)
        if path == "/history":
            page.locator("#history details").evaluate_all("ds => ds.forEach(d => { d.open = true; })")
        assert_no_sideways_scroll(page)
        assert_axe_clean(page, lang)
    shoot(f"lang-{lang}-history")


def test_the_language_menu_lists_nine_languages_and_fits_a_360_px_phone(page: Page, shoot):
    page.set_viewport_size(NARROW)
    page.goto("/")
    menu = page.locator("#language-menu")
    closed = menu.bounding_box()["height"]
    menu.locator("summary").click()
    buttons = page.locator("#languages button[name=lang]")
    expect(buttons).to_have_count(9)
    assert closed < 60, f"the closed menu takes {closed} px"
    assert_no_sideways_scroll(page)
    assert_axe_clean(page)
    shoot("lang-menu-open")
