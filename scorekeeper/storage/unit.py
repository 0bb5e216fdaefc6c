"""The one write path: a unit of work over one or more games (cosmicpython's
``unit_of_work.py``), with the one retry loop and the one commit.

:func:`write` runs the caller's ``work(unit)`` in the session's transaction:
the work reads what it needs, checks it, and adds rows; every game whose
facts it changes it claims through :meth:`Unit.claim` (the compare-and-swap
on ``Game.version``: :func:`claim_version`). Then the unit commits, once.
When another phone, on this server or another, wrote first (a version that
moved, or a row that collides: ``IntegrityError``), it rolls back and runs
the whole work again on what is stored now. Any other error rolls back what
the work wrote and goes up: a refused write stores nothing, in any of its
games. Only after the commit does the process keep what the work asked it to
(:meth:`Unit.keep`: a game's fold, :mod:`.folds`; :meth:`Unit.after_commit`).

Nothing here speaks HTTP or words: errors are the domain's, and a game that
is not there is :class:`GameNotFound`.

``db.session.commit()`` is called here and nowhere else in ``scorekeeper/``
(``tests/web/test_write_path.py`` greps for ``.commit(`` and finds it
only here and in the one exception: ``migrations/env.py``, where Alembic's own
connection commits the schema, no request's write. The operator's
:func:`~scorekeeper.storage.archive.backup` and
:func:`~scorekeeper.storage.archive.restore` copy the SQLite file through
``sqlite3`` (``with connection:`` commits), below any session and with the
app's engine disposed of: they store no model, so they are not units either.)

Every write of the work goes through the unit: :meth:`Unit.claim`,
:meth:`Unit.execute` for a statement, or the session's ``add``/``delete`` and
attribute changes (the unit sees those), so that an error rolls it all back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import bindparam, event, inspect, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from ..kept import when_unlocked
from . import folds
from .database import db
from .models import Game, utcnow
from .watch import announced, announcement, on_postgres

#: How often a write runs again when another phone wrote first.
WRITE_ATTEMPTS = 3

T = TypeVar("T")


class GameNotFound(LookupError):
    """No game has this address (or it was deleted meanwhile)."""


class NothingToStore(Exception):
    """Raised by a work that finds nothing to write (a repeated tap): its
    ``result`` is the answer; nothing is committed, no version moves."""

    def __init__(self, result: Any) -> None:
        super().__init__()
        self.result = result


class VersionTaken(Exception):
    """Another write raised the game's version first (see :func:`claim_version`)."""


#: Built once (see :func:`claim_version`).
#: A statement of the table, not of the model: the session has no object to
#: synchronise (:func:`claim_version` sets the one it has).
CLAIM_VERSION = (update(Game.__table__)
                 .where(Game.__table__.c.id == bindparam("game"),
                        Game.__table__.c.version == bindparam("seen"))
                 .values(version=bindparam("next"), updated_at=bindparam("now")))
#: On PostgreSQL, the claim that also announces the version (one round trip).
CLAIM_AND_ANNOUNCE = announced(CLAIM_VERSION)


def claim_version(game: Game) -> int:
    """Raise the game's version by one, in the current transaction, only if it
    still holds the number this write read (compare-and-swap: another
    server's write in between makes it fail, whatever that write was), and
    announce the new version to the screens that watch the game (at the
    commit, in the same statement: :func:`scorekeeper.storage.watch.announced`).

    :raise VersionTaken: when another write raised it first.
    """
    seen = game.version
    values = {"game": game.id, "seen": seen, "next": seen + 1, "now": utcnow()}
    if on_postgres():
        values["announce"] = announcement(game.id, seen + 1)
        claimed = len(db.session.execute(CLAIM_AND_ANNOUNCE, values).all())
    else:
        claimed = db.session.execute(CLAIM_VERSION, values).rowcount
    if claimed != 1:
        raise VersionTaken(game.public_id)
    set_committed_value(game, "version", seen + 1)
    return seen + 1


#: Built once (see :func:`wait_for_turn`).
LOCK_GAMES = (select(Game.__table__.c.id, Game.__table__.c.version)
              .where(Game.__table__.c.id.in_(bindparam("games", expanding=True)))
              .order_by(Game.__table__.c.id).with_for_update())


