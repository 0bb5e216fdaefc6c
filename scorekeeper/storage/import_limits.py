"""What one imported file may hold, and the walk that checks it before any game is read.

A file comes from outside: from another phone, from the operator, or from a
stranger. Before its games are checked change by change
(:mod:`.carry`), the whole file is walked once, without recursion, and
refused when it holds what no Scorekeeper export holds: data nested deeper
than an export nests it, a text longer than any name, reason or id, a control
character (a NUL, which PostgreSQL cannot store, or an escape code that would
reach an operator's terminal), a number past the database's integers or one
that is no number (``NaN``), or more games or changes than one import checks
in a few seconds (``bench/import.py``).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from typing import Any

#: The most games one file may bring (a game of 19 rounds is about 35 KB, so
#: the import's size limit, 4 MB, holds about 115).
MOST_GAMES = 150
#: The most changes of one game (a long game of 19 rounds has about 250).
MOST_CHANGES = 5000
#: The most changes of all the games of one file together (checked and
#: stored in about 4 s, bench/import.py).
MOST_FILE_CHANGES = 25_000
#: The most recorded hand entries of one game (a whole game of 19 rounds,
#: every hand dealt card by card and played, has about 2,000).
MOST_HAND_EVENTS = 5000
#: How deep a file nests its data: an export nests it 7 deep (the file, its
#: games, a game, its changes, a change, its value, a correction's bids).
MOST_DEPTH = 10
#: The longest text of a file (a reason for points is at most 80 characters,
#: a name 40, an id or a link 32, a time 32).
MOST_TEXT = 200
#: The largest whole number (PostgreSQL's ``integer``).
LARGEST = 2**31 - 1


@dataclass(frozen=True)
class FileLimit:
    """Why a file is refused before its games are read: a kind and its details."""

    kind: str
    details: dict[str, Any] = field(default_factory=dict)


def has_control_character(text: str) -> bool:
    """Whether a text holds a control character (NUL, an escape, a line break)."""
    return any(unicodedata.category(char) == "Cc" for char in text)


def _value_limit(value: Any) -> FileLimit | None:
    """What is wrong with one text or number of a file, or None."""
    if isinstance(value, str):
        if len(value) > MOST_TEXT:
            return FileLimit("text-too-long", {"most": MOST_TEXT})
        if not value.isprintable() and has_control_character(value):
            return FileLimit("control-character")
    elif isinstance(value, bool) or value is None:
        return None
    elif isinstance(value, int):
        if not -LARGEST <= value <= LARGEST:
            return FileLimit("bad-number")
    elif isinstance(value, float) and not math.isfinite(value):
        return FileLimit("bad-number")
    return None


def file_limit(data: Any) -> FileLimit | None:
    """The first thing in ``data`` (a file's parsed JSON) past what an import
    takes, or None. Every value is visited once, with a stack of its own."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MOST_DEPTH:
                return FileLimit("too-deep", {"most": MOST_DEPTH})
            if isinstance(value, dict):
                for key, item in value.items():
                    found = _value_limit(key)
                    if found is not None:
                        return found
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)
        else:
            found = _value_limit(value)
            if found is not None:
                return found
    return None


def count_limit(games: list[Any]) -> FileLimit | None:
    """A file with more games, or more changes in all, than one import checks."""
    if len(games) > MOST_GAMES:
        return FileLimit("too-many", {"most": MOST_GAMES})
    changes = sum(len(game["changes"]) for game in games
                  if isinstance(game, dict) and isinstance(game.get("changes"), list))
    if changes > MOST_FILE_CHANGES:
        return FileLimit("too-many-changes", {"most": MOST_FILE_CHANGES})
    return None
