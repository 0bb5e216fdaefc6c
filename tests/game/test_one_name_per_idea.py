"""Each idea is defined once in the code (issue 26): the name length, when two
names are the same, the links' roles, the columns a change is read with."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorekeeper

SOURCES = [path for path in Path(scorekeeper.__file__).parent.rglob("*.py")
           if "migrations" not in path.parts]


def places(pattern: str) -> list[str]:
    """Where ``pattern`` occurs: "module.py:line" for each."""
    found = []
    for path in SOURCES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(pattern, line):
                found.append(f"{path.name}:{number}")
    return found


@pytest.mark.parametrize(("pattern", "count"), [
    (r"^NAME_LENGTH\s*=", 1),
    (r"^def name_key\(", 1),
    (r"\.casefold\(\)", 1),  # in name_key only: "the same name" is name_key everywhere
    (r"^ROLES\s*=", 1),
    (r"String\(40\)", 1),  # the preset's id; every name column says String(NAME_LENGTH)
    (r"Change\.seq, Change\.kind, Change\.round", 1),
    (r"maketrans\(", 1),
])
def test_each_idea_is_defined_once(pattern, count):
    assert len(places(pattern)) == count, places(pattern)


@pytest.mark.parametrize("pattern", [
    r"String\((8|10|32|80)\)",  # each column length is named by what it holds (storage/models.py)
    r"=[ ]?\"(scorer|viewer|seat|organiser)\"",  # the roles are named in game/roles.py only
    r"for [a-z] in \"CDHS\"|for suit in \"SHDC\"",  # the deck is rules/cards.py's
])
def test_a_constant_is_written_once_and_named_everywhere_else(pattern):
    named = [place for place in places(pattern) if place.split(":")[0] == "roles.py"]
    assert len(places(pattern)) == len(named), places(pattern)


def test_a_join_code_fits_its_column():
    from scorekeeper.storage.links import JOIN_CODE_LENGTH
    from scorekeeper.storage.models import JOIN_CODE_WIDTH, JoinCode

    assert JOIN_CODE_LENGTH <= JOIN_CODE_WIDTH == JoinCode.__table__.c.code.type.length


def test_the_languages_are_listed_once_with_their_own_names():
    from scorekeeper.config import LANGUAGE_NAMES, LANGUAGES

    assert LANGUAGES == tuple(LANGUAGE_NAMES) and LANGUAGES[0] == "en"
