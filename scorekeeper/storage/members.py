"""A member's own link: handed by the organiser (a QR code), claimed by the
first phone that opens it, and from then on that phone's: it reads what the
club's viewer link reads and the games the member played, answers the
club's invitations as that member, and takes the member's seat at an
evening's table without a code.

The link is a club link of the role ``member`` (:class:`.club_models.ClubLink`
with the member's name); handing a member a new one replaces the old, so a
lost phone is undone by handing the link again. Every write is one unit of
work; nothing here speaks HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from ..game import GameError, Sheet
from ..game.names import name_key
from ..rules import Standing
from .club_models import Club, ClubEvent, ClubGame, ClubLink, EventPart
from .clubs import MEMBER, ClubAccess, club_aliases, members
from .database import db
from .games import load_sheet
from .links import seat_links
from .models import Game, Link, utcnow
from .unit import NothingToStore, Unit, write


def as_member(club: Club, name: str) -> str:
    """The member ``name`` is, as the club shows them.

    :raise GameError: ``no-such-member`` for a name that is no member.
    """
    key = name_key(club_aliases(club).resolve(name))
    found = next((person for person in members(club) if name_key(person) == key), None)
    if found is None:
        raise GameError("no-such-member", name=name)
    return found


def member_link(club: Club, name: str) -> ClubLink | None:
    """The member's own link in force, if one was handed."""
    return db.session.scalar(select(ClubLink).where(
        ClubLink.club_id == club.id, ClubLink.role == MEMBER,
        ClubLink.member == as_member(club, name), ClubLink.replaced_at.is_(None)))


def hand_member_link(club: Club, name: str) -> ClubLink:
    """A new link of the member's own, unclaimed, replacing the one in force
    (one unit of work).

    :raise GameError: ``no-such-member`` for a name that is no member.
    """
    member = as_member(club, name)

    def work(_unit: Unit) -> ClubLink:
        old = member_link(club, member)
        if old is not None:
            old.replaced_at = utcnow()
        new = ClubLink(club=club, role=MEMBER, member=member)
        db.session.add(new)
        return new

    return write(work)


def claim(access: ClubAccess, device: str) -> bool:
    """Whether the member's link is this device's: claimed by it now if no
    device has claimed it yet (one unit of work), never if another has."""
    if access.device is not None:
        return access.device == device

    def work(_unit: Unit) -> bool:
        link = db.session.get(ClubLink, access.link_id)
        if link.device is not None:
            raise NothingToStore(link.device == device)
        link.device, link.claimed_at = device, utcnow()
        return True

    return write(work)


@dataclass(frozen=True)
class Seat:
    """Where a member sits in a game of an evening being played."""

    event: ClubEvent
    table: int
    game: Game
    player: int


@dataclass(frozen=True)
class PlayedGame:
    """A game of an evening a member played: where they came (as the game
    stands while it is played) and whether it counts (``friendly``: it or
    its evening is friendly)."""

    event: ClubEvent
    table: int
    game: Game
    standing: Standing
    friendly: bool


def _played(club: Club, name: str, *where) -> list[tuple[ClubEvent, ClubGame, Game, Sheet, int]]:
    """The club's games of its evenings (those ``where`` holds for) that the
    member sat at, with the game's sheet and the member's player id, the
    latest first (names compared as the club merges them)."""
    resolve = club_aliases(club).resolve
    key, found = name_key(resolve(name)), []
    for event, row, game in db.session.execute(
            select(ClubEvent, ClubGame, Game)
            .join(EventPart, EventPart.event_id == ClubEvent.id)
            .join(ClubGame, ClubGame.part_id == EventPart.id)
            .join(Game, Game.id == ClubGame.game_id)
            .where(ClubEvent.club_id == club.id, *where)
            .order_by(ClubGame.id.desc())):
        sheet = load_sheet(game)
        player = next((pid for pid, shown in sheet.players.items()
                       if name_key(resolve(shown)) == key), None)
        if player is not None:
            found.append((event, row, game, sheet, player))
    return found


def member_seats(club: Club, name: str) -> list[Seat]:
    """The member's seats in the club's games being played (started for an
    evening and not over), the latest first."""
    return [Seat(event, row.table, game, player) for event, row, game, _sheet, player
            in _played(club, name, Game.finished.is_(False))]


def member_games(club: Club, name: str) -> list[PlayedGame]:
    """Every game of the club's evenings the member sat at, the latest first."""
    return [PlayedGame(event, row.table, game,
                       next(line for line in sheet.standings if line.player == player),
                       event.friendly or row.friendly)
            for event, row, game, sheet, player in _played(club, name)]


def seat_link(club: Club, name: str, game_id: str) -> Link:
    """The member's seat link in the game with public id ``game_id`` (made if
    missing): what their own phone opens at the table, with no code.

    :raise LookupError: when the member has no seat in such a game being played.
    """
    seat = next((seat for seat in member_seats(club, name) if seat.game.public_id == game_id),
                None)
    if seat is None:
        raise LookupError(game_id)
    return seat_links(seat.game, [seat.player])[seat.player]
