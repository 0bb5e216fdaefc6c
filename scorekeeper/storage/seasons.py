"""A club's seasons: the evenings between two dates and their league table.

A season's evenings are the club's evenings made from its first day to its
last (both included), friendly ones left out; of those, the games marked
friendly are left out too. The league table is the domain's
(:func:`scorekeeper.game.season.season_table`) over the evenings' games as
they stand, names as the club shows them; the rule is set once, when the
season is made. Every write is one unit of work; nothing here speaks HTTP.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from sqlalchemy import select

from ..game import GameError
from ..game.leaderboard import Row
from ..game.names import name_key
from ..game.season import check_rule, season_table
from .club_models import Club, ClubEvent, ClubGame, ClubSeason, EventPart
from .clubs import club_aliases
from .database import db
from .evenings import table_results
from .models import Game
from .unit import Unit, write


def create_season(club: Club, name: str, starts: date, ends: date, rule: str,
                  evenings: int | None = None) -> ClubSeason:
    """A new season of the club (one unit of work).

    :raise GameError: ``season-name`` for an empty name, ``season-dates``
        when it ends before it starts, or the rule's refusal
        (:func:`scorekeeper.game.season.check_rule`): nothing is stored.
    """
    name = " ".join((name or "").split())
    if not name:
        raise GameError("season-name")
    if ends < starts:
        raise GameError("season-dates")
    evenings = check_rule(rule, evenings)

    def work(_unit: Unit) -> ClubSeason:
        season = ClubSeason(club_id=club.id, name=name, starts=starts, ends=ends, rule=rule,
                            evenings=evenings)
        db.session.add(season)
        return season

    return write(work)


def club_seasons(club: Club) -> list[ClubSeason]:
    """The club's seasons, the latest first."""
    return list(db.session.scalars(select(ClubSeason).where(ClubSeason.club_id == club.id)
                                   .order_by(ClubSeason.starts.desc(), ClubSeason.id.desc())))


def find_season(club: Club, public_id: str) -> ClubSeason | None:
    """The club's season with this id (None for another club's, or none)."""
    return db.session.scalar(select(ClubSeason).where(
        ClubSeason.club_id == club.id, ClubSeason.public_id == public_id))


def _within(season: ClubSeason):
    return (ClubEvent.club_id == season.club_id, ClubEvent.friendly.is_(False),
            ClubEvent.created_at >= datetime.combine(season.starts, time.min),
            ClubEvent.created_at < datetime.combine(season.ends + timedelta(days=1), time.min))


def season_events(season: ClubSeason) -> list[ClubEvent]:
    """The season's evenings that count (none friendly), the earliest first."""
    return list(db.session.scalars(select(ClubEvent).where(*_within(season))
                                   .order_by(ClubEvent.created_at, ClubEvent.id)))


def league_table(season: ClubSeason, events: list[ClubEvent] | None = None) -> list[Row]:
    """The season's league table by its rule (:func:`season_table`): a row's
    ``parts`` are the member's points by evening, numbered as
    :func:`season_events` lists them."""
    resolve = club_aliases(season.club).resolve
    events = season_events(season) if events is None else events
    return season_table([table_results(event, resolve=resolve, counted_only=True)
                         for event in events], season.rule, season.evenings)


def member_seasons(club: Club, name: str) -> list[tuple[ClubSeason, Row]]:
    """Each season of the club in which the member played, with their row."""
    key = name_key(name)
    found = []
    for season in club_seasons(club):
        row = next((row for row in league_table(season) if name_key(row.name) == key), None)
        if row is not None:
            found.append((season, row))
    return found


def _season_games(season: ClubSeason):
    return (select(Game.id, Game.version).join(ClubGame, ClubGame.game_id == Game.id)
            .join(EventPart, EventPart.id == ClubGame.part_id)
            .join(ClubEvent, ClubEvent.id == EventPart.event_id)
            .where(*_within(season)).order_by(ClubGame.id))


def season_versions(season: ClubSeason) -> tuple[int, ...]:
    """What the league table depends on, one number per game (its version)."""
    return tuple(version for _id, version in db.session.execute(_season_games(season)))


def season_game_ids(season_id: int) -> list[int]:
    """The ids of the season's games, in order (what its TV's stream follows)."""
    season = db.session.get(ClubSeason, season_id)
    return [] if season is None else [
        game_id for game_id, _version in db.session.execute(_season_games(season))]
