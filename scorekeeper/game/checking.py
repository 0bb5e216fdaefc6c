"""A change log from outside (an imported game) checked change by change.

Every stored change was checked by :mod:`.entries` when the table made it; a
log read from a file was not. :func:`check_log` replays it: before each
change, the sheet of the changes before it is folded and the entry that would
have made the change is asked again. The change must be the one the entry
makes, or the log is refused at that change, with the entry's own error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import Ruleset, RulesError
from . import entries
from .errors import GameError
from .fold import build_sheet
from .renames import rename_member, renamed_back
from .rounds import ChangeLike, NewChange
from .sheet import Sheet

KINDS = ("trump", "bid", "tricks", "close", "correct", "undo", "join", "leave", "sitout",
         "adjust", "scoring", "schedule", "name")


class LogFault(GameError):
    """A change of a log that no entry makes (a gap, an unknown kind, a
    malformed or a different change): worded with the imports
    (:mod:`scorekeeper.web.wording.carry`), not as a live entry's refusal."""


@dataclass(frozen=True)
class LogProblem:
    """Why a log is refused at one change: its number and kind, and the error."""

    seq: int
    kind: str
    error: GameError | RulesError


def _ints(mapping: Any) -> dict[int, int]:
    return {int(player): value for player, value in mapping.items()}


def _rebuilt(change: ChangeLike, sheet: Sheet) -> list[NewChange]:
    """The change(s) the entry of ``change`` makes on ``sheet`` (it raises when refused)."""
    kind, value = change.kind, change.value
    if kind == "trump":
        return entries.trump(sheet, change.round, value)
    if kind == "bid":
        return entries.bid(sheet, change.round, change.player, value)
    if kind == "tricks":
        return entries.tricks(sheet, change.round, change.player, value)
    if kind == "close":
        return entries.close(sheet, change.round)
    if kind == "correct":
        return [entries.correction(sheet, change.round, value["trump"], _ints(value["bids"]),
                                   _ints(value["tricks"]))]
    if kind == "undo":
        return entries.undo(sheet, value, reopen=True)
    if kind == "join":
        number = value["start_score"] if value["start_rule"] == "number" else None
        return [entries.join(sheet, value["name"], value["after"], value["start_rule"], number)]
    if kind == "leave":
        return [entries.leave(sheet, change.player)]
    if kind == "sitout":
        return [entries.sit_out(sheet, change.player, change.round)]
    if kind == "adjust":
        made = entries.adjustment(sheet, change.player, value["points"], value["reason"])
        if "revoke" in value:  # a proven revoke's penalty names its trick
            made.value["revoke"] = value["revoke"]
        return [made]
    if kind == "scoring":
        return [entries.scoring(sheet, value["name"])]
    if kind == "name":
        if value.get("undo"):
            return [made for made in renamed_back(sheet, value["roster"])
                    if made.player == change.player]
        return [rename_member(sheet, change.player, value["name"], value["roster"])]
    return [entries.schedule(sheet, value)]


def _same(made: NewChange, change: ChangeLike) -> bool:
    return (made.kind, made.round, made.player, made.value) == (
        change.kind, change.round, change.player, change.value)


def check_log(ruleset: Ruleset, players: Sequence[str], first_dealer: int,
              changes: Sequence[ChangeLike]) -> LogProblem | None:
    """The first change of the log that the table could not have made, or None.

    ``changes`` are in order of their numbers, which run from 1 without gaps.
    """
    done: list[ChangeLike] = []
    for expected, change in enumerate(changes, start=1):
        if change.seq != expected:
            return LogProblem(change.seq, change.kind, LogFault("log-gap", seq=expected))
        if change.kind not in KINDS:
            return LogProblem(change.seq, str(change.kind)[:20], LogFault("log-kind"))
        sheet = build_sheet(ruleset, players, first_dealer, done)
        try:
            made = _rebuilt(change, sheet)
        except (GameError, RulesError) as error:
            return LogProblem(change.seq, change.kind, error)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return LogProblem(change.seq, change.kind, LogFault("log-malformed"))
        if not (len(made) == 1 and _same(made[0], change)):
            return LogProblem(change.seq, change.kind, LogFault("log-differs"))
        done.append(change)
    return None
