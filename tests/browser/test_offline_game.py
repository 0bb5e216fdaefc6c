"""A whole game with no network (issue 39, docs/offline.md), in a real
Chromium at a Pixel 7: the round screen reloaded offline plays on, and a
4-player game started online is played offline to its end, with a
correction, an Undo and a player who sits out, then sent when the
connection is back; on the way, a second phone changes a bid of the round
the first plays offline, and the first settles that conflict when it is back.
And a bid made offline in a round another phone changed and closed
meanwhile is offered back as a correction of that round."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

#: Starting Python from the cache takes a few seconds here, many more under load.
START = 180_000
NAMES = ["Ann", "Bob", "Cy", "Di"]


def ready(page: Page) -> None:
    """The round screen has what it needs without network, and says so."""
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    expect(page.locator("#offline-ready")).to_have_text("Ready without network")


def keeping(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-offline", "keeping", timeout=START)
    expect(page.locator("#connection")).to_contain_text("this phone keeps the score itself")


def tap(page: Page, selector: str) -> None:
    """Tap a chip and wait until the panel shows it pressed."""
    page.locator(selector).click()
    expect(page.locator(selector)).to_have_attribute("aria-pressed", "true")


def seats(page: Page, step: str) -> list[int]:
    """The players of the round's step (bid, tricks), in their order on the panel."""
    ids = page.locator(f"#entry form.seat[id^={step}-]").evaluate_all("forms => forms.map(f => f.id)")
    return [int(found.split("-")[1]) for found in ids]


def enter_bids(page: Page, trump: str = "S") -> dict[int, int]:
    """Trump, then bids: 0 each, or 1 where the hook rule strikes 0 out.
    Returns each player's bid."""
    tap(page, f"#entry button[name=trump][value={trump}]")
    bids = {}
    for player in seats(page, "bid"):
        zero = page.locator(f"#bid-{player} button[name=bid][value='0']")
        bids[player] = 1 if zero.is_disabled() else 0
        tap(page, f"#bid-{player} button[name=bid][value='{bids[player]}']")
    return bids


def play_round(page: Page, trump: str = "S") -> None:
    """Trump, bids (:func:`enter_bids`), then tricks and close (:func:`close_round`)."""
    enter_bids(page, trump)
    close_round(page)


def close_round(page: Page, taker: int = 0) -> None:
    """The player ``taker``-th in the order takes every trick, the countdown
    fills in the last; close."""
    players = seats(page, "tricks")
    cards = int(page.locator("#tricks-left").inner_text())
    for index, player in enumerate(players[:-1]):
        tap(page, f"#tricks-{player} button[name=tricks][value='{cards if index == taker else 0}']")
    expect(page.locator("#tricks-left")).to_have_text("0")
    page.locator("#close button[type=submit]").click()


def standings_shown(page: Page) -> dict[str, int]:
    """Each player's total as the standings table on the screen shows it."""
    rows = page.locator("#standings tbody tr")
    expect(rows.first).to_be_visible()
    return {rows.nth(i).locator("td").nth(1).inner_text().split("★")[0].split("\n")[0].strip():
            int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(rows.count())}


def own_log(page: Page, gid: str) -> list[dict]:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('scorekeeper-offline-taps:{gid}'))")


def sent(page: Page, gid: str) -> None:
    """Back online: every tap of this phone's own log sent, and the game
    opened again as the server has it (Python no longer keeping the score)."""
    page.wait_for_function(f"() => !(JSON.parse(localStorage.getItem('scorekeeper-offline-taps:{gid}')) || []).length",
                           timeout=START)
    expect(page.locator("html")).not_to_have_attribute("data-offline", "keeping", timeout=START)


def log_kept(page: Page, gid: str) -> None:
    """Online again: the log the phone keeps holds every change its panel shows."""
    page.wait_for_function(
        f"() => {{ const kept = JSON.parse(localStorage.getItem('scorekeeper-offline-log:{gid}'));"
        " return kept && kept.seen >= Number(document.getElementById('entry').dataset.version); }",
        timeout=START)


