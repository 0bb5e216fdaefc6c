"""The statistics of a device's finished games: each game's lines kept, and
added up in SQL over the games on the device's list.

A finished game's lines (one a player, :class:`~scorekeeper.storage.models.PlayerLine`,
and one a player and hand size, :class:`~scorekeeper.storage.models.PlayerLineSize`)
are kept with the game's version; when the game has had a later write (a
correction after the end), they are folded again from the changes before they
are read (:func:`choose`, one query when nothing is stale), so the figures are
always the fold's. The figures are then a few grouped queries whatever the
number of games, and one narrow read of the lines in the order the games were
played, for the longest run of bids made across games and the worst and best
rounds. The sums are grouped by the kind of game (whether the lowest total
wins) as well: the averages and the rounds are told apart by it.

The lines of a device's games are reached through the device's list, never
through a name (every device has its "Anna"). The statements are built once
(:func:`_statements`) and run with the device, the filters and the names as
parameters: building them anew cost more than running them. The device's
renames and merges lead each stored name to its person in Python.

What a page shows is kept in this process (:func:`_kept`), as a game's fold
is (:mod:`.folds`): only a shortcut, given again only while the chosen games
with their versions, the renames and the names asked for are exactly those
it was worked out for, checked on every request by the one query that finds
the stale lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import String, and_, bindparam, case, delete, func, insert, select, type_coerce
from sqlalchemy.exc import IntegrityError

from ..game.regulars import Aliases
from ..game.names import name_key
from ..game.statistics import Figures, game_facts, is_better, is_worse, longest_runs
from .database import db
from .games import load_sheet
from .stores import stores
from .models import DeviceGame, Game, GameFactsKept, Link, PlayerLine, PlayerLineSize, PlayerPair
from .unit import Unit, write

T = TypeVar("T")


@dataclass(frozen=True)
class Choice:
    """The games the statistics count: the device's finished games (through
    a link in force), of one preset and from a date if asked. ``games`` holds
    each chosen game's (id, version, start) as :func:`choose` read
    them: what the figures depend on, so that figures kept for the same
    games can be shown again (see :func:`_kept`)."""

    device: str
    preset: str | None = None
    since: datetime | None = None
    games: tuple = ()

    def params(self, keys: Iterable[str] | None = None) -> dict[str, Any]:
        found: dict[str, Any] = {"device": self.device}
        if self.preset is not None:
            found["preset"] = self.preset
        if self.since is not None:
            found["since"] = self.since
        if keys is not None:
            found["keys"] = sorted(keys)
        return found


def _listed(preset: bool, since: bool):
    """The ids of a choice's games, as a subquery (never correlated)."""
    query = (select(Game.id).join(DeviceGame, DeviceGame.game_id == Game.id)
             .join(Link, Link.id == DeviceGame.link_id)
             .where(DeviceGame.device == bindparam("device"), Link.replaced_at.is_(None),
                    Game.finished.is_(True)))
    if preset:
        query = query.where(Game.preset == bindparam("preset"))
    if since:
        query = query.where(Game.created_at >= bindparam("since"))
    return query.correlate(None)


class _Statements(NamedTuple):
    sums: Any
    ordered: Any
    sizes: Any
    pairs: Any


