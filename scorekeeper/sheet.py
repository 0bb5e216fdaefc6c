"""The game sheet: a game's stored changes folded into rounds, checked and scored.

This is the domain layer of the web app. It knows nothing of requests or the
database: :func:`build_sheet` takes the ruleset, the players and the list of
changes and returns a :class:`Sheet`, which says for every round who deals,
who leads, the trump, the bids and tricks entered so far, and which entry the
table may make next. Every check of an entry against the rules happens here by
calling the rules engine, and fails with a :class:`SheetError` whose message is
meant for the people at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from flask_babel import lazy_gettext as _l

from .rules import (
    GameScore,
    Ruleset,
    Standing,
    forbidden_bid,
    plan_rounds,
    score_game,
    standings,
)

#: The kinds of change a game stores, in the order a round usually sees them.
CHANGE_KINDS = ("trump", "bid", "tricks", "close", "correct", "undo")
#: The values of the ``trump`` change: a suit letter, or None for no trump.
TRUMP_CHOICES = ("C", "D", "H", "S", None)


class SheetError(ValueError):
    """An entry the table tried to make breaks a rule or does not fit the game.

    The message is translated and meant to be shown as it is.
    """

    def __init__(self, message: Any) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class ChangeLike(Protocol):
    """What the fold reads of a stored change (the model or a plain record)."""

    seq: int
    kind: str
    round: int | None
    seat: int | None
    value: Any


@dataclass
class RoundSheet:
    """One round of the game as it stands."""

    number: int
    cards: int
    expects_trump: bool
    dealer: int
    #: Seats in bidding order: the seat after the dealer first, the dealer last.
    order: list[int]
    hook_active: bool
    in_turn: bool
    trump: str | None = None
    trump_chosen: bool = False
    bids: dict[int, int] = field(default_factory=dict)
    tricks: dict[int, int] = field(default_factory=dict)
    closed: bool = False

    @property
    def leader(self) -> int:
        """The seat that leads the first trick (the first to bid)."""
        return self.order[0]

    @property
    def seats(self) -> list[int]:
        """The seats that play this round."""
        return self.order

    @property
    def bids_total(self) -> int:
        return sum(self.bids.values())

    @property
    def tricks_total(self) -> int:
        return sum(self.tricks.values())

    @property
    def tricks_left(self) -> int:
        """The countdown shown while tricks are entered; 0 when they add up."""
        return self.cards - self.tricks_total

    @property
    def is_bidding_complete(self) -> bool:
        return all(seat in self.bids for seat in self.order)

    @property
    def is_tricks_complete(self) -> bool:
        return all(seat in self.tricks for seat in self.order) and self.tricks_left == 0

    @property
    def can_close(self) -> bool:
        return (
            not self.closed
            and self.trump_chosen
            and self.is_bidding_complete
            and self.is_tricks_complete
        )

    @property
    def next_bidder(self) -> int | None:
        """The first seat in bidding order that has not bid yet."""
        for seat in self.order:
            if seat not in self.bids:
                return seat
        return None

    @property
    def dealer_may_bid(self) -> bool:
        """In turn, the dealer bids only once everyone else has."""
        return not self.in_turn or all(s in self.bids for s in self.order[:-1])

    @property
    def forbidden(self) -> int | None:
        """The dealer's forbidden bid, once everyone else has bid, or None."""
        if not (self.hook_active and self.in_turn):
            return None
        others = [self.bids[s] for s in self.order[:-1] if s in self.bids]
        if len(others) < len(self.order) - 1:
            return None
        return forbidden_bid(self.cards, others)


