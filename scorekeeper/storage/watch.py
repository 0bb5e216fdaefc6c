"""Which games changed: what an open game screen waits on instead of asking
every second.

A process keeps one :class:`Watch`. A screen's stream subscribes to its game
(:meth:`Watch.subscribe`) and waits on the :class:`Subscription`; the watch
wakes every subscriber of a game when the game's version moves, whichever
process or app server stored the change. One mechanism per database, each
with one connection per process whatever the number of phones:

- **PostgreSQL**: every write announces the game's new version with
  ``NOTIFY`` in its own transaction (:func:`announced`, in the one write
  path's claim of the version: delivered at its commit, never for a
  rolled-back write), and the watch
  ``LISTEN``\\ s on a connection of its own. After (re)connecting it reads the
  versions of the games it watches once, so nothing announced while it was
  away is missed. A write whose request draws what it changed (a tap's
  panel) says so in its announcement, and tells the drawing on the same
  channel once it is drawn (:func:`drawing_follows`, :func:`tell_drawn`):
  the screens of every server that show the same drawing wait for it
  (:meth:`Watch.drawing`) instead of drawing it again.
- **SQLite** (one server, several workers): every ``interval`` seconds, one
  query reads the versions of the games this process watches
  (:func:`versions`) and wakes the subscribers of those that moved.

A subscriber hears only the newest version (a wait returns it; versions in
between are not queued): the screen then asks for what it shows, as it asked
when it polled. The watch runs in a daemon thread, started by the first
subscription in each process (after gunicorn forks its workers) and ended
when no one is subscribed any more; under gunicorn's gevent worker the
thread and its waits are greenlets.
"""

from __future__ import annotations

import base64
import logging
import threading
import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

from sqlalchemy import Update, bindparam, func, select

from .database import db
from .models import Game

log = logging.getLogger(__name__)

#: The channel every app server of one PostgreSQL database announces on.
CHANNEL = "scorekeeper_games"
#: How long a lost PostgreSQL connection waits before it is made again, and
#: how often a listening watch looks whether anyone still watches.
RECONNECT_SECONDS = 1.0
#: The most games one version query asks for (SQLite's bound parameters).
QUERY_CHUNK = 500


class App(Protocol):
    """What the watch needs of the app (the Flask app; not imported here: the
    storage layer knows nothing of the web): its settings, and a context to
    reach the database in from the watch's own thread."""

    config: dict[str, Any]
    extensions: dict[str, Any]

    def app_context(self) -> AbstractContextManager: ...


def on_postgres() -> bool:
    """Whether the app's database is PostgreSQL (else SQLite)."""
    return db.session.get_bind().dialect.name == "postgresql"


def announced(claim: Update) -> Update:
    """``claim``, an UPDATE that sets one game's version, which also tells
    every watch of the database, at this transaction's commit, that the game
    is at that version, in the same round trip (``RETURNING pg_notify``: only
    for a row it updated). Its parameter ``announce`` is :func:`announcement`.
    PostgreSQL only: SQLite's watches ask."""
    return claim.returning(func.pg_notify(CHANNEL, bindparam("announce")))


#: Set by a request that will draw what its write changes (a tap's entry
#: panel): the key of that drawing, told with the version
#: (:func:`drawing_follows`).
_follows: ContextVar[str | None] = ContextVar("scorekeeper_drawing_follows", default=None)


def announcement(game_id: int, version: int) -> str:
    """What :func:`announced` says: the game and its new version, and the key
    of the drawing that follows (:func:`drawing_follows`), if one does."""
    follows = _follows.get()
    return f"{game_id} {version}" if follows is None else f"{game_id} {version} {follows}"


@contextmanager
def drawing_follows(key: str) -> Iterator[None]:
    """While this lasts, a write's announcement says that the drawing ``key``
    (no spaces) of its new version follows (:func:`tell_drawn`): a screen that
    shows that drawing, on any app server, waits for it instead of drawing it
    again (:meth:`Watch.drawing`)."""
    token = _follows.set(key)
    try:
        yield
    finally:
        _follows.reset(token)


#: The longest drawing a NOTIFY carries (PostgreSQL's limit is 8,000 bytes).
DRAWING_BYTES = 7900
#: How long a screen waits for a drawing announced to follow before drawing
#: it itself (the worker that stores and draws it may have failed).
DRAWING_PATIENCE = 1.0


