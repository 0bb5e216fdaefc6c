"""Retention: which old games the operator's ``games prune`` deletes, how
much is stored of them, and their deletion batch by batch.

A game is *untouched since* a moment when nothing of it was written at or
after it: its ``updated_at`` (raised by every write since games have a
version, :func:`~.unit.claim_version`, and by keeping its status or joining a
series) and the times of its changes and hand events (before games had a
version, a bid or a card left ``updated_at`` as it was) are all earlier.
Opening a game, or a phone putting it on its list, writes nothing of it. An
imported game keeps the times of its archive.

:class:`Rule` says the moment each kind of game must be untouched since; a
game of a series (Play again) goes only with its whole series, so that the
standings of a series still played never lose a game. Each game is deleted
whole by :func:`~.games.drop_game`, the one deletion path, a batch of games
a unit of work (:func:`~.unit.write`): neither one giant transaction nor
every game in memory.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Select, and_, exists, func, not_, or_, select
from sqlalchemy.orm import aliased

from .database import db
from .games import drop_game
from .models import Change, Game, HandEvent
from .unit import Unit, write

#: How many games one unit of work deletes: the session loads a game's
#: changes and hand events to delete them (a long game has about a thousand).
BATCH = 50


class PruneBusy(RuntimeError):
    """The games of a batch were written to again and again while it was
    being deleted (the batches deleted before stay deleted)."""


@dataclass(frozen=True)
class Rule:
    """Which games to prune, as moments (UTC, without tzinfo, as stored).

    ``finished_before``: a finished game untouched since this moment.
    ``untouched_since``: a game untouched since this moment, finished or
    not; given with ``finished_before``, the unfinished games only (the
    finished ones follow ``finished_before``: an operator keeps finished
    games longer than abandoned ones). A game whose status was never worked
    out (stored before games kept one, and listed on no phone since) may be
    either: it goes only when both moments are given and it is untouched
    since the earlier one.
    """

    finished_before: datetime | None = None
    untouched_since: datetime | None = None

    def __post_init__(self) -> None:
        if self.finished_before is None and self.untouched_since is None:
            raise ValueError("a rule needs finished_before, untouched_since or both")

    @property
    def finished_cutoff(self) -> datetime:
        """The moment a finished game must be untouched since."""
        return self.finished_before or self.untouched_since  # type: ignore[return-value]


@dataclass(frozen=True)
class Counts:
    """How much is (or was) stored of some games."""

    games: int = 0
    changes: int = 0
    hand_events: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.games + other.games, self.changes + other.changes,
                      self.hand_events + other.hand_events)


def _untouched(game, moment: datetime) -> ColumnElement[bool]:
    """Whether nothing of the game was written at or after ``moment``."""
    return and_(game.updated_at < moment,
                not_(exists().where(Change.game_id == game.id, Change.created_at >= moment)),
                not_(exists().where(HandEvent.game_id == game.id,
                                    HandEvent.created_at >= moment)))


def _matches(game, rule: Rule) -> ColumnElement[bool]:
    """Whether the rule selects the game (``Game`` or an alias of it), its series aside."""
    selected = [and_(game.finished.is_(True), _untouched(game, rule.finished_cutoff))]
    if rule.untouched_since is not None:
        earlier = min(rule.finished_cutoff, rule.untouched_since)
        selected += [and_(game.finished.is_(False), game.summary.is_not(None),
                          _untouched(game, rule.untouched_since)),
                     and_(game.summary.is_(None), _untouched(game, earlier))]
    return or_(*selected)


def prunable(rule: Rule) -> Select:
    """The ids of the games the rule prunes: those it selects whose series
    has no game it does not select (a query, not yet run; never correlated
    with one it is put in)."""
    other = aliased(Game)
    kept_in_series = exists().where(other.series == Game.series, not_(_matches(other, rule)))
    return select(Game.id).where(_matches(Game, rule), not_(kept_in_series)).correlate(None)


def _counts(ids: Select | Sequence[int]) -> Counts:
    """How much is stored of these games (a query of their ids, or the ids)."""

    def rows(column) -> int:
        return db.session.scalar(select(func.count()).where(column.in_(ids)))

    return Counts(rows(Game.id), rows(Change.game_id), rows(HandEvent.game_id))


def count(rule: Rule) -> Counts:
    """How much a prune by the rule would delete, as stored now."""
    return _counts(prunable(rule))


def prune(rule: Rule, batch: int = BATCH) -> Iterator[Counts]:
    """Delete the games the rule prunes, oldest first, ``batch`` games a unit
    of work; yield what each batch deleted. A game written to between its
    selection and its deletion stays: its version is claimed first, and a
    lost claim runs the batch again on what is stored then.

    :raise PruneBusy: when a batch lost every attempt.
    """
    selection = select(Game).where(Game.id.in_(prunable(rule))).order_by(Game.id).limit(batch)
    while True:
        deleted = write(lambda unit: _delete(unit, selection), busy=PruneBusy())
        if not deleted.games:
            return
        yield deleted


def _delete(unit: Unit, selection: Select) -> Counts:
    """Delete the games of one batch in the unit; what was stored of them."""
    games = db.session.scalars(selection).all()
    found = _counts([game.id for game in games])
    for game in games:
        unit.claim(game)  # as selected: a phone that wrote since keeps its game
        drop_game(unit, game)
    return found
