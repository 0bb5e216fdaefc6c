"""Cards, suits and ranks (docs/rules.md section 1).

A :class:`Card` is an interned, immutable value: there are exactly 52 card
objects, one per rank and suit, so parsing never allocates. Every card
carries a small integer :attr:`Card.code` (``(rank - 2) * 4 + suit index``),
its place in :data:`CARDS`, by which cards order and hash.

>>> card = parse_card("10h")
>>> card, str(card), card.symbol
(Card.from_text('TH'), 'TH', '10♥')
>>> card.rank, card.suit
(10, <Suit.HEARTS: 'H'>)
>>> parse_card("Q♥") > parse_card("TH")
True
>>> len(full_deck()), len(full_deck(decks=2))
(52, 104)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final

from .errors import InvalidCard
from .numbers import is_whole

__all__ = [
    "ACE",
    "CARDS",
    "Card",
    "JACK",
    "KING",
    "QUEEN",
    "RANKS",
    "RANK_LETTERS",
    "Rank",
    "SUITS",
    "Suit",
    "TEN",
    "full_deck",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "parse_suit",
]


class Suit(str, Enum):
    """One of the four suits. Its value is the letter used in hand records.

    >>> Suit.HEARTS.value, Suit.HEARTS.symbol, Suit.HEARTS.noun
    ('H', '♥', 'heart')
    >>> str(Suit.SPADES), f"{Suit.CLUBS}"
    ('S', 'C')
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The singular English noun ("club"), as in "a club lead"."""
        return self.name.lower()[:-1]

    @property
    def plural(self) -> str:
        """The plural English noun ("clubs")."""
        return self.name.lower()

    @property
    def index(self) -> int:
        """0 for clubs, 1 diamonds, 2 hearts, 3 spades (the low bits of a card code)."""
        return _SUIT_INDEX[self]


SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The suits in index order. No suit outranks another except trump."""

_SUIT_SYMBOLS: Final = {
    Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"
}
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(SUITS)}

Rank = int
"""A rank is an ``int`` from 2 to 14 (ace high)."""

TEN: Final[Rank] = 10
JACK: Final[Rank] = 11
QUEEN: Final[Rank] = 12
KING: Final[Rank] = 13
ACE: Final[Rank] = 14

RANKS: Final[tuple[Rank, ...]] = tuple(range(2, 15))
"""The ranks low to high: 2 .. 10, jack 11, queen 12, king 13, ace 14."""

RANK_LETTERS: Final = "23456789TJQKA"
"""The canonical one-letter name of each rank, ``RANK_LETTERS[rank - 2]``."""

_EXPECTED_CARD: Final = (
    "a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), "
    "like AS, 10h or Q♥"
)
_EXPECTED_SUIT: Final = "a suit is C, D, H or S (or ♣ ♦ ♥ ♠)"


class Card:
    """A playing card: an immutable, hashable, ordered value.

    Cards are interned: ``Card(rank, suit)`` returns one of the 52 objects in
    :data:`CARDS`. They order by rank, then by suit index (clubs lowest); the
    order is only for sorting, since which card wins a trick depends on the
    lead and the trump (see :func:`scorekeeper.rules.play.trick_winner`).

    >>> Card(14, Suit.SPADES) is parse_card("as")
    True
    >>> sorted(parse_card(t) for t in ["KH", "2S", "KC"])
    [Card.from_text('2S'), Card.from_text('KC'), Card.from_text('KH')]
    >>> card = Card(QUEEN, Suit.HEARTS)
    >>> card.code, CARDS[card.code] is card
    (42, True)
    >>> card.rank = 3
    Traceback (most recent call last):
    ...
    AttributeError: cards are immutable
    """

    __slots__ = ("rank", "suit", "code", "_text")

    rank: Rank
    suit: Suit
    code: int

    def __new__(cls, rank: Rank, suit: Suit | str) -> Card:
        try:
            return _BY_RANK_SUIT[rank, suit]
        except (KeyError, TypeError):
            raise InvalidCard(
                f"no card has rank {rank!r} and suit {suit!r}: "
                "ranks are 2 to 14 (ace) and suits C, D, H, S"
            ) from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "code", (rank - 2) * 4 + _SUIT_INDEX[suit])
        object.__setattr__(card, "_text", RANK_LETTERS[rank - 2] + suit.value)
        return card

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    @property
    def letter(self) -> str:
        """The rank's canonical letter: ``"T"`` for ten."""
        return RANK_LETTERS[self.rank - 2]

    @property
    def symbol(self) -> str:
        """The card as players write it, with a suit symbol: ``"10♥"``, ``"Q♠"``."""
        rank = "10" if self.rank == TEN else self.letter
        return rank + _SUIT_SYMBOLS[self.suit]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.from_text({self._text!r})"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code < other.code
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code <= other.code
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code > other.code
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code >= other.code
        return NotImplemented

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(rank, suit) for rank in RANKS for suit in SUITS
)
"""All 52 cards, indexed by :attr:`Card.code`."""

_BY_RANK_SUIT: Final[dict[tuple[Rank, Suit | str], Card]] = {}
for _card in CARDS:
    _BY_RANK_SUIT[_card.rank, _card.suit] = _card
del _card