def wait_for_turn(games: Sequence[Game]) -> None:
    """Wait until no other transaction is writing ``games``, so that a
    table's phones tapping at the same instant are stored one after the
    other instead of failing the compare-and-swap. On PostgreSQL their rows
    are locked in id order until this transaction ends; on SQLite the write
    begins ``IMMEDIATE``, taking the database's one write lock before the
    work reads anything (a read first would see a version another phone is
    about to raise, and a read transaction that then writes can fail at once
    in write-ahead logging instead of waiting). A game read before the wait
    that another write has moved on since is a lost race (the unit runs
    again, on what is stored now, and waits for its turn again).

    :raise VersionTaken: when another write raised a game's version first.
    """
    if not games:
        return
    connection = db.session.connection()
    if connection.dialect.name == "sqlite":
        if not in_transaction(connection):
            begin_immediate(connection)
    elif connection.dialect.name != "postgresql":
        return
    ids = {inspect(game).identity[0]: game for game in games}
    if begins_here(connection):  # begun with the lock, in one round trip
        locked = begun_and_locked(connection.connection.dbapi_connection, list(ids))
    else:
        locked = db.session.execute(LOCK_GAMES, {"games": list(ids)}).all()
    for game_id, version in locked:
        if version != ids[game_id].version:
            raise VersionTaken(ids[game_id].public_id)


def begin_immediate(connection: Any) -> None:
    """SQLite's ``BEGIN IMMEDIATE``: the database's one write lock, waited for
    in short sleeps while the worker serves its other phones, not in the
    driver, which would hold the whole gevent worker
    (:func:`scorekeeper.kept.when_unlocked`); for as long as the
    connection's own busy timeout."""
    driver = connection.connection.dbapi_connection
    timeout = driver.execute("PRAGMA busy_timeout").fetchone()[0]
    driver.execute("PRAGMA busy_timeout = 0")

    def take_lock() -> None:
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        except DBAPIError as error:
            raise error.orig from None  # the driver's: whether it was the lock

    try:
        when_unlocked(take_lock, timeout / 1000)
    finally:
        driver.execute(f"PRAGMA busy_timeout = {int(timeout)}")


#: :data:`LOCK_GAMES` as psycopg takes it, for :func:`begun_and_locked`.
LOCK_GAMES_SQL = (f"SELECT id, version FROM {Game.__tablename__} WHERE id = ANY(%(games)s) "
                  "ORDER BY id FOR UPDATE")


def begun_and_locked(driver: Any, ids: list[int]) -> list[tuple[int, int]]:
    """On PostgreSQL, ``BEGIN`` and the lock of the games ``ids`` (their ids
    and versions) sent together, in one round trip (psycopg's pipeline mode:
    both queued, then one sync): before, the ``BEGIN`` of :func:`begin` was a
    round trip of its own, one of a tap's eight."""
    with driver.pipeline():
        driver.execute("BEGIN")
        locked = driver.execute(LOCK_GAMES_SQL, {"games": ids})
    return locked.fetchall()


def in_transaction(connection: Any) -> bool:
    """Whether the driver's connection under ``connection`` has a transaction
    open (SQLAlchemy cannot say: on SQLite and on PostgreSQL's autocommit
    connections the transactions are begun here, not by it)."""
    driver = connection.connection.dbapi_connection
    if connection.dialect.name == "sqlite":
        return driver.in_transaction
    if connection.dialect.name == "postgresql":
        return driver.info.transaction_status.name != "IDLE"
    return False


def end_turn() -> None:
    """End, at the driver, a transaction that wrote nothing: the lock it took
    waiting for its turn (:func:`wait_for_turn`) is the next phone's turn, not
    to be held while the refusal is drawn. The session's objects stay loaded
    (a rollback through the session would expire them)."""
    connection = db.session.connection()
    if in_transaction(connection):
        connection.connection.dbapi_connection.rollback()


def begin() -> None:
    """Start the write's transaction where the connection reads without one.

    On PostgreSQL the app's connections run each statement on its own
    (``AUTOCOMMIT``: :func:`scorekeeper.config.fill_derived`), so that a
    request that only reads (a poll, a stream's panel) sends no ``BEGIN``
    and no ``ROLLBACK``: one round trip a statement. A write is one
    transaction as before: its ``BEGIN`` is sent here (or, for a write that
    waits for its turn on games, with that wait: :func:`begun_and_locked`),
    its ``COMMIT`` or ``ROLLBACK`` by the session as ever (psycopg sends
    either while a transaction is open, autocommit or not). In READ COMMITTED, each
    statement of a transaction sees what was committed before it began, so
    the reads before it see what they saw inside one.
    """
    connection = db.session.connection()
    if begins_here(connection):
        connection.exec_driver_sql("BEGIN")