def tell_drawn(game_id: int, version: int, key: str, drawing: str | None) -> None:
    """Tell every watch of the database that the drawing ``key`` of
    ``game_id`` at ``version`` is ``drawing`` (compressed into the notice),
    or that it will not come (None, or too long for a notice): one round
    trip, after the write's commit (the app reads without a transaction),
    sent by the driver itself: the statement is the same every time, and
    SQLAlchemy's session and compiled cache cost more than the round trip's
    own work (195 against 75 microseconds of CPU, measured in process).
    PostgreSQL only: SQLite's screens draw what they miss."""
    if not on_postgres():
        return
    told = ""
    if drawing is not None:
        told = base64.b64encode(zlib.compress(drawing.encode(), 6)).decode()
        if len(told) > DRAWING_BYTES:
            told = ""
    driver = db.session.connection().connection.dbapi_connection
    driver.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"drawn {game_id} {version} {key} {told}"))


#: The versions of some games, from the table itself: a statement of Core, not
#: of the ORM, run on the session's connection (the rows need no objects, and
#: a SQLite server's watch asks it ten times a second for every game watched:
#: about a third of the ORM select's CPU time, measured in process with 500
#: games).
GAME_VERSIONS = (select(Game.__table__.c.id, Game.__table__.c.version)
                 .where(Game.__table__.c.id.in_(bindparam("ids", expanding=True))))


def versions(game_ids: Iterable[int]) -> dict[int, int]:
    """The stored version of each of ``game_ids`` that still exists."""
    ids = list(game_ids)
    found: dict[int, int] = {}
    connection = db.session.connection()
    for start in range(0, len(ids), QUERY_CHUNK):
        found.update(connection.execute(GAME_VERSIONS, {"ids": ids[start:start + QUERY_CHUNK]}).all())
    return found


class Subscription:
    """One screen's wait for one game: :meth:`wait` returns the newest
    version heard, or None when ``timeout`` passed with no change or the
    watch ended it (:attr:`ended`)."""

    def __init__(self, watch: Watch, game_id: int, heard: threading.Event | None = None) -> None:
        self.watch = watch
        self.game_id = game_id
        self.version: int | None = None
        self.ended = False
        #: Set when a version is heard; one screen's subscriptions to several
        #: games (a club evening's leaderboard) share it.
        self._heard = heard or threading.Event()

    def hear(self, version: int) -> None:
        self.version = version
        self._heard.set()

    def wait(self, timeout: float) -> int | None:
        if not self._heard.wait(timeout) or self.ended:
            return None
        self._heard.clear()
        return self.version

    def end(self) -> None:
        self.ended = True
        self._heard.set()

    def close(self) -> None:
        self.watch.unsubscribe(self)


