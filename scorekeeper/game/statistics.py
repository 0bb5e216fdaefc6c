"""Statistics across a device's finished games, from their folded sheets.

Two steps, so that a page over a thousand games stays fast and can never
drift from the fold: :func:`game_facts` sums up one finished game's sheet
(scored by the rules engine) per player as plain data, kept with the game's
version and made again whenever the game has a later write; the storage adds
those up in SQL for the regulars, through the device's renames and merges
(:mod:`scorekeeper.storage.statistics`), into :class:`Figures` and
:class:`Pairing`.

Definitions (the page says them too):

- a game is won when the player is ranked first, alone or shared with
  others; the games won count both, and say how many of them were shared
  (the series standings count a shared win the same way);
- the average total is worked out apart for the games the highest total wins
  and those the lowest total wins (a 40 of one and a 40 of the other say
  opposite things), each without the starting points a late joiner was
  given, which are counted apart;
- the best total is worked out apart for the two kinds of game too: the
  highest of the games the highest total wins, the lowest of the others;
- bids made, by hand size, bids of 0 made, and the average difference
  between bid and tricks count every round the player played;
- the longest run of bids made runs across games, oldest first;
- head to head counts the games two players played together: one finished
  ahead of the other by the final ranks when both played the same rounds,
  and otherwise by the points of the rounds both played (a player who left
  is neither ahead nor behind for rounds played without them; two who never
  played a round together did not meet);
- the worst round is the one with the fewest points where the highest total
  wins, the one with the most where the lowest wins; the best round the other
  way round; each found apart for the two kinds of game (the first of equals)
  and dated by when that round was closed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .names import name_key
from .sheet import Sheet


def _runs(made: Sequence[bool]) -> dict[str, Any]:
    """The leading, trailing and longest runs of True, and whether all are."""
    best = current = 0
    for hit in made:
        current = current + 1 if hit else 0
        best = max(best, current)
    first = next((i for i, hit in enumerate(made) if not hit), len(made))
    last = next((i for i, hit in enumerate(reversed(made)) if not hit), len(made))
    return {"first": first, "last": last, "best": best, "all": all(made)}


def is_worse(lowest_wins: bool, points: int, than: int | None) -> bool:
    """Whether a round of ``points`` is worse for the player than one of
    ``than`` (None: no round yet), where the lowest total wins or not.

    >>> is_worse(False, 0, 10), is_worse(True, 0, 10), is_worse(True, 3, None)
    (True, False, True)
    """
    return than is None or (points > than if lowest_wins else points < than)


def is_better(lowest_wins: bool, points: int, than: int | None) -> bool:
    """Whether a round of ``points`` is better for the player than one of ``than``."""
    return than is None or (points < than if lowest_wins else points > than)


def game_facts(sheet: Sheet) -> dict[str, Any]:
    """One game summed up per player (plain data; a round's date is a datetime)."""
    by_rank = {s.player: s for s in sheet.standings}
    lowest_wins = sheet.ruleset.scoring.lowest_wins
    closed, closed_at = sheet.closed_rounds, sheet.closed_at
    pairs = _pairs(sheet)
    players = []
    for pid, member in sheet.members.items():
        made_list: list[bool] = []
        sizes: dict[int, list[int]] = {}
        zero = [0, 0]
        diff = 0
        worst = best = None
        for rnd, points in zip(closed, sheet.score.rounds):
            if pid not in rnd.order:
                continue
            bid, taken = rnd.bids[pid], rnd.tricks[pid]
            hit = bid == taken
            made_list.append(hit)
            size = sizes.setdefault(rnd.cards, [0, 0])
            size[0] += hit
            size[1] += 1
            if bid == 0:
                zero[0] += hit
                zero[1] += 1
            diff += abs(bid - taken)
            this = [points[pid], rnd.number, rnd.cards, bid, taken, closed_at.get(rnd.number)]
            if is_worse(lowest_wins, points[pid], worst and worst[0]):
                worst = this
            if is_better(lowest_wins, points[pid], best and best[0]):
                best = this
        standing = by_rank[pid]
        start = sum(a.points for a in sheet.adjustments if a.player == pid and a.is_start)
        players.append({
            "name": member.name, "total": standing.total, "start": start, "rank": standing.rank,
            "shared": standing.is_shared, "rounds": len(made_list), "made": sum(made_list),
            "sizes": sizes, "zero": zero, "diff": diff, "run": _runs(made_list), "worst": worst,
            "best": best,
            "pairs": {sheet.members[other].name: won for other, won in pairs[pid].items()},
        })
    return {"lowest_wins": lowest_wins, "players": players}


def _pairs(sheet: Sheet) -> dict[int, dict[int, int]]:
    """Each player's outcome against each other they played a round with:
    1 ahead, -1 behind, 0 level (see the module's definitions)."""
    closed, points = sheet.closed_rounds, sheet.score.rounds
    played = {pid: {n for n, rnd in enumerate(closed) if pid in rnd.order}
              for pid in sheet.members}
    rank = {s.player: s.rank for s in sheet.standings}
    sign = -1 if sheet.ruleset.scoring.lowest_wins else 1
    found: dict[int, dict[int, int]] = {pid: {} for pid in sheet.members}
    for pid in sheet.members:
        for other in sheet.members:
            together = played[pid] & played[other]
            if other == pid or not together:
                continue
            if played[pid] == played[other]:  # the same rounds: the final ranks say it
                diff = rank[other] - rank[pid]
            else:
                diff = sign * sum(points[n][pid] - points[n][other] for n in together)
            found[pid][other] = (diff > 0) - (diff < 0)
    return found


@dataclass
class Side:
    """A player's figures over the games of one kind: those the highest total
    wins, or those the lowest total wins (``lowest_wins``)."""

    lowest_wins: bool
    played: int = 0
    #: The totals of these games, the starting points of late joins aside.
    total: int = 0
    #: The starting points the player was given on joining a game late, and
    #: in how many of these games.
    start: int = 0
    started: int = 0
    #: The points of the worst and the best round (their details: the storage's).
    worst: int | None = None
    best: int | None = None

    @property
    def average(self) -> float | None:
        """The average total, starting points aside."""
        return self.total / self.played if self.played else None


@dataclass
class Figures:
    """One player's figures over the games chosen."""

    name: str
    played: int = 0
    #: Games ranked first, shared wins included; ``shared``: how many of them were shared.
    won: int = 0
    shared: int = 0
    #: The highest total of the games the highest total wins, the lowest of the others.
    highest: int | None = None
    lowest: int | None = None
    rounds: int = 0
    made: int = 0
    sizes: dict[int, list[int]] = field(default_factory=dict)
    zero: list[int] = field(default_factory=lambda: [0, 0])
    diff: int = 0
    longest_run: int = 0
    #: The figures of the games the highest total wins (False) and the lowest
    #: (True), for the kinds the player played.
    sides: dict[bool, Side] = field(default_factory=dict)

    def side(self, lowest_wins: bool) -> Side:
        """The figures of one kind of game (made on first use)."""
        return self.sides.setdefault(lowest_wins, Side(lowest_wins))

    @property
    def kinds(self) -> list[Side]:
        """The kinds of game played: the highest total wins first."""
        return [self.sides[kind] for kind in (False, True) if kind in self.sides]

    def best_total(self, side: Side) -> int | None:
        """The best total of one kind of game: the highest where the highest
        total wins, the lowest where the lowest wins."""
        return self.lowest if side.lowest_wins else self.highest

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def made_rate(self) -> float | None:
        return self.made / self.rounds if self.rounds else None

    @property
    def zero_rate(self) -> float | None:
        return self.zero[0] / self.zero[1] if self.zero[1] else None

    @property
    def average_diff(self) -> float | None:
        return self.diff / self.rounds if self.rounds else None


def longest_runs(lines: Iterable[tuple[str, bool, int, int, int, int]]) -> dict[str, int]:
    """Each person's longest run of bids made across games, from their lines
    in the order of the games: (person, every bid made, rounds, made bids the
    game began with, made bids it ended with, longest run within the game),
    as :func:`game_facts` keeps them. A game of bids all made carries the
    person's run on; another ends it.

    >>> longest_runs([("ann", False, 4, 1, 2, 2), ("bob", True, 2, 2, 2, 2),
    ...               ("ann", True, 3, 3, 3, 3), ("ann", False, 5, 1, 0, 1)])
    {'ann': 6, 'bob': 2}
    """
    longest: dict[str, int] = {}
    current: dict[str, int] = {}
    for key, made_all, rounds, first, last, best in lines:
        run = current.get(key, 0)
        if made_all:
            current[key] = run + rounds
            longest[key] = max(longest.get(key, 0), run + rounds)
        else:
            longest[key] = max(longest.get(key, 0), run + first, best)
            current[key] = last
    return longest


class _Shown:
    """Each stored name as shown and its key, worked out once per name."""

    def __init__(self, resolve: Callable[[str], str]) -> None:
        self.resolve = resolve
        self.known: dict[str, tuple[str, str]] = {}

    def __call__(self, name: str) -> tuple[str, str]:
        found = self.known.get(name)
        if found is None:
            shown = self.resolve(name)
            found = self.known[name] = (shown, name_key(shown))
        return found


@dataclass
class Pairing:
    """Two players' games together and who finished ahead."""

    name: str
    other: str
    games: int = 0
    ahead: int = 0
    behind: int = 0

    @property
    def level(self) -> int:
        return self.games - self.ahead - self.behind


def pairings(rows: Iterable[tuple[str, int, int, int]], key: str,
             resolve: Callable[[str], str] = str) -> list[Pairing]:
    """Head to head for the player with this name key: ``rows`` are (another
    player's stored name, games together, games the player finished ahead,
    games behind), merged by person. Most games together first."""
    pairs: dict[str, Pairing] = {}
    shown_as = _Shown(resolve)
    for name, games, ahead, behind in rows:
        shown, other_key = shown_as(name)
        if other_key == key:
            continue
        pair = pairs.setdefault(other_key, Pairing("", shown))
        pair.games += games
        pair.ahead += ahead
        pair.behind += behind
    return sorted(pairs.values(), key=lambda p: (-p.games, name_key(p.other)))
