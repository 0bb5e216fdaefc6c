"""Trick-taking basics: who wins a trick, which cards may be played, and the
options play depends on (docs/rules.md sections 4 and 6).

The rules of play:

- The seat after the dealer leads the first trick; play goes clockwise.
- Follow suit if you can; otherwise play anything (with ``must_trump``, a
  player who cannot follow suit but holds a trump must trump).
- The highest trump wins the trick; with no trump in it, the highest card of
  the suit led. With two decks, of two identical winning cards the first played
  wins (or the last, by rule option). The winner leads the next trick.

>>> from scorekeeper.rules.cards import Suit, parse_card
>>> cards = [parse_card(c) for c in ["AS", "KS", "2H", "3S"]]
>>> trick_winner(cards, trump=Suit.HEARTS)
2
>>> trick_winner(cards, trump=None)
0

Checking a whole round's play, where broken rules are flagged and never
blocked, is :mod:`scorekeeper.rules.playout`; recording a round live, card by
card, is :class:`scorekeeper.rules.deal.Deal`. Both ask :func:`trick_winner`
who wins a trick.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, Protocol

from .cards import Card, Suit
from .errors import InvalidRuleOption, RulesError
from .options import IDENTICAL_CARDS, IdenticalCards, check_choice, check_flag

__all__ = [
    "FIRST_WINS",
    "LAST_WINS",
    "PlayError",
    "PlayOptions",
    "PlayRules",
    "Trick",
    "check_trump",
    "legal_cards",
    "trick_winner",
]

FIRST_WINS: Final[IdenticalCards] = "first-wins"
"""Of two identical cards (two decks) that both top a trick, the first played wins."""
LAST_WINS: Final[IdenticalCards] = "last-wins"
"""Of two identical cards that both top a trick, the last played wins."""


class PlayError(RulesError):
    """A play cannot be made or taken back: the round is over, there is
    nothing to undo, or a trick is empty or too long."""


class PlayOptions(Protocol):
    """The options play depends on: a :class:`PlayRules`, or a whole
    :class:`~scorekeeper.rules.ruleset.Ruleset`."""

    @property
    def decks(self) -> int: ...

    @property
    def must_trump(self) -> bool: ...

    @property
    def identical_cards(self) -> IdenticalCards: ...


@dataclass(frozen=True)
class PlayRules:
    """The options that change how tricks are played and checked: the part
    of a :class:`~scorekeeper.rules.ruleset.Ruleset` a hand record carries.

    >>> PlayRules()
    PlayRules(decks=1, must_trump=False, identical_cards='first-wins')
    >>> PlayRules(decks=3)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRuleOption: decks: must be 1 or 2, not 3
    """

    decks: int = 1
    must_trump: bool = False
    identical_cards: IdenticalCards = FIRST_WINS

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or self.decks not in (1, 2):
            raise InvalidRuleOption("decks", f"must be 1 or 2, not {self.decks!r}")
        check_flag("must_trump", self.must_trump)
        _check_identical(self.identical_cards)


class Trick(NamedTuple):
    """A finished trick: the seat that led, the cards in the order played
    (starting with the leader's) and the seat that won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_dict(self) -> dict[str, Any]:
        """The trick as in the ``tricks`` list of docs/hand-record.md."""
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "winner": self.winner}


def check_trump(trump: Suit | None) -> None:
    """Check that ``trump`` is a :class:`Suit`, or ``None`` for no trump.

    :raise RulesError: when it is neither.
    """
    if trump is not None and not isinstance(trump, Suit):
        raise RulesError(f"trump must be a Suit or None, not {trump!r}")


def _check_identical(identical: str) -> bool:
    """Whether of two identical cards the last played wins (``identical`` is
    checked: :class:`InvalidRuleOption` for neither rule)."""
    check_choice("identical_cards", identical, IDENTICAL_CARDS)
    return identical == LAST_WINS


def trick_winner(
    cards: Sequence[Card], trump: Suit | None, identical: IdenticalCards = FIRST_WINS
) -> int:
    """Return the index (in ``cards``, the order played) of the card that wins
    the trick: the highest trump, or with no trump in it the highest card of
    the suit led. Of two identical winning cards (two decks), the first played
    wins, or the last with ``identical="last-wins"``.

    Card by card: the card winning so far is of the suit led or a trump; a
    card beats it when it is higher in the same suit, or a trump over a card
    that is not.

    >>> from scorekeeper.rules.cards import Suit, parse_card
    >>> trick = [parse_card(c) for c in ["9D", "AC", "QD", "QD"]]
    >>> trick_winner(trick, trump=None), trick_winner(trick, None, "last-wins")
    (2, 3)
    >>> trick_winner(trick, trump=Suit.CLUBS)
    1

    :raise PlayError: for an empty trick.
    """
    if not cards:
        raise PlayError("a trick needs at least one card to have a winner")
    last_wins = _check_identical(identical)
    check_trump(trump)
    winner = 0
    for index, card in enumerate(cards):
        best = cards[winner]
        if card.suit == best.suit:  # the suit led, or trump once a trump is in
            beats = card.rank > best.rank or (last_wins and card.rank == best.rank)
        else:
            beats = card.suit == trump
        if beats:
            winner = index
    return winner


def legal_cards(
    hand: Iterable[Card],
    trick_so_far: Sequence[Card],
    trump: Suit | None,
    must_trump: bool = False,
) -> list[Card]:
    """Return the cards of ``hand`` (in hand order) that may be played next.

    Anything may be led. Otherwise a player must follow the suit led if they
    can; if they cannot, anything goes, except that with ``must_trump`` a
    player holding a trump must play one.

    >>> from scorekeeper.rules.cards import Suit, parse_card
    >>> hand = [parse_card(c) for c in ["2C", "9H", "KS"]]
    >>> lead = [parse_card("AD")]
    >>> [str(c) for c in legal_cards(hand, [parse_card("5C")], Suit.HEARTS)]
    ['2C']
    >>> [str(c) for c in legal_cards(hand, lead, Suit.HEARTS)]
    ['2C', '9H', 'KS']
    >>> [str(c) for c in legal_cards(hand, lead, Suit.HEARTS, must_trump=True)]
    ['9H']
    """
    hand = list(hand)
    if not trick_so_far:
        return hand
    led = trick_so_far[0].suit
    following = [card for card in hand if card.suit == led]
    if following:
        return following
    if must_trump and trump is not None:
        trumps = [card for card in hand if card.suit == trump]
        if trumps:
            return trumps
    return hand
