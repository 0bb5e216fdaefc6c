"""The stored facts of a game.

A game stores who sits where, the ruleset the table chose, and an append-only
list of changes: every bid, every trick count, every trump, every closed round,
every correction and every undo. Nothing is updated in place, so the history of
a game is its changes, and scores are derived from them by the rules engine
(see :mod:`scorekeeper.game`).
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..game.names import NAME_LENGTH
from .database import db

#: A random id or secret: a public id (32 hexadecimal digits), a link's token
#: or a device's id (22 characters), a series' id.
TOKEN_LENGTH = 32
#: A name's key (:func:`scorekeeper.game.names.name_key`): a name of
#: NAME_LENGTH characters, folded, may grow (ß is ss), so twice as long.
NAME_KEY_LENGTH = 80
#: One word from a fixed list: a change's or a roster change's kind, a link's
#: role, a leaderboard's rule.
WORD_LENGTH = 10
#: The join code column: wider than the 6-letter code
#: (:data:`scorekeeper.storage.links.JOIN_CODE_LENGTH`), and kept so (docs/house.md).
JOIN_CODE_WIDTH = 8


def new_public_id() -> str:
    """A game's id in its exports and the operator's commands (128 random bits,
    hexadecimal: it never starts with a dash a command line would take for an
    option). It opens nothing: links do."""
    return secrets.token_hex(16)


def new_link_token() -> str:
    """A link's secret: 128 random bits, 22 characters in an address."""
    return secrets.token_urlsafe(16)


def utcnow() -> datetime:
    """Now, in UTC, without tzinfo (what every database stores alike)."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Game(db.Model):
    """One game at one table."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_public_id)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    #: The name of the preset the table started from (for display only).
    preset: Mapped[str] = mapped_column(String(40))
    #: The ruleset as :meth:`scorekeeper.rules.Ruleset.to_dict` writes it.
    ruleset: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The seat of the first round's dealer.
    first_dealer: Mapped[int]
    #: What the front page shows of the game, kept in the same transaction as
    #: each change (see :func:`scorekeeper.game.summary_of`); None until the
    #: first read of a game stored before summaries existed.
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    finished: Mapped[bool] = mapped_column(default=False)
    #: How many writes the game has had (changes and hand events alike): every
    #: write raises it by one, in its own transaction, only if it still holds
    #: the number the write read (compare-and-swap, see
    #: :func:`scorekeeper.storage.unit.claim_version`). A phone polls with it.
    version: Mapped[int] = mapped_column(default=0, server_default="0")
    #: The games a table played one after the other share this id ("Play
    #: again"); None for a game played on its own.
    series: Mapped[str | None] = mapped_column(String(TOKEN_LENGTH), index=True, nullable=True)

    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    changes: Mapped[list[Change]] = relationship(
        back_populates="game", order_by="Change.seq", cascade="all, delete-orphan"
    )
    #: The cards recorded for the game's rounds (see :mod:`scorekeeper.game.hand`).
    hand_events: Mapped[list[HandEvent]] = relationship(
        back_populates="game", cascade="all, delete-orphan", passive_deletes=False
    )


