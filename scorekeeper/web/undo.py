"""The undo bar that every game screen with something to take back shows:
what an undo would take back, in words.

A live entry is named short ("Ann: bid 2", "Round 3 closed"); any other change
(a correction, a player joining or leaving, a round removed, an adjustment) by
its line of the history, so that "Undo" never means "something": after a
join it says who would be taken off the table. A bid, tricks or a trump of
another round than the screen shows (a closed round's screen, the players,
the round plan) says its round: "Ann: bid 2 (round 5)".

The label is built here only, from the sheet as the asking link may see it
(:func:`scorekeeper.web.access.seen`): a bid still hidden from the phone is
named without its value whichever sheet a page hands in.
"""

from __future__ import annotations

from flask import flash

from ..game import Sheet
from ..storage import games as store
from ..storage.models import Game
from . import access
from .wording.history import history_text, undo_text


def undo_label(game: Game, sheet: Sheet, shown: int | None = None) -> str | None:
    """What Undo would take back now, in words, as this request's link may
    see it (None: nothing to undo); ``shown`` is the round the screen shows
    (None: none), an entry of any other round says which it is
    (:func:`scorekeeper.web.wording.history.undo_text`)."""
    return undo_text(access.seen(sheet), lambda: store.load_history(game), shown)


def say_stored(game: Game, since: int | None = None) -> None:
    """Let the next page say what was just stored, as the history words it:
    every change after version ``since``, or the last one."""
    history = store.load_history(game)
    stored = history[-1:] if since is None else [e for e in history if e.seq > since]
    for entry in stored:
        flash(history_text(entry))
