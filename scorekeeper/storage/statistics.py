"""The statistics of a device's finished games: each game's lines kept, and
added up in SQL over the games on the device's list.

A finished game's lines (one a player, :class:`~scorekeeper.storage.models.PlayerLine`,
and one a player and hand size, :class:`~scorekeeper.storage.models.PlayerLineSize`)
are kept with the game's version; when the game has had a later write (a
correction after the end), they are folded again from the changes before they
are read (:func:`refresh`, one query when nothing is stale), so the figures are
always the fold's. The figures are then a few grouped queries, whatever the
number of games, and one narrow read of the lines in the order the games were
played for the longest run of bids made across games.

The lines of a device's games are reached through the device's list, never
through a name (every device has its "Anna"), and a person is the name key
the device's renames and merges lead to (:func:`person_of`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, delete, func, not_, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from ..game.roster import Aliases
from ..game.series import name_key
from ..game.statistics import Figures, game_facts, longest_runs
from .database import db
from .games import load_sheet
from .models import DeviceGame, Game, GameFactsKept, Link, PlayerLine, PlayerLineSize


def listed(device: str, preset: str | None = None, since: datetime | None = None):
    """The ids of the device's finished games (through a link in force), of
    one preset and from a date if asked: a query to use as a subquery (it
    never correlates with the query around it)."""
    query = (select(Game.id).join(DeviceGame, DeviceGame.game_id == Game.id)
             .join(Link, Link.id == DeviceGame.link_id)
             .where(DeviceGame.device == device, Link.replaced_at.is_(None),
                    Game.finished.is_(True)))
    if preset:
        query = query.where(Game.preset == preset)
    if since is not None:
        query = query.where(Game.created_at >= since)
    return query.correlate(None)


def refresh(games) -> None:
    """Keep the lines of these finished games (a query of their ids) as of
    their latest write: those never kept, or kept at an older version, are
    folded again and kept (committed)."""
    stale = list(db.session.scalars(
        select(Game.id).outerjoin(GameFactsKept, GameFactsKept.game_id == Game.id)
        .where(Game.id.in_(games), or_(GameFactsKept.version.is_(None),
                                       GameFactsKept.version != Game.version))))
    if not stale:
        return
    for game_id in stale:
        keep_lines(db.session.get(Game, game_id))
    try:
        db.session.commit()
    except IntegrityError:  # another tab kept the same lines first: they are the same
        db.session.rollback()


def keep_lines(game: Game) -> None:
    """Fold the game again and keep its lines, as of its version (in the
    current transaction)."""
    version = game.version
    facts = game_facts(load_sheet(game))
    db.session.execute(delete(PlayerLine).where(PlayerLine.game_id == game.id))
    db.session.execute(delete(PlayerLineSize).where(PlayerLineSize.game_id == game.id))
    for line in facts["players"]:
        key = name_key(line["name"])
        worst = line["worst"] or [None] * 5
        run = line["run"]
        db.session.add(PlayerLine(
            game_id=game.id, name=line["name"], key=key,
            total=line["total"], rank=line["rank"], shared=line["shared"],
            rounds=line["rounds"], made=line["made"],
            zero_made=line["zero"][0], zero_bids=line["zero"][1], diff=line["diff"],
            run_first=run["first"], run_last=run["last"], run_best=run["best"],
            run_all=run["all"], worst_points=worst[0], worst_round=worst[1],
            worst_cards=worst[2], worst_bid=worst[3], worst_tricks=worst[4]))
        db.session.add_all(PlayerLineSize(game_id=game.id, key=key, cards=cards, made=made,
                                          rounds=count)
                           for cards, (made, count) in line["sizes"].items())
    kept = db.session.get(GameFactsKept, game.id)
    if kept is None:
        db.session.add(GameFactsKept(game_id=game.id, version=version,
                                     lowest_wins=facts["lowest_wins"]))
    else:
        kept.version, kept.lowest_wins = version, facts["lowest_wins"]
    db.session.flush()


def person_of(key_column, aliases: Aliases):
    """The name key of the person a stored name key is shown as (through the
    device's renames and merges), as an SQL expression of ``key_column``."""
    people = {source: name_key(aliases.resolve(source)) for source in aliases.targets}
    people = {source: person for source, person in people.items() if person != source}
    return case(people, value=key_column, else_=key_column) if people else key_column


def _of_games(query, model, games, keys: Iterable[str] | None):
    """``query`` over the rows of ``model`` (lines or their hand sizes) of
    ``games`` (a query of ids), of the names with these keys or all."""
    query = query.where(model.game_id.in_(games))
    return query if keys is None else query.where(model.key.in_(sorted(keys)))


def figures(games, aliases: Aliases, keys: Iterable[str] | None = None) -> dict[str, Figures]:
    """Every person's figures over ``games`` (a query of ids; see :func:`listed`),
    or only those of the person of the names with these ``keys``, by the
    person's name key; without bids made by hand size and the worst round's
    details (:func:`hand_sizes`, :func:`worst_round`). Two queries: the sums by
    person and spelling, and the runs of bids made in the order of the games."""
    person = person_of(PlayerLine.key, aliases).label("person")
    first, shared = and_(PlayerLine.rank == 1, not_(PlayerLine.shared)), and_(
        PlayerLine.rank == 1, PlayerLine.shared)
    lines = _of_games(
        select(person, PlayerLine.name, PlayerLine.total, PlayerLine.rounds, PlayerLine.made,
               PlayerLine.zero_made, PlayerLine.zero_bids, PlayerLine.diff,
               PlayerLine.worst_points, Game.created_at, Game.id.label("game_id"),
               case((first, 1), else_=0).label("won"), case((shared, 1), else_=0).label("shared"),
               case((GameFactsKept.lowest_wins, None), else_=PlayerLine.total).label("highest"),
               case((GameFactsKept.lowest_wins, PlayerLine.total), else_=None).label("lowest"))
        .join(Game, Game.id == PlayerLine.game_id)
        .join(GameFactsKept, GameFactsKept.game_id == Game.id), PlayerLine, games, keys
    ).subquery()
    sums = db.session.execute(
        select(lines.c.person, lines.c.name, func.count(), func.sum(lines.c.won),
               func.sum(lines.c.shared), func.sum(lines.c.total), func.max(lines.c.highest),
               func.min(lines.c.lowest), func.sum(lines.c.rounds), func.sum(lines.c.made),
               func.sum(lines.c.zero_made), func.sum(lines.c.zero_bids), func.sum(lines.c.diff),
               func.min(lines.c.worst_points), func.min(lines.c.created_at),
               func.min(lines.c.game_id))
        .group_by(lines.c.person, lines.c.name))
    found: dict[str, Figures] = {}
    firsts: dict[str, tuple] = {}
    for (key, name, played, won, shared_wins, total, highest, lowest, rounds, made, zero_made,
         zero_bids, diff, worst, since, first_game) in sums:
        fig = found.setdefault(key, Figures(""))
        if key not in firsts or (since, first_game) < firsts[key]:
            firsts[key] = (since, first_game)
            fig.name = aliases.resolve(name)
        fig.played += played
        fig.won += int(won)
        fig.shared += int(shared_wins)
        fig.total += int(total)
        fig.rounds += int(rounds)
        fig.made += int(made)
        fig.zero = [fig.zero[0] + int(zero_made), fig.zero[1] + int(zero_bids)]
        fig.diff += int(diff)
        fig.highest = _best(max, fig.highest, highest)
        fig.lowest = _best(min, fig.lowest, lowest)
        fig.worst_points = _best(min, fig.worst_points, worst)
    if found:
        runs = db.session.execute(_of_games(
            select(person, PlayerLine.run_all, PlayerLine.rounds, PlayerLine.run_first,
                   PlayerLine.run_last, PlayerLine.run_best)
            .join(Game, Game.id == PlayerLine.game_id), PlayerLine, games, keys)
            .order_by(person, Game.created_at, Game.id, PlayerLine.id))
        for key, longest in longest_runs(runs).items():
            found[key].longest_run = longest
    return found


def _best(pick, kept: int | None, found: int | None) -> int | None:
    return kept if found is None else found if kept is None else pick(kept, found)


def hand_sizes(games, keys: Iterable[str]) -> dict[int, list[int]]:
    """Bids made and rounds played by hand size, of the names with these keys
    over ``games`` (a query of ids)."""
    return {cards: [int(made), int(count)] for cards, made, count in db.session.execute(
        _of_games(select(PlayerLineSize.cards, func.sum(PlayerLineSize.made),
                         func.sum(PlayerLineSize.rounds)), PlayerLineSize, games, keys)
        .group_by(PlayerLineSize.cards))}


def worst_round(games, keys: Iterable[str]) -> dict[str, Any] | None:
    """The round with the fewest points of the names with these keys over
    ``games`` (a query of ids), the first of equals; None without rounds."""
    row = db.session.execute(_of_games(
        select(PlayerLine.worst_points, PlayerLine.worst_round, PlayerLine.worst_cards,
               PlayerLine.worst_bid, PlayerLine.worst_tricks, Game.created_at, Game.id)
        .join(Game, Game.id == PlayerLine.game_id)
        .where(PlayerLine.worst_points.is_not(None)), PlayerLine, games, keys)
        .order_by(PlayerLine.worst_points, Game.created_at, Game.id, PlayerLine.id).limit(1)
    ).first()
    if row is None:
        return None
    return {"points": row[0], "round": row[1], "cards": row[2], "bid": row[3], "tricks": row[4],
            "when": row[5], "game": row[6]}


def pair_counts(games, keys: set[str]) -> list[tuple[str, int, int, int]]:
    """For the player with these name keys: each other stored name met in
    ``games`` (a query of ids), with games together, games finished ahead
    and behind."""
    mine, other = aliased(PlayerLine), aliased(PlayerLine)
    rows = db.session.execute(
        select(other.name, func.count(),
               func.sum(case((mine.rank < other.rank, 1), else_=0)),
               func.sum(case((mine.rank > other.rank, 1), else_=0)))
        .join(other, other.game_id == mine.game_id)
        .where(mine.game_id.in_(games), mine.key.in_(sorted(keys)),
               other.key.not_in(sorted(keys)))
        .group_by(other.name))
    return [(name, games_together, int(ahead or 0), int(behind or 0))
            for name, games_together, ahead, behind in rows]


def presets_played(device: str) -> list[str]:
    """The presets of the device's finished games, for the filter."""
    return list(db.session.scalars(
        select(Game.preset).join(DeviceGame, DeviceGame.game_id == Game.id)
        .where(DeviceGame.device == device, Game.finished.is_(True))
        .group_by(Game.preset).order_by(Game.preset)))

