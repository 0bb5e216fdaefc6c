"""A player renamed in a game from the device's roster ("Kasia" is now
"Katarzyna", or merged into her), and that rename taken back.

A rename or a merge on the Players page reaches every game the device scores:
in each, one ``name`` change per player it renames, tagged with the rename's
number on the device (``roster``) and holding the name before (``was``).
Taking the rename back adds, in each game it reached, a ``name`` change back
to that name, tagged alike and marked ``undo``. The game's own undo never
takes either back (:data:`~scorekeeper.game.rounds.NOT_UNDONE`): the roster
that made them does. The fold applies them like any change, so the standings,
the round screens, the history, the exports and the statistics all show the
name in force.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.numbers import is_whole
from .errors import GameError
from .rounds import NewChange
from .names import NAME_LENGTH, name_key
from .sheet import Sheet

def rename_member(sheet: Sheet, player: int, name: str, tag: int) -> NewChange:
    """Player ``player`` is called ``name`` from now on (rename ``tag`` of the roster).

    :raise GameError: when another player of the game has that name already
        (``same-name``) or the name is empty.
    :raise ValueError: for a player the game does not have, or a name that is too long.
    """
    current = sheet.members[player].name  # KeyError: the log checks call it malformed
    name = " ".join(name.split())
    if not name:
        raise GameError("join-no-name")
    if len(name) > NAME_LENGTH or not is_whole(tag):
        raise ValueError("not a name change the roster makes")
    if any(pid != player and name_key(m.name) == name_key(name)
           for pid, m in sheet.members.items()):
        raise GameError("same-name", name=name)
    return NewChange("name", player=player, value={"name": name, "was": current, "roster": tag})


def renamed(sheet: Sheet, is_renamed: Callable[[str], bool], name: str, tag: int
            ) -> list[NewChange]:
    """The changes that call every player whose name ``is_renamed`` says
    (the roster's old name, however spelt) ``name`` (none when the game has no such player).

    :raise GameError: when another player of the game is called ``name`` already.
    """
    return [rename_member(sheet, pid, name, tag) for pid, member in sheet.members.items()
            if is_renamed(member.name) and member.name != name]


def renamed_back(sheet: Sheet, tag: int) -> list[NewChange]:
    """The changes that take rename ``tag`` back in this game: each player it
    renamed (and that is not renamed back yet) gets the name they had before."""
    forward: dict[int, dict] = {}
    for change in sheet.effective:
        if change.kind != "name" or change.value.get("roster") != tag:
            continue
        if change.value.get("undo"):
            forward.pop(change.player, None)
        else:
            forward[change.player] = change.value
    return [NewChange("name", player=player, value={
        "name": value["was"], "was": sheet.members[player].name, "roster": tag, "undo": True})
        for player, value in forward.items()
        if player in sheet.members]  # (not a newcomer whose join was taken back since)
