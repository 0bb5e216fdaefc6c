"""What one process keeps between requests, given again only while its check holds.

The database stays the one source of truth: each kept value is stored with
the check it was made for (a game's version, the chosen games and their
versions...), and a request whose check differs makes it again. Each kind of
value is kept in its own bounded store of this app (tests make many apps), the
least recently used going first; a lock keeps a threaded server's requests
from meeting a half-changed store.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from flask import current_app

T = TypeVar("T")

_lock = threading.Lock()


def kept_value(store: str, slot: Hashable, check: Any) -> Any | None:
    """The value kept in ``store`` under ``slot`` if it was made for ``check``, else None."""
    values: OrderedDict = current_app.extensions.setdefault(store, OrderedDict())
    with _lock:
        found = values.get(slot)
        if found is not None and found[0] == check:
            values.move_to_end(slot)
            return found[1]
    return None


def kept_or_made(store: str, bound: int, slot: Hashable, check: Any,
                 make: Callable[[], T]) -> T:
    """The value kept in ``store`` under ``slot`` if it was made for
    ``check``; else ``make()``, kept there for ``check`` (replacing the older
    one), with at most ``bound`` slots in the store."""
    found = kept_value(store, slot, check)
    if found is not None:
        return found
    made = make()
    values: OrderedDict = current_app.extensions[store]
    with _lock:
        values[slot] = (check, made)
        values.move_to_end(slot)
        while len(values) > bound:
            values.popitem(last=False)
    return made
