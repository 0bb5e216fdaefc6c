"""The database: Flask-SQLAlchemy's ``db`` and Flask-Migrate, created unbound so
that the storage modules can import them without importing the app
(cookiecutter-flask's pattern), and the settings of the embedded SQLite."""

import sqlite3

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base of every model."""


# Objects stay readable after a commit: a view renders what it has just stored.
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate()


@event.listens_for(Engine, "connect")
def tune_sqlite(dbapi_connection, _record) -> None:
    """SQLite, the embedded default: write-ahead logging, so that phones reading
    a game do not wait for one writing to it and a commit costs no full sync;
    and foreign keys enforced, as every other database does."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "memory":
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()
