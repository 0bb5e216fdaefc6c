"""Recording a round live: a :class:`Deal` keeps the cards played on a move
stack, checks them as they come (flagging broken rules, never blocking them)
and takes them back one by one (docs/rules.md sections 4 and 6).

The checking itself is :func:`scorekeeper.rules.playout.play_out`, run again
over the whole stack after each change; the deal only knows seats, turns and
the stack.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .cards import Card, Suit
from .errors import InvalidSeat
from .numbers import is_whole
from .play import PlayError, PlayOptions, PlayRules, Trick, check_trump, legal_cards
from .playout import PlayOutcome, Violation, play_out

__all__ = ["Deal", "Play"]


class Play(NamedTuple):
    """One card on the move stack of a :class:`Deal`: who played it, and in
    which trick (0-based)."""

    trick: int
    seat: int
    card: Card


class Deal:
    """One round being played, recorded card by card on a move stack.

    ``seats`` are the table's seat numbers (counted clockwise) of the players
    in this round; a seat left out sits the round out. ``dealer`` is a seat
    number (the dealer may sit out); the first active seat after the dealer
    leads. ``trump`` is a suit, the turned-up card (its suit is trump and the
    card is in no hand) or ``None``. ``cards`` is the hand size. ``hands`` maps
    any active seats whose hands are known to the cards they were dealt.
    ``rules`` is a :class:`PlayRules` or a whole ``Ruleset`` (only ``decks``,
    ``must_trump`` and ``identical_cards`` matter here); ``names`` gives the
    players' names by seat, for the violation details.

    :meth:`push` accepts any card, even an illegal one: it records it and
    returns the violations it revealed. Where a hand is unknown, a revoke is
    proven (and reported) as soon as the player plays a card of the suit they
    did not follow. :meth:`pop` takes the last card back.

    >>> from scorekeeper.rules.cards import parse_card
    >>> deal = Deal(seats=[0, 1, 2, 3], dealer=0, trump=parse_card("7H"), cards=2,
    ...             names=["Ann", "Bob", "Cy", "Di"])
    >>> deal.whose_turn()
    1
    >>> for card in ["AS", "4C", "2H", "3S", "5C", "TC", "QC"]:
    ...     _ = deal.push(parse_card(card))
    >>> deal.tricks[0].winner, deal.whose_turn()
    (3, 2)

Cy played a club on a spade lead; playing a spade now proves the revoke:

    >>> [v.detail for v in deal.push(parse_card("KS"))]
    ['Cy played 4♣ on a spade lead while holding K♠, which Cy played later, in the 2nd trick.']

