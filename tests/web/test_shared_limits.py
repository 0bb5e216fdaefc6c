"""Several app servers, one Redis: a client's writes count against one limit.

Two app server processes (werkzeug, threaded; tests/web/servers.py) share
one throwaway PostgreSQL cluster and one throwaway Redis (``postgres_url``
and ``redis_url`` of this folder's conftest.py), with
``RATELIMIT_STORAGE_URI`` set to the Redis as the README tells a host. One
client (127.0.0.1, so one key: :func:`scorekeeper.web.security.client_key`)
writes alternately through both; every write counts against ``LIMIT_WRITES``,
setting the game up included. With each server counting on its own, the same
client gets twice the limit: the control that shows the test can fail.

And when Redis fails (stopped, or frozen) writes still go through, each
server counting in its own memory until Redis answers again (the choice is
explained in :mod:`scorekeeper.web.security`).
"""

from __future__ import annotations

import http.client
import json
import signal
import time

import pytest

import servers
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Game, Link
from servers import app_servers, migrated_app, needs_postgres, needs_redis, new_game, running_redis

# .ci/run sets REQUIRE_POSTGRES and REQUIRE_REDIS: there a missing server fails.
pytestmark = needs_postgres

LIMIT = 6
SETTINGS = {"SECRET_KEY": "shared-limits", "WTF_CSRF_ENABLED": False}


def limited_to(store: str) -> dict[str, str]:
    """The environment of a server counting in ``store``, as a host sets it."""
    return {"RATELIMIT_STORAGE_URI": store, "LIMIT_WRITES": f"{LIMIT} per minute"}


@pytest.fixture(scope="module")
def database(postgres_url) -> str:
    """The cluster's database with the tables made by the migrations."""
    app = migrated_app(postgres_url)
    with app.app_context():
        db.engine.dispose()
    return postgres_url


def adjust(port: int, token: str, reason: str) -> int:
    """One write (an adjustment of its own, named by ``reason``): its status."""
    return servers.request(port, "POST", f"/g/{token}/adjust",
                           {"player": "0", "points": "1", "reason": reason})[0]


def stored_reasons(port: int, token: str) -> list[str]:
    """The reasons of the game's adjustments, as the server on ``port`` reads them."""
    status, _location, body = servers.request(port, "GET", f"/g/{token}/export.json")
    assert status == 200  # a read is never limited, even after the writes were refused
    return [adjustment["reason"] for adjustment in json.loads(body)["adjustments"]]


@pytest.fixture
def store(request) -> str:
    """Where the servers count: the module's Redis, or each in its own memory."""
    return request.getfixturevalue("redis_url") if request.param == "redis" else "memory://"


@pytest.mark.parametrize("store, answered", [
    pytest.param("redis", LIMIT, marks=needs_redis, id="one Redis: the limit across both"),
    pytest.param("memory", 2 * LIMIT, id="each its own memory: twice the limit (the control)"),
], indirect=["store"])
def test_a_clients_writes_through_two_servers_count_against_the_shared_store(
        database, store, answered):
    with app_servers(2, database, SETTINGS, limited_to(store)) as ports:
        token = new_game(ports[0])  # the first write
        statuses, acknowledged = [302], []
        for n in range(1, 3 * LIMIT):
            reason = f"write {n}"
            statuses.append(adjust(ports[n % 2], token, reason))
            if statuses[-1] == 302:
                acknowledged.append(reason)

        assert statuses == [302] * answered + [429] * (3 * LIMIT - answered)
        for port in ports:  # a refused write stored nothing, whichever server refused it
            assert stored_reasons(port, token) == acknowledged


@needs_redis
def test_while_redis_is_stopped_writes_go_through_counted_by_each_server_until_it_is_back(
        database, tmp_path):
    log = tmp_path / "server.log"
    with running_redis(tmp_path) as redis, open(log, "w") as server_log, \
            app_servers(1, database, SETTINGS, limited_to(redis.url), server_log) as [port]:
        token = new_game(port)
        assert redis.keys()  # counted there
        redis.stop()

        # The server's own count starts at nothing: the table plays on, a
        # script is still held to the limit.
        statuses = [adjust(port, token, f"alone {n}") for n in range(LIMIT + 1)]
        assert statuses == [302] * LIMIT + [429]
        assert stored_reasons(port, token) == [f"alone {n}" for n in range(LIMIT)]
        assert "falling back to in-memory storage" in log.read_text()

        # Back (empty): the server asks it again after 1, 2, 4 ... 32 s and counts there.
        redis.start()
        deadline = time.monotonic() + 90
        while adjust(port, token, "back") != 302:
            assert time.monotonic() < deadline, "the server never counted in Redis again"
            time.sleep(0.25)
        assert redis.keys()
        assert stored_reasons(port, token).count("back") == 1  # the refused ones stored nothing


@needs_redis
def test_a_frozen_redis_holds_a_write_up_about_a_second_not_ten(database, tmp_path):
    """A Redis that takes connections and never answers (stopped by SIGSTOP):
    the write waits for its count, then for the check whether it is back,
    each 0.5 s (config.REDIS_OPTIONS) instead of redis-py's 5 s; then
    the server counts in memory. (Measured here: 1.06 s; 10 s without.)"""
    with running_redis(tmp_path) as redis, \
            app_servers(1, database, SETTINGS, limited_to(redis.url)) as [port]:
        token = new_game(port)
        redis.process.send_signal(signal.SIGSTOP)
        try:
            started = time.monotonic()
            assert adjust(port, token, "while frozen") == 302
            assert time.monotonic() - started < 3
        finally:
            redis.process.send_signal(signal.SIGCONT)
        assert stored_reasons(port, token) == ["while frozen"]


def stream_events(port: int, path: str):
    """The lines of a live stream (``GET path`` on ``port``), as they come."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type").startswith(
        "text/event-stream")
    try:
        while line := response.readline():
            yield line.decode().strip()
    finally:
        connection.close()


@needs_redis
def test_a_tap_on_one_server_reaches_a_stream_on_the_other(database, redis_url):
    """The watch of each server LISTENs: a write through one is told to the
    screens following the game through the other (scorekeeper/storage/watch.py)."""
    reader = migrated_app(database)
    with app_servers(2, database, SETTINGS, {"RATELIMIT_STORAGE_URI": redis_url}) as ports:
        token = new_game(ports[0])
        with reader.app_context():
            version = db.session.scalar(db.select(Game.version).join(Link).where(
                Link.token == token))
        lines = stream_events(ports[1], f"/g/{token}/events?since={version}")
        assert next(lines) == "retry: 1000"
        assert servers.request(ports[0], "POST", f"/g/{token}/round/1/trump",
                               {"trump": "H"})[0] == 302
        assert [next(lines) for _ in range(3)] == [
            "", "event: change", f"data: {version + 1}"]
        lines.close()
    with reader.app_context():
        db.engine.dispose()
