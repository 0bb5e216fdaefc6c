"""Off the straight path on a phone, in English, Polish and German, at a Pixel 7
and at 360 × 740: ending a game early, a round the deck cannot deal, a
correction that strikes out the forbidden bid live, Close within reach, and a
dispute's verdict applied.
Every state is shot to test-artifacts/, and checked with axe in English."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

AXE = Axe()
LANGUAGES = ["en", "pl", "de"]
#: The phones: a Pixel 7 as its profile gives it, and a small phone.
SCREENS = {"pixel7": {"width": 412, "height": 839}, "360": {"width": 360, "height": 740}}


@pytest.fixture(params=[(lang, screen) for lang in LANGUAGES for screen in SCREENS],
                ids=lambda param: "-".join(param))
def phone(request, page: Page, base_url):
    """The page in one language at one screen size; yields a name for its screenshots."""
    lang, screen = request.param
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.set_viewport_size(SCREENS[screen])
    return f"{lang}-{screen}"


def assert_axe_clean(page: Page, phone: str = "en") -> None:
    """Axe finds nothing wrong, on a phone in English (at both sizes): its rules
    look at the page's structure, names, colours and ``lang``, which the Polish
    and German words do not change (an empty translation fails tests/i18n, a box
    its words overflow fails test_fits_every_page.py)."""
    if not phone.startswith("en"):
        return
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def open_menu_link(page: Page, href_end: str) -> None:
    """Follow a link of the game's menu, opening "More" where the bar folds it."""
    more = page.locator("#more-menu > summary")
    if more.is_visible():
        more.click()
    page.locator(f"nav a[href$='{href_end}']").click()


