"""A club: its links, its members, and its games.

A club is reached only through one of its links (:func:`open_club_link`),
as a game is through its own (:mod:`.links`): an unknown token is
:class:`ClubNotFound`, a replaced one :class:`~.links.LinkReplaced`. The
organiser link may write (:attr:`ClubAccess.can_write`); the viewer link
only reads. Members are merged by name as a device's roster merges them
(:class:`scorekeeper.game.regulars.Aliases` over the club's append-only
renames and merges); a name typed for an evening that matches a member
(case and merges aside) is that member, and one that differs from a member's
only by accents is offered to the organiser as that member
(:func:`merge_offers`), never made them. Every write is one unit of
work (:func:`scorekeeper.storage.unit.write`); nothing here speaks HTTP.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from sqlalchemy import bindparam, or_, select

from ..game import GameError
from ..game.names import look_alikes, name_key
from ..game.roles import CLUB_ROLES, MEMBER, ORGANISER, VIEWER
from ..game.regulars import Aliases
from .club_models import (Club, ClubEvent, ClubGame, ClubLink, ClubMember, ClubRosterChange,
                          EventPart)
from .database import db
from .links import LinkReplaced
from .models import Game, utcnow
from .unit import NothingToStore, Unit, write



class ClubNotFound(LookupError):
    """No club has this link (or it was deleted)."""


@dataclass(frozen=True)
class ClubAccess:
    """A club reached through one of its links, with that link's rights."""

    token: str
    role: str
    link_id: int
    club_id: int
    #: A member's link: the member's name, and the device that claimed it.
    member: str | None = None
    device: str | None = None

    @property
    def can_write(self) -> bool:
        return self.role == ORGANISER

    @cached_property
    def club(self) -> Club:
        club = db.session.get(Club, self.club_id)
        if club is None:
            raise ClubNotFound(self.token)
        return club


OPEN_CLUB_LINK = (select(ClubLink.role, ClubLink.replaced_at, ClubLink.id, ClubLink.club_id,
                         ClubLink.member, ClubLink.device)
                  .where(ClubLink.token == bindparam("token")))


def open_club_link(token: str) -> ClubAccess:
    """The club behind a link: one indexed query.

    :raise ClubNotFound: when no club has this link.
    :raise LinkReplaced: when the link was replaced.
    """
    row = (db.session.execute(OPEN_CLUB_LINK, {"token": token}).first()
           if token and "\x00" not in token else None)
    if row is None:
        raise ClubNotFound(token)
    role, replaced_at, link_id, club_id, member, device = row
    if replaced_at is not None:
        raise LinkReplaced(token)
    return ClubAccess(token, role, link_id, club_id, member, device)


def create_club(name: str) -> tuple[Club, ClubLink]:
    """A new club with its organiser and viewer links (one unit of work);
    the club and its organiser link.

    :raise GameError: ``club-name`` when the name is empty.
    """
    name = " ".join((name or "").split())
    if not name:
        raise GameError("club-name")

    def work(_unit: Unit) -> tuple[Club, ClubLink]:
        club = Club(name=name)
        organiser = ClubLink(club=club, role=ORGANISER)
        db.session.add_all([club, organiser, ClubLink(club=club, role=VIEWER)])
        return club, organiser

    return write(work)


def club_link(club: Club, role: str) -> ClubLink:
    """The club's link in force for ``role``."""
    return db.session.scalar(select(ClubLink).where(
        ClubLink.club_id == club.id, ClubLink.role == role, ClubLink.replaced_at.is_(None)))


def replace_club_link(access: ClubAccess, role: str) -> ClubLink:
    """Replace the club's ``role`` link by a new one (one unit of work); the
    old token answers "replaced" from now on."""
    if role not in CLUB_ROLES:
        raise ValueError(role)

    def work(_unit: Unit) -> ClubLink:
        old = club_link(access.club, role)
        old.replaced_at = utcnow()
        new = ClubLink(club=access.club, role=role)
        db.session.add(new)
        return new

    return write(work)


# -- members ------------------------------------------------------------------

def club_aliases(club: Club) -> Aliases:
    """The club's renames and merges in force."""
    return Aliases(db.session.scalars(select(ClubRosterChange).where(
        ClubRosterChange.club_id == club.id).order_by(ClubRosterChange.seq)))


def _members_as_added(club: Club, aliases: Aliases) -> list[str]:
    """The club's members as shown (merges applied, one a person), the
    earliest on the list first."""
    shown: dict[str, str] = {}
    for name in db.session.scalars(select(ClubMember.name).where(
            ClubMember.club_id == club.id).order_by(ClubMember.id)):
        person = aliases.resolve(name)
        shown.setdefault(name_key(person), person)
    return list(shown.values())


def members(club: Club, aliases: Aliases | None = None) -> list[str]:
    """The club's members as shown (merges applied, one a person), by name."""
    return sorted(_members_as_added(club, aliases or club_aliases(club)), key=name_key)


