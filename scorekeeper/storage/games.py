"""The storage of games: load a game and its sheet; check, append and
commit its changes.

A write takes the game's sheet (the fold of its change log, kept between
requests and extended by the newer changes only: :mod:`.folds`), lets a
function of the game domain check the entry and build the change
(:mod:`scorekeeper.game.entries`), appends it and commits: one unit of work
(:func:`scorekeeper.storage.unit.write`, the one write path), checked against
the game as it is in the database at that moment. Every write raises the
game's ``version`` by compare-and-swap
(:func:`~scorekeeper.storage.unit.claim_version`): when another phone, on
this server or another, wrote in between, the swap finds another number (or
the change numbers collide), nothing is stored and the whole write runs again
on the new state. Nothing here speaks HTTP or words: errors are the domain's,
and a game that is not there is :class:`GameNotFound`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.exc import SQLAlchemyError

from ..game import GameError, HistoryEntry, NewChange, Sheet, build_sheet, history_of
from ..game.fold import SUMMARY_KEEPING
from ..game.roles import SCORER, SEAT, VIEWER
from ..game.settling import Stake, set_stake
from ..rules import Ruleset
from . import folds
from .database import db
from .folds import StoredChange
from .models import Change, DeviceGame, Game, Link, Player, utcnow
# GameNotFound: the callers of games find it here.
from .unit import GameNotFound, NothingToStore, Unit, write  # noqa: F401


def ruleset_of(game: Game) -> Ruleset:
    return Ruleset.from_dict(game.ruleset)


def load_changes(game: Game, after: int = 0) -> list[StoredChange]:
    """The game's changes (those numbered after ``after``), oldest first, as
    plain rows (no ORM objects to build: a bid tap in a long game reads
    several hundred of them). The newest few come from the game's kept fold
    with no query (a tap's panel carries them, web/round_screen.py's
    ``log_tail``)."""
    kept = folds.kept_changes_after(game, after)
    return kept if kept is not None else folds.changes_after(game, after)


def load_sheet(game: Game, changes: Sequence[Any] | None = None) -> Sheet:
    """The sheet of the game's stored changes (kept from an earlier request and
    extended, see :mod:`.folds`), or the fold of the ``changes`` given."""
    if changes is None:
        return folds.fold_of(game).sheet
    return build_sheet(ruleset_of(game), [p.name for p in game.players], game.first_dealer,
                       changes)


def load_history(game: Game) -> list[HistoryEntry]:
    """Every stored change of the game, described, oldest first."""
    return history_of(ruleset_of(game), [p.name for p in game.players], game.first_dealer,
                      load_changes(game))


def create_game(names: Sequence[str], preset: str, ruleset: Ruleset, first_dealer: int,
                device: str | None = None, series: str | None = None,
                stake: Stake | None = None) -> tuple[Game, Link]:
    """Store a new game with its links, on the device's list; return it and
    its scorer link (one unit of work, with whatever the session holds
    already: the game it follows joining its series).

    :raise RulesError: when the rules cannot deal a game to these players
        (nothing is stored).
    :raise GameError: when the stake is out of range (nothing is stored).
    """
    return write(lambda unit: add_game(unit, names, preset, ruleset, first_dealer, device,
                                       series, stake))


def add_game(unit: Unit, names: Sequence[str], preset: str, ruleset: Ruleset,
             first_dealer: int, device: str | None = None,
             series: str | None = None, stake: Stake | None = None) -> tuple[Game, Link]:
    """Write a new game with its links in the unit (:func:`create_game`): a
    scorer's and a viewer's, and in a game that follows another of its
    ``series`` each player's seat link too, where the players' own phones
    go next (:func:`scorekeeper.storage.series.rematch_seat`); ``stake``, the
    stake per point the table plays for, is its first change.

    :raise RulesError: when the rules cannot deal a game to these players.
    :raise GameError: when the stake is out of range.
    """
    sheet = build_sheet(ruleset, list(names), first_dealer, [])  # refuses an impossible schedule
    game = Game(preset=preset, ruleset=ruleset.to_dict(), first_dealer=first_dealer,
                summary=sheet.summary(), finished=sheet.is_finished, series=series)
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    db.session.add(game)
    scorer = Link(game=game, role=SCORER)
    db.session.add_all([scorer, Link(game=game, role=VIEWER)])
    if series is not None:
        db.session.add_all([Link(game=game, role=SEAT, player=player) for player in sheet.circle])
    if device is not None:
        db.session.add(DeviceGame(device=device, game=game, link=scorer))
    if stake is not None:
        db.session.flush()  # the game's id, for its first change
        fold = folds.fold_of(game)
        stage(unit, game, fold, set_stake(fold.sheet, stake.per_point, stake.symbol), None)
    return game, scorer


def summary_of(game: Game) -> dict[str, Any]:
    """What a list of games shows of the game. A game stored before summaries
    existed has none until its next change stores one (:func:`stage`): its
    fold says it meanwhile, written by no read."""
    if game.summary is None:
        return load_sheet(game).summary()
    return game.summary


def keep_summary(game: Game, sheet: Sheet) -> None:
    """The game's summary and status as of ``sheet``, in the current transaction."""
    game.summary = sheet.summary()
    game.finished = sheet.is_finished


