"""What a tap costs the server on SQLite and on PostgreSQL, counted, in process.

Run: ``.venv/bin/python bench/round_trips.py`` (as root, or with ``--database
postgresql://...`` of an empty database: by default it starts a throwaway
PostgreSQL 15 cluster, as the web tests do, and stops it at the end).

On each database, two apps on the one database, through the Flask test
client (CSRF off): on SQLite they stand for two workers of one server (they
share the file of drawn panels, ``SHARED_PAGES``), on PostgreSQL for two app
servers on two machines (a file each). A 4-player game at its first round's bids;
four round screens keep its stream open (``/g/<token>/events?round=1``), two
on each app, as ``bench/load.py``'s phones do. Then ``--taps`` bid taps
(htmx) through the first app, each waited for until every stream has sent
the new panel. Printed per database:

- **tap**: SQL statements and round trips of the tap's own request (a round
  trip is a statement or a ``BEGIN``/``COMMIT``/``ROLLBACK`` that psycopg
  sends, or one pipeline of psycopg's, however many statements it carries;
  SQLite is in the process: its "round trips" are its statements and
  commits, each a call into the library, no network);
- **stream wake**: the same, summed over the four streams, per tap;
- **panels drawn** per tap, in all (the tap's own answer included): one is
  the least there can be; every stream that draws the panel again for
  itself adds one;
- **poll**: a phone's ``GET .../entry?since=`` of an unchanged game (204)
  and, after a tap, of the other server (200);
- **CPU per tap**: this process's CPU time (every thread: the tap, the
  streams, the watches) over all taps, divided by the taps (SQLite's work is
  in it); and the throwaway PostgreSQL server's (its processes', from
  /proc), which runs beside it.

The figures are counts, which do not move with the machine's load; the CPU
time does, less than wall time. Compare the two databases within one run.
"""

from __future__ import annotations

import argparse
import logging
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from flask import template_rendered  # noqa: E402
from flask_migrate import upgrade  # noqa: E402
from sqlalchemy import event  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.storage.database import db  # noqa: E402
from scorekeeper.web.round_screen import PANEL  # noqa: E402

PG_BIN = Path("/usr/lib/postgresql/15/bin")
NAMES = ("Ann", "Bob", "Cy", "Di")
HTMX = {"HX-Request": "true"}
STREAMS_PER_APP = 2
PATIENCE = 15.0

#: Per thread: what each thread sent to its database since it was last read.
_counts: dict[int, Counter] = {}
_counts_lock = threading.Lock()


def _count(kind: str) -> None:
    ident = threading.get_ident()
    with _counts_lock:
        _counts.setdefault(ident, Counter())[kind] += 1


#: The statements' text of the last tap, by who sent them (``--show``).
shown: list[str] = []


@event.listens_for(Engine, "before_cursor_execute")
def _statement(_connection, _cursor, statement, *_args) -> None:
    _count("statements")
    shown.append(f"{threading.current_thread().name}: {' '.join(statement.split())[:150]}")


@event.listens_for(Engine, "commit")
def _commit(*_args) -> None:
    _count("commits")


_exec_command = psycopg.Connection._exec_command


def _counted_command(self, command, *args, **kwargs):
    """psycopg's own commands (BEGIN, COMMIT, ROLLBACK): a round trip each."""
    _count("commands")
    shown.append(f"{threading.current_thread().name}: {command!r}")
    return _exec_command(self, command, *args, **kwargs)


psycopg.Connection._exec_command = _counted_command

_execute = psycopg.Connection.execute
_pipeline = psycopg.Connection.pipeline


def _counted_execute(self, query, *args, **kwargs):
    """A statement the app sends through psycopg itself, past SQLAlchemy
    (``storage/unit.begun_and_locked``): in a pipeline, it shares that
    pipeline's round trip."""
    _count("piped" if self._pipeline else "statements")
    shown.append(f"{threading.current_thread().name}: {'(piped) ' if self._pipeline else ''}"
                 f"{' '.join(str(query).split())[:150]}")
    return _execute(self, query, *args, **kwargs)


def _counted_pipeline(self, *args, **kwargs):
    """psycopg's pipeline mode: what is queued in it goes in one round trip."""
    _count("pipelines")
    return _pipeline(self, *args, **kwargs)


