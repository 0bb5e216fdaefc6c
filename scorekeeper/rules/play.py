"""Trick-taking play: who wins a trick, which cards may be played, and a
:class:`Deal` that records a round card by card (RULES.md sections 4 and 6).

The rules of play:

- The seat after the dealer leads the first trick; play goes clockwise.
- Follow suit if you can; otherwise play anything (with ``must_trump``, a
  player who cannot follow suit but holds a trump must trump).
- The highest trump wins the trick; with no trump in it, the highest card of
  the suit led. With two decks, of two identical winning cards the first played
  wins (or the last, by rule option). The winner leads the next trick.

Broken rules are *flagged, never blocked*: a scorekeeper records what was
played and says what was wrong with it. A :class:`Violation` names the trick,
the seat, the card and the rule, and explains it in a sentence.

>>> from scorekeeper.rules.cards import Suit, parse_card
>>> cards = [parse_card(c) for c in ["AS", "KS", "2H", "3S"]]
>>> trick_winner(cards, trump=Suit.HEARTS)
2
>>> trick_winner(cards, trump=None)
0

Everything here works on the active seats of a round only; the seat numbers
are those of the table (counted clockwise), so a seat that sits the round out is
simply skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, Protocol

from .cards import CARDS, SUITS, Card, Suit
from .errors import InvalidRuleOption, InvalidSeat, RulesError
from .ruleset import IDENTICAL_CARDS, IdenticalCards

__all__ = [
    "FIRST_WINS",
    "LAST_WINS",
    "MUST_TRUMP",
    "NOT_IN_HAND",
    "PLAYED_TWICE",
    "Deal",
    "Play",
    "PlayError",
    "PlayOptions",
    "PlayRules",
    "REVOKE",
    "VIOLATION_RULES",
    "Rule",
    "Trick",
    "Violation",
    "WRONG_COUNT",
    "legal_cards",
    "trick_winner",
]

FIRST_WINS: Final[IdenticalCards] = "first-wins"
"""Of two identical cards (two decks) that both top a trick, the first played wins."""
LAST_WINS: Final[IdenticalCards] = "last-wins"
"""Of two identical cards that both top a trick, the last played wins."""

Rule = Literal["revoke", "must-trump", "not-in-hand", "played-twice", "wrong-count"]
"""The kind of a :class:`Violation` (the ``rule`` field of HAND_RECORD.md)."""

REVOKE: Final[Rule] = "revoke"
"""Did not follow suit while holding it."""
MUST_TRUMP: Final[Rule] = "must-trump"
"""With ``must_trump`` on: could not follow suit, held a trump, did not trump."""
NOT_IN_HAND: Final[Rule] = "not-in-hand"
"""Played a card that was not in the seat's (known) hand."""
PLAYED_TWICE: Final[Rule] = "played-twice"
"""Played a card whose every copy was already played or turned up as trump."""
WRONG_COUNT: Final[Rule] = "wrong-count"
"""Played a different number of cards from the hand dealt, or missed a turn."""
VIOLATION_RULES: Final[tuple[Rule, ...]] = (REVOKE, MUST_TRUMP, NOT_IN_HAND, PLAYED_TWICE, WRONG_COUNT)


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
        """The trick as in the ``tricks`` list of HAND_RECORD.md."""
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "winner": self.winner}


class Play(NamedTuple):
    """One card on the move stack of a :class:`Deal`: who played it, and in
    which trick (0-based)."""

    trick: int
    seat: int
    card: Card


