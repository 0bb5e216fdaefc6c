"""Seats, dealers and turn order, including rounds where some seats are absent.

Seats are numbered ``0 .. seat_count - 1`` clockwise around the table. A seat is
*active* in a round when its player is dealt in. Absent seats are skipped:

- a player who **sits out** a round is inactive for that round only;
- a player who **leaves** is inactive from then on;
- a **newcomer** takes a seat number that was inactive before and is active
  from the first round they are dealt in.

Dealer convention (:func:`dealers_for_rounds`): the deal passes clockwise to
the next seat *present in the new round* after the previous dealer. A seat that
is absent when the deal would reach it is passed over and does not get the
deal back later; a newcomer can deal as soon as they are present. Bidding and
the first lead start with the next active seat after the dealer, who bids last.

>>> dealers_for_rounds(0, [{0, 1, 2, 3}, {0, 2, 3}, {0, 1, 2, 3}], seat_count=4)
[0, 2, 3]
>>> bidding_order(3, {0, 1, 3}, seat_count=4)
[0, 1, 3]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .errors import InvalidSeat
from .numbers import is_whole

__all__ = [
    "bidding_order",
    "dealer_for_round",
    "dealers_for_rounds",
    "first_leader",
    "next_seat",
]


def _check_seat_count(seat_count: int) -> None:
    if not is_whole(seat_count, 1):
        raise InvalidSeat(f"A table has at least 1 seat, not {seat_count!r}.")


def _check_seat(seat: int, seat_count: int, what: str = "Seat") -> None:
    if not is_whole(seat, 0, seat_count - 1):
        raise InvalidSeat(
            f"{what} {seat!r} does not exist: seats are numbered 0 to {seat_count - 1}."
        )


def _check_active(active: Collection[int], seat_count: int) -> None:
    if not active:
        raise InvalidSeat("No seat is active: at least one player must be dealt in.")
    for seat in active:
        _check_seat(seat, seat_count, "Active seat")


def next_seat(seat: int, active: Collection[int], seat_count: int) -> int:
    """The next active seat clockwise after ``seat`` (which need not be active).

    If ``seat`` is the only active seat, it is its own next seat.

    >>> next_seat(3, {0, 1, 2, 3}, 4)
    0
    >>> next_seat(0, {0, 2, 3}, 4)
    2
    >>> next_seat(1, {0, 2, 3}, 4)
    2
    """
    _check_seat_count(seat_count)
    _check_seat(seat, seat_count)
    _check_active(active, seat_count)
    for step in range(1, seat_count + 1):
        candidate = (seat + step) % seat_count
        if candidate in active:
            return candidate
    raise AssertionError("unreachable: active is non-empty")  # pragma: no cover


def dealer_for_round(first_dealer: int, round_index: int, seat_count: int) -> int:
    """The dealer of round ``round_index`` (0-based) when every seat plays every round.

    >>> [dealer_for_round(2, i, 4) for i in range(5)]
    [2, 3, 0, 1, 2]
    """
    _check_seat_count(seat_count)
    _check_seat(first_dealer, seat_count, "First dealer seat")
    if not is_whole(round_index, 0):
        raise InvalidSeat(f"A round index is 0 or more, not {round_index!r}.")
    return (first_dealer + round_index) % seat_count


def bidding_order(dealer: int, active: Collection[int], seat_count: int) -> list[int]:
    """The active seats in bidding order: from the dealer's left, dealer last.

    Raises :class:`InvalidSeat` if the dealer is not active or fewer than two
    seats are.

    >>> bidding_order(1, {0, 1, 2, 3}, 4)
    [2, 3, 0, 1]
    >>> bidding_order(1, {0, 2, 3}, 4)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidSeat: The dealer (seat 1) is not playing this round; the dealer must be one of the active seats.
    """
    _check_seat_count(seat_count)
    _check_seat(dealer, seat_count, "Dealer seat")
    _check_active(active, seat_count)
    if dealer not in active:
        raise InvalidSeat(
            f"The dealer (seat {dealer}) is not playing this round; the dealer must be "
            "one of the active seats."
        )
    if len(set(active)) < 2:
        raise InvalidSeat("A round needs at least 2 active players.")
    order = []
    seat = dealer
    while True:
        seat = next_seat(seat, active, seat_count)
        order.append(seat)
        if seat == dealer:
            return order


def first_leader(dealer: int, active: Collection[int], seat_count: int) -> int:
    """The seat that leads the first trick: the first bidder, left of the dealer.

    >>> first_leader(3, {0, 1, 2, 3}, 4)
    0
    >>> first_leader(3, {1, 2, 3}, 4)
    1
    """
    return bidding_order(dealer, active, seat_count)[0]


def dealers_for_rounds(
    first_dealer: int, active_by_round: Sequence[Collection[int]], seat_count: int
) -> list[int]:
    """The dealer of every round, given the active seats of each round.

    Round 1 is dealt by ``first_dealer``, who must be active in it. Each later
    round is dealt by the next seat clockwise after the previous dealer that
    is active in that round (see the module docstring for the convention).

    >>> # seat 3 leaves after round 2; seat 1 sits out round 3
    >>> dealers_for_rounds(1, [{0, 1, 2, 3}, {0, 1, 2, 3}, {0, 2}, {0, 1, 2}], 4)
    [1, 2, 0, 1]
    """
    _check_seat_count(seat_count)
    _check_seat(first_dealer, seat_count, "First dealer seat")
    dealers: list[int] = []
    for index, active in enumerate(active_by_round):
        try:
            _check_active(active, seat_count)
        except InvalidSeat as error:
            raise InvalidSeat(f"Round {index + 1}: {error}") from None
        if index == 0:
            if first_dealer not in active:
                raise InvalidSeat(
                    f"The first dealer (seat {first_dealer}) is not playing round 1; "
                    "choose a dealer among the active seats."
                )
            dealers.append(first_dealer)
        else:
            dealers.append(next_seat(dealers[-1], active, seat_count))
    return dealers
