"""The service layer: load a game, let the sheet check an entry, store it, commit.

Views call these functions and nothing else touches the session, so that every
write is one transaction and every check runs against the game as it is in the
database at that moment (another phone may have written in between).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .models import Change, Game, Player
from .rules import Ruleset
from .sheet import Sheet, SheetError, build_sheet

#: How often an entry is retried when another phone wrote the same change number.
WRITE_ATTEMPTS = 3


def get_game(public_id: str) -> Game:
    """The game at this address.

    :raise 404: when there is no such game.
    """
    return db.first_or_404(select(Game).where(Game.public_id == public_id))


def ruleset_of(game: Game) -> Ruleset:
    return Ruleset.from_dict(game.ruleset)


def load_sheet(game: Game) -> Sheet:
    """Fold the game's stored changes into its sheet."""
    return build_sheet(
        ruleset_of(game), [p.name for p in game.players], game.first_dealer, game.changes
    )


def create_game(
    names: Sequence[str], preset: str, ruleset: Ruleset, first_dealer: int
) -> Game:
    """Store a new game and return it (committed)."""
    game = Game(preset=preset, ruleset=ruleset.to_dict(), first_dealer=first_dealer)
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    build_sheet(ruleset, list(names), first_dealer, [])  # refuses an impossible schedule
    db.session.add(game)
    db.session.commit()
    return game


def record(
    game: Game,
    check: Callable[[Sheet], Any],
    kind: str,
    *,
    round: int | None = None,
    seat: int | None = None,
    value: Any = None,
    value_of: Callable[[Sheet], Any] | None = None,
    author: str | None = None,
) -> Sheet:
    """Check an entry against the game as stored, append it, commit; return the new sheet.

    ``check`` is called with the current sheet and raises :class:`SheetError`
    when the entry is refused; ``value_of``, if given, computes the stored value
    from that sheet. When another phone stored a change in between,
    the check runs again on the new state.
    """
    for attempt in range(WRITE_ATTEMPTS):
        sheet = load_sheet(game)
        check(sheet)
        if value_of is not None:
            value = value_of(sheet)
        seq = (db.session.scalar(
            select(func.max(Change.seq)).where(Change.game_id == game.id)
        ) or 0) + 1
        change = Change(
            game_id=game.id, seq=seq, kind=kind, round=round, seat=seat, value=value, author=author
        )
        db.session.add(change)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            db.session.expire(game)
            continue
        db.session.expire(game, ["changes"])
        return load_sheet(game)
    raise SheetError(_l("Another phone is entering for this game at the same moment; try again."))


def undo_last(game: Game, author: str | None = None) -> Sheet:
    """Take back the latest entry still in force (an undo is itself stored)."""

    def check(sheet: Sheet) -> None:
        if sheet.last_entry is None:
            raise SheetError(_l("There is nothing to undo yet."))

    return record(
        game, check, "undo", value_of=lambda sheet: sheet.last_entry.seq, author=author
    )


def delete_game(game: Game) -> None:
    db.session.delete(game)
    db.session.commit()
