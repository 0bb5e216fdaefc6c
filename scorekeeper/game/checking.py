"""A change log from outside (an imported game) checked change by change,
and its recorded hands event by event.

Every stored change was checked by :mod:`.entries` when the table made it; a
log read from a file was not. :func:`check_log` replays it: the log is
folded once, change by change (:class:`RunningFold`), and before each change
the entry that would have made it is asked again on the sheet of the changes
before it. The change must be the one the entry makes, or the log is refused
at that change, with the entry's own error. The time grows with the length of
the log, not its square (``bench/import.py``: 5,000 changes in well under a
second, where folding the whole log again before each change took 57 s).
:func:`check_hand` does the same for a round's recorded hand with the hand
recorder's taps (:mod:`.hand_entries`) and lets the engine read the hand as a
hand record; :func:`check_penalties` asks that a revoke's penalty names a
revoke the recorded hand proved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import Ruleset, RulesError
from . import entries, hand_entries, settling
from .errors import GameError
from .fold import GameState
from .hand import CARD, DEAL, RESET, UNDO, Hand, HandEventLike, NewHandEvent, fold_hand, in_force
from .hand_records import hand_record
from .renames import rename_member, renamed_back
from .rounds import ChangeLike, NewChange, take_back
from .sheet import Sheet

KINDS = ("trump", "bid", "tricks", "close", "correct", "undo", "join", "leave", "back", "sitout",
         "adjust", "scoring", "schedule", "name", "decks", "end", "stake")


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
    if kind == "back":
        return entries.back(sheet, change.player)
    if kind == "sitout":
        return [entries.sit_out(sheet, change.player, change.round)]
    if kind == "adjust":
        made = entries.adjustment(sheet, change.player, value["points"], value["reason"])
        if "revoke" in value:  # a proven revoke's penalty names its trick
            made.value["revoke"] = value["revoke"]
        return [made]
    if kind == "scoring":
        return [entries.scoring(sheet, value["name"])]
    if kind == "decks":
        return [entries.decks(sheet, value)]
    if kind == "end":
        return entries.end_game(sheet, change.round)
    if kind == "stake":
        return settling.set_stake(sheet, value["per_point"], value["symbol"])
    if kind == "name":
        if value.get("undo"):
            return [made for made in renamed_back(sheet, value["roster"])
                    if made.player == change.player]
        return [rename_member(sheet, change.player, value["name"], value["roster"])]
    return [entries.schedule(sheet, value)]


def _same(made: NewChange, change: ChangeLike) -> bool:
    return (made.kind, made.round, made.player, made.value) == (
        change.kind, change.round, change.player, change.value)


class RunningFold:
    """A log folded once, change by change, for its check: the state is
    changed in place (never copied whole), and the sheet of each step shares
    it, so a sheet is good only until the next change is added.

    An ``undo`` takes back a change the state cannot unapply: the state then
    goes back to the latest copy kept from before that change (one is kept
    every :attr:`EVERY` changes in force) and the changes in force since are
    applied again, a few dozen whatever the length of the log.
    """

    EVERY = 64

    def __init__(self, ruleset: Ruleset, players: Sequence[str], first_dealer: int) -> None:
        self.state = GameState(ruleset, players, first_dealer)
        self.effective: list[ChangeLike] = []
        self.version = 0
        #: Copies of the state after the first k changes in force, by k.
        self.kept: dict[int, GameState] = {0: self.state.copy()}
        self.rounds: list | None = None
        self.layout: tuple[tuple, ...] = ()

    #: Kinds of change that leave every round's sheet as it was.
    KEEPING_ROUNDS = frozenset({"adjust", "name", "stake"})
    #: Kinds of change that alter only their own round's sheet.
    ROUND_ONLY = frozenset({"trump", "bid", "tricks", "close", "correct"})

    @property
    def sheet(self) -> Sheet:
        """The sheet of the changes added so far (until the next is added).
        Its rounds are made again only as far as a change can alter them: the
        rounds of a long game would be most of the check's time."""
        if self.rounds is None:
            self.layout = self.state.layout()
            self.rounds = [self.state.round_sheet(entry) for entry in self.layout]
        return Sheet(ruleset=self.state.ruleset, members=self.state.members,
                     circle=self.state.circle, rounds=self.rounds,
                     adjustments=self.state.adjustments, effective=self.effective,
                     version=self.version, stake=self.state.stake)

    def _rounds_after(self, change: ChangeLike) -> None:
        """Forget the rounds' sheets that ``change`` alters (applied already)."""
        if change.kind in self.KEEPING_ROUNDS or self.rounds is None:
            return
        if change.kind in self.ROUND_ONLY and 1 <= change.round <= len(self.rounds):
            self.rounds[change.round - 1] = self.state.round_sheet(self.layout[change.round - 1])
        else:
            self.rounds = None

    def add(self, change: ChangeLike) -> None:
        """Fold one more change (checked already)."""
        self.version = max(self.version, change.seq)
        if change.kind != "undo":
            self.effective.append(change)
            self.state.apply(change)
            self._rounds_after(change)
            if len(self.effective) % self.EVERY == 0:
                self.kept[len(self.effective)] = self.state.copy()
            return
        self.rounds = None
        index = take_back(self.effective)
        if index is None:
            return
        del self.effective[index]
        for count in [count for count in self.kept if count > index]:
            del self.kept[count]
        start = max(self.kept)
        self.state = self.kept[start].copy()
        for kept in self.effective[start:]:
            self.state.apply(kept)