def merge_offers(club: Club) -> dict[str, str]:
    """Each member whose name differs from an earlier member's only by
    accents ("Märt" after "Mart"), to that member: merges the organiser is
    offered, never made unasked (:func:`scorekeeper.game.names.look_alikes`)."""
    return look_alikes(_members_as_added(club, club_aliases(club)))


def as_members(club: Club, names: Iterable[str]) -> list[str]:
    """Typed names as the members they match (case and merges aside), or as
    typed (spaces tidied) when they match none."""
    aliases = club_aliases(club)
    known = {name_key(person): person for person in members(club, aliases)}
    result = []
    for name in names:
        person = aliases.resolve(" ".join(name.split()))
        result.append(known.get(name_key(person), person))
    return result


def add_members(unit: Unit, club: Club, names: Iterable[str]) -> None:
    """Put the names that are no member yet on the club's list (in the unit)."""
    keys = set(db.session.scalars(select(ClubMember.key).where(ClubMember.club_id == club.id)))
    aliases = club_aliases(club)
    for name in names:
        key = name_key(aliases.resolve(name))
        if key and key not in keys and name_key(name) not in keys:
            keys.add(key)
            db.session.add(ClubMember(club_id=club.id, name=name, key=key))
            unit.wrote = True


def add_member(club: Club, name: str) -> None:
    """Add one member (a repeated name stores nothing).

    :raise GameError: ``member-name`` when the name is empty.
    """
    name = " ".join((name or "").split())
    if not name:
        raise GameError("member-name")

    def work(unit: Unit) -> None:
        add_members(unit, club, [name])
        if not unit.wrote:
            raise NothingToStore(None)

    write(work)


def merge_member(club: Club, name: str, into: str) -> None:
    """Record that the member ``name`` is the member ``into`` from now on
    (their games, ratings and evenings count as one person's).

    :raise GameError: ``merge-same`` for one person with themself,
        ``no-such-member`` for a name that is no member.
    """
    shown = members(club)
    keys = {name_key(person) for person in shown}
    if name_key(name) not in keys or name_key(into) not in keys:
        raise GameError("no-such-member", name=name if name_key(name) not in keys else into)
    if name_key(name) == name_key(into):
        raise GameError("merge-same", name=name)

    def work(_unit: Unit) -> None:
        last = db.session.scalar(select(ClubRosterChange.seq).where(
            ClubRosterChange.club_id == club.id).order_by(ClubRosterChange.seq.desc()).limit(1))
        db.session.add(ClubRosterChange(club_id=club.id, seq=(last or 0) + 1, kind="merge",
                                        name=name, to=into))

    write(work, busy=GameError("busy"))


# -- games ----------------------------------------------------------------------

#: A club's game that counts in its ratings and league tables: neither the
#: game nor its evening is friendly.
COUNTS = (ClubGame.friendly.is_(False)
          & or_(ClubGame.part_id.is_(None), ClubGame.part_id.not_in(
              select(EventPart.id).join(ClubEvent, ClubEvent.id == EventPart.event_id)
              .where(ClubEvent.friendly.is_(True)))))


def club_game_ids(club: Club, finished: bool | None = None) -> list[int]:
    """The ids of the club's games (only finished ones, or unfinished, if asked), oldest first."""
    query = select(ClubGame.game_id).where(ClubGame.club_id == club.id)
    if finished is not None:
        query = query.join(Game, Game.id == ClubGame.game_id).where(Game.finished.is_(finished))
    return list(db.session.scalars(query.order_by(ClubGame.game_id)))


def club_of_game(game: Game) -> Club | None:
    """The club a game belongs to, if any."""
    return db.session.scalar(select(Club).join(ClubGame, ClubGame.club_id == Club.id)
                             .where(ClubGame.game_id == game.id))


def is_friendly(game: Game) -> bool:
    """Whether the game is a club's friendly one (marked so, or its evening)."""
    return db.session.scalar(select(ClubGame.id).where(ClubGame.game_id == game.id)
                             .where(~COUNTS)) is not None


def club_places(game_ids: Iterable[int]) -> dict[int, dict[str, object]]:
    """Where each of these games stands in its club, by game id (games of
    no club left out): the club's and the evening's names, the part and the
    table it was started for, whether it is friendly; what the all-games
    export says of a club game (never a club's link)."""
    ids = list(game_ids)
    if not ids:
        return {}
    rows = db.session.execute(
        select(ClubGame.game_id, Club.name, ClubEvent.name, EventPart.number, ClubGame.table,
               ~COUNTS)
        .join(Club, Club.id == ClubGame.club_id)
        .outerjoin(EventPart, EventPart.id == ClubGame.part_id)
        .outerjoin(ClubEvent, ClubEvent.id == EventPart.event_id)
        .where(ClubGame.game_id.in_(ids)))
    return {game_id: {"club": club, "evening": evening, "part": part, "table": table,
                      "friendly": bool(friendly)}
            for game_id, club, evening, part, table, friendly in rows}
