"""The storage of games: the only place that reads or writes the models and
opens transactions.

A write takes the game's sheet (the fold of its change log, kept between
requests and extended by the newer changes only: :mod:`.folds`), lets a
function of the game domain check the entry and build the change
(:mod:`scorekeeper.game.entries`), appends it and commits: one transaction,
checked against the game as it is in the database at that moment. Every write
raises the game's ``version`` by compare-and-swap (:func:`claim_version`):
when another phone, on this server or another, wrote in between, the swap
finds another number (or the change numbers collide), nothing is stored and
the whole write runs again on the new state (:func:`commit_retrying`, the one
retry loop). Nothing here speaks HTTP or words: errors are the domain's, and
a game that is not there is :class:`GameNotFound`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import bindparam, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm.attributes import set_committed_value

from ..game import GameError, HistoryEntry, NewChange, Sheet, build_sheet, history_of
from ..game.fold import SUMMARY_KEEPING
from ..rules import Ruleset
from . import folds
from .database import db
from .folds import StoredChange
from .models import Change, DeviceGame, Game, Link, Player, utcnow

#: How often a write runs again when another phone wrote the same change number.
WRITE_ATTEMPTS = 3

T = TypeVar("T")


class GameNotFound(LookupError):
    """No game has this address (or it was deleted meanwhile)."""


class NothingToStore(Exception):
    """Raised by an attempt of :func:`commit_retrying` that has nothing to
    write: its ``result`` is the answer, and the version stays as it is."""

    def __init__(self, result: Any) -> None:
        super().__init__()
        self.result = result


class VersionTaken(Exception):
    """Another write raised the game's version first (see :func:`claim_version`)."""


def ruleset_of(game: Game) -> Ruleset:
    return Ruleset.from_dict(game.ruleset)


def load_changes(game: Game) -> list[Any]:
    """The game's changes, oldest first, as plain rows (no ORM objects to build:
    a bid tap in a long game reads several hundred of them)."""
    columns = (Change.seq, Change.kind, Change.round, Change.player, Change.value,
               Change.created_at, Change.author)
    return list(db.session.execute(
        select(*columns).where(Change.game_id == game.id).order_by(Change.seq)
    ))


def load_sheet(game: Game, changes: Sequence[Any] | None = None) -> Sheet:
    """The sheet of the game's stored changes (kept from an earlier request and
    extended, see :mod:`.folds`), or the fold of the ``changes`` given."""
    if changes is None:
        return folds.fold_of(game).sheet
    return build_sheet(ruleset_of(game), [p.name for p in game.players], game.first_dealer,
                       changes)


def load_history(game: Game) -> list[HistoryEntry]:
    """Every stored change of the game, described, oldest first."""
    return history_of(ruleset_of(game), [p.name for p in game.players], game.first_dealer,
                      load_changes(game))


def create_game(names: Sequence[str], preset: str, ruleset: Ruleset, first_dealer: int,
                device: str | None = None, series: str | None = None) -> tuple[Game, Link]:
    """Store a new game with its links, on the device's list; return it and
    its scorer link (one transaction).

    :raise RulesError: when the rules cannot deal a game to these players.
    """
    sheet = build_sheet(ruleset, list(names), first_dealer, [])  # refuses an impossible schedule
    game = Game(preset=preset, ruleset=ruleset.to_dict(), first_dealer=first_dealer,
                summary=sheet.summary(), finished=sheet.is_finished, series=series)
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    db.session.add(game)
    scorer = Link(game=game, role="scorer")
    db.session.add_all([scorer, Link(game=game, role="viewer")])
    if device is not None:
        db.session.add(DeviceGame(device=device, game=game, link=scorer))
    db.session.commit()
    return game, scorer


def summary_of(game: Game) -> dict[str, Any]:
    """What a list of games shows of the game. A game stored before summaries
    existed gets its summary from the fold once, kept from then on."""
    if game.summary is None:
        keep_summary(game, load_sheet(game))
        db.session.commit()
    return game.summary


def keep_summary(game: Game, sheet: Sheet) -> None:
    """The game's summary and status as of ``sheet``, in the current transaction."""
    game.summary = sheet.summary()
    game.finished = sheet.is_finished


def delete_game(game: Game) -> None:
    public_id = game.public_id
    db.session.delete(game)
    db.session.commit()
    folds.forget(public_id)


#: Built once (see :func:`claim_version`).
#: A statement of the table, not of the model: the session has no object to
#: synchronise (:func:`claim_version` sets the one it has).
CLAIM_VERSION = (update(Game.__table__)
                 .where(Game.__table__.c.id == bindparam("game"),
                        Game.__table__.c.version == bindparam("seen"))
                 .values(version=bindparam("next"), updated_at=bindparam("now")))


