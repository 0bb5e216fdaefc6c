"""The laws of whist's three-trick revoke penalty in its individual form
(docs/rules.md section 10): who the revoke harmed, and how many tricks move."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RevokePenalty, Suit, harmed_by_revoke, penalty_tricks
from scorekeeper.rules.cards import parse_card

THREE = RevokePenalty("tricks-to-harmed")


@pytest.mark.parametrize(("tricks", "revoker", "harmed", "after"), [
    ({0: 1, 1: 0, 2: 4}, 2, 1, {0: 1, 1: 3, 2: 1}),   # three of four move
    ({0: 1, 1: 0, 2: 2}, 2, 0, {0: 3, 1: 0, 2: 0}),   # no more than the revoker took
    ({0: 1, 1: 2, 2: 0}, 2, 0, {0: 1, 1: 2, 2: 0}),   # a revoker with none gives none
    ({0: 1, 1: 2, 2: 3}, 2, 2, {0: 1, 1: 2, 2: 3}),   # never to the revoker
])
def test_three_tricks_move_from_the_revoker_to_the_player_harmed(tricks, revoker, harmed, after):
    moved = penalty_tricks(THREE, tricks, revoker, harmed)
    assert moved == after
    assert sum(moved.values()) == sum(tricks.values())


@pytest.mark.parametrize("mode", ["none", "revoker-loses", "others-gain"])
def test_a_penalty_in_points_moves_no_tricks(mode):
    assert penalty_tricks(RevokePenalty(mode), {0: 1, 1: 4}, 1, 0) == {0: 1, 1: 4}


@pytest.mark.parametrize(("cards", "revoker", "trump", "harmed"), [
    ("AS KS 2C 4S", 2, None, 0),          # a discard: the ace still takes it
    ("AS KS 2C 4S", 2, Suit.CLUBS, 0),    # a trump that won: the ace would have
    ("9S KS 2H QS", 2, Suit.HEARTS, 1),   # a trump that won: the king would have
    ("9S 2H KS QS", 1, Suit.HEARTS, 2),
])
def test_the_player_harmed_takes_the_trick_without_the_revokers_card(cards, revoker, trump,
                                                                    harmed):
    trick = [parse_card(card) for card in cards.split()]
    assert harmed_by_revoke(trick, revoker, trump) == harmed
