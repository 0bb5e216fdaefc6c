"""Playing a round's tricks out and checking every card (docs/rules.md
section 6): trick leaders and winners, tricks won, and every broken rule.

Broken rules are *flagged, never blocked*: a scorekeeper records what was
played and says what was wrong with it. A :class:`Violation` names the trick,
the seat, the card and the rule, and explains it in a sentence.
:func:`play_out` is the one implementation; the live
:class:`~scorekeeper.rules.deal.Deal` and the hand-record
:func:`~scorekeeper.rules.hand_replay.replay_hand` both call it.

:func:`play_out` runs in passes, each one rule of section 6 (or of the hand
record's counts) that a reader can check against docs/rules.md:

1. every trick has one card from each player at most (:func:`_check_trick_sizes`);
2. who leads and who wins each trick (:func:`_lead_and_win`, asking
   :func:`~scorekeeper.rules.play.trick_winner`), and the tricks won;
3. every card against the hand it came from, and against the suit led
   (:func:`_check_cards`): a card not held, a card played twice, a revoke, a
   missed trump;
4. the cards each seat played against the cards it was dealt
   (:func:`_check_counts`).

The functions named after a rule (``_revoke``, ``_played_twice``, ...) word
the violations. The passes and their wording are one module because each
pass is read beside the sentence it writes; that is why it is the longest
module of the engine.

Everything here works on the active seats of a round only; the seat numbers
are those of the table (counted clockwise), so a seat that sits the round out is
simply skipped.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from .cards import Card, Suit
from .play import PlayError, PlayOptions, check_trump, trick_winner

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
    a trick). ``detail`` says what happened in an English sentence a player
    understands, built from these fields; a sentence in another language is
    built from them too. For a revoke or a missed trump: ``led``, the suit
    led; ``held``, the card the seat held and should have played (the highest
    of the suit led, or of the trumps); and ``later``, the trick (0-based) in
    which the seat played that card, where its hand is not known and that
    later card is the proof.
    """

    trick: int
    seat: int
    card: Card | None
    rule: Rule
    detail: str
    led: Suit | None = None
    held: Card | None = None
    later: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The violation as in docs/hand-record.md (the card in canonical form)."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": None if self.card is None else str(self.card),
            "rule": self.rule,
            "detail": self.detail,
        }


class PlayOutcome(NamedTuple):
    """What :func:`play_out` found, by position (``0..n-1``) rather than seat."""

    leaders: list[int]  # position that led each trick (the last may be partial)
    winners: list[int]  # position winning each trick so far
    won: list[int]  # tricks won by position (complete tricks only when not final)
    violations: list[Violation]


class _Play(NamedTuple):
    """One card played: the ``turn``-th card (0 for the lead) of ``trick``,
    played by ``position``. Made only to explain a violation: the checks
    read the tricks themselves."""

    trick: int
    turn: int
    position: int
    card: Card


# One card can break several rules; they are reported in this order.
_HOLDING: Final = 0  # not-in-hand or played-twice
_COUNT: Final = 1  # wrong-count
_FOLLOWING: Final = 2  # revoke or must-trump


class _Finding(NamedTuple):
    """A violation and where it goes in play order: ``turn`` is the place in
    the trick (``n`` for after its last card), ``order`` the kind's rank."""

    trick: int
    turn: int
    order: int
    violation: Violation