def claim_version(game: Game) -> int:
    """Raise the game's version by one, in the current transaction, only if it
    still holds the number this write read (compare-and-swap: another
    server's write in between makes it fail, whatever that write was).

    :raise VersionTaken: when another write raised it first.
    """
    seen = game.version
    claimed = db.session.execute(CLAIM_VERSION, {
        "game": game.id, "seen": seen, "next": seen + 1, "now": utcnow()})
    if claimed.rowcount != 1:
        raise VersionTaken(game.public_id)
    set_committed_value(game, "version", seen + 1)
    return seen + 1


def check_still_there(game: Game) -> None:
    """After a write that failed: stop when another phone has deleted the game
    meanwhile (its rows then fail on the foreign key, again and again).

    :raise GameNotFound: when the game is gone.
    """
    game_id = inspect(game).identity[0]  # the instance may be expired: no refresh
    if db.session.scalar(select(Game.id).where(Game.id == game_id)) is None:
        raise GameNotFound(game.public_id)


def commit_retrying(game: Game, attempt: Callable[[], T], busy: GameError,
                    done: Callable[[T, int], None] | None = None) -> T:
    """Run ``attempt`` (it reads the game, checks, and adds rows to the
    session), raise the game's version and commit; when another phone wrote
    first (the version moved, or it took the same number), roll back and run it
    again on what is stored now. ``busy`` is raised when every attempt
    collided. ``done(result, version)`` runs after the commit.

    A refused write raises from ``attempt`` before anything is added, so
    nothing is stored.
    """
    for _attempt in range(WRITE_ATTEMPTS):
        try:
            result = attempt()
            version = claim_version(game)
            db.session.commit()
        except NothingToStore as nothing:
            return nothing.result
        except (IntegrityError, VersionTaken):  # another phone wrote first
            db.session.rollback()
            check_still_there(game)
            continue
        if done is not None:
            done(result, version)
        return result
    raise busy


Build = Callable[..., NewChange | list[NewChange]]


def stage(game: Game, fold: folds.Fold, built: list[NewChange], author: str | None
          ) -> folds.Fold:
    """Add checked changes to the session as the game's next ones (after
    ``fold``, its fold as read in this transaction), with its summary; the
    fold with them. The caller raises the version and commits."""
    seq, now, stored = fold.version, utcnow(), []
    for new in built:
        seq += 1
        # The value as the database gives it back (JSON: lists, string keys).
        value = json.loads(json.dumps(new.value))
        stored.append(StoredChange(seq, new.kind, new.round, new.player, value, now, author))
    # A statement of the table: the rows go in at once, with no object to flush.
    db.session.execute(insert(Change.__table__),
                       [{"game_id": game.id, **row._asdict()} for row in stored])
    fold = fold.extend(stored)
    if game.summary is None or not all(row.kind in SUMMARY_KEEPING for row in stored):
        keep_summary(game, fold.sheet)  # in the same transaction as the change
    return fold


def record(game: Game, build: Build, *args: Any, author: str | None = None,
           **kwargs: Any) -> Sheet:
    """Check an entry against the game as stored, append its changes, commit;
    return the new sheet.

    ``build(sheet, *args, **kwargs)`` is a function of
    :mod:`scorekeeper.game.entries` (or one like it): it raises
    :class:`~scorekeeper.game.GameError` when the entry is refused and
    otherwise returns the change (or changes) to store; none, and nothing is
    written.
    """

    def attempt() -> folds.Fold:
        fold = folds.fold_of(game)
        built = build(fold.sheet, *args, **kwargs)
        if built == []:  # the entry holds that value already
            raise NothingToStore(fold)
        return stage(game, fold, built if isinstance(built, list) else [built], author)

    def done(fold: folds.Fold, version: int) -> None:
        folds.keep(game.public_id, version, fold)

    return commit_retrying(game, attempt, GameError("busy"), done).sheet


def answers() -> bool:
    """Whether the database answers a real question: a game, a link and a
    change can be read (the tables are there, with the columns this code
    reads). False after a restore of a file that was no Scorekeeper database."""
    try:
        db.session.execute(select(Game.id, Game.public_id, Game.version).limit(1)).all()
        db.session.execute(select(Link.id, Link.token, Link.role).limit(1)).all()
        db.session.execute(select(Change.id, Change.seq, Change.kind).limit(1)).all()
    except SQLAlchemyError:
        db.session.rollback()
        return False
    return True
