"""The recorded hand of a round, folded from its events into the rules engine's live deal.

A round's cards are stored as append-only events (a hand dealt, a card played,
an undo, a restart; see :class:`HandEventLike`). :func:`fold_hand` folds them
into the rules engine's live :class:`~scorekeeper.rules.Deal`, so whose turn it
is, who won each trick and which plays broke a rule always come from the
engine, never from here.

How a round of the sheet becomes a ``Deal``: its players in bidding order
(``RoundSheet.order``: the player after the dealer first, the dealer last) are
the Deal's seats 0..m-1, with the dealer at m-1, so seat 0 leads the first
trick. A player who sits the round out is not in it. A hand dealt counts as
known only once all its cards are entered; until then the player's hand is
derived from the cards they play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..rules import Card, Deal, Suit, Violation, parse_card, score_round
from ..rules.cards import CARDS, SUITS
from .errors import HandNotReady
from .rounds import RoundSheet
from .sheet import Sheet

#: Event kinds.
DEAL, CARD, UNDO, RESET = "deal", "card", "undo", "reset"


class HandEventLike(Protocol):
    """What the fold reads of a stored hand event.

    ``kind`` is ``"deal"`` (``player`` was dealt ``cards``; a later deal for
    the same player replaces it), ``"card"`` (``player`` played ``cards[0]``),
    ``"undo"`` (takes back the latest deal or card still in force) or
    ``"reset"`` (the hand starts over: everything before it is out of force).
    """

    seq: int
    kind: str
    player: int | None
    cards: Any


@dataclass(frozen=True)
class NewHandEvent:
    """An event the recorder makes, checked and ready to be stored."""

    kind: str
    player: int | None = None
    cards: list[str] | None = None


@dataclass
class TrickLine:
    """A finished trick as the page shows it (players by id, 1-based number)."""

    number: int
    leader: int
    plays: list[tuple[int, Card]]
    winner: int


@dataclass(frozen=True)
class Flag:
    """A violation of the hand, with the facts a sentence about it needs.

    ``rule`` is the engine's name of the rule broken. ``led`` is the
    suit led; ``held`` the card the player still held and should have played
    (of the suit led for a revoke, a trump for must-trump), and ``later`` the
    trick (1-based) they played it in, when the hand is derived from the
    plays: the engine's facts (:class:`~scorekeeper.rules.Violation`).
    """

    trick: int
    player: int
    name: str
    card: Card | None
    rule: str
    led: Suit | None = None
    held: Card | None = None
    later: int | None = None


@dataclass
class Hand:
    """A round's recorded hand, folded from its events."""

    sheet: Sheet
    rnd: RoundSheet
    #: Player ids by the Deal's seat number (bidding order, the dealer last).
    players: list[int]
    #: Hands entered per player id (complete or not), as entered.
    entered: dict[int, tuple[Card, ...]]
    deal: Deal
    #: Every stored event of the round, oldest first.
    events: Sequence[HandEventLike] = field(default_factory=list)
    #: The events in force (not undone or reset), oldest first.
    in_force: list[HandEventLike] = field(default_factory=list)

    @property
    def last_seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    # -- who is who --------------------------------------------------------

    def name(self, player: int) -> str:
        return self.sheet.name(player)

    @property
    def decks(self) -> int:
        return self.sheet.ruleset.decks

    @property
    def is_known(self) -> dict[int, bool]:
        """Whether each player's whole hand is entered (and so checked card by card)."""
        return {p: len(self.entered.get(p, ())) == self.rnd.cards for p in self.players}

    # -- the state of play ---------------------------------------------------

    @property
    def played(self) -> int:
        """Cards played so far (the ``at`` a phone sends back with its next tap)."""
        return len(self.deal.move_stack)

    @property
    def is_complete(self) -> bool:
        return self.deal.is_complete

    @property
    def is_started(self) -> bool:
        return bool(self.in_force)

    def whose_turn(self) -> int | None:
        seat = self.deal.whose_turn()
        return None if seat is None else self.players[seat]

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return [(self.players[p.seat], p.card) for p in self.deal.current_trick]

    @property
    def tricks(self) -> list[TrickLine]:
        return [
            TrickLine(
                number, self.players[t.leader],
                [(self.players[(t.leader + j) % len(self.players)], card)
                 for j, card in enumerate(t.cards)],
                self.players[t.winner],
            )
            for number, t in enumerate(self.deal.tricks, start=1)
        ]

    @property
    def tricks_won(self) -> dict[int, int]:
        return {self.players[seat]: n for seat, n in self.deal.tricks_won.items()}

    def copies_left(self) -> dict[Card, int]:
        """How many copies of each card can still be played (the turned-up
        trump card is not known to the sheet, so it is not counted)."""
        left = {card: self.decks for card in CARDS}
        for play in self.deal.move_stack:
            left[play.card] = max(0, left[play.card] - 1)
        return left

    def legal_cards(self) -> set[Card] | None:
        """The cards the player to play may play, when their hand is known."""
        cards = self.deal.legal_cards()
        return None if cards is None else set(cards)

    def picker(self) -> list[tuple[str, list[tuple[str, int, bool]]]]:
        """The card picker, a row per suit (spades, hearts, diamonds, clubs; ace
        first): each card's text, the copies left to play, and whether it would
        break a rule for the player to play (known hands only; flagged, never
        blocked)."""
        left = self.copies_left()
        legal = self.legal_cards()
        return [
            (suit, [(str(card), left[card], legal is not None and card not in legal)
                    for card in row])
            for suit, row in _PICKER_ROWS.items()
        ]

    def dealt_copies(self) -> dict[Card, list[int]]:
        """Who was dealt each card (entered hands, complete or not)."""
        out: dict[Card, list[int]] = {}
        for player, cards in self.entered.items():
            for card in cards:
                out.setdefault(card, []).append(player)
        return out

    # -- the verdict ---------------------------------------------------------

    @property
    def flags(self) -> list[Flag]:
        return [self.flag(v) for v in self.deal.violations]

    def flag(self, violation: Violation) -> Flag:
        """A violation with the facts that explain it, as the engine found them."""
        player = self.players[violation.seat]
        later = None if violation.later is None else violation.later + 1
        return Flag(trick=violation.trick + 1, player=player, name=self.name(player),
                    card=violation.card, rule=violation.rule, led=violation.led,
                    held=violation.held, later=later)

    @property
    def written(self) -> dict[int, int]:
        """The tricks the table wrote down for this round (possibly partial)."""
        return dict(self.rnd.tricks)

    @property
    def disputed(self) -> dict[int, int]:
        """Written minus replayed, for the players whose count was written and differs."""
        won = self.tricks_won
        return {p: self.rnd.tricks[p] - won[p] for p in self.players
                if p in self.rnd.tricks and self.rnd.tricks[p] != won[p]}

    @property
    def disputed_names(self) -> str:
        return ", ".join(self.name(p) for p in self.disputed)

    def points(self) -> dict[int, int] | None:
        """The points the replayed tricks would give, once the hand is complete
        and every bid is in (the game's scoring, misses before this round counted)."""
        if not self.is_complete or not self.rnd.is_bidding_complete:
            return None
        won = self.tricks_won
        misses = {p: 0 for p in self.players}
        for earlier in self.sheet.closed_rounds:
            if earlier.number >= self.rnd.number:
                break
            for p in earlier.order:
                if p in misses and earlier.bids[p] != earlier.tricks[p]:
                    misses[p] += 1
        points = score_round(
            self.sheet.ruleset.scoring, [self.rnd.bids[p] for p in self.players],
            [won[p] for p in self.players], self.rnd.cards, [misses[p] for p in self.players],
        )
        return dict(zip(self.players, points))

    def written_points(self) -> dict[int, int] | None:
        return self.sheet.points(self.rnd) if self.rnd.closed else None

    @property
    def can_apply(self) -> bool:
        """Whether one tap can write the replayed tricks into the round."""
        if not self.is_complete or not self.rnd.is_bidding_complete:
            return False
        if not self.rnd.closed and (self.sheet.current is None
                                    or self.sheet.current.number != self.rnd.number):
            return False
        won = self.tricks_won
        return any(self.rnd.tricks.get(p) != won[p] for p in self.players)


