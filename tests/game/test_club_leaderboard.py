"""The evening's leaderboard (plain Python): totals and placement points."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scorekeeper.game.leaderboard import GameError, TableResult, leaderboard, placement_points


def random_evening(seed):
    rng = random.Random(seed)
    names = [f"P{n}" for n in range(12)]
    games = []
    for part in (1, 2, 3):
        rng.shuffle(names)
        for start in (0, 4, 8):
            games.append(TableResult(False, {name: rng.randint(-20, 60)
                                             for name in names[start:start + 4]}, part))
    return games


@pytest.mark.parametrize("seed", range(20))
def test_the_leaderboard_totals_equal_a_plain_sum_over_the_games(seed):
    games = random_evening(seed)
    rows = {row.name: row for row in leaderboard(games, "total")}
    for name, row in rows.items():
        assert row.points == sum(game.totals[name] for game in games if name in game.totals)
        assert row.games == sum(name in game.totals for game in games)
        assert sum(row.parts.values()) == row.points


@pytest.mark.parametrize("seed", range(20))
def test_placement_points_at_every_table_add_up_to_its_pairs(seed):
    games = random_evening(seed)
    rows = leaderboard(games, "placement")
    assert sum(row.points for row in rows) == sum(
        len(game.totals) * (len(game.totals) - 1) // 2 for game in games)


def test_equal_points_share_a_rank_and_the_next_rank_skips():
    rows = leaderboard([TableResult(False, {"Ann": 10, "Bob": 10, "Cy": 4})], "total")
    assert [(row.name, row.rank, row.shared) for row in rows] == [
        ("Ann", 1, True), ("Bob", 1, True), ("Cy", 3, False)]


def test_where_the_lowest_total_wins_the_lowest_sum_leads():
    games = [TableResult(True, {"Ann": 10, "Bob": 3, "Cy": 7, "Dan": 0})]
    assert [row.name for row in leaderboard(games, "total")] == ["Dan", "Bob", "Cy", "Ann"]
    assert [row.name for row in leaderboard(games, "placement")] == ["Dan", "Bob", "Cy", "Ann"]


def test_players_level_at_a_table_share_the_placement_points_of_their_places():
    assert placement_points({"A": 30, "B": 30, "C": 30, "D": 2}, False) == {
        "A": Fraction(2), "B": Fraction(2), "C": Fraction(2), "D": Fraction(0)}


def test_an_unknown_rule_is_refused():
    with pytest.raises(GameError) as refused:
        leaderboard([], "elo")
    assert refused.value.kind == "leaderboard-rule"
