"""Back online with a conflict (issue 39, the sync side; docs/offline.md), in a
real Chromium at a Pixel 7: phone A enters bids with no network, phone B
(online) changes one of the same bids meanwhile; back online, A's own log goes
to the server, A is offered that bid to settle with one tap, and both phones
then agree, as does the server's JSON export."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

#: Starting Python from the cache takes a few seconds here, many more under load.
START = 180_000

# cardgames with Ann dealing first: bidding order Bob, Cy, Di, Ann; 10 cards.
NAMES = ["Ann", "Bob", "Cy", "Di"]
A_BIDS = {1: 3, 2: 2, 3: 4}  # Bob, Cy, Di on phone A, offline
B_BID = 2  # Bob's bid on phone B meanwhile


def bid_chip(player: int, bid: int) -> str:
    return f"#bid-{player} button[name=bid][value='{bid}']"


def test_a_bid_changed_on_another_phone_meanwhile_is_settled_with_one_tap(
        browser: Browser, browser_context_args, base_url, seeder, shoot):
    gid = seeder.start(NAMES)
    seeder.post(gid, "/round/1/trump", trump="S")
    phones = [browser.new_context(**{**browser_context_args, "base_url": base_url}) for _ in range(2)]
    try:
        a, b = (phone.new_page() for phone in phones)
        errors = []
        a.on("pageerror", lambda error: errors.append(error))
        for page in (a, b):
            page.goto(f"/g/{gid}/round/1")
        expect(a.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)

        phones[0].set_offline(True)
        expect(a.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)
        for player, bid in A_BIDS.items():
            a.locator(bid_chip(player, bid)).click()
            expect(a.locator(bid_chip(player, bid))).to_have_attribute("aria-pressed", "true")

        # Meanwhile phone B, online, enters Bob's bid otherwise.
        b.locator(bid_chip(1, B_BID)).click()
        expect(b.locator(bid_chip(1, B_BID))).to_have_attribute("aria-pressed", "true")

        phones[0].set_offline(False)
        conflict = a.locator("#conflicts #conflict-bid-1")
        expect(conflict).to_be_visible(timeout=START)
        mine, theirs = conflict.locator("[data-keeps=mine]"), conflict.locator("[data-keeps=theirs]")
        expect(mine).to_have_text("Bob: bid 3 on this phone")
        expect(theirs).to_have_text("Bob: bid 2 on another phone")
        # The rest of A's log landed: Cy's and Di's bids, as A entered them.
        for player in (2, 3):
            expect(a.locator(bid_chip(player, A_BIDS[player]))).to_have_attribute("aria-pressed", "true")
        expect(a.locator(bid_chip(1, B_BID))).to_have_attribute("aria-pressed", "true")
        shoot("offline-sync-conflict-offered", a)

        mine.click()
        expect(a.locator("#conflicts")).to_have_count(0)
        expect(a.locator(bid_chip(1, 3))).to_have_attribute("aria-pressed", "true")
        # Phone B follows the game: it shows A's 3 too.
        expect(b.locator(bid_chip(1, 3))).to_have_attribute("aria-pressed", "true", timeout=20_000)
        for player in (2, 3):
            expect(b.locator(bid_chip(player, A_BIDS[player]))).to_have_attribute("aria-pressed", "true")
        shoot("offline-sync-settled-a", a)
        shoot("offline-sync-settled-b", b)

        exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
        assert exported["rounds"][0]["bids"] == {"Bob": 3, "Cy": 2, "Di": 4}
        bids = [(c["player"], c["value"]) for c in exported["stored"]["changes"] if c["kind"] == "bid"]
        # B's 2, A's Cy and Di (each once), then the settled 3.
        assert bids == [(1, 2), (2, 2), (3, 4), (1, 3)]
        # Opened again, A offers nothing more: it is settled.
        a.reload()
        expect(a.locator(bid_chip(1, 3))).to_have_attribute("aria-pressed", "true")
        expect(a.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
        expect(a.locator("#conflicts")).to_have_count(0)
        assert errors == []
    finally:
        for phone in phones:
            phone.close()


def test_two_phones_offline_at_once_a_scorers_and_a_players_own_both_land(
        browser: Browser, browser_context_args, base_url, seeder, shoot):
    from scorekeeper.storage.database import db
    from scorekeeper.storage.models import Link

    gid = seeder.start(NAMES)
    seeder.post(gid, "/round/1/trump", trump="S")
    seeder.client.get(f"/g/{gid}/share")  # makes each player's own link
    with seeder.client.application.app_context():
        game_id = db.session.scalar(db.select(Link.game_id).where(Link.token == gid))
        di = db.session.scalar(db.select(Link.token).where(
            Link.game_id == game_id, Link.role == "seat", Link.player == 3))
    phones = [browser.new_context(**{**browser_context_args, "base_url": base_url}) for _ in range(2)]
    try:
        scorer, own = (phone.new_page() for phone in phones)
        errors = []
        for page in (scorer, own):
            page.on("pageerror", lambda error: errors.append(error))
        scorer.goto(f"/g/{gid}/round/1")
        own.goto(f"/g/{di}/round/1")
        for page in (scorer, own):
            expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
        for phone in phones:
            phone.set_offline(True)
        for page in (scorer, own):
            expect(page.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)

        # The scorer enters Bob's and Cy's bids, Di her own on her phone: each its own log.
        for player in (1, 2):
            scorer.locator(bid_chip(player, A_BIDS[player])).click()
            expect(scorer.locator(bid_chip(player, A_BIDS[player]))).to_have_attribute(
                "aria-pressed", "true")
        own.locator(bid_chip(3, A_BIDS[3])).click()
        expect(own.locator("#own-bid")).to_have_text(str(A_BIDS[3]))
        # Her phone enters nothing else: no other player's chips, no trump, no Undo.
        expect(own.locator("#bid-1")).to_have_count(0)
        expect(own.locator("#undo button")).to_have_count(0)
        shoot("offline-sync-seat-offline", own)

        for phone in phones:
            phone.set_offline(False)
        # Both logs land; each phone opens the game as the server has it.
        expect(scorer.locator(bid_chip(3, A_BIDS[3]))).to_have_attribute(
            "aria-pressed", "true", timeout=START)
        expect(own.locator("#bids-so-far")).to_contain_text("Bob", timeout=START)
        for player, bid in A_BIDS.items():
            expect(own.locator(f"#bids-so-far li:nth-child({[1, 2, 3, 0].index(player) + 1}) b")
                   ).to_have_text(str(bid), timeout=20_000)
        expect(scorer.locator("#conflicts")).to_have_count(0)
        expect(own.locator("#conflicts")).to_have_count(0)
        shoot("offline-sync-two-phones-scorer", scorer)
        shoot("offline-sync-two-phones-own", own)

        exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
        assert exported["rounds"][0]["bids"] == {"Bob": 3, "Cy": 2, "Di": 4}
        bids = [(c["player"], c["value"], c["by_player"]) for c in exported["stored"]["changes"]
                if c["kind"] == "bid"]
        assert sorted(bids) == [(1, 3, False), (2, 2, False), (3, 4, True)]
        assert errors == []
    finally:
        for phone in phones:
            phone.close()
