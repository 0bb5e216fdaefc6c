"""A write that finds SQLite's write lock held by another process waits for it
in short sleeps of its own (scorekeeper.kept.when_unlocked), not in the
driver's busy handler, which under gunicorn's gevent worker holds the whole
worker: the app's one write path and the files the workers share."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable

import pytest

from scorekeeper.kept import LOCK_PAUSE, SharedFile, when_unlocked
from scorekeeper.storage.database import db


@pytest.fixture
def holder(tmp_path):
    """Another process's connection to a SQLite file, holding its write lock."""
    path = tmp_path / "locked.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE counts (n INTEGER)")
    connection.execute("BEGIN IMMEDIATE")
    yield connection
    connection.close()


def waiter_on(holder) -> sqlite3.Connection:
    """This process's connection to the holder's file, as the app's waits use
    one: SQLite's own busy wait off."""
    path = holder.execute("PRAGMA database_list").fetchone()[2]
    return sqlite3.connect(path, timeout=0, isolation_level=None)


def noting(slept: list[float], after_each: Callable[[], None] = lambda: None):
    """A stand-in for time.sleep that notes each pause of the test's own
    thread in ``slept``, then calls ``after_each`` (no thread, no clock:
    nothing depends on the machine's speed). Another thread's sleep is a real
    one: an app's watch thread, left from an earlier test of this process
    until its next look, once took a pause meant for the test and ended the
    holder's write from the wrong thread."""
    real, mine = time.sleep, threading.get_ident()

    def sleep(seconds: float) -> None:
        if threading.get_ident() != mine:
            return real(seconds)
        slept.append(seconds)
        after_each()
    return sleep


def released_after(holder, pauses: int, slept: list[float]):
    """:func:`noting` the pauses, and the holder's write ended after ``pauses`` of them."""
    def release() -> None:
        if len(slept) == pauses:
            holder.execute("COMMIT")
    return noting(slept, release)


def test_the_lock_is_tried_again_after_pauses_of_at_most_two_ms(holder, monkeypatch):
    waiter = waiter_on(holder)
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", released_after(holder, 5, slept))
    when_unlocked(lambda: waiter.execute("BEGIN IMMEDIATE"), seconds=5)
    assert waiter.in_transaction
    assert slept == [LOCK_PAUSE / 8, LOCK_PAUSE / 4, LOCK_PAUSE / 2, LOCK_PAUSE, LOCK_PAUSE]


def test_past_its_time_the_lock_error_goes_up_and_any_other_at_once(holder, monkeypatch):
    waiter = waiter_on(holder)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        when_unlocked(lambda: waiter.execute("BEGIN IMMEDIATE"), seconds=0)
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", noting(slept))
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        when_unlocked(lambda: waiter.execute("SELECT * FROM missing"), seconds=5)
    assert slept == []


def test_a_shared_file_waits_for_another_processs_write(holder, monkeypatch):
    path = holder.execute("PRAGMA database_list").fetchone()[2]
    holder.execute("COMMIT")
    shared = SharedFile(path, "CREATE TABLE IF NOT EXISTS counts (n INTEGER)", timeout=5)
    shared.run("INSERT INTO counts VALUES (1)")
    holder.execute("BEGIN IMMEDIATE")
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", released_after(holder, 3, slept))
    shared.run("INSERT INTO counts VALUES (2)")
    assert len(slept) == 3 and shared.run("SELECT n FROM counts") == [(1,), (2,)]


def test_a_tap_waits_for_the_lock_another_worker_holds_and_keeps_its_busy_timeout(
        app, table, monkeypatch):
    table.start()
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    other_worker = sqlite3.connect(path, isolation_level=None)
    other_worker.execute("BEGIN IMMEDIATE")
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", released_after(other_worker, 4, slept))
    assert table.trump(1, "S").status_code == 302
    assert len(slept) == 4
    with app.app_context():
        driver = db.session.connection().connection.dbapi_connection
        assert driver.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
    other_worker.close()
