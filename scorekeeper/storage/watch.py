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
  away is missed.
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

import logging
import threading
import time
from collections.abc import Iterable
from contextlib import AbstractContextManager
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


def announcement(game_id: int, version: int) -> str:
    """What :func:`announced` says: the game and its new version."""
    return f"{game_id} {version}"


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
                            game_id, version = (int(part) for part in notice.payload.split())
                            self.heard(game_id, version)
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
