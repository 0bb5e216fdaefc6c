"""Bids made all at once, hidden until every one is in.

Where the rules bid simultaneously (``ruleset.bidding == "simultaneous"``), a
table hides its bids (fingers, chips) and shows them together. With a phone
for every player the app does it: while the open round still waits for a bid,

- a player's phone (their seat link) sees only that player's own bid;
- a viewer sees none;
- a scorer sees the bids a scorer entered, not the ones the players entered
  themselves through their seat links.

Once the last bid is in, every phone sees them all. :func:`as_seen` gives the
sheet as one phone may see it: the hidden bids are not in it at all (the
round names who has bid in ``hidden_bids``, and the changes in force carry
no value for them), so a page drawn from it cannot show one.

>>> from scorekeeper.rules import find_preset
>>> from scorekeeper.game import build_sheet
>>> estonian = find_preset("estonian")
>>> rules = estonian.variant("simultaneous").apply(estonian.ruleset)
>>> bid = HiddenChange(1, "bid", 1, 1, 1)._replace(by_player=True)
>>> sheet = build_sheet(rules, ["Ann", "Bob", "Cy"], 0, [bid])
>>> as_seen(sheet, Looker(player=2)).current.bids, as_seen(sheet, Looker(player=1)).current.bids
({}, {1: 1})
>>> sorted(as_seen(sheet, Looker(scorer=True)).current.hidden_bids)
[1]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, NamedTuple

from .history import HistoryEntry
from .roles import SCORER, SEAT
from .rounds import ChangeLike, RoundSheet
from .sheet import Sheet


@dataclasses.dataclass(frozen=True)
class Looker:
    """Who looks at the game: a scorer, one player (their seat link) or a viewer."""

    scorer: bool = False
    #: The player whose seat link is used, if any.
    player: int | None = None


class HiddenChange(NamedTuple):
    """A change in force whose value the phone may not see (a hidden bid)."""

    seq: int
    kind: str
    round: int | None
    player: int | None
    value: Any
    created_at: Any = None
    author: str | None = None
    by_player: bool = False


def hides_bids(rnd: RoundSheet | None) -> bool:
    """Whether ``rnd`` hides bids: the open round of a game that bids all at
    once, until every bid is in."""
    return rnd is not None and not (rnd.in_turn or rnd.closed or rnd.is_bidding_complete)


def may_read(looker: Looker, player: int, by_player: bool) -> bool:
    """Whether the looker may read a bid of ``player`` made while the round
    hides bids (``by_player``: entered through the player's own link)."""
    return not by_player if looker.scorer else player == looker.player


def hidden_from(rnd: RoundSheet, looker: Looker) -> frozenset[int]:
    """The players whose bid in ``rnd`` the looker may not see yet."""
    if not hides_bids(rnd):
        return frozenset()
    return frozenset(player for player in rnd.bids
                     if not may_read(looker, player, player in rnd.own_bids))


def as_seen(sheet: Sheet, looker: Looker) -> Sheet:
    """The sheet as the looker may see it (``sheet`` itself when nothing is hidden)."""
    current = sheet.current
    hidden = hidden_from(current, looker) if current is not None else frozenset()
    if not hidden:
        return sheet
    shown = dataclasses.replace(
        current, bids={p: bid for p, bid in current.bids.items() if p not in hidden},
        hidden_bids=hidden)
    rounds = [shown if rnd is current else rnd for rnd in sheet.rounds]
    effective = [masked(change) if is_hidden(change, current.number, hidden) else change
                 for change in sheet.effective]
    return dataclasses.replace(sheet, rounds=rounds, effective=effective)


def is_hidden(change: ChangeLike, number: int, hidden: frozenset[int]) -> bool:
    """Whether the change is the bid of a hidden player in round ``number``."""
    return change.kind == "bid" and change.round == number and change.player in hidden


def masked(change: ChangeLike) -> HiddenChange:
    """The change without its value."""
    return HiddenChange(change.seq, change.kind, change.round, change.player, None,
                        getattr(change, "created_at", None), getattr(change, "author", None),
                        getattr(change, "by_player", False))


def history_seen(entries: list[HistoryEntry], sheet: Sheet, looker: Looker) -> list[HistoryEntry]:
    """The history without the bids the looker may not read while the open
    round of ``sheet`` hides bids: every bid in that round of a player one of
    whose bids there it may not read (in force, changed since or undone,
    and the scorers' entries over it), and the undos of them."""
    current = sheet.current
    if not hides_bids(current):
        return entries

    def in_round(entry: HistoryEntry) -> bool:
        return entry.kind == "bid" and entry.round == current.number

    unread = {entry.player for entry in entries
              if in_round(entry) and not may_read(looker, entry.player, entry.by_player)}

    def hides(entry: HistoryEntry) -> bool:
        if entry.kind == "undo":
            undone = entry.details.get("undone")
            return undone is not None and hides(undone)
        return in_round(entry) and entry.player in unread

    return [entry for entry in entries if not hides(entry)]


def looker_of(role: str, player: int | None) -> Looker:
    """Who looks through a link of this role (``player``: a seat link's)."""
    return Looker(scorer=role == SCORER, player=player if role == SEAT else None)


def first_hidden(changes: Sequence[ChangeLike], sheet: Sheet, looker: Looker) -> int | None:
    """The number (``seq``) of the first of ``changes`` the looker may not
    read while the open round of ``sheet`` hides bids: its first bid there
    the looker may not read, in force or not. The changes before it are a
    whole game, as it was just before; None when nothing is hidden."""
    current = sheet.current
    if not hides_bids(current):
        return None
    return next((change.seq for change in changes
                 if change.kind == "bid" and change.round == current.number
                 and not may_read(looker, change.player, getattr(change, "by_player", False))),
                None)
