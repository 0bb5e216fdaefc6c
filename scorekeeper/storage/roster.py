"""The device's roster: its regular players and its renames and merges.

Read only from the games on the device's list (through a link in force):
nothing of a game the device has no link to. A rename or a merge is one
appended row (:class:`~scorekeeper.storage.models.RosterChange`), as is its
undo; nothing is updated in place.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..game.roster import Aliases, Regular, regulars
from .database import db
from .models import Change, DeviceGame, Link, Player, RosterChange

#: How often a rename runs again when another tab wrote the same number.
WRITE_ATTEMPTS = 3


class RosterBusy(RuntimeError):
    """Another tab of the device kept changing the roster meanwhile."""


def device_game_ids(device: str) -> list[int]:
    """The ids of the games on the device's list, through a link in force."""
    return list(db.session.scalars(
        select(DeviceGame.game_id).join(Link, Link.id == DeviceGame.link_id)
        .where(DeviceGame.device == device, Link.replaced_at.is_(None))
        .order_by(DeviceGame.game_id)))


def names_by_game(device: str) -> dict[int, list[str]]:
    """Every name of every game on the device's list: the starters and the
    newcomers who joined (as stored; joins undone are counted too, a typo
    of a name is rare and harmless in a list of suggestions)."""
    ids = device_game_ids(device)
    games: dict[int, list[str]] = {gid: [] for gid in ids}
    if not ids:
        return games
    for gid, name in db.session.execute(
            select(Player.game_id, Player.name).where(Player.game_id.in_(ids))
            .order_by(Player.game_id, Player.seat)):
        games[gid].append(name)
    for gid, value in db.session.execute(
            select(Change.game_id, Change.value).where(Change.game_id.in_(ids),
                                                      Change.kind == "join")):
        if isinstance(value, dict) and isinstance(value.get("name"), str):
            games[gid].append(value["name"])
    return games


def roster_changes(device: str) -> list[RosterChange]:
    return list(db.session.scalars(select(RosterChange).where(RosterChange.device == device)
                                   .order_by(RosterChange.seq)))


def aliases(device: str) -> Aliases:
    return Aliases(roster_changes(device))


def device_regulars(device: str) -> list[Regular]:
    """The device's regular players, most games first."""
    return regulars(names_by_game(device).values(), aliases(device))


def append(device: str, kind: str, name: str | None = None, to: str | None = None) -> None:
    """Append a rename, a merge or an undo to the device's roster (its own transaction)."""
    for _attempt in range(WRITE_ATTEMPTS):
        last = db.session.scalar(select(RosterChange.seq).where(RosterChange.device == device)
                                 .order_by(RosterChange.seq.desc()).limit(1)) or 0
        db.session.add(RosterChange(device=device, seq=last + 1, kind=kind, name=name, to=to))
        try:
            db.session.commit()
        except IntegrityError:  # another tab wrote the same number first
            db.session.rollback()
            continue
        return
    raise RosterBusy(device)


def in_force(device: str) -> list[RosterChange]:
    """The renames and merges in force, oldest first (what an undo can take back)."""
    from ..game import effective_changes

    return effective_changes(roster_changes(device))