def check_log(ruleset: Ruleset, players: Sequence[str], first_dealer: int,
              changes: Sequence[ChangeLike]) -> LogProblem | None:
    """The first change of the log that the table could not have made, or None.

    ``changes`` are in order of their numbers, which run from 1 without gaps.
    """
    fold = RunningFold(ruleset, players, first_dealer)
    for expected, change in enumerate(changes, start=1):
        if change.seq != expected:
            return LogProblem(change.seq, change.kind, LogFault("log-gap", seq=expected))
        if change.kind not in KINDS:
            return LogProblem(change.seq, str(change.kind)[:20], LogFault("log-kind"))
        try:
            made = _rebuilt(change, fold.sheet)
        except (GameError, RulesError) as error:
            return LogProblem(change.seq, change.kind, error)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return LogProblem(change.seq, change.kind, LogFault("log-malformed"))
        if not (len(made) == 1 and _same(made[0], change)):
            return LogProblem(change.seq, change.kind, LogFault("log-differs"))
        try:
            fold.add(change)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return LogProblem(change.seq, change.kind, LogFault("log-malformed"))
    return None


#: The kinds of a recorded hand's events (:mod:`.hand`).
HAND_KINDS = (DEAL, CARD, UNDO, RESET)
#: The most events one round's recorded hand may bring (a hand of 13 cards
#: each for 4 players, dealt and played, is about 104; the check folds the
#: hand again at each event).
MOST_HAND_EVENTS = 500


@dataclass(frozen=True)
class HandProblem:
    """Why the recorded hand of a round is refused at one event: the round,
    the event's number and kind, and the error (the recorder's own, or the
    engine's when it cannot read the hand as a hand record)."""

    round: int
    seq: int
    kind: str
    error: GameError | RulesError


def _rebuilt_event(hand: Hand, event: HandEventLike) -> NewHandEvent:
    """The event the recorder makes for the tap behind ``event`` (it raises when refused)."""
    if event.kind == CARD:
        if not isinstance(event.cards, list) or len(event.cards) != 1:
            raise TypeError("a card event holds one card")
        return hand_entries.card(hand, hand_entries.read_card(event.cards[0]), None)[0]
    if event.kind == DEAL:
        hand_entries.check_trump(hand)
        if not isinstance(event.cards, list) or not all(isinstance(c, str) for c in event.cards):
            raise TypeError("a deal event holds the cards dealt")
        return hand_entries.dealt(hand, event.player,
                                  [hand_entries.read_card(c) for c in event.cards])
    if event.kind == UNDO:
        return hand_entries.undo(hand, None)[0]
    return NewHandEvent(RESET)  # a record imported starts with one, even on an empty hand


def check_hand(sheet: Sheet, number: int, events: Sequence[HandEventLike]) -> HandProblem | None:
    """The first event of round ``number``'s recorded hand (``events`` in
    order of their numbers, which run from 1 without gaps) that the hand
    recorder could not have stored on ``sheet``, the game as its log leaves
    it; or the engine's reason when the hand does not read as a hand record.
    A card that breaks a rule (a revoke, a card played twice) is what the
    recorder records and flags: it is a dispute, not a problem."""
    done: list[HandEventLike] = []  # the events in force so far (what the fold reads)
    if len(events) > MOST_HAND_EVENTS:
        extra = events[MOST_HAND_EVENTS]
        return HandProblem(number, extra.seq, str(extra.kind)[:20],
                           LogFault("log-too-long", most=MOST_HAND_EVENTS))
    for expected, event in enumerate(events, start=1):
        def problem(error: GameError | RulesError) -> HandProblem:
            return HandProblem(number, event.seq, str(event.kind)[:20], error)

        if event.seq != expected:
            return problem(LogFault("log-gap", seq=expected))
        if event.kind not in HAND_KINDS:
            return problem(LogFault("log-kind"))
        try:
            made = _rebuilt_event(fold_hand(sheet, number, done), event)
        except (GameError, RulesError) as error:
            return problem(error)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return problem(LogFault("log-malformed"))
        if (made.kind, made.player, made.cards) != (event.kind, event.player, event.cards):
            return problem(LogFault("log-differs"))
        done = in_force([*done, event])
    if done:
        try:
            hand_record(fold_hand(sheet, number, done))  # the engine reads it as a record
        except RulesError as error:
            return HandProblem(number, done[-1].seq, done[-1].kind, error)
    return None


def check_penalties(sheet: Sheet, changes: Sequence[ChangeLike],
                    events: dict[int, Sequence[HandEventLike]]) -> LogProblem | None:
    """The first adjustment of the log that is a revoke's penalty (tagged with
    its round and trick) for a revoke the round's recorded hand never showed:
    no complete hand folded from its events, at any point, proves a revoke in
    that trick."""
    proven: dict[int, set[int]] = {}
    for change in changes:
        tag = change.value.get("revoke") if change.kind == "adjust" else None
        if tag is None:
            continue
        if not isinstance(tag, dict):
            return LogProblem(change.seq, change.kind, LogFault("log-malformed"))
        number, trick = tag.get("round"), tag.get("trick")
        if number not in proven and isinstance(number, int):
            proven[number] = proven_revokes(sheet, number, events.get(number, ()))
        if trick not in proven.get(number, set()):
            return LogProblem(change.seq, change.kind, GameError("no-revoke", trick=trick))
    return None


def proven_revokes(sheet: Sheet, number: int, events: Sequence[HandEventLike]) -> set[int]:
    """The tricks (1-based) in which a complete hand of the round, as it stood
    after any of its events, proves a revoke."""
    tricks: set[int] = set()
    done: list[HandEventLike] = []
    for event in events:
        done = in_force([*done, event])
        if event.kind != CARD:
            continue
        try:
            hand = fold_hand(sheet, number, done)
        except (GameError, RulesError):
            return tricks
        if hand.is_complete:
            tricks.update(flag.trick for flag in hand.flags if flag.rule == "revoke")
    return tricks
