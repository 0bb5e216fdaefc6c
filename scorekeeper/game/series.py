"""A rematch and a series of games: who sits where in the next game, and the
standings of the games a table played one after the other.

Players of different games are the same person when their names are the same
but for case and accents (:func:`name_key`): "Zośka", "zośka" and "ZOSKA" are
one player.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Iterable

from .names import name_key
from .sheet import Sheet


def rematch_seats(sheet: Sheet, first_dealer: int) -> tuple[list[str], int]:
    """The players of the next game in seat order (those still at the table
    when this one ended, newcomers where they sat down) and the seat of its
    first dealer: the player after this game's first dealer."""
    present = [pid for pid in sheet.circle if sheet.members[pid].left is None]
    names = [sheet.members[pid].name for pid in present]
    circle = sheet.circle
    start = circle.index(first_dealer) if first_dealer in circle else 0
    for step in range(1, len(circle) + 1):
        pid = circle[(start + step) % len(circle)]
        if pid in present:
            return names, present.index(pid)
    return names, 0  # pragma: no cover - a finished game always has players left


def same_player(sheet: Sheet, player: int, later: Sheet) -> int | None:
    """The player of the ``later`` game who is ``player`` of ``sheet`` (the
    same name, as :func:`name_key` reads it), if they play in it."""
    key = name_key(sheet.members[player].name)
    return next((pid for pid, member in later.members.items()
                 if member.left is None and name_key(member.name) == key), None)


@dataclass(frozen=True)
class SeriesLine:
    """One player's line in a series: games played, games won (a shared win
    counts for each who shares it, as the statistics count it), how many of
    those were shared, and points over the series' games."""

    name: str
    played: int
    won: int
    points: int
    shared: int = 0


@dataclass(frozen=True)
class SeriesGame:
    """What the series standings need of one game: whether it is finished,
    whether its lowest total wins, and each player's (name, total, ranked
    first) as its standings say."""

    finished: bool
    lowest_wins: bool
    lines: tuple[tuple[str, int, bool], ...]


def series_game(sheet: Sheet) -> SeriesGame:
    """A game's part in its series, from its sheet (a game without a closed
    round has no winner yet)."""
    first = {s.player for s in sheet.standings if s.is_winner} if sheet.closed_rounds else set()
    return SeriesGame(sheet.is_finished, sheet.ruleset.scoring.lowest_wins,
                      tuple((member.name, sheet.totals[pid], pid in first)
                            for pid, member in sheet.members.items()))


def series_standings(games: Iterable[SeriesGame],
                     resolve: Callable[[str], str] = str) -> list[SeriesLine]:
    """The series' standings over these games: most games
    won first, then the best total (the lowest when the last game's scoring
    says so). A game still being played counts for its points so far, not as
    a game won. ``resolve`` gives the name a player is shown as (the device's
    renames and merges)."""
    lines: dict[str, dict] = {}
    lowest_wins = False
    for game in games:
        lowest_wins = game.lowest_wins
        winners = {name_key(resolve(name)) for name, _total, first in game.lines
                   if first and game.finished}
        for name, total, _first in game.lines:
            shown = resolve(name)
            key = name_key(shown)
            line = lines.setdefault(key, {"name": shown, "played": 0, "won": 0,
                                          "points": 0, "shared": 0})
            line["points"] += total
            if game.finished:
                line["played"] += 1
                line["won"] += key in winners
                line["shared"] += key in winners and len(winners) > 1
    sign = 1 if lowest_wins else -1
    ordered = sorted(lines.values(), key=lambda line: (-line["won"], sign * line["points"],
                                                       name_key(line["name"])))
    return [SeriesLine(**line) for line in ordered]
