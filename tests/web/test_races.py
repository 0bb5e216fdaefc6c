"""Two phones at the same moment: 100 same-entry races and 100 undos that
overlap another phone's entry. No entry is lost, doubled or overwritten
without its writer being told."""

from __future__ import annotations

import pytest
from at_once import at_once

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change

TRIALS = 100


@pytest.fixture(autouse=True)
def no_write_limit(app):
    """Two phones tapping a hundred times a second is what these tests are about."""
    app.config["LIMIT_WRITES"] = "100000 per minute"


def sheet_of(app):
    from scorekeeper.storage import games
    from scorekeeper.storage.models import Game

    with app.app_context():
        return games.load_sheet(db.session.scalars(db.select(Game)).one())


def bids_in_force(app) -> dict[int, int]:
    return dict(sheet_of(app).round(1).bids)


def last_seq(app) -> int:
    """The entry a phone's screen shows as the last one in force."""
    return sheet_of(app).last_entry.seq


def test_two_phones_bidding_for_the_same_player_at_once_one_wins_and_the_other_is_told(
        app, table):
    table.start()
    table.trump(1, "H")
    phones = [app.test_client(), app.test_client()]
    outcomes = {"first": 0, "second": 0}
    for trial in range(TRIALS):
        answers = at_once(*(lambda phone=phone, bid=bid: phone.post(
            table.url("/round/1/bid"), data={"player": "1", "bid": str(bid), "was": ""})
            for phone, bid in zip(phones, (1, 2))))
        statuses = [a.status_code for a in answers]
        assert sorted(statuses) == [302, 409], (trial, statuses)
        winner = 1 if statuses[0] == 302 else 2
        loser = answers[statuses.index(409)].get_data(as_text=True)
        assert "Changed meanwhile on another phone" in loser and f"Bob: bid {winner}" in loser
        assert bids_in_force(app) == {1: winner}
        outcomes["first" if winner == 1 else "second"] += 1
        assert table.undo(seq=str(last_seq(app))).status_code == 302  # ready for the next
        assert bids_in_force(app) == {}
    with app.app_context():
        kinds = [c.kind for c in db.session.scalars(db.select(Change).order_by(Change.seq))]
    assert kinds.count("bid") == TRIALS and kinds.count("undo") == TRIALS


def test_an_undo_overlapping_another_phones_entry_never_takes_that_entry_back(app, table):
    table.start()
    table.trump(1, "H")
    phone_a, phone_b = app.test_client(), app.test_client()
    undone = refused = 0
    for trial in range(TRIALS):
        assert phone_a.post(table.url("/round/1/bid"), data={"player": "1", "bid": "1"}
                            ).status_code == 302
        shown = last_seq(app)  # what phone A's screen shows as the last entry
        undo, entry = at_once(
            lambda: phone_a.post(table.url("/undo"), data={"seq": str(shown)}),
            lambda: phone_b.post(table.url("/round/1/bid"), data={"player": "2", "bid": "1"}))
        assert entry.status_code == 302, trial
        bids = bids_in_force(app)
        assert bids.get(2) == 1, (trial, bids)  # B was told it is stored: it is
        if undo.status_code == 302:
            undone += 1
            assert 1 not in bids
        else:
            refused += 1
            assert undo.status_code == 409
            assert "Another phone has entered something newer" in undo.get_data(as_text=True)
            assert bids.get(1) == 1  # A's bid stays: A was told nothing was undone
        # Both bids out again, naming each entry, for the next trial.
        while bids_in_force(app):
            assert table.undo(seq=str(last_seq(app))).status_code == 302
    assert undone + refused == TRIALS
