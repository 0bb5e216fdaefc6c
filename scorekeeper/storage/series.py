"""Play again: a new game for the same table, and the games of a series.

A rematch is stored like any new game (:func:`scorekeeper.storage.games.create_game`)
with the series id it shares with the game it follows; that game joins the
series in the same transaction. Only the games on the asking device's list are
read as the series: nothing of a game the device has no link to.
"""

from __future__ import annotations

from sqlalchemy import select

from ..game import Sheet
from ..game.series import rematch_seats
from .games import create_game, load_sheet, ruleset_of
from .models import DeviceGame, Game, Link, new_public_id
from .database import db


def later_game(game: Game, device: str) -> tuple[Game, Link] | None:
    """The latest game of the series started after ``game``, on the device's
    list through a link in force; None when ``game`` is the latest."""
    if game.series is None:
        return None
    row = db.session.execute(
        select(Game, Link).join(DeviceGame, DeviceGame.game_id == Game.id)
        .join(Link, Link.id == DeviceGame.link_id)
        .where(Game.series == game.series, DeviceGame.device == device,
               Link.replaced_at.is_(None), Game.id > game.id)
        .order_by(Game.id.desc()).limit(1)
    ).first()
    return None if row is None else (row[0], row[1])


def rematch(game: Game, device: str) -> tuple[Game, Link]:
    """The next game of the table: the same players in the same seats, the
    same rules with their adjustments, the first dealer the player after this
    game's first dealer; in the series of ``game`` (one transaction). A game
    that was followed already leads to its follower (a second tap starts
    nothing new).

    :raise RulesError: when the rules cannot deal a game to these players.
    """
    later = later_game(game, device)
    if later is not None:
        return later
    names, first_dealer = rematch_seats(load_sheet(game), game.first_dealer)
    if game.series is None:
        game.series = new_public_id()
    try:
        return create_game(names, game.preset, ruleset_of(game), first_dealer, device,
                           series=game.series)
    except Exception:
        db.session.rollback()
        raise


def series_sheets(game: Game, device: str) -> list[Sheet]:
    """The sheets of the games of ``game``'s series that the device has on
    its list, and ``game`` itself, oldest first; just ``game`` outside a series."""
    if game.series is None:
        return [load_sheet(game)]
    found = list(db.session.scalars(
        select(Game).join(DeviceGame, DeviceGame.game_id == Game.id)
        .where(Game.series == game.series, DeviceGame.device == device)
        .order_by(Game.id)))
    if game not in found:
        found = sorted([*found, game], key=lambda g: g.id)
    return [load_sheet(g) for g in found]
