"""Configuration: every setting's default in one table (:data:`DEFAULTS`),
then ``instance/config.py``, then the environment (:func:`from_environment`),
then a test's mapping; last, the settings derived from where the database and
the instance folder are (:func:`fill_derived`)."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from collections.abc import MutableMapping
from typing import Any

#: The languages the interface is offered in, first the fallback, each by its
#: own name, as the language switcher shows it. The Portuguese catalogue is
#: Brazilian (rodada, carteador, compartilhar): its name says so, and a
#: Portuguese browser of either variety is offered it (docs/glossary.md).
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "et": "Eesti", "de": "Deutsch",
                  "fr": "Français", "es": "Español", "it": "Italiano",
                  "pt": "Português (Brasil)", "hi": "हिन्दी"}
LANGUAGES = tuple(LANGUAGE_NAMES)


def persistent_secret_key(instance_path: str) -> str:
    """Return the secret key kept in the instance folder, creating it once.

    Sessions and CSRF tokens then survive a restart of the server without
    anyone having to set ``SECRET_KEY`` by hand.
    """
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def default_database_url(instance_path: str) -> str:
    """The embedded SQLite database in the instance folder."""
    return "sqlite:///" + str(Path(instance_path) / "scorekeeper.sqlite3")


def beside_database(database_url: str, suffix: str) -> Path | None:
    """A file beside the embedded database's (``scorekeeper.sqlite3`` →
    ``scorekeeper<suffix>``), so that a test's own database has its own; None
    where the database is no SQLite file."""
    if database_url.startswith("sqlite:///") and database_url != "sqlite:///:memory:":
        database = Path(database_url.removeprefix("sqlite:///"))
        return database.with_name(database.stem + suffix)
    return None


def default_ratelimit_url(database_url: str, instance_path: str) -> str:
    """Where the rate limits count by default: a SQLite file that every worker
    of this server shares, beside the embedded database, else in the instance
    folder; in-memory counters for an in-memory database."""
    beside = beside_database(database_url, ".limits.sqlite3")
    if beside is not None:
        return "sqlite:///" + str(beside)
    if database_url.startswith("sqlite:"):
        return "memory://"
    return "sqlite:///" + str(Path(instance_path) / "ratelimits.sqlite3")


def default_shared_pages(database_url: str, instance_path: str) -> str:
    """Where the workers of this server share their drawn entry panels
    (:class:`scorekeeper.kept.SharedKept`): a SQLite file beside the embedded
    database, else in the instance folder; none ("") for an in-memory
    database, whose server is one process."""
    beside = beside_database(database_url, ".pages.sqlite3")
    if beside is not None:
        return str(beside)
    if database_url.startswith("sqlite:"):
        return ""
    return str(Path(instance_path) / "pages.sqlite3")


#: How many values each process keeps between requests, a setting a store
#: (each a :class:`scorekeeper.kept.Kept`, made when the app is made): fewer
#: spend less memory, more serve more games at once from memory. The
#: environment may set them too.
KEPT_SIZES = {
    "KEPT_FOLDS": 2000,  # games' folds (storage/stores.py)
    "KEPT_PAGES": 2000,  # drawn entry panels and standings (web/rendered.py)
    "KEPT_FIGURES": 64,  # statistics pages' figures (storage/stores.py)
    # Share pages' QR codes (web/rendered.py): a Share page draws several, and
    # drawing one (segno's masks) costs some 15 ms of CPU.
    "KEPT_QR_CODES": 256,
}

#: Every setting's default (the README's hosting section says what a host sets).
DEFAULTS: dict[str, Any] = {
    **KEPT_SIZES,
    # A database error's message would carry the statement's values, a link's
    # token among them, into the error log.
    "SQLALCHEMY_ENGINE_OPTIONS": {"hide_parameters": True},
    "LANGUAGES": LANGUAGES,
    "BABEL_DEFAULT_LOCALE": "en",
    "COMPRESS_MIMETYPES": [
        "text/html", "text/css", "text/csv", "text/javascript", "application/javascript",
        "application/json", "image/svg+xml",
        # Pyodide's core (scorekeeper/web/engine.py): 10 MB, about 3 MB compressed.
        "application/wasm",
    ],
    # Static files are streamed; without gzip here a gzip-only client gets them raw.
    "COMPRESS_ALGORITHM_STREAMING": ["zstd", "br", "gzip", "deflate"],
    "SEND_FILE_MAX_AGE_DEFAULT": 7 * 24 * 3600,
    "WTF_CSRF_TIME_LIMIT": None,
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    # How often a SQLite server's watch asks which watched games changed
    # (scorekeeper/storage/watch.py; PostgreSQL is told at once).
    "WATCH_INTERVAL": 0.1,
    # How long one live stream lasts before the browser opens it again (web/live.py).
    "LIVE_STREAM_SECONDS": 600.0,
    # The most live streams one process holds; more are refused with a later
    # retry (web/live.py). Under gunicorn's worker_connections (2,000), so that
    # a worker full of streams still takes the taps.
    "MAX_STREAMS": 1500,
    # Cookies, the proxy and the rate limits (scorekeeper/web/security.py).
    "SESSION_COOKIE_SAMESITE": "Lax",
    "PERMANENT_SESSION_LIFETIME": timedelta(days=2 * 365),
    # Not with every answer: see scorekeeper.web.access.device_id.
    "SESSION_REFRESH_EACH_REQUEST": False,
    # A proxy in front sets HTTPS: the session cookie is then sent only over it.
    "BEHIND_PROXY": 0,
    "TRUSTED_PROXIES": "127.0.0.0/8,::1",
    "RATELIMIT_HEADERS_ENABLED": False,
    "RATELIMIT_ENABLED": True,
    # Where shared links start (scorekeeper/web/public.py); none: where the page was opened.
    "PUBLIC_URL": None,
    # A store that fails counts in each process's memory until it answers again.
    "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
    "LIMIT_NEW_GAMES": "60 per hour",
    "LIMIT_JOIN_TRIES": "10 per minute;60 per day",
    # A table taps about once a second; this bounds a script, not a table.
    "LIMIT_WRITES": "1200 per minute",
    # The request log and the metrics (scorekeeper/web/monitoring.py).
    "METRICS_TOKEN": None,
    "LOG_FORMAT": "text",
}


#: The schemes of a single Redis server, and what Redis stores are given
#: (seconds to wait for a connection and for an answer; redis-py's own is 5).
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://")
REDIS_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}


def fill_derived(settings: MutableMapping[str, Any], instance_path: str) -> None:
    """The settings whose defaults depend on the others, where nothing set them:
    the secret key kept in the instance folder, the files the rate limits
    and the shared drawings use beside the database, a Redis store's timeouts,
    on PostgreSQL reads without a transaction; and behind a proxy, a session
    cookie sent only over HTTPS."""
    if not settings.get("SECRET_KEY"):
        settings["SECRET_KEY"] = persistent_secret_key(instance_path)
    database = settings["SQLALCHEMY_DATABASE_URI"]
    if not settings.get("RATELIMIT_STORAGE_URI"):
        settings["RATELIMIT_STORAGE_URI"] = default_ratelimit_url(database, instance_path)
    if "SHARED_PAGES" not in settings:
        settings["SHARED_PAGES"] = default_shared_pages(database, instance_path)
    options = settings["SQLALCHEMY_ENGINE_OPTIONS"]
    if database.startswith("postgresql") and "isolation_level" not in options:
        # Reads without a transaction: no BEGIN and ROLLBACK around each
        # request; a write begins its own (scorekeeper.storage.unit.begin).
        settings["SQLALCHEMY_ENGINE_OPTIONS"] = {**options, "isolation_level": "AUTOCOMMIT"}
    if (settings["RATELIMIT_STORAGE_URI"].startswith(REDIS_SCHEMES)
            and "RATELIMIT_STORAGE_OPTIONS" not in settings):
        settings["RATELIMIT_STORAGE_OPTIONS"] = dict(REDIS_OPTIONS)
    if int(settings["BEHIND_PROXY"] or 0):
        settings["SESSION_COOKIE_SECURE"] = True


#: Text settings the environment may set as they are (see the README's hosting section).
ENVIRONMENT_SETTINGS = ("RATELIMIT_STORAGE_URI", "LIMIT_NEW_GAMES", "LIMIT_JOIN_TRIES",
                        "LIMIT_WRITES", "TRUSTED_PROXIES", "PUBLIC_URL", "METRICS_TOKEN",
                        "LOG_FORMAT", "SHARED_PAGES")


def from_environment() -> dict[str, object]:
    """The settings that the environment overrides."""
    settings = {}
    if os.environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = os.environ["SECRET_KEY"]
    if os.environ.get("DATABASE_URL"):
        url = os.environ["DATABASE_URL"]
        # Hosting platforms hand out postgres:// URLs; SQLAlchemy wants a driver.
        if url.startswith("postgres://"):
            url = "postgresql+psycopg://" + url.removeprefix("postgres://")
        elif url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
        settings["SQLALCHEMY_DATABASE_URI"] = url
    for name in ENVIRONMENT_SETTINGS:
        if os.environ.get(name):
            settings[name] = os.environ[name]
    for name in ("BEHIND_PROXY", "MAX_STREAMS", *KEPT_SIZES):
        if os.environ.get(name):
            settings[name] = int(os.environ[name])
    if os.environ.get("WATCH_INTERVAL"):
        settings["WATCH_INTERVAL"] = float(os.environ["WATCH_INTERVAL"])
    return settings
