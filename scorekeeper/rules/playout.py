"""Playing a round's tricks out and checking every card (docs/rules.md
section 6): trick leaders and winners, tricks won, and every broken rule.

Broken rules are *flagged, never blocked*: a scorekeeper records what was
played and says what was wrong with it. A :class:`Violation` names the trick,
the seat, the card and the rule, and explains it in a sentence.
:func:`play_out` is the one implementation; the live
:class:`~scorekeeper.rules.deal.Deal` and the hand-record
:func:`~scorekeeper.rules.replaying.replay` both call it.

It is one module, longer than most, because it is one algorithm: the passes
of :func:`play_out`, the rare paths that explain a violation (``_Context``)
and the count check run over the same data and change together.

Everything here works on the active seats of a round only; the seat numbers
are those of the table (counted clockwise), so a seat that sits the round out is
simply skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from .cards import CARDS, SUITS, Card, Suit
from .play import LAST_WINS, TRICK_KEYS, PlayError, PlayOptions, play_orders, trump_index

__all__ = [
    "MUST_TRUMP",
    "NOT_IN_HAND",
    "PLAYED_TWICE",
    "PlayOutcome",
    "REVOKE",
    "Rule",
    "VIOLATION_RULES",
    "Violation",
    "WRONG_COUNT",
    "play_out",
]

Rule = Literal["revoke", "must-trump", "not-in-hand", "played-twice", "wrong-count"]
"""The kind of a :class:`Violation` (the ``rule`` field of docs/hand-record.md)."""

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
VIOLATION_RULES: Final[tuple[Rule, ...]] = (
    REVOKE, MUST_TRUMP, NOT_IN_HAND, PLAYED_TWICE, WRONG_COUNT
)


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
        """The violation as in docs/hand-record.md (the card in canonical form)."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": None if self.card is None else str(self.card),
            "rule": self.rule,
            "detail": self.detail,
        }

# A card's code is (rank - 2) * 4 + suit index. The held counts of a seat are a
# list: 52 card counts by code, then 4 suit counts (slot 52 + suit), then one
# slot that stays 0 (the "trump suit" of a round without trump).
_SUIT_OF: Final[tuple[int, ...]] = tuple(code & 3 for code in range(52))
_SUIT_SLOT: Final[tuple[int, ...]] = tuple(52 + (code & 3) for code in range(52))
_HELD_SIZE: Final = 57


class PlayOutcome(NamedTuple):
    """What :func:`play_out` found, by position (``0..n-1``) rather than seat."""

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
    """What the rare paths of :func:`play_out` need to explain a violation."""

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
        rotations = play_orders(self.n)
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


