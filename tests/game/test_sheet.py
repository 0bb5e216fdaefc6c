"""The sheet: stored changes folded into rounds (plain Python: no app, no database)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import find_preset
from scorekeeper.game import NoSuchRound, build_sheet, effective_changes
from stored import Stored


def entries(*specs):
    return [Stored(seq, *spec) for seq, spec in enumerate(specs, start=1)]


def sheet_of(*specs, preset="cardgames", players=("Ann", "Bob", "Cy", "Di"), first_dealer=0):
    return build_sheet(find_preset(preset).ruleset, list(players), first_dealer, entries(*specs))


def test_each_undo_takes_back_the_latest_change_still_in_force():
    changes = entries(("bid", 1, 1, 2), ("bid", 1, 2, 3), ("undo",), ("bid", 1, 2, 1), ("undo",), ("undo",))
    assert effective_changes(changes) == []
    assert [c.seq for c in effective_changes(changes[:4])] == [1, 4]


def test_the_dealer_moves_clockwise_and_the_seat_after_the_dealer_leads():
    sheet = sheet_of(first_dealer=2)
    assert [r.dealer for r in sheet.rounds[:5]] == [2, 3, 0, 1, 2]
    assert sheet.rounds[0].order == [3, 0, 1, 2] and sheet.rounds[0].leader == 3


def test_the_forbidden_bid_appears_once_everyone_but_the_dealer_has_bid():
    sheet = sheet_of(("bid", 1, 1, 3), ("bid", 1, 2, 3))
    assert sheet.rounds[0].forbidden is None
    sheet = sheet_of(("bid", 1, 1, 3), ("bid", 1, 2, 3), ("bid", 1, 3, 3))
    assert sheet.rounds[0].forbidden == 1


def test_a_later_bid_replaces_an_earlier_one_for_the_same_seat():
    sheet = sheet_of(("bid", 1, 1, 3), ("bid", 1, 1, 5))
    assert sheet.rounds[0].bids == {1: 5}


def test_rounds_without_trump_by_the_rules_start_with_no_trump_chosen():
    sheet = sheet_of(preset="piekielko")
    assert sheet.rounds[-1].trump_chosen and sheet.rounds[-1].trump is None
    assert not sheet.rounds[0].trump_chosen


def test_a_correction_replaces_the_whole_round():
    sheet = sheet_of(
        ("trump", 1, None, "H"), *[("bid", 1, s, b) for s, b in [(1, 4), (2, 3), (3, 1), (0, 1)]],
        *[("tricks", 1, s, t) for s, t in [(1, 4), (2, 3), (3, 1), (0, 2)]], ("close", 1),
        ("correct", 1, None, {"trump": None, "bids": {"0": 2, "1": 4, "2": 3, "3": 0},
                              "tricks": {"0": 2, "1": 4, "2": 3, "3": 1}}),
    )
    rnd = sheet.rounds[0]
    assert rnd.closed and rnd.trump is None and rnd.bids[0] == 2 and rnd.tricks[3] == 1
    assert sheet.points(rnd) == {1: 14, 2: 13, 3: 1, 0: 12}


def test_an_unknown_round_is_an_error_that_names_the_round_and_the_count():
    with pytest.raises(NoSuchRound) as raised:
        sheet_of().round(20)
    assert raised.value.kind == "no-such-round"
    assert raised.value.details == {"number": 20, "count": 19}