def test_a_round_screen_reloaded_with_no_network_opens_the_game_and_plays_on(page: Page, seeder, shoot):
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    gid = seeder.start(NAMES)
    page.goto(f"/g/{gid}/round/1")
    ready(page)

    page.context.set_offline(True)
    page.reload()
    keeping(page)
    tap(page, "#entry button[name=trump][value=H]")
    tap(page, "#bid-1 button[name=bid][value='2']")
    # Reloaded again, still with no network: what was tapped is still there.
    page.reload()
    keeping(page)
    expect(page.locator("#entry button[name=trump][value=H]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#bid-1 button[name=bid][value='2']")).to_have_attribute("aria-pressed", "true")
    tap(page, "#bid-2 button[name=bid][value='3']")
    shoot("offline-reloaded")
    assert errors == []

    page.context.set_offline(False)
    sent(page, gid)
    assert page.url.endswith(f"/g/{gid}/round/1")
    expect(page.locator("#bid-2 button[name=bid][value='3']")).to_have_attribute("aria-pressed", "true")
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert [c["kind"] for c in exported["stored"]["changes"]] == ["trump", "bid", "bid"]
    assert exported["rounds"][0]["bids"] == {"Bob": 2, "Cy": 3}


@pytest.fixture
def second(browser: Browser, browser_context_args, base_url):
    """A second phone: a browser context of its own, on the same server."""
    other = browser.new_context(**{**browser_context_args, "base_url": base_url})
    yield other.new_page()
    other.close()


def opened(page: Page, seeder) -> tuple[str, list]:
    """A 4-player game (cardgames, rounds of 2, 1 and 2 cards) started online,
    its round 1 open on ``page``: the game's link, and the page's errors as they come."""
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    gid = seeder.start(NAMES, shape="custom", custom="2 1 2")
    page.goto(f"/g/{gid}/round/1")
    return gid, errors


def test_a_game_played_offline_to_its_end_settles_a_conflict_on_the_way_and_is_the_servers_once_back(
        page: Page, second: Page, seeder, shoot):
    gid, errors = opened(page, seeder)
    second.goto(f"/g/{gid}/round/1")
    ready(page)
    page.context.set_offline(True)
    keeping(page)
    played_offline_to_its_end(page, second, gid, seeder, shoot)
    assert errors == []


def test_a_bid_made_offline_in_a_round_another_phone_closed_meanwhile_is_kept_with_one_tap(
        page: Page, second: Page, seeder, shoot):
    gid, errors = opened(page, seeder)
    tap(page, "#entry button[name=trump][value=S]")
    ready(page)
    page.context.set_offline(True)
    keeping(page)
    # Round 1 (Ann deals, 2 cards): Bob bids 0 on this phone, with no network.
    tap(page, "#bid-1 button[name=bid][value='0']")
    # Meanwhile the second phone, online, bids 1 for Bob and plays the round to
    # its close: Cy takes both tricks, so Bob's 1 misses (+0) where his 0 makes it.
    second.goto(f"/g/{gid}/round/1")
    tap(second, "#bid-1 button[name=bid][value='1']")
    for player in (2, 3, 0):  # Cy, Di, Ann (the hook rule leaves her 0)
        tap(second, f"#bid-{player} button[name=bid][value='0']")
    close_round(second, taker=1)
    expect(second.locator(".round-head h1")).to_have_text("Round 2 of 3")

    # Back online: this phone's bid is offered, with the round closed meanwhile.
    page.context.set_offline(False)
    conflict = page.locator("#conflicts #conflict-bid-1")
    expect(conflict).to_be_visible(timeout=START)
    expect(page.locator(".round-head h1")).to_have_text("Round 2 of 3")
    expect(page.locator("#conflicts")).to_contain_text("Round 1 closed")
    expect(conflict.locator("[data-keeps=mine]")).to_have_text("Bob: bid 0 on this phone")
    expect(conflict.locator("[data-keeps=theirs]")).to_have_text("Bob: bid 1 on another phone")
    expect(page.locator("#scored-notice")).to_contain_text("Bob +0 ·")
    shoot("offline-closed-conflict-offered")
    conflict.locator("[data-keeps=mine]").click()
    expect(page.locator("#conflicts")).to_have_count(0)
    expect(page.locator("#entry")).to_contain_text("Round 1 corrected")
    # The "Round 1 scored" box above the round follows the correction.
    expect(page.locator("#scored-notice")).to_contain_text("Bob +10")
    shoot("offline-closed-conflict-kept")

    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert exported["rounds"][0]["bids"] == {"Bob": 0, "Cy": 0, "Di": 0, "Ann": 0}
    assert [c["kind"] for c in exported["stored"]["changes"]].count("correct") == 1
    # Both phones show the same round 1 and the same standings.
    for phone in (page, second):
        phone.goto(f"/g/{gid}/round/1")
        expect(phone.locator("#result")).to_contain_text("Bob")
    assert page.locator("#result").inner_text() == second.locator("#result").inner_text()
    for phone in (page, second):
        phone.goto(f"/g/{gid}/standings")
    shown = standings_shown(page)
    assert shown == standings_shown(second)
    assert shown == {s["player"]: s["total"] for s in exported["standings"]}
    shoot("offline-closed-conflict-standings-second", second)
    # Opened again, this phone offers nothing more: it is settled.
    page.goto(f"/g/{gid}/round/2")
    ready(page)
    expect(page.locator("#conflicts")).to_have_count(0)
    assert errors == []


