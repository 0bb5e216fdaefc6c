"""Play again: a new game for the same table, and the games of a series.

A rematch is stored like any new game (:func:`scorekeeper.storage.games.add_game`)
with the series id it shares with the game it follows; that game joins the
series in the same unit of work (:func:`scorekeeper.storage.unit.write`): both
or neither. Only the games on the asking device's list are
read as the series: nothing of a game the device has no link to.
"""

from __future__ import annotations

from sqlalchemy import and_, bindparam, exists, or_, select

from ..game.series import SeriesGame, rematch_seats, same_player, series_game
from .database import db
from .games import add_game, load_sheet, ruleset_of
from .links import open_link, seat_links
from .models import DeviceGame, Game, GameFactsKept, Link, PlayerLine, new_public_id
from .statistics import keep_stale
from .unit import Unit, write


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
    same rules with their adjustments and the same stake, the first dealer
    the player after this game's first dealer; in the series of ``game`` (one
    transaction). A game
    that was followed already leads to its follower (a second tap starts
    nothing new).

    :raise RulesError: when the rules cannot deal a game to these players.
    """
    later = later_game(game, device)
    if later is not None:
        return later
    sheet = load_sheet(game)
    names, first_dealer = rematch_seats(sheet, game.first_dealer)

    def work(unit: Unit) -> tuple[Game, Link]:
        if game.series is None:
            game.series = new_public_id()
        return add_game(unit, names, game.preset, ruleset_of(game), first_dealer, device,
                        series=game.series, stake=sheet.stake)

    return write(work)


def follower(game: Game) -> Game | None:
    """The game of ``game``'s series started next after it (Play again, or
    the set-up filled in from it), if any."""
    if game.series is None:
        return None
    return db.session.scalar(select(Game).where(Game.series == game.series, Game.id > game.id)
                             .order_by(Game.id).limit(1))


def rematch_seat(game: Game, player: int) -> Link | None:
    """The seat link, in the game that follows ``game``, of the player who is
    ``player`` there: where that player's own phone goes next. None while no
    game follows, or when they do not play in it. The follower was made with
    its players' seat links (:func:`scorekeeper.storage.games.add_game`);
    one is made here only for a player seated in it since, or in a follower
    stored before seat links existed."""
    later = follower(game)
    if later is None:
        return None
    pid = same_player(load_sheet(game), player, load_sheet(later))
    return None if pid is None else seat_links(later, [pid])[pid]


def series_after(token: str) -> str | None:
    """The series a new game joins when it follows the game behind ``token``
    (a scorer link: only who may write to a game links another to it), which
    starts the series if it has none; None for any other token."""
    try:
        access = open_link(token)
    except LookupError:  # GameNotFound, LinkReplaced
        return None
    if not access.can_write:
        return None
    if access.game.series is None:
        access.game.series = new_public_id()  # stored with the new game
    return access.game.series


#: A game of the series on the device's list, or the game asked about.
OF_SERIES = and_(Game.series == bindparam("series"),
                 or_(Game.id == bindparam("game"),
                     exists().where(DeviceGame.game_id == Game.id,
                                    DeviceGame.device == bindparam("device"))))

#: Of these: the finished ones whose lines are not kept as of their version,
#: and the unfinished ones.
SERIES_STATE = (select(Game.id, Game.finished)
                .outerjoin(GameFactsKept, GameFactsKept.game_id == Game.id)
                .where(OF_SERIES, or_(Game.finished.is_(False), GameFactsKept.version.is_(None),
                                      GameFactsKept.version != Game.version)))

#: The kept lines of the finished ones, in the order of the games.
SERIES_LINES = (select(PlayerLine.game_id, PlayerLine.name, PlayerLine.total,
                       PlayerLine.rank, PlayerLine.lowest_wins, PlayerLine.rounds)
                .join(Game, Game.id == PlayerLine.game_id)
                .where(OF_SERIES, Game.finished.is_(True))
                .order_by(PlayerLine.game_id, PlayerLine.id))


def series_games(game: Game, device: str) -> list[SeriesGame]:
    """What the standings of ``game``'s series need of each of its games on
    the device's list and of ``game`` itself, oldest first; just ``game``
    outside a series. The finished games come from their kept lines (two
    queries, three when one changed since), the games still being played from
    their sheets (``game``'s is at hand; another is rare: a table that started
    the next game before finishing this one)."""
    if game.series is None:
        return [series_game(load_sheet(game))]
    params = {"series": game.series, "game": game.id, "device": device}
    state = db.session.execute(SERIES_STATE, params).all()
    keep_stale([game_id for game_id, finished in state if finished])
    playing = {game_id for game_id, finished in state if not finished}
    found: dict[int, SeriesGame] = {}
    rows: dict[int, list] = {}
    for game_id, name, total, rank, lowest_wins, rounds in db.session.execute(
            SERIES_LINES, params):
        rows.setdefault(game_id, []).append((name, total, rank, lowest_wins, rounds))
    for game_id, lines in rows.items():
        played = any(rounds for *_rest, rounds in lines)  # a round closed: a winner
        found[game_id] = SeriesGame(True, lines[0][3], tuple(
            (name, total, played and rank == 1) for name, total, rank, _low, _rounds in lines))
    for other in [game] if playing == {game.id} else db.session.scalars(
            select(Game).where(Game.id.in_(playing))):
        if other.id in playing:
            found[other.id] = series_game(load_sheet(other))
    return [found[game_id] for game_id in sorted(found)]
