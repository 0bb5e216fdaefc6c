"""Scoring presets, custom scorings, game totals and standings (docs/rules.md sections 7-8)."""

import dataclasses
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    SCORING_PRESETS,
    InvalidBid,
    InvalidRuleOption,
    InvalidRuleset,
    InvalidTricks,
    RoundResult,
    RulesError,
    Scoring,
    Standing,
    UnknownPreset,
    find_scoring,
    score_game,
    score_round,
    standings,
)

PRESET_NAMES = [
    "standard",
    "trick-points",
    "zero-bonus-hand",
    "under-penalty",
    "difference-penalty",
    "progressive-misses",
    "five-bonus",
    "wizard",
    "times-ten",
    "squares",
    "exact-penalty",
    "ten-times",
    "ten-times-penalty",
    "ten-times-zero-five",
]


def test_every_scoring_preset_of_the_rules_exists_under_its_stable_name():
    assert sorted(SCORING_PRESETS) == sorted(PRESET_NAMES)
    for name, scoring in SCORING_PRESETS.items():
        assert scoring.name == name


# docs/rules.md section 7 worked examples: (source, preset, bid, tricks, cards, points)
WORKED_EXAMPLES = [
    ("PL-planowanie", "standard", 7, 7, 10, 17),
    ("PL-planowanie", "standard", 7, 6, 10, 0),
    ("PL-planowanie", "standard", 7, 8, 10, 0),
    ("ET-full", "standard", 4, 4, 7, 14),
    ("ET-full", "standard", 0, 0, 7, 10),
    ("ET-full", "trick-points", 3, 4, 7, 4),
    ("ET-full", "zero-bonus-hand", 0, 0, 7, 12),
    ("PL-cardgames", "trick-points", 3, 3, 10, 13),
    ("PL-piekielko round 5", "standard", 4, 4, 5, 14),
    ("PL-piekielko round 13", "standard", 7, 10, 13, 0),
    ("PL-piekielko", "difference-penalty", 4, 2, 10, -2),
    ("PL-piekielko", "difference-penalty", 4, 6, 10, -2),
    ("PL-piekielko", "under-penalty", 5, 2, 10, -3),
    # Kachuful: 10 plus the bid, or the bid with a 0 appended (a made 0 still 10).
    ("EN-wikipedia-kachufool", "standard", 1, 1, 5, 11),
    ("EN-wikipedia-kachufool", "standard", 3, 2, 5, 0),
    ("EN-wikipedia-kachufool", "times-ten", 1, 1, 5, 10),
    ("EN-wikipedia-kachufool", "times-ten", 0, 0, 5, 10),
    ("EN-wikipedia-kachufool", "times-ten", 2, 2, 5, 20),
    ("EN-wikipedia-kachufool", "times-ten", 3, 3, 8, 30),
    # Nomination Whist and Oh Hell: a point a trick, 10 more when exact.
    ("EN-nommy", "trick-points", 1, 2, 10, 2),
    ("EN-nommy", "trick-points", 3, 3, 10, 13),
]


@pytest.mark.parametrize(("source", "preset", "bid", "tricks", "cards", "points"),
                         WORKED_EXAMPLES)
def test_points_reproduce_every_worked_example(source, preset, bid, tricks, cards, points):
    assert find_scoring(preset).points(bid, tricks, cards) == points


def test_progressive_misses_add_one_two_three_for_a_players_first_three_misses():
    scoring = find_scoring("progressive-misses")
    points = [scoring.points(bid=2, tricks=0, cards=5, previous_misses=k)
              for k in range(3)]
    assert points == [1, 2, 3]
    assert sum(points) == 6
    assert scoring.lowest_wins


def test_progressive_misses_count_across_a_game_and_a_made_bid_scores_nothing():
    game = score_game(find_scoring("progressive-misses"), [
        {"Ann": (1, 0, 1), "Bob": (0, 1, 1)},
        {"Ann": (1, 1, 2), "Bob": (1, 1, 2)},
        {"Ann": (0, 1, 3), "Bob": (1, 2, 3)},
        {"Ann": (2, 0, 4), "Bob": (4, 4, 4)},
    ])
    assert [r["Ann"] for r in game.rounds] == [1, 0, 2, 3]
    assert game.totals == {"Ann": 6, "Bob": 3}
    assert game.winners == ["Bob"]


