"""The round screen: trump, bids with the hook rule, tricks countdown, closing."""

from __future__ import annotations

import re

import pytest

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change

# cardgames with Ann dealing first: bidding order Bob, Cy, Di, Ann; 10 cards.
ORDER = [1, 2, 3, 0]


def expect_ok(response, table):
    """A stored entry: a redirect for a plain post, the entry panel for htmx."""
    if table.htmx:
        assert response.status_code == 200
        body = response.get_data(as_text=True)
        assert body.lstrip().startswith('<section id="entry"')
        assert "HX-Request" in response.headers.get("Vary", "")
        return body
    assert response.status_code == 302
    return table.client.get(response.headers["Location"]).get_data(as_text=True)


def expect_refused(response, message: str):
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_round_page_shows_dealer_leader_cards_and_schedule(table):
    table.start()
    page = table.client.get(table.url("/round/1")).get_data(as_text=True)
    assert "Round 1 of 19" in page
    assert 'Dealer</span><b>Ann' in page
    assert 'Leads</span><b>Bob' in page
    assert 'Cards each</span><b>10' in page
    # The staircase is a picture (no step is a link); the menu marks the round screen.
    stairs = page.split('class="stairs"')[1].split("</div>")[0]
    assert "aria-current" not in stairs and "<a" not in stairs
    assert re.search(r'<a href="[^"]*/g/[^"]+/" aria-current="page">Round</a>', page)


def test_game_home_redirects_to_the_current_round(table):
    table.start()
    response = table.client.get(table.url("/"))
    assert response.headers["Location"].endswith("/round/1")


def test_a_bid_is_stored_and_tallied(any_table):
    any_table.start()
    body = expect_ok(any_table.bid(1, 1, 4), any_table)
    assert "Bids total 4 for 10 tricks" in body


def test_the_dealers_forbidden_bid_is_struck_out_once_everyone_else_has_bid(any_table):
    any_table.start()
    for seat in (1, 2):
        expect_ok(any_table.bid(1, seat, 3), any_table)
    body = expect_ok(any_table.bid(1, 3, 3), any_table)
    # docs/rules.md section 5, [PL-cardgames]: 10 cards, bids 3, 3, 3: the last bidder may not bid 1.
    assert 'class="chip forbidden" name="bid" value="1" disabled' in body


def test_the_dealer_waits_until_the_others_have_bid(any_table):
    any_table.start()
    expect_refused(any_table.bid(1, 0, 2), "Ann deals and bids last")


def test_a_forbidden_bid_sent_anyway_is_refused_with_the_reason(any_table):
    any_table.start()
    for seat, bid in [(1, 4), (2, 3), (3, 1)]:
        expect_ok(any_table.bid(1, seat, bid), any_table)
    # docs/rules.md section 5, [PL-planowanie]: bids 4, 3, 1 (sum 8) with 10 cards: the dealer may not bid 2.
    expect_refused(any_table.bid(1, 0, 2), "Ann deals and may not bid 2")
    page = any_table.client.get(any_table.url("/round/1")).get_data(as_text=True)
    assert "Bids total 8 for 10 tricks" in page  # nothing already entered was lost


def test_changing_an_earlier_bid_cannot_sneak_past_the_hook(table):
    table.start()
    for seat, bid in [(1, 4), (2, 3), (3, 1), (0, 3)]:
        table.bid(1, seat, bid)
    expect_refused(table.bid(1, 1, 3), "may not bid 3")


@pytest.mark.parametrize(
    "bid, message",
    [
        ("11", "bid must be between 0 and 10"),
        ("-1", "A bid cannot be negative"),
        ("three", "Enter a bid as a whole number"),
        ("", "Enter a bid as a whole number"),
    ],
)
def test_bad_bids_get_a_clear_message(any_table, bid, message):
    any_table.start()
    expect_refused(any_table.bid(1, 1, bid), message)


def test_a_seat_that_does_not_exist_is_refused(table):
    table.start()
    expect_refused(table.bid(1, 9, 1), "does not play in round 1")