def play_out(
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
) -> PlayOutcome:
    """Play ``tricks`` out from the first ``leader`` (positions ``0..n-1``,
    clockwise) and check every card.

    ``hands[p]`` is the hand dealt to position ``p``, or ``None`` when unknown:
    then it is taken to be exactly the cards ``p`` played, which proves a
    revoke once the card that should have been played turns up later. Only
    the last trick may be short when ``final`` is false (a round in progress).

    This is the one implementation of trick checking;
    :class:`~scorekeeper.rules.deal.Deal` and
    :func:`~scorekeeper.rules.replaying.replay` both use it. It is written for
    speed: int codes, tuple lookups, and the rare paths out of the loop. Pass
    1 finds the trick winners and, for one deck and full tricks, whether any
    card can have broken a rule; a clean round (the usual case) ends there.
    Otherwise passes 2 and 3 derive the unknown hands, check every card
    against its hand and explain each violation.

    >>> from scorekeeper.rules.cards import parse_card
    >>> from scorekeeper.rules.play import PlayRules
    >>> tricks = [[parse_card(c) for c in t] for t in (["AS", "4C"], ["2C", "KS"])]
    >>> outcome = play_out(tricks, 2, 0, None, [None, None], PlayRules())
    >>> outcome.winners, outcome.won, [v.rule for v in outcome.violations]
    ([0, 0], [2, 0], ['revoke'])
    """
    seats = range(n) if seats is None else seats
    names = [f"Seat {seat}" for seat in seats] if names is None else names
    trump_i = trump_index(trump)
    trump_code = -1 if trump_card is None else trump_card.code
    decks = rules.decks
    must_trump = rules.must_trump
    last_wins = rules.identical_cards == LAST_WINS
    rotations = play_orders(n)
    suit_of = _SUIT_OF
    suit_slot = _SUIT_SLOT
    keys_by_led = TRICK_KEYS[trump_i]
    trump_slot = 52 + trump_i  # slot 56 (no trump) always counts 0

    lengths = list(map(len, tricks))
    if lengths and (min(lengths) < 1 or max(lengths) > n):
        for trick in tricks:
            if not 0 < len(trick) <= n:
                raise PlayError(
                    f"a trick has one card from each of the {n} players, not {len(trick)}"
                )
    is_full = lengths.count(n) == len(lengths)
    owner = _owners(hands, n, len(tricks), trump_code) if is_full and decks == 1 else None
    can_tell = owner is not None

    # Pass 1: who leads and wins each trick (the one place that says), and
    # whether the round is clean as far as one pass can tell (see _owners).
    if owner is None:
        owner = [n] * 52  # every card passes: passes 2 and 3 decide
    avoid = [0] * n
    trump_bit = 1 << trump_i if must_trump and trump_i < 4 else 0
    is_clean = True
    leaders: list[int] = []
    winners: list[int] = []
    won = [0] * n
    current = leader
    for trick in tricks:
        leaders.append(current)
        led = trick[0].code & 3
        keys = keys_by_led[led]
        best = -1
        winner = current
        for pos, card in zip(rotations[current], trick):
            code = card.code
            may = owner[code]
            owner[code] = -1
            suit = code & 3
            if (may != pos and may != n) or avoid[pos] >> suit & 1:
                is_clean = False
            elif suit != led:
                avoid[pos] |= 1 << led | (trump_bit if suit != trump_i else 0)
            key = keys[code]
            if key > best or (last_wins and key == best):
                best = key
                winner = pos
        winners.append(winner)
        if final or len(trick) == n:
            won[winner] += 1
        current = winner
    if can_tell and is_clean:
        return PlayOutcome._make((leaders, winners, won, []))

    context = _Context(tricks, n, seats, names, hands, trump_i, trump_code, decks)
    derived = [hand is None for hand in hands]
    held: list[list[int]] = []
    for hand in hands:
        counts = [0] * _HELD_SIZE
        if hand is not None:
            for card in hand:
                code = card.code
                counts[code] += 1
                counts[suit_slot[code]] += 1
        held.append(counts)

    # Pass 2, only when some hand is unknown: who played what, to derive those
    # hands, and which of their cards exceed the decks.
    if True in derived:
        seen = [0] * 52
        if trump_code >= 0:
            seen[trump_code] = 1
        for t, j, pos, card in context.plays_of(leaders):
            code = card.code
            seen[code] += 1
            if derived[pos]:
                counts = held[pos]
                counts[code] += 1
                counts[suit_slot[code]] += 1
                if seen[code] > decks:
                    copies = context.earlier_copies(leaders, t, j, card)
                    context.played_twice(t, j, pos, card, copies)

    # Pass 3: every card checked against the hand.
    for t, trick in enumerate(tricks):
        current = leaders[t]
        led = trick[0].code & 3
        led_slot = 52 + led
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
                    proof = leaders if derived[pos] else None
                    context.revoke(t, pos, current, card, led, counts, proof)
                elif must_trump and counts[trump_slot] and suit != trump_i:
                    proof = leaders if derived[pos] else None
                    context.must_trump(t, pos, current, card, led, counts, proof)

    if not is_full or any(hand is not None and len(hand) != len(tricks) for hand in hands):
        _check_counts(context, tricks, leaders, held, derived, final)
    found = context.found
    if len(found) > 1:
        found.sort(key=lambda item: item[0])
    return PlayOutcome(leaders, winners, won, [violation for _, violation in found])


def _owners(
    hands: Sequence[Sequence[Card] | None], n: int, count: int, trump_code: int
) -> list[int] | None:
    """Who may play each card code, for pass 1 of :func:`play_out` to tell a
    clean round of one deck and full tricks: with every hand given, the seat
    dealt it (``-1`` for a card nobody holds); with no hand given, anyone
    (``n``) but the turned-up card. ``None`` when some hands are given and
    some not, or a hand has other than ``count`` cards: passes 2 and 3 decide
    those rounds.

    A round that passes has each seat play exactly its hand (given or
    derived), each card once, so what a seat holds at a trick is what it
    plays later: a seat that did not follow the suit led broke a rule exactly
    when it plays that suit later (a revoke) or, with ``must_trump``, a trump
    later after playing neither. ``avoid[pos]`` is the bit mask of the suits
    that would prove it.
    """
    if hands.count(None) == len(hands):
        owner = [n] * 52
        if trump_code >= 0:
            owner[trump_code] = -1
        return owner
    owner = [-1] * 52
    for pos, hand in enumerate(hands):
        if hand is None or len(hand) != count:
            return None
        for card in hand:
            owner[card.code] = pos
    return owner


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
        rotations = play_orders(n)
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