def delete_game(game: Game) -> None:
    """Delete the game and everything stored of it, for good (one unit of work)."""
    write(lambda unit: drop_game(unit, game))


def drop_game(unit: Unit, game: Game) -> None:
    """Delete the game in the unit, whole: its players, changes and hand
    events (the session's cascade), its links with their join codes, its
    places on devices' lists and its kept statistics lines (the database's,
    ``ondelete="CASCADE"``). The one way a game is deleted, one game
    (:func:`delete_game`) or many (:mod:`.retention`). The other games of its
    series keep theirs; its fold is forgotten once the unit is committed."""
    public_id = game.public_id
    db.session.delete(game)
    unit.after_commit(lambda: folds.forget(public_id))


Build = Callable[..., NewChange | list[NewChange]]


def stage(unit: Unit, game: Game, fold: folds.Fold, built: list[NewChange],
          author: str | None, by_player: bool = False) -> folds.Fold:
    """Write checked changes in the unit as the game's next ones (after
    ``fold``, its fold as read in this transaction), with its summary, and
    claim the game's version; the fold with them, kept once the unit is
    committed. ``by_player``: the player entered them through their seat link."""
    seq, now, stored = fold.version, utcnow(), []
    for new in built:
        seq += 1
        # The value as the database gives it back (JSON: lists, string keys).
        value = json.loads(json.dumps(new.value))
        stored.append(StoredChange(seq, new.kind, new.round, new.player, value, now, author,
                                   by_player))
    # A statement of the table: the rows go in at once, with no object to flush.
    unit.execute(insert(Change.__table__),
                 [{"game_id": game.id, **row._asdict()} for row in stored])
    fold = fold.extend(stored)
    if game.summary is None or not all(row.kind in SUMMARY_KEEPING for row in stored):
        keep_summary(game, fold.sheet)  # in the same transaction as the change
    unit.claim(game)
    unit.keep(game, fold)
    return fold


def record(game: Game, build: Build, *args: Any, author: str | None = None,
           by_player: bool = False, **kwargs: Any) -> Sheet:
    """Check an entry against the game as stored, append its changes, commit;
    return the new sheet.

    ``build(sheet, *args, **kwargs)`` is a function of
    :mod:`scorekeeper.game.entries` (or one like it): it raises
    :class:`~scorekeeper.game.GameError` when the entry is refused and
    otherwise returns the change (or changes) to store; none, and nothing is
    written. ``by_player``: the player entered it through their seat link.
    """

    def work(unit: Unit) -> folds.Fold:
        fold = folds.fold_of(game)
        built = build(fold.sheet, *args, **kwargs)
        if built == []:  # the entry holds that value already
            raise NothingToStore(fold)
        return stage(unit, game, fold, built if isinstance(built, list) else [built], author,
                     by_player)

    return write(work, over=(game,), busy=GameError("busy")).sheet


def answers() -> bool:
    """Whether the database answers a real question: a game, a link and a
    change can be read (the tables are there, with the columns this code
    reads). False after a restore of a file that was no Scorekeeper database."""
    try:
        db.session.execute(select(Game.id, Game.public_id, Game.version).limit(1)).all()
        db.session.execute(select(Link.id, Link.token, Link.role).limit(1)).all()
        db.session.execute(select(Change.id, Change.seq, Change.kind).limit(1)).all()
    except SQLAlchemyError:
        db.session.rollback()
        return False
    return True
