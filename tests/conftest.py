"""Fixtures shared by the web and browser tests (the rules tests need none)."""

from __future__ import annotations

import gc
import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from compiled_once import COMPILED
from scorekeeper import create_app
from scorekeeper.config import DEFAULTS
from scorekeeper.storage.database import db


class TemplatesCompiledOnce(BytecodeCache):
    """Every app's templates compiled once per process: Jinja compiled each
    template again for each test's app, nearly half of a web test's time
    (cProfile, docs/testing.md). Jinja's own bytecode cache, in memory: a
    template is taken from it only while its source is the same (its checksum),
    and all apps here are made by the same factory with the same filters and
    extensions, so the code compiled for one is the code compiled for another."""

    def __init__(self) -> None:
        self.codes: dict[str, tuple[str, object]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        checksum, code = self.codes.get(bucket.key, (None, None))
        if checksum == bucket.checksum:
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.codes[bucket.key] = (bucket.checksum, bucket.code)


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": TemplatesCompiledOnce()}


TESTS = Path(__file__).resolve().parent


def pytest_sessionstart(session):
    """Compile the catalogues (``make translations`` does the same) so that a
    bare ``pytest`` sees the translations: the .mo files are never committed."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    translations = Path(__file__).resolve().parents[1] / "scorekeeper" / "translations"
    for po_path in translations.glob("*/LC_MESSAGES/messages.po"):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with open(po_path, "rb") as po:
            catalogue = read_po(po, locale=po_path.parts[-3])
        # Written aside, then renamed: pytest-xdist's workers start here at once, and
        # none may read a catalogue another is still writing.
        partial = mo_path.with_name(f"{mo_path.name}.{os.getpid()}")
        with open(partial, "wb") as mo:
            write_mo(mo, catalogue)
        os.replace(partial, mo_path)


def pytest_collection_finish(session):
    """Less work for Python's cyclic garbage collector, which took a fifth of a
    web test's CPU (docs/testing.md). What exists once the tests are collected
    (the libraries, the modules, every collected test: some 285,000 objects
    for ``make test-fast``) lives to the end of the session, yet each full
    collection walked it all again: it is frozen, out of the collector's
    sight. And a collection of the youngest objects waits for 10,000 new ones
    instead of 700: each test's app (Flask, SQLAlchemy, Jinja) is a web of
    cycles freed only by the collector, and collected less often it is still
    collected, in fewer and larger passes. What a test does is unchanged."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, *gc.get_threshold()[1:])


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The longest tests first, each module's together: the browser tests, then
    the web modules that start PostgreSQL or servers (marked ``postgres`` by
    tests/web/conftest.py), the other web tests, then the quick ones. With
    ``-n``, worksteal hands each worker half of this list and a worker that runs
    out takes the end of the other's: what is left at the end is short, and both
    workers stay busy to it (docs/testing.md)."""
    slow_modules = {item.path for item in items if item.get_closest_marker("postgres")}

    def weight(item) -> int:
        folder = item.path.relative_to(TESTS).parts[0]
        if folder == "browser":
            return 0
        if item.path in slow_modules:
            return 1
        return 2 if folder == "web" else 3

    items.sort(key=weight)


@pytest.fixture(scope="session")
def postgres_cluster():
    """A throwaway PostgreSQL cluster, started once per process (per
    pytest-xdist worker) when a test first needs one: each module on it gets a
    database of its own (tests/web's ``postgres_url``), made and dropped in
    a fraction of a cluster's start."""
    from postgres_cluster import running_postgres

    with running_postgres() as url:
        yield url


@pytest.fixture
def app_settings() -> dict:
    """Settings a test module adds to its ``app``'s: it overrides this fixture."""
    return {}


#: The settings of every test's ``app`` (a module's ``app_settings`` come on top).
TEST_SETTINGS = {
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    # A live stream ends at once: a test that reads a whole answer gets an end.
    "LIVE_STREAM_SECONDS": 0,
    # Each statement compiled once for all the apps of the process (tests/compiled_once.py).
    "SQLALCHEMY_ENGINE_OPTIONS": {**DEFAULTS["SQLALCHEMY_ENGINE_OPTIONS"],
                                  "execution_options": {"compiled_cache": COMPILED}},
}


@pytest.fixture(scope="session")
def empty_database(tmp_path_factory) -> Path:
    """A SQLite file with every table made and no row, made once per session
    (per pytest-xdist worker): each test's ``app`` starts on a copy of it,
    which costs a file copy instead of creating every table again."""
    path = tmp_path_factory.mktemp("template") / "empty.sqlite3"
    app = create_app({**TEST_SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.create_all()
        db.session.remove()
        db.engine.dispose()  # the last connection's close folds the WAL into the file
    return path


@contextmanager
def made_app(folder: Path, empty_database: Path, settings: dict):
    """An app with the tests' settings (and ``settings`` on top), on a copy of
    the empty database in ``folder``; its connections closed at the end."""
    database = folder / "test.sqlite3"
    uri = f"sqlite:///{database}"
    app = create_app({**TEST_SETTINGS, "SQLALCHEMY_DATABASE_URI": uri, **settings})
    if app.config["SQLALCHEMY_DATABASE_URI"] == uri:
        shutil.copyfile(empty_database, database)
    else:  # a module's own database: its tables are made as before
        with app.app_context():
            db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(tmp_path, app_settings, empty_database):
    with made_app(tmp_path, empty_database, app_settings) as made:
        yield made


@pytest.fixture(scope="module")
def module_app(tmp_path_factory, empty_database):
    """One app for a module's tests to share: what one of them stores, the others see."""
    with made_app(tmp_path_factory.mktemp("module"), empty_database, {}) as made:
        yield made


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class Table:
    """The actions of a table, as plain form posts or htmx requests."""

    def __init__(self, client, htmx: bool = False):
        self.client = client
        self.htmx = htmx
        self.gid: str | None = None

    @property
    def headers(self):
        return {"HX-Request": "true"} if self.htmx else {}

    def start(self, names=("Ann", "Bob", "Cy", "Di"), preset="cardgames", first_dealer="0", **adjust):
        data = {f"players-{i}": name for i, name in enumerate(names)}
        data.update(preset=preset, first_dealer=first_dealer, action="start", **adjust)
        response = self.client.post("/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        self.gid = re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)
        return self.gid

    def url(self, path: str) -> str:
        return f"/g/{self.gid}{path}"

    def trump(self, number: int, trump: str = "H"):
        return self.client.post(self.url(f"/round/{number}/trump"), data={"trump": trump}, headers=self.headers)

    def bid(self, number: int, player: int, bid):
        return self.client.post(self.url(f"/round/{number}/bid"), data={"player": player, "bid": bid}, headers=self.headers)

    def tricks(self, number: int, player: int, tricks):
        return self.client.post(self.url(f"/round/{number}/tricks"), data={"player": player, "tricks": tricks}, headers=self.headers)

    def close(self, number: int):
        return self.client.post(self.url(f"/round/{number}/close"), headers=self.headers)

    def undo(self, **data):
        """Undo; ``seq`` names the entry the screen shows as last, ``reopen`` confirms."""
        return self.client.post(self.url("/undo"), data=data, headers=self.headers)

    def play_round(self, number: int, order, cards: int, bids, tricks, trump: str = "H"):
        """Enter a whole round: bids in bidding order, tricks, close. Expects success."""
        assert self.trump(number, trump).status_code in (200, 302)
        for player in order:
            response = self.bid(number, player, bids[player])
            assert response.status_code in (200, 302), response.get_data(as_text=True)
        for player in order:
            response = self.tricks(number, player, tricks[player])
            assert response.status_code in (200, 302), response.get_data(as_text=True)
        response = self.close(number)
        assert response.status_code in (204, 302), response.get_data(as_text=True)


@pytest.fixture
def table(client):
    return Table(client)


@pytest.fixture
def htmx_table(client):
    return Table(client, htmx=True)


@pytest.fixture(scope="module")
def module_table(module_app):
    """A table on the module's shared app (:func:`module_app`)."""
    return Table(module_app.test_client())


@pytest.fixture(params=["plain", "htmx"])
def any_table(request, client):
    """The same actions once as plain form posts and once as htmx requests."""
    return Table(client, htmx=request.param == "htmx")
