"""Seating an evening's players at its tables, for each part of the evening.

An evening (a club's card night) seats 8 to 40 players at tables of 3 to 7,
of the sizes the organiser allows (the decks they have decide). Three ways
to seat the next part:

- ``random``: shuffled with a seeded random, so a seating can be made again;
- ``standings``: by the evening's leaderboard so far, the leaders together
  at the first table (the final table), the next ones at the second, ...;
- ``new-opponents``: as many new opponents as possible: the seating that
  repeats the fewest pairs of players who already sat at one table this
  evening (a local search from seeded random starts).

Before a part starts, the organiser may move a player to another table
(:func:`move_player`) or fix a table by hand and have the others seated
around it (``fixed`` in :func:`seat`). Every seating puts each player at
exactly one table, at tables of allowed sizes; anything else is refused with
a :class:`SeatingError`.

>>> import random
>>> players = [f"P{n}" for n in range(1, 11)]
>>> table_sizes(10, [3, 4, 5])
[5, 5]
>>> table_sizes(10, [3, 4])
[4, 3, 3]
>>> seating = seat(players, [4, 3], "random", random.Random(7))
>>> sorted(len(table) for table in seating)
[3, 3, 4]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from .errors import GameError

#: The fewest and most players of an evening.
MIN_EVENING_PLAYERS, MAX_EVENING_PLAYERS = 8, 40
#: The smallest and largest table an evening may use.
MIN_TABLE, MAX_TABLE = 3, 7
#: The ways to seat a part of the evening.
METHODS = ("random", "standings", "new-opponents")
#: How many seeded random starts the "new opponents" search tries.
SEARCH_STARTS = 12

Seating = list[list[str]]
Pair = frozenset[str]


class SeatingError(GameError):
    """A seating that cannot be made or is not allowed (kind and details as
    every :class:`GameError`)."""


def check_sizes(sizes: Iterable[int]) -> list[int]:
    """The allowed table sizes, sorted, each checked to be from 3 to 7.

    :raise SeatingError: ``table-sizes`` when none is given or one is outside.
    """
    chosen = sorted(set(sizes))
    if not chosen or any(not MIN_TABLE <= size <= MAX_TABLE for size in chosen):
        raise SeatingError("table-sizes", low=MIN_TABLE, high=MAX_TABLE)
    return chosen


def check_players(players: Sequence[str]) -> None:
    """:raise SeatingError: when there are too few or too many players, or one twice."""
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise SeatingError("player-twice", name=twice)
    if not MIN_EVENING_PLAYERS <= len(players) <= MAX_EVENING_PLAYERS:
        raise SeatingError("evening-players", count=len(players), low=MIN_EVENING_PLAYERS,
                           high=MAX_EVENING_PLAYERS)


def table_sizes(count: int, sizes: Iterable[int]) -> list[int]:
    """The tables for ``count`` players, largest first: as few tables as the
    allowed sizes permit, and among those the most even ones.

    >>> table_sizes(12, [4]), table_sizes(13, [4, 5]), table_sizes(12, [5, 6, 7])
    ([4, 4, 4], [5, 4, 4], [6, 6])

    :raise SeatingError: ``no-table-sizes`` when no tables of these sizes seat them all.
    """
    allowed = check_sizes(sizes)
    for tables in range(1, count // allowed[0] + 1):
        best: list[int] | None = None
        for split in _splits(count, tables, allowed):
            if best is None or max(split) - min(split) < max(best) - min(best):
                best = split
        if best is not None:
            return sorted(best, reverse=True)
    raise SeatingError("no-table-sizes", count=count, sizes=allowed)


def _splits(count: int, tables: int, allowed: list[int], low: int = 0) -> Iterable[list[int]]:
    """Every multiset of ``tables`` allowed sizes (non-decreasing) summing to ``count``."""
    if tables == 0:
        if count == 0:
            yield []
        return
    for size in allowed:
        if size < low or size * tables > count:
            continue
        for rest in _splits(count - size, tables - 1, allowed, size):
            yield [size, *rest]


def pairs_of(seating: Iterable[Sequence[str]]) -> Counter[Pair]:
    """How often each pair of players sits at one table in these tables."""
    met: Counter[Pair] = Counter()
    for table in seating:
        met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def repeated_pairs(seating: Iterable[Sequence[str]], met: Counter[Pair]) -> int:
    """How many pairs at the same table in ``seating`` had met already
    (each counted as often as they had).

    >>> repeated_pairs([["A", "B", "C"]], pairs_of([["A", "B", "D"]]))
    1
    """
    return sum(met[pair] for pair in pairs_of(seating))


def seat(players: Sequence[str], sizes: Iterable[int], method: str, rng: random.Random,
         *, standings: Sequence[str] = (), met: Counter[Pair] | None = None,
         fixed: Sequence[Sequence[str]] = ()) -> Seating:
    """The tables of a part of the evening: ``players`` (those here) seated
    by ``method`` at tables of the allowed ``sizes``; ``fixed`` tables set by
    hand are kept as they are (first) and the others seated around them.
    ``standings`` orders the players for "standings" (leaders first; anyone
    missing from it comes after, in the order given); ``met`` counts the
    pairs that have met for "new opponents".

    :raise SeatingError: when the players, the sizes or the fixed tables do not fit.
    """
    check_players(players)
    allowed = check_sizes(sizes)
    if method not in METHODS:
        raise SeatingError("seating-method", method=method)
    fixed = [list(table) for table in fixed]
    placed = [name for table in fixed for name in table]
    if len(set(placed)) != len(placed) or not set(placed) <= set(players):
        raise SeatingError("fixed-tables", names=sorted(set(placed) - set(players)))
    for table in fixed:
        if len(table) not in allowed:
            raise SeatingError("table-size", size=len(table), sizes=allowed)
    rest = [name for name in players if name not in placed]
    tables = table_sizes(len(rest), allowed) if rest else []
    if method == "random":
        seated = _random(rest, tables, rng)
    elif method == "standings":
        rank = {name: i for i, name in enumerate(standings)}
        ordered = sorted(rest, key=lambda name: rank.get(name, len(rank)))
        seated = _in_order(ordered, tables)
    else:
        seated = _new_opponents(rest, tables, rng, met or Counter())
    return fixed + seated


def _in_order(players: Sequence[str], tables: Sequence[int]) -> Seating:
    seating, start = [], 0
    for size in tables:
        seating.append(list(players[start:start + size]))
        start += size
    return seating


def _random(players: Sequence[str], tables: Sequence[int], rng: random.Random) -> Seating:
    shuffled = list(players)
    rng.shuffle(shuffled)
    return _in_order(shuffled, tables)


def _new_opponents(players: Sequence[str], tables: Sequence[int], rng: random.Random,
                   met: Counter[Pair]) -> Seating:
    """The seating with the fewest repeated pairs found: from each of
    :data:`SEARCH_STARTS` seeded random starts, swap two players of different
    tables while a swap repeats fewer pairs."""
    best: Seating | None = None
    best_cost = 0
    for _ in range(SEARCH_STARTS):
        seating = _random(players, tables, rng)
        cost = _improve(seating, met)
        if best is None or cost < best_cost:
            best, best_cost = seating, cost
        if best_cost == 0:
            break
    return best or []


def _cost_at(table: Sequence[str], name: str, met: Counter[Pair], without: str = "") -> int:
    """How many meetings ``name`` repeats at ``table`` (``without`` one of its players)."""
    return sum(met[frozenset((name, other))] for other in table
               if other != name and other != without)


def _improve(seating: Seating, met: Counter[Pair]) -> int:
    """Swap players between tables while it lowers the repeated pairs; the cost left."""
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(seating)), 2):
            for i, x in enumerate(seating[a]):
                for j, y in enumerate(seating[b]):
                    before = _cost_at(seating[a], x, met) + _cost_at(seating[b], y, met)
                    after = (_cost_at(seating[a], y, met, without=x)
                             + _cost_at(seating[b], x, met, without=y))
                    if after < before:
                        seating[a][i], seating[b][j] = y, x
                        x = y
                        improved = True
    return repeated_pairs(seating, met)


def move_player(seating: Sequence[Sequence[str]], name: str, to_table: int,
                sizes: Iterable[int]) -> Seating:
    """The seating with ``name`` moved to table ``to_table`` (0-based), as
    the organiser does by hand before a part starts; both tables must keep an
    allowed size.

    >>> move_player([["A", "B", "C", "D"], ["E", "F", "G"]], "D", 1, [3, 4])
    [['A', 'B', 'C'], ['E', 'F', 'G', 'D']]

    :raise SeatingError: ``no-such-table``, ``not-seated`` or ``table-size``.
    """
    allowed = check_sizes(sizes)
    tables = [list(table) for table in seating]
    if not 0 <= to_table < len(tables):
        raise SeatingError("no-such-table", table=to_table + 1, count=len(tables))
    source = next((table for table in tables if name in table), None)
    if source is None:
        raise SeatingError("not-seated", name=name)
    if source is tables[to_table]:
        return tables
    source.remove(name)
    tables[to_table].append(name)
    for table in (source, tables[to_table]):
        if len(table) not in allowed:
            raise SeatingError("table-size", size=len(table), sizes=allowed)
    return tables


def swap_players(seating: Sequence[Sequence[str]], name: str, other: str) -> Seating:
    """The seating with ``name`` and ``other`` in each other's places, as the
    organiser does by hand before a part starts where moving one would leave
    a table of a size not allowed (two of one table trade their seats at it).

    >>> swap_players([["A", "B", "C", "D"], ["E", "F", "G", "H"]], "D", "E")
    [['A', 'B', 'C', 'E'], ['D', 'F', 'G', 'H']]

    :raise SeatingError: ``not-seated``.
    """
    tables = [list(table) for table in seating]
    places = {}
    for who in (name, other):
        places[who] = next(((t, table.index(who)) for t, table in enumerate(tables)
                            if who in table), None)
        if places[who] is None:
            raise SeatingError("not-seated", name=who)
    (one, at), (two, at_other) = places[name], places[other]
    tables[one][at], tables[two][at_other] = other, name
    return tables