@dataclass(frozen=True)
class _Round:
    """What the checks of a round read: the tricks and who led them, who is
    who, the hands dealt (``None`` where unknown) and the options of play."""

    tricks: Sequence[Sequence[Card]]
    leaders: list[int]
    n: int
    seats: Sequence[int]
    names: Sequence[str]
    dealt: Sequence[Sequence[Card] | None]
    trump: Suit | None
    trump_card: Card | None
    decks: int
    must_trump: bool

    def finding(
        self, trick: int, turn: int, order: int, position: int, card: Card | None, rule: Rule,
        detail: str, **facts: Any,
    ) -> _Finding:
        """A violation by ``position`` (with its ``facts``: see :class:`Violation`),
        placed in play order."""
        return _Finding(trick, turn, order,
                        Violation(trick, self.seats[position], card, rule, detail, **facts))

    def plays(self) -> Iterator[_Play]:
        """Every card played, in play order."""
        for t, (trick, leader) in enumerate(zip(self.tricks, self.leaders)):
            for turn, card in enumerate(trick):
                yield _Play(t, turn, (leader + turn) % self.n, card)

    def turns_of(self, position: int) -> Iterator[tuple[int, int]]:
        """The trick and the turn in it of each card ``position`` played."""
        for t, (trick, leader) in enumerate(zip(self.tricks, self.leaders)):
            turn = (position - leader) % self.n
            if turn < len(trick):
                yield t, turn

    def cards_played_by(self, position: int) -> list[Card]:
        """The cards ``position`` played, in play order."""
        return [self.tricks[t][turn] for t, turn in self.turns_of(position)]

    def plays_by(self, position: int) -> list[_Play]:
        """The cards ``position`` played, as plays."""
        return [_Play(t, turn, position, self.tricks[t][turn]) for t, turn in self.turns_of(position)]


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


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
    :func:`~scorekeeper.rules.hand_replay.replay_hand` both use it.

    >>> from scorekeeper.rules.cards import parse_card
    >>> from scorekeeper.rules.play import PlayRules
    >>> tricks = [[parse_card(c) for c in t] for t in (["AS", "4C"], ["2C", "KS"])]
    >>> outcome = play_out(tricks, 2, 0, None, [None, None], PlayRules())
    >>> outcome.winners, outcome.won, [v.rule for v in outcome.violations]
    ([0, 0], [2, 0], ['revoke'])
    """
    check_trump(trump)
    _check_trick_sizes(tricks, n)
    leaders, winners = _lead_and_win(tricks, n, leader, trump, rules)
    won = [0] * n
    for trick, winner in zip(tricks, winners):
        if final or len(trick) == n:  # a trick in progress is nobody's yet
            won[winner] += 1

    seats = range(n) if seats is None else seats
    round_ = _Round(
        tricks=tricks,
        leaders=leaders,
        n=n,
        seats=seats,
        names=[f"Seat {seat}" for seat in seats] if names is None else names,
        dealt=hands,
        trump=trump,
        trump_card=trump_card,
        decks=rules.decks,
        must_trump=rules.must_trump,
    )
    checked = _check_cards(round_)
    found = checked.found + _check_counts(round_, checked.hands, final)
    found.sort(key=lambda finding: (finding.trick, finding.turn, finding.order))
    return PlayOutcome(leaders, winners, won, [finding.violation for finding in found])


def _check_trick_sizes(tricks: Sequence[Sequence[Card]], n: int) -> None:
    """Each trick has the leader's card and at most one card from each player.

    :raise PlayError: for the first trick that has not.
    """
    for trick in tricks:
        if not 0 < len(trick) <= n:
            raise PlayError(f"a trick has one card from each of the {n} players, not {len(trick)}")


def _lead_and_win(
    tricks: Sequence[Sequence[Card]], n: int, leader: int, trump: Suit | None, rules: PlayOptions
) -> tuple[list[int], list[int]]:
    """The position that led each trick and the one that won it: the first
    ``leader`` leads, and each winner leads the next trick."""
    leaders: list[int] = []
    winners: list[int] = []
    for trick in tricks:
        leaders.append(leader)
        leader = (leader + trick_winner(trick, trump, rules.identical_cards)) % n
        winners.append(leader)
    return leaders, winners


class _Held(NamedTuple):
    """What :func:`_check_cards` leaves: the cards each position still holds
    after the last trick, and the violations it found."""

    hands: list[list[Card]]
    found: list[_Finding]


def _check_cards(round_: _Round) -> _Held:
    """Check every card, in play order, against the hand it came from and
    against the suit led (the first card's suit of each trick).

    A known hand starts as dealt; an unknown one as the cards its position
    played. Each card played leaves its hand (see :func:`_check_holding`).
    Then a card off the suit led is a revoke while the hand still holds that
    suit, or with ``must_trump`` a missed trump while it holds a trump.
    """
    hands = [
        list(dealt) if dealt is not None else round_.cards_played_by(position)
        for position, dealt in enumerate(round_.dealt)
    ]
    # Copies of each card out of play so far: the turned-up trump card is
    # from the start, and each card once it is played.
    out_of_play: dict[Card, int] = {}
    if round_.trump_card is not None:
        out_of_play[round_.trump_card] = 1
    found: list[_Finding] = []
    for t, (trick, leader) in enumerate(zip(round_.tricks, round_.leaders)):
        led = trick[0].suit
        for turn, card in enumerate(trick):
            position = (leader + turn) % round_.n
            hand = hands[position]
            copies_out = out_of_play.get(card, 0)
            out_of_play[card] = copies_out + 1
            is_held = _check_holding(round_, position, hand, card, copies_out)
            if is_held and card.suit == led:
                continue  # the usual card: nothing more to check
            play = _Play(t, turn, position, card)
            if not is_held:
                found.append(_not_held(round_, play, copies_out))
            if card.suit != led:
                broken = _check_following(round_, play, hand, led)
                if broken is not None:
                    found.append(broken)
    return _Held(hands, found)


def _check_holding(round_: _Round, position: int, hand: list[Card], card: Card, copies_out: int) -> bool:
    """Take ``card`` out of ``hand``; whether it was rightly there, when
    ``copies_out`` copies of it were already out of play.

    A card from a known hand is always right: the blame goes to whoever
    played a card they did not hold. An unknown hand holds whatever its
    position played, so there a copy more than the decks hold is wrong.
    """
    try:
        hand.remove(card)
    except ValueError:  # not in the hand
        return False
    return round_.dealt[position] is not None or copies_out < round_.decks


def _check_following(round_: _Round, play: _Play, hand: list[Card], led: Suit) -> _Finding | None:
    """``play``'s card is off the suit ``led``: a revoke while ``hand`` holds
    the suit led; with ``must_trump``, a missed trump while it holds a trump."""
    holding = _highest(hand, led)
    if holding is not None:
        return _revoke(round_, play, led, holding)
    if round_.must_trump and round_.trump is not None and play.card.suit != round_.trump:
        holding = _highest(hand, round_.trump)
        if holding is not None:
            return _missed_trump(round_, play, led, holding)
    return None


def _highest(hand: list[Card], suit: Suit) -> Card | None:
    """The highest card of ``suit`` in ``hand``, or ``None`` for none."""
    highest = None
    for card in hand:
        if card.suit == suit and (highest is None or card.rank > highest.rank):
            highest = card
    return highest


def _check_counts(round_: _Round, held: list[list[Card]], final: bool) -> list[_Finding]:
    """The wrong-count violations, one per position at most: with its hand
    known, it played more cards than dealt or (once the round is over)
    fewer; or it missed its turn in a trick (a short trick that is not the
    trick in progress)."""
    count = len(round_.tricks)
    played_count = [0] * round_.n
    first_missed: list[int | None] = [None] * round_.n
    for t, (trick, leader) in enumerate(zip(round_.tricks, round_.leaders)):
        for turn in range(round_.n):
            position = (leader + turn) % round_.n
            if turn < len(trick):
                played_count[position] += 1
            elif first_missed[position] is None and (final or t < count - 1):
                first_missed[position] = t
    found = []
    for position, dealt in enumerate(round_.dealt):
        played = played_count[position]
        missed = first_missed[position]
        if dealt is not None and played > len(dealt):
            found.append(_too_many(round_, position, len(dealt)))
        elif dealt is not None and final and played < len(dealt):
            found.append(_too_few(round_, position, dealt, played, held[position], missed))
        elif missed is not None:
            found.append(_missed_turn(round_, position, played, missed))
    return found


# --- The violations, worded -----------------------------------------------------


def _revoke(round_: _Round, play: _Play, led: Suit, holding: Card) -> _Finding:
    name, later = round_.names[play.position], _later_play(round_, play, holding)
    return round_.finding(
        play.trick, play.turn, _FOLLOWING, play.position, play.card, REVOKE,
        f"{name} played {play.card.symbol} on a {led.noun} lead "
        f"while holding {holding.symbol}{_later_words(name, later)}.",
        led=led, held=holding, later=later,
    )


def _missed_trump(round_: _Round, play: _Play, led: Suit, holding: Card) -> _Finding:
    name, later = round_.names[play.position], _later_play(round_, play, holding)
    return round_.finding(
        play.trick, play.turn, _FOLLOWING, play.position, play.card, MUST_TRUMP,
        f"{name} played {play.card.symbol} on a {led.noun} lead while holding the trump "
        f"{holding.symbol}{_later_words(name, later)}; a player who cannot follow "
        "suit must trump.",
        led=led, held=holding, later=later,
    )


def _later_play(round_: _Round, play: _Play, holding: Card) -> int | None:
    """Where the position's hand is unknown, the proof that it held
    ``holding`` at ``play``: the later trick in which it played that card."""
    if round_.dealt[play.position] is not None:
        return None
    for later in round_.plays_by(play.position):
        if later.trick > play.trick and later.card == holding:
            return later.trick
    return None  # pragma: no cover - an unknown hand holds only cards played later


def _later_words(name: str, later: int | None) -> str:
    return "" if later is None else f", which {name} played later, in the {_ordinal(later + 1)} trick"


def _not_held(round_: _Round, play: _Play, copies_out: int) -> _Finding:
    """A card not rightly in the hand: played twice when every copy of it
    was already out of play, else not in the hand."""
    if copies_out >= round_.decks:
        return _played_twice(round_, play)
    return _not_in_hand(round_, play)


def _played_twice(round_: _Round, play: _Play) -> _Finding:
    name, symbol, decks = round_.names[play.position], play.card.symbol, round_.decks
    copies = _earlier_copies(round_, play)
    if decks == 1 and copies[0] == _TURNED_UP:
        text = f"{name} played {symbol}, but the only {symbol} is the turned-up trump card."
    elif decks == 1:
        text = f"{name} played {symbol}, but the only {symbol} was already {copies[0]}."
    else:
        both = "both copies" if decks == 2 else f"all {decks} copies"
        text = (
            f"{name} played {symbol}, but {both} of {symbol} were already out: "
            + " and ".join(copies[:decks]) + "."
        )
    return round_.finding(play.trick, play.turn, _HOLDING, play.position, play.card, PLAYED_TWICE, text)


_TURNED_UP: Final = "the turned-up trump card"


def _earlier_copies(round_: _Round, play: _Play) -> list[str]:
    """Where each copy of ``play``'s card went before it was played."""
    copies = [_TURNED_UP] if play.card == round_.trump_card else []
    for earlier in round_.plays():
        if (earlier.trick, earlier.turn) >= (play.trick, play.turn):
            break
        if earlier.card == play.card:
            name = round_.names[earlier.position]
            copies.append(f"played by {name} in the {_ordinal(earlier.trick + 1)} trick")
    return copies


def _not_in_hand(round_: _Round, play: _Play) -> _Finding:
    name, symbol = round_.names[play.position], play.card.symbol
    dealt = list(round_.dealt[play.position] or ()).count(play.card)
    if dealt:
        times = "one" if dealt == 1 else str(dealt)
        text = f"{name} played {symbol} again, but was dealt only {times}."
    else:
        text = f"{name} played {symbol}, which was not in {name}'s hand."
    return round_.finding(play.trick, play.turn, _HOLDING, play.position, play.card, NOT_IN_HAND, text)


def _too_many(round_: _Round, position: int, dealt: int) -> _Finding:
    """Reported at the first card too many."""
    played = round_.plays_by(position)
    extra = played[dealt]
    return round_.finding(
        extra.trick, extra.turn, _COUNT, position, extra.card, WRONG_COUNT,
        f"{round_.names[position]} was dealt {_cards(dealt)} but played {len(played)}; "
        f"{extra.card.symbol} in the {_ordinal(extra.trick + 1)} trick was one card too many.",
    )


def _too_few(
    round_: _Round, position: int, dealt: Sequence[Card], played: int, held: list[Card],
    missed: int | None,
) -> _Finding:
    """Reported at the first trick missed, else after the last trick, naming
    the first card (in dealt order) still held."""
    leftover = next(card for card in dealt if card in held)
    if missed is None:
        trick, turn = max(len(round_.tricks) - 1, 0), round_.n
    else:
        trick, turn = missed, (position - round_.leaders[missed]) % round_.n
    return round_.finding(
        trick, turn, _COUNT, position, leftover, WRONG_COUNT,
        f"{round_.names[position]} was dealt {_cards(len(dealt))} but played only {played}; "
        f"{leftover.symbol} was never played.",
    )


def _missed_turn(round_: _Round, position: int, played: int, missed: int) -> _Finding:
    return round_.finding(
        missed, (position - round_.leaders[missed]) % round_.n, _COUNT, position, None,
        WRONG_COUNT,
        f"{round_.names[position]} played no card to the {_ordinal(missed + 1)} trick, so "
        f"played {_cards(played)} in {len(round_.tricks)} tricks.",
    )