class Watch:
    """This process's subscriptions by game, and the thread that hears changes."""

    def __init__(self, app: App, interval: float) -> None:
        self.app = app
        self.interval = interval
        self._lock = threading.Lock()
        self._subscribers: dict[int, set[Subscription]] = {}
        self._known: dict[int, int] = {}
        self._thread: threading.Thread | None = None
        #: By game: the version last announced with a drawing to follow, its key.
        self._follows: dict[int, tuple[int, str]] = {}
        #: By game: the drawings heard (:meth:`told`), by version and key.
        self._drawings: dict[int, dict[tuple[int, str], str | None]] = {}
        self._drawn = threading.Condition(self._lock)

    def subscribe(self, game_id: int, heard: threading.Event | None = None) -> Subscription:
        """Wait on ``game_id`` from now on (``heard``: the event it sets, shared
        with other subscriptions of the same screen). The subscription starts at the
        newest version known: the one stored, read after it was added, or one
        this watch heard meanwhile (a read in the request's transaction may
        see the database as that transaction began), so no change falls
        between."""
        subscription = Subscription(self, game_id, heard)
        with self._lock:
            self._subscribers.setdefault(game_id, set()).add(subscription)
            if self._thread is None:
                run = self._listen if on_postgres() else self._ask
                self._thread = threading.Thread(target=run, name="scorekeeper-watch",
                                                daemon=True)
                self._thread.start()
        stored = versions([game_id]).get(game_id)
        with self._lock:
            known = (stored, self._known.get(game_id), subscription.version)
            subscription.version = max((v for v in known if v is not None), default=None)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            subscribers = self._subscribers.get(subscription.game_id, set())
            subscribers.discard(subscription)
            if not subscribers:
                self._subscribers.pop(subscription.game_id, None)
                self._known.pop(subscription.game_id, None)
                self._follows.pop(subscription.game_id, None)
                self._drawings.pop(subscription.game_id, None)

    def end_all(self) -> None:
        """End every subscription of this process (their streams end)."""
        with self._lock:
            every = [s for subscribers in self._subscribers.values() for s in subscribers]
        for subscription in every:
            subscription.end()

    def is_running(self) -> bool:
        """Whether this process's watch thread runs (only while anyone watches)."""
        with self._lock:
            return self._thread is not None

    def open_streams(self) -> int:
        with self._lock:
            return sum(len(subscribers) for subscribers in self._subscribers.values())

    def heard(self, game_id: int, version: int) -> None:
        """Wake the subscribers of ``game_id`` if ``version`` is news."""
        with self._lock:
            if game_id not in self._subscribers or self._known.get(game_id) == version:
                return
            self._known[game_id] = version
            subscribers = list(self._subscribers.get(game_id, ()))
        for subscription in subscribers:
            subscription.hear(version)

    def told(self, payload: str) -> None:
        """What a notice on the channel says: a game's new version
        (:func:`announcement`), perhaps with the key of a drawing to follow,
        or that drawing (:func:`tell_drawn`), kept for the screens of the game."""
        parts = payload.split(" ")
        if parts[0] == "drawn":
            game_id, version, key = int(parts[1]), int(parts[2]), parts[3]
            drawing = zlib.decompress(base64.b64decode(parts[4])).decode() if parts[4] else None
            with self._drawn:
                if game_id in self._subscribers:
                    kept = self._drawings.setdefault(game_id, {})
                    kept[(version, key)] = drawing
                    for old in [at for at in kept if at[0] < version]:
                        del kept[old]
                self._drawn.notify_all()
            return
        game_id, version = int(parts[0]), int(parts[1])
        if len(parts) > 2:
            with self._lock:
                self._follows[game_id] = (version, parts[2])
        self.heard(game_id, version)

    def drawing(self, game_id: int, version: int, key: str) -> str | None:
        """The drawing ``key`` of ``game_id`` at ``version`` as another
        request drew it (:func:`tell_drawn`): waited for, at most
        :data:`DRAWING_PATIENCE`, when the version was announced with that
        drawing to follow; else None at once (the caller draws it)."""
        deadline = time.monotonic() + DRAWING_PATIENCE
        with self._drawn:
            while True:
                kept = self._drawings.get(game_id, {})
                if (version, key) in kept:
                    return kept[(version, key)]
                left = deadline - time.monotonic()
                if self._follows.get(game_id) != (version, key) or left <= 0:
                    return None
                self._drawn.wait(left)

    def check(self) -> None:
        """Read the versions of every game watched here, in one query."""
        with self._lock:
            watched = list(self._subscribers)
        if not watched:
            return
        with self.app.app_context():  # its end gives the connection back
            found = versions(watched)
        for game_id, version in found.items():
            self.heard(game_id, version)

    def _still_watched(self) -> bool:
        """Whether anyone is subscribed; if not, the thread ends (under the
        lock, so that the next subscription starts a new one)."""
        with self._lock:
            if self._subscribers:
                return True
            self._thread = None
            return False

    def _ask(self) -> None:
        """SQLite: one query per interval for the whole process, while anyone watches."""
        failing = False
        while True:
            time.sleep(self.interval)
            if not self._still_watched():
                return
            try:
                self.check()
            except Exception as error:  # the database is back at a later interval
                failing = self._failed(failing, error)
            else:
                failing = False

    def _listen(self) -> None:
        """PostgreSQL: LISTEN on a connection of its own while anyone watches,
        made again when lost."""
        import psycopg  # only where the database is PostgreSQL

        with self.app.app_context():
            url = db.engine.url.set(drivername="postgresql").render_as_string(
                hide_password=False)
        failing = False
        while self._still_watched():
            try:
                with psycopg.connect(url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.check()  # what was announced before this LISTEN
                    failing = False
                    while self._still_watched():
                        for notice in connection.notifies(timeout=RECONNECT_SECONDS):
                            self.told(notice.payload)
                    return
            except Exception as error:
                failing = self._failed(failing, error)
            time.sleep(RECONNECT_SECONDS)

    @staticmethod
    def _failed(failing: bool, error: Exception) -> bool:
        """Say once per outage that the database does not answer (one line:
        no traceback drawn in this thread), and go on trying."""
        if not failing:
            log.warning("watching the games failed, trying again: %s", error)
        return True


def register_watch(app: App) -> None:
    """Give ``app`` its watch (``app.extensions["watch"]``); its thread starts
    with the first subscription."""
    app.extensions["watch"] = Watch(app, app.config["WATCH_INTERVAL"])
