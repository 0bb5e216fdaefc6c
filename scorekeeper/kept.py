"""One kind of kept value: whatever a process keeps between requests.

The database stays the one source of truth. Each kept value is stored with
the check it was made for (a game's version, the chosen games with their
versions...) and given again only to a request that asks with the same
check; any other check makes it again. Every kept thing is a :class:`Kept`,
made by the layer that owns it, with its size (a setting, read when the app
is made) and its check stated where it is made:

- the folds of games and the statistics' figures in
  :mod:`scorekeeper.storage.kept`;
- the drawn entry panels and standings in :mod:`scorekeeper.web.rendered`.

Standard library only, so that any layer may use it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

S = TypeVar("S", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[S, V]):
    """At most ``size`` values, each under a slot with the check it was made
    for; the least recently used goes first. One lock per store keeps a
    threaded server's requests from meeting it half changed. A value is
    never None (None is what a miss answers).

    >>> pages = Kept(2)
    >>> pages.keep("a", 1, "drawn at version 1")
    >>> pages.get("a", 1), pages.get("a", 2)
    ('drawn at version 1', None)
    >>> pages.get_or_make("b", 1, lambda: "b"), pages.get_or_make("c", 1, lambda: "c")
    ('b', 'c')
    >>> pages.get("a", 1) is None  # the least recently used went
    True
    """

    def __init__(self, size: int) -> None:
        if size < 0:
            raise ValueError(f"a store's size cannot be negative: {size}")
        self.size = size
        self._values: OrderedDict[S, tuple[Any, V]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._values)

    def get(self, slot: S, check: Any) -> V | None:
        """The value kept under ``slot`` if it was made for ``check``, else None."""
        with self._lock:
            found = self._values.get(slot)
            if found is None or found[0] != check:
                return None
            self._values.move_to_end(slot)
            return found[1]

    def latest(self, slot: S) -> V | None:
        """The value kept under ``slot``, whatever its check: for a value that
        can be brought up to date (a fold), never to be given as it is."""
        with self._lock:
            found = self._values.get(slot)
        return None if found is None else found[1]

    def keep(self, slot: S, check: Any, value: V,
             replaces: Callable[[Any], bool] | None = None) -> None:
        """Keep ``value`` under ``slot`` for ``check``, instead of what was
        kept there, unless ``replaces(the kept check)`` says to leave it."""
        with self._lock:
            old = self._values.get(slot)
            if old is not None and replaces is not None and not replaces(old[0]):
                return
            self._values[slot] = (check, value)
            self._values.move_to_end(slot)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def get_or_make(self, slot: S, check: Any, make: Callable[[], V]) -> V:
        """The value kept under ``slot`` for ``check``; else ``make()``, kept."""
        found = self.get(slot, check)
        if found is None:
            found = make()
            self.keep(slot, check, found)
        return found

    def forget(self, slot: S) -> None:
        with self._lock:
            self._values.pop(slot, None)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
