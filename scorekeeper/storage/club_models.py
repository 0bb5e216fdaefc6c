"""The stored facts of a club: its links, members, evenings, their parts and
seatings, and which games are the club's.

A club is reachable only through its links, as a game is: an organiser link
(may change anything and start the club's games) and a viewer link (reads,
the TV's leaderboard), each 128 random bits and replaceable (the old row
keeps ``replaced_at``, so it answers "replaced"). Members are names, merged
as a device's roster merges them: an append-only list of renames and merges
(:class:`ClubRosterChange`, read by :class:`scorekeeper.game.regulars.Aliases`).
An evening (:class:`ClubEvent`) lists who is here and its rules; each part
of it (:class:`EventPart`) keeps its seating, proposed, changed by hand,
then started: one game per table (:class:`ClubGame`). An evening or one
game may be friendly (``friendly``): it counts in no rating and no league
table. A season (:class:`ClubSeason`) spans the evenings between two dates.
An evening may be announced ahead (:class:`ClubInvitation`), and the members
answer whether they come (:class:`ClubAnswer`).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..game.names import NAME_LENGTH
from .database import db
from .models import (NAME_KEY_LENGTH, TOKEN_LENGTH, WORD_LENGTH, Game, new_link_token, new_public_id,
                     utcnow)

#: The longest name of a club or an evening.
CLUB_NAME_LENGTH = 60


class Club(db.Model):
    """A group that plays together: its name; the rest hangs from it."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(CLUB_NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ClubLink(db.Model):
    """A capability link to a club: ``role`` is ``"organiser"``, ``"viewer"``
    or ``"member"``. A member's link (``member``: their name as the club
    shows it) is handed to one phone: the first device that opens it claims
    it (``device``, ``claimed_at``), and it opens on no other."""

    __tablename__ = "club_links"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_link_token)
    role: Mapped[str] = mapped_column(String(WORD_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    replaced_at: Mapped[datetime | None]
    member: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    device: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH))
    claimed_at: Mapped[datetime | None]

    club: Mapped[Club] = relationship()


class ClubMember(db.Model):
    """A name on the club's list of members (``key``: the name as compared)."""

    __tablename__ = "club_members"
    __table_args__ = (UniqueConstraint("club_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ClubRosterChange(db.Model):
    """One rename, merge or undo of the club's members (as :class:`RosterChange`
    is a device's); ``seq`` numbers a club's from 1, so two writes collide."""

    __tablename__ = "club_roster_changes"
    __table_args__ = (UniqueConstraint("club_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(WORD_LENGTH))
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    to: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ClubEvent(db.Model):
    """An evening: who is here (names, in the order given), the rules of its
    games (a preset's name and the ruleset as ``Ruleset.to_dict`` writes it),
    the table sizes allowed and the leaderboard's rule."""

    __tablename__ = "club_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    public_id: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(CLUB_NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    players: Mapped[list[str]] = mapped_column(JSON)
    #: The preset the evening's games start from (as long as a game's).
    preset: Mapped[str] = mapped_column(Game.__table__.c.preset.type)
    ruleset: Mapped[dict[str, Any]] = mapped_column(JSON)
    sizes: Mapped[list[int]] = mapped_column(JSON)
    #: "total" or "placement" (:mod:`scorekeeper.game.leaderboard`).
    rule: Mapped[str] = mapped_column(String(WORD_LENGTH))
    #: Counts in no rating and no season's league table.
    friendly: Mapped[bool] = mapped_column(default=False, server_default=false())

    club: Mapped[Club] = relationship()
    parts: Mapped[list[EventPart]] = relationship(
        back_populates="event", order_by="EventPart.number", cascade="all, delete-orphan")


class EventPart(db.Model):
    """One part of an evening: its seating (a list of tables, each a list of
    names), how it was drawn (``method``, ``seed``), and when it started
    (None while the organiser may still change it)."""

    __tablename__ = "event_parts"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_events.id", ondelete="CASCADE"),
                                          index=True)
    number: Mapped[int]
    method: Mapped[str] = mapped_column(String(20))
    seed: Mapped[int]
    seating: Mapped[list[list[str]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    started_at: Mapped[datetime | None]

    event: Mapped[ClubEvent] = relationship(back_populates="parts")


class ClubGame(db.Model):
    """A game that belongs to a club, and when started for an evening, to
    the part and the table (1-based) it was started for."""

    __tablename__ = "club_games"
    __table_args__ = (UniqueConstraint("part_id", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         unique=True)
    part_id: Mapped[int | None] = mapped_column(
        ForeignKey("event_parts.id", ondelete="CASCADE"), index=True)
    table: Mapped[int | None]
    #: This game alone counts in no rating and no season's league table.
    friendly: Mapped[bool] = mapped_column(default=False, server_default=false())

    game: Mapped[Game] = relationship()
    part: Mapped[EventPart | None] = relationship()


class ClubSeason(db.Model):
    """A season: the club's evenings from ``starts`` to ``ends`` (both days
    included, by the day each evening was made), and its league table's rule
    (:mod:`scorekeeper.game.season`), set once: ``evenings`` is the minimum
    of evenings of the rule "average", the evenings counted of "best"."""

    __tablename__ = "club_seasons"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    public_id: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(CLUB_NAME_LENGTH))
    starts: Mapped[date]
    ends: Mapped[date]
    rule: Mapped[str] = mapped_column(String(WORD_LENGTH))
    evenings: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    club: Mapped[Club] = relationship()


class ClubInvitation(db.Model):
    """An evening announced ahead: its name, when it starts (the club's local
    time, as typed), the table sizes the decks allow, and the evening made
    from it once the organiser seats those coming (``event_id``)."""

    __tablename__ = "club_invitations"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    public_id: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(CLUB_NAME_LENGTH))
    starts_at: Mapped[datetime]
    sizes: Mapped[list[int]] = mapped_column(JSON)
    event_id: Mapped[int | None] = mapped_column(
        ForeignKey("club_events.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    club: Mapped[Club] = relationship()
    event: Mapped[ClubEvent | None] = relationship()
    answers: Mapped[list[ClubAnswer]] = relationship(
        back_populates="invitation", order_by="ClubAnswer.id", cascade="all, delete-orphan")


class ClubAnswer(db.Model):
    """A member's answer to an invitation: ``"yes"``, ``"maybe"`` or ``"no"``
    (``key``: their name as compared; a new answer replaces their last)."""

    __tablename__ = "club_answers"
    __table_args__ = (UniqueConstraint("invitation_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    invitation_id: Mapped[int] = mapped_column(
        ForeignKey("club_invitations.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    answer: Mapped[str] = mapped_column(String(5))
    answered_at: Mapped[datetime] = mapped_column(default=utcnow)

    invitation: Mapped[ClubInvitation] = relationship(back_populates="answers")