def test_the_log_kept_after_a_close_that_filled_in_the_last_tricks_holds_the_next_tap(
        page: Page, seeder):
    """One write can store two changes (the last player's tricks, filled in
    by the countdown, and the close), so the log's last change number runs
    ahead of the game's version: the log kept for playing on without network
    still takes in the next tap before the connection drops, from the tap's
    own answer (the panel carries the game's last changes), with no request."""
    gid, errors = opened(page, seeder)
    play_round(page)
    expect(page.locator(".round-head h1")).to_have_text("Round 2 of 3")
    ready(page)
    log_kept(page, gid)
    asked = []  # the panel carries the change: the log is kept with no request
    page.on("request", lambda request: asked.append(request.url) if "log.json" in request.url else None)
    tap(page, "#entry button[name=trump][value=H]")
    log_kept(page, gid)
    kept = page.evaluate(f"() => JSON.parse(localStorage.getItem('scorekeeper-offline-log:{gid}'))")
    last = kept["stored"]["changes"][-1]
    assert (last["kind"], last["round"], last["value"]) == ("trump", 2, "H")
    assert asked == []
    page.context.set_offline(True)
    keeping(page)
    expect(page.locator("#entry button[name=trump][value=H]")).to_have_attribute(
        "aria-pressed", "true")
    assert errors == []


def test_tricks_made_offline_that_add_up_only_together_are_kept_with_one_tap(
        page: Page, second: Page, seeder, shoot):
    gid, errors = opened(page, seeder)
    enter_bids(page)
    ready(page)
    log_kept(page, gid)
    page.context.set_offline(True)
    keeping(page)
    # Round 1 (2 cards) on this phone, with no network: Bob takes both tricks, Cy none.
    tap(page, "#tricks-1 button[name=tricks][value='2']")
    tap(page, "#tricks-2 button[name=tricks][value='0']")
    # Meanwhile the second phone gives Bob and Cy one each, and closes the round.
    second.goto(f"/g/{gid}/round/1")
    for player, taken in ((1, 1), (2, 1), (3, 0)):
        tap(second, f"#tricks-{player} button[name=tricks][value='{taken}']")
    expect(second.locator("#tricks-left")).to_have_text("0")
    second.locator("#close button[type=submit]").click()
    expect(second.locator(".round-head h1")).to_have_text("Round 2 of 3")

    # Back online: neither entry adds up alone, both together do.
    page.context.set_offline(False)
    together = page.locator("#conflicts #conflict-round-1")
    expect(together).to_be_visible(timeout=START)
    conflicts = page.locator("#conflicts")
    expect(conflicts).to_contain_text("Bob: 2 tricks on this phone")
    expect(conflicts).to_contain_text("Tricks total 3, but 2 were played.")
    expect(conflicts).to_contain_text("Tricks total 1, but 2 were played.")
    expect(together).to_contain_text("Together, this phone’s entries of round 1 add up.")
    shoot("offline-round-kept-together-offered")
    together.get_by_role("button", name="Keep all of them").click()
    expect(conflicts).to_have_count(0)
    expect(page.locator("#entry")).to_contain_text("Round 1 corrected")
    shoot("offline-round-kept-together")
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert exported["rounds"][0]["tricks"] == {"Bob": 2, "Cy": 0, "Di": 0, "Ann": 0}
    assert [c["kind"] for c in exported["stored"]["changes"]].count("correct") == 1
    assert page.evaluate(f"localStorage.getItem('scorekeeper-offline-conflicts:{gid}')") is None
    page.goto(f"/g/{gid}/round/2")  # opened again: nothing more to settle
    ready(page)
    expect(conflicts).to_have_count(0)
    assert errors == []


