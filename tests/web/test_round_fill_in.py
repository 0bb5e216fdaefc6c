"""The round screen one step at a time, and the last player's tricks filled in
from the countdown and stored by Close."""

from __future__ import annotations

import re

import pytest

from scorekeeper.storage.models import Change

# cardgames with Ann dealing first: bidding order Bob, Cy, Di, Ann; 10 cards.
ORDER = [1, 2, 3, 0]
BIDS = {1: 4, 2: 3, 3: 1, 0: 1}


def page(table) -> str:
    return table.client.get(table.url("/round/1")).get_data(as_text=True)


def open_steps(html: str) -> list[str]:
    return re.findall(r'<details class="step" id="step-(\w+)" open>', html)


def open_rows(html: str) -> list[str]:
    """The forms (``bid-<seat>``, ``tricks-<seat>``) whose chips are open."""
    return re.findall(r'id="((?:bid|tricks)-\d+)">(?:\s*<input[^>]+>)+\s*<details open>', html)


def bid_all(table) -> None:
    table.trump(1, "S")
    for seat in ORDER:
        table.bid(1, seat, BIDS[seat])


def changes(app) -> list[tuple[str, int | None, object]]:
    with app.app_context():
        return [(c.kind, c.player, c.value) for c in Change.query.order_by(Change.seq)]


def close_with(table, **fill_in):
    return table.client.post(table.url("/round/1/close"), data=fill_in, headers=table.headers)


def test_the_step_the_table_is_at_is_open_and_only_the_player_whose_turn_it_is(table):
    table.start()
    html = page(table)
    assert open_steps(html) == ["trump"] and open_rows(html) == ["bid-1"]
    assert 'id="step-tricks"' not in html and 'action="/g/' + table.gid + '/round/1/close"' not in html

    table.trump(1, "S")
    assert open_steps(page(table)) == ["bids"]
    table.bid(1, 1, 4)
    html = page(table)
    assert open_rows(html) == ["bid-2"]
    assert re.search(r'class="seat next" id="bid-2"', html), "the next bidder is highlighted"

    for seat in ORDER[1:]:
        table.bid(1, seat, BIDS[seat])
    html = page(table)
    assert open_steps(html) == ["tricks"] and open_rows(html) == ["tricks-1"]
    assert "Bids total 9 for 10 tricks · under by 1" in html  # the summary of the done step

    for seat, taken in [(1, 4), (2, 3), (3, 1), (0, 2)]:
        table.tricks(1, seat, taken)
    html = page(table)
    assert open_steps(html) == [] and open_rows(html) == []  # only Close is left
    assert re.search(r'<button class="primary wide" type="submit"\s*>', html), "Close is enabled"


def test_once_all_but_one_have_their_tricks_the_last_ones_are_filled_in_from_the_countdown(table):
    table.start()
    bid_all(table)
    for seat, taken in [(1, 4), (2, 3)]:
        table.tricks(1, seat, taken)
    html = page(table)
    assert "name=\"seat\" value=\"3\"><input type=\"hidden\" name=\"tricks\"" not in html
    assert re.search(r'type="submit" disabled>\s*Close round 1', html)

    table.tricks(1, 3, 1)  # Ann, the dealer, is the last: 2 tricks are left
    html = page(table)
    assert 'id="tricks-left">2<' in html, "the countdown still shows what is stored"
    assert open_rows(html) == ["tricks-0"]
    ann = html.split('id="tricks-0"')[1].split("</form>")[0]
    assert re.findall(r'value="(\d+)"\s*aria-pressed="true"', ann) == ["2"]
    assert 'class="chip filled" name="tricks" value="2"' in ann
    close = html.split('action="/g/' + table.gid + '/round/1/close"')[1].split("</form>")[0]
    assert '<input type="hidden" name="player" value="0"><input type="hidden" name="tricks" value="2">' in close
    assert "disabled" not in close
    assert "Filled in from the tricks left: Ann 2. Closing the round stores it." in close


def test_close_stores_the_filled_in_tricks_and_then_closes(any_table, app):
    any_table.start()
    bid_all(any_table)
    for seat, taken in [(1, 4), (2, 3), (3, 1)]:
        any_table.tricks(1, seat, taken)
    response = close_with(any_table, player=0, tricks=2)
    assert response.status_code == (204 if any_table.htmx else 302)
    location = response.headers["HX-Redirect" if any_table.htmx else "Location"]
    assert location.endswith("/round/2")
    assert changes(app)[-2:] == [("tricks", 0, 2), ("close", None, None)]
    assert "Ann +2" in any_table.client.get(location).get_data(as_text=True)


@pytest.mark.parametrize(
    "seat, taken, message",
    [
        (0, 1, "The tricks changed on another phone meanwhile. Check them and close again."),
        (0, 3, "That makes 11 tricks, but only 10 were played."),
        (3, 2, "Tricks must add up to 10 before the round can be closed; 2 left."),
    ],
)
def test_a_fill_in_the_countdown_does_not_leave_is_refused_and_nothing_is_stored(
    any_table, app, seat, taken, message
):
    """What this screen filled in no longer fits: another phone changed the tricks."""
    any_table.start()
    bid_all(any_table)
    for entered_seat, entered in [(1, 4), (2, 3), (3, 1)]:
        any_table.tricks(1, entered_seat, entered)
    before = changes(app)
    response = close_with(any_table, player=seat, tricks=taken)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert changes(app) == before


def test_filled_in_tricks_that_another_phone_entered_meanwhile_are_not_stored_twice(table, app):
    table.start()
    bid_all(table)
    for seat, taken in [(1, 4), (2, 3), (3, 1), (0, 2)]:
        table.tricks(1, seat, taken)  # the last one on another phone
    assert close_with(table, player=0, tricks=2).status_code == 302
    assert [kind for kind, _seat, _value in changes(app)].count("tricks") == 4


def test_undo_after_a_filled_in_close_reopens_the_round_with_the_fill_in_stored(table, app):
    table.start()
    bid_all(table)
    for seat, taken in [(1, 4), (2, 3), (3, 1)]:
        table.tricks(1, seat, taken)
    close_with(table, player=0, tricks=2)
    table.undo(reopen="1")  # undoing a close asks first: confirmed
    html = page(table)
    assert 'id="tricks-left">0<' in html and "Filled in from the tricks left" not in html
    table.undo()
    assert "Filled in from the tricks left: Ann 2." in page(table)


def test_a_malformed_fill_in_is_refused(table, app):
    table.start()
    bid_all(table)
    before = changes(app)
    response = close_with(table, player="Ann", tricks=2)
    assert response.status_code == 422 and "Choose a player" in response.get_data(as_text=True)
    assert changes(app) == before
