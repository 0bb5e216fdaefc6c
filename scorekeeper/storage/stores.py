"""Each app's stores of what storage keeps between requests (games' folds and
statistics' figures), found by its database engine.

Two things, each a :class:`scorekeeper.kept.Kept` made by :func:`open_stores`
when the app is made, with its size from the app's settings (see
``scorekeeper/config.py``):

- ``folds``: each game's fold (:mod:`.folds`);
- ``figures``: what a statistics page shows (:mod:`.statistics`).

Why by the engine: tests make many apps in one process, each with a database
of its own, and a fold kept for one database must never be given for
another's. Storage reaches its app's database only through ``db.engine``
(Flask-SQLAlchemy makes one engine per app when the app is made), so the
engine says whose stores to use without storage asking Flask which app is
running; the stores go with the engine (a weak reference), as the app's
engine goes with the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy.engine import Engine

from ..game import Fold
from ..kept import Kept
from .database import db


@dataclass(frozen=True)
class Stores:
    """One app's kept values."""

    folds: Kept[str, Fold]
    figures: Kept[tuple, Any]


_by_engine: WeakKeyDictionary[Engine, Stores] = WeakKeyDictionary()


def open_stores(engine: Engine, *, folds: int, figures: int) -> Stores:
    """Make the stores of the app whose database is ``engine``, of these sizes."""
    stores = _by_engine[engine] = Stores(
        # A game's fold by its public_id (random, never reused), given as it
        # is only for the game's version read with it; an older one is
        # extended by the changes stored since (folds.fold_of).
        folds=Kept(folds),
        # A statistics page's figures by its kind, device, filters and names,
        # given only for the same chosen games (each one's id, version and
        # start) and the same renames (statistics._kept).
        figures=Kept(figures),
    )
    return stores


def stores() -> Stores:
    """The stores of the app whose database this request uses."""
    try:
        return _by_engine[db.engine]
    except KeyError:
        raise RuntimeError("no stores for this database: make the app with create_app") from None