_RANK_SPELLINGS: Final = {letter: rank for rank, letter in zip(RANKS, RANK_LETTERS)} | {
    "10": TEN
}
_SUIT_SPELLINGS: Final = {suit.value: suit for suit in SUITS} | {
    symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()
}


def _case_variants(text: str) -> set[str]:
    variants = {""}
    for char in text:
        variants = {v + c for v in variants for c in {char.lower(), char.upper()}}
    return variants


# Every accepted spelling, in every letter case, maps straight to its card, so
# parsing is one dict lookup.
_PARSE_CACHE: Final[dict[str, Card]] = {}
for _rank_text, _rank in _RANK_SPELLINGS.items():
    for _suit_text, _suit in _SUIT_SPELLINGS.items():
        for _spelling in _case_variants(_rank_text + _suit_text):
            _PARSE_CACHE[_spelling] = _BY_RANK_SUIT[_rank, _suit]
_SUIT_CACHE: Final[dict[str, Suit]] = {}
for _suit_text, _suit in _SUIT_SPELLINGS.items():
    for _spelling in _case_variants(_suit_text):
        _SUIT_CACHE[_spelling] = _suit
del _rank_text, _rank, _suit_text, _suit, _spelling

_EMOJI_VARIATION: Final = "\ufe0f"


def _normalise(text: str) -> str:
    # Phones often send a suit symbol with the emoji variation selector ("♥️").
    return text.strip().replace(_EMOJI_VARIATION, "")


def parse_card(text: str) -> Card:
    """Read a card: rank then suit, in any letter case.

    Ranks are ``2``-``9``, ``T`` (or ``10``), ``J``, ``Q``, ``K``, ``A``;
    suits ``C D H S`` or the symbols ``♣ ♦ ♥ ♠``. Surrounding spaces are
    ignored.

    >>> parse_card("10h"), parse_card("q♠"), parse_card(" AS ")
    (Card.from_text('TH'), Card.from_text('QS'), Card.from_text('AS'))
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidCard: '1H' is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), like AS, 10h or Q♥

    :raise InvalidCard: when ``text`` is not a card.
    """
    if isinstance(text, str):
        card = _PARSE_CACHE.get(text)
        if card is None:
            card = _PARSE_CACHE.get(_normalise(text))
        if card is not None:
            return card
    raise InvalidCard(f"{_show(text)} is not a card: {_EXPECTED_CARD}")


def parse_cards(texts: Sequence[str]) -> tuple[Card, ...]:
    """Read several cards, each as :func:`parse_card` reads it.

    >>> parse_cards(["AS", "10h", " q♠ "])
    (Card.from_text('AS'), Card.from_text('TH'), Card.from_text('QS'))
    >>> parse_cards(["AS", "1H"])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidCard: '1H' is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), like AS, 10h or Q♥

    :raise InvalidCard: for the first text that is not a card.
    """
    return tuple(parse_card(text) for text in texts)


def parse_suit(text: str) -> Suit:
    """Read a suit: ``C D H S`` in any case, or a symbol ``♣ ♦ ♥ ♠``.

    >>> parse_suit("h"), parse_suit("♠")
    (<Suit.HEARTS: 'H'>, <Suit.SPADES: 'S'>)
    >>> parse_suit("hearts")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidCard: 'hearts' is not a suit: a suit is C, D, H or S (or ♣ ♦ ♥ ♠)

    :raise InvalidCard: when ``text`` is not a suit.
    """
    if isinstance(text, str):
        suit = _SUIT_CACHE.get(text)
        if suit is None:
            suit = _SUIT_CACHE.get(_normalise(text))
        if suit is not None:
            return suit
    raise InvalidCard(f"{_show(text)} is not a suit: {_EXPECTED_SUIT}")


def parse_rank(text: str) -> Rank:
    """Read a rank: ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``.

    >>> parse_rank("10"), parse_rank("t"), parse_rank("A")
    (10, 10, 14)

    :raise InvalidCard: when ``text`` is not a rank.
    """
    if isinstance(text, str):
        rank = _RANK_SPELLINGS.get(text.strip().upper())
        if rank is not None:
            return rank
    raise InvalidCard(
        f"{_show(text)} is not a rank: a rank is 2-9, T or 10, J, Q, K or A"
    )


def full_deck(decks: int = 1) -> list[Card]:
    """Return ``decks`` full decks, each in suit order (clubs, diamonds, hearts,
    spades), two to ace within a suit.

    >>> deck = full_deck()
    >>> [str(c) for c in deck[:3]], str(deck[-1])
    (['2C', '3C', '4C'], 'AS')
    >>> full_deck(2).count(parse_card("QH"))
    2

    :raise InvalidCard: when ``decks`` is not a positive whole number.
    """
    if not is_whole(decks, 1):
        raise InvalidCard(f"the number of decks must be a positive whole number, not {decks!r}")
    one = [_BY_RANK_SUIT[rank, suit] for suit in SUITS for rank in RANKS]
    return one * decks


def _show(text: object) -> str:
    """Quote a bad input for an error message, shortening very long text."""
    if isinstance(text, str):
        return repr(text if len(text) <= 20 else text[:20] + "…")
    return f"{type(text).__name__} {text!r}"[:40]
