"""Every player on their own phone (issue 27), five Pixel 7 phones in a real
Chromium: the scorer sets up and shares an Estonian game where everyone bids at once;
two players open their own link from its QR code (its address), two join
with the players' code and say who they are; each bids on their own phone,
hidden from the others until all are in, one of them offline for the tap;
the bids then show together, each player confirms their tricks and the
scorer closes the round. Photographed in English, Estonian and Polish, with
axe-core on every state."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from screens import photograph

from test_languages import assert_axe_clean
from test_lost_taps import phones  # noqa: F401 - ``phones`` is a fixture

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]
#: Round 1 deals one card; Ann deals, so Bob bids first. Bob takes the trick.
BIDS = {"Bob": 1, "Cy": 0, "Di": 0, "Ann": 0}
TRICKS = {"Bob": 1, "Cy": 0, "Di": 0, "Ann": 0}


#: True once no htmx request of the page is on its way (the set-up's preview).
NO_REQUEST_ON_ITS_WAY = "() => !document.querySelector('.htmx-request')"


def start_on_the_scorers_phone(scorer: Page) -> str:
    """The scorer sets up the Estonian game where everyone bids at once, Ann
    dealing first, on the set-up page; the game's scorer token.

    Each choice sends a preview whose answer draws the variants and the
    dealers again from what was sent: the next choice waits for it, so that
    a slow answer never takes back a choice made after it was asked for."""
    scorer.goto("/new")
    for seat, name in enumerate(NAMES):
        scorer.fill(f"#players-{seat}", name)
    scorer.locator(f"#players-{len(NAMES) - 1}").dispatch_event("change")
    scorer.wait_for_function(NO_REQUEST_ON_ITS_WAY)
    expect(scorer.locator("#first_dealer option")).to_have_count(len(NAMES) + 1)
    scorer.locator("#preset-estonian").check()
    scorer.wait_for_function(NO_REQUEST_ON_ITS_WAY)
    if not scorer.locator("#about-rules").evaluate("details => details.open"):
        scorer.locator("#about-rules > summary").click()
    scorer.locator("#variant-simultaneous").check()
    scorer.wait_for_function(NO_REQUEST_ON_ITS_WAY)
    scorer.select_option("#first_dealer", "0")
    scorer.wait_for_function(NO_REQUEST_ON_ITS_WAY)
    expect(scorer.locator("#variant-simultaneous")).to_be_checked()
    expect(scorer.locator("#first_dealer")).to_have_value("0")
    with scorer.expect_navigation():
        scorer.locator("button[value=start]").click()
    return re.search(r"/g/([^/]+)/", scorer.url).group(1)


def bids_stored(seeder, gid: str) -> list[tuple[int, int]]:
    from scorekeeper.storage import links
    from scorekeeper.storage.folds import changes_after

    with seeder.client.application.app_context():
        game = links.open_link(gid).game
        return [(c.player, c.value) for c in changes_after(game, 0) if c.kind == "bid"]


@pytest.mark.parametrize("lang", ["en", "et", "pl"])
def test_five_phones_bid_hidden_see_the_bids_together_and_confirm_their_tricks(
        phones, seeder, lang):
    scorer = phones(lang)
    gid = start_on_the_scorers_phone(scorer)
    scorer.goto(f"/g/{gid}/share")
    expect(scorer.locator("#seat-links .qr svg")).to_have_count(4)
    photograph(scorer, f"seat-phones-{lang}-share")
    assert_axe_clean(scorer)
    urls = {name: scorer.locator(f"#url-seat-{player}").input_value()
            for player, name in enumerate(NAMES)}
    code = re.sub(r"\s", "", scorer.locator("#players-code").inner_text())

    players: dict[str, Page] = {}
    for name in ("Ann", "Bob"):  # the QR code's address, opened by the phone's camera
        players[name] = phones(lang)
        players[name].goto(urls[name])
    for name in ("Cy", "Di"):  # the players' code, then "who are you?"
        page = players[name] = phones(lang)
        page.goto("/")
        page.locator("input[name=code]").fill(code)
        page.locator("input[name=code]").press("Enter")
        expect(page.locator("#seats")).to_be_visible()
        if name == "Cy":
            photograph(page, f"seat-phones-{lang}-who-are-you")
            assert_axe_clean(page)
        page.locator("#seats button", has_text=name).click()
        expect(page.locator("#seat-screen")).to_be_visible()
    for name, page in players.items():
        expect(page.locator(".seat-who b")).to_have_text(name)

    scorer.goto(f"/g/{gid}/round/1")
    scorer.locator("#entry button[name=trump][value=S]").click()
    expect(scorer.locator("#entry button[name=trump][value=S]")).to_have_attribute(
        "aria-pressed", "true")

    bob, di = players["Bob"], players["Di"]
    expect(bob.locator("#your-turn")).to_be_visible(timeout=10_000)
    bob.locator("#bid-1 button[value='1']").click()
    expect(bob.locator("#own-bid")).to_have_text("1")
    # Cy's phone and the scorer's know Bob has bid, not what.
    expect(players["Cy"].locator("#bids-so-far [data-hidden-bid]")).to_have_count(1, timeout=10_000)
    expect(scorer.locator("#bid-1 [data-hidden-bid]")).to_have_count(1, timeout=10_000)
    expect(scorer.locator("#missing-bids")).to_contain_text("Cy, Di, Ann")
    photograph(players["Cy"], f"seat-phones-{lang}-bob-hidden")
    assert_axe_clean(players["Cy"])
    photograph(scorer, f"seat-phones-{lang}-scorer-who-is-missing")
    assert_axe_clean(scorer)
    assert "1" not in players["Cy"].locator("#bids-so-far li", has_text="Bob").inner_text()

    players["Cy"].locator("#bid-2 button[value='0']").click()
    expect(players["Cy"].locator("#own-bid")).to_have_text("0")
    di.context.set_offline(True)  # Di bids with no connection: kept, sent once when back
    di.locator("#bid-3 button[value='0']").click()
    expect(di.locator("#connection")).to_be_visible()
    photograph(di, f"seat-phones-{lang}-offline-bid")
    di.context.set_offline(False)
    expect(di.locator("#own-bid")).to_have_text("0", timeout=15_000)
    players["Ann"].locator("#bid-0 button[value='0']").click()

    # The last bid is in: every phone shows all four together.
    for page in (scorer, *players.values()):
        if page is scorer:
            expect(page.locator("#bids-tally")).to_contain_text("1", timeout=10_000)
            expect(page.locator("[data-hidden-bid]")).to_have_count(0)
        else:
            expect(page.locator("#bids-so-far [data-bid]")).to_have_count(4, timeout=10_000)
    expect(bob.locator("#bids-so-far li", has_text="Bob")).to_contain_text("1")
    photograph(players["Cy"], f"seat-phones-{lang}-bids-together")
    assert_axe_clean(players["Cy"])
    assert sorted(bids_stored(seeder, gid)) == [(0, 0), (1, 1), (2, 0), (3, 0)]  # Di's once

    for player, name in enumerate(NAMES):
        page = players[name]
        page.locator(f"#tricks-{player} button[value='{TRICKS[name]}']").click()
        expect(page.locator("#own-tricks")).to_have_text(str(TRICKS[name]))
    photograph(bob, f"seat-phones-{lang}-tricks-confirmed")
    assert_axe_clean(bob)
    close = scorer.locator("#close button[type=submit]")
    expect(close).to_be_enabled(timeout=10_000)
    close.click()
    expect(scorer).to_have_url(re.compile(r"/round/2$"), timeout=10_000)
    for page in players.values():  # each phone follows the table to the next round
        expect(page).to_have_url(re.compile(r"/round/2$"), timeout=10_000)
    assert all(page.errors == [] for page in (scorer, *players.values()))
    for page in (scorer, *players.values()):
        # Left quiet: a phone still polling when its browser closed hung the run's end.
        page.goto("about:blank")