# The formulas of the table of section 7, checked over every (bid, tricks) in a 6-card round.
def _formula(name, b, t, n):
    exact = t == b
    return {
        "standard": 10 + b if exact else 0,
        "trick-points": 10 + t if exact else t,
        "zero-bonus-hand": (5 + n if b == 0 else 10 + b) if exact else 0,
        "under-penalty": 10 + b if exact else (-(b - t) if t < b else 0),
        "difference-penalty": 10 + b if exact else -abs(b - t),
        "progressive-misses": 0 if exact else 1,
        "five-bonus": t + 5 if exact else t,
        "wizard": 20 + 10 * b if exact else -10 * abs(b - t),
        "times-ten": (10 if b == 0 else 10 * b) if exact else 0,
        "squares": 10 + b * b if exact else -((b - t) ** 2),
        "exact-penalty": 10 + b if exact else -b,
        "ten-times": 10 * b if exact else 0,
        "ten-times-penalty": 10 * b if exact else -10 * b,
        "ten-times-zero-five": ((5 if b == 0 else 10 * b) if exact
                                else (-5 if b == 0 else -10 * b)),
    }[name]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_preset_follows_its_formula_in_the_rules_table(name):
    n = 6
    for b in range(n + 1):
        for t in range(n + 1):
            assert find_scoring(name).points(b, t, n) == _formula(name, b, t, n), (b, t)


def test_only_progressive_misses_is_won_by_the_lowest_total():
    assert [n for n, s in SCORING_PRESETS.items() if s.lowest_wins] == ["progressive-misses"]


def test_an_unknown_scoring_preset_lists_the_known_ones():
    with pytest.raises(UnknownPreset, match=re.escape(
        "unknown scoring preset: 'golf'; known: difference-penalty, exact-penalty, five-bonus, "
        "progressive-misses, squares, standard, ten-times, ten-times-penalty, "
        "ten-times-zero-five, times-ten, trick-points, under-penalty, wizard, zero-bonus-hand"
    )):
        find_scoring("golf")


def test_unknown_preset_is_a_value_error():
    assert issubclass(UnknownPreset, ValueError)


@pytest.mark.parametrize(
    ("bid", "tricks", "cards", "error"),
    [(6, 0, 5, InvalidBid), (-1, 0, 5, InvalidBid), (0, 6, 5, InvalidTricks),
     (0, -1, 5, InvalidTricks), (0, 0, 0, RulesError)],
)
def test_score_round_refuses_impossible_facts(bid, tricks, cards, error):
    # the second seat takes the other tricks, so only the first seat's facts are wrong
    with pytest.raises(error):
        score_round(find_scoring("standard"), [bid, 0], [tricks, cards - tricks], cards)


def test_score_round_scores_every_seat_of_the_hand_record_example():
    # docs/hand-record.md: bids 0, 1, 1, 1, replayed tricks 0, 1, 0, 1 in a 2-card round.
    assert score_round(find_scoring("standard"), [0, 1, 1, 1], [0, 1, 0, 1], 2) == [10, 11, 0, 11]


def test_score_round_uses_each_players_previous_misses():
    assert score_round(find_scoring("progressive-misses"), [1, 1], [0, 1], 1, [4, 0]) == [5, 0]


@pytest.mark.parametrize(
    ("bids", "tricks", "cards", "message"),
    [([0, 1], [1, 0, 0], 1, "2 bids but 3 trick counts"),
     ([0, 1, 1], [1, 1, 1], 2, "Tricks total 3, but 2 were played.")],
)
def test_score_round_refuses_mismatched_or_impossible_counts(bids, tricks, cards, message):
    with pytest.raises(InvalidTricks, match=re.escape(message)):
        score_round(find_scoring("standard"), bids, tricks, cards)


def test_score_rounds_bid_errors_carry_the_kinds_of_check_bid():
    with pytest.raises(InvalidBid) as raised:
        score_round(find_scoring("standard"), [0, 3], [1, 1], 2)
    assert (raised.value.kind, raised.value.details) == ("bid-out-of-range", {"bid": 3, "cards": 2})


def test_points_make_no_checks_so_a_replay_that_does_not_fit_the_deal_is_scored():
    # 3 tricks taken in a 2-card round: a wrong-count replay is still scored
    assert find_scoring("standard").points(bid=3, tricks=3, cards=2) == 13


