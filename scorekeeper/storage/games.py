"""The storage of games: the only place that reads or writes the models and
opens transactions.

A write loads the game's change log, folds it into the sheet, lets a function
of the game domain check the entry and build the change
(:mod:`scorekeeper.game.entries`), appends it and commits: one transaction,
checked against the game as it is in the database at that moment. When
another phone stored a change in between, the change numbers collide and the
whole write runs again on the new state (:func:`commit_retrying`, the one
retry loop). Nothing here speaks HTTP or words: errors are the domain's, and
a game that is not there is :class:`GameNotFound`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError

from ..game import GameError, HistoryEntry, NewChange, Sheet, build_sheet, history_of
from ..rules import Ruleset
from .database import db
from .models import Change, DeviceGame, Game, Link, Player

#: How often a write runs again when another phone wrote the same change number.
WRITE_ATTEMPTS = 3

T = TypeVar("T")


class GameNotFound(LookupError):
    """No game has this address (or it was deleted meanwhile)."""


def ruleset_of(game: Game) -> Ruleset:
    return Ruleset.from_dict(game.ruleset)


def load_changes(game: Game) -> list[Any]:
    """The game's changes, oldest first, as plain rows (no ORM objects to build:
    a bid tap in a long game reads several hundred of them)."""
    columns = (Change.seq, Change.kind, Change.round, Change.player, Change.value,
               Change.created_at, Change.author)
    return list(db.session.execute(
        select(*columns).where(Change.game_id == game.id).order_by(Change.seq)
    ))


def load_sheet(game: Game, changes: Sequence[Any] | None = None) -> Sheet:
    """Fold the game's stored changes (or the ``changes`` given) into its sheet."""
    return build_sheet(
        ruleset_of(game), [p.name for p in game.players], game.first_dealer,
        load_changes(game) if changes is None else changes,
    )


def load_history(game: Game) -> list[HistoryEntry]:
    """Every stored change of the game, described, oldest first."""
    return history_of(ruleset_of(game), [p.name for p in game.players], game.first_dealer,
                      load_changes(game))


def create_game(names: Sequence[str], preset: str, ruleset: Ruleset, first_dealer: int,
                device: str | None = None, series: str | None = None) -> tuple[Game, Link]:
    """Store a new game with its links, on the device's list; return it and
    its scorer link (one transaction).

    :raise RulesError: when the rules cannot deal a game to these players.
    """
    sheet = build_sheet(ruleset, list(names), first_dealer, [])  # refuses an impossible schedule
    game = Game(preset=preset, ruleset=ruleset.to_dict(), first_dealer=first_dealer,
                summary=sheet.summary(), finished=sheet.is_finished, series=series)
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    db.session.add(game)
    scorer = Link(game=game, role="scorer")
    db.session.add_all([scorer, Link(game=game, role="viewer")])
    if device is not None:
        db.session.add(DeviceGame(device=device, game=game, link=scorer))
    db.session.commit()
    return game, scorer


def summary_of(game: Game) -> dict[str, Any]:
    """What a list of games shows of the game. A game stored before summaries
    existed gets its summary from the fold once, kept from then on."""
    if game.summary is None:
        keep_summary(game, load_sheet(game))
        db.session.commit()
    return game.summary


def keep_summary(game: Game, sheet: Sheet) -> None:
    """The game's summary and status as of ``sheet``, in the current transaction."""
    game.summary = sheet.summary()
    game.finished = sheet.is_finished


def delete_game(game: Game) -> None:
    db.session.delete(game)
    db.session.commit()


def check_still_there(game: Game) -> None:
    """After a write that failed: stop when another phone has deleted the game
    meanwhile (its rows then fail on the foreign key, again and again).

    :raise GameNotFound: when the game is gone.
    """
    game_id = inspect(game).identity[0]  # the instance may be expired: no refresh
    if db.session.scalar(select(Game.id).where(Game.id == game_id)) is None:
        raise GameNotFound(game.public_id)


def commit_retrying(game: Game, attempt: Callable[[], T], busy: GameError) -> T:
    """Run ``attempt`` (it reads the game, checks, and adds rows to the
    session), then commit; when another phone took the same number first,
    roll back and run it again. ``busy`` is raised when every attempt collided.

    A refused write raises from ``attempt`` before anything is added, so
    nothing is stored.
    """
    for _attempt in range(WRITE_ATTEMPTS):
        result = attempt()
        try:
            db.session.commit()
        except IntegrityError:  # another phone stored the same number first
            db.session.rollback()
            check_still_there(game)
            continue
        return result
    raise busy


Build = Callable[..., NewChange | list[NewChange]]


def record(game: Game, build: Build, *args: Any, author: str | None = None,
           **kwargs: Any) -> Sheet:
    """Check an entry against the game as stored, append its changes, commit;
    return the new sheet.

    ``build(sheet, *args, **kwargs)`` is a function of
    :mod:`scorekeeper.game.entries` (or one like it): it raises
    :class:`~scorekeeper.game.GameError` when the entry is refused and
    otherwise returns the change (or changes) to store; none, and nothing is
    written.
    """

    def attempt() -> Sheet:
        changes = load_changes(game)
        sheet = load_sheet(game, changes)
        built = build(sheet, *args, **kwargs)
        if built == []:
            return sheet  # nothing to store: the entry holds that value already
        seq = changes[-1].seq if changes else 0
        rows = []
        for new in built if isinstance(built, list) else [built]:
            seq += 1
            rows.append(Change(game_id=game.id, seq=seq, kind=new.kind, round=new.round,
                               player=new.player, value=new.value, author=author))
        db.session.add_all(rows)
        sheet = load_sheet(game, [*changes, *rows])
        keep_summary(game, sheet)  # in the same transaction as the change
        return sheet

    return commit_retrying(game, attempt, GameError("busy"))
