"""A whole game at a phone's viewport, as a table would play it: tapping chips."""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import find_preset, find_scoring, forbidden_bid, score_game, standings

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cy", "Di"]
FIRST_DEALER = 1  # Bob
TRUMPS = ["C", "D", "H", "S", "none"]
#: How an htmx swap may take at most (a few dozen ms is usual).
SWAP = 5_000


def planned_bids(number: int, cards: int) -> list[int]:
    """The three bids before the dealer's: small, so the hook rule bites in most
    rounds; every sixth round they overbid, so the dealer may bid anything."""
    if number % 6 == 0:
        return [cards, cards // 2 + 1, 0]
    return [(number + i) % 3 * cards // 4 for i in range(3)]


def planned_dealer_bid(cards: int, forbidden: int | None) -> int:
    """The dealer wants the forbidden bid whenever there is one, so must take another."""
    if forbidden is None:
        return cards // 2
    return forbidden + 1 if forbidden < cards else forbidden - 1


def planned_tricks(bids: list[int], cards: int) -> list[int]:
    """Tricks in bidding order: each takes their bid while tricks are left; the dealer the rest."""
    tricks, left = [], cards
    for bid in bids[:-1]:
        tricks.append(min(bid, left))
        left -= tricks[-1]
    return [*tricks, left]


def chip(page: Page, kind: str, seat: int, value: int):
    return page.locator(f"#{kind}-{seat} button[value='{value}']")


def set_up_game(page: Page, shoot) -> None:
    page.goto("/new")
    for i, name in enumerate(NAMES):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    page.locator("input[name=preset][value=cardgames]").check()
    # The first-dealer list is filled from the names only when the server renders
    # the whole form again; typing does not refresh it. Adding an (empty, hence
    # ignored) seat is a full post that does.
    page.get_by_role("button", name="Add a player").click()
    expect(page.locator("#first_dealer option")).to_have_count(len(NAMES) + 1)
    page.locator("#first_dealer").select_option(label=NAMES[FIRST_DEALER])
    expect(page.locator("input[name=preset][value=cardgames]")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("19 rounds: 10 9 8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10 cards")
    shoot("setup-filled")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("h1")).to_have_text("Round 1 of 19")


def play_round(page: Page, number: int, cards: int, bid_posts: list[str], shoot) -> dict[int, tuple[int, int, int]]:
    """Tap one round through; return seat -> (bid, tricks, cards) as entered."""
    dealer = (FIRST_DEALER + number - 1) % len(NAMES)
    order = [(dealer + k) % len(NAMES) for k in range(1, len(NAMES) + 1)]
    expect(page.locator("h1")).to_have_text(f"Round {number} of 19")
    expect(page.locator(".fact").nth(1)).to_contain_text(NAMES[dealer])

    trump = TRUMPS[number % len(TRUMPS)]
    page.locator(f"#entry button[name=trump][value={trump}]").click()
    expect(page.locator(f"#entry button[name=trump][value={trump}]")).to_have_attribute("aria-pressed", "true", timeout=SWAP)

    bids = planned_bids(number, cards)
    for seat, bid in zip(order, bids):
        chip(page, "bid", seat, bid).click()
        expect(chip(page, "bid", seat, bid)).to_have_attribute("aria-pressed", "true", timeout=SWAP)

    forbidden = forbidden_bid(cards, bids)
    if forbidden is not None:
        struck = chip(page, "bid", dealer, forbidden)
        expect(struck).to_have_class(re.compile(r"\bforbidden\b"))
        expect(struck).to_be_disabled()
        assert "line-through" in struck.evaluate("b => getComputedStyle(b).textDecorationLine")
        assert page.locator(f"#bid-{dealer} button.forbidden").count() == 1
        if number == 1:
            # Playwright refuses to tap a disabled button: it never becomes actionable.
            with pytest.raises(Exception, match="not enabled|Timeout"):
                struck.click(timeout=300)
        # Even forced, the tap sends nothing: the next request is the allowed bid.
        struck.click(force=True)
    else:
        expect(page.locator(f"#bid-{dealer} button.forbidden")).to_have_count(0)
    if number == 5:
        shoot("round-5-dealer-to-bid")
    dealer_bid = planned_dealer_bid(cards, forbidden)
    before = len(bid_posts)
    chip(page, "bid", dealer, dealer_bid).click()
    expect(chip(page, "bid", dealer, dealer_bid)).to_have_attribute("aria-pressed", "true", timeout=SWAP)
    assert len(bid_posts) == before + 1 and f"bid={dealer_bid}" in bid_posts[-1], bid_posts[before:]
    bids.append(dealer_bid)

    tricks = planned_tricks(bids, cards)
    left = cards
    for seat, taken in zip(order, tricks):
        chip(page, "tricks", seat, taken).click()
        left -= taken
        expect(page.locator("#tricks-left")).to_have_text(str(left), timeout=SWAP)
        expect(chip(page, "tricks", seat, taken)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#tricks-left")).to_have_text("0")

    close = page.get_by_role("button", name=f"Close round {number} and score it")
    expect(close).to_be_enabled()
    close.click()
    # htmx posts the close and then loads the next round (or the standings).
    expect(page.locator("h1")).not_to_have_text(f"Round {number} of 19", timeout=SWAP)
    return {seat: (bid, taken, cards) for seat, bid, taken in zip(order, bids, tricks)}


def read_csv(path) -> list[dict[str, str]]:
    """The game's rows: one table, nothing under it (the rules are a file of their own)."""
    text = open(path, encoding="utf-8").read()
    assert text.startswith("\ufeff"), "the CSV starts with a byte order mark"
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    header, body = rows[0], rows[1:]
    assert [] not in body
    return [dict(zip(header, row)) for row in body]


def test_a_whole_cardgames_game_tapped_through_matches_the_rules_engine(page: Page, shoot, tmp_path):
    bid_posts: list[str] = []
    page.on("request", lambda r: r.method == "POST" and r.url.endswith("/bid") and bid_posts.append(r.post_data or ""))
    set_up_game(page, shoot)

    plan = find_preset("cardgames").plan(len(NAMES))
    assert [p.cards for p in plan] == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    entered = []
    hooked = 0
    for p in plan:
        if forbidden_bid(p.cards, planned_bids(p.number, p.cards)) is not None:
            hooked += 1
        if p.number == 5:
            shoot("round-5-start")
        entered.append(play_round(page, p.number, p.cards, bid_posts, shoot))
    assert hooked >= 12, "the bid plan should make the forbidden bid matter in most rounds"

    expect(page.locator("h1")).to_have_text("Standings")
    shoot("standings-final")
    expected = score_game(find_scoring("trick-points"), entered)
    ranking = standings(expected.totals, lowest_wins=False)

    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(NAMES))
    for row, place in zip(rows.all(), ranking):
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        rank = f"{place.rank}=" if place.is_shared else str(place.rank)
        assert cells[0] == rank
        assert cells[1].rstrip(" ★") == NAMES[place.player]
        assert cells[2] == str(place.total)
        assert cells[3].startswith(f"{expected.hits[place.player]}/19")
    foot = page.locator("#grid tfoot td").all_inner_texts()
    assert foot == [str(expected.totals[seat]) for seat in range(len(NAMES))]

    winners = [NAMES[s.player] for s in ranking if s.rank == 1]
    message = f"{winners[0]} wins the game!" if len(winners) == 1 else f"{', '.join(winners)} share the win!"
    expect(page.get_by_role("status")).to_have_text(message)

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Export CSV").click()
    download = download_info.value
    assert download.suggested_filename.endswith("-Ann-Bob-Cy-Di.csv")
    path = tmp_path / "game.csv"
    download.save_as(path)
    rows = read_csv(path)
    assert len(rows) == 19 * len(NAMES)
    for row in rows:
        number, seat = int(row["Round"]), NAMES.index(row["Player"])
        bid, taken, cards = entered[number - 1][seat]
        assert (int(row["Cards"]), int(row["Bid"]), int(row["Tricks"])) == (cards, bid, taken)
        assert row["Dealer"] == NAMES[(FIRST_DEALER + number - 1) % len(NAMES)]
        assert row["Made"] == ("yes" if bid == taken else "no")
        assert int(row["Points"]) == expected.rounds[number - 1][seat]
        assert int(row["Total"]) == expected.running[number - 1][seat]
    last = {row["Player"]: int(row["Total"]) for row in rows if row["Round"] == "19"}
    assert last == {NAMES[s.player]: s.total for s in ranking}
    with page.expect_download() as download_info:
        page.get_by_role("link", name="The rules as CSV").click()
    rules_path = tmp_path / "rules.csv"
    download_info.value.save_as(rules_path)
    footer = list(csv.reader(io.StringIO(open(rules_path, encoding="utf-8").read().lstrip("\ufeff"))))
    assert footer[0] == ["Players", *NAMES]
    assert footer[1] == ["Rules", "Oh Hell, 10 to 1 to 10"]
