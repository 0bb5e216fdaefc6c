"""One kind of kept value: whatever a process keeps between requests.

The database stays the one source of truth. Each kept value is stored with
the check it was made for (a game's version, the chosen games with their
versions...) and given again only to a request that asks with the same
check; any other check makes it again. Every kept thing is a :class:`Kept`,
made by the layer that owns it, with its size (a setting, read when the app
is made) and its check stated where it is made:

- the folds of games and the statistics' figures in
  :mod:`scorekeeper.storage.stores`;
- the drawn entry panels and standings, and the Share pages' QR codes, in
  :mod:`scorekeeper.web.rendered`.

What one process keeps, the others of the server do not see. For what is
costly to make and asked for by every worker at once (an entry panel, which
the streams of every worker send after each tap), a :class:`SharedKept`
keeps it in a small SQLite file that the server's workers share, behind the
process's own :class:`Kept`.

Standard library only, so that any layer may use it.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

S = TypeVar("S", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


class Kept(Generic[S, V]):
    """At most ``size`` values, each under a slot with the check it was made
    for; the least recently used goes first. One lock per store keeps a
    threaded server's requests from meeting it half changed. A value is
    never None (None is what a miss answers).

    >>> pages = Kept(2)
    >>> pages.keep("a", 1, "drawn at version 1")
    >>> pages.get("a", 1), pages.get("a", 2)
    ('drawn at version 1', None)
    >>> pages.get_or_make("b", 1, lambda: "b"), pages.get_or_make("c", 1, lambda: "c")
    ('b', 'c')
    >>> pages.get("a", 1) is None  # the least recently used went
    True
    """

    def __init__(self, size: int) -> None:
        if size < 0:
            raise ValueError(f"a store's size cannot be negative: {size}")
        self.size = size
        self._values: OrderedDict[S, tuple[Any, V]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._values)

    def get(self, slot: S, check: Any) -> V | None:
        """The value kept under ``slot`` if it was made for ``check``, else None."""
        with self._lock:
            found = self._values.get(slot)
            if found is None or found[0] != check:
                return None
            self._values.move_to_end(slot)
            return found[1]

    def latest(self, slot: S) -> V | None:
        """The value kept under ``slot``, whatever its check: for a value that
        can be brought up to date (a fold), never to be given as it is."""
        with self._lock:
            found = self._values.get(slot)
        return None if found is None else found[1]

    def keep(self, slot: S, check: Any, value: V,
             replaces: Callable[[Any], bool] | None = None) -> None:
        """Keep ``value`` under ``slot`` for ``check``, instead of what was
        kept there, unless ``replaces(the kept check)`` says to leave it."""
        with self._lock:
            old = self._values.get(slot)
            if old is not None and replaces is not None and not replaces(old[0]):
                return
            self._values[slot] = (check, value)
            self._values.move_to_end(slot)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def get_or_make(self, slot: S, check: Any, make: Callable[[], V]) -> V:
        """The value kept under ``slot`` for ``check``; else ``make()``, kept."""
        found = self.get(slot, check)
        if found is None:
            found = make()
            self.keep(slot, check, found)
        return found

    def forget(self, slot: S) -> None:
        with self._lock:
            self._values.pop(slot, None)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()


#: The longest pause between two tries of a SQLite write lock that another
#: process holds (:func:`when_unlocked`), in seconds.
LOCK_PAUSE = 0.002


def when_unlocked(call: Callable[[], T], seconds: float) -> T:
    """``call()``, a statement on a SQLite connection whose busy timeout is 0,
    tried again while another process holds the database's write lock, for
    at most ``seconds`` (then its ``database is locked`` goes up).

    SQLite's own wait (the driver's ``timeout``) sleeps inside the driver,
    1, 2, 5, 10 ms and longer between its tries: under gunicorn's gevent
    worker (gunicorn.conf.py) that holds the whole worker, every phone's
    stream and request on it, and sleeps on after the lock is free. Here
    :func:`time.sleep`, which gevent makes a wait of this greenlet only, lets
    the worker's others run, and the lock is tried again within
    :data:`LOCK_PAUSE`."""
    deadline = time.monotonic() + seconds
    pause = LOCK_PAUSE / 8
    while True:
        try:
            return call()
        except sqlite3.OperationalError as error:
            busy = getattr(error, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_BUSY
            if not busy or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, LOCK_PAUSE)


class SharedFile:
    """A small SQLite file that every process of one server opens, for what
    no fact depends on (the rate limits' counts, drawings kept): each process
    through a connection of its own (a worker forked from another opens its
    own), one statement at a time under a lock, each committed at once and
    written without waiting for the disk (``synchronous=OFF``); a statement
    waits for another process's write for at most ``timeout`` seconds
    (:func:`when_unlocked`)."""

    def __init__(self, path: str, schema: str, timeout: float) -> None:
        self.path = path
        self.schema = schema
        self.timeout = timeout
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._opened_in: int | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None or self._opened_in != os.getpid():
            connection = sqlite3.connect(self.path, timeout=0, isolation_level=None,
                                         check_same_thread=False)
            for statement in ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=OFF", self.schema):
                when_unlocked(lambda: connection.execute(statement), self.timeout)
            self._connection, self._opened_in = connection, os.getpid()
        return self._connection

    def run(self, statement: str, parameters: dict | tuple = ()) -> list[tuple]:
        """The rows of ``statement`` (raises :class:`sqlite3.Error`)."""
        with self._lock:
            connection = self._connect()
            return when_unlocked(lambda: connection.execute(statement, parameters).fetchall(),
                                 self.timeout)


class SharedKept:
    """At most about ``size`` texts, each under a slot with the check (a
    number) it was made for, in a :class:`SharedFile`: what one worker made,
    another finds instead of making it again. A slot holds one text, the
    latest kept; the oldest go first, at most once a minute. Nothing in it
    is a fact: a lost or unreadable file only means making the text again
    (every error is a miss).

    >>> import tempfile
    >>> shared = SharedKept(tempfile.mkdtemp() + "/kept.sqlite3", size=10)
    >>> shared.keep("panel a", 7, "drawn at version 7")
    >>> shared.get("panel a", 7), shared.get("panel a", 8)
    ('drawn at version 7', None)
    """

    SCHEMA = """CREATE TABLE IF NOT EXISTS kept (
        slot TEXT PRIMARY KEY, checked INTEGER NOT NULL, value TEXT NOT NULL,
        kept_at REAL NOT NULL)"""
    #: How often the texts beyond ``size`` are removed (seconds).
    SWEEP_EVERY = 60.0

    def __init__(self, path: str, size: int) -> None:
        self.path = path
        self.size = size
        self._file = SharedFile(path, self.SCHEMA, timeout=1)
        self._next_sweep = 0.0
        self._failing = False

    def get(self, slot: str, check: int) -> str | None:
        """The text kept under ``slot`` if it was made for ``check``, else None."""
        try:
            rows = self._file.run("SELECT value FROM kept WHERE slot = ? AND checked = ?",
                                  (slot, check))
        except sqlite3.Error:
            return None
        return rows[0][0] if rows else None

    def keep(self, slot: str, check: int, value: str) -> None:
        """Keep ``value`` under ``slot`` for ``check``, instead of what was there."""
        now = time.time()
        try:
            self._file.run("INSERT OR REPLACE INTO kept VALUES (?, ?, ?, ?)",
                           (slot, check, value, now))
            if now >= self._next_sweep:
                self._next_sweep = now + self.SWEEP_EVERY
                self._file.run("DELETE FROM kept WHERE slot IN (SELECT slot FROM kept"
                               " ORDER BY kept_at DESC LIMIT -1 OFFSET ?)", (self.size,))
        except sqlite3.Error as error:  # made again by whoever asks next
            if not self._failing:
                self._failing = True
                log.warning("the shared store %s cannot be written: %s", self.path, error)
        else:
            self._failing = False