def test_entries_made_offline_in_a_round_the_game_was_then_ended_before_are_said_not_kept(
        page: Page, seeder, shoot):
    gid, errors = opened(page, seeder)
    play_round(page)
    expect(page.locator(".round-head h1")).to_have_text("Round 2 of 3")
    ready(page)
    page.context.set_offline(True)
    keeping(page)
    # Round 2 (Bob deals, 1 card) on this phone, with no network.
    tap(page, "#entry button[name=trump][value=D]")
    tap(page, "#bid-2 button[name=bid][value='1']")
    # Meanwhile another phone ends the game after round 1.
    assert seeder.client.post(f"/g/{gid}/end", data={"after": 1}).status_code == 302

    # Back online: the phone says what became of its entries, and leads to the result.
    page.context.set_offline(False)
    expect(page.locator("#not-kept")).to_be_visible(timeout=START)
    expect(page.locator("#conflicts-head")).to_have_text(
        "While this phone had no connection, the game was ended after round 1 on another phone: "
        "what this phone entered in round 2 was not kept.")
    expect(page.locator("#not-kept li")).to_have_text(["Trump: diamonds on this phone",
                                                      "Cy: bid 1 on this phone"])
    shoot("offline-ended-meanwhile")
    assert page.evaluate(f"localStorage.getItem('scorekeeper-offline-conflicts:{gid}')") is None
    page.locator("#conflicts a.button").click()
    expect(page.locator("main h1")).to_have_text("Standings")
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert [c["kind"] for c in exported["stored"]["changes"]][-1] == "end"
    assert errors == []


