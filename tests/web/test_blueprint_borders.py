"""Blueprints share through common modules of :mod:`scorekeeper.web`, never
through each other's insides: read from the source, without importing it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "scorekeeper" / "web"
#: The packages that each hold one blueprint (with its forms and helpers).
BLUEPRINT_PACKAGES = ("games", "play", "manage", "disputes", "regulars", "clubs")


def module_name(path: Path) -> str:
    parts = path.relative_to(WEB.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, by its full name; for ``from x import y``
    both ``x`` and ``x.y`` (``y`` may be a module)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] if node.level else [])
            source = ".".join(p for p in (base, node.module or "") if p)
            names.add(source)
            names.update(f"{source}.{alias.name}" for alias in node.names)
    return names


def package_of(name: str) -> str | None:
    """The blueprint package a module name is in (or is), or None."""
    parts = name.split(".")
    if parts[:2] == ["scorekeeper", "web"] and len(parts) > 2 and parts[2] in BLUEPRINT_PACKAGES:
        return parts[2]
    return None


def crossings(path: Path, own: str | None) -> list[str]:
    return sorted(name for name in imported(path)
                  if package_of(name) not in (None, own))


@pytest.mark.parametrize("package", BLUEPRINT_PACKAGES)
def test_a_blueprint_package_imports_no_other_blueprint_package(package):
    modules = sorted((WEB / package).glob("*.py"))
    assert modules
    found = {module_name(m): crossings(m, package) for m in modules}
    assert {m: names for m, names in found.items() if names} == {}


def test_a_common_module_imports_no_blueprint_package():
    modules = [m for m in sorted(WEB.rglob("*.py")) if package_of(module_name(m)) is None]
    found = {module_name(m): crossings(m, None) for m in modules}
    assert {m: names for m, names in found.items() if names} == {}


def test_the_reader_sees_a_crossing():
    # The reader of imports itself: a relative import one level up is resolved.
    here = WEB / "games" / "routes.py"
    assert "scorekeeper.web.access" in imported(here)
    assert "scorekeeper.web.games.forms" in imported(here)
    assert package_of("scorekeeper.web.regulars.players") == "regulars"


#: The first segments of a path that several blueprints share, and which
#: (``/g/<gid>``, one game's address: the split is told in scorekeeper/web/__init__.py).
SHARED_SEGMENTS = {"g": {"games", "play", "manage", "disputes"}}


def test_one_blueprint_answers_each_first_segment_of_a_path(app):
    owners: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        segment = rule.rule.split("/")[1]
        owners.setdefault(segment, set()).add(rule.endpoint.partition(".")[0])
    shared = {segment: names for segment, names in owners.items() if len(names) > 1}
    assert shared == SHARED_SEGMENTS
    assert owners["players"] == {"players"}
    assert owners["clubs"] == {"clubs"}