psycopg.Connection.execute = _counted_execute
psycopg.Connection.pipeline = _counted_pipeline


def taken(threads: set[int] | None = None) -> Counter:
    """The counts of ``threads`` (all, if None) since the last call, reset."""
    with _counts_lock:
        total = Counter()
        for ident in list(_counts):
            if threads is None or ident in threads:
                total.update(_counts.pop(ident))
        return total


def round_trips(counts: Counter, postgres: bool) -> int:
    if postgres:
        return counts["statements"] + counts["commands"] + counts["pipelines"]
    return counts["statements"] + counts["commits"]


def statements(counts: Counter) -> int:
    """Every statement sent, those of a pipeline too."""
    return counts["statements"] + counts["piped"]


_drawn = Counter()


@template_rendered.connect
def _rendered(_app, template, **_extra) -> None:
    if template.name == PANEL:
        _drawn["panels"] += 1


def server_cpu(postmaster: int | None) -> float:
    """The CPU seconds of a PostgreSQL server: its postmaster's and its
    children's (the backends of the app's connections), from /proc."""
    if postmaster is None:
        return 0.0
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == postmaster or int(fields[1]) == postmaster:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


#: The postmaster's process id of the throwaway cluster, while it runs.
postmaster: int | None = None


@contextmanager
def throwaway_postgres():
    """The URL of an empty database on a cluster of its own (as tests/web/conftest.py)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-pg-"))
    shutil.chown(folder, "postgres")

    def as_postgres(*args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True,
                       capture_output=True, timeout=60)

    port = 20000 + os.getpid() % 20000
    as_postgres(str(PG_BIN / "initdb"), "-D", str(folder / "data"), "-U", "postgres", "-A",
                "trust", "-E", "UTF8", "--no-locale")
    as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(folder / "data"), "-l", str(folder / "log"),
                "-w", "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1", "start")
    try:
        as_postgres(str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "scorekeeper")
        global postmaster
        postmaster = int((folder / "data" / "postmaster.pid").read_text().split()[0])
        yield f"postgresql://postgres@127.0.0.1:{port}/scorekeeper"
    finally:
        as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate",
                    "stop")
        shutil.rmtree(folder, ignore_errors=True)


def make_app(url: str, folder: Path, name: str):
    """An app on ``url`` (as a host sets ``DATABASE_URL``), with its own shared drawings."""
    os.environ["DATABASE_URL"] = url
    return create_app({
        "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "TESTING": True,
        "SHARED_PAGES": str(folder / f"{name}.pages.sqlite3"),
        "RATELIMIT_STORAGE_URI": "memory://",
        "LIMIT_WRITES": "1000000 per minute", "LIMIT_NEW_GAMES": "1000000 per hour",
    })


class Stream:
    """One round screen's stream, read in a thread of its own."""

    def __init__(self, client, path: str) -> None:
        self.response = client.get(path, buffered=False)
        assert self.response.status_code == 200
        self.panels: queue.Queue = queue.Queue()
        self.started = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.started.wait(PATIENCE)

    def _read(self) -> None:
        self.ident = threading.get_ident()
        self.started.set()
        for chunk in self.response.response:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("event: panel") or text.startswith("event: change"):
                self.panels.put(text)

    def next_panel(self) -> str:
        return self.panels.get(timeout=PATIENCE)


