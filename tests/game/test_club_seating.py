"""Seating an evening's players at its tables (plain Python: no app, no database)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorekeeper.game.seating import (
    SeatingError, move_player, pairs_of, repeated_pairs, seat, swap_players, table_sizes)

PLAYERS = [f"Player {n}" for n in range(1, 41)]
SIZE_CHOICES = [[3], [4], [5], [4, 5], [3, 4], [5, 6, 7], [3, 7], [6], [7], [3, 4, 5, 6, 7]]


def seatable(count, sizes):
    try:
        table_sizes(count, sizes)
    except SeatingError:
        return False
    return True


@pytest.mark.parametrize("method", ["random", "standings", "new-opponents"])
@pytest.mark.parametrize("sizes", SIZE_CHOICES, ids=str)
def test_every_seating_puts_each_player_at_exactly_one_table_of_an_allowed_size(method, sizes):
    rng = random.Random(11)
    for count in range(8, 41):
        if not seatable(count, sizes):
            with pytest.raises(SeatingError):
                seat(PLAYERS[:count], sizes, method, rng)
            continue
        seating = seat(PLAYERS[:count], sizes, method, rng, standings=PLAYERS[::-1])
        seated = [name for table in seating for name in table]
        assert sorted(seated) == sorted(PLAYERS[:count])
        assert len(seated) == len(set(seated))
        assert all(len(table) in sizes for table in seating)


def test_table_sizes_use_as_few_tables_as_the_sizes_allow_and_the_most_even():
    assert table_sizes(12, [3, 4, 5, 6, 7]) == [6, 6]
    assert table_sizes(12, [4]) == [4, 4, 4]
    assert table_sizes(15, [4, 5]) == [5, 5, 5]
    assert table_sizes(17, [4, 5]) == [5, 4, 4, 4]


def test_sizes_that_cannot_seat_everyone_are_refused_with_the_count():
    with pytest.raises(SeatingError) as refused:
        table_sizes(13, [4])
    assert refused.value.kind == "no-table-sizes" and refused.value.details["count"] == 13


@pytest.mark.parametrize("sizes", [[2], [8], []], ids=str)
def test_tables_smaller_than_three_or_larger_than_seven_are_refused(sizes):
    with pytest.raises(SeatingError) as refused:
        seat(PLAYERS[:12], sizes, "random", random.Random(1))
    assert refused.value.kind == "table-sizes"


@pytest.mark.parametrize("count", [7, 41])
def test_an_evening_of_fewer_than_eight_or_more_than_forty_is_refused(count):
    names = [f"P{n}" for n in range(count)]
    with pytest.raises(SeatingError) as refused:
        seat(names, [3, 4, 5, 6, 7], "random", random.Random(1))
    assert refused.value.kind == "evening-players"


def test_a_player_listed_twice_is_refused_by_name():
    with pytest.raises(SeatingError) as refused:
        seat(PLAYERS[:11] + ["Player 3"], [4], "random", random.Random(1))
    assert refused.value.kind == "player-twice" and refused.value.details["name"] == "Player 3"


def test_the_same_seed_seats_the_same_way_and_another_seed_differently():
    one = seat(PLAYERS[:12], [4], "random", random.Random(5))
    assert one == seat(PLAYERS[:12], [4], "random", random.Random(5))
    assert one != seat(PLAYERS[:12], [4], "random", random.Random(6))


def test_by_standings_the_leaders_sit_together_at_the_first_table():
    standings = PLAYERS[:12][::-1]
    seating = seat(PLAYERS[:12], [4], "standings", random.Random(1), standings=standings)
    assert seating[0] == standings[:4]
    assert seating[1] == standings[4:8]


def test_new_opponents_repeats_fewer_pairs_than_random_over_a_hundred_seeded_trials():
    players, sizes = PLAYERS[:12], [4]
    new_total = random_total = 0
    for trial in range(100):
        rng = random.Random(trial)
        first = seat(players, sizes, "random", rng)
        met = pairs_of(first)
        new_total += repeated_pairs(seat(players, sizes, "new-opponents", rng, met=met), met)
        random_total += repeated_pairs(seat(players, sizes, "random", rng, met=met), met)
    assert new_total < random_total
    # Four at a table from three tables of the first part: at least one pair
    # at each table met before, three a trial at best; the search finds the best.
    assert new_total == 3 * 100


def test_new_opponents_after_several_parts_never_repeats_more_than_random_on_average():
    players, sizes = PLAYERS[:20], [4, 5]
    new_total = random_total = 0
    for trial in range(100):
        rng = random.Random(1000 + trial)
        met = pairs_of(seat(players, sizes, "random", rng))
        met += pairs_of(seat(players, sizes, "random", rng))
        met += pairs_of(seat(players, sizes, "random", rng))
        new_total += repeated_pairs(seat(players, sizes, "new-opponents", rng, met=met), met)
        random_total += repeated_pairs(seat(players, sizes, "random", rng, met=met), met)
    assert new_total < random_total


def test_a_fixed_table_is_kept_and_the_others_are_seated_around_it():
    fixed = [PLAYERS[0], PLAYERS[5], PLAYERS[9], PLAYERS[11]]
    seating = seat(PLAYERS[:12], [4], "random", random.Random(3), fixed=[fixed])
    assert seating[0] == fixed
    assert not set(fixed) & {name for table in seating[1:] for name in table}
    assert sorted(n for t in seating for n in t) == sorted(PLAYERS[:12])


def test_a_fixed_table_of_someone_not_here_is_refused():
    with pytest.raises(SeatingError) as refused:
        seat(PLAYERS[:12], [4], "random", random.Random(3),
             fixed=[["Stranger", *PLAYERS[:3]]])
    assert refused.value.kind == "fixed-tables" and refused.value.details["names"] == ["Stranger"]


def test_moving_a_player_keeps_everyone_seated_once():
    seating = seat(PLAYERS[:13], [4, 5], "random", random.Random(2))
    small = next(i for i, table in enumerate(seating) if len(table) == 4)
    big = next(table for table in seating if len(table) == 5)
    moved = move_player(seating, big[0], small, [4, 5])
    assert big[0] in moved[small]
    assert Counter(n for t in moved for n in t) == Counter(PLAYERS[:13])


def test_a_move_that_leaves_a_table_too_small_is_refused():
    seating = [PLAYERS[:4], PLAYERS[4:8]]
    with pytest.raises(SeatingError) as refused:
        move_player(seating, PLAYERS[0], 1, [4, 5])
    assert refused.value.kind == "table-size" and refused.value.details["size"] == 3


def test_swapping_two_players_of_two_full_tables_trades_their_places():
    seating = [PLAYERS[:4], PLAYERS[4:8]]
    swapped = swap_players(seating, PLAYERS[1], PLAYERS[6])
    assert swapped == [[PLAYERS[0], PLAYERS[6], *PLAYERS[2:4]],
                       [*PLAYERS[4:6], PLAYERS[1], PLAYERS[7]]]
    assert seating == [PLAYERS[:4], PLAYERS[4:8]]  # the seating given is left as it was


def test_swapping_two_players_of_one_table_trades_their_seats_at_it():
    seating = [PLAYERS[:4], PLAYERS[4:8]]
    assert swap_players(seating, PLAYERS[0], PLAYERS[1]) == [
        [PLAYERS[1], PLAYERS[0], *PLAYERS[2:4]], PLAYERS[4:8]]


def test_swapping_someone_not_seated_is_refused_by_name():
    with pytest.raises(SeatingError) as refused:
        swap_players([PLAYERS[:4], PLAYERS[4:8]], PLAYERS[0], "Stranger")
    assert refused.value.kind == "not-seated" and refused.value.details["name"] == "Stranger"