@dataclass
class Sheet:
    """A whole game: players, rounds and scores, derived from its changes."""

    ruleset: Ruleset
    players: list[str]
    rounds: list[RoundSheet]
    #: The changes that are in force (not undone), oldest first.
    effective: list[ChangeLike]

    @property
    def current(self) -> RoundSheet | None:
        """The first round not yet closed; None when the game is over."""
        for rnd in self.rounds:
            if not rnd.closed:
                return rnd
        return None

    @property
    def is_finished(self) -> bool:
        return self.current is None

    @property
    def closed_rounds(self) -> list[RoundSheet]:
        return [rnd for rnd in self.rounds if rnd.closed]

    def round(self, number: int) -> RoundSheet:
        """The round with this 1-based number.

        :raise SheetError: when the game has no such round.
        """
        if not 1 <= number <= len(self.rounds):
            raise SheetError(
                _l("This game has no round %(number)s; it has %(count)s rounds.",
                   number=number, count=len(self.rounds))
            )
        return self.rounds[number - 1]

    @property
    def last_entry(self) -> ChangeLike | None:
        """The latest change still in force: what "undo" takes back."""
        return self.effective[-1] if self.effective else None

    # -- scores ------------------------------------------------------------

    @cached_property
    def score(self) -> GameScore:
        """Points, running totals and hit counts of the closed rounds, by seat.

        ``score.rounds[i]`` belongs to ``closed_rounds[i]``.
        """
        return score_game(
            self.ruleset.scoring,
            [
                {seat: (rnd.bids[seat], rnd.tricks[seat], rnd.cards) for seat in rnd.order}
                for rnd in self.closed_rounds
            ],
        )

    def round_points(self, rnd: RoundSheet) -> dict[int, int]:
        """Each seat's points in a closed round."""
        return self.score.rounds[self.closed_rounds.index(rnd)]

    def running_totals(self, rnd: RoundSheet) -> dict[int, int]:
        """Each seat's total after a closed round."""
        return self.score.running[self.closed_rounds.index(rnd)]

    @property
    def winner_names(self) -> list[str]:
        """The names of the players ranked first (several on a shared win)."""
        return [self.players[s.player] for s in self.standings if s.rank == 1]

    @cached_property
    def standings(self) -> list[Standing]:
        """Every seat ranked by total (shared ranks on ties), best first."""
        totals = {seat: self.score.totals.get(seat, 0) for seat in range(len(self.players))}
        return standings(totals, self.ruleset.scoring.lowest_wins)

    # -- checks --------------------------------------------------------------

    def live_round(self, number: int) -> RoundSheet:
        """The round if live entries (trump, bid, tricks, close) may go to it.

        :raise SheetError: for a closed round or one not reached yet.
        """
        rnd = self.round(number)
        if rnd.closed:
            raise SheetError(
                _l("Round %(number)s is already closed. Use “Edit” to correct it.", number=number)
            )
        current = self.current
        if current is not None and rnd.number > current.number:
            raise SheetError(
                _l("Round %(number)s has not started yet; round %(current)s is being played.",
                   number=number, current=current.number)
            )
        return rnd

    def check_seat(self, rnd: RoundSheet, seat: int) -> None:
        if seat not in rnd.order:
            raise SheetError(_l("Seat %(seat)s does not play in round %(number)s.",
                                seat=seat, number=rnd.number))

    def check_trump(self, number: int, trump: str | None) -> RoundSheet:
        rnd = self.live_round(number)
        if trump not in TRUMP_CHOICES:
            raise SheetError(_l("Choose a trump suit or “no trump”."))
        return rnd

    def check_bid(self, number: int, seat: int, bid: int) -> RoundSheet:
        """Check one bid entered live; see :func:`check_bids` for the rules."""
        rnd = self.live_round(number)
        self.check_seat(rnd, seat)
        if seat == rnd.dealer and not rnd.dealer_may_bid:
            raise SheetError(_l("%(name)s deals and bids last: enter the other bids first.",
                                name=self.players[seat]))
        bids = dict(rnd.bids)
        bids[seat] = bid
        self.check_bids(rnd, bids)
        return rnd

    def check_bids(self, rnd: RoundSheet, bids: Mapping[int, int]) -> None:
        """Bids in range, and the hook rule where it applies."""
        for seat, bid in bids.items():
            if not 0 <= bid <= rnd.cards:
                raise SheetError(
                    _l("%(name)s's bid must be between 0 and %(cards)s.",
                       name=self.players[seat], cards=rnd.cards)
                )
        if rnd.hook_active and rnd.in_turn and rnd.dealer in bids:
            others = [bids[s] for s in rnd.order[:-1] if s in bids]
            if len(others) == len(rnd.order) - 1:
                forbidden = forbidden_bid(rnd.cards, others)
                if forbidden is not None and bids[rnd.dealer] == forbidden:
                    raise SheetError(
                        _l("%(name)s deals and may not bid %(bid)s: the bids would total "
                           "%(cards)s for %(cards)s tricks.",
                           name=self.players[rnd.dealer], bid=forbidden, cards=rnd.cards)
                    )

    def check_tricks(self, number: int, seat: int, tricks: int) -> RoundSheet:
        rnd = self.live_round(number)
        self.check_seat(rnd, seat)
        if not rnd.is_bidding_complete:
            raise SheetError(_l("Enter every bid before the tricks."))
        if not 0 <= tricks <= rnd.cards:
            raise SheetError(_l("%(name)s's tricks must be between 0 and %(cards)s.",
                                name=self.players[seat], cards=rnd.cards))
        others = sum(t for s, t in rnd.tricks.items() if s != seat)
        if others + tricks > rnd.cards:
            raise SheetError(
                _l("That makes %(total)s tricks, but only %(cards)s were played.",
                   total=others + tricks, cards=rnd.cards)
            )
        return rnd

    def check_close(self, number: int) -> RoundSheet:
        rnd = self.live_round(number)
        if not rnd.trump_chosen:
            raise SheetError(_l("Choose the trump before closing the round."))
        if not rnd.is_bidding_complete:
            raise SheetError(_l("Enter every bid before closing the round."))
        if not rnd.is_tricks_complete:
            raise SheetError(
                _l("Tricks must add up to %(cards)s before the round can be closed; "
                   "%(left)s left.", cards=rnd.cards, left=rnd.tricks_left)
            )
        return rnd

    def check_correction(
        self, number: int, trump: str | None, bids: Mapping[int, int], tricks: Mapping[int, int]
    ) -> RoundSheet:
        """Check a whole closed round entered again, with the same rules as live entry."""
        rnd = self.round(number)
        if not rnd.closed:
            raise SheetError(
                _l("Round %(number)s is not closed yet; enter it on the round screen.",
                   number=number)
            )
        if trump not in TRUMP_CHOICES:
            raise SheetError(_l("Choose a trump suit or “no trump”."))
        if set(bids) != set(rnd.order) or set(tricks) != set(rnd.order):
            raise SheetError(_l("Enter a bid and the tricks for every player."))
        self.check_bids(rnd, bids)
        for seat, taken in tricks.items():
            if not 0 <= taken <= rnd.cards:
                raise SheetError(_l("%(name)s's tricks must be between 0 and %(cards)s.",
                                    name=self.players[seat], cards=rnd.cards))
        total = sum(tricks.values())
        if total != rnd.cards:
            raise SheetError(_l("Tricks total %(total)s, but %(cards)s were played.",
                                total=total, cards=rnd.cards))
        return rnd


