"""Settling up: balances at a stake, the fewest transfers, and the stake as a change (no app)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorekeeper.game.settling
from scorekeeper.game import GameError, NewChange, entries, history_of
from scorekeeper.game.checking import check_log
from scorekeeper.game.settling import (
    Stake,
    Transfer,
    balances,
    fewest_transfers,
    minor_units,
    set_stake,
)
from stored import Stored
from test_end_and_decks import PLAYERS, RULES, Game


def partitions(items: list):
    """Every way to split ``items`` into blocks (the brute force's reference)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for split in partitions(rest):
        yield [[first], *split]
        for index in range(len(split)):
            yield [*split[:index], [first, *split[index]], *split[index + 1:]]


def brute_force_fewest(owed: dict[int, int]) -> int:
    """The fewest transfers by trying every partition of the players owed or
    owing into groups that each add up to zero (k players need k - 1)."""
    players = [pid for pid, amount in owed.items() if amount]
    best = 0
    for split in partitions(players):
        if all(sum(owed[pid] for pid in block) == 0 for block in split):
            best = max(best, len(split))
    return len(players) - best


def settles(transfers: list[Transfer], owed: dict[int, int]) -> bool:
    left = dict(owed)
    for transfer in transfers:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return not any(left.values())


def test_the_module_examples_run():
    assert doctest.testmod(scorekeeper.game.settling).failed == 0


def test_every_pair_settles_the_difference_of_its_totals_at_the_stake():
    # Ann 30, Bob 10, Cy 20 at 5 a point: Ann gets 100 from Bob and 50 from Cy,
    # Cy gets 50 from Bob.
    assert balances({0: 30, 1: 10, 2: 20}, 5) == {0: 150, 1: -150, 2: 0}


def test_where_the_lowest_total_wins_the_lowest_receives():
    assert balances({0: 3, 1: 7}, 10, lowest_wins=True) == {0: 40, 1: -40}


def test_two_pairs_that_cancel_out_need_two_transfers_not_three():
    owed = {0: 500, 1: -500, 2: 300, 3: -300}
    assert fewest_transfers(owed) == [Transfer(1, 0, 500), Transfer(3, 2, 300)]


def test_a_greedy_settlement_would_take_one_transfer_more_here():
    # Largest debt to largest credit would pay 5 → 4 first and need four
    # transfers; {4, -4} and {3, 2, -5} settle in three.
    owed = {0: 4, 1: 3, 2: 2, 3: -5, 4: -4}
    transfers = fewest_transfers(owed)
    assert settles(transfers, owed) and len(transfers) == brute_force_fewest(owed) == 3


def test_equal_totals_pay_nothing():
    assert fewest_transfers(balances({0: 12, 1: 12, 2: 12}, 25)) == []


def test_balances_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError):
        fewest_transfers({0: 1, 1: 0})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-60, 200), min_size=2, max_size=7), st.integers(1, 500),
       st.booleans())
def test_the_transfers_settle_every_balance_in_the_fewest_a_brute_force_finds(
        totals, per_point, lowest_wins):
    owed = balances(dict(enumerate(totals)), per_point, lowest_wins)
    assert sum(owed.values()) == 0
    transfers = fewest_transfers(owed)
    assert settles(transfers, owed)
    assert len(transfers) == brute_force_fewest(owed)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-9, 9), min_size=1, max_size=7))
def test_small_balances_with_many_zero_sum_groups_meet_the_brute_force(amounts):
    owed = dict(enumerate([*amounts, -sum(amounts)]))
    transfers = fewest_transfers(owed)
    assert settles(transfers, owed) and len(transfers) == brute_force_fewest(owed)


def test_ten_players_are_settled_at_once():
    owed = dict(enumerate([900, -100, -200, -300, 250, -250, 40, -40, -150, -150]))
    transfers = fewest_transfers(owed)
    # Three groups add up to zero: {4, 5}, {6, 7} and the other six players.
    assert settles(transfers, owed) and len(transfers) == 10 - 3
    assert len(transfers) == brute_force_fewest(owed)


@pytest.mark.parametrize("text, minor", [
    ("", 0), ("2", 200), ("0.05", 5), ("0,05", 5), ("1,5", 150), (" 12.30 ", 1230),
    ("100", 10_000),
])
def test_a_stake_is_read_in_either_decimal_mark_as_minor_units(text, minor):
    assert minor_units(text) == minor


@pytest.mark.parametrize("text", ["-1", "0.005", "1 000", "abc", "1e3", "100.01", "½"])
def test_a_stake_that_is_no_plain_amount_is_refused(text):
    with pytest.raises(GameError) as raised:
        minor_units(text)
    assert raised.value.kind == "stake-amount"


def test_the_stake_is_a_change_of_the_log_and_settles_only_at_the_end():
    game = Game().play(2)
    assert game.enter(set_stake, 10, " zł ") == [
        NewChange("stake", value={"per_point": 10, "symbol": "zł"})]
    sheet = game.sheet
    assert sheet.stake == Stake(10, "zł") and sheet.settlement is None
    assert sheet.balances[2] > 0  # Cy leads
    game.enter(entries.end_game, 2)
    settled = game.sheet.settlement
    assert settled and settles(settled, game.sheet.balances)


def test_undo_of_the_end_takes_the_settlement_back():
    game = Game().play(2)
    game.enter(set_stake, 10, "")
    game.enter(entries.end_game, 2)
    assert game.sheet.settlement
    game.enter(entries.undo)
    assert game.sheet.settlement is None and game.sheet.stake == Stake(10, "")


def test_the_same_stake_again_stores_nothing_and_zero_removes_it():
    game = Game()
    game.enter(set_stake, 5, "€")
    assert set_stake(game.sheet, 5, "€") == []
    game.enter(set_stake, 0, "€")
    assert game.sheet.stake is None


@pytest.mark.parametrize("per_point, symbol, kind", [
    (10_001, "", "stake-amount"), (-1, "", "stake-amount"), (True, "", "stake-amount"),
    (5, "EURO$", "stake-symbol"), (5, "1€", "stake-symbol"), (5, "\u0007", "stake-symbol"),
])
def test_a_stake_out_of_range_is_refused(per_point, symbol, kind):
    with pytest.raises(GameError) as raised:
        set_stake(Game().sheet, per_point, symbol)
    assert raised.value.kind == kind


def test_an_imported_log_with_a_stake_is_checked_and_a_forged_one_refused():
    game = Game().play(1)
    game.enter(set_stake, 25, "$")
    assert check_log(RULES, PLAYERS, 0, game.changes) is None
    forged = [*game.changes[:-1], Stored(len(game.changes), "stake", None, None,
                                         {"per_point": 25, "symbol": "12"})]
    assert check_log(RULES, PLAYERS, 0, forged).error.kind == "stake-symbol"


def test_the_history_says_what_stake_was_set():
    game = Game()
    game.enter(set_stake, 25, "$")
    entry = history_of(RULES, PLAYERS, 0, game.changes)[-1]
    assert (entry.kind, entry.details) == ("stake", {"per_point": 25, "symbol": "$"})
