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


def test_a_game_with_no_round_closed_lists_its_players_with_no_points_and_no_game():
    games = [TableResult(False, {"Ann": 0, "Bob": 0, "Cy": 0, "Dan": 0}, rounds_played=0,
                         finished=False)]
    for rule in ("placement", "total"):
        rows = leaderboard(games, rule)
        assert [(row.name, row.points, row.games, row.rank) for row in rows] == [
            ("Ann", 0, 0, 1), ("Bob", 0, 0, 1), ("Cy", 0, 0, 1), ("Dan", 0, 0, 1)]
        assert all(row.playing for row in rows)


def test_a_game_being_played_counts_as_it_stands_and_marks_its_players_as_playing():
    games = [TableResult(False, {"Ann": 20, "Bob": 10}, 1, rounds_played=3, finished=True),
             TableResult(False, {"Ann": 5, "Bob": 12}, 2, rounds_played=1, finished=False),
             TableResult(False, {"Cy": 7, "Dan": 1}, 2, rounds_played=0, finished=False)]
    rows = {row.name: row for row in leaderboard(games, "placement")}
    assert {name: (row.points, row.games, row.playing) for name, row in rows.items()} == {
        "Ann": (1, 2, True), "Bob": (1, 2, True), "Cy": (0, 0, True), "Dan": (0, 0, True)}
    assert rows["Bob"].parts == {1: 0, 2: 1}


def test_players_whose_games_are_all_over_are_not_marked_as_playing():
    rows = leaderboard([TableResult(False, {"Ann": 20, "Bob": 10})], "total")
    assert not any(row.playing for row in rows)