def test_a_custom_scoring_is_composed_of_parts():
    custom = Scoring("custom", exact_bonus=3, exact_points_per_trick=2, miss_points_per_trick=1,
                     over_penalty_per_trick=2)
    assert custom.points(2, 2, 5) == 7
    assert custom.points(1, 3, 5) == 3 - 4
    assert custom.points(3, 1, 5) == 1


def test_a_preset_is_adjusted_with_dataclasses_replace():
    gentle = dataclasses.replace(find_scoring("wizard"), name="gentle-wizard",
                                 over_penalty_per_trick=0)
    assert gentle.points(1, 3, 5) == 0
    assert gentle.points(3, 1, 5) == -20


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_scoring_preset_round_trips_through_json(name):
    scoring = find_scoring(name)
    assert Scoring.from_dict(json.loads(json.dumps(scoring.to_dict()))) == scoring


def test_a_scoring_can_be_read_from_its_preset_name():
    assert Scoring.from_dict("five-bonus") == find_scoring("five-bonus")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"exact_bonus": "10"}, "exact_bonus"),
        ({"lowest_wins": 1}, "lowest_wins"),
        ({"under_penalty_per_trick": -1}, "under_penalty_per_trick"),
        ({"name": ""}, "name"),
        ({"bonus": 10}, "bonus"),
    ],
)
def test_a_bad_scoring_part_is_rejected_naming_the_field(data, field):
    with pytest.raises(InvalidRuleOption) as caught:
        Scoring.from_dict(data)
    assert caught.value.field == field
    assert isinstance(caught.value, InvalidRuleset)


scorings = st.builds(
    Scoring,
    name=st.sampled_from(["custom", "house", "standard"]),
    exact_bonus=st.integers(-50, 50),
    exact_points_per_bid=st.integers(-10, 10),
    exact_points_per_trick=st.integers(-10, 10),
    miss_points_per_trick=st.integers(-10, 10),
    over_penalty_per_trick=st.integers(0, 10),
    under_penalty_per_trick=st.integers(0, 10),
    zero_bid_bonus_plus_hand=st.booleans(),
    progressive_misses=st.booleans(),
    lowest_wins=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(scorings)
def test_any_custom_scoring_round_trips_through_json(scoring):
    assert Scoring.from_dict(json.loads(json.dumps(scoring.to_dict()))) == scoring


NO_POINTS_FOR_MISSED_TRICKS = [n for n in PRESET_NAMES if not find_scoring(n).miss_points_per_trick]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NO_POINTS_FOR_MISSED_TRICKS), st.integers(1, 13), st.data())
def test_making_a_bid_beats_missing_it_when_missed_tricks_earn_nothing(name, cards, data):
    # (With trick-points a missed 0 bid that took 11 tricks does beat a made 0 bid.)
    scoring = find_scoring(name)
    bid = data.draw(st.integers(0, cards))
    tricks = data.draw(st.integers(0, cards).filter(lambda t: t != bid))
    made, missed = scoring.points(bid, bid, cards), scoring.points(bid, tricks, cards)
    assert (made <= missed) if scoring.lowest_wins else (made >= missed)


# --- games ------------------------------------------------------------------------

def test_score_game_gives_points_running_totals_hits_and_rounds_played():
    game = score_game(find_scoring("standard"), [
        {"Ann": (1, 1, 1), "Bob": (0, 0, 1), "Cy": (1, 0, 1)},
        {"Ann": (1, 0, 2), "Bob": (2, 2, 2), "Cy": (0, 0, 2)},
    ])
    assert game.players == ("Ann", "Bob", "Cy")
    assert game.rounds == ({"Ann": 11, "Bob": 10, "Cy": 0}, {"Ann": 0, "Bob": 12, "Cy": 10})
    assert game.running == ({"Ann": 11, "Bob": 10, "Cy": 0}, {"Ann": 11, "Bob": 22, "Cy": 10})
    assert game.totals == {"Ann": 11, "Bob": 22, "Cy": 10}
    assert game.hits == {"Ann": 1, "Bob": 2, "Cy": 1}
    assert game.rounds_played == {"Ann": 2, "Bob": 2, "Cy": 2}
    assert game.winners == ["Bob"]


