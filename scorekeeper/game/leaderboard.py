"""The evening's leaderboard: the points each player made across the
evening's games (one game per table and part), under the rule the
organiser picked. Ties are shared: equal points share a rank (1, 1, 3).

Two rules:

- ``total``: each player's game totals added up. Where the evening's
  scoring is one the lowest total wins, the lowest sum leads.
- ``placement``: at each table a player earns one point for every player
  of that table they finished ahead of, and half a point for every player
  they finished level with: at a table of 4 the winner earns 3, the second
  2, the third 1, the last 0, and two players sharing first place earn
  2½ each. The most points lead, whichever way the game is scored.

A game counts once a round of it is closed: before that its players are
listed with nothing earned (no placement points for a table that has not
played). A game still being played counts as it stands, and its players'
rows say so (:attr:`Row.playing`).

An example: part 1 has two tables. At the first, Ann 40, Bob 31, Cy 31,
Dan 12; at the second, Eve 25, Fay 18, Gus 9. Under ``total`` Ann leads with
40, Bob and Cy share 2nd with 31. Under ``placement`` Ann earns 3, Bob and
Cy 1½ each (they beat Dan and tie each other), Dan 0; Eve 2, Fay 1, Gus 0:
Ann leads with 3, Eve is 2nd with 2.

>>> tables = [TableResult(False, {"Ann": 40, "Bob": 31, "Cy": 31, "Dan": 12}),
...           TableResult(False, {"Eve": 25, "Fay": 18, "Gus": 9})]
>>> [(row.rank, row.name, str(row.points)) for row in leaderboard(tables, "placement")][:5]
[(1, 'Ann', '3'), (2, 'Eve', '2'), (3, 'Bob', '3/2'), (3, 'Cy', '3/2'), (5, 'Fay', '1')]
>>> [(row.rank, row.name, row.points) for row in leaderboard(tables, "total")][:3]
[(1, 'Ann', 40), (2, 'Bob', 31), (2, 'Cy', 31)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import GameError
from .names import name_key

#: The rules a leaderboard may add up by.
RULES = ("total", "placement")


@dataclass(frozen=True)
class TableResult:
    """One game of the evening as the leaderboard reads it: each player's
    total (as shown, the player's name), and whether the lowest total wins.
    ``part`` is the part of the evening it belongs to (1-based);
    ``rounds_played`` how many of its rounds are closed, and ``finished``
    whether it is over."""

    lowest_wins: bool
    totals: Mapping[str, int]
    part: int = 1
    rounds_played: int = 1
    finished: bool = True


@dataclass
class Row:
    """One player's line of the leaderboard."""

    name: str
    points: Fraction | int = 0
    games: int = 0
    rank: int = 0
    shared: bool = False
    #: A game of theirs is still being played (its points may change).
    playing: bool = False
    #: The points of each part, by its number.
    parts: dict[int, Fraction | int] = field(default_factory=dict)


def placement_points(totals: Mapping[str, int], lowest_wins: bool) -> dict[str, Fraction]:
    """Each player's placement points at one table: one for each player
    finished ahead of, a half for each level with.

    >>> placement_points({"A": 5, "B": 5, "C": 1}, False)
    {'A': Fraction(3, 2), 'B': Fraction(3, 2), 'C': Fraction(0, 1)}
    """
    def better(one: int, other: int) -> bool:
        return one < other if lowest_wins else one > other

    return {name: sum((Fraction(1) if better(total, other) else Fraction(1, 2)
                       if total == other else Fraction(0))
                      for rival, other in totals.items() if rival != name) or Fraction(0)
            for name, total in totals.items()}


def leaderboard(games: Iterable[TableResult], rule: str) -> list[Row]:
    """The evening's rows, leaders first, with shared ranks on equal points
    (then by name).

    :raise GameError: ``leaderboard-rule`` for a rule not in :data:`RULES`.
    """
    if rule not in RULES:
        raise GameError("leaderboard-rule", rule=rule)
    rows: dict[str, Row] = {}
    lowest_wins = False
    for game in games:
        if rule == "total":
            lowest_wins = game.lowest_wins
        for name in game.totals:
            row = rows.setdefault(name, Row(name))
            row.playing = row.playing or not game.finished
        if not game.rounds_played:
            continue
        earned: Mapping[str, Fraction | int] = (
            game.totals if rule == "total" else placement_points(game.totals, game.lowest_wins))
        for name, points in earned.items():
            row = rows[name]
            row.points += points
            row.games += 1
            row.parts[game.part] = row.parts.get(game.part, 0) + points
    return ranked(list(rows.values()), lowest_wins)


def ranked(rows: list[Row], lowest_wins: bool) -> list[Row]:
    """The rows leaders first (the lowest points where ``lowest_wins``),
    equal points sharing a rank (1, 1, 3) and then by name; each row's
    :attr:`Row.rank` and :attr:`Row.shared` set.

    >>> [(r.rank, r.name, r.shared) for r in ranked([Row("B", 3), Row("A", 3), Row("C", 5)],
    ...                                             False)]
    [(1, 'C', False), (2, 'A', True), (2, 'B', True)]
    """
    ordered = sorted(rows, key=lambda row: (
        row.points if lowest_wins else -row.points, name_key(row.name)))
    counts: dict[Fraction | int, int] = {}
    for row in ordered:
        counts[row.points] = counts.get(row.points, 0) + 1
    previous: Fraction | int | None = None
    rank = 0
    for position, row in enumerate(ordered, start=1):
        if row.points != previous:
            rank, previous = position, row.points
        row.rank, row.shared = rank, counts[row.points] > 1
    return ordered
