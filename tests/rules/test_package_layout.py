"""The layout of the rules package: what the package exports, and under
which names its modules go."""

import importlib
import pkgutil

import scorekeeper.rules as rules

MODULES = {info.name for info in pkgutil.iter_modules(rules.__path__)}


def test_every_exported_name_is_the_one_a_module_of_the_package_defines():
    importlib.import_module("scorekeeper.rules.replay")  # it shadows no name
    modules = [importlib.import_module(f"scorekeeper.rules.{name}") for name in MODULES]
    for name in rules.__all__:
        value = getattr(rules, name)
        assert any(getattr(module, name, None) is value for module in modules), name


def test_no_module_is_named_like_a_name_the_package_exports():
    # A submodule, once imported, would shadow the name on the package.
    assert not MODULES & set(rules.__all__)
