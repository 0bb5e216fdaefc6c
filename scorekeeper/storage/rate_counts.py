"""The rate limits' counters, shared by every worker process of one server.

Flask-Limiter counts through the ``limits`` library, whose in-process store
(``memory://``) gives each gunicorn worker counters of its own: with
``make run``'s two workers, a client had twice the documented tries. This
store keeps the counters in a small SQLite file instead (by default beside
the database: see :func:`scorekeeper.config.default_ratelimit_url`), so every
worker of the server counts against the same figure. Several app servers
share counters through Redis or memcached (``RATELIMIT_STORAGE_URI``).

Only the fixed windows the app counts in are supported (limits' default
strategy). Counters are no facts of a game: the file is a
:class:`scorekeeper.kept.SharedFile`, written without waiting for the disk
(``synchronous=OFF``), and a lost count after a crash forgives a client one
window.

Registered with limits by its scheme: ``sqlite:///path/to/file``.
"""

from __future__ import annotations

import sqlite3
import time

from limits.storage import Storage

from ..kept import SharedFile

SCHEMA = """CREATE TABLE IF NOT EXISTS counters (
    key TEXT PRIMARY KEY,
    hits INTEGER NOT NULL,
    expires_at REAL NOT NULL
)"""

#: One statement per hit: a counter whose window has passed starts again.
#: (Every right-hand side reads the row as it was before the update.)
INCREMENT = """INSERT INTO counters (key, hits, expires_at) VALUES (:key, :amount, :now + :expiry)
ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN expires_at <= :now THEN :amount ELSE hits + :amount END,
    expires_at = CASE WHEN expires_at <= :now THEN :now + :expiry ELSE expires_at END
RETURNING hits"""


class SQLiteCounters(Storage):
    """limits' storage on one SQLite file, safe across processes and threads."""

    STORAGE_SCHEME = ["sqlite"]
    #: Counters whose window has passed are removed at most this often (seconds).
    SWEEP_EVERY = 60.0

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        # As SQLAlchemy writes it: sqlite:///relative/path or sqlite:////absolute/path.
        path = uri.removeprefix("sqlite:///") if uri.startswith("sqlite:///") else ":memory:"
        self.file = SharedFile(path, SCHEMA, timeout=5)
        self.next_sweep = 0.0

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _run(self, statement: str, parameters: dict | tuple = ()) -> list[tuple]:
        return self.file.run(statement, parameters)

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        if now >= self.next_sweep:
            self.next_sweep = now + self.SWEEP_EVERY
            self._run("DELETE FROM counters WHERE expires_at <= ?", (now,))
        rows = self._run(INCREMENT, {"key": key, "amount": amount, "now": now, "expiry": expiry})
        return rows[0][0]

    def get(self, key: str) -> int:
        rows = self._run("SELECT hits FROM counters WHERE key = ? AND expires_at > ?",
                         (key, time.time()))
        return rows[0][0] if rows else 0

    def get_expiry(self, key: str) -> float:
        rows = self._run("SELECT expires_at FROM counters WHERE key = ?", (key,))
        return rows[0][0] if rows else time.time()

    def check(self) -> bool:
        try:
            self._run("SELECT 1")
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        return len(self._run("DELETE FROM counters RETURNING 1"))

    def clear(self, key: str) -> None:
        self._run("DELETE FROM counters WHERE key = ?", (key,))
