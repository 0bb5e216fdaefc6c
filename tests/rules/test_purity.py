"""The rules engine imports only the standard library (house style)."""

import ast
import sys
from pathlib import Path

import pytest

import scorekeeper.rules

RULES_DIR = Path(scorekeeper.rules.__file__).parent
MODULES = sorted(RULES_DIR.rglob("*.py"))
FORBIDDEN_PREFIXES = ("flask", "sqlalchemy", "wtforms", "flask_")


def _package_of(path: Path) -> str:
    """The dotted package a module file belongs to, e.g. ``scorekeeper.rules``."""
    parts = path.parent.relative_to(RULES_DIR).parts
    return ".".join(("scorekeeper", "rules", *parts))


def _imported_modules(tree: ast.AST, package: str = "scorekeeper.rules") -> list[tuple[int, str]]:
    """(line, absolute module name) of every import, relative ones resolved."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.append((node.lineno, node.module or ""))
            else:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                names.append((node.lineno, ".".join([*base, *([node.module] if node.module
                                                             else [])])))
        elif (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
              and getattr(node.func, "id", getattr(node.func, "attr", None))
              in ("import_module", "__import__")
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            names.append((node.lineno, node.args[0].value))
    return names


def _is_allowed(name: str) -> bool:
    top = name.split(".")[0]
    if name == "scorekeeper.rules" or name.startswith("scorekeeper.rules."):
        return True
    return top in sys.stdlib_module_names


def test_the_walk_finds_the_rules_modules():
    found = {path.name for path in MODULES}
    assert {"__init__.py", "errors.py", "ruleset.py", "scoring.py"} <= found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_rules_module_imports_only_the_standard_library(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [
        f"{path.name}:{line}: {name}"
        for line, name in _imported_modules(tree, _package_of(path))
        if not _is_allowed(name) or name.lower().startswith(FORBIDDEN_PREFIXES)
    ]
    assert not bad, "scorekeeper/rules must import only the standard library:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    ("source", "allowed"),
    [
        ("import json", True),
        ("from collections.abc import Mapping", True),
        ("from .errors import RulesError", True),
        ("from . import errors", True),
        ("from ..models import Game", False),
        ("from .. import create_app", False),
        ("from scorekeeper.rules.errors import RulesError", True),
        ("import flask", False),
        ("from flask_wtf import FlaskForm", False),
        ("from sqlalchemy.orm import Mapped", False),
        ("import wtforms", False),
        ("from scorekeeper.models import Game", False),
        ("import hypothesis", False),
        ("importlib.import_module('flask')", False),
    ],
)
def test_the_purity_check_tells_standard_library_imports_from_others(source, allowed):
    names = _imported_modules(ast.parse(source))
    assert names
    assert all(_is_allowed(n) and not n.lower().startswith(FORBIDDEN_PREFIXES)
               for _, n in names) is allowed
