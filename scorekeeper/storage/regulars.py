"""The device's regulars: its regular players and its renames and merges.

Read only from the games on the device's list (through a link in force):
nothing of a game the device has no link to. A rename or a merge is one
appended row (:class:`~scorekeeper.storage.models.RosterChange`), as is its
undo; nothing is updated in place. In the same transaction it reaches every
game the device scores (through a scorer link in force): each gets the
``name`` changes of :mod:`scorekeeper.game.renames` in its own change log,
its version raised by compare-and-swap as every write does: the rename is one
unit of work over all of those games (:func:`scorekeeper.storage.unit.write`).
A game the device only views, or has no link to, is never written.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from ..game import NewChange, Sheet, effective_changes
from ..game.renames import renamed, renamed_back
from ..game.regulars import Aliases, Regular, regulars
from ..game.names import name_key
from . import folds
from .database import db
from .games import stage
from .links import SCORER
from .models import Change, DeviceGame, Game, Link, Player, RosterChange
from .unit import Unit, write


class RegularsBusy(RuntimeError):
    """Another tab of the device kept renaming its regulars meanwhile."""


def device_games_finished(device: str) -> dict[int, bool]:
    """The games on the device's list, through a link in force, by id: whether
    each is finished."""
    return dict(db.session.execute(
        select(DeviceGame.game_id, Game.finished).join(Link, Link.id == DeviceGame.link_id)
        .join(Game, Game.id == DeviceGame.game_id)
        .where(DeviceGame.device == device, Link.replaced_at.is_(None))
        .order_by(DeviceGame.game_id)).all())


def names_by_game(ids: list[int]) -> dict[int, list[str]]:
    """Every name of each of these games: the starters and the newcomers who
    joined (joins undone are counted too, a typo of a name is rare and
    harmless in a list of suggestions), each as the game calls them now (its
    ``name`` changes applied)."""
    players: dict[int, dict[int, str]] = {gid: {} for gid in ids}
    if not ids:
        return {}
    for gid, seat, name in db.session.execute(
            select(Player.game_id, Player.seat, Player.name).where(Player.game_id.in_(ids))
            .order_by(Player.game_id, Player.seat)):
        players[gid][len(players[gid])] = name
    for gid, kind, player, value in db.session.execute(
            select(Change.game_id, Change.kind, Change.player, Change.value)
            .where(Change.game_id.in_(ids), Change.kind.in_(("join", "name")))
            .order_by(Change.game_id, Change.seq)):
        if isinstance(value, dict) and isinstance(value.get("name"), str):
            players[gid][player] = value["name"]
    return {gid: list(names.values()) for gid, names in players.items()}


def name_changes(device: str) -> list[RosterChange]:
    return list(db.session.scalars(select(RosterChange).where(RosterChange.device == device)
                                   .order_by(RosterChange.seq)))


def aliases(device: str) -> Aliases:
    return Aliases(name_changes(device))


def device_regulars(device: str, known: Aliases | None = None) -> list[Regular]:
    """The device's regular players, most games first, with how many of
    their games are finished; ``known``: the device's aliases, when the
    caller has read them already."""
    finished = device_games_finished(device)
    names = names_by_game(list(finished))
    return regulars(names.values(), known or aliases(device), [finished[gid] for gid in names])


def scorer_games(device: str) -> list[Game]:
    """The games the device may write to: on its list through a scorer link in force."""
    return list(db.session.scalars(
        select(Game).join(DeviceGame, DeviceGame.game_id == Game.id)
        .join(Link, Link.id == DeviceGame.link_id)
        .where(DeviceGame.device == device, Link.replaced_at.is_(None), Link.role == SCORER)
        .order_by(Game.id)))


def _write(device: str, kind: str, name: str | None, to: str | None,
           changes_of: Callable[[Sheet, int], list[NewChange]]) -> None:
    """Append a rename row and, in every game the device scores, the changes
    ``changes_of(sheet, tag)`` gives for it (``tag`` names the rename the
    row makes or takes back): one transaction, run again when another tab or
    phone wrote first.

    :raise GameError: when a game refuses its changes (nothing is stored).
    """

    def work(unit: Unit) -> None:
        last = db.session.scalar(select(RosterChange.seq).where(RosterChange.device == device)
                                 .order_by(RosterChange.seq.desc()).limit(1)) or 0
        row = RosterChange(device=device, seq=last + 1, kind=kind, name=name, to=to)
        db.session.add(row)
        db.session.flush()  # the row's id tags the games' changes
        tag = row.id if kind != "undo" else in_force(device, before=row.seq)[-1].id
        for game in scorer_games(device):
            fold = folds.fold_of(game)
            built = changes_of(fold.sheet, tag)
            if built:
                stage(unit, game, fold, built, None)

    write(work, busy=RegularsBusy(device))


def rename(device: str, kind: str, name: str, to: str) -> None:
    """Record that the regular shown as ``name`` is called ``to`` from now on
    (``kind`` "rename"), or is the regular ``to`` ("merge"), and rename them
    so in every game the device scores.

    :raise GameError: ``same-name`` when a game has players called both.
    """
    shown, key = aliases(device).resolve, name_key(name)
    _write(device, kind, name, to, lambda sheet, tag: renamed(
        sheet, lambda spelt: name_key(shown(spelt)) == key, to, tag))


def undo(device: str) -> None:
    """Take back the latest rename or merge in force, in the regulars and in
    every game it reached that the device still scores."""
    if in_force(device):
        _write(device, "undo", None, None, renamed_back)


def in_force(device: str, before: int | None = None,
             rows: list[RosterChange] | None = None) -> list[RosterChange]:
    """The renames and merges in force, oldest first (what an undo can take
    back); ``before``: as of the rows numbered before it; ``rows``: the
    device's :func:`name_changes`, when the caller has read them already."""
    rows = name_changes(device) if rows is None else rows
    return effective_changes([row for row in rows if before is None or row.seq < before])