def begins_here(connection: Any) -> bool:
    """Whether the write's ``BEGIN`` is the app's to send: on PostgreSQL, on a
    connection that reads without a transaction and has none open."""
    return (connection.dialect.name == "postgresql"
            and connection.connection.dbapi_connection.autocommit
            and not in_transaction(connection))


def check_still_there(game: Game) -> None:
    """After a lost race: stop when another phone has deleted the game
    meanwhile (its rows then fail on the foreign key, again and again).

    :raise GameNotFound: when the game is gone.
    """
    game_id = inspect(game).identity[0]  # the instance may be expired: no refresh
    if db.session.scalar(select(Game.id).where(Game.id == game_id)) is None:
        raise GameNotFound(game.public_id)


#: Set in a session's ``info`` by every flush: what the work added has gone
#: to the database, though the session no longer counts it as new.
FLUSHED = "scorekeeper.unit.flushed"


@event.listens_for(Session, "after_flush")
def _note_flush(session: Session, _context: Any) -> None:
    session.info[FLUSHED] = True


class Unit:
    """One attempt of a write: what it claimed, and what to keep once it is
    committed. Made by :func:`write`, given to its work."""

    def __init__(self) -> None:
        self.wrote = False
        db.session.info.pop(FLUSHED, None)
        self._folds: dict[str, tuple[int, folds.Fold]] = {}
        self._after: list[Callable[[], None]] = []

    def claim(self, game: Game) -> int:
        """Raise the game's version (:func:`claim_version`); the new version.

        :raise VersionTaken: when another write raised it first (the unit runs again).
        """
        self.wrote = True
        return claim_version(game)

    def execute(self, statement: Any, params: Any = None) -> Any:
        """Run a writing statement in the unit's transaction (rolled back with it)."""
        self.wrote = True
        return db.session.execute(statement, params)

    def keep(self, game: Game, fold: folds.Fold) -> None:
        """Keep ``fold`` as the game's, at the version this unit claimed, once committed."""
        self._folds[game.public_id] = (game.version, fold)

    def after_commit(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the unit is committed (never when it is not)."""
        self._after.append(action)

    def discard(self) -> None:
        """Roll back what this attempt wrote. An attempt refused before it
        wrote anything leaves the session as it is: its objects stay loaded
        (a refused tap then redraws the screen with no query more), and its
        transaction ends at once (:func:`end_turn`)."""
        session = db.session
        if (self.wrote or session.info.get(FLUSHED) or session.new or session.dirty
                or session.deleted):
            session.rollback()
        else:
            end_turn()

    def committed(self) -> None:
        """After the commit: keep the folds, run the actions asked for."""
        for public_id, (version, fold) in self._folds.items():
            folds.keep(public_id, version, fold)
        for action in self._after:
            action()


def write(work: Callable[[Unit], T], *, over: Sequence[Game] = (),
          busy: BaseException | None = None, attempts: int | None = None) -> T:
    """Run ``work(unit)`` and commit what it wrote, once; return what it returned.

    It first begins the transaction (:func:`begin`, on PostgreSQL) and
    waits for its turn on the games of ``over`` (:func:`wait_for_turn`). A lost
    race (:class:`VersionTaken`, ``IntegrityError``) rolls back and runs the work again, up to :data:`WRITE_ATTEMPTS` times (or ``attempts``), then
    raises ``busy``. Without ``busy`` a lost race is not run again (unless
    ``attempts`` says so): its error goes up, after the rollback. After a lost
    race, a game of ``over`` that was deleted meanwhile raises
    :class:`GameNotFound`. :class:`NothingToStore` returns its result with
    nothing committed. Any other error rolls back and goes up.
    """
    tries = attempts if attempts is not None else WRITE_ATTEMPTS if busy is not None else 1
    for attempt in range(tries):
        unit = Unit()
        try:
            if not over:  # else begun where it waits for its turn, in the same round trip
                begin()
            wait_for_turn(over)
            result = work(unit)
            db.session.commit()
        except NothingToStore as nothing:
            unit.discard()
            return nothing.result
        except (IntegrityError, VersionTaken):  # another phone wrote first
            db.session.rollback()
            for game in over:
                check_still_there(game)
            if busy is None and attempt == tries - 1:
                raise
            continue
        except BaseException:
            unit.discard()
            raise
        unit.committed()
        return result
    raise busy
