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
card, is :class:`scorekeeper.rules.deal.Deal`. Both use the lookup tables
here (:data:`TRICK_KEYS`, :func:`play_orders`, :func:`trump_index`), which
work on a card's small integer code for speed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, Protocol

from .cards import Card, Suit
from .errors import InvalidRuleOption, RulesError
from .options import IDENTICAL_CARDS, IdenticalCards

__all__ = [
    "FIRST_WINS",
    "LAST_WINS",
    "NO_TRUMP",
    "PlayError",
    "PlayOptions",
    "PlayRules",
    "TRICK_KEYS",
    "Trick",
    "legal_cards",
    "play_orders",
    "trick_winner",
    "trump_index",
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
        if not isinstance(self.must_trump, bool):
            raise InvalidRuleOption("must_trump", f"must be true or false, not {self.must_trump!r}")
        if self.identical_cards not in IDENTICAL_CARDS:
            raise InvalidRuleOption(
                "identical_cards",
                f"must be 'first-wins' or 'last-wins', not {self.identical_cards!r}",
            )


class Trick(NamedTuple):
    """A finished trick: the seat that led, the cards in the order played
    (starting with the leader's) and the seat that won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_dict(self) -> dict[str, Any]:
        """The trick as in the ``tricks`` list of docs/hand-record.md."""
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "winner": self.winner}


# --- Lookup tables, shared with the play-out ----------------------------------
#
# A card's code is (rank - 2) * 4 + suit index, so the code order is the rank
# order and code & 3 is the suit. TRICK_KEYS[trump][led][code] is the card's
# strength in a trick: 20 + rank for a trump, rank for the suit led, 0 for any
# other card (it cannot win). trump index 4 means no trump.

NO_TRUMP: Final = 4
"""The trump index of a round without trump."""
TRICK_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            20 + (code >> 2) + 2
            if code & 3 == trump
            else (code >> 2) + 2 if code & 3 == led else 0
            for code in range(52)
        )
        for led in range(4)
    )
    for trump in range(5)
)
"""``TRICK_KEYS[trump index][suit led][card code]``: the card's strength in the trick."""
_PLAY_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def play_orders(n: int) -> tuple[tuple[int, ...], ...]:
    """``play_orders(n)[leader]`` is the order of play (positions ``0..n-1``)
    of a trick that ``leader`` leads.

    >>> play_orders(3)[2]
    (2, 0, 1)
    """
    orders = _PLAY_ORDERS.get(n)
    if orders is None:
        orders = tuple(tuple((leader + j) % n for j in range(n)) for leader in range(n))
        _PLAY_ORDERS[n] = orders
    return orders


def trump_index(trump: Suit | None) -> int:
    """The trump's suit index (0-3), or :data:`NO_TRUMP`: the first index of
    :data:`TRICK_KEYS`.

    :raise RulesError: when ``trump`` is neither a :class:`Suit` nor ``None``.
    """
    if trump is None:
        return NO_TRUMP
    if not isinstance(trump, Suit):
        raise RulesError(f"trump must be a Suit or None, not {trump!r}")
    return trump.index


def _check_identical(identical: str) -> bool:
    """Return True for last-wins."""
    if identical not in IDENTICAL_CARDS:
        raise InvalidRuleOption(
            "identical_cards", f"must be 'first-wins' or 'last-wins', not {identical!r}"
        )
    return identical == LAST_WINS


def trick_winner(
    cards: Sequence[Card], trump: Suit | None, identical: IdenticalCards = FIRST_WINS
) -> int:
    """Return the index (in ``cards``, the order played) of the card that wins
    the trick: the highest trump, or with no trump in it the highest card of
    the suit led. Of two identical winning cards (two decks), the first played
    wins, or the last with ``identical="last-wins"``.

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
    keys = TRICK_KEYS[trump_index(trump)][cards[0].code & 3]
    best = -1
    winner = 0
    for index, card in enumerate(cards):
        key = keys[card.code]
        if key > best or (last_wins and key == best):
            best = key
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
