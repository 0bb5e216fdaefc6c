"""The examples in the rules engine's docstrings run and pass: the package
and every module of it have some, except the command line."""

import doctest
import importlib
import pkgutil

import pytest

import scorekeeper.rules

WITHOUT_EXAMPLES = {"scorekeeper.rules.replay"}  # the command line: tests/rules/test_replay_cli.py
MODULES = ["scorekeeper.rules"] + sorted(
    info.name
    for info in pkgutil.walk_packages(scorekeeper.rules.__path__, "scorekeeper.rules.")
    if info.name not in WITHOUT_EXAMPLES
)


def test_every_rules_module_is_checked():
    assert {"scorekeeper.rules.options", "scorekeeper.rules.playout"} <= set(MODULES)
    assert len(MODULES) == 20


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no docstring examples"
    assert result.failed == 0
