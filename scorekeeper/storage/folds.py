"""The folded sheet of each game, kept between requests and extended, never trusted.

The change log stays the one source of truth. A :class:`~scorekeeper.game.Fold`
of a game's changes is kept in this process under the game's ``public_id``
(random, never reused) with the game's ``version`` it was read at. A request
that finds the game at that version uses it as it is: no query, no fold. One
that finds a newer version (a write of this process or of another server)
reads only the changes numbered after the fold's last one (one indexed query)
and folds them on top. Changes are append-only and numbered without gaps, so
the fold of the first changes extended by the next ones is the fold of all of
them; tests/game/test_fold_snapshot.py checks this for every prefix of long
random games.

Another server never misses anything kept here: it is only a shortcut to what
the database says, checked against the game's version on every use. Each
process keeps at most :data:`KEPT_GAMES` folds, the least recently used go.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, NamedTuple

from flask import current_app
from sqlalchemy import select

from ..game import Fold
from ..rules import Ruleset
from .database import db
from .models import Change, Game

#: How many games' folds one process keeps.
KEPT_GAMES = 2000

_lock = threading.Lock()


class StoredChange(NamedTuple):
    """A change as the fold keeps it: plain values, no ORM object to expire."""

    seq: int
    kind: str
    round: int | None
    player: int | None
    value: Any
    created_at: Any
    author: str | None


COLUMNS = (Change.seq, Change.kind, Change.round, Change.player, Change.value,
           Change.created_at, Change.author)


class Kept(NamedTuple):
    version: int
    fold: Fold


def kept() -> OrderedDict[str, Kept]:
    """This app's folds (each app has its own: tests make many apps, one database each)."""
    return current_app.extensions.setdefault("scorekeeper.folds", OrderedDict())


def changes_after(game: Game, seq: int) -> list[StoredChange]:
    """The game's changes numbered after ``seq``, oldest first (one indexed query)."""
    return [StoredChange(*row) for row in db.session.execute(
        select(*COLUMNS).where(Change.game_id == game.id, Change.seq > seq)
        .order_by(Change.seq))]


def fold_of(game: Game) -> Fold:
    """The fold of every change the game has, as of its ``version`` as loaded."""
    folds = kept()
    found = folds.get(game.public_id)
    if found is not None and found.version == game.version:
        with _lock:
            if game.public_id in folds:
                folds.move_to_end(game.public_id)
        return found.fold
    with db.session.no_autoflush:  # never fold a row this transaction has not committed
        fold = extend_kept(game, found.fold) if found is not None else None
        if fold is None:
            fold = Fold(Ruleset.from_dict(game.ruleset), [p.name for p in game.players],
                        game.first_dealer).extend(changes_after(game, 0))
    keep(game.public_id, game.version, fold)
    return fold


def extend_kept(game: Game, fold: Fold) -> Fold | None:
    """``fold`` extended by the changes stored after it; None when its last
    change is not the one stored under that number (a backup was restored)."""
    last = fold.last
    if last is None:
        return fold.extend(changes_after(game, 0))
    newer = changes_after(game, last.seq - 1)  # the last one read again, and the newer
    if not newer or same_change(newer[0]) != same_change(last):
        return None
    return fold.extend(newer[1:])


def same_change(change: StoredChange) -> tuple:
    return change.seq, change.kind, change.round, change.player, change.created_at


def keep(public_id: str, version: int, fold: Fold) -> None:
    """Keep ``fold`` as the game's at ``version`` (it may hold a change stored
    since that version was read: the next use then reads nothing new)."""
    folds = kept()
    with _lock:
        old = folds.get(public_id)
        if old is not None and old.version > version:
            return  # a newer one is kept already
        folds[public_id] = Kept(version, fold)
        folds.move_to_end(public_id, last=True)
        while len(folds) > KEPT_GAMES:
            folds.popitem(last=False)


def forget(public_id: str) -> None:
    kept().pop(public_id, None)