_PICKER_ROWS = {suit.value: tuple(sorted((card for card in CARDS if card.suit == suit), reverse=True))
                for suit in reversed(SUITS)}
#: The cards of the picker, a row per suit.
PICKER_CARDS = tuple(_PICKER_ROWS.values())

def in_force(events: Sequence[HandEventLike]) -> list[HandEventLike]:
    """The events still in force: an undo takes back the latest deal or card,
    a reset everything before it."""
    stack: list[HandEventLike] = []
    for event in events:
        if event.kind == RESET:
            stack.clear()
        elif event.kind == UNDO:
            if stack:
                stack.pop()
        else:
            stack.append(event)
    return stack


def hand_round(sheet: Sheet, number: int) -> RoundSheet:
    """The round whose hand may be recorded.

    :raise NoSuchRound: when the game has no such round.
    :raise HandNotReady: when the round has not begun or the deck cannot deal it.
    """
    rnd = sheet.round(number)
    current = sheet.current
    if not rnd.closed and (current is None or rnd.number > current.number):
        raise HandNotReady("hand-not-started", number=number)
    if not rnd.fits:
        raise HandNotReady("hand-unfit", number=number)
    return rnd


def fold_hand(sheet: Sheet, number: int, events: Sequence[HandEventLike]) -> Hand:
    """The hand of round ``number`` from its stored events, oldest first.

    :raise NoSuchRound: when the game has no such round.
    :raise HandNotReady: when the round's hand cannot be recorded yet.
    """
    rnd = hand_round(sheet, number)
    players = list(rnd.order)
    force = in_force(events)
    entered: dict[int, tuple[Card, ...]] = {}
    cards: list[Card] = []
    for event in force:
        if event.kind == DEAL:
            hand = tuple(parse_card(c) for c in event.cards or ())
            if hand:
                entered[event.player] = hand
            else:
                entered.pop(event.player, None)
        elif event.kind == CARD:
            cards.append(parse_card(event.cards[0]))
    known = {players.index(p): hand for p, hand in entered.items()
             if p in players and len(hand) == rnd.cards}
    trump = None if rnd.trump is None else Suit(rnd.trump)
    deal = Deal(range(len(players)), len(players) - 1, trump, rnd.cards, known,
                rules=sheet.ruleset, names=[sheet.name(p) for p in players])
    deal.extend(cards[:rnd.cards * len(players)])
    return Hand(sheet, rnd, players, entered, deal, list(events), force)


