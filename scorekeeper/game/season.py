"""A club's season: the league table over the evenings between two dates.

Each evening is added up as its own leaderboard is (:mod:`.leaderboard`),
then the evenings are added up by the season's rule, chosen once when the
season is made:

- ``total``: the points of all the season's games added up (the lowest sum
  leads where the lowest total wins);
- ``placement``: the placement points of all its games added up;
- ``average``: the average of a member's evenings' total points, ranked only
  once they played at least ``evenings`` evenings (the others are listed
  after them without a rank);
- ``best``: the sum of a member's best ``evenings`` evenings' total points
  (all of theirs while they have played fewer).

A member counts an evening once a round of one of their games that evening
is closed. Equal points share a rank (1, 1, 3). Friendly games and evenings
never reach this module: the storage leaves them out.

>>> monday = [TableResult(False, {"Ann": 30, "Bob": 10, "Cy": 20})]
>>> tuesday = [TableResult(False, {"Ann": 5, "Bob": 40})]
>>> [(r.rank, r.name, r.points) for r in season_table([monday, tuesday], "total")]
[(1, 'Bob', 50), (2, 'Ann', 35), (3, 'Cy', 20)]
>>> [(r.rank, r.name, r.points) for r in season_table([monday, tuesday], "best", 1)]
[(1, 'Bob', 40), (2, 'Ann', 30), (3, 'Cy', 20)]
>>> [(r.rank, r.name, str(r.points)) for r in season_table([monday, tuesday], "average", 2)]
[(1, 'Bob', '25'), (2, 'Ann', '35/2'), (0, 'Cy', '20')]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .errors import GameError
from .leaderboard import Row, TableResult, leaderboard, ranked
from .names import name_key

#: The rules a season's league table may rank by.
SEASON_RULES = ("total", "placement", "average", "best")
#: The rules that take a number of evenings: the minimum, or how many count.
COUNTED_RULES = ("average", "best")
#: The most evenings a rule may ask for.
MAX_EVENINGS = 99


def check_rule(rule: str, evenings: int | None) -> int | None:
    """The number of evenings the rule keeps (None for a rule that takes none).

    :raise GameError: ``season-rule`` for a rule not in :data:`SEASON_RULES`,
        ``season-evenings`` for a counted rule without a number from 1 to 99.
    """
    if rule not in SEASON_RULES:
        raise GameError("season-rule", rule=rule)
    if rule not in COUNTED_RULES:
        return None
    if evenings is None or not 1 <= evenings <= MAX_EVENINGS:
        raise GameError("season-evenings", min=1, max=MAX_EVENINGS)
    return evenings


def season_table(evenings: Sequence[Sequence[TableResult]], rule: str,
                 count: int | None = None) -> list[Row]:
    """The league table: one row a member, leaders first. A row's ``games``
    is the number of evenings the member played, its ``parts`` their points
    of each evening (by its number, 1-based, in the order given) and its
    ``rank`` 0 while they have played too few evenings to be ranked.

    :raise GameError: as :func:`check_rule`.
    """
    count = check_rule(rule, count)
    basis = "placement" if rule == "placement" else "total"
    lowest_wins = basis == "total" and any(game.lowest_wins for games in evenings
                                           for game in games)
    rows: dict[str, Row] = {}
    for number, games in enumerate(evenings, start=1):
        for line in leaderboard(games, basis):
            row = rows.setdefault(line.name, Row(line.name))
            row.playing = row.playing or line.playing
            if line.games:
                row.games += 1
                row.parts[number] = line.points
    for row in rows.values():
        row.points = _points(list(row.parts.values()), rule, count, lowest_wins)
    placed = [row for row in rows.values() if rule != "average" or row.games >= (count or 0)]
    unplaced = sorted((row for row in rows.values() if rule == "average" and row.games < count),
                      key=lambda row: name_key(row.name))
    return ranked(placed, lowest_wins) + unplaced


def _points(evenings: list[Fraction | int], rule: str, count: int | None,
            lowest_wins: bool) -> Fraction | int:
    if rule == "average":
        return Fraction(sum(evenings), len(evenings)) if evenings else 0
    if rule == "best":
        evenings = sorted(evenings, reverse=not lowest_wins)[:count]
    return sum(evenings)
