"""The examples in the rules engine's docstrings run and pass."""

import doctest
import importlib

import pytest

MODULES = [
    "scorekeeper.rules.bidding",
    "scorekeeper.rules.presets",
    "scorekeeper.rules.ruleset",
    "scorekeeper.rules.schedule",
    "scorekeeper.rules.scoring",
    "scorekeeper.rules.seats",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no docstring examples"
    assert result.failed == 0