def test_unknown_game_and_round_are_not_found(table, client):
    table.start()
    assert client.get("/g/nope/round/1").status_code == 404
    assert client.get(table.url("/round/20")).status_code == 404
    assert client.post(table.url("/round/20/bid"), data={"player": 1, "bid": 1}).status_code == 404
    assert client.post("/g/nope/round/1/bid", data={"player": 1, "bid": 1}).status_code == 404


def test_entries_for_a_later_round_are_refused(table):
    table.start()
    expect_refused(table.bid(2, 2, 1), "Round 2 has not started yet")


def test_tricks_wait_for_every_bid(any_table):
    any_table.start()
    expect_refused(any_table.tricks(1, 1, 2), "Enter every bid before the tricks")


def test_tricks_count_down_and_cannot_exceed_the_hand(any_table):
    any_table.start()
    for seat, bid in [(1, 4), (2, 3), (3, 1), (0, 1)]:
        any_table.bid(1, seat, bid)
    body = expect_ok(any_table.tricks(1, 1, 6), any_table)
    assert 'id="tricks-left">4<' in body
    expect_refused(any_table.tricks(1, 2, 5), "That makes 11 tricks, but only 10 were played")


def test_a_round_closes_only_when_the_tricks_reach_zero(any_table):
    any_table.start()
    any_table.trump(1, "S")
    for seat, bid in [(1, 4), (2, 3), (3, 1), (0, 1)]:
        any_table.bid(1, seat, bid)
    for seat, taken in [(1, 4), (2, 3), (3, 1)]:
        any_table.tricks(1, seat, taken)
    expect_refused(any_table.close(1), "Tricks must add up to 10")
    any_table.tricks(1, 0, 2)
    response = any_table.close(1)
    location = response.headers.get("HX-Redirect") if any_table.htmx else response.headers["Location"]
    assert response.status_code == (204 if any_table.htmx else 302)
    assert location.endswith("/round/2")
    page = any_table.client.get(location).get_data(as_text=True)
    # Closing shows each player's points; the next dealer is Bob.
    assert "Round 1 scored" in page and "Bob +14" in page and "Ann +2" in page
    assert 'Dealer</span><b>Bob' in page


def test_a_round_cannot_close_without_trump(table):
    table.start()
    for seat, bid in [(1, 4), (2, 3), (3, 1), (0, 1)]:
        table.bid(1, seat, bid)
    for seat, taken in [(1, 4), (2, 3), (3, 1), (0, 2)]:
        table.tricks(1, seat, taken)
    expect_refused(table.close(1), "Choose the trump")


def test_closing_twice_is_answered_as_done_without_writing_twice(table, app):
    """A close sent again (its answer was lost) is done, not an error; entries
    to the closed round are still refused."""
    table.start()
    table.play_round(1, ORDER, 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    with app.app_context():
        stored = db.session.scalar(db.select(db.func.count()).select_from(Change))
    response = table.close(1)
    assert response.status_code == 302 and response.headers["Location"].endswith("/round/2")
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Change)) == stored
    expect_refused(table.bid(1, 1, 2), "Round 1 is already closed")


@pytest.mark.parametrize("trump", ["C", "D", "H", "S", "none"])
def test_every_trump_choice_is_stored(any_table, trump):
    any_table.start()
    body = expect_ok(any_table.trump(1, trump), any_table)
    assert f'value="{trump}" aria-pressed="true"' in body


def test_an_unknown_trump_is_refused(any_table):
    any_table.start()
    expect_refused(any_table.trump(1, "X"), "Choose a trump suit")


def test_simultaneous_bidding_has_no_hook_and_any_order(table):
    table.start(bidding="simultaneous")
    table.bid(1, 0, 1)  # the dealer first: allowed
    for seat in (1, 2, 3):
        assert table.bid(1, seat, 3).status_code == 302
    page = table.client.get(table.url("/round/1")).get_data(as_text=True)
    assert "forbidden" not in page and "Bids total 10 for 10 tricks" in page


def test_undo_takes_back_the_last_entry_and_is_itself_recorded(any_table, app):
    any_table.start()
    any_table.bid(1, 1, 4)
    any_table.bid(1, 2, 2)
    response = any_table.undo()
    assert response.status_code == (204 if any_table.htmx else 302)
    page = any_table.client.get(any_table.url("/round/1")).get_data(as_text=True)
    assert "Bids total 4 for 10 tricks" in page
    from scorekeeper.storage.models import Change

    with app.app_context():
        kinds = [c.kind for c in Change.query.order_by(Change.seq)]
    assert kinds == ["bid", "bid", "undo"]