def played_offline_to_its_end(page: Page, second: Page, gid: str, seeder, shoot) -> None:
    """The steps of the test above: ``page`` is the phone cut off from the
    network, ``second`` the other phone, online on the same scorer's link."""
    # Round 1 (Ann deals, 2 cards; bids Bob, Cy, Di, Ann): trump and bids on
    # this phone. Meanwhile the second phone, online, takes the same trump and
    # bids 1 for Bob, who bid 0 here. The server holds none of this phone's
    # round yet: the change lands in the round this phone is playing.
    bids = enter_bids(page)
    assert bids[1] == 0
    # What the server will hold: the second phone's bid, this phone's others
    # (each once), then Bob's 0 as settled.
    held = [(1, 1), *((p, b) for p, b in bids.items() if p != 1), (1, 0)]
    tap(second, "#entry button[name=trump][value=S]")
    tap(second, "#bid-1 button[name=bid][value='1']")

    # Back online: the conflict is offered, and settled with one tap.
    page.context.set_offline(False)
    conflict = page.locator("#conflicts #conflict-bid-1")
    expect(conflict).to_be_visible(timeout=START)
    expect(conflict.locator("[data-keeps=mine]")).to_have_text("Bob: bid 0 on this phone")
    expect(conflict.locator("[data-keeps=theirs]")).to_have_text("Bob: bid 1 on another phone")
    shoot("offline-game-conflict-offered")
    conflict.locator("[data-keeps=mine]").click()
    expect(page.locator("#conflicts")).to_have_count(0)
    for player, bid in bids.items():  # both phones show this phone's bids
        for phone in (page, second):
            expect(phone.locator(f"#bid-{player} button[name=bid][value='{bid}']")).to_have_attribute(
                "aria-pressed", "true", timeout=START)
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert exported["rounds"][0]["bids"] == {NAMES[p]: b for p, b in bids.items()}
    assert [(c["player"], c["value"]) for c in exported["stored"]["changes"] if c["kind"] == "bid"] == held
    shoot("offline-game-conflict-settled-second", second)

    # Cut off again, this phone plays the rest of the game.
    log_kept(page, gid)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=START)
    page.context.set_offline(True)
    keeping(page)
    close_round(page)
    expect(page.locator(".round-head h1")).to_have_text("Round 2 of 3")
    tap(page, "#entry button[name=trump][value=D]")
    page.locator("#undo button[type=submit]").click()
    expect(page.locator("#entry")).to_contain_text("Undone: Trump: diamonds")
    play_round(page, "C")
    expect(page.locator(".round-head h1")).to_have_text("Round 3 of 3")

    # Di sits out round 3 (the players page, drawn by the phone).
    page.locator("#more-menu summary").click()
    page.locator("#more-menu a", has_text="Players").click()
    expect(page.locator("main h1")).to_have_text("Players")
    page.locator("#roster li", has_text="Di").get_by_role("button", name="Sits out round 3").click()
    expect(page.locator("#roster li", has_text="Di")).to_contain_text("sits out round 3")
    assert page.url.endswith(f"/g/{gid}/players")

    # Round 1 corrected from the standings' grid, with the form's live check.
    page.locator("header nav a", has_text="Standings").click()
    page.locator("#correct-1").click()
    expect(page.locator("main h1")).to_have_text("Correct round 1")
    bob_zero = page.locator("#correction input[name='seats-0-bid'][value='0']")
    bob_zero.check()  # Bob's bid 0: Ann, who deals, may then not bid 2
    expect(page.locator("#correction #seats-3-bid label.forbidden input[value='2']")).to_be_attached()
    page.locator("#correction input[name='seats-0-bid'][value='1']").check()
    expect(page.locator("#correction #seats-3-bid label.forbidden input[value='1']")).to_be_attached()
    page.locator("#correction input[name=trump][value=H]").check()
    page.locator("#correction input[name='seats-0-tricks'][value='1']").check()
    page.locator("#correction input[name='seats-1-tricks'][value='1']").check()
    page.locator("#correction button[type=submit]").click()
    expect(page.locator("#result")).to_be_visible()
    assert page.url.endswith(f"/g/{gid}/round/1")
    shoot("offline-corrected")

    # Round 3 without Di, to the end of the game.
    page.locator("#to-current").click()
    expect(page.locator("#bid-3")).to_have_count(0)
    play_round(page, "H")
    expect(page.locator("main h1")).to_have_text("Standings")
    expect(page.locator("main")).to_contain_text("wins the game")
    expect(page.locator("#grid")).to_be_visible()
    shown = standings_shown(page)
    shoot("offline-game-over")

    # The same log through the server's engine, on a twin game: round 1's
    # trump and bids as the server held them before the phone was cut off
    # again (the same changes, so that the phone's numbers fit), then this
    # phone's own taps since.
    twin = seeder.start(NAMES, shape="custom", custom="2 1 2")
    seeder.post(twin, "/round/1/trump", trump="S")
    for player, bid in held:
        seeder.post(twin, "/round/1/bid", player=player, bid=bid)
    for kept in own_log(page, gid):
        response = seeder.client.post(kept["url"].replace(gid, twin), data=kept["values"],
                                      headers={"HX-Request": "true"})
        assert response.status_code in (200, 204, 302), response.get_data(as_text=True)
    sheet = seeder.sheet(twin)
    assert shown == {sheet.name(s.player): s.total for s in sheet.standings}
    assert sheet.is_finished

    page.context.set_offline(False)
    sent(page, gid)
    assert page.url.endswith(f"/g/{gid}/standings")
    exported = json.loads(seeder.client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    assert {s["player"]: s["total"] for s in exported["standings"]} == shown
    kinds = [change["kind"] for change in exported["stored"]["changes"]]
    assert kinds.count("correct") == 1 and kinds.count("sitout") == 1 and kinds.count("undo") == 1
    assert exported["rounds"][0]["trump"] == "H" and len(exported["rounds"]) == 3
    assert "Di" not in exported["rounds"][2]["bids"]
    expect(page.locator("main")).to_contain_text("wins the game")
    # The second phone's round screen follows the game to its result by
    # itself (a navigation of its own, waited for: one of the test's own would
    # be cut short by it), and shows the same standings.
    expect(second).to_have_url(re.compile(rf"/g/{gid}/standings$"))
    second.goto(f"/g/{gid}/standings")
    assert standings_shown(second) == shown
    shoot("offline-game-over-second", second)
