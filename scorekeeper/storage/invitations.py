"""An evening announced ahead: its date and time and the table sizes the
decks allow; the members answer from their own links (coming, maybe, not
coming; a new answer replaces their last); the organiser sees the count and
the tables those coming make, then seats them: the evening is made from
those who said yes (and whoever else the organiser adds), and the
invitation remembers it. Every write is one unit of work; nothing here
speaks HTTP.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from ..game import GameError
from ..game.names import name_key
from ..game.seating import check_sizes, table_sizes
from .club_models import Club, ClubAnswer, ClubInvitation
from .database import db
from .members import as_member
from .models import utcnow
from .unit import NothingToStore, Unit, write

#: A member's answers, in the order they are offered.
ANSWERS = ("yes", "maybe", "no")


def announce(club: Club, name: str, starts_at: datetime, sizes: list[int]) -> ClubInvitation:
    """Announce an evening (one unit of work).

    :raise GameError: ``event-name`` for an empty name, a seating error for the sizes.
    """
    name = " ".join((name or "").split())
    if not name:
        raise GameError("event-name")
    allowed = check_sizes(sizes)

    def work(_unit: Unit) -> ClubInvitation:
        invitation = ClubInvitation(club_id=club.id, name=name, starts_at=starts_at,
                                    sizes=allowed)
        db.session.add(invitation)
        return invitation

    return write(work)


def find_invitation(club: Club, public_id: str) -> ClubInvitation | None:
    """The club's invitation with this id (None for another club's, or none)."""
    return db.session.scalar(select(ClubInvitation).where(
        ClubInvitation.club_id == club.id, ClubInvitation.public_id == public_id))


def open_invitations(club: Club) -> list[ClubInvitation]:
    """The club's invitations not yet seated, the soonest first."""
    return list(db.session.scalars(select(ClubInvitation).where(
        ClubInvitation.club_id == club.id, ClubInvitation.event_id.is_(None))
        .order_by(ClubInvitation.starts_at, ClubInvitation.id)))


def answer(invitation: ClubInvitation, member: str, said: str) -> None:
    """The member's answer (one unit of work; the same answer again stores nothing).

    :raise GameError: ``no-such-member``; ``invitation-seated`` once the
        evening is seated.
    :raise ValueError: for an answer not in :data:`ANSWERS` (the form offers no other).
    """
    if said not in ANSWERS:
        raise ValueError(said)
    if invitation.event_id is not None:
        raise GameError("invitation-seated")
    shown = as_member(invitation.club, member)

    def work(_unit: Unit) -> None:
        row = next((row for row in invitation.answers if row.key == name_key(shown)), None)
        if row is None:
            invitation.answers.append(ClubAnswer(name=shown, key=name_key(shown), answer=said))
        elif row.answer == said:
            raise NothingToStore(None)
        else:
            row.answer, row.answered_at = said, utcnow()

    write(work, busy=GameError("busy"))


def answers(invitation: ClubInvitation) -> dict[str, list[str]]:
    """The members by their answer (each of :data:`ANSWERS`), by name."""
    found: dict[str, list[str]] = {said: [] for said in ANSWERS}
    for row in sorted(invitation.answers, key=lambda row: name_key(row.name)):
        found[row.answer].append(row.name)
    return found


def answer_of(invitation: ClubInvitation, member: str) -> str | None:
    """The member's answer, if they gave one."""
    key = name_key(member)
    return next((row.answer for row in invitation.answers if row.key == key), None)


def tables_of(invitation: ClubInvitation) -> list[int]:
    """The tables those coming make with the sizes allowed, largest first.

    :raise SeatingError: ``no-table-sizes`` when they cannot be seated so.
    """
    return table_sizes(len(answers(invitation)["yes"]), invitation.sizes)
