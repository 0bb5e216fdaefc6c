"""The statistics of a device's finished games: each game's facts kept, and
read back for the games on the device's list.

A game's kept facts carry the number of its latest change; when the game has
a later one (a correction after the end), they are folded again from the
changes before they are used, so the figures are always the fold's.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..game.statistics import GameFacts, game_facts
from .database import db
from .games import load_sheet
from .models import Change, DeviceGame, Game, GameFactsKept, Link


def finished_games(device: str, preset: str | None = None,
                   since: datetime | None = None) -> list[GameFacts]:
    """The facts of the device's finished games (through a link in force),
    oldest first, of one preset and from a date if asked."""
    # The number of each game's latest change, looked up in the (game, seq) index.
    latest = (select(func.max(Change.seq)).where(Change.game_id == Game.id)
              .correlate(Game).scalar_subquery())
    query = (select(Game.id, Game.preset, Game.created_at, GameFactsKept.version,
                    GameFactsKept.facts, latest.label("latest"))
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
    games, stale = [], False
    for row in rows:
        facts = row.facts
        version = row.latest or 0
        if facts is None or row.version != version:
            facts = keep_facts(row.id, version)
            stale = True
        games.append(GameFacts(facts, row.preset, row.created_at, row.id))
    if stale:
        try:
            db.session.commit()
        except IntegrityError:  # another tab kept the same facts first: they are the same
            db.session.rollback()
    return games


def keep_facts(game_id: int, version: int) -> dict:
    """Fold the game again and keep its facts (in the current transaction)."""
    game = db.session.get(Game, game_id)
    facts = game_facts(load_sheet(game))
    kept = db.session.get(GameFactsKept, game_id)
    if kept is None:
        db.session.add(GameFactsKept(game_id=game_id, version=version, facts=facts))
    else:
        kept.version, kept.facts = version, facts
    return facts


def presets_played(device: str) -> list[str]:
    """The presets of the device's finished games, for the filter."""
    return list(db.session.scalars(
        select(Game.preset).join(DeviceGame, DeviceGame.game_id == Game.id)
        .where(DeviceGame.device == device, Game.finished.is_(True))
        .group_by(Game.preset).order_by(Game.preset)))