@dataclass(frozen=True)
class Violation:
    """A broken rule: in ``trick`` (0-based), ``seat`` played ``card``.

    ``card`` is ``None`` only for a missed turn (a seat that played no card to
    a trick). ``detail`` says what happened in a sentence a player understands.
    """

    trick: int
    seat: int
    card: Card | None
    rule: Rule
    detail: str

    def to_dict(self) -> dict[str, Any]:
        """The violation as in HAND_RECORD.md (the card in canonical form)."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": None if self.card is None else str(self.card),
            "rule": self.rule,
            "detail": self.detail,
        }


# --- Lookup tables for the trick-taking core -------------------------------
#
# A card's code is (rank - 2) * 4 + suit index, so the code order is the rank
# order and code & 3 is the suit. _KEYS[trump][led][code] is the card's
# strength in a trick: 20 + rank for a trump, rank for the suit led, 0 for any
# other card (it cannot win). trump index 4 means no trump.

_NO_TRUMP: Final = 4
_SUIT_OF: Final[tuple[int, ...]] = tuple(code & 3 for code in range(52))
_SUIT_SLOT: Final[tuple[int, ...]] = tuple(52 + (code & 3) for code in range(52))
_HELD_SIZE: Final = 57  # 52 card counts, 4 suit counts, one slot that stays 0
_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
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
_ROTATIONS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _rotations(n: int) -> tuple[tuple[int, ...], ...]:
    """``_rotations(n)[leader]`` is the order of play from ``leader``."""
    rotations = _ROTATIONS.get(n)
    if rotations is None:
        rotations = tuple(tuple((leader + j) % n for j in range(n)) for leader in range(n))
        _ROTATIONS[n] = rotations
    return rotations


def _trump_index(trump: Suit | None) -> int:
    if trump is None:
        return _NO_TRUMP
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
    keys = _KEYS[_trump_index(trump)][cards[0].code & 3]
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


# --- The trick-taking core ---------------------------------------------------


class _Outcome(NamedTuple):
    leaders: list[int]  # position that led each trick (the last may be partial)
    winners: list[int]  # position winning each trick so far
    won: list[int]  # tricks won by position (complete tricks only when not final)
    violations: list[Violation]


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


class _Context:
    """What the rare paths of :func:`_play_out` need to explain a violation."""

    def __init__(
        self,
        tricks: Sequence[Sequence[Card]],
        n: int,
        seats: Sequence[int],
        names: Sequence[str],
        hands: Sequence[Sequence[Card] | None],
        trump_i: int,
        trump_code: int,
        decks: int,
    ) -> None:
        self.tricks = tricks
        self.n = n
        self.seats = seats
        self.names = names
        self.hands = hands
        self.trump_i = trump_i
        self.trump_code = trump_code
        self.decks = decks
        self.found: list[tuple[tuple[int, int, int], Violation]] = []

    def add(
        self, trick: int, j: int, order: int, pos: int, card: Card | None, rule: Rule, detail: str
    ) -> None:
        """Record a violation; (trick, j, order) sorts it into play order."""
        self.found.append(
            ((trick, j, order), Violation(trick, self.seats[pos], card, rule, detail))
        )

    def plays_of(
        self, leaders: Sequence[int], pos: int | None = None
    ) -> Iterable[tuple[int, int, int, Card]]:
        """Yield (trick, j, position, card) for the tricks whose leader is known."""
        rotations = _rotations(self.n)
        for t, leader in enumerate(leaders):
            order = rotations[leader]
            for j, card in enumerate(self.tricks[t]):
                if pos is None or order[j] == pos:
                    yield t, j, order[j], card

    def held_card(self, held: list[int], suit: int) -> Card:
        """The highest card of ``suit`` that ``held`` counts (there is one)."""
        for rank in range(12, -1, -1):
            if held[rank * 4 + suit] > 0:
                return CARDS[rank * 4 + suit]
        raise AssertionError("no card of the suit is held")  # pragma: no cover

    def later_play(self, leaders: Sequence[int], pos: int, after: int, card: Card) -> str:
        for t, _, _, played in self.plays_of(leaders, pos):
            if t > after and played == card:
                return f", which {self.names[pos]} played later, in the {_ordinal(t + 1)} trick"
        return ""  # pragma: no cover - a derived hand holds only cards played later

    def revoke(
        self, t: int, pos: int, leader: int, card: Card, led: int, held: list[int],
        leaders: Sequence[int] | None,
    ) -> None:
        holding = self.held_card(held, led)
        later = "" if leaders is None else self.later_play(leaders, pos, t, holding)
        self.add(
            t, (pos - leader) % self.n, 2, pos, card, REVOKE,
            f"{self.names[pos]} played {card.symbol} on a {SUITS[led].noun} lead "
            f"while holding {holding.symbol}{later}.",
        )

    def must_trump(
        self, t: int, pos: int, leader: int, card: Card, led: int, held: list[int],
        leaders: Sequence[int] | None,
    ) -> None:
        holding = self.held_card(held, self.trump_i)
        later = "" if leaders is None else self.later_play(leaders, pos, t, holding)
        self.add(
            t, (pos - leader) % self.n, 2, pos, card, MUST_TRUMP,
            f"{self.names[pos]} played {card.symbol} on a {SUITS[led].noun} lead while "
            f"holding the trump {holding.symbol}{later}; a player who cannot follow suit "
            "must trump.",
        )

    def earlier_copies(self, leaders: Sequence[int], t: int, j: int, card: Card) -> list[str]:
        copies = ["the turned-up trump card"] if card.code == self.trump_code else []
        for u, k, pos, played in self.plays_of(leaders):
            if (u, k) >= (t, j):
                break
            if played == card:
                copies.append(f"played by {self.names[pos]} in the {_ordinal(u + 1)} trick")
        return copies

    def played_twice(self, t: int, j: int, pos: int, card: Card, copies: list[str]) -> None:
        name, symbol = self.names[pos], card.symbol
        if self.decks == 1:
            where = copies[0].replace("played by", "already played by")
            text = f"{name} played {symbol}, but the only {symbol} was {where}."
            if copies[0] == "the turned-up trump card":
                text = f"{name} played {symbol}, but the only {symbol} is the turned-up trump card."
        else:
            both = "both copies" if self.decks == 2 else f"all {self.decks} copies"
            text = (
                f"{name} played {symbol}, but {both} of {symbol} were already out: "
                + " and ".join(copies[: self.decks]) + "."
            )
        self.add(t, j, 0, pos, card, PLAYED_TWICE, text)

    def not_in_hand(self, t: int, j: int, pos: int, card: Card) -> None:
        name = self.names[pos]
        hand = self.hands[pos] or ()
        dealt = sum(1 for c in hand if c == card)
        if dealt:
            times = "one" if dealt == 1 else str(dealt)
            text = f"{name} played {card.symbol} again, but was dealt only {times}."
        else:
            text = f"{name} played {card.symbol}, which was not in {name}'s hand."
        self.add(t, j, 0, pos, card, NOT_IN_HAND, text)


def _play_out(
    tricks: Sequence[Sequence[Card]],
    n: int,
    leader: int,
    trump: Suit | None,
    hands: Sequence[Sequence[Card] | None],
    rules: PlayOptions,
    *,
    trump_card: Card | None = None,
    seats: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
    final: bool = True,
) -> _Outcome:
    """Play ``tricks`` out from the first ``leader`` (positions ``0..n-1``,
    clockwise) and check every card.

    ``hands[p]`` is the hand dealt to position ``p``, or ``None`` when unknown:
    then it is taken to be exactly the cards ``p`` played, which proves a
    revoke once the card that should have been played turns up later. Only
    the last trick may be short when ``final`` is false (a round in progress).

    This is the one implementation of trick checking; :class:`Deal` and
    :func:`scorekeeper.rules.replay.replay` both use it. It is written for
    speed: int codes, tuple lookups, and the rare paths out of the loop.
    """
    seats = range(n) if seats is None else seats
    names = [f"Seat {seat}" for seat in seats] if names is None else names
    trump_i = _trump_index(trump)
    trump_code = -1 if trump_card is None else trump_card.code
    decks = rules.decks
    must_trump = rules.must_trump
    last_wins = rules.identical_cards == LAST_WINS
    rotations = _rotations(n)
    suit_of = _SUIT_OF
    suit_slot = _SUIT_SLOT
    keys_by_led = _KEYS[trump_i]
    trump_slot = 52 + trump_i  # slot 56 (no trump) always counts 0
    context = _Context(tricks, n, seats, names, hands, trump_i, trump_code, decks)

    for trick in tricks:
        if not 0 < len(trick) <= n:
            raise PlayError(f"a trick has one card from each of the {n} players, not {len(trick)}")

    held: list[list[int]] = []
    derived = [hand is None for hand in hands]
    for hand in hands:
        counts = [0] * _HELD_SIZE
        if hand is not None:
            for card in hand:
                code = card.code
                counts[code] += 1
                counts[suit_slot[code]] += 1
        held.append(counts)

    # Pass A, only when some hand is unknown: who played what, to derive those
    # hands, and which of their cards exceed the decks.
    derived_leaders: list[int] | None = None
    if True in derived:
        derived_leaders = []
        seen = [0] * 52
        if trump_code >= 0:
            seen[trump_code] = 1
        current = leader
        for t, trick in enumerate(tricks):
            derived_leaders.append(current)
            order = rotations[current]
            keys = keys_by_led[trick[0].code & 3]
            best = -1
            winner = current
            for j, card in enumerate(trick):
                code = card.code
                pos = order[j]
                seen[code] += 1
                if derived[pos]:
                    counts = held[pos]
                    counts[code] += 1
                    counts[suit_slot[code]] += 1
                    if seen[code] > decks:
                        context.played_twice(
                            t, j, pos, card, context.earlier_copies(derived_leaders, t, j, card)
                        )
                key = keys[code]
                if key > best or (last_wins and key == best):
                    best = key
                    winner = pos
            current = winner

    # Pass B: every card checked against the hand, tricks won.
    leaders: list[int] = []
    winners: list[int] = []
    won = [0] * n
    current = leader
    for t, trick in enumerate(tricks):
        leaders.append(current)
        led = trick[0].code & 3
        led_slot = 52 + led
        keys = keys_by_led[led]
        best = -1
        winner = current
        for pos, card in zip(rotations[current], trick):
            code = card.code
            counts = held[pos]
            if counts[code]:
                counts[code] -= 1
                counts[suit_slot[code]] -= 1
            else:
                j = (pos - current) % n
                copies = context.earlier_copies(leaders, t, j, card)
                if len(copies) >= decks:
                    context.played_twice(t, j, pos, card, copies)
                else:
                    # Also when the hand is used up: the card was not held
                    # (a card too many is a wrong-count as well).
                    context.not_in_hand(t, j, pos, card)
            suit = suit_of[code]
            if suit != led:
                if counts[led_slot]:
                    proof = derived_leaders if derived[pos] else None
                    context.revoke(t, pos, current, card, led, counts, proof)
                elif must_trump and counts[trump_slot] and suit != trump_i:
                    proof = derived_leaders if derived[pos] else None
                    context.must_trump(t, pos, current, card, led, counts, proof)
            key = keys[code]
            if key > best or (last_wins and key == best):
                best = key
                winner = pos
        winners.append(winner)
        if final or len(trick) == n:
            won[winner] += 1
        current = winner

    _check_counts(context, tricks, leaders, held, derived, final)
    found = context.found
    if len(found) > 1:
        found.sort(key=lambda item: item[0])
    return _Outcome(leaders, winners, won, [violation for _, violation in found])


def _check_counts(
    context: _Context,
    tricks: Sequence[Sequence[Card]],
    leaders: Sequence[int],
    held: Sequence[list[int]],
    derived: Sequence[bool],
    final: bool,
) -> None:
    """Add the wrong-count violations: one per seat at most."""
    n = context.n
    count = len(tricks)
    if all(len(trick) == n for trick in tricks):
        played = [count] * n
        missed: list[int | None] = [None] * n
    else:
        rotations = _rotations(n)
        played = [0] * n
        missed = [None] * n
        for t, trick in enumerate(tricks):
            order = rotations[leaders[t]]
            for pos in order[: len(trick)]:
                played[pos] += 1
            if final or t < count - 1:
                for pos in order[len(trick):]:
                    if missed[pos] is None:
                        missed[pos] = t
    names = context.names
    for pos in range(n):
        name = names[pos]
        hand = context.hands[pos]
        if not derived[pos] and hand is not None:
            dealt = len(hand)
            if played[pos] > dealt:
                plays = context.plays_of(leaders, pos)
                for _ in range(dealt):
                    next(plays)
                t, j, _, card = next(plays)
                context.add(
                    t, j, 1, pos, card, WRONG_COUNT,
                    f"{name} was dealt {_cards(dealt)} but played {played[pos]}; "
                    f"{card.symbol} in the {_ordinal(t + 1)} trick was one card too many.",
                )
                continue
            if final and played[pos] < dealt:
                counts = list(held[pos])
                leftover = next(card for card in hand if counts[card.code] > 0)
                t = missed[pos] if missed[pos] is not None else max(count - 1, 0)
                j = (pos - leaders[t]) % n if missed[pos] is not None else n
                context.add(
                    t, j, 1, pos, leftover, WRONG_COUNT,
                    f"{name} was dealt {_cards(dealt)} but played only {played[pos]}; "
                    f"{leftover.symbol} was never played.",
                )
                continue
        t_missed = missed[pos]
        if t_missed is not None:
            context.add(
                t_missed, (pos - leaders[t_missed]) % n, 1, pos, None, WRONG_COUNT,
                f"{name} played no card to the {_ordinal(t_missed + 1)} trick, so played "
                f"{_cards(played[pos])} in {count} tricks.",
            )


# --- Recording a round live -------------------------------------------------


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
            if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
                raise InvalidSeat(f"a seat is a whole number from 0, not {seat!r}")
        if len(set(seat_list)) != len(seat_list):
            raise InvalidSeat(f"each seat plays once: {seat_list}")
        if len(seat_list) < 2:
            raise InvalidSeat("a round needs at least 2 players")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 0:
            raise InvalidSeat(f"the dealer is a seat number from 0, not {dealer!r}")
        if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
            raise PlayError(f"each player gets at least 1 card, not {cards!r}")
        self.seats: tuple[int, ...] = tuple(sorted(seat_list))
        self.dealer = dealer
        self.cards = cards
        self.rules: PlayOptions = rules if rules is not None else PlayRules()
        if isinstance(trump, Card):
            self.trump_card: Card | None = trump
            self.trump: Suit | None = trump.suit
        else:
            _trump_index(trump)
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
        self._outcome: _Outcome | None = None

    # The stack --------------------------------------------------------------

    def _tricks(self) -> list[list[Card]]:
        m = len(self.seats)
        return [self._stack[i : i + m] for i in range(0, len(self._stack), m)]

    def _play_out(self) -> _Outcome:
        if self._outcome is None:
            self._outcome = _play_out(
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
