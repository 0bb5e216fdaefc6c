"""The README's "Where things are" is true (issue 42): every module and
package it names exists, and every module of ``scorekeeper/`` is named.

A name in backquotes is read where the README's text stands: under a
sub-bullet of a package's folder (`games/`), in that folder; under a package's
bullet (**`scorekeeper/web/`**), in it; else in ``scorekeeper/``; failing
that, in ``scorekeeper/`` or the repository's root (`storage/games.py`,
`bench/`). It names the first of these that exists."""

from __future__ import annotations

import re
from pathlib import Path

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent
ROOT = PACKAGE.parent
#: Not modules of the app: the migrations' versions (a folder the README names).
NOT_MODULES = {"migrations"}


def section() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("### Where things are")
    end = text.index("\n## ", start)
    return text[start:end].splitlines()


def named_paths() -> dict[str, list[Path]]:
    """Each name of a module or folder in the section, with where it may be."""
    named: dict[str, list[Path]] = {}
    package = folder = None
    for line in section():
        top = re.match(r"- \*\*`scorekeeper/([\w/]+)/`\*\*", line)
        sub = re.match(r"  - `(\w+)/`", line)
        if top:
            package, folder = PACKAGE / top.group(1), None
        elif sub and package is not None:
            folder = package / sub.group(1)
        elif line.startswith("  ") and not line.startswith("    ") and line.strip():
            folder = None  # the package's bullet goes on
        elif line and not line.startswith(" "):
            package = folder = None
        here = folder or package or PACKAGE
        for name in re.findall(r"`([\w./]+(?:\.py|/))`", line):
            places = [here / name, (package or PACKAGE) / name, PACKAGE / name, ROOT / name]
            named.setdefault(f"{line.strip()[:40]}… {name}", []).extend(places)
    return named


def test_every_module_and_package_the_readme_names_exists():
    missing = [name for name, places in named_paths().items()
               if not any(place.exists() for place in places)]
    assert named_paths() and missing == []


def test_every_module_of_scorekeeper_is_named_in_the_readme():
    named = {next(place for place in places if place.exists()).resolve()
             for places in named_paths().values() if any(place.exists() for place in places)}
    modules = [path for path in PACKAGE.rglob("*.py")
               if not NOT_MODULES & set(path.relative_to(PACKAGE).parts)]
    unnamed = [str(path.relative_to(PACKAGE)) for path in modules
               if (path.parent.resolve() if path.name == "__init__.py" else path.resolve())
               not in named]
    assert unnamed == []
