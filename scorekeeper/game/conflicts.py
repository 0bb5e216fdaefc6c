"""Entries a phone set while it had no network that another phone set
otherwise meanwhile: what the scorer settles, one tap per entry.

A phone back online sends its own log through the write path; an entry whose
``was`` no longer holds is refused there as a
:class:`~scorekeeper.game.errors.Conflict` and nothing is stored. The phone
then asks which of those entries still differ, with the value it holds for
each (the last one it set). This module compares them with the round as the
asking link sees it; settling is one more entry through the write path, made
on the value the sheet holds now (its ``was``).

>>> from scorekeeper.game.rounds import RoundSheet
>>> rnd = RoundSheet(number=1, cards=3, expects_trump=True, dealer=0, order=[1, 0],
...                  hook_active=True, in_turn=True, bids={1: 2})
>>> unsettled(rnd, [("bid", 1, 3), ("bid", 0, 1), ("tricks", 1, 0)])
[Unsettled(entry='bid', player=1, mine=3, theirs=2)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .rounds import RoundSheet

#: The live entries a conflict can be settled for (the round being played).
SETTLED_ENTRIES = ("trump", "bid", "tricks")
#: The trump of a round no phone has chosen it for yet (as ``entries.trump`` says it).
UNSET = "unset"


@dataclass(frozen=True)
class Unsettled:
    """One entry of the round: ``mine`` as this phone set it offline,
    ``theirs`` as another phone set it meanwhile (``player`` None for the trump)."""

    entry: str
    player: int | None
    mine: Any
    theirs: Any


def held(rnd: RoundSheet, entry: str, player: int | None) -> Any:
    """What the round holds for the entry now (None for nothing entered; the
    trump ``UNSET`` before anyone chose it)."""
    if entry == "trump":
        return rnd.trump if rnd.trump_entered else UNSET
    return (rnd.bids if entry == "bid" else rnd.tricks).get(player)


def unsettled(rnd: RoundSheet, asked: Iterable[tuple[str, int | None, Any]]) -> list[Unsettled]:
    """Of the entries ``asked`` (``(entry, player, mine)``, the phone's value
    last), those where the round holds another value that another phone
    entered: not a player outside the round, not a bid hidden from the asking
    link (its value is not this phone's to compare), not an entry no phone
    made (nothing to keep instead). An entry asked twice counts once, with the
    value asked last."""
    mine: dict[tuple[str, int | None], Any] = {}
    for entry, player, value in asked:
        if entry in SETTLED_ENTRIES and (entry == "trump" or player in rnd.order):
            mine.pop((entry, player), None)
            mine[entry, player] = value
    found = []
    for (entry, player), value in mine.items():
        if entry == "bid" and player in rnd.hidden_bids:
            continue
        theirs = held(rnd, entry, player)
        made = theirs != UNSET if entry == "trump" else theirs is not None  # (no trump: None)
        if made and theirs != value:
            found.append(Unsettled(entry, player, value, theirs))
    return found
