"""Round schedules: how many cards each round deals, and which rounds have trump.

>>> round_sizes(ScheduleSpec("down-up", peak=10), players=4)
[10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> round_sizes(ScheduleSpec("up"), players=5)
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> round_sizes(ScheduleSpec("up", peak=14), players=4)
Traceback (most recent call last):
...
scorekeeper.rules.errors.InvalidSchedule: A largest hand of 14 cards needs 56 cards for 4 players, but one deck has 52: at most 13 cards each.

A peak left as ``None`` means "as large as the deck allows" and is capped; an
explicit peak (``peak`` or ``peak_by_players``) that cannot be dealt is rejected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .bidding import hook_applies
from .errors import InvalidSchedule
from .numbers import is_whole
from .options import ScheduleSpec
from .ruleset import Ruleset

__all__ = [
    "DECK_SIZE",
    "RoundPlan",
    "max_hand",
    "plan_round",
    "plan_rounds",
    "round_sizes",
    "validate_round_sizes",
]

DECK_SIZE: Final = 52
"""Cards in one standard deck."""

_DECK_WORDS: Final = {1: "one deck has", 2: "two decks have"}


def _check_table(players: int, decks: int) -> None:
    if not is_whole(players, 2):
        raise InvalidSchedule(
            f"Oh Hell needs at least 2 players, not {players!r}.",
            kind="too-few-players", players=players,
        )
    if decks not in (1, 2) or isinstance(decks, bool):
        raise InvalidSchedule(
            f"The game uses 1 or 2 decks, not {decks!r}.", kind="bad-decks", decks=decks
        )


def _deck_phrase(decks: int, reserve_trump_card: bool) -> str:
    phrase = f"{_DECK_WORDS[decks]} {DECK_SIZE * decks}"
    if reserve_trump_card:
        phrase += " and one card must stay to turn up for trump"
    return phrase


def max_hand(decks: int, players: int, reserve_trump_card: bool) -> int:
    """The largest hand every player can get: ``floor(cards / players)``.

    With ``reserve_trump_card`` one card is kept back to turn up for trump.

    >>> max_hand(1, 4, False), max_hand(1, 4, True), max_hand(1, 3, False), max_hand(2, 7, False)
    (13, 12, 17, 14)
    """
    _check_table(players, decks)
    return (DECK_SIZE * decks - (1 if reserve_trump_card else 0)) // players


def validate_round_sizes(
    sizes: Sequence[int], players: int, decks: int = 1, *, reserve_trump_card: bool = False
) -> None:
    """Raise :class:`InvalidSchedule` unless every round can be dealt.

    The message says what is wrong and what would fit.

    >>> validate_round_sizes([1, 2, 14], players=4)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidSchedule: Round 3 deals 14 cards to each of 4 players, 56 cards, but one deck has 52: at most 13 cards each.
    >>> validate_round_sizes([], players=4)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidSchedule: A schedule needs at least one round; the list of hand sizes is empty.
    """
    limit = max_hand(decks, players, reserve_trump_card)
    if len(sizes) == 0:
        raise InvalidSchedule(
            "A schedule needs at least one round; the list of hand sizes is empty.",
            kind="empty-schedule",
        )
    if limit < 1:
        raise InvalidSchedule(
            f"{players} players is too many: {_deck_phrase(decks, reserve_trump_card)} "
            "cards, not enough for one card each.",
            kind="too-many-players", players=players, decks=decks,
            reserve_trump_card=reserve_trump_card,
        )
    for number, size in enumerate(sizes, start=1):
        if not is_whole(size):
            raise InvalidSchedule(
                f"Round {number}: {size!r} is not a whole number of cards.",
                kind="not-whole-cards", round=number, value=size,
            )
        if size < 1:
            raise InvalidSchedule(
                f"Round {number} deals {size} cards: every round deals at least 1 card "
                "to each player.",
                kind="round-too-small", round=number, cards=size,
            )
        if size > limit:
            raise InvalidSchedule(
                f"Round {number} deals {size} cards to each of {players} players, "
                f"{size * players} cards, but {_deck_phrase(decks, reserve_trump_card)}: "
                f"at most {limit} cards each.",
                kind="round-too-large", round=number, cards=size, players=players,
                needed=size * players, decks=decks, reserve_trump_card=reserve_trump_card,
                limit=limit,
            )


def round_sizes(
    spec: ScheduleSpec, players: int, decks: int = 1, reserve_trump_card: bool = False
) -> list[int]:
    """The hand size of every round, in order.

    - ``up``: start, start+1, ..., peak
    - ``down``: peak, ..., start
    - ``up-down``: start..peak..start, the peak round played once
    - ``down-up``: peak..start..peak, the ``start`` round played once
    - ``custom``: ``spec.cards``

    >>> round_sizes(ScheduleSpec("up-down", peak=3), players=4)
    [1, 2, 3, 2, 1]
    >>> round_sizes(ScheduleSpec("down", peak_by_players={3: 17, 4: 13}), players=3)[:3]
    [17, 16, 15]
    >>> round_sizes(ScheduleSpec("custom", cards=(2, 5)), players=4)
    [2, 5]
    """
    limit = max_hand(decks, players, reserve_trump_card)
    if spec.shape == "custom":
        sizes = list(spec.cards)
        validate_round_sizes(sizes, players, decks, reserve_trump_card=reserve_trump_card)
        return sizes
    deck = _deck_phrase(decks, reserve_trump_card)
    if limit < 1:
        raise InvalidSchedule(
            f"{players} players is too many: {deck} cards, not enough for one card each.",
            kind="too-many-players", players=players, decks=decks,
            reserve_trump_card=reserve_trump_card,
        )
    peak = spec.peak_for(players)
    if peak is None:
        peak = limit
    elif peak > limit:
        raise InvalidSchedule(
            f"A largest hand of {peak} cards needs {peak * players} cards for {players} "
            f"players, but {deck}: at most {limit} cards each.",
            kind="peak-too-large", peak=peak, needed=peak * players, players=players,
            decks=decks, reserve_trump_card=reserve_trump_card, limit=limit,
        )
    if spec.start > peak:
        raise InvalidSchedule(
            f"The schedule starts at {spec.start} cards, but with {players} players the "
            f"largest hand is {peak} cards: start at {peak} or fewer.",
            kind="start-above-peak", start=spec.start, players=players, peak=peak,
        )
    rising = list(range(spec.start, peak + 1))
    if spec.shape == "up":
        sizes = rising
    elif spec.shape == "down":
        sizes = rising[::-1]
    elif spec.shape == "up-down":
        sizes = rising + rising[-2::-1]
    else:  # down-up
        sizes = rising[::-1] + rising[1:]
    validate_round_sizes(sizes, players, decks, reserve_trump_card=reserve_trump_card)
    return sizes


@dataclass(frozen=True)
class RoundPlan:
    """What the schedule says about one round before it is dealt.

    ``number`` is 1-based. ``has_trump`` is False when the rules make the round
    no-trump: the last round with ``no_trump_last_round`` (with
    ``last_round_dealer_card`` the last round's method is
    ``"dealer-last-card"`` instead, at any player count), or a turned-card
    round with no card left to turn and ``when_no_card_left="no-trump"``.
    ``trump_method`` says how this round's trump is found (``"turned-card"``,
    ``"spades"``, ``"dealer-last-card"``, ``"named"``, ``"cycle"``), ``None``
    without trump. ``trump_suit`` is the suit the rules fix before the deal
    (spades, or the cycle's suit for this round), ``None`` when the cards
    decide or there is no trump. A cycle's no-trump round has no trump.
    ``hook_active`` says whether the hook rule restricts the last bid.
    """

    number: int
    cards: int
    has_trump: bool
    trump_method: str | None = None
    is_final_round: bool = False
    hook_active: bool = False
    trump_suit: str | None = None


def plan_rounds(ruleset: Ruleset, players: int) -> list[RoundPlan]:
    """Plan every round of a game for ``players`` players.

    The deal may use the whole deck: when no card is left to turn up,
    ``ruleset.trump.when_no_card_left`` decides (so no card is reserved).

    >>> from scorekeeper.rules.presets import find_preset
    >>> plans = plan_rounds(find_preset("planowanie").ruleset, 4)
    >>> plans[0]
    RoundPlan(number=1, cards=13, has_trump=False, trump_method=None, is_final_round=False, hook_active=True, trump_suit=None)
    >>> plans[1].has_trump, plans[-1].cards
    (True, 1)
    """
    sizes = round_sizes(ruleset.schedule, players, ruleset.decks)
    return [
        plan_round(ruleset, index + 1, cards, players, is_final_round=index == len(sizes) - 1)
        for index, cards in enumerate(sizes)
    ]


def plan_round(
    ruleset: Ruleset, number: int, cards: int, players: int, *, is_final_round: bool
) -> RoundPlan:
    """Plan one round: whether it has trump and whether the hook rule applies.

    For schedules that change during a game (a round inserted, a player who
    joins or leaves), each round is planned with its own player count.

    >>> from scorekeeper.rules.presets import find_preset
    >>> plan_round(find_preset("piekielko").ruleset, 13, 13, 4, is_final_round=True).has_trump
    False
    >>> plan_round(find_preset("cardgames").ruleset, 1, 10, 5, is_final_round=False).hook_active
    True
    >>> plan_round(find_preset("kachuful").ruleset, 3, 3, 4, is_final_round=False).trump_suit
    'C'
    """
    trump = ruleset.trump
    method: str | None = trump.method
    suit: str | None = None
    if is_final_round and trump.no_trump_last_round:
        method = None
    elif is_final_round and trump.last_round_dealer_card:
        method = "dealer-last-card"
    elif method == "turned-card" and cards * players >= ruleset.deck_size:
        method = None if trump.when_no_card_left == "no-trump" else trump.when_no_card_left
    if method == "spades":
        suit = "S"
    elif method == "cycle":
        suit = trump.cycle_trump(number)
        if suit is None:
            method = None
    return RoundPlan(
        number=number,
        cards=cards,
        has_trump=method is not None,
        trump_method=method,
        is_final_round=is_final_round,
        hook_active=hook_applies(
            ruleset.hook, bidding=ruleset.bidding, cards=cards, is_final_round=is_final_round
        ),
        trump_suit=suit,
    )
