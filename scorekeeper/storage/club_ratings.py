"""A club's ratings and figures, from its finished games (friendly ones
left out: :data:`.clubs.COUNTS`).

The ratings are openskill's (:mod:`scorekeeper.game.ratings`), rated game by
game in the order the games were started, each game read from the lines the
statistics keep for it (:class:`~scorekeeper.storage.models.PlayerLine`: a
player's rank and rounds played, folded again whenever the game had a later
write). Rating two thousand games takes openskill half a second, so the
club's board (every member's rating with its history, games and wins) is
kept in this process (the ``figures`` store, :mod:`.stores`) and given again
only while the club's finished games (their count and the sums of their ids
and versions) and its merges are those it was worked out for, checked by one
aggregate query on every request:
the cost of a page grows with the club's own games, never with the server's
other clubs. The bidding figures fold the games' sheets and are kept the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import bindparam, case, func, select

from ..game.bidding_analytics import BiddingFigures, bidding_figures
from ..game.names import name_key
from ..game.ratings import Match, Rating, model, rate
from ..game.regulars import Aliases
from .club_models import Club, ClubGame
from .clubs import COUNTS, club_aliases
from .database import db
from .games import load_sheet
from .stores import stores
from .models import Game, GameFactsKept, PlayerLine
from .statistics import keep_stale


@dataclass
class MemberLine:
    """A member's rating and plain figures over the club's finished games."""

    name: str
    rating: Rating
    games: int = 0
    won: int = 0
    rounds: int = 0
    made: int = 0

    @property
    def made_rate(self) -> float | None:
        return self.made / self.rounds if self.rounds else None


@dataclass
class Board:
    """Every member's line, by name key, best rating first."""

    lines: dict[str, MemberLine] = field(default_factory=dict)
    #: The games rated, oldest first (their public ids), for the history's axis.
    games: list[str] = field(default_factory=list)

    def ranked(self) -> list[MemberLine]:
        return sorted(self.lines.values(), key=lambda line: (-line.rating.ordinal,
                                                             name_key(line.name)))


#: Built once: the club's finished games, with their versions and whether their lines are kept.
FINISHED = (select(Game.id, Game.version, GameFactsKept.version)
            .join(ClubGame, ClubGame.game_id == Game.id)
            .outerjoin(GameFactsKept, GameFactsKept.game_id == Game.id)
            .where(ClubGame.club_id == bindparam("club"), Game.finished.is_(True), COUNTS)
            .order_by(Game.id))
#: The same games summed up in one row: how many, the sums of their ids and
#: versions, and how many have no lines kept as of their version. Read from
#: the club's games by their index, the finished ones told apart in the sums
#: (a condition on ``games.finished`` would let the database start from every
#: finished game of the server).
_FINISHED = Game.finished.is_(True) & COUNTS
FINGERPRINT = (select(
    func.coalesce(func.sum(case((_FINISHED, 1), else_=0)), 0),
    func.coalesce(func.sum(case((_FINISHED, Game.id), else_=0)), 0),
    func.coalesce(func.sum(case((_FINISHED, Game.version), else_=0)), 0),
    func.coalesce(func.sum(case(
        (_FINISHED & GameFactsKept.version.is_(None), 1),
        (_FINISHED & (GameFactsKept.version != Game.version), 1), else_=0)), 0))
    .select_from(ClubGame).join(Game, Game.id == ClubGame.game_id)
    .outerjoin(GameFactsKept, GameFactsKept.game_id == Game.id)
    .where(ClubGame.club_id == bindparam("club")))
LINES = (select(PlayerLine.game_id, Game.public_id, PlayerLine.name, PlayerLine.rank,
                PlayerLine.rounds, PlayerLine.made)
         .join(ClubGame, ClubGame.game_id == PlayerLine.game_id)
         .join(Game, Game.id == PlayerLine.game_id)
         .where(ClubGame.club_id == bindparam("club"), Game.finished.is_(True), COUNTS)
         .order_by(PlayerLine.game_id, PlayerLine.id))


def _finished(club: Club) -> tuple[int, int, int]:
    """What the club's finished games are as one fingerprint: how many, and
    the sums of their ids and versions (a version only grows, so any write
    to a game, a game that ends or starts again, or one that leaves the club
    changes it). Their lines are kept first (committed) when any is stale."""
    count, ids, versions, stale = db.session.execute(FINGERPRINT, {"club": club.id}).one()
    if stale:
        listing = db.session.execute(FINISHED, {"club": club.id}).all()
        keep_stale([game_id for game_id, version, kept in listing if kept != version])
    return count, ids, versions


def _check(club: Club, aliases: Aliases) -> tuple:
    return (_finished(club), tuple(sorted(aliases.targets.items())))


def board(club: Club) -> Board:
    """The club's ratings and figures (kept while its games and merges stay as they were)."""
    aliases = club_aliases(club)
    return stores().figures.get_or_make(("club-board", club.id), _check(club, aliases),
                                        lambda: _make_board(club, aliases))


def _make_board(club: Club, aliases: Aliases) -> Board:
    games: dict[int, tuple[str, list[tuple[str, str, int, int, int]]]] = {}
    for game_id, public_id, name, rank, rounds, made in db.session.execute(
            LINES, {"club": club.id}):
        shown = aliases.resolve(name)
        games.setdefault(game_id, (public_id, []))[1].append(
            (name_key(shown), shown, rank, rounds, made))
    result, start, matches = Board(), model(), []
    for public_id, lines in games.values():
        result.games.append(public_id)
        # The game's rounds: those of the players who played them all.
        played = max(rounds for _key, _shown, _rank, rounds, _made in lines)
        matches.append(Match(public_id, [(key, rank, rounds)
                                         for key, _shown, rank, rounds, _made in lines], played))
        for key, shown, rank, rounds, made in lines:
            line = result.lines.get(key)
            if line is None:
                line = result.lines[key] = MemberLine(shown, Rating(start.mu, start.sigma))
            line.games += 1
            line.won += rank == 1
            line.rounds += rounds
            line.made += made
    for key, rating in rate(matches).items():
        result.lines[key].rating = rating
    return result


def analytics(club: Club) -> tuple[dict[str, BiddingFigures], BiddingFigures]:
    """The club's bidding figures over its finished games (kept as the board is)."""
    aliases = club_aliases(club)

    def make() -> tuple[dict[str, BiddingFigures], BiddingFigures]:
        games = db.session.scalars(select(Game).join(ClubGame, ClubGame.game_id == Game.id)
                                   .where(ClubGame.club_id == club.id, Game.finished.is_(True),
                                          COUNTS)
                                   .order_by(Game.id))
        return bidding_figures((load_sheet(game) for game in games), aliases.resolve)

    return stores().figures.get_or_make(("club-analytics", club.id), _check(club, aliases), make)
