"""Which bids each phone may see while the table bids all at once, as the
game domain works it out (:mod:`scorekeeper.game.hidden`): plain values, no app."""

from __future__ import annotations

import doctest

import pytest
from stored import Stored

from scorekeeper.game import build_sheet, hidden
from scorekeeper.game.hidden import Looker, as_seen, first_hidden, history_seen, looker_of
from scorekeeper.game.history import history_of
from scorekeeper.rules import find_preset

ESTONIAN = find_preset("estonian")
AT_ONCE = ESTONIAN.variant("simultaneous").apply(ESTONIAN.ruleset)
NAMES = ["Ann", "Bob", "Cy", "Di"]


def sheet_of(*bids: tuple[int, int, bool], rules=AT_ONCE):
    """Round 1's bids (player, bid, entered on the player's own phone), in order."""
    changes = [Stored(seq, "bid", 1, player, bid, own)
               for seq, (player, bid, own) in enumerate(bids, start=1)]
    return build_sheet(rules, NAMES, 0, changes)


SCORER, VIEWER = Looker(scorer=True), Looker()


@pytest.mark.parametrize("looker, shown, hidden_ones", [
    (SCORER, {2: 0}, {1}),          # Bob's own is hidden, the scorer's entry for Cy is not
    (Looker(player=1), {1: 1}, {2}),  # Bob sees his own only
    (Looker(player=2), {2: 0}, {1}),  # Cy sees hers, entered by the scorer
    (Looker(player=3), {}, {1, 2}),
    (VIEWER, {}, {1, 2}),
])
def test_each_phone_sees_only_the_bids_it_may(looker, shown, hidden_ones):
    seen = as_seen(sheet_of((1, 1, True), (2, 0, False)), looker)
    assert seen.current.bids == shown and seen.current.hidden_bids == hidden_ones
    assert all(change.value is None for change in seen.effective if change.player in hidden_ones)
    assert set(seen.current.not_bid) == {0, 3}


def test_once_every_bid_is_in_every_phone_sees_them_all():
    sheet = sheet_of((1, 1, True), (2, 0, True), (3, 0, True), (0, 1, True))
    for looker in (SCORER, VIEWER, Looker(player=2)):
        assert as_seen(sheet, looker) is sheet


def test_bidding_in_turn_hides_nothing():
    sheet = sheet_of((1, 1, True), rules=ESTONIAN.ruleset)
    assert as_seen(sheet, VIEWER) is sheet


def test_a_bid_entered_again_by_the_scorer_is_no_longer_the_players_own():
    sheet = sheet_of((1, 1, True), (1, 0, False))
    assert as_seen(sheet, SCORER).current.bids == {1: 0}


def test_a_backup_ends_before_the_first_bid_the_phone_may_not_see():
    changes = [Stored(1, "bid", 1, 2, 0), Stored(2, "bid", 1, 1, 1, True),
               Stored(3, "bid", 1, 3, 1)]
    sheet = build_sheet(AT_ONCE, NAMES, 0, changes)
    assert first_hidden(changes, sheet, SCORER) == 2
    assert first_hidden(changes, sheet, Looker(player=2)) == 2
    assert first_hidden(changes, sheet, Looker(player=1)) == 1


#: Bob bids 1 on his phone, the scorer undoes it, Bob bids 0, Cy's bid by the scorer.
UNDONE = [Stored(1, "bid", 1, 1, 1, True), Stored(2, "undo", None, None, None),
          Stored(3, "bid", 1, 1, 0, True), Stored(4, "bid", 1, 2, 0)]


@pytest.mark.parametrize("upto, looker, read, cut", [
    (2, SCORER, [], 1), (2, VIEWER, [], 1), (2, Looker(player=1), [1], None),
    (2, Looker(player=2), [], 1), (3, SCORER, [], 1), (3, Looker(player=1), [1, 3], None),
    (4, SCORER, [4], 1), (4, Looker(player=2), [4], 1), (4, Looker(player=3), [], 1),
])
def test_a_bid_changed_or_undone_stays_hidden_until_every_bid_is_in(upto, looker, read, cut):
    """Every bid in the open round, undone or not, is read only by whom may
    read it in force: the history shows no other, and a backup ends before it."""
    changes = UNDONE[:upto]
    sheet = build_sheet(AT_ONCE, NAMES, 0, changes)
    entries = history_seen(history_of(AT_ONCE, NAMES, 0, changes), sheet, looker)
    assert [entry.seq for entry in entries if entry.kind == "bid"] == read
    assert all(entry.details["undone"].seq in read for entry in entries if entry.kind == "undo")
    assert first_hidden(changes, sheet, looker) == cut


def test_once_every_bid_is_in_the_history_shows_the_undone_ones_too():
    changes = [*UNDONE, Stored(5, "bid", 1, 3, 1, True), Stored(6, "bid", 1, 0, 0, True)]
    sheet = build_sheet(AT_ONCE, NAMES, 0, changes)
    entries = history_seen(history_of(AT_ONCE, NAMES, 0, changes), sheet, VIEWER)
    assert [entry.seq for entry in entries] == [1, 2, 3, 4, 5, 6]
    assert first_hidden(changes, sheet, VIEWER) is None


@pytest.mark.parametrize("role, player, looker", [
    ("scorer", None, SCORER), ("viewer", None, VIEWER), ("seat", 2, Looker(player=2))])
def test_a_links_role_says_who_looks(role, player, looker):
    assert looker_of(role, player) == looker


def test_the_examples_in_the_docstrings_pass():
    result = doctest.testmod(hidden)
    assert result.attempted > 0 and result.failed == 0
