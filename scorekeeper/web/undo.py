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
from flask_babel import gettext as _

from ..game import Sheet, entries
from ..game.hidden import HiddenChange
from ..storage import games as store
from ..storage.models import Game
from . import access
from .wording.game import entry_label, hidden_bid_label
from .wording.history import history_text

#: The changes a short label names; the others are named by their history line.
LIVE_ENTRIES = ("bid", "tricks", "trump", "close")
#: The live entries whose short label does not say their round.
ROUNDLESS = ("bid", "tricks", "trump")


def undo_label(game: Game, sheet: Sheet, shown: int | None = None) -> str | None:
    """What Undo would take back now, in words, as this request's link may
    see it (None: nothing to undo); ``shown`` is the round the screen shows
    (None: none), an entry of any other round says which it is."""
    sheet = access.seen(sheet)
    last = sheet.last_entry
    if last is None:
        return None
    if last.kind in ROUNDLESS and last.round != shown:
        return _("%(entry)s (round %(number)s)", entry=short_label(sheet, last),
                 number=last.round)
    if last.kind in LIVE_ENTRIES:
        return short_label(sheet, last)
    described = next((entry for entry in reversed(store.load_history(game))
                      if entry.seq == last.seq), None)
    if described is None:  # pragma: no cover - every stored change is in the history
        return short_label(sheet, last)
    return history_text(described)


def short_label(sheet: Sheet, last) -> str:
    """A live entry's short label; a hidden bid's without its value."""
    if isinstance(last, HiddenChange):
        return hidden_bid_label(sheet.name(last.player))
    return entry_label(**entries.entry_facts(sheet, last))


def say_stored(game: Game, since: int | None = None) -> None:
    """Let the next page say what was just stored, as the history words it:
    every change after version ``since``, or the last one."""
    history = store.load_history(game)
    stored = history[-1:] if since is None else [e for e in history if e.seq > since]
    for entry in stored:
        flash(history_text(entry))
