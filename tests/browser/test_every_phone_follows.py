"""Every phone at the table tells the truth (issue 38), Pixel 7 phones in a real
Chromium: a game ended on one phone takes the others to the result (a seat
phone and a second scorer, without a reload), a tap on the ended game is told
so, and a round the deck cannot deal, fixed on one phone and the fix undone,
shows the same round head, chips and panel on every phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from screens import photograph

from test_languages import assert_axe_clean
from test_lost_taps import phones, updates_held  # noqa: F401 - ``phones`` is a fixture

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]
#: Long enough for a loaded machine: a phone that follows sooner passes sooner.
FOLLOWS_MS = 15_000


def seat_token(seeder, gid: str, name: str) -> str:
    """The player's own link, as the scorer's Share screen lists it."""
    page = seeder.client.get(f"/g/{gid}/share").get_data(as_text=True)
    found = dict(re.findall(r'<span class="seat-name">([^<]+)</span>.*?/g/([A-Za-z0-9_-]+)/"',
                            page, re.S))
    return found[name]


def open_round(page: Page, token: str, number: int) -> None:
    """The round screen, its stream open."""
    page.goto(f"/g/{token}/")
    expect(page.locator("#round-head h1")).to_contain_text(f" {number} ")
    page.wait_for_function("() => document.querySelector('[sse-connect]')")


def end_now(page: Page, gid: str) -> None:
    page.goto(f"/g/{gid}/end")
    page.locator("#end-now button").click()
    expect(page.locator("#ended-early")).to_be_visible()


def test_ending_the_game_now_takes_every_open_phone_to_the_result(phones, seeder):
    gid = seeder.start(NAMES)  # the 10-1-10 game: 19 rounds
    seeder.play_rounds(gid, 2)
    scorer, seat, second = phones(), phones(), phones()
    open_round(scorer, gid, 3)
    open_round(seat, seat_token(seeder, gid, "Bob"), 3)
    expect(seat.locator("#seat-screen")).to_be_visible()
    open_round(second, gid, 3)

    end_now(scorer, gid)
    for page in (seat, second):  # by themselves: no one reloads them
        expect(page).to_have_url(re.compile(r"/standings$"), timeout=FOLLOWS_MS)
        expect(page.locator("#ended-early")).to_contain_text("19")
        expect(page.locator("#standings tr.leader")).not_to_have_count(0)
        assert page.errors == []
    photograph(seat, "follows-ended-now-seat")
    photograph(second, "follows-ended-now-second-scorer")
    assert_axe_clean(seat)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_tap_on_a_game_ended_on_another_phone_says_the_game_is_over(phones, seeder, lang):
    gid = seeder.start(NAMES)
    seeder.play_rounds(gid, 2)
    seeder.post(gid, "/round/3/trump", trump="H")
    scorer, late = phones(lang), phones(lang)
    open_round(scorer, gid, 3)
    open_round(late, gid, 3)
    with updates_held(late):  # this phone has not heard of the end yet
        end_now(scorer, gid)
        late.locator("#step-bids details[open] button.chip:not([disabled])").first.click()
        error = late.locator("#entry .error")
        expect(error).to_contain_text({"en": "The game is over; nothing more can be entered.",
                                       "pl": "Gra się skończyła"}[lang])
        photograph(late, f"follows-tap-on-ended-game-{lang}")
        assert_axe_clean(late)
    assert seeder.sheet(gid).is_finished and len(seeder.sheet(gid).rounds) == 2
    late.locator("#to-result").click()
    expect(late).to_have_url(re.compile(r"/standings$"))
    expect(late.locator("#ended-early")).to_be_visible()


def head_of(page: Page) -> tuple[str, str]:
    """The round head's heading and its cards each."""
    return (page.locator("#round-head h1").inner_text(),
            page.locator("#round-head .fact b").first.inner_text())


def test_a_round_fixed_on_one_phone_and_the_fix_undone_reads_the_same_on_every_phone(
        phones, seeder):
    gid = seeder.start(NAMES, preset="planowanie")  # 13, 12, 11, ... cards
    seeder.play_rounds(gid, 2)
    seeder.post(gid, "/players/join", name="Ed", after="3", start_rule="zero")
    scorer, seat = phones(), phones()
    open_round(scorer, gid, 3)
    open_round(seat, seat_token(seeder, gid, "Bob"), 3)
    for page in (scorer, seat):
        expect(page.locator("#unfit-why")).to_contain_text("11 × 5 = 55")
        expect(page.locator("#round-head .fact b").first).to_have_text("11")

    scorer.locator("#fit-round button").click()  # the largest hand that fits: 10
    expect(scorer.locator("#step-trump")).to_be_visible()
    planned = len(seeder.sheet(gid).rounds)
    expect(seat.locator("#own-bid-title")).to_be_visible(timeout=FOLLOWS_MS)
    for page in (scorer, seat):
        expect(page.locator("#round-head h1")).to_have_text(f"Round 3 of {planned}")
        expect(page.locator("#round-head .fact b").first).to_have_text("10")
    chips = seat.locator("#bid-1 button.chip")
    expect(chips).to_have_count(11)  # 0 to 10
    expect(chips.last).to_have_text("10")
    assert head_of(seat) == head_of(scorer)
    photograph(seat, "follows-fixed-round-seat")

    scorer.locator("#undo button").click()  # the fix taken back, answered in place
    expect(scorer.locator("#unfit-why")).to_contain_text("11 × 5 = 55")
    expect(seat.locator("#unfit-why")).to_contain_text("11 × 5 = 55", timeout=FOLLOWS_MS)
    planned = len(seeder.sheet(gid).rounds)
    for page in (scorer, seat):
        expect(page.locator("#round-head h1")).to_have_text(f"Round 3 of {planned}")
        expect(page.locator("#round-head .fact b").first).to_have_text("11")
        assert page.errors == []
    assert head_of(seat) == head_of(scorer)
    photograph(scorer, "follows-fix-undone-scorer")
    photograph(seat, "follows-fix-undone-seat")
    assert_axe_clean(seat)


def test_play_again_takes_each_players_own_phone_to_their_seat_in_the_next_game(phones, seeder):
    gid = seeder.start(NAMES, preset="estonian", shape="custom", custom="1")  # one round
    seeder.play_rounds(gid, 1)
    scorer, bob = phones(), phones()
    bob.goto(f"/g/{seat_token(seeder, gid, 'Bob')}/")
    expect(bob).to_have_url(re.compile(r"/standings$"))
    scorer.goto(f"/g/{gid}/standings")
    scorer.locator("#again a.primary").click()
    scorer.locator("form.actions button.primary").click()
    expect(scorer.locator("#round-head h1")).to_contain_text("1")
    # By itself: Bob's phone is Bob's in the new game, his own chips and no one else's.
    expect(bob.locator("#seat-screen .seat-who b")).to_have_text("Bob", timeout=FOLLOWS_MS)
    expect(bob.locator("#step-bids")).to_have_count(0)
    assert re.search(r"/g/([^/]+)/", bob.url).group(1) not in (
        gid, re.search(r"/g/([^/]+)/", scorer.url).group(1))
    assert bob.errors == []
    photograph(bob, "follows-play-again-seat")
    assert_axe_clean(bob)
