"""The undo bar that every game screen with something to take back shows:
what an undo would take back, in words.

A live entry is named short ("Ann: bid 2", "Round 3 closed"); any other change
(a correction, a player joining or leaving, a round removed, an adjustment) by
its line of the history, so that "Undo" never means "something": after a
join it says who would be taken off the table.
"""

from __future__ import annotations

from flask import flash

from ..game import Sheet
from ..storage import games as store
from ..storage.models import Game
from .wording.history import history_text, undo_text

def undo_label(game: Game, sheet: Sheet) -> str | None:
    """What Undo would take back now, in words (None: nothing to undo)."""
    return undo_text(sheet, lambda: store.load_history(game))


def say_stored(game: Game, since: int | None = None) -> None:
    """Let the next page say what was just stored, as the history words it:
    every change after version ``since``, or the last one."""
    history = store.load_history(game)
    stored = history[-1:] if since is None else [e for e in history if e.seq > since]
    for entry in stored:
        flash(history_text(entry))
