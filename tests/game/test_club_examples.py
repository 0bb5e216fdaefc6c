"""The examples in the club modules' docstrings (seating, leaderboard, ratings,
bidding figures) run and pass: the leaderboard's documented example included."""

from __future__ import annotations

import doctest
import importlib

import pytest

CLUB_MODULES = ["scorekeeper.game.seating", "scorekeeper.game.leaderboard",
                "scorekeeper.game.ratings", "scorekeeper.game.bidding_analytics"]


@pytest.mark.parametrize("name", CLUB_MODULES)
def test_the_club_modules_examples_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no docstring examples"
    assert result.failed == 0