def measure(url: str, taps: int, folder: Path, show: bool = False) -> dict[str, float]:
    postgres = url.startswith("postgres")
    # SQLite: two workers of one server (one file of shared drawings);
    # PostgreSQL: two app servers, as on two machines (a file each).
    first = make_app(url, folder, "a")
    second = make_app(url, folder, "b" if postgres else "a")
    for app in (first, second):
        app.config["LIVE_STREAM_SECONDS"] = 3600.0
    with first.app_context():
        upgrade()
    tapper, other = first.test_client(), second.test_client()
    data = {f"players-{i}": name for i, name in enumerate(NAMES)}
    data.update(preset="piekielko", first_dealer="0", action="start")
    response = tapper.post("/new", data=data)
    gid = re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)
    assert tapper.post(f"/g/{gid}/round/1/trump", data={"trump": "S"}).status_code == 302
    page = tapper.get(f"/g/{gid}/round/1").get_data(as_text=True)
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    streams = [Stream(client, f"/g/{gid}/events?since={version}&round=1")
               for client in (tapper, other) for _ in range(STREAMS_PER_APP)]
    readers = {stream.ident for stream in streams}
    taken()
    figures: Counter = Counter()
    cpu, database_cpu = time.process_time(), server_cpu(postmaster if postgres else None)
    for n in range(taps):
        _drawn.clear()
        shown.clear()
        answer = tapper.post(f"/g/{gid}/round/1/bid", data={"player": "1", "bid": str(n % 2)},
                             headers=HTMX)
        assert answer.status_code == 200, answer.status_code
        tap = taken({threading.get_ident()})
        for stream in streams:
            assert "event: panel" in stream.next_panel()
        wakes = taken(readers)
        figures["tap statements"] += statements(tap)
        figures["tap round trips"] += round_trips(tap, postgres)
        figures["wake statements"] += statements(wakes)
        figures["wake round trips"] += round_trips(wakes, postgres)
        figures["panels drawn"] += _drawn["panels"]
    figures["cpu ms"] = (time.process_time() - cpu) * 1000
    figures["database cpu ms"] = (server_cpu(postmaster if postgres else None)
                                  - database_cpu) * 1000
    if show:
        print(f"{url.split(':')[0]}, the last tap:", *shown, sep="\n  ")
    version = int(re.search(r'data-version="(\d+)"', answer.get_data(as_text=True)).group(1))
    taken()
    assert tapper.get(f"/g/{gid}/round/1/entry?since={version}", headers=HTMX).status_code == 204
    figures["poll 204 round trips"] = round_trips(taken({threading.get_ident()}), postgres) * taps
    assert other.get(f"/g/{gid}/round/1/entry?since={version - 1}",
                     headers=HTMX).status_code == 200
    figures["poll 200 round trips"] = round_trips(taken({threading.get_ident()}), postgres) * taps
    for app in (first, second):
        app.extensions["watch"].end_all()
    for stream in streams:
        stream.reader.join(PATIENCE)
    for app in (first, second):
        with app.app_context():
            db.engine.dispose()
    return {name: value / taps for name, value in figures.items()}


ROWS = [
    ("tap: statements", "tap statements", "{:.1f}"),
    ("tap: round trips", "tap round trips", "{:.1f}"),
    ("4 streams' wakes: statements", "wake statements", "{:.1f}"),
    ("4 streams' wakes: round trips", "wake round trips", "{:.1f}"),
    ("panels drawn a tap (1 at least)", "panels drawn", "{:.2f}"),
    ("poll, unchanged (204): round trips", "poll 204 round trips", "{:.0f}"),
    ("poll, other server (200): round trips", "poll 200 round trips", "{:.0f}"),
    ("CPU a tap, this process (ms)", "cpu ms", "{:.2f}"),
    ("CPU a tap, PostgreSQL's server (ms)", "database cpu ms", "{:.2f}"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", help="an empty PostgreSQL database's URL "
                        "(default: a throwaway cluster)")
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--show", action="store_true",
                        help="print the statements of the last tap, by thread")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # the request log; the watches that outlive the cluster
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-trips-"))
    try:
        results = {"SQLite": measure(f"sqlite:///{folder / 'bench.sqlite3'}", args.taps, folder, args.show)}
        if args.database:
            results["PostgreSQL"] = measure(args.database, args.taps, folder, args.show)
        else:
            with throwaway_postgres() as url:
                results["PostgreSQL"] = measure(url, args.taps, folder, args.show)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{args.taps} bid taps (htmx) through one of two apps on one database; four streams "
          f"open, two on each app; load average {os.getloadavg()[0]:.2f}")
    print(f"{'per tap':<40} {'SQLite':>10} {'PostgreSQL':>11}")
    for label, key, form in ROWS:
        print(f"{label:<40} {form.format(results['SQLite'][key]):>10}"
              f" {form.format(results['PostgreSQL'][key]):>11}")
    app = results["PostgreSQL"]["cpu ms"] / results["SQLite"]["cpu ms"]
    both = (results["PostgreSQL"]["cpu ms"] + results["PostgreSQL"]["database cpu ms"]) / \
        results["SQLite"]["cpu ms"]
    print(f"CPU a tap, PostgreSQL / SQLite: {app:.2f} for the app, {both:.2f} with PostgreSQL's "
          "server" + ("" if postmaster else " (not measured: a database of --database)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
