"""Bids and trick counts: the hook rule and the range checks (docs/rules.md section 5).

The hook rule (also "screw the dealer"): the last bidder may not bid the number
that makes the bids add up to the tricks in the round, so at least one player
must fail.

>>> forbidden_bid(10, [4, 3, 1])
2
>>> check_bid(2, cards=10, earlier_bids=[4, 3, 1], is_last_bidder=True, hook_active=True)
Traceback (most recent call last):
...
scorekeeper.rules.errors.InvalidBid: The dealer may not bid 2: the bids would total 10 for 10 tricks. Under the hook rule at least one player must miss; choose another bid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .errors import InvalidBid, InvalidTricks
from .numbers import is_whole
from .options import BIDDING_STYLES, SIMULTANEOUS, HookRule

__all__ = [
    "BID_KINDS",
    "TRICKS_KINDS",
    "allowed_bids",
    "check_bid",
    "check_running_tricks",
    "check_tricks",
    "check_zero_streak",
    "zero_bid_barred",
    "forbidden_bid",
    "hook_applies",
]

BID_KINDS: Final = (
    "bad-cards", "bid-not-whole", "bid-out-of-range", "forbidden-bid", "zero-streak",
)
"""The ``kind`` of every :class:`InvalidBid` that :func:`check_bid` and
:func:`allowed_bids` raise."""

TRICKS_KINDS: Final = (
    "bad-cards", "no-tricks", "tricks-not-whole", "tricks-out-of-range", "tricks-total",
    "tricks-too-many",
)
"""The ``kind`` of every :class:`InvalidTricks` that :func:`check_tricks` and
:func:`check_running_tricks` raise."""


def _tricks_word(n: int) -> str:
    return "trick" if n == 1 else "tricks"


def _check_cards(cards: int, error: type[InvalidBid] | type[InvalidTricks]) -> None:
    if not is_whole(cards, 1):
        raise error(
            f"A round deals at least 1 card to each player, not {cards!r}.",
            kind="bad-cards", cards=cards,
        )


def forbidden_bid(cards: int, earlier_bids: Sequence[int]) -> int | None:
    """Return the bid that would make the bids total ``cards``, or ``None``.

    ``None`` means the last bidder may bid anything: the number needed would be
    negative (the earlier bids already exceed the tricks) or larger than the hand.

    >>> forbidden_bid(10, [3, 3, 3])
    1
    >>> forbidden_bid(5, [2, 0, 1])
    2
    >>> forbidden_bid(5, [3, 1, 2]) is None
    True
    """
    needed = cards - sum(earlier_bids)
    if 0 <= needed <= cards:
        return needed
    return None


def hook_applies(hook: HookRule, *, bidding: str, cards: int, is_final_round: bool) -> bool:
    """Say whether the hook rule restricts the last bid of this round.

    Never in simultaneous bidding (there is no last bidder). Otherwise by
    ``hook.mode``: ``"off"`` never, ``"on"`` always, ``"not-final-round"``
    in every round but the last [EN-traditional], ``"from-cards"`` in rounds of
    at least ``hook.min_cards`` cards.

    >>> from scorekeeper.rules.options import HookRule
    >>> hook_applies(HookRule("on"), bidding="in-turn", cards=5, is_final_round=False)
    True
    >>> hook_applies(HookRule("on"), bidding="simultaneous", cards=5, is_final_round=False)
    False
    >>> hook_applies(HookRule("not-final-round"), bidding="in-turn", cards=1, is_final_round=True)
    False
    >>> hook_applies(HookRule("from-cards", min_cards=4), bidding="in-turn", cards=3, is_final_round=False)
    False
    """
    if bidding not in BIDDING_STYLES:
        raise ValueError(
            f"unknown bidding style {bidding!r}; choose one of: {', '.join(BIDDING_STYLES)}"
        )
    if bidding == SIMULTANEOUS:
        return False
    mode = hook.mode
    if mode == "off":
        return False
    if mode == "on":
        return True
    if mode == "not-final-round":
        return not is_final_round
    if mode == "from-cards":
        return cards >= hook.min_cards
    raise ValueError(f"unknown hook mode {mode!r}")


def check_bid(
    bid: int,
    *,
    cards: int,
    earlier_bids: Sequence[int],
    is_last_bidder: bool,
    hook_active: bool,
) -> None:
    """Raise :class:`InvalidBid` unless ``bid`` is legal; return ``None`` if it is.

    A bid is a whole number from 0 to ``cards`` (nobody may pass). When the hook
    rule is active, the last bidder may not bid :func:`forbidden_bid`.

    The error's ``kind`` (one of :data:`BID_KINDS`) and ``details`` let a caller
    word it again: ``"bad-cards"`` with ``cards``; ``"bid-not-whole"``,
    ``"bid-out-of-range"`` and ``"forbidden-bid"`` with ``bid`` and ``cards``.

    >>> check_bid(1, cards=10, earlier_bids=[3, 3, 3], is_last_bidder=True, hook_active=True)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidBid: The dealer may not bid 1: the bids would total 10 for 10 tricks. Under the hook rule at least one player must miss; choose another bid.
    >>> check_bid(6, cards=5, earlier_bids=[], is_last_bidder=False, hook_active=True)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidBid: A bid must be between 0 and 5.
    >>> check_bid(2, cards=5, earlier_bids=[3, 1, 2], is_last_bidder=True, hook_active=True)
    >>> try:
    ...     check_bid(2, cards=4, earlier_bids=[1, 1], is_last_bidder=True, hook_active=True)
    ... except InvalidBid as error:
    ...     print(error.kind, error.details)
    forbidden-bid {'bid': 2, 'cards': 4}
    """
    _check_cards(cards, InvalidBid)
    if not is_whole(bid):
        raise InvalidBid(
            f"A bid must be a whole number between 0 and {cards}, not {bid!r}.",
            kind="bid-not-whole", bid=bid, cards=cards,
        )
    if not 0 <= bid <= cards:
        raise InvalidBid(
            f"A bid must be between 0 and {cards}.", kind="bid-out-of-range", bid=bid, cards=cards
        )
    if is_last_bidder and hook_active and bid == forbidden_bid(cards, earlier_bids):
        raise InvalidBid(
            f"The dealer may not bid {bid}: the bids would total {cards} for "
            f"{cards} {_tricks_word(cards)}. Under the hook rule at least one "
            "player must miss; choose another bid.",
            kind="forbidden-bid", bid=bid, cards=cards,
        )


def zero_bid_barred(limit: int, earlier_bids: Sequence[int]) -> bool:
    """Whether a player may not bid 0 now: ``limit`` 0 bids in a row at most,
    and their last ``limit`` bids (``earlier_bids``, the rounds they played,
    oldest first) were all 0. ``limit`` 0 is no limit.

    Kachuful [EN-wikipedia-kachufool]: "If a player bids zero five times in a
    row, the 6th time has to be a non-zero bid."

    >>> zero_bid_barred(5, [1, 0, 0, 0, 0, 0])
    True
    >>> zero_bid_barred(5, [0, 0, 0, 0, 2, 0])
    False
    >>> zero_bid_barred(0, [0] * 9)
    False
    """
    if limit <= 0 or len(earlier_bids) < limit:
        return False
    return all(bid == 0 for bid in earlier_bids[-limit:])


def check_zero_streak(bid: int, limit: int, earlier_bids: Sequence[int]) -> None:
    """Raise :class:`InvalidBid` (kind ``"zero-streak"``, with ``limit``) for a
    0 bid that :func:`zero_bid_barred` bars.

    >>> check_zero_streak(0, 5, [0] * 5)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidBid: No one may bid 0 more than 5 times in a row; bid at least 1.
    >>> check_zero_streak(1, 5, [0] * 5)
    """
    if bid == 0 and zero_bid_barred(limit, earlier_bids):
        raise InvalidBid(
            f"No one may bid 0 more than {limit} times in a row; bid at least 1.",
            kind="zero-streak", bid=bid, limit=limit,
        )


def allowed_bids(
    *, cards: int, earlier_bids: Sequence[int], is_last_bidder: bool, hook_active: bool
) -> list[int]:
    """List the bids :func:`check_bid` accepts, for a picker in the UI.

    Raises :class:`InvalidBid` (kind ``"bad-cards"``, with ``cards``) for a
    hand size that is not a whole number of at least 1.

    >>> allowed_bids(cards=3, earlier_bids=[1, 1], is_last_bidder=True, hook_active=True)
    [0, 2, 3]
    >>> allowed_bids(cards=3, earlier_bids=[1, 1], is_last_bidder=True, hook_active=False)
    [0, 1, 2, 3]
    """
    _check_cards(cards, InvalidBid)
    bids = list(range(cards + 1))
    if is_last_bidder and hook_active:
        forbidden = forbidden_bid(cards, earlier_bids)
        if forbidden is not None:
            bids.remove(forbidden)
    return bids


def check_tricks(tricks: Sequence[int], cards: int) -> None:
    """Raise :class:`InvalidTricks` unless the trick counts fit a ``cards``-card round.

    Each count is a whole number from 0 to ``cards``, and the counts add up to
    ``cards`` (every trick is won by someone).

    The error's ``kind`` (one of :data:`TRICKS_KINDS`) and ``details``:
    ``"bad-cards"`` with ``cards``; ``"no-tricks"``; ``"tricks-not-whole"`` and
    ``"tricks-out-of-range"`` with ``position`` (1-based), ``tricks`` (that
    count) and ``cards``; ``"tricks-total"`` with ``total`` and ``cards``.

    >>> check_tricks([3, 2, 4, 1], 10)
    >>> check_tricks([3, 2, 3, 1], 10)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidTricks: Tricks total 9, but 10 were played.
    >>> try:
    ...     check_tricks([2, 9], 10)
    ... except InvalidTricks as error:
    ...     print(error.kind, error.details)
    tricks-total {'total': 11, 'cards': 10}
    """
    _check_cards(cards, InvalidTricks)
    if len(tricks) == 0:
        raise InvalidTricks(
            "No trick counts were given; enter one count per player.", kind="no-tricks"
        )
    for position, taken in enumerate(tricks, start=1):
        _check_count(position, taken, cards)
    total = sum(tricks)
    if total != cards:
        verb = "was" if cards == 1 else "were"
        raise InvalidTricks(
            f"Tricks total {total}, but {cards} {verb} played.",
            kind="tricks-total", total=total, cards=cards,
        )


def check_running_tricks(taken: int, others: Sequence[int], cards: int) -> None:
    """Raise :class:`InvalidTricks` unless one player's count ``taken``,
    entered while the round's counts come in one by one, fits a ``cards``-card
    round beside the ``others`` entered so far: a whole number from 0 to
    ``cards``, and all of them together no more than ``cards`` (the last one
    in makes them add up: :func:`check_tricks`).

    The error's ``kind`` and ``details`` are those of :func:`check_tricks`
    for the one count (``position`` 1), or ``"tricks-too-many"`` with
    ``total`` and ``cards``.

    >>> check_running_tricks(3, [2, 4], 10)
    >>> try:
    ...     check_running_tricks(5, [2, 4], 10)
    ... except InvalidTricks as error:
    ...     print(error.kind, error.details)
    tricks-too-many {'total': 11, 'cards': 10}
    """
    _check_cards(cards, InvalidTricks)
    _check_count(1, taken, cards)
    total = taken + sum(others)
    if total > cards:
        raise InvalidTricks(
            f"Tricks total {total} so far, but only {cards} can be won.",
            kind="tricks-too-many", total=total, cards=cards,
        )


def _check_count(position: int, taken: int, cards: int) -> None:
    """One player's trick count (the ``position``-th): a whole number from 0 to ``cards``."""
    if not is_whole(taken):
        raise InvalidTricks(
            f"Trick count {position} must be a whole number between 0 and {cards}, "
            f"not {taken!r}.",
            kind="tricks-not-whole", position=position, tricks=taken, cards=cards,
        )
    if not 0 <= taken <= cards:
        raise InvalidTricks(
            f"Trick count {position} is {taken}, but a player takes between 0 and "
            f"{cards} {_tricks_word(cards)} in a {cards}-card round.",
            kind="tricks-out-of-range", position=position, tricks=taken, cards=cards,
        )
