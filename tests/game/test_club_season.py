"""A season's league table (plain Python): the four rules, shared ranks,
the minimum number of evenings and the best evenings."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scorekeeper.game import GameError
from scorekeeper.game.leaderboard import TableResult, leaderboard
from scorekeeper.game.season import SEASON_RULES, check_rule, season_table

MONDAY = [TableResult(False, {"Ann": 30, "Bob": 10, "Cy": 20, "Dan": 20})]
TUESDAY = [TableResult(False, {"Ann": 5, "Bob": 40, "Cy": 25})]
FRIDAY = [TableResult(False, {"Ann": 12, "Dan": 12, "Bob": 2})]


def table(rows):
    return [(row.rank, row.name, row.points) for row in rows]


def random_season(seed):
    rng = random.Random(seed)
    names = [f"P{n}" for n in range(9)]
    season = []
    for _evening in range(4):
        rng.shuffle(names)
        here = names[:rng.choice((6, 9))]
        season.append([TableResult(False, {name: rng.randint(-10, 50)
                                           for name in here[start:start + 3]})
                       for start in range(0, len(here), 3)])
    return season


@pytest.mark.parametrize("seed", range(10))
def test_the_total_rule_adds_up_every_evenings_leaderboard(seed):
    season = random_season(seed)
    rows = season_table(season, "total")
    for row in rows:
        assert row.points == sum(line.points for games in season
                                 for line in leaderboard(games, "total") if line.name == row.name)
        assert row.games == sum(any(row.name in game.totals for game in games)
                                for games in season)


@pytest.mark.parametrize("seed", range(10))
def test_the_placement_rule_adds_up_the_placement_points_of_every_table(seed):
    season = random_season(seed)
    rows = season_table(season, "placement")
    assert sum(row.points for row in rows) == sum(
        len(game.totals) * (len(game.totals) - 1) // 2 for games in season for game in games)


def test_equal_season_points_share_a_rank_and_the_next_rank_skips():
    assert table(season_table([MONDAY, FRIDAY], "total")) == [
        (1, "Ann", 42), (2, "Dan", 32), (3, "Cy", 20), (4, "Bob", 12)]
    assert table(season_table([MONDAY, TUESDAY], "total")) == [
        (1, "Bob", 50), (2, "Cy", 45), (3, "Ann", 35), (4, "Dan", 20)]
    rows = season_table([MONDAY], "total")
    assert [(row.name, row.rank, row.shared) for row in rows] == [
        ("Ann", 1, False), ("Cy", 2, True), ("Dan", 2, True), ("Bob", 4, False)]


def test_placement_points_of_players_level_at_a_table_are_shared_over_the_season():
    rows = season_table([MONDAY, FRIDAY], "placement")
    assert table(rows) == [(1, "Ann", Fraction(9, 2)), (2, "Dan", 3), (3, "Cy", Fraction(3, 2)),
                           (4, "Bob", 0)]


def test_the_average_ranks_only_who_played_the_minimum_of_evenings_the_others_after():
    rows = season_table([MONDAY, TUESDAY, FRIDAY], "average", 2)
    assert table(rows) == [(1, "Cy", Fraction(45, 2)), (2, "Bob", Fraction(52, 3)), (3, "Dan", 16),
                           (4, "Ann", Fraction(47, 3))]
    three = season_table([MONDAY, TUESDAY, FRIDAY], "average", 3)
    assert [(row.rank, row.name) for row in three] == [(1, "Bob"), (2, "Ann"), (0, "Cy"),
                                                       (0, "Dan")]


def test_equal_averages_share_a_rank():
    rows = season_table([[TableResult(False, {"Ann": 10, "Bob": 20})],
                         [TableResult(False, {"Ann": 20, "Bob": 10})]], "average", 2)
    assert [(row.rank, row.shared, row.points) for row in rows] == [(1, True, 15), (1, True, 15)]


def test_the_best_evenings_count_only_the_best_of_each_member():
    rows = season_table([MONDAY, TUESDAY, FRIDAY], "best", 2)
    assert table(rows) == [(1, "Bob", 50), (2, "Cy", 45), (3, "Ann", 42), (4, "Dan", 32)]
    assert table(season_table([MONDAY, TUESDAY, FRIDAY], "best", 1)) == [
        (1, "Bob", 40), (2, "Ann", 30), (3, "Cy", 25), (4, "Dan", 20)]


def test_where_the_lowest_total_wins_the_best_evenings_are_the_lowest():
    season = [[TableResult(True, {"Ann": 3, "Bob": 9})], [TableResult(True, {"Ann": 8, "Bob": 1})]]
    assert table(season_table(season, "best", 1)) == [(1, "Bob", 1), (2, "Ann", 3)]
    assert table(season_table(season, "total")) == [(1, "Bob", 10), (2, "Ann", 11)]


def test_an_evening_whose_game_has_no_round_closed_is_not_one_of_the_members_evenings():
    waiting = [TableResult(False, {"Ann": 0, "Bob": 0}, rounds_played=0, finished=False)]
    rows = {row.name: row for row in season_table([MONDAY, waiting], "total")}
    assert rows["Ann"].games == 1 and rows["Ann"].playing
    assert rows["Bob"].parts == {1: 10}


@pytest.mark.parametrize(("rule", "evenings", "kind"), [
    ("points", None, "season-rule"), ("average", None, "season-evenings"),
    ("best", 0, "season-evenings"), ("best", 100, "season-evenings")])
def test_a_rule_without_its_number_of_evenings_is_refused(rule, evenings, kind):
    with pytest.raises(GameError) as refused:
        check_rule(rule, evenings)
    assert refused.value.kind == kind


@pytest.mark.parametrize("rule", SEASON_RULES)
def test_a_season_without_evenings_has_an_empty_table(rule):
    assert season_table([], rule, 2) == []