@cache
def _statements(preset: bool, since: bool, by_keys: bool) -> _Statements:
    """The statements over a choice's games (with or without its filters),
    for every name or for the names of the parameter ``keys``."""
    listed = _listed(preset, since)

    def chosen(query, model=PlayerLine):
        query = query.where(model.game_id.in_(listed))
        return query.where(model.key.in_(bindparam("keys", expanding=True))) if by_keys else query

    first = PlayerLine.rank == 1
    shared = and_(PlayerLine.rank == 1, PlayerLine.shared)
    # One person's sums in a row a kind of game, or each stored name's.
    names = ((func.min(PlayerLine.key), func.max(PlayerLine.name)) if by_keys
             else (PlayerLine.key, PlayerLine.name))
    sums = chosen(select(
        *names, PlayerLine.lowest_wins, func.count(),
        func.sum(case((first, 1), else_=0)), func.sum(case((shared, 1), else_=0)),
        func.sum(PlayerLine.total - PlayerLine.start_points), func.sum(PlayerLine.start_points),
        func.sum(case((PlayerLine.start_points != 0, 1), else_=0)),
        func.max(PlayerLine.total), func.min(PlayerLine.total),
        func.sum(PlayerLine.rounds), func.sum(PlayerLine.made), func.sum(PlayerLine.zero_made),
        func.sum(PlayerLine.zero_bids), func.sum(PlayerLine.diff)))
    sums = sums.group_by(PlayerLine.lowest_wins) if by_keys else sums.group_by(
        PlayerLine.key, PlayerLine.name, PlayerLine.lowest_wins)
    ordered = chosen(
        select(PlayerLine.key, PlayerLine.run_all, PlayerLine.rounds, PlayerLine.run_first,
               PlayerLine.run_last, PlayerLine.run_best, PlayerLine.lowest_wins,
               PlayerLine.worst_points, PlayerLine.best_points, PlayerLine.id)
        .join(Game, Game.id == PlayerLine.game_id)
    ).order_by(Game.created_at, Game.id, PlayerLine.id)
    sizes = chosen(select(PlayerLineSize.cards, func.sum(PlayerLineSize.made),
                          func.sum(PlayerLineSize.rounds)), PlayerLineSize
                   ).group_by(PlayerLineSize.cards)
    pairs = (select(PlayerPair.other, func.count(),
                    func.sum(case((PlayerPair.outcome > 0, 1), else_=0)),
                    func.sum(case((PlayerPair.outcome < 0, 1), else_=0)))
             .where(PlayerPair.game_id.in_(listed),
                    PlayerPair.key.in_(bindparam("keys", expanding=True)),
                    PlayerPair.other_key.not_in(bindparam("keys", expanding=True)))
             .group_by(PlayerPair.other))
    return _Statements(sums, ordered, sizes, pairs)


def _run(choice: Choice, statement: str, keys: Iterable[str] | None = None):
    built = _statements(choice.preset is not None, choice.since is not None, keys is not None)
    return db.session.execute(getattr(built, statement), choice.params(keys))


@cache
def _listing(preset: bool, since: bool):
    """A choice's games with their versions and starts (as stored: no date
    to parse), and the version their lines were kept at."""
    return (select(Game.id, Game.version, type_coerce(Game.created_at, String),
                   GameFactsKept.version)
            .outerjoin(GameFactsKept, GameFactsKept.game_id == Game.id)
            .where(Game.id.in_(_listed(preset, since))).order_by(Game.id))


def choose(device: str, preset: str | None = None, since: datetime | None = None) -> Choice:
    """The device's finished games of this preset and from this date (any
    when None), their lines kept as of their latest write: those never kept,
    or kept at an older version, are folded again and kept (committed). One
    query when none is stale."""
    choice = Choice(device, preset, since)
    listing = db.session.execute(_listing(preset is not None, since is not None),
                                 choice.params()).all()
    keep_stale([game_id for game_id, version, _start, kept in listing if kept != version])
    return Choice(device, preset, since,
                  tuple((game_id, version, start) for game_id, version, start, _kept in listing))


def keep_stale(stale: list[int]) -> None:
    """Fold these games again and keep their lines (committed: a unit of
    work that claims no version, the lines being derived, not facts). Another
    tab that kept the same lines first is no error: they are the same."""
    if not stale:
        return

    def work(unit: Unit) -> None:
        for game in db.session.scalars(select(Game).where(Game.id.in_(stale))):
            keep_lines(unit, game)

    try:
        write(work)
    except IntegrityError:  # another tab kept the same lines first: they are the same
        pass


