"""Seats and dealers, with players sitting out, leaving and joining."""

import re

import pytest

from scorekeeper.rules import (
    InvalidSeat,
    bidding_order,
    dealer_for_round,
    dealers_for_rounds,
    first_leader,
    next_seat,
)

ALL4 = {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("seat", "active", "expected"),
    [
        (0, ALL4, 1), (3, ALL4, 0), (0, {0, 2, 3}, 2), (1, {0, 2, 3}, 2),
        (3, {1, 3}, 1), (2, {2}, 2), (1, [3], 3),
    ],
)
def test_next_seat_is_the_next_active_seat_clockwise(seat, active, expected):
    assert next_seat(seat, active, 4) == expected


@pytest.mark.parametrize(
    ("seat", "active", "seat_count", "message"),
    [
        (4, ALL4, 4, "Seat 4 does not exist: seats are numbered 0 to 3."),
        (-1, ALL4, 4, "Seat -1 does not exist"),
        (0, set(), 4, "No seat is active"),
        (0, {0, 5}, 4, "Active seat 5 does not exist"),
        (0, ALL4, 0, "A table has at least 1 seat"),
    ],
)
def test_next_seat_rejects_seats_that_do_not_exist(seat, active, seat_count, message):
    with pytest.raises(InvalidSeat, match=re.escape(message)):
        next_seat(seat, active, seat_count)


@pytest.mark.parametrize(
    ("first_dealer", "round_index", "seat_count", "expected"),
    [(0, 0, 4, 0), (0, 1, 4, 1), (2, 2, 4, 0), (3, 13, 4, 0), (1, 5, 3, 0)],
)
def test_dealer_for_round_passes_the_deal_clockwise(first_dealer, round_index, seat_count,
                                                    expected):
    assert dealer_for_round(first_dealer, round_index, seat_count) == expected


def test_dealer_for_round_rejects_a_negative_round():
    with pytest.raises(InvalidSeat):
        dealer_for_round(0, -1, 4)


@pytest.mark.parametrize(
    ("dealer", "active", "expected"),
    [
        (0, ALL4, [1, 2, 3, 0]),
        (3, ALL4, [0, 1, 2, 3]),
        (0, {0, 2, 3}, [2, 3, 0]),
        (2, {0, 2}, [0, 2]),
    ],
)
def test_bidding_starts_left_of_the_dealer_who_bids_last(dealer, active, expected):
    assert bidding_order(dealer, active, 4) == expected
    assert first_leader(dealer, active, 4) == expected[0]


def test_bidding_order_refuses_a_dealer_who_is_not_playing():
    with pytest.raises(InvalidSeat, match=re.escape("The dealer (seat 1) is not playing")):
        bidding_order(1, {0, 2, 3}, 4)


def test_bidding_order_needs_two_players():
    with pytest.raises(InvalidSeat, match="at least 2 active players"):
        bidding_order(1, {1}, 4)


def test_with_everyone_present_dealers_rotate_like_dealer_for_round():
    assert dealers_for_rounds(2, [ALL4] * 6, 4) == [dealer_for_round(2, i, 4) for i in range(6)]


def test_a_player_who_sits_out_is_skipped_and_does_not_get_the_deal_back():
    # Seat 1 sits out round 2: the deal goes from 0 to 2, then on to 3.
    assert dealers_for_rounds(0, [ALL4, {0, 2, 3}, ALL4, ALL4], 4) == [0, 2, 3, 0]


def test_a_player_who_sits_out_a_round_they_would_not_deal_changes_nothing():
    assert dealers_for_rounds(0, [ALL4, {0, 1, 2}, ALL4, ALL4], 4) == [0, 1, 2, 3]


def test_a_player_who_leaves_is_skipped_from_then_on():
    # Seat 2 leaves after round 1.
    rounds = [ALL4] + [{0, 1, 3}] * 4
    assert dealers_for_rounds(1, rounds, 4) == [1, 3, 0, 1, 3]


def test_the_deal_passes_on_when_the_dealer_leaves():
    # Seat 1 deals round 2 and then leaves: the next present seat after it deals.
    assert dealers_for_rounds(0, [ALL4, ALL4, {0, 2, 3}], 4) == [0, 1, 2]


def test_a_newcomer_is_in_the_rotation_from_their_first_round():
    # Seats 0-2 start; a newcomer takes seat 3 from round 3.
    rounds = [{0, 1, 2}, {0, 1, 2}, ALL4, ALL4, ALL4]
    assert dealers_for_rounds(0, rounds, 4) == [0, 1, 2, 3, 0]


def test_a_newcomer_between_the_dealer_and_the_next_player_deals_next():
    # Newcomer at seat 1 joins in round 2, right after dealer 0.
    assert dealers_for_rounds(0, [{0, 2, 3}, ALL4], 4) == [0, 1]


def test_each_rounds_bidding_order_follows_from_its_dealer_and_active_seats():
    rounds = [ALL4, {0, 2, 3}, ALL4]
    dealers = dealers_for_rounds(0, rounds, 4)
    orders = [bidding_order(d, a, 4) for d, a in zip(dealers, rounds)]
    assert orders == [[1, 2, 3, 0], [3, 0, 2], [0, 1, 2, 3]]


def test_dealers_for_rounds_refuses_a_first_dealer_who_is_absent():
    with pytest.raises(InvalidSeat, match=re.escape("The first dealer (seat 1) is not playing")):
        dealers_for_rounds(1, [{0, 2, 3}], 4)


def test_dealers_for_rounds_names_the_round_with_no_players():
    with pytest.raises(InvalidSeat, match="Round 2: No seat is active"):
        dealers_for_rounds(0, [ALL4, set()], 4)


def test_no_rounds_means_no_dealers():
    assert dealers_for_rounds(0, [], 4) == []


def test_seat_errors_are_value_errors():
    assert issubclass(InvalidSeat, ValueError)
