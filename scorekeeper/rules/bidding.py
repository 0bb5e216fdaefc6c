"""Bids and trick counts: the hook rule and the range checks (RULES.md section 5).

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
from typing import TYPE_CHECKING, Final, Literal

from .errors import InvalidBid, InvalidTricks

if TYPE_CHECKING:
    from .ruleset import HookRule

__all__ = [
    "BIDDING_STYLES",
    "BiddingStyle",
    "IN_TURN",
    "SIMULTANEOUS",
    "allowed_bids",
    "check_bid",
    "check_tricks",
    "forbidden_bid",
    "hook_applies",
]

BiddingStyle = Literal["in-turn", "simultaneous"]

IN_TURN: Final = "in-turn"
"""Players bid one after another from the dealer's left; the dealer bids last."""

SIMULTANEOUS: Final = "simultaneous"
"""Everyone shows their bid at once [ET-full]; there is no last bidder."""

BIDDING_STYLES: Final[tuple[BiddingStyle, ...]] = (IN_TURN, SIMULTANEOUS)


def _tricks_word(n: int) -> str:
    return "trick" if n == 1 else "tricks"


def _check_cards(cards: int, error: type[InvalidBid] | type[InvalidTricks]) -> None:
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
        raise error(f"A round deals at least 1 card to each player, not {cards!r}.")


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

    >>> from scorekeeper.rules.ruleset import HookRule
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

    >>> check_bid(1, cards=10, earlier_bids=[3, 3, 3], is_last_bidder=True, hook_active=True)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidBid: The dealer may not bid 1: the bids would total 10 for 10 tricks. Under the hook rule at least one player must miss; choose another bid.
    >>> check_bid(6, cards=5, earlier_bids=[], is_last_bidder=False, hook_active=True)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidBid: A bid must be between 0 and 5.
    >>> check_bid(2, cards=5, earlier_bids=[3, 1, 2], is_last_bidder=True, hook_active=True)
    """
    _check_cards(cards, InvalidBid)
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise InvalidBid(f"A bid must be a whole number between 0 and {cards}, not {bid!r}.")
    if not 0 <= bid <= cards:
        raise InvalidBid(f"A bid must be between 0 and {cards}.")
    if is_last_bidder and hook_active and bid == forbidden_bid(cards, earlier_bids):
        raise InvalidBid(
            f"The dealer may not bid {bid}: the bids would total {cards} for "
            f"{cards} {_tricks_word(cards)}. Under the hook rule at least one "
            "player must miss; choose another bid."
        )


def allowed_bids(
    *, cards: int, earlier_bids: Sequence[int], is_last_bidder: bool, hook_active: bool
) -> list[int]:
    """List the bids :func:`check_bid` accepts, for a picker in the UI.

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

    >>> check_tricks([3, 2, 4, 1], 10)
    >>> check_tricks([3, 2, 3, 1], 10)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidTricks: Tricks total 9, but 10 were played.
    """
    _check_cards(cards, InvalidTricks)
    if len(tricks) == 0:
        raise InvalidTricks("No trick counts were given; enter one count per player.")
    for position, taken in enumerate(tricks, start=1):
        if isinstance(taken, bool) or not isinstance(taken, int):
            raise InvalidTricks(
                f"Trick count {position} must be a whole number between 0 and {cards}, "
                f"not {taken!r}."
            )
        if not 0 <= taken <= cards:
            raise InvalidTricks(
                f"Trick count {position} is {taken}, but a player takes between 0 and "
                f"{cards} {_tricks_word(cards)} in a {cards}-card round."
            )
    total = sum(tricks)
    if total != cards:
        verb = "was" if cards == 1 else "were"
        raise InvalidTricks(f"Tricks total {total}, but {cards} {verb} played.")
