"""A member's own link: handed by the organiser (a QR code), claimed by the
first phone that opens it, and from then on that phone's: it reads what the
club's viewer link reads, answers the club's invitations as that member, and
takes the member's seat at an evening's table without a code.

The link is a club link of the role ``member`` (:class:`.club_models.ClubLink`
with the member's name); handing a member a new one replaces the old, so a
lost phone is undone by handing the link again. Every write is one unit of
work; nothing here speaks HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from ..game import GameError
from ..game.names import name_key
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


def member_seats(club: Club, name: str) -> list[Seat]:
    """The member's seats in the club's games being played (started for an
    evening and not over), the latest first."""
    key, resolve = name_key(name), club_aliases(club).resolve
    seats = []
    for event, table, game in db.session.execute(
            select(ClubEvent, ClubGame.table, Game)
            .join(EventPart, EventPart.event_id == ClubEvent.id)
            .join(ClubGame, ClubGame.part_id == EventPart.id)
            .join(Game, Game.id == ClubGame.game_id)
            .where(ClubEvent.club_id == club.id, Game.finished.is_(False))
            .order_by(ClubGame.id.desc())):
        sheet = load_sheet(game)
        player = next((pid for pid, shown in sheet.players.items()
                       if name_key(resolve(shown)) == key), None)
        if player is not None:
            seats.append(Seat(event, table, game, player))
    return seats


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
