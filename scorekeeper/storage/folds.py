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
the database says, checked against the game's version on every use. The
folds are the app's store ``folds`` (:mod:`.stores`): at most ``KEPT_FOLDS`` of
them (a setting), the least recently used go.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlalchemy import select

from ..game import Fold
from ..rules import Ruleset
from .database import db
from .stores import stores
from .models import Change, Game


class StoredChange(NamedTuple):
    """A change as the fold keeps it: plain values, no ORM object to expire."""

    seq: int
    kind: str
    round: int | None
    player: int | None
    value: Any
    created_at: Any
    author: str | None
    #: Entered by the player through their seat link.
    by_player: bool = False


COLUMNS = (Change.seq, Change.kind, Change.round, Change.player, Change.value,
           Change.created_at, Change.author, Change.by_player)


def changes_after(game: Game, seq: int) -> list[StoredChange]:
    """The game's changes numbered after ``seq``, oldest first (one indexed query)."""
    return [StoredChange(*row) for row in db.session.execute(
        select(*COLUMNS).where(Change.game_id == game.id, Change.seq > seq)
        .order_by(Change.seq))]


def kept_changes_after(game: Game, seq: int) -> list[StoredChange] | None:
    """The game's changes numbered after ``seq`` as its fold kept at its
    version holds them (:attr:`~scorekeeper.game.Fold.latest`: its newest),
    with no query; None when that fold is not kept or does not reach back
    to them."""
    fold = stores().folds.get(game.public_id, game.version)
    if fold is None or not fold.latest or fold.latest[0].seq > seq + 1:
        return None
    return [change for change in fold.latest if change.seq > seq]


def fold_of(game: Game) -> Fold:
    """The fold of every change the game has, as of its ``version`` as loaded."""
    folds = stores().folds
    fold = folds.get(game.public_id, game.version)
    if fold is not None:
        return fold
    older = folds.latest(game.public_id)
    with db.session.no_autoflush:  # never fold a row this transaction has not committed
        fold = extend_kept(game, older) if older is not None else None
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
    stores().folds.keep(public_id, version, fold,
                        replaces=lambda kept: kept <= version)  # never a newer one


def forget(public_id: str) -> None:
    stores().folds.forget(public_id)

