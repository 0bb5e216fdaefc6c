"""The layout of the rules package: what the package exports, and under
which names its modules go."""

import importlib
import pkgutil

import scorekeeper.rules as rules

MODULES = {info.name for info in pkgutil.iter_modules(rules.__path__)}


def test_every_exported_name_comes_from_the_module_the_package_says():
    importlib.import_module("scorekeeper.rules.replay")  # it shadows no name
    for name in rules.__all__:
        module = importlib.import_module(f"scorekeeper.rules.{rules._MODULE_OF[name]}")
        assert getattr(rules, name) is getattr(module, name), name


def test_no_module_is_named_like_a_name_the_package_exports():
    # A submodule, once imported, would shadow the name on the package.
    assert not MODULES & set(rules.__all__)