def effective_changes(changes: Iterable[ChangeLike]) -> list[ChangeLike]:
    """The changes in force: each ``undo`` takes back the latest one still in force."""
    stack: list[ChangeLike] = []
    for change in changes:
        if change.kind == "undo":
            if stack:
                stack.pop()
        else:
            stack.append(change)
    return stack


def build_sheet(
    ruleset: Ruleset,
    players: Sequence[str],
    first_dealer: int,
    changes: Iterable[ChangeLike],
) -> Sheet:
    """Fold a game's changes into its sheet."""
    seat_count = len(players)
    plans = plan_rounds(ruleset, seat_count)
    in_turn = ruleset.bidding == "in-turn"
    default_trump = "S" if ruleset.trump.method == "spades" else None
    rounds = []
    for index, plan in enumerate(plans):
        dealer = (first_dealer + index) % seat_count
        order = [(dealer + offset) % seat_count for offset in range(1, seat_count + 1)]
        rnd = RoundSheet(
            number=plan.number,
            cards=plan.cards,
            expects_trump=plan.has_trump,
            dealer=dealer,
            order=order,
            hook_active=plan.hook_active,
            in_turn=in_turn,
        )
        if not plan.has_trump:
            rnd.trump, rnd.trump_chosen = None, True
        elif default_trump:
            rnd.trump, rnd.trump_chosen = default_trump, True
        rounds.append(rnd)

    effective = effective_changes(changes)
    for change in effective:
        apply_change(rounds[change.round - 1], change)
    return Sheet(ruleset=ruleset, players=list(players), rounds=rounds, effective=effective)


def apply_change(rnd: RoundSheet, change: ChangeLike) -> None:
    """Apply one stored change to its round (checks were made when it was stored)."""
    kind, value = change.kind, change.value
    if kind == "trump":
        rnd.trump, rnd.trump_chosen = value, True
    elif kind == "bid":
        rnd.bids[change.seat] = value
    elif kind == "tricks":
        rnd.tricks[change.seat] = value
    elif kind == "close":
        rnd.closed = True
    elif kind == "correct":
        rnd.trump, rnd.trump_chosen = value["trump"], True
        rnd.bids = {int(seat): bid for seat, bid in value["bids"].items()}
        rnd.tricks = {int(seat): taken for seat, taken in value["tricks"].items()}
    else:  # pragma: no cover - a kind the fold does not know is a bug
        raise ValueError(f"unknown change kind: {kind!r}")