def keep_lines(unit: Unit, game: Game) -> None:
    """Fold the game again and keep its lines, as of its version (in the unit)."""
    version = game.version
    facts = game_facts(load_sheet(game))
    unit.execute(delete(PlayerLine).where(PlayerLine.game_id == game.id))
    unit.execute(delete(PlayerLineSize).where(PlayerLineSize.game_id == game.id))
    unit.execute(delete(PlayerPair).where(PlayerPair.game_id == game.id))
    lines, sizes, pairs = [], [], []
    for line in facts["players"]:
        key = name_key(line["name"])
        run = line["run"]
        lines.append({
            "game_id": game.id, "name": line["name"], "key": key, "total": line["total"],
            "start_points": line["start"], "rank": line["rank"], "shared": line["shared"],
            "lowest_wins": facts["lowest_wins"], "rounds": line["rounds"], "made": line["made"],
            "zero_made": line["zero"][0], "zero_bids": line["zero"][1], "diff": line["diff"],
            "run_first": run["first"], "run_last": run["last"], "run_best": run["best"],
            "run_all": run["all"],
            **{f"{kind}_{part}": value for kind in ("worst", "best")
               for part, value in zip(ROUND_PARTS, line[kind] or [None] * len(ROUND_PARTS))}})
        sizes.extend({"game_id": game.id, "key": key, "cards": cards, "made": made,
                      "rounds": count} for cards, (made, count) in line["sizes"].items())
        pairs.extend({"game_id": game.id, "key": key, "other": other, "other_key": name_key(other),
                      "outcome": outcome} for other, outcome in line["pairs"].items())
    for model, rows in ((PlayerLine, lines), (PlayerLineSize, sizes), (PlayerPair, pairs)):
        if rows:  # in the order of the seats
            unit.execute(insert(model), rows)
    kept = db.session.get(GameFactsKept, game.id)
    if kept is None:
        db.session.add(GameFactsKept(game_id=game.id, version=version))
    else:
        kept.version = version
    db.session.flush()


#: What a line keeps of its worst and its best round, in the order of
#: :func:`~scorekeeper.game.statistics.game_facts`.
ROUND_PARTS = ("points", "round", "cards", "bid", "tricks", "at")


def _kept(kind: str, choice: Choice, aliases: Aliases, keys: Iterable[str] | None,
          compute: Callable[[], T]) -> T:
    """What ``compute`` gives for these games, names and renames: kept in
    this process and given again (read only) while the chosen games (each
    one's id, version and start), the device's renames and merges and
    the names asked for are exactly the same. Anything a figure depends on
    changes one of these: a write to a game raises its version, a game that
    ends, starts again or leaves the list changes the chosen games."""
    slot = (kind, choice.device, choice.preset, choice.since is None,
            None if keys is None else frozenset(keys))
    check = (choice.games, tuple(sorted(aliases.targets.items())))
    return stores().figures.get_or_make(slot, check, compute)


def people(aliases: Aliases) -> dict[str, str]:
    """The stored name keys the device's renames and merges show as another
    person: each to that person's name key (the others are their own)."""
    found = {source: name_key(aliases.resolve(source)) for source in aliases.targets}
    return {source: person for source, person in found.items() if person != source}


def figures(choice: Choice, aliases: Aliases,
            keys: Iterable[str] | None = None) -> dict[str, Figures]:
    """Every person's figures over the chosen games, or only those of the
    person of the names with these ``keys``, by the person's name key;
    without bids made by hand size and the rounds' details (see
    :func:`player_figures`). Read only."""
    return _kept("figures", choice, aliases, keys, lambda: _figures(choice, aliases, keys)[0])


