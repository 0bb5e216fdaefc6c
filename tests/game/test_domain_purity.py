"""The game domain knows nothing of the web or the database: it imports the
standard library, the rules engine and itself, and nothing else."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper.game

GAME_DIR = Path(scorekeeper.game.__file__).parent
MODULES = sorted(GAME_DIR.glob("*.py"))
#: What the domain may import besides the standard library: the rules engine,
#: itself, and openskill (the ratings' model: neither the web nor the database).
ALLOWED_PACKAGES = ("scorekeeper.rules", "scorekeeper.game", "openskill")


def imports_of(source: str) -> list[str]:
    """Every module a source imports, relative imports resolved from scorekeeper.game."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.append(node.module or "")
            else:
                base = ["scorekeeper", "game"][: 3 - node.level]
                names.append(".".join([*base, *([node.module] if node.module else [])]))
    return names


def is_allowed(name: str) -> bool:
    if any(name == p or name.startswith(p + ".") for p in ALLOWED_PACKAGES):
        return True
    return name.split(".")[0] in sys.stdlib_module_names


def test_the_walk_finds_the_domain_modules():
    assert {"sheet.py", "fold.py", "entries.py", "history.py", "hand.py"} <= {
        p.name for p in MODULES}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_domain_module_imports_neither_the_web_nor_the_database(path):
    bad = [name for name in imports_of(path.read_text(encoding="utf-8")) if not is_allowed(name)]
    assert not bad, f"scorekeeper/game/{path.name} imports {bad}"


@pytest.mark.parametrize(("source", "allowed"), [
    ("from .sheet import Sheet", True),
    ("from ..rules import Ruleset", True),
    ("import dataclasses", True),
    ("from ..storage.models import Game", False),
    ("from ..web.wording.cards import card_label", False),
    ("from flask_babel import gettext", False),
    ("import sqlalchemy", False),
    ("from openskill.models import PlackettLuce", True),
    ("from flask import abort", False),
])
def test_the_check_tells_the_domain_imports_from_the_others(source, allowed):
    assert all(is_allowed(name) for name in imports_of(source)) is allowed


def test_importing_the_whole_domain_loads_no_web_or_database_library():
    probe = ("import sys, scorekeeper.game, scorekeeper.game.hand_entries, "
             "scorekeeper.game.hand_records, scorekeeper.game.history, scorekeeper.game.ratings; "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('flask', 'flask_babel', 'sqlalchemy', 'wtforms', 'werkzeug', 'jinja2')))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[]"
