"""A throwaway PostgreSQL cluster for the web tests that run on PostgreSQL too,
and a throwaway Redis for those that share rate limits through it.

The PostgreSQL server binaries are on every machine of this kind, Redis is
installed by ``.ci/run`` (docs/testing.md; apt never starts either). Where
they are missing those tests are reported as skipped, never silently
dropped; with ``REQUIRE_POSTGRES`` or ``REQUIRE_REDIS`` set (``.ci/run``) a
missing server is a failure instead.
"""

from __future__ import annotations

import re

import pytest

from postgres_cluster import database_of_its_own
from servers import host_database_url, needs_postgres, running_redis


def pytest_collection_modifyitems(items):
    """Mark ``postgres`` every test that needs the cluster (its module's or its
    own ``needs_postgres``, or ``app_on_each_database``'s PostgreSQL run), so
    that ``make test-fast`` can leave them out (``-m "not postgres"``)."""
    postgres = pytest.mark.postgres
    for item in items:
        if any(mark.kwargs.get("reason") == needs_postgres.kwargs["reason"]
               for mark in item.iter_markers("skipif")):
            item.add_marker(postgres)


@pytest.fixture(scope="module")
def postgres_url(postgres_cluster, request):
    """The URL of an empty database of the module's own, on the cluster
    started once per process (tests/conftest.py)."""
    name = "module_" + re.sub(r"\W", "_", request.module.__name__.rsplit(".", 1)[-1])
    with database_of_its_own(postgres_cluster, name) as url:
        yield url


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """The URL of an empty database on a redis-server started for the module
    (nothing kept on disk)."""
    with running_redis(tmp_path_factory.mktemp("redis")) as server:
        yield server.url


def postgres_settings() -> dict:
    """The settings of an app on the cluster (its URL comes from ``DATABASE_URL``).
    CSRF is off, as in the SQLite ``app``; counters in memory: by default they
    would go to a file in instance/ that outlives the test (tests of the limits
    themselves run on SQLite)."""
    return {"TESTING": True, "SECRET_KEY": "pg", "WTF_CSRF_ENABLED": False,
            "RATELIMIT_STORAGE_URI": "memory://", "LIVE_STREAM_SECONDS": 0}


@pytest.fixture(scope="module")
def postgres_schema(postgres_url):
    """The module's cluster with its tables made by the migrations, once; at
    the module's end the migrations run down to the base again, over the rows
    the module's last test left (as they once ran after every test)."""
    from flask_migrate import downgrade, upgrade

    from scorekeeper import create_app
    from scorekeeper.storage.database import db

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DATABASE_URL", host_database_url(postgres_url))
        app = create_app(postgres_settings())
        with app.app_context():
            upgrade()
            db.session.remove()
        yield postgres_url
        with app.app_context():
            downgrade(revision="base")
            db.session.remove()
            db.engine.dispose()


def empty_every_table() -> None:
    """Delete every row of every table the migrations made (their numbering
    started again), as a new upgrade would leave them: no migration writes a
    row into an empty database. Waits at most a minute for a lock, so a
    session left open fails the test instead of hanging it."""
    from sqlalchemy import text

    from scorekeeper.storage.database import db

    tables = db.session.execute(text(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        " AND tablename <> 'alembic_version'")).scalars().all()
    db.session.execute(text("SET LOCAL lock_timeout = '60s'"))
    db.session.execute(text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))
    db.session.commit()
    db.session.remove()


@pytest.fixture
def postgres_app(postgres_schema, monkeypatch):
    """An app on the cluster (``DATABASE_URL``, as a host sets it), on tables
    the migrations made for the module, emptied for the test (a copy of what
    running them up and down around each test gave, at a fraction of the cost).
    A test may change any setting read per request."""
    from scorekeeper import create_app
    from scorekeeper.storage.database import db

    monkeypatch.setenv("DATABASE_URL", host_database_url(postgres_schema))
    app = create_app(postgres_settings())
    assert app.config["SQLALCHEMY_DATABASE_URI"] == postgres_schema
    with app.app_context():
        empty_every_table()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=needs_postgres)])
def app_on_each_database(request):
    """The app on SQLite, then on PostgreSQL (a test that asks for it runs twice)."""
    return request.getfixturevalue("app" if request.param == "sqlite" else "postgres_app")