def _figures(choice: Choice, aliases: Aliases, keys: Iterable[str] | None):
    """:func:`figures`, and the id of the line of each person's worst and
    best round of each kind of game, by (key, lowest total wins, "worst" or
    "best"). Two queries: the sums by stored name and kind of game (the
    spelling of the most games is shown), and the lines in the order of the
    games for the runs of bids made and the rounds (the first of equals)."""
    person_of = people(aliases)
    found: dict[str, Figures] = {}
    spellings: dict[str, Counter[str]] = {}
    for (key, name, lowest_wins, played, won, shared, total, start, started, highest, lowest,
         rounds, made, zero_made, zero_bids, diff) in _run(choice, "sums", keys):
        if not played:  # the one row of no lines at all
            continue
        key = person_of.get(key, key)
        fig = found.setdefault(key, Figures(""))
        spellings.setdefault(key, Counter())[name] += played
        fig.played += played
        fig.won += int(won)
        fig.shared += int(shared)
        side = fig.side(bool(lowest_wins))
        side.played += played
        side.total += int(total)
        side.start += int(start)
        side.started += int(started)
        fig.rounds += int(rounds)
        fig.made += int(made)
        fig.zero = [fig.zero[0] + int(zero_made), fig.zero[1] + int(zero_bids)]
        fig.diff += int(diff)
        if lowest_wins:
            fig.lowest = _best(min, fig.lowest, lowest)
        else:
            fig.highest = _best(max, fig.highest, highest)
    for key, counts in spellings.items():
        found[key].name = aliases.resolve(min(counts, key=lambda n: (-counts[n], n)))
    picked: dict[tuple[str, bool, str], int] = {}
    if not found:
        return found, picked
    ordered = _run(choice, "ordered", keys).all()
    if person_of:
        ordered = [(person_of.get(key, key), *rest) for key, *rest in ordered]
    for key, longest in longest_runs(row[:6] for row in ordered).items():
        found[key].longest_run = longest
    for key, *_runs, lowest_wins, worst, best, line_id in ordered:
        side = found[key].side(bool(lowest_wins))
        if worst is not None and is_worse(side.lowest_wins, worst, side.worst):
            side.worst, picked[key, side.lowest_wins, "worst"] = worst, line_id
        if best is not None and is_better(side.lowest_wins, best, side.best):
            side.best, picked[key, side.lowest_wins, "best"] = best, line_id
    return found, picked


def _best(pick, kept: int | None, found: int | None) -> int | None:
    return kept if found is None else found if kept is None else pick(kept, found)


ROUNDS = select(PlayerLine.id, *(getattr(PlayerLine, f"{kind}_{part}")
                                  for kind in ("worst", "best") for part in ROUND_PARTS)
                ).where(PlayerLine.id.in_(bindparam("lines", expanding=True)))


def player_figures(choice: Choice, aliases: Aliases, keys: Iterable[str]
                   ) -> tuple[Figures | None, dict[tuple[bool, str], dict[str, Any]]]:
    """The figures of the person of the names with these keys over the chosen
    games, bids made by hand size included, and the details of their worst
    and best rounds by (lowest total wins, "worst" or "best"): points, round,
    cards, bid, tricks and ``at``, when the round was closed. (None, {})
    without games. Read only."""
    return _kept("player", choice, aliases, keys, lambda: _player_figures(choice, aliases, keys))


def _player_figures(choice: Choice, aliases: Aliases, keys: Iterable[str]):
    found, picked = _figures(choice, aliases, keys)
    if not found:
        return None, {}
    (_key, fig), = found.items()
    fig.sizes = {cards: [int(made), int(count)]
                 for cards, made, count in _run(choice, "sizes", keys)}
    if not picked:
        return fig, {}
    rows = {row[0]: row[1:]
            for row in db.session.execute(ROUNDS, {"lines": sorted(set(picked.values()))})}
    parts = len(ROUND_PARTS)
    return fig, {(lowest_wins, kind): dict(zip(
        ("points", "round", "cards", "bid", "tricks", "when"),
        rows[line][:parts] if kind == "worst" else rows[line][parts:]))
        for (_k, lowest_wins, kind), line in picked.items()}


def pair_counts(choice: Choice, keys: set[str]) -> list[tuple[str, int, int, int]]:
    """For the player with these name keys: each other stored name met in
    the chosen games, with games together, games finished ahead and behind."""
    return _kept("pairs", choice, Aliases(), keys, lambda: [
        (name, together, int(ahead or 0), int(behind or 0))
        for name, together, ahead, behind in _run(choice, "pairs", keys)])


PRESETS = (select(Game.preset).where(Game.id.in_(_listed(preset=False, since=False)))
           .group_by(Game.preset).order_by(Game.preset))


def presets_played(device: str) -> list[str]:
    """The presets of the device's finished games (through a link in force,
    as every figure), for the filter."""
    return list(db.session.scalars(PRESETS, {"device": device}))
