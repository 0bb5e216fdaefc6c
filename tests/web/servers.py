"""What the web tests that start servers share: a throwaway Redis, the marks
for tests that need it or PostgreSQL, a free port, and app servers in
processes of their own (as several hosts run them).

Its own module, not the conftest: ``from conftest import …`` finds whichever
conftest was imported last (tests/browser has one too).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import postgres_cluster
import pytest
import redis

#: The cluster's mark and the free port (tests/postgres_cluster.py), named
#: here too for the web tests that import them with the servers.
needs_postgres, free_port = postgres_cluster.needs_postgres, postgres_cluster.free_port
REDIS_SERVER = Path("/usr/bin/redis-server")

#: Marks a test that needs a Redis server: skipped where Debian's
#: ``redis-server`` is missing, except where ``REQUIRE_REDIS`` asks for it.
needs_redis = pytest.mark.skipif(
    not REDIS_SERVER.exists() and not os.environ.get("REQUIRE_REDIS"),
    reason="redis-server not installed (Debian's redis-server package)",
)


def wait_until(answers, process: subprocess.Popen, what: str, seconds: float = 30) -> None:
    """Until ``answers()`` is true, or fail if ``process`` ends or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, f"{what} ended with {process.returncode}"
        try:
            if answers():
                return
        except (OSError, redis.RedisError):
            pass
        time.sleep(0.05)
    pytest.fail(f"{what} did not answer within {seconds} s")


class RedisServer:
    """A throwaway ``redis-server`` on 127.0.0.1 and a free port that keeps
    nothing on disk (no snapshot, no append-only file). It can be stopped and
    started again on the same port, empty: a Redis that went away and came back."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.folder / "redis.log", "ab") as log:
            self.process = subprocess.Popen(
                [str(REDIS_SERVER), "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", str(self.folder)],
                stdout=log, stderr=subprocess.STDOUT)
        with redis.Redis.from_url(self.url, socket_timeout=1) as client:
            wait_until(client.ping, self.process, f"redis-server on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def keys(self) -> list[str]:
        """What is stored in it now."""
        with redis.Redis.from_url(self.url, socket_timeout=1, decode_responses=True) as client:
            return client.keys()


@contextmanager
def running_redis(folder: Path) -> Iterator[RedisServer]:
    """A :class:`RedisServer` started in ``folder``, stopped afterwards."""
    server = RedisServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


#: One app server: werkzeug, threaded, on the port ``argv[1]``, with the
#: settings in ``argv[2]`` (JSON) over those of the environment.
SERVER = """
import json
import sys
from werkzeug.serving import run_simple
from scorekeeper import create_app
run_simple("127.0.0.1", int(sys.argv[1]), create_app(json.loads(sys.argv[2])), threaded=True)
"""


def request(port: int, method: str, path: str, form: dict | None = None):
    """``(status, Location, body)`` of one request to the server on ``port``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = urllib.parse.urlencode(form) if form is not None else None
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if form is not None else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    answer = (response.status, response.getheader("Location"), response.read())
    connection.close()
    return answer


def host_database_url(url: str) -> str:
    """``url`` (SQLAlchemy's spelling) as a host sets ``DATABASE_URL``: without
    the driver, which the app adds."""
    return url.replace("postgresql+psycopg://", "postgresql://")


@contextmanager
def app_servers(count: int, database_url: str, settings: dict[str, object],
                environment: dict[str, str] | None = None,
                log: IO | None = None) -> Iterator[list[int]]:
    """``count`` app servers on ``database_url``, each a process of its own,
    with the environment a host sets (``DATABASE_URL``, and ``environment``
    such as ``RATELIMIT_STORAGE_URI``) and ``settings`` over it; yields their
    ports once each answers its health check, and stops them. Their stderr
    goes to ``log`` if given."""
    environment = {**os.environ, "DATABASE_URL": host_database_url(database_url),
                   **(environment or {})}
    ports = [free_port() for _ in range(count)]
    processes = [subprocess.Popen([sys.executable, "-c", SERVER, str(port), json.dumps(settings)],
                                  env=environment,
                                  stdout=subprocess.DEVNULL, stderr=log or subprocess.DEVNULL)
                 for port in ports]
    try:
        for port, process in zip(ports, processes):
            wait_until(lambda port=port: request(port, "GET", "/healthz")[0] == 200, process,
                       f"the app server on port {port}")
        yield ports
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)


def migrated_app(database_url: str):
    """An app on ``database_url`` (SQLAlchemy's spelling), its tables made by
    the migrations: the test reads through it what the servers stored. It
    counts no limits of theirs (its own, in memory) and has CSRF off."""
    from flask_migrate import upgrade

    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "servers", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": database_url,
                      "RATELIMIT_STORAGE_URI": "memory://"})
    with app.app_context():
        upgrade()
    return app


def new_game(port: int) -> str:
    """A game of four set up through the server on ``port``: its scorer token."""
    form = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "players-3": "Di",
            "preset": "cardgames", "first_dealer": "0", "action": "start"}
    status, location, _body = request(port, "POST", "/new", form)
    assert status == 302
    return re.search(r"/g/([^/]+)/", location).group(1)