def test_a_player_absent_from_a_round_keeps_their_total_and_plays_one_round_fewer():
    game = score_game(find_scoring("standard"), [
        {0: (1, 1, 1), 1: (0, 0, 1)},           # seat 2 has not joined yet
        {0: (0, 0, 2), 1: (1, 1, 2), 2: (1, 1, 2)},
        {0: (1, 1, 3), 2: (2, 2, 3)},           # seat 1 sits out
    ])
    assert game.rounds[2] == {0: 11, 2: 12}
    assert game.running[2] == {0: 32, 1: 21, 2: 23}
    assert game.rounds_played == {0: 3, 1: 2, 2: 2}
    assert game.hits == {0: 3, 1: 2, 2: 2}


def test_score_game_accepts_round_results_mappings_and_records():
    class Entry:
        def __init__(self, bid, tricks, cards):
            self.bid, self.tricks, self.cards = bid, tricks, cards

    game = score_game(find_scoring("standard"), [
        {"Ann": RoundResult(1, 1, 1), "Bob": {"bid": 1, "tricks": 0, "cards": 1}},
        {"Ann": Entry(0, 1, 1), "Bob": [0, 0, 1]},
    ])
    assert game.totals == {"Ann": 11, "Bob": 10}


def test_an_empty_game_has_no_scores():
    game = score_game(find_scoring("standard"), [])
    assert game.totals == {} and game.rounds == () and game.standings() == []


@pytest.mark.parametrize(
    ("round_", "error", "message"),
    [
        ({"Ann": (1, 1, 2), "Bob": (0, 0, 2)}, InvalidTricks, "Round 1: Tricks total 1, but 2"),
        ({"Ann": (1, 1, 1), "Bob": (0, 0, 2)}, RulesError, "different hand sizes"),
        ({"Ann": (1, 1), "Bob": (0, 0, 1)}, RulesError, "expected (bid, tricks, cards)"),
        ({"Ann": {"bid": 1}, "Bob": (0, 0, 1)}, RulesError, "missing 'tricks'"),
        ({}, RulesError, "Round 1 has no players"),
    ],
)
def test_score_game_refuses_a_round_that_cannot_have_happened(round_, error, message):
    with pytest.raises(error, match=re.escape(message)):
        score_game(find_scoring("standard"), [round_])


def test_score_game_keeps_the_kind_of_a_trick_error_and_adds_the_round():
    with pytest.raises(InvalidTricks) as raised:
        score_game(find_scoring("standard"), [{"Ann": (1, 1, 1), "Bob": (0, 0, 1)},
                                              {"Ann": (1, 1, 2), "Bob": (0, 0, 2)}])
    assert raised.value.kind == "tricks-total"
    assert raised.value.details == {"total": 1, "cards": 2, "round": 2}


def test_the_same_game_is_rescored_under_another_scoring_for_free():
    rounds = [{"Ann": (3, 4, 7), "Bob": (3, 3, 7)}]
    assert score_game(find_scoring("standard"), rounds).totals == {"Ann": 0, "Bob": 13}
    assert score_game(find_scoring("trick-points"), rounds).totals == {"Ann": 4, "Bob": 13}


# --- standings --------------------------------------------------------------------

@pytest.mark.parametrize(
    ("totals", "lowest_wins", "expected"),
    [
        ({"A": 30, "B": 30, "C": 12}, False, [("A", 1, True), ("B", 1, True), ("C", 3, False)]),
        ({"A": 12, "B": 30, "C": 30}, False, [("B", 1, True), ("C", 1, True), ("A", 3, False)]),
        ({"A": 5, "B": 9, "C": 9, "D": 1}, False,
         [("B", 1, True), ("C", 1, True), ("A", 3, False), ("D", 4, False)]),
        ({"A": 5, "B": 2, "C": 9}, True, [("B", 1, False), ("A", 2, False), ("C", 3, False)]),
        ({"A": 6, "B": 6}, True, [("A", 1, True), ("B", 1, True)]),
        ({"A": -3, "B": 0}, False, [("B", 1, False), ("A", 2, False)]),
        ({}, False, []),
    ],
)
def test_standings_use_competition_ranking_and_ties_share_the_rank(totals, lowest_wins, expected):
    result = standings(totals, lowest_wins)
    assert [(s.player, s.rank, s.is_shared) for s in result] == expected
    assert all(s.total == totals[s.player] for s in result)


def test_equal_totals_share_the_win():
    result = standings({0: 40, 1: 40, 2: 39}, lowest_wins=False)
    assert [s.player for s in result if s.is_winner] == [0, 1]
    assert result[0] == Standing(0, 40, 1, True)
