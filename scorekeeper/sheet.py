"""The game sheet: a game's stored changes folded into rounds, checked and scored.

This is the domain layer of the web app. It knows nothing of requests or the
database: :func:`build_sheet` takes the ruleset, the starting players and the
list of changes and returns a :class:`Sheet`, which says for every round who
plays, who deals, who leads, the trump, the bids and tricks entered so far, and
which entry the table may make next; and, for the history page, every change in
plain words with what it was before. Every check of an entry against the rules
happens here by calling the rules engine, and fails with a :class:`SheetError`
whose message is meant for the people at the table.

A game's changes are append-only. Their kinds:

========== ====================================================================
``trump``  ``round``, ``value``: a suit letter or None (no trump)
``bid``    ``round``, ``seat``, ``value``: the bid
``tricks`` ``round``, ``seat``, ``value``: the tricks taken
``close``  ``round``: the round is scored
``correct`` ``round``, ``value``: {"trump", "bids", "tricks"} of a closed round
``undo``   ``value``: the ``seq`` of the change taken back (the latest in force)
``join``   ``seat`` (a new player id), ``value``: {"name", "after", "from",
           "start_rule", "start_score"}
``leave``  ``seat``, ``value``: {"from": first round without them}
``sitout`` ``seat``, ``round``
``schedule`` ``value``: {"op": "insert"|"set"|"remove"|"replace", ...}
``adjust`` ``seat``, ``value``: {"points", "reason", "after": rounds closed}
``scoring`` ``value``: a :class:`~scorekeeper.rules.Scoring` as a dict
========== ====================================================================

"Seat" in a change means a player's id: the starting players are 0, 1, 2, ...
in their starting seat order, and each newcomer gets the next free number. The
order around the table is kept separately (``Sheet.circle``), because a
newcomer may sit down between two others.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from flask_babel import lazy_gettext as _l

from .rules import (
    GameScore,
    Ruleset,
    Scoring,
    Standing,
    bidding_order,
    forbidden_bid,
    max_hand,
    next_seat,
    plan_round,
    plan_rounds,
    score_game,
    standings,
)

#: The values of the ``trump`` change: a suit letter, or None for no trump.
TRUMP_CHOICES = ("C", "D", "H", "S", None)
#: How a newcomer's starting score is chosen.
START_RULES = ("zero", "lowest", "average", "number")
#: At least this many players play every round.
MIN_PLAYERS = 2
#: The largest tables one deck and two decks serve.
MAX_PLAYERS_ONE_DECK = 7
MAX_PLAYERS_TWO_DECKS = 10


def max_players(decks: int) -> int:
    """How many players can sit at a table with this many decks."""
    return MAX_PLAYERS_TWO_DECKS if decks == 2 else MAX_PLAYERS_ONE_DECK


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
class Member:
    """A player of the game: a starter or a newcomer, present or gone."""

    id: int
    name: str
    joined: int = 1
    #: The first round they no longer play, once they have left.
    left: int | None = None
    sits_out: set[int] = field(default_factory=set)

    def plays(self, number: int) -> bool:
        return (
            self.joined <= number
            and (self.left is None or number < self.left)
            and number not in self.sits_out
        )


@dataclass(frozen=True)
class Adjustment:
    """Points given or taken outside the rounds: a bonus, a penalty, a starting score."""

    player: int
    points: int
    reason: str
    #: Shown and counted after this many rounds (0: before the first).
    after: int
    is_start: bool = False


@dataclass
class RoundFacts:
    """What has been entered for one round."""

    trump: str | None = None
    trump_chosen: bool = False
    #: Whether the table entered the trump (rather than the rules setting it):
    #: the cards have been dealt.
    trump_entered: bool = False
    bids: dict[int, int] = field(default_factory=dict)
    tricks: dict[int, int] = field(default_factory=dict)
    closed: bool = False

    @property
    def is_started(self) -> bool:
        """Whether anything has been entered: the round has been dealt, so its
        players and its card count can no longer change."""
        return bool(self.trump_entered or self.bids or self.tricks or self.closed)


@dataclass(kw_only=True)
class RoundSheet(RoundFacts):
    """One round of the game as it stands: what the schedule and the seating
    say about it, and what has been entered."""

    number: int
    cards: int
    expects_trump: bool
    dealer: int
    #: Player ids in bidding order: the player after the dealer first, the dealer last.
    order: list[int]
    hook_active: bool
    in_turn: bool
    #: Whether the deck holds enough cards for this round's players.
    fits: bool = True

    @property
    def leader(self) -> int:
        """The player who leads the first trick (the first to bid)."""
        return self.order[0]

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
        """The first player in bidding order who has not bid yet."""
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


@dataclass(frozen=True)
class HistoryEntry:
    """One stored change in plain words."""

    seq: int
    kind: str
    text: str
    created_at: Any = None
    author: str | None = None
    undone: bool = False


@dataclass
class Sheet:
    """A whole game: players, rounds and scores, derived from its changes."""

    ruleset: Ruleset
    members: dict[int, Member]
    circle: list[int]
    rounds: list[RoundSheet]
    adjustments: list[Adjustment]
    #: The changes that are in force (not undone), oldest first.
    effective: list[ChangeLike]
    #: Every change in plain words, oldest first.
    history: list[HistoryEntry]
    #: The number of the latest stored change (undos included): what another
    #: phone compares to know whether its screen is out of date.
    version: int = 0

    # -- players -----------------------------------------------------------

    @cached_property
    def players(self) -> dict[int, str]:
        """Each player's name by id (starters first, then newcomers)."""
        return {pid: m.name for pid, m in self.members.items()}

    def is_present(self, player: int) -> bool:
        """Whether the player has not left (as of the round being played)."""
        member = self.members[player]
        return member.left is None

    # -- rounds ------------------------------------------------------------

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

    @property
    def next_open_round(self) -> int:
        """The first round a roster change can still affect: the current round
        if nothing has been bid in it yet, else the next one."""
        current = self.current
        if current is None:
            return len(self.rounds) + 1
        return current.number + 1 if current.is_started else current.number

    @property
    def unfit_rounds(self) -> list[RoundSheet]:
        """Rounds not yet played that the deck cannot deal to their players."""
        return [rnd for rnd in self.rounds if not rnd.closed and not rnd.fits]

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
        """Points and hit counts of the closed rounds, by player id.

        ``score.rounds[i]`` belongs to ``closed_rounds[i]``.
        """
        return self.score_with(self.ruleset.scoring)

    def score_with(self, scoring: Scoring) -> GameScore:
        """The closed rounds scored under any scoring (to compare)."""
        return score_game(
            scoring,
            [
                {seat: (rnd.bids[seat], rnd.tricks[seat], rnd.cards) for seat in rnd.order}
                for rnd in self.closed_rounds
            ],
        )

    def round_points(self, rnd: RoundSheet) -> dict[int, int]:
        """Each player's points in a closed round."""
        return self.score.rounds[self.closed_rounds.index(rnd)]

    def adjustment_total(self, player: int, through: int | None = None) -> int:
        """A player's adjustments (starting score included), up to a round."""
        return sum(
            a.points for a in self.adjustments
            if a.player == player and (through is None or a.after <= through)
        )

    @cached_property
    def running(self) -> list[dict[int, int]]:
        """Each player's total after each closed round, adjustments included."""
        return [
            {
                pid: totals.get(pid, 0) + self.adjustment_total(pid, rnd.number)
                for pid in self.members
            }
            for rnd, totals in zip(self.closed_rounds, self.score.running)
        ]

    def totals_with(self, score: GameScore) -> dict[int, int]:
        return {
            pid: score.totals.get(pid, 0) + self.adjustment_total(pid)
            for pid in self.members
        }

    @cached_property
    def totals(self) -> dict[int, int]:
        """Every player's total: round points plus adjustments."""
        return self.totals_with(self.score)

    @cached_property
    def standings(self) -> list[Standing]:
        """Every player ranked by total (shared ranks on ties), best first."""
        return standings(self.totals, self.ruleset.scoring.lowest_wins)

    def standings_with(self, scoring: Scoring) -> list[Standing]:
        return standings(self.totals_with(self.score_with(scoring)), scoring.lowest_wins)

    @property
    def winner_names(self) -> list[str]:
        """The names of the players ranked first (several on a shared win)."""
        return [self.members[s.player].name for s in self.standings if s.rank == 1]

    def start_score(self, rule: str, number: int | None = None) -> int:
        """A newcomer's starting score by the table's rule."""
        present = [self.totals[p] for p, m in self.members.items() if m.left is None]
        if rule == "zero" or not present:
            return 0
        if rule == "lowest":
            return min(present)
        if rule == "average":
            return round(sum(present) / len(present))
        return int(number or 0)

    # -- checks of live entries ---------------------------------------------

    def live_round(self, number: int) -> RoundSheet:
        """The round if live entries (trump, bid, tricks, close) may go to it.

        :raise SheetError: for a closed round, one not reached yet, or one the
            deck cannot deal.
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
        if not rnd.fits:
            raise SheetError(
                _l("Round %(number)s deals %(cards)s cards to %(players)s players, more than "
                   "the deck holds. Change the schedule first.",
                   number=number, cards=rnd.cards, players=len(rnd.order))
            )
        return rnd

    def check_seat(self, rnd: RoundSheet, seat: int) -> None:
        if seat not in rnd.order:
            raise SheetError(_l("Seat %(seat)s does not play in round %(number)s.",
                                seat=seat, number=rnd.number))

    def name(self, player: int) -> str:
        return self.members[player].name

    def check_trump(self, number: int, trump: str | None) -> RoundSheet:
        rnd = self.live_round(number)
        if trump not in TRUMP_CHOICES:
            raise SheetError(_l("Choose a trump suit or “no trump”."))
        return rnd

    def check_bid(self, number: int, seat: int, bid: int) -> RoundSheet:
        """Check one bid entered live; see :meth:`check_bids` for the rules."""
        rnd = self.live_round(number)
        self.check_seat(rnd, seat)
        if seat == rnd.dealer and not rnd.dealer_may_bid:
            raise SheetError(_l("%(name)s deals and bids last: enter the other bids first.",
                                name=self.name(seat)))
        self.check_bids(rnd, {**rnd.bids, seat: bid})
        return rnd

    def check_bids(self, rnd: RoundSheet, bids: Mapping[int, int]) -> None:
        """Bids in range, and the hook rule where it applies."""
        for seat, bid in bids.items():
            if not 0 <= bid <= rnd.cards:
                raise SheetError(
                    _l("%(name)s's bid must be between 0 and %(cards)s.",
                       name=self.name(seat), cards=rnd.cards)
                )
        if rnd.hook_active and rnd.in_turn and rnd.dealer in bids:
            others = [bids[s] for s in rnd.order[:-1] if s in bids]
            if len(others) == len(rnd.order) - 1:
                forbidden = forbidden_bid(rnd.cards, others)
                if forbidden is not None and bids[rnd.dealer] == forbidden:
                    raise SheetError(
                        _l("%(name)s deals and may not bid %(bid)s: the bids would total "
                           "%(cards)s for %(cards)s tricks.",
                           name=self.name(rnd.dealer), bid=forbidden, cards=rnd.cards)
                    )

    def check_tricks(self, number: int, seat: int, tricks: int) -> RoundSheet:
        rnd = self.live_round(number)
        self.check_seat(rnd, seat)
        if not rnd.is_bidding_complete:
            raise SheetError(_l("Enter every bid before the tricks."))
        if not 0 <= tricks <= rnd.cards:
            raise SheetError(_l("%(name)s's tricks must be between 0 and %(cards)s.",
                                name=self.name(seat), cards=rnd.cards))
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
                                    name=self.name(seat), cards=rnd.cards))
        total = sum(tricks.values())
        if total != rnd.cards:
            raise SheetError(_l("Tricks total %(total)s, but %(cards)s were played.",
                                total=total, cards=rnd.cards))
        return rnd

    # -- checks of roster, schedule and scoring changes -----------------------

    def present_in(self, number: int) -> list[int]:
        """The players (in circle order) who would play round ``number``."""
        return [pid for pid in self.circle if self.members[pid].plays(number)]

    def check_join(self, name: str, after: int | None) -> int:
        """Check a newcomer; return the round they start in."""
        name = " ".join(name.split())
        if not name:
            raise SheetError(_l("Enter the new player's name."))
        if any(m.name.casefold() == name.casefold() for m in self.members.values()):
            raise SheetError(_l("Two players are called %(name)s; tell them apart.", name=name))
        if after is not None and after not in self.members:
            raise SheetError(_l("Choose where the new player sits."))
        start = self.next_open_round
        if start > len(self.rounds):
            raise SheetError(_l("The game is over; no one can join it now."))
        most = max_players(self.ruleset.decks)
        if len(self.present_in(start)) + 1 > most:
            raise SheetError(_l("At most %(n)s players can play with these cards.", n=most))
        return start

    def check_leave(self, player: int) -> int:
        """Check that a player can leave; return the first round without them."""
        member = self.members.get(player)
        if member is None or member.left is not None:
            raise SheetError(_l("That player is not at the table."))
        start = self.next_open_round
        if start > len(self.rounds):
            raise SheetError(_l("The game is over; no one needs to leave it."))
        if len([p for p in self.present_in(start) if p != player]) < MIN_PLAYERS:
            raise SheetError(_l("At least 2 players must stay in the game."))
        # A later round may have fewer players already (someone sits it out).
        for number in range(start + 1, len(self.rounds) + 1):
            if len([p for p in self.present_in(number) if p != player]) < MIN_PLAYERS:
                raise SheetError(_l("At least 2 players must play every round."))
        return start

    def check_sit_out(self, player: int, number: int) -> None:
        if player not in self.members:
            raise SheetError(_l("That player is not at the table."))
        rnd = self.round(number)
        if rnd.closed or rnd.is_started:
            raise SheetError(
                _l("Round %(number)s has already begun; a player can sit out only a round "
                   "nobody has bid in yet.", number=number)
            )
        if player not in rnd.order:
            raise SheetError(_l("%(name)s does not play round %(number)s anyway.",
                                name=self.name(player), number=number))
        if len(rnd.order) - 1 < MIN_PLAYERS:
            raise SheetError(_l("At least 2 players must play every round."))

    @property
    def first_editable_round(self) -> int:
        """The first round whose card count may still change (nothing entered)."""
        number = len(self.rounds) + 1
        for rnd in reversed(self.rounds):
            if rnd.is_started:
                break
            number = rnd.number
        return number

    def check_schedule(self, op: Mapping[str, Any]) -> None:
        """Check a change of the rounds not yet begun (see ``_Fold.apply_schedule``)."""
        first = self.first_editable_round
        kind = op.get("op")
        if kind not in ("insert", "set", "remove", "replace"):
            raise SheetError(_l("Choose what to change in the schedule."))
        if kind == "replace":
            if op.get("from") != first or not op.get("cards"):
                raise SheetError(_l("Only rounds not yet begun can change."))
            for offset, cards in enumerate(op["cards"]):
                self.check_round_size(first + offset, cards)
            if list(op["cards"]) == [rnd.cards for rnd in self.rounds[first - 1:]]:
                raise SheetError(_l("That changes nothing in the schedule."))
            return
        number = op.get("round")
        last = len(self.rounds) + (1 if kind == "insert" else 0)
        if first > last:
            raise SheetError(_l("Only rounds not yet begun can change."))
        if not isinstance(number, int) or not first <= number <= last:
            raise SheetError(
                _l("Only rounds not yet begun can change: choose a round from %(first)s "
                   "to %(last)s.", first=first, last=last)
            )
        if kind == "remove" and len(self.rounds) == 1:
            raise SheetError(_l("A game needs at least one round."))
        if kind in ("insert", "set"):
            self.check_round_size(number, op.get("cards"))
        if kind == "set" and op["cards"] == self.rounds[number - 1].cards:
            raise SheetError(_l("That changes nothing in the schedule."))

    def check_round_size(self, number: int, cards: Any) -> None:
        """A hand size the deck can deal to the players of round ``number``."""
        players = len(self.present_in(min(number, len(self.rounds))))
        most = max_hand(self.ruleset.decks, max(players, MIN_PLAYERS), False)
        if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= most:
            raise SheetError(
                _l("Round %(number)s can deal 1 to %(most)s cards each to %(players)s players.",
                   number=number, most=most, players=players)
            )

    def check_adjustment(self, player: int, points: int, reason: str) -> None:
        if player not in self.members:
            raise SheetError(_l("Choose a player."))
        if points == 0:
            raise SheetError(_l("An adjustment of 0 points changes nothing."))
        if not reason.strip():
            raise SheetError(_l("Say why: the reason is shown in the grid and the export."))


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


class _Fold:
    """The state of a game while its changes are applied one by one."""

    def __init__(self, ruleset: Ruleset, players: Sequence[str], first_dealer: int) -> None:
        self.ruleset = ruleset
        self.first_dealer = first_dealer
        self.members = {pid: Member(pid, name) for pid, name in enumerate(players)}
        self.circle = list(range(len(players)))
        self.sizes = [plan.cards for plan in plan_rounds(ruleset, len(players))]
        self.facts: dict[int, RoundFacts] = {}
        self.adjustments: list[Adjustment] = []

    def facts_of(self, number: int) -> RoundFacts:
        return self.facts.setdefault(number, RoundFacts())

    def closed_count(self) -> int:
        return sum(1 for facts in self.facts.values() if facts.closed)

    # Each kind of change, applied. Checks were made when it was stored.

    def apply(self, change: ChangeLike) -> None:
        getattr(self, "apply_" + change.kind)(change)

    def apply_trump(self, change: ChangeLike) -> None:
        facts = self.facts_of(change.round)
        facts.trump, facts.trump_chosen, facts.trump_entered = change.value, True, True

    def apply_bid(self, change: ChangeLike) -> None:
        self.facts_of(change.round).bids[change.seat] = change.value

    def apply_tricks(self, change: ChangeLike) -> None:
        self.facts_of(change.round).tricks[change.seat] = change.value

    def apply_close(self, change: ChangeLike) -> None:
        self.facts_of(change.round).closed = True

    def apply_correct(self, change: ChangeLike) -> None:
        facts = self.facts_of(change.round)
        facts.trump, facts.trump_chosen, facts.trump_entered = change.value["trump"], True, True
        facts.bids = {int(seat): bid for seat, bid in change.value["bids"].items()}
        facts.tricks = {int(seat): taken for seat, taken in change.value["tricks"].items()}

    def apply_join(self, change: ChangeLike) -> None:
        value = change.value
        start = value["from"]
        self.members[change.seat] = Member(change.seat, value["name"], joined=start)
        after = value.get("after")
        position = self.circle.index(after) + 1 if after in self.circle else 0
        self.circle.insert(position, change.seat)
        if value.get("start_score"):
            self.adjustments.append(Adjustment(
                change.seat, value["start_score"], "", after=start - 1, is_start=True))

    def apply_leave(self, change: ChangeLike) -> None:
        self.members[change.seat].left = change.value["from"]

    def apply_sitout(self, change: ChangeLike) -> None:
        self.members[change.seat].sits_out.add(change.round)

    def apply_adjust(self, change: ChangeLike) -> None:
        value = change.value
        self.adjustments.append(
            Adjustment(change.seat, value["points"], value["reason"], after=value["after"]))

    def apply_scoring(self, change: ChangeLike) -> None:
        self.ruleset = dataclasses.replace(self.ruleset, scoring=Scoring.from_dict(change.value))

    def apply_schedule(self, change: ChangeLike) -> None:
        op = change.value
        kind = op["op"]
        if kind == "insert":
            self.sizes.insert(op["round"] - 1, op["cards"])
            self.shift_rounds(op["round"], +1)
        elif kind == "set":
            self.sizes[op["round"] - 1] = op["cards"]
        elif kind == "remove":
            del self.sizes[op["round"] - 1]
            self.shift_rounds(op["round"] + 1, -1)
        else:  # replace every round from op["from"] on
            self.sizes[op["from"] - 1:] = op["cards"]

    def shift_rounds(self, first: int, by: int) -> None:
        """Renumber the round marks of players from round ``first`` on.

        A round inserted as round ``first`` (``by`` > 0) is played by whoever
        sits at the table when it comes: a player who joins or leaves from
        round ``first`` keeps that mark, so a newcomer plays the new round, a
        leaver does not, and the starters (who joined in round 1) still play
        a round inserted before the first.
        """
        moved = first + 1 if by > 0 else first
        for member in self.members.values():
            if member.joined >= moved:
                member.joined += by
            if member.left is not None and member.left >= moved:
                member.left += by
            member.sits_out = {
                n + by if n >= first else n for n in member.sits_out if not (by < 0 and n == first - 1)
            }

    # The derived rounds.

    def rounds(self) -> list[RoundSheet]:
        ruleset = self.ruleset
        in_turn = ruleset.bidding == "in-turn"
        default_trump = "S" if ruleset.trump.method == "spades" else None
        rounds: list[RoundSheet] = []
        dealer: int | None = None
        for index, cards in enumerate(self.sizes):
            number = index + 1
            active = [pid for pid in self.circle if self.members[pid].plays(number)]
            positions = {pid: pos for pos, pid in enumerate(self.circle)}
            active_positions = [positions[pid] for pid in active]
            if dealer is None:
                start = positions[self.first_dealer]
                dealer = self.first_dealer if self.first_dealer in active else \
                    self.circle[next_seat(start, active_positions, len(self.circle))]
            else:
                dealer = self.circle[
                    next_seat(positions[dealer], active_positions, len(self.circle))]
            order = [self.circle[pos] for pos in
                     bidding_order(positions[dealer], active_positions, len(self.circle))]
            plan = plan_round(ruleset, number, cards, len(active),
                              is_final_round=number == len(self.sizes))
            rnd = RoundSheet(
                number=number, cards=cards, expects_trump=plan.has_trump, dealer=dealer,
                order=order, hook_active=plan.hook_active, in_turn=in_turn,
                fits=cards * len(active) <= ruleset.deck_size,
            )
            if not plan.has_trump:
                rnd.trump, rnd.trump_chosen = None, True
            elif default_trump:
                rnd.trump, rnd.trump_chosen = default_trump, True
            facts = self.facts.get(number)
            if facts is not None:
                if facts.trump_entered:
                    rnd.trump, rnd.trump_chosen, rnd.trump_entered = facts.trump, True, True
                rnd.bids, rnd.tricks, rnd.closed = dict(facts.bids), dict(facts.tricks), facts.closed
            rounds.append(rnd)
        return rounds


def build_sheet(
    ruleset: Ruleset,
    players: Sequence[str],
    first_dealer: int,
    changes: Iterable[ChangeLike],
    *,
    with_history: bool = False,
) -> Sheet:
    """Fold a game's changes into its sheet.

    With ``with_history`` every change is also described in plain words, with
    what it changed from (see :mod:`scorekeeper.history`).
    """
    changes = list(changes)
    effective = effective_changes(changes)
    if with_history:
        from .history import describe_changes

        history = describe_changes(
            lambda: _Fold(ruleset, players, first_dealer), changes)
    else:
        history = []
    fold = _Fold(ruleset, players, first_dealer)
    for change in effective:
        fold.apply(change)
    return Sheet(
        ruleset=fold.ruleset,
        members=fold.members,
        circle=fold.circle,
        rounds=fold.rounds(),
        adjustments=fold.adjustments,
        effective=effective,
        history=history,
        version=max((change.seq for change in changes), default=0),
    )
