"""The statistics of a device's finished games: each game's lines kept, and
read back for the games on the device's list.

A finished game's lines (one a player, :class:`~scorekeeper.storage.models.PlayerLine`)
are kept with the number of its latest change; when the game has a later one
(a correction after the end), they are folded again from the changes before
they are read, so the figures are always the fold's. A player's page then
reads one small row a game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import case, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from ..game.series import name_key
from ..game.statistics import GameFacts, game_facts, sizes_of, sizes_text
from .database import db
from .games import load_sheet
from .models import Change, DeviceGame, Game, GameFactsKept, Link, PlayerLine

LINE_COLUMNS = (PlayerLine.game_id, PlayerLine.name, PlayerLine.total, PlayerLine.rank,
                PlayerLine.shared, PlayerLine.rounds, PlayerLine.made, PlayerLine.sizes,
                PlayerLine.zero_made, PlayerLine.zero_bids, PlayerLine.diff,
                PlayerLine.run_first, PlayerLine.run_last, PlayerLine.run_best,
                PlayerLine.run_all, PlayerLine.worst_points, PlayerLine.worst_round,
                PlayerLine.worst_cards, PlayerLine.worst_bid, PlayerLine.worst_tricks)


def chosen_games(device: str, preset: str | None = None, since: datetime | None = None):
    """The device's finished games (through a link in force), of one preset
    and from a date if asked, each with its lines kept up to date; oldest first."""
    # The number of each game's latest change, looked up in the (game, seq) index.
    latest = (select(func.max(Change.seq)).where(Change.game_id == Game.id)
              .correlate(Game).scalar_subquery())
    query = (select(Game.id, Game.preset, Game.created_at, GameFactsKept.version,
                    GameFactsKept.lowest_wins, latest.label("latest"))
             .join(DeviceGame, DeviceGame.game_id == Game.id)
             .join(Link, Link.id == DeviceGame.link_id)
             .outerjoin(GameFactsKept, GameFactsKept.game_id == Game.id)
             .where(DeviceGame.device == device, Link.replaced_at.is_(None),
                    Game.finished.is_(True)))
    if preset:
        query = query.where(Game.preset == preset)
    if since is not None:
        query = query.where(Game.created_at >= since)
    rows = db.session.execute(query.order_by(Game.created_at, Game.id)).all()
    games = {}
    stale = False
    for row in rows:
        lowest = row.lowest_wins
        if row.version is None or row.version != (row.latest or 0):
            lowest = keep_lines(row.id, row.latest or 0)
            stale = True
        games[row.id] = (row.preset, row.created_at, lowest)
    if stale:
        try:
            db.session.commit()
        except IntegrityError:  # another tab kept the same lines first: they are the same
            db.session.rollback()
    return games


def keep_lines(game_id: int, version: int) -> bool:
    """Fold the game again and keep its lines (in the current transaction);
    return whether its lowest total wins."""
    facts = game_facts(load_sheet(db.session.get(Game, game_id)))
    db.session.execute(delete(PlayerLine).where(PlayerLine.game_id == game_id))
    for line in facts["players"]:
        worst = line["worst"] or [None] * 5
        run = line["run"]
        db.session.add(PlayerLine(
            game_id=game_id, name=line["name"], key=name_key(line["name"]),
            total=line["total"], rank=line["rank"], shared=line["shared"],
            rounds=line["rounds"], made=line["made"], sizes=sizes_text(line["sizes"]),
            zero_made=line["zero"][0], zero_bids=line["zero"][1], diff=line["diff"],
            run_first=run["first"], run_last=run["last"], run_best=run["best"],
            run_all=run["all"], worst_points=worst[0], worst_round=worst[1],
            worst_cards=worst[2], worst_bid=worst[3], worst_tricks=worst[4]))
    kept = db.session.get(GameFactsKept, game_id)
    if kept is None:
        db.session.add(GameFactsKept(game_id=game_id, version=version,
                                     lowest_wins=facts["lowest_wins"]))
    else:
        kept.version, kept.lowest_wins = version, facts["lowest_wins"]
    db.session.flush()
    return facts["lowest_wins"]


def _line(row: Any) -> dict[str, Any]:
    return {"name": row.name, "total": row.total, "rank": row.rank, "shared": row.shared,
            "rounds": row.rounds, "made": row.made, "sizes": sizes_of(row.sizes),
            "zero": [row.zero_made, row.zero_bids], "diff": row.diff,
            "run": {"first": row.run_first, "last": row.run_last, "best": row.run_best,
                    "all": row.run_all},
            "worst": None if row.worst_points is None else [
                row.worst_points, row.worst_round, row.worst_cards, row.worst_bid,
                row.worst_tricks]}


def finished_games(device: str, preset: str | None = None, since: datetime | None = None,
                   keys: set[str] | None = None, games: dict | None = None) -> list[GameFacts]:
    """The facts of the device's chosen games (or of ``games`` as
    :func:`chosen_games` gave them), oldest first: every player's line, or
    only the lines of the names with these ``keys``."""
    games = chosen_games(device, preset, since) if games is None else games
    if not games:
        return []
    query = select(*LINE_COLUMNS).where(PlayerLine.game_id.in_(list(games)))
    if keys is not None:
        query = query.where(PlayerLine.key.in_(sorted(keys)))
    lines: dict[int, list] = {}
    for row in db.session.execute(query):
        lines.setdefault(row.game_id, []).append(_line(row))
    return [GameFacts({"lowest_wins": lowest, "players": lines[gid]}, preset, when, gid)
            for gid, (preset, when, lowest) in games.items() if gid in lines]


def pair_counts(games: dict, keys: set[str]) -> list[tuple[str, int, int, int]]:
    """For the player with these name keys: each other stored name met in
    ``games`` (as :func:`chosen_games` gave them), with games together, games
    finished ahead and behind."""
    if not games:
        return []
    mine, other = aliased(PlayerLine), aliased(PlayerLine)
    rows = db.session.execute(
        select(other.name, func.count(),
               func.sum(case((mine.rank < other.rank, 1), else_=0)),
               func.sum(case((mine.rank > other.rank, 1), else_=0)))
        .join(other, other.game_id == mine.game_id)
        .where(mine.key.in_(sorted(keys)), other.key.not_in(sorted(keys)),
               mine.game_id.in_(list(games)))
        .group_by(other.name))
    return [(name, games_together, ahead or 0, behind or 0)
            for name, games_together, ahead, behind in rows]


def presets_played(device: str) -> list[str]:
    """The presets of the device's finished games, for the filter."""
    return list(db.session.scalars(
        select(Game.preset).join(DeviceGame, DeviceGame.game_id == Game.id)
        .where(DeviceGame.device == device, Game.finished.is_(True))
        .group_by(Game.preset).order_by(Game.preset)))
