"""The storage of recorded hands: load a round's hand events, append new ones.

Like :mod:`scorekeeper.storage.games`, every write is one unit of work
(:func:`scorekeeper.storage.unit.write`) checked against the hand as stored:
it raises the game's version, and runs again when another phone wrote first.
Hand events change nothing on the sheet, so a write folds the new events onto
the hand it loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import select

from ..game import Conflict, Hand, Sheet, fold_hand
from ..game.hand import NewHandEvent
from ..game.hand_entries import replay_changes
from ..game.penalties import penalty_changes
from .database import db
from .games import load_sheet, record
from .models import Game, HandEvent
from .unit import Unit, write


def load_events(game: Game, number: int) -> list[HandEvent]:
    return list(db.session.scalars(
        select(HandEvent).where(HandEvent.game_id == game.id, HandEvent.round == number)
        .order_by(HandEvent.seq)
    ))


def load_hand(game: Game, number: int) -> Hand:
    """The recorded hand of round ``number``, on the game's sheet.

    :raise NoSuchRound: when the game has no such round.
    :raise HandNotReady: when the round's hand cannot be recorded yet.
    """
    return fold_hand(load_sheet(game), number, load_events(game, number))


def record_hand(game: Game, number: int, build: Callable[..., list[NewHandEvent]], *args: Any,
                author: str | None = None, hand: Hand | None = None, **kwargs: Any) -> Hand:
    """Check a tap against the hand as stored, append its events, commit;
    return the new hand.

    ``build(hand, *args, **kwargs)`` is a function of
    :mod:`scorekeeper.game.hand_entries`. ``hand`` is the hand the caller has
    just loaded, if any (it saves loading it again on the first attempt).
    """

    def work(unit: Unit) -> Hand:
        nonlocal hand
        current = hand if hand is not None else load_hand(game, number)
        hand = None  # a second attempt loads the hand again
        built = build(current, *args, **kwargs)
        last = current.last_seq
        rows = [HandEvent(game_id=game.id, round=number, seq=last + i, kind=new.kind,
                          player=new.player, cards=new.cards, author=author)
                for i, new in enumerate(built, start=1)]
        db.session.add_all(rows)
        folded = fold_hand(current.sheet, number, [*current.events, *rows])
        unit.claim(game)
        return folded

    return write(work, over=(game,), busy=Conflict("hand-busy"))


def apply_replay(game: Game, number: int, author: str | None = None) -> Sheet:
    """Write the replayed tricks of the round's complete hand into the round
    (see :func:`scorekeeper.game.hand_entries.replay_changes`)."""
    return record(game, lambda sheet: replay_changes(
        fold_hand(sheet, number, load_events(game, number))), author=author)


def apply_penalty(game: Game, number: int, trick: int, choice: int, reason: str,
                  author: str | None = None, harmed: int | None = None) -> Sheet:
    """Store the penalty for the revoke in ``trick`` of the round's complete hand
    (see :func:`scorekeeper.game.penalties.penalty_changes`; ``harmed`` is who
    gets the tricks of a penalty that moves them)."""
    return record(game, lambda sheet: penalty_changes(
        fold_hand(sheet, number, load_events(game, number)), trick, choice, reason, harmed),
        author=author)
