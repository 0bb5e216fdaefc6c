"""The values a game sheet is made of: its players, its rounds, its adjustments,
and the limits of a table.

A game's changes are append-only. Their kinds, and what each stores:

========== ====================================================================
``trump``  ``round``, ``value``: a suit letter or None (no trump)
``bid``    ``round``, ``player``, ``value``: the bid
``tricks`` ``round``, ``player``, ``value``: the tricks taken
``close``  ``round``: the round is scored
``correct`` ``round``, ``value``: {"trump", "bids", "tricks"} of a closed round
``undo``   ``value``: the ``seq`` of the change taken back (the latest in force)
``join``   ``player`` (a new player id), ``value``: {"name", "after", "from",
           "start_rule", "start_score"}
``leave``  ``player``, ``value``: {"from": first round without them}
``back``   ``player`` (one who left), ``value``: {"from": the first round they
           play again}; the rounds between are sat out
``sitout`` ``player``, ``round``
``schedule`` ``value``: {"op": "insert"|"set"|"remove"|"replace", ...}
``adjust`` ``player``, ``value``: {"points", "reason", "after": rounds closed,
           and for a revoke's penalty "revoke": {"round", "trick"}}
``scoring`` ``value``: a :class:`~scorekeeper.rules.Scoring` as a dict
``decks``  ``value``: how many decks are shuffled together from now on (1 or 2)
``end``    ``round``: the last round of the game, ended early by the table (the
           rounds planned after it stay in the log, unplayed)
``name``   ``player``, ``value``: {"name": the name from now on, "roster": the
           rename's number on the device that made it, "was": the name before;
           "undo": true when it takes that rename back}: never taken back by
           an ``undo`` (see :mod:`scorekeeper.game.renames`)
========== ====================================================================

``player`` in a change is a player's id: the starting players are 0, 1, 2, ...
in their starting seat order, and each newcomer gets the next free number. The
order around the table is kept separately (``Sheet.circle``), because a
newcomer may sit down between two others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from ..rules import TRUMP_CHOICES, forbidden_bid

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


class ChangeLike(Protocol):
    """What the fold reads of a stored change (the model, a row, or a :class:`NewChange`)."""

    seq: int
    kind: str
    round: int | None
    player: int | None
    value: Any


#: Kinds of change that the game's own undo never takes back: a player's
#: name, changed from the device's roster, which takes it back there
#: (:mod:`scorekeeper.game.renames`).
NOT_UNDONE = frozenset({"name"})


def take_back(stack: Sequence[Any], change_of: Callable[[Any], ChangeLike] = lambda item: item
              ) -> int | None:
    """Where in ``stack`` (the changes in force, oldest first, or items that
    ``change_of`` gives one of) the latest change an ``undo`` takes back is;
    None when there is none. The caller removes it."""
    for index in range(len(stack) - 1, -1, -1):
        if change_of(stack[index]).kind not in NOT_UNDONE:
            return index
    return None


@dataclass(frozen=True)
class NewChange:
    """A change the table makes, checked and ready to be stored: what
    :mod:`scorekeeper.game.entries` returns and the storage layer appends."""

    kind: str
    round: int | None = None
    player: int | None = None
    value: Any = None


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
        return self.seat().plays(number)

    def seat(self) -> Seat:
        """Which rounds they play, as a value that does not change."""
        return Seat(self.id, self.joined, self.left, frozenset(self.sits_out))


class Seat(NamedTuple):
    """Which rounds a player plays: from round ``joined`` on, until round
    ``left`` (which they no longer play), except the rounds ``sits_out``."""

    player: int
    joined: int
    left: int | None
    sits_out: frozenset[int]

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
    #: For a revoke's penalty: the round and the trick (1-based) of the revoke.
    revoke: tuple[int, int] | None = None


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
    #: The players whose bid in force they entered themselves, through their
    #: seat link (see :mod:`.hidden`).
    own_bids: set[int] = field(default_factory=set)

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
    #: Whether the hook may refuse the dealer a bid in this round (the engine's
    #: :func:`scorekeeper.rules.hook_applies`: never where everyone bids at once).
    hook_active: bool
    in_turn: bool
    #: Whether the deck holds enough cards for this round's players.
    fits: bool = True
    #: The trump the rules fix before the deal (spades, or a cycle's suit), if any.
    rules_trump: str | None = None
    #: The players who have bid where the phone looking may not see the bid
    #: yet (bidding all at once: see :mod:`.hidden`); their bids are not in
    #: :attr:`bids` then.
    hidden_bids: frozenset[int] = frozenset()
    #: Whether the round was added after the last planned one because the
    #: totals were tied for first (the ``extra-hands`` tie rule).
    added_for_tie: bool = False

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
        return all(player in self.bids for player in self.order)

    def has_bid(self, player: int) -> bool:
        """Whether the player has bid, shown or hidden."""
        return player in self.bids or player in self.hidden_bids

    @property
    def is_started(self) -> bool:
        """As :attr:`RoundFacts.is_started`, a bid hidden from the phone
        looking included: it has begun for that phone too."""
        return super().is_started or bool(self.hidden_bids)

    @property
    def not_bid(self) -> list[int]:
        """The players who have not bid yet, in bidding order."""
        return [player for player in self.order if not self.has_bid(player)]

    @property
    def is_tricks_complete(self) -> bool:
        return all(player in self.tricks for player in self.order) and self.tricks_left == 0

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
        missing = self.not_bid
        return missing[0] if missing else None

    @property
    def dealer_may_bid(self) -> bool:
        """In turn, the dealer bids only once everyone else has."""
        return not self.in_turn or all(s in self.bids for s in self.order[:-1])

    @property
    def forbidden(self) -> int | None:
        """The dealer's forbidden bid, once everyone else has bid, or None."""
        return self.forbidden_with(self.bids)

    def forbidden_with(self, bids: Mapping[int, int | None]) -> int | None:
        """The dealer's forbidden bid were the others' bids ``bids`` (a
        correction being chosen), or None while one of them is missing."""
        if not self.hook_active:
            return None
        others = [bids.get(s) for s in self.order[:-1]]
        if any(bid is None for bid in others):
            return None
        return forbidden_bid(self.cards, others)