The scorer mixed up the card: take it back and record the right one.

    >>> deal.pop()
    Play(trick=1, seat=2, card=Card.from_text('KS'))
    >>> deal.push(parse_card("2C"))
    []
    >>> deal.is_complete, deal.violations, deal.tricks_won
    (True, (), {0: 0, 1: 1, 2: 0, 3: 1})
    """

    def __init__(
        self,
        seats: Iterable[int],
        dealer: int,
        trump: Suit | Card | None,
        cards: int,
        hands: Mapping[int, Iterable[Card]] | None = None,
        *,
        rules: PlayOptions | None = None,
        names: Mapping[int, str] | Sequence[str] | None = None,
    ) -> None:
        seat_list = list(seats)
        for seat in seat_list:
            if not is_whole(seat, 0):
                raise InvalidSeat(f"a seat is a whole number from 0, not {seat!r}")
        if len(set(seat_list)) != len(seat_list):
            raise InvalidSeat(f"each seat plays once: {seat_list}")
        if len(seat_list) < 2:
            raise InvalidSeat("a round needs at least 2 players")
        if not is_whole(dealer, 0):
            raise InvalidSeat(f"the dealer is a seat number from 0, not {dealer!r}")
        if not is_whole(cards, 1):
            raise PlayError(f"each player gets at least 1 card, not {cards!r}")
        self.seats: tuple[int, ...] = tuple(sorted(seat_list))
        self.dealer = dealer
        self.cards = cards
        self.rules: PlayOptions = rules if rules is not None else PlayRules()
        if isinstance(trump, Card):
            self.trump_card: Card | None = trump
            self.trump: Suit | None = trump.suit
        else:
            check_trump(trump)
            self.trump_card = None
            self.trump = trump
        after = [i for i, seat in enumerate(self.seats) if seat > dealer]
        self._first_leader = after[0] if after else 0
        self._position = {seat: i for i, seat in enumerate(self.seats)}
        known: list[tuple[Card, ...] | None] = [None] * len(self.seats)
        for seat, hand in (hands or {}).items():
            if seat not in self._position:
                raise InvalidSeat(f"seat {seat} has a hand but does not play this round")
            known[self._position[seat]] = tuple(hand)
        self._hands = known
        if names is None:
            self._names = [f"Seat {seat}" for seat in self.seats]
        else:
            self._names = [str(names[seat]) for seat in self.seats]
        self._stack: list[Card] = []
        self._outcome: PlayOutcome | None = None

    # The stack --------------------------------------------------------------

    def _tricks(self) -> list[list[Card]]:
        m = len(self.seats)
        return [self._stack[i : i + m] for i in range(0, len(self._stack), m)]

    def _play_out(self) -> PlayOutcome:
        if self._outcome is None:
            self._outcome = play_out(
                self._tricks(), len(self.seats), self._first_leader, self.trump, self._hands,
                self.rules, trump_card=self.trump_card, seats=self.seats, names=self._names,
                final=self.is_complete,
            )
        return self._outcome

    @property
    def move_stack(self) -> tuple[Play, ...]:
        """Every card played so far, in order."""
        outcome = self._play_out()
        m = len(self.seats)
        return tuple(
            Play(i // m, self.seats[(outcome.leaders[i // m] + i % m) % m], card)
            for i, card in enumerate(self._stack)
        )

    @property
    def is_complete(self) -> bool:
        """True once every player has played every card."""
        return len(self._stack) == self.cards * len(self.seats)

    def whose_turn(self) -> int | None:
        """The seat to play next, or ``None`` when the round is over."""
        if self.is_complete:
            return None
        m = len(self.seats)
        trick, j = divmod(len(self._stack), m)
        if trick == 0:
            leader = self._first_leader
        else:
            outcome = self._play_out()
            leader = outcome.winners[trick - 1] if j == 0 else outcome.leaders[trick]
        return self.seats[(leader + j) % m]

    def push(self, card: Card) -> list[Violation]:
        """Record ``card`` for the seat to play, legal or not; return the
        violations it revealed (about this card, or a revoke it proves).

        :raise PlayError: when the round is already over.
        """
        if not isinstance(card, Card):
            raise PlayError(f"expected a Card, not {card!r}")
        if self.is_complete:
            raise PlayError(f"the round is over: all {self.cards} tricks are played")
        before = set(self.violations)
        self._stack.append(card)
        self._outcome = None
        return [v for v in self.violations if v not in before]

    def extend(self, cards: Iterable[Card]) -> None:
        """Record several cards in play order, legal or not, as :meth:`push`
        does one by one, but checking the round only once: for replaying
        plays stored earlier. The violations are then in :attr:`violations`.

        >>> from scorekeeper.rules.cards import parse_card
        >>> deal = Deal(seats=[0, 1], dealer=1, trump=None, cards=2)
        >>> deal.extend(parse_card(c) for c in ["2C", "AC", "KD"])
        >>> deal.whose_turn(), len(deal.move_stack)
        (0, 3)

        :raise PlayError: when a card is not a Card or there are more cards
            than the round deals; nothing is recorded then.
        """
        new = list(cards)
        for card in new:
            if not isinstance(card, Card):
                raise PlayError(f"expected a Card, not {card!r}")
        if len(self._stack) + len(new) > self.cards * len(self.seats):
            raise PlayError(f"the round is over: all {self.cards} tricks are played")
        self._stack.extend(new)
        self._outcome = None

    def pop(self) -> Play:
        """Take back the last card played and return it.

        :raise PlayError: when no card has been played.
        """
        if not self._stack:
            raise PlayError("no card has been played, so there is nothing to take back")
        play = self.move_stack[-1]
        self._stack.pop()
        self._outcome = None
        return play

    # The state --------------------------------------------------------------

    @property
    def current_trick(self) -> tuple[Play, ...]:
        """The cards of the trick in progress (empty between tricks)."""
        m = len(self.seats)
        started = len(self._stack) % m
        return self.move_stack[len(self._stack) - started :] if started else ()

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, with their leaders and winners (as seats)."""
        outcome = self._play_out()
        m = len(self.seats)
        seats = self.seats
        return tuple(
            Trick(
                seats[outcome.leaders[t]],
                tuple(self._stack[t * m : t * m + m]),
                seats[outcome.winners[t]],
            )
            for t in range(len(self._stack) // m)
        )

    @property
    def tricks_won(self) -> dict[int, int]:
        """Finished tricks won, by seat."""
        won = self._play_out().won
        return {seat: won[i] for i, seat in enumerate(self.seats)}

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every violation found so far, in play order."""
        return tuple(self._play_out().violations)

    def hand(self, seat: int) -> list[Card] | None:
        """The cards ``seat`` still holds, when its hand is known."""
        dealt = self._hands[self._seat_position(seat)]
        if dealt is None:
            return None
        remaining = list(dealt)
        for play in self.move_stack:
            if play.seat == seat and play.card in remaining:
                remaining.remove(play.card)
        return remaining

    def legal_cards(self) -> list[Card] | None:
        """The cards the seat to play may play, when its hand is known
        (``None`` when unknown or when the round is over)."""
        seat = self.whose_turn()
        if seat is None:
            return None
        hand = self.hand(seat)
        if hand is None:
            return None
        trick = [play.card for play in self.current_trick]
        return legal_cards(hand, trick, self.trump, self.rules.must_trump)

    def _seat_position(self, seat: int) -> int:
        try:
            return self._position[seat]
        except KeyError:
            raise InvalidSeat(f"seat {seat} does not play this round") from None
