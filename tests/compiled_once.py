"""Each SQL statement compiled once per test process, whichever app runs it.

SQLAlchemy keeps the statements an engine compiled in that engine's cache,
keyed by the statement and the engine's dialect; each test's ``app`` has an
engine of its own, so every test compiled every statement it ran again, a
tenth of a web test's CPU (cProfile, docs/testing.md). Here SQLite's dialect
(registered in its place for every ``sqlite://`` address of the tests) is
equal to any other made with the same settings, and the test apps' engines
share one cache (SQLAlchemy's ``compiled_cache`` execution option). A
statement is then compiled for the first app that runs it; the SQL sent is
the same, as the dialects are the same.
"""

from __future__ import annotations

from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite

#: The statements compiled by the test apps of this process.
COMPILED: dict = {}


class SQLiteCompiledOnce(SQLiteDialect_pysqlite):
    """SQLite's dialect, equal to any other made with the same settings."""

    supports_statement_cache = True  # what it compiles is SQLite's, as before

    def __init__(self, **settings) -> None:
        super().__init__(**settings)
        self.settings = repr(sorted(settings.items()))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.settings == self.settings

    def __hash__(self) -> int:
        return hash((type(self), self.settings))


registry.register("sqlite", __name__, "SQLiteCompiledOnce")
