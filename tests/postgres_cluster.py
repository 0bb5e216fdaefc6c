"""A throwaway PostgreSQL 15 cluster, for the tests of either folder that
need one (tests/web's ``postgres_url``, a browser test on PostgreSQL), the
mark for them, and a free port (for any server a test starts). At the top of tests/ so that both folders import it (the
root conftest puts this folder on ``sys.path``)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

PG_BIN = Path("/usr/lib/postgresql/15/bin")
POSTGRES_AVAILABLE = ((PG_BIN / "initdb").exists() and shutil.which("runuser") is not None
                      and os.geteuid() == 0)

#: Marks a module or test that needs the cluster: skipped where the server
#: cannot run, except where ``REQUIRE_POSTGRES`` asks for it (then it fails).
needs_postgres = pytest.mark.skipif(
    not POSTGRES_AVAILABLE and not os.environ.get("REQUIRE_POSTGRES"),
    reason="PostgreSQL 15 server binaries (or root, to run them as postgres) not available",
)


def as_postgres(*args: str) -> None:
    subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True,
                   capture_output=True, timeout=60)


def free_port() -> int:
    """A port no server on this machine listens on just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_postgres() -> Iterator[str]:
    """The URL (SQLAlchemy's spelling) of an empty database on a cluster
    started for the caller, stopped and removed after."""
    # Not under pytest's tmp folder: that one is private to root, and the
    # server runs as the postgres user.
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
    data, port = folder / "data", free_port()
    shutil.chown(folder, "postgres")
    as_postgres(str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                "-E", "UTF8", "--no-locale")
    as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
                f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    try:
        as_postgres(str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "scorekeeper")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/scorekeeper"
    finally:
        as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def database_of_its_own(cluster_url: str, name: str) -> Iterator[str]:
    """The URL of a new empty database ``name`` on the cluster of
    ``cluster_url``, dropped after (with whatever connections are left on
    it): each module that asks for the cluster gets one, as it got a cluster
    of its own before, without the cluster's start."""
    import psycopg

    server = cluster_url.replace("postgresql+psycopg://", "postgresql://").rsplit("/", 1)[0]
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield cluster_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
