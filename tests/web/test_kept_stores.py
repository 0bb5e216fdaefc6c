"""What a process keeps between requests: one kind of store (scorekeeper/kept.py),
its sizes from the app's settings, each app's own, and a storage layer that
never asks Flask which app is running."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper import create_app
from scorekeeper.kept import Kept
from scorekeeper.storage.database import db
from scorekeeper.storage.stores import stores
from scorekeeper.web.rendered import pages

PACKAGE = Path(scorekeeper.__file__).parent
#: The layers that never import Flask (Flask-SQLAlchemy's ``db`` is storage's base).
FLASK_FREE = sorted([*(PACKAGE / "storage").glob("*.py"), *(PACKAGE / "game").glob("*.py"),
                     *(PACKAGE / "rules").glob("*.py"), PACKAGE / "kept.py"])


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module or "")
    return names


@pytest.mark.parametrize("path", FLASK_FREE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_storage_the_domain_and_the_rules_never_import_flask(path):
    assert not {name for name in imported(path) if name.split(".")[0] == "flask"}


def test_a_kept_value_is_given_only_for_its_check():
    kept = Kept(4)
    kept.keep("game", 3, "fold at 3")
    assert kept.get("game", 3) == "fold at 3"
    assert kept.get("game", 4) is None
    assert kept.latest("game") == "fold at 3"
    assert kept.get_or_make("game", 4, lambda: "fold at 4") == "fold at 4"
    assert kept.get("game", 3) is None and len(kept) == 1


def test_the_least_recently_used_goes_first():
    kept = Kept(2)
    kept.keep("a", 1, "A")
    kept.keep("b", 1, "B")
    kept.get("a", 1)
    kept.keep("c", 1, "C")
    assert kept.latest("b") is None and kept.get("a", 1) == "A" and kept.get("c", 1) == "C"


def test_a_value_stays_when_the_kept_one_is_to_be_left():
    kept = Kept(2)
    kept.keep("game", 5, "newer")
    kept.keep("game", 4, "older", replaces=lambda check: check <= 4)
    assert kept.get("game", 5) == "newer"


def test_a_store_cannot_be_of_negative_size():
    with pytest.raises(ValueError):
        Kept(-1)


def test_the_sizes_are_the_apps_settings(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "KEPT_FOLDS": 3,
                      "KEPT_FIGURES": 4, "KEPT_PAGES": 5,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'sizes.sqlite3'}"})
    with app.app_context():
        assert (stores().folds.size, stores().figures.size, pages().size) == (3, 4, 5)
        db.engine.dispose()


def test_each_app_keeps_its_own_values(app, tmp_path):
    other = create_app({"TESTING": True, "SECRET_KEY": "test",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite3'}"})
    with app.app_context():
        stores().folds.keep("same id", 1, "this database's fold")
        pages().keep("same place", 1, "this app's page")
    with other.app_context():
        assert stores().folds.latest("same id") is None
        assert pages().latest("same place") is None
        db.engine.dispose()
    with app.app_context():
        assert stores().folds.get("same id", 1) == "this database's fold"