def test_a_game_is_ended_early_from_the_round_menu_and_undo_takes_it_back(
        page: Page, seeder, shoot, phone):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])  # the 10-1-10 game: 19 rounds
    seeder.play_rounds(gid, 2)
    page.goto(f"/g/{gid}/round/3")
    open_menu_link(page, "/end")
    expect(page.locator("#finish-after")).to_be_visible()
    expect(page.locator("#end-now")).to_be_visible()
    assert_axe_clean(page, phone)
    shoot(f"end-choice-{phone}")

    page.locator("#finish-after button").click()  # round 3 is still played
    expect(page.locator("#ends-after")).to_be_visible()
    expect(page.locator("#step-trump")).to_be_visible()
    assert_axe_clean(page, phone)
    shoot(f"end-after-this-round-{phone}")

    open_menu_link(page, "/end")
    expect(page.locator("#finish-after")).to_have_count(0)
    page.locator("#end-now button").click()
    expect(page.locator("#ended-early")).to_contain_text("2")
    expect(page.locator("#ended-early")).to_contain_text("19")
    expect(page.locator("#standings tr.leader")).not_to_have_count(0)
    assert_axe_clean(page, phone)
    shoot(f"end-standings-{phone}")

    page.locator("#undo button").click()  # back to finishing after round 3
    expect(page.locator("#ends-after")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("3")


def test_an_undealable_round_says_why_and_one_tap_makes_it_dealable(
        page: Page, seeder, shoot, phone):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"], preset="planowanie")  # 13, 12, 11, ...
    seeder.play_rounds(gid, 2)
    seeder.post(gid, "/players/join", name="Ed", after="3", start_rule="zero")
    page.goto(f"/g/{gid}/")
    unfit = page.locator("#unfit")
    expect(unfit).to_be_visible()
    expect(page.locator("#unfit-why")).to_contain_text("11 × 5 = 55")
    expect(page.locator("#unfit-why")).to_contain_text("52")
    expect(page.locator("#step-bids")).to_have_count(0)
    assert_axe_clean(page, phone)
    shoot(f"unfit-round-{phone}")

    two_decks = phone.startswith("de")  # German tables take the second deck
    page.locator("#two-decks button" if two_decks else "#fit-round button").click()
    expect(page.locator("#step-trump")).to_be_visible()
    expect(page.locator(".round-facts .fact").first).to_contain_text("11" if two_decks else "10")
    assert_axe_clean(page, "en" if two_decks else phone)  # only German takes this way: axe it there
    shoot(f"unfit-fixed-{phone}")


def test_the_correction_strikes_out_the_forbidden_bid_live_and_leads_back_to_the_round(
        page: Page, seeder, shoot, phone):
    gid = seeder.start(["Ann", "Bob", "Cy", "Di"])  # Ann deals; Bob, Cy, Di bid 0, Ann 1
    seeder.play_rounds(gid, 1)
    page.goto(f"/g/{gid}/round/1/edit")
    dealer_bid = page.locator("#seats-3-bid label.forbidden")
    expect(dealer_bid).to_have_text("10")  # 0 + 0 + 0: the dealer may not bid 10
    page.locator("#seats-0-bid label.pick", has_text="4").click()
    expect(dealer_bid).to_have_text("6")  # 4 + 0 + 0: not 6
    expect(page.locator("#seats-0-bid input[value='4']")).to_be_checked()
    assert_axe_clean(page, phone)
    shoot(f"correct-struck-live-{phone}")

    page.locator("#correction button[type=submit]").click()
    back = page.locator("#to-current")
    expect(back).to_be_visible()
    assert_axe_clean(page, phone)
    shoot(f"correct-saved-back-{phone}")
    back.click()
    expect(page.locator("#step-trump")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("2")


@pytest.mark.parametrize("size", [(360, 740), (412, 915)], ids=["360x740", "412x915"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_close_is_on_the_first_screen_when_the_countdown_enables_it(
        page: Page, seeder, shoot, base_url, lang, size):
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page.set_viewport_size({"width": size[0], "height": size[1]})
    gid = seeder.start(["Zośka", "Bartłomiej", "Cy", "Di", "Ed"])  # 5 players, 10 cards
    rnd = seeder.sheet(gid).current
    seeder.post(gid, "/round/1/trump", trump="H")
    for seat in rnd.order:
        seeder.post(gid, "/round/1/bid", player=seat, bid=1 if seat == rnd.dealer else 2)
    for seat in rnd.order[:3]:
        seeder.post(gid, "/round/1/tricks", player=seat, tricks=2)
    page.goto(f"/g/{gid}/round/1")
    page.locator(f"#tricks-{rnd.order[3]} button[value='1']").click()
    close = page.locator("#close button")
    expect(close).to_be_enabled()  # the last player's 3 tricks filled in from the countdown
    box = close.bounding_box()
    assert page.evaluate("scrollY") == 0
    assert box["y"] + box["height"] <= size[1], box
    rows = page.evaluate("""() => [...document.querySelectorAll('.seat details[open] .chips')]
        .map(chips => new Set([...chips.querySelectorAll('.chip')]
        .map(chip => Math.round(chip.getBoundingClientRect().top))).size)""")
    assert rows and max(rows) <= 2, rows
    assert_axe_clean(page, lang)
    shoot(f"close-within-reach-{lang}-{size[0]}x{size[1]}")


def test_applying_the_replay_says_what_changed_and_marks_only_the_penalty_applied(
        page: Page, seeder, shoot, phone):
    from test_dispute import PLAYS, seed_closed_round

    gid = seed_closed_round(seeder)  # Di's revoke in trick 1; Ann and Di written wrongly
    for at, card in enumerate(c for trick in PLAYS for c in trick):
        seeder.post(gid, "/round/1/hand/card", card=card, at=at)
    page.goto(f"/g/{gid}/round/1/hand/")
    page.locator("#apply").click()
    applied = page.locator("#verdict-applied")
    expect(applied).to_be_visible()
    assert page.url.endswith("/round/1/hand/#verdict")
    # It names what changed: both players whose tricks were corrected.
    expect(applied).to_contain_text("Ann")
    expect(applied).to_contain_text("Di")
    # The penalties are offered beside it, in the same verdict, none applied yet.
    penalties = page.locator("#verdict-penalties")
    # The two points penalties and the laws' three tricks given to the harmed player.
    expect(penalties.locator("button")).to_have_count(3)
    assert_axe_clean(page, phone)
    shoot(f"verdict-applied-{phone}")

    penalties.locator("button").nth(1).click()
    expect(penalties.locator(".penalty-applied")).to_have_count(1)
    expect(penalties.locator("li").nth(1).locator(".penalty-applied")).to_have_count(1)
    expect(penalties.locator(".penalty-other")).to_have_count(2)
    expect(penalties.locator("button")).to_have_count(0)
    assert_axe_clean(page, phone)
    shoot(f"verdict-penalty-{phone}")
    assert seeder.sheet(gid).totals == {0: 11 + 3, 1: 11 + 3, 2: 11 + 3, 3: 0}