def test_undo_reopens_a_closed_round_once_the_table_confirms(table):
    table.start()
    table.play_round(1, ORDER, 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    asked = table.undo()
    expect_refused(asked, "Undoing now reopens round 1, which is closed and scored")
    assert asked.get_data(as_text=True).count("Undoing now reopens round 1") == 1
    assert 'name="reopen" value="1"' in asked.get_data(as_text=True)
    assert table.client.get(table.url("/")).headers["Location"].endswith("/round/2")
    response = table.undo(reopen="1")
    assert response.headers["Location"].endswith("/round/1")
    assert table.client.get(table.url("/")).headers["Location"].endswith("/round/1")


def test_undo_with_nothing_entered_says_so(table):
    table.start()
    expect_refused(table.undo(), "There is nothing to undo yet")


def test_a_second_phone_sees_nothing_new_until_the_game_changes(table, client):
    table.start()
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    # static/js/live.js asks through each data-poll element when the stream says
    # the game changed (every second while no stream is open).
    assert "/round/1/entry?since=0" in page and 'hx-trigger="poll" data-poll' in page
    assert "js/live.js" in page and 'sse-connect="/g/' in page and "/events?since=0" in page
    watch = {"HX-Request": "true"}
    assert client.get(table.url("/round/1/entry?since=0"), headers=watch).status_code == 204
    table.bid(1, 1, 2)  # entered on the first phone
    response = client.get(table.url("/round/1/entry?since=0"), headers=watch)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<section id="entry"') and "since=1" in body
    assert "Bids total 2 for 10 tricks" in body


def test_a_second_phone_moves_on_when_the_round_is_closed(table, client):
    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    response = client.get(table.url("/round/1/entry?since=3"), headers={"HX-Request": "true"})
    assert response.status_code == 204 and response.headers["HX-Redirect"] == table.url("/")


def test_an_htmx_entry_shows_the_trump_in_the_panel_and_empties_the_scored_notice(htmx_table):
    htmx_table.start()
    body = htmx_table.trump(1, "D").get_data(as_text=True)
    # The live round's trump is the panel's first step, shown once: no copy outside to update.
    assert ('<span class="step-summary" id="trump-summary"><span class="suit-red" aria-label="diamonds">♦</span>'
            '</span>') in body
    # Out of band go only the round's head (it follows the schedule; no trump
    # there while the panel has it), the undo bar (it names the new last entry)
    # and the notice.
    assert re.findall(r'<div id="([\w-]+)"[^>]* hx-swap-oob=', body) == [
        "round-head", "undo-bar", "scored-notice"]
    assert "diamonds" not in body[body.index('id="round-head"'):body.index('id="undo-bar"')]
    # The notice is replaced, never deleted: the next answer's swap still finds its target.
    assert '<div id="scored-notice" hx-swap-oob="true"></div>' in body
    body = htmx_table.bid(1, 1, 2).get_data(as_text=True)
    assert '<div id="scored-notice" hx-swap-oob="true"></div>' in body


def test_a_trump_cycle_shows_each_rounds_trump_before_the_deal_and_needs_no_tap(any_table):
    table = any_table
    table.start(preset="kachuful")
    page = table.client.get(table.url("/round/1")).get_data(as_text=True)
    assert "The rules set this round’s trump before the deal: spades. No tap needed." in page
    assert 'id="trump-summary"' in page and 'aria-label="spades"' in page  # the first step
    # Round 1, 1 card each: bids in order Bob, Cy, Di, Ann (the dealer may not make 1).
    for seat, bid in zip(ORDER, (0, 0, 0, 0)):
        expect_ok(table.bid(1, seat, bid), table)
    for seat, taken in zip(ORDER, (1, 0, 0, 0)):
        expect_ok(table.tricks(1, seat, taken), table)
    response = table.close(1)
    assert response.status_code in (204, 302), response.get_data(as_text=True)
    page = table.client.get(table.url("/round/2")).get_data(as_text=True)
    assert "The rules set this round’s trump before the deal: diamonds." in page
