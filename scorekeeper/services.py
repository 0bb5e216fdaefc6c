"""The service layer: load a game, let the sheet check an entry, store it, commit.

Views call these functions and nothing else touches the session, so that every
write is one transaction and every check runs against the game as it is in the
database at that moment (another phone may have written in between).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import abort
from flask_babel import lazy_gettext as _l
from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .models import Change, Game, Player
from .rules import Ruleset, find_scoring
from .sheet import START_RULES, Sheet, SheetError, build_sheet

#: How often an entry is retried when another phone wrote the same change number.
WRITE_ATTEMPTS = 3

#: What a change's ``build`` function returns: its ``round``, ``seat`` and ``value``.
Fields = dict[str, Any]


def get_game(public_id: str) -> Game:
    """The game at this address.

    :raise 404: when there is no such game.
    """
    return db.first_or_404(select(Game).where(Game.public_id == public_id))


def check_still_there(game: Game) -> None:
    """After a write that failed: stop when another phone has deleted the game
    meanwhile (its changes then fail on the foreign key, again and again).

    :raise 404: when the game is gone.
    """
    game_id = inspect(game).identity[0]  # the instance may be expired: no refresh
    if db.session.scalar(select(Game.id).where(Game.id == game_id)) is None:
        abort(404)


def ruleset_of(game: Game) -> Ruleset:
    return Ruleset.from_dict(game.ruleset)


def load_changes(game: Game) -> list[Any]:
    """The game's changes, oldest first, as plain rows (no ORM objects to build:
    a bid tap in a long game reads several hundred of them)."""
    columns = (Change.seq, Change.kind, Change.round, Change.seat, Change.value,
               Change.created_at, Change.author)
    return list(db.session.execute(
        select(*columns).where(Change.game_id == game.id).order_by(Change.seq)
    ))


def load_sheet(game: Game, *, with_history: bool = False, changes: list | None = None) -> Sheet:
    """Fold the game's stored changes (or the ``changes`` given) into its sheet."""
    return build_sheet(
        ruleset_of(game), [p.name for p in game.players], game.first_dealer,
        load_changes(game) if changes is None else changes, with_history=with_history,
    )


def create_game(
    names: Sequence[str], preset: str, ruleset: Ruleset, first_dealer: int
) -> Game:
    """Store a new game and return it (committed)."""
    build_sheet(ruleset, list(names), first_dealer, [])  # refuses an impossible schedule
    game = Game(preset=preset, ruleset=ruleset.to_dict(), first_dealer=first_dealer)
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    db.session.add(game)
    db.session.commit()
    return game


def record(
    game: Game, kind: str, build: Callable[[Sheet], Fields], author: str | None = None
) -> Sheet:
    """Check a change against the game as stored, append it, commit; return the new sheet.

    ``build`` is called with the current sheet; it raises :class:`SheetError`
    when the change is refused, and otherwise returns the change's fields
    (``round``, ``seat``, ``value``). When another phone stored a change in
    between, ``build`` runs again on the new state.
    """
    for _attempt in range(WRITE_ATTEMPTS):
        changes = load_changes(game)
        fields = build(load_sheet(game, changes=changes))
        seq = changes[-1].seq + 1 if changes else 1
        change = Change(game_id=game.id, seq=seq, kind=kind, author=author, **fields)
        db.session.add(change)
        try:
            db.session.commit()
        except IntegrityError:  # another phone stored change number ``seq`` first
            db.session.rollback()
            check_still_there(game)
            continue
        return load_sheet(game, changes=[*changes, change])
    raise SheetError(_l("Another phone is entering for this game at the same moment; try again."))


def undo_last(game: Game, author: str | None = None) -> Sheet:
    """Take back the latest entry still in force (an undo is itself stored)."""

    def build(sheet: Sheet) -> Fields:
        if sheet.last_entry is None:
            raise SheetError(_l("There is nothing to undo yet."))
        return {"value": sheet.last_entry.seq}

    return record(game, "undo", build, author)


def join(
    game: Game, name: str, after: int | None, start_rule: str, start_number: int | None,
    author: str | None = None,
) -> Sheet:
    """A newcomer sits down after ``after`` (a player id; None: the first seat)."""

    def build(sheet: Sheet) -> Fields:
        start = sheet.check_join(name, after)
        if start_rule not in START_RULES:
            raise SheetError(_l("Choose how the new player's score starts."))
        if start_rule == "number" and start_number is None:
            raise SheetError(_l("Enter the new player's starting score."))
        return {
            "seat": max(sheet.members) + 1,
            "value": {
                "name": " ".join(name.split()), "after": after, "from": start,
                "start_rule": start_rule, "start_score": sheet.start_score(start_rule, start_number),
            },
        }

    return record(game, "join", build, author)


def leave(game: Game, player: int, author: str | None = None) -> Sheet:
    """A player leaves: they no longer play from the next open round on."""
    return record(
        game, "leave",
        lambda sheet: {"seat": player, "value": {"from": sheet.check_leave(player)}}, author,
    )


def sit_out(game: Game, player: int, number: int, author: str | None = None) -> Sheet:
    def build(sheet: Sheet) -> Fields:
        sheet.check_sit_out(player, number)
        return {"seat": player, "round": number}

    return record(game, "sitout", build, author)


def change_schedule(game: Game, op: dict[str, Any], author: str | None = None) -> Sheet:
    """Insert, change or remove a round not yet begun, or replace all of them."""

    def build(sheet: Sheet) -> Fields:
        sheet.check_schedule(op)
        return {"value": op}

    return record(game, "schedule", build, author)


def adjust(game: Game, player: int, points: int, reason: str, author: str | None = None) -> Sheet:
    """A one-off bonus or penalty, counted after the rounds closed so far."""

    def build(sheet: Sheet) -> Fields:
        sheet.check_adjustment(player, points, reason)
        value = {"points": points, "reason": reason.strip(), "after": len(sheet.closed_rounds)}
        return {"seat": player, "value": value}

    return record(game, "adjust", build, author)


def change_scoring(game: Game, name: str, author: str | None = None) -> Sheet:
    """Score the whole game under another scoring preset from now on."""

    def build(sheet: Sheet) -> Fields:
        if name == sheet.ruleset.scoring.name:
            raise SheetError(_l("The game is already scored that way."))
        return {"value": find_scoring(name).to_dict()}

    return record(game, "scoring", build, author)


def delete_game(game: Game) -> None:
    db.session.delete(game)
    db.session.commit()