class Player(db.Model):
    """A player at a seat. Seats are numbered clockwise from 0."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))

    game: Mapped[Game] = relationship(back_populates="players")


class Change(db.Model):
    """One entry in a game's append-only history.

    ``kind`` says what was entered (see :mod:`scorekeeper.game.rounds`);
    ``round`` and ``player`` (a player's id) say where, ``value`` what. ``seq`` numbers a game's
    changes from 1 without gaps; its uniqueness makes two phones that write at
    the same moment collide instead of interleaving silently.
    """

    __tablename__ = "changes"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(20))
    round: Mapped[int | None]
    #: The player's id (see :mod:`scorekeeper.game.rounds`), not a seat.
    player: Mapped[int | None]
    value: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: The name the device gave for the person who made the change, if any.
    author: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    #: Whether the player entered it themself, through their seat link: a bid
    #: made so while the table bids all at once is hidden from the other
    #: phones until every bid is in (see :mod:`scorekeeper.game.hidden`).
    by_player: Mapped[bool] = mapped_column(default=False, server_default=false())

    game: Mapped[Game] = relationship(back_populates="changes")


class HandEvent(db.Model):
    """One fact about the cards of one round, as the table recorded it.

    ``kind`` is ``"deal"`` (``player`` was dealt ``cards``; a later deal for the
    same player replaces it), ``"card"`` (``player`` played ``cards[0]``),
    ``"undo"`` (takes back the latest deal or card still in force) or
    ``"reset"`` (the hand starts over: everything before it is out of force).
    ``player`` is a player's id, as in :class:`Change`. Events are append-only;
    the live hand is the rules engine's ``Deal`` folded from them (see
    :mod:`scorekeeper.game.hand`). ``seq`` numbers a round's events from 1, and its
    uniqueness makes two phones that record at once collide.
    """

    __tablename__ = "hand_events"
    __table_args__ = (UniqueConstraint("game_id", "round", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    round: Mapped[int]
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(WORD_LENGTH))
    player: Mapped[int | None]
    cards: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    author: Mapped[str | None] = mapped_column(String(NAME_LENGTH))

    game: Mapped[Game] = relationship(back_populates="hand_events")


class Link(db.Model):
    """A capability link to a game: whoever has the token has the role.

    ``role`` is ``"scorer"`` (may enter, correct, undo, delete, manage),
    ``"viewer"`` (read only) or ``"seat"`` (one player's own link: reads what a
    viewer reads and enters that ``player``'s bid and tricks only). A rotated
    link keeps its row with ``replaced_at`` set, so that it answers "this link
    was replaced" instead of "not found".
    """

    __tablename__ = "links"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(TOKEN_LENGTH), unique=True, default=new_link_token)
    role: Mapped[str] = mapped_column(String(WORD_LENGTH))
    #: The player's id (as in :class:`Change`) a seat link belongs to; None for
    #: the game's scorer and viewer links.
    player: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    replaced_at: Mapped[datetime | None]

    game: Mapped[Game] = relationship()


class DeviceGame(db.Model):
    """A game on a device's list: the device created it, opened its link or
    joined with its code. ``device`` is the id in the device's signed cookie."""

    __tablename__ = "device_games"
    __table_args__ = (UniqueConstraint("device", "game_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    device: Mapped[str] = mapped_column(String(TOKEN_LENGTH), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    link_id: Mapped[int] = mapped_column(ForeignKey("links.id", ondelete="CASCADE"))
    added_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: The player a scorer's phone says it is (its own seat, then offered to
    #: no other phone); None for any other. A seat link's phone is its link's player.
    player: Mapped[int | None]

    link: Mapped[Link] = relationship()
    game: Mapped[Game] = relationship()


class JoinCode(db.Model):
    """A short code another phone types to join a game, valid for half an hour
    from when the Share screen was last opened (see ``links.join_code``)."""

    __tablename__ = "join_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(JOIN_CODE_WIDTH), unique=True)
    link_id: Mapped[int] = mapped_column(ForeignKey("links.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime]

    link: Mapped[Link] = relationship()


class RosterChange(db.Model):
    """One entry in a device's append-only list of renames and merges of its
    players (see :mod:`scorekeeper.game.regulars`): ``kind`` is ``"rename"``
    or ``"merge"`` (``name`` is shown as ``to`` from now on) or ``"undo"``
    (the latest one in force is taken back). ``seq`` numbers a device's
    entries from 1; its uniqueness makes two tabs that write at once collide."""

    __tablename__ = "roster_changes"
    __table_args__ = (UniqueConstraint("device", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    device: Mapped[str] = mapped_column(String(TOKEN_LENGTH), index=True)
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(WORD_LENGTH))
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    to: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class GameFactsKept(db.Model):
    """That a finished game's lines for the statistics (:class:`PlayerLine`
    and :class:`PlayerLineSize`) are kept, as of the game's ``version``: any
    later write to the game (a correction) makes them stale, and they are
    folded again before they are read. Derived data, never a source."""

    __tablename__ = "game_facts"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    #: The game's :attr:`Game.version` the lines were folded at.
    version: Mapped[int]


class PlayerLine(db.Model):
    """One player's line of one finished game, as
    :func:`scorekeeper.game.statistics.game_facts` sums it up: kept so that the
    statistics add up one row a game in SQL. ``key`` is the name as compared
    (:func:`scorekeeper.game.names.name_key`)."""

    __tablename__ = "player_lines"
    # A device's games lead to their lines (never a name to every device's lines);
    # head to head reads the other players of a game from the index alone.
    __table_args__ = (Index("ix_player_lines_game_key", "game_id", "key", "name", "rank"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    total: Mapped[int]
    rank: Mapped[int]
    shared: Mapped[bool]
    #: Whether the lowest total won the game (then the best total is the lowest).
    lowest_wins: Mapped[bool]
    rounds: Mapped[int]
    made: Mapped[int]
    zero_made: Mapped[int]
    zero_bids: Mapped[int]
    diff: Mapped[int]
    run_first: Mapped[int]
    run_last: Mapped[int]
    run_best: Mapped[int]
    run_all: Mapped[bool]
    #: The starting points the player was given on joining late (in ``total``).
    start_points: Mapped[int] = mapped_column(default=0, server_default="0")
    #: The worst round (the fewest points, or the most where the lowest total
    #: wins): points, round, cards, bid, tricks and when it was closed (none
    #: without rounds; the time none for a round stored without one).
    worst_points: Mapped[int | None]
    worst_round: Mapped[int | None]
    worst_cards: Mapped[int | None]
    worst_bid: Mapped[int | None]
    worst_tricks: Mapped[int | None]
    worst_at: Mapped[datetime | None]
    #: The best round, the same way.
    best_points: Mapped[int | None]
    best_round: Mapped[int | None]
    best_cards: Mapped[int | None]
    best_bid: Mapped[int | None]
    best_tricks: Mapped[int | None]
    best_at: Mapped[datetime | None]


class PlayerLineSize(db.Model):
    """A player's bids made with one hand size in one finished game (a row
    for each size the player played, next to their :class:`PlayerLine`)."""

    __tablename__ = "player_line_sizes"
    __table_args__ = (Index("ix_player_line_sizes_game_key", "game_id", "key", "cards",
                            "made", "rounds"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    cards: Mapped[int]
    made: Mapped[int]
    rounds: Mapped[int]


class PlayerPair(db.Model):
    """How a player of a finished game fared against another (``other``, as
    stored), as head to head counts it: ``outcome`` 1 ahead, -1 behind, 0
    level, decided by the rounds both played
    (:func:`scorekeeper.game.statistics.game_facts`); none for two who never
    played a round together. Kept beside the :class:`PlayerLine` rows."""

    __tablename__ = "player_pairs"
    __table_args__ = (Index("ix_player_pairs_game_key", "game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    other: Mapped[str] = mapped_column(String(NAME_LENGTH))
    other_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    outcome: Mapped[int]


Index("ix_games_finished_updated", Game.finished, Game.updated_at)
