"""What a phone back online is offered to settle (scorekeeper/game/conflicts.py):
the entries it set offline that the round holds otherwise now."""

from __future__ import annotations

import doctest

import pytest

import scorekeeper.game.conflicts
from scorekeeper.game.rounds import RoundSheet
from scorekeeper.game.conflicts import Unsettled, unsettled


def round_with(**entered) -> RoundSheet:
    """Round 1, 3 cards, Bob (1) then Ann (0, the dealer), with what was entered."""
    return RoundSheet(number=1, cards=3, expects_trump=True, dealer=0, order=[1, 0],
                      hook_active=True, in_turn=True, **entered)


def test_the_modules_examples_run():
    assert doctest.testmod(scorekeeper.game.conflicts).failed == 0


@pytest.mark.parametrize("entered, asked, offered", [
    ({"bids": {1: 2}}, [("bid", 1, 3)], [Unsettled("bid", 1, 3, 2)]),
    ({"bids": {1: 3}}, [("bid", 1, 3)], []),  # the same value: nothing to settle
    ({}, [("bid", 1, 3)], []),  # no other phone set it: nothing to keep instead
    ({"bids": {1: 2}}, [("bid", 1, 3), ("bid", 1, 2)], []),  # the phone's last value counts
    ({"bids": {1: 2}}, [("bid", 7, 3)], []),  # not a player of the round
    ({"bids": {1: 2}}, [("close", 1, 3)], []),  # not an entry settled so
    ({"tricks": {0: 1}}, [("tricks", 0, 2)], [Unsettled("tricks", 0, 2, 1)]),
    ({"trump": "H", "trump_entered": True}, [("trump", None, "S")],
     [Unsettled("trump", None, "S", "H")]),
    ({"trump": None, "trump_entered": True}, [("trump", None, "S")],
     [Unsettled("trump", None, "S", None)]),  # no trump, chosen by another phone
    ({}, [("trump", None, "S")], []),  # no phone chose a trump yet
    ({"hidden_bids": frozenset({1})}, [("bid", 1, 3)], []),  # hidden from the asking link
], ids=["another value", "same value", "nothing there", "last value", "not playing", "close",
        "tricks", "trump", "no trump", "trump unset", "hidden"])
def test_only_an_entry_another_phone_set_otherwise_is_offered(entered, asked, offered):
    assert unsettled(round_with(**entered), asked) == offered
