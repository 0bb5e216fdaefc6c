"""Round schedules (docs/rules.md section 3) and round plans with trump (section 4)."""

import dataclasses
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    HookRule,
    InvalidSchedule,
    RoundPlan,
    Ruleset,
    ScheduleSpec,
    TrumpRule,
    max_hand,
    plan_rounds,
    round_sizes,
    validate_round_sizes,
)


@pytest.mark.parametrize(
    ("decks", "players", "reserve", "expected"),
    [
        (1, 2, False, 26), (1, 3, False, 17), (1, 4, False, 13), (1, 5, False, 10),
        (1, 6, False, 8), (1, 7, False, 7), (1, 4, True, 12), (1, 3, True, 17),
        (1, 13, True, 3), (2, 6, False, 17), (2, 7, False, 14), (2, 8, True, 12),
    ],
)
def test_max_hand_is_the_deck_divided_by_the_players(decks, players, reserve, expected):
    assert max_hand(decks, players, reserve) == expected


@pytest.mark.parametrize(("decks", "players"), [(1, 1), (1, 0), (3, 4), (0, 4)])
def test_max_hand_rejects_an_impossible_table(decks, players):
    with pytest.raises(InvalidSchedule):
        max_hand(decks, players, False)


# docs/rules.md section 3 table: (source, spec, players, decks, expected sizes)
SOURCE_SCHEDULES = [
    ("PL-planowanie", ScheduleSpec("down", peak=13), 4, 1, list(range(13, 0, -1))),
    ("PL-planowanie 3 players", ScheduleSpec("down", peak=17), 3, 1, list(range(17, 0, -1))),
    ("PL-planowanie option", ScheduleSpec("down-up", peak=13), 4, 1,
     list(range(13, 0, -1)) + list(range(2, 14))),
    ("ET-full 3", ScheduleSpec("up", peak=15), 3, 1, list(range(1, 16))),
    ("ET-full 7", ScheduleSpec("up", peak=7), 7, 1, list(range(1, 8))),
    ("PL-cardgames", ScheduleSpec("down-up", peak=10), 4, 1,
     [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ("PL-piekielko 4", ScheduleSpec("up"), 4, 1, list(range(1, 14))),
    ("PL-piekielko 5", ScheduleSpec("up"), 5, 1, list(range(1, 11))),
    ("PL-piekielko down from all cards", ScheduleSpec("down"), 5, 1, list(range(10, 0, -1))),
    ("EN-encyclopedia", ScheduleSpec("up-down"), 4, 1, list(range(1, 14)) + list(range(12, 0, -1))),
    ("EN-house rules sheet", ScheduleSpec("down-up"), 7, 1,
     [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]),
    ("two decks, 7 players", ScheduleSpec("up"), 7, 2, list(range(1, 15))),
    ("custom", ScheduleSpec("custom", cards=(3, 3, 1, 7)), 5, 1, [3, 3, 1, 7]),
    ("start above 1", ScheduleSpec("up-down", start=3, peak=5), 4, 1, [3, 4, 5, 4, 3]),
    ("a single round", ScheduleSpec("down-up", start=4, peak=4), 4, 1, [4]),
]


@pytest.mark.parametrize(("source", "spec", "players", "decks", "expected"), SOURCE_SCHEDULES)
def test_round_sizes_reproduce_the_source_schedules(source, spec, players, decks, expected):
    assert round_sizes(spec, players, decks) == expected


def test_round_counts_match_the_rules_table():
    assert len(round_sizes(ScheduleSpec("down-up", peak=10), 4)) == 19
    assert len(round_sizes(ScheduleSpec("up-down"), 4)) == 25
    assert len(round_sizes(ScheduleSpec("down-up"), 7)) == 13


@pytest.mark.parametrize(("players", "peak"), [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_peak_by_players_follows_the_estonian_table(players, peak):
    spec = ScheduleSpec("up", peak_by_players={3: 15, 4: 13, 5: 10, 6: 8, 7: 7})
    assert round_sizes(spec, players) == list(range(1, peak + 1))


def test_a_player_count_missing_from_the_table_falls_back_to_peak():
    spec = ScheduleSpec("up", peak=5, peak_by_players={3: 15})
    assert round_sizes(spec, 4) == [1, 2, 3, 4, 5]
    assert round_sizes(dataclasses.replace(spec, peak=None), 8) == list(range(1, 7))


def test_as_large_as_possible_is_capped_by_the_deck_and_the_reserved_trump_card():
    assert max(round_sizes(ScheduleSpec("up"), 4)) == 13
    assert max(round_sizes(ScheduleSpec("up"), 4, reserve_trump_card=True)) == 12


@pytest.mark.parametrize(
    ("spec", "players", "decks", "reserve", "message"),
    [
        (ScheduleSpec("down", peak=17), 4, 1, False,
         "A largest hand of 17 cards needs 68 cards for 4 players, but one deck has 52: "
         "at most 13 cards each."),
        (ScheduleSpec("up", peak=13), 4, 1, True,
         "but one deck has 52 and one card must stay to turn up for trump: at most 12 cards each."),
        (ScheduleSpec("up", peak_by_players={6: 10}), 6, 1, False,
         "A largest hand of 10 cards needs 60 cards for 6 players, but one deck has 52: "
         "at most 8 cards each."),
        (ScheduleSpec("down-up", peak=20), 6, 2, False, "two decks have 104: at most 17 cards each."),
        (ScheduleSpec("up", start=9), 6, 1, False,
         "The schedule starts at 9 cards, but with 6 players the largest hand is 8 cards"),
        (ScheduleSpec("up"), 53, 1, False, "53 players is too many"),
        (ScheduleSpec("custom", cards=(1, 2, 14)), 4, 1, False,
         "Round 3 deals 14 cards to each of 4 players, 56 cards, but one deck has 52: "
         "at most 13 cards each."),
    ],
)
def test_an_explicit_impossible_schedule_is_rejected_saying_what_would_fit(
    spec, players, decks, reserve, message
):
    with pytest.raises(InvalidSchedule, match=re.escape(message)):
        round_sizes(spec, players, decks, reserve)


@pytest.mark.parametrize(
    ("sizes", "players", "decks", "message"),
    [
        ([1, 2, 14], 4, 1,
         "Round 3 deals 14 cards to each of 4 players, 56 cards, but one deck has 52: "
         "at most 13 cards each"),
        ([], 4, 1, "A schedule needs at least one round; the list of hand sizes is empty."),
        ([3, 0, 3], 4, 1, "Round 2 deals 0 cards: every round deals at least 1 card"),
        ([3, -2], 4, 1, "Round 2 deals -2 cards"),
        ([3, 2.5], 4, 1, "Round 2: 2.5 is not a whole number of cards."),
        ([15], 7, 2, "Round 1 deals 15 cards to each of 7 players, 105 cards, but two decks "
                     "have 104: at most 14 cards each"),
    ],
)
def test_validate_round_sizes_explains_what_is_wrong(sizes, players, decks, message):
    with pytest.raises(InvalidSchedule, match=re.escape(message)):
        validate_round_sizes(sizes, players, decks)


@pytest.mark.parametrize(("sizes", "players", "decks"), [([13] * 3, 4, 1), ([1], 52, 1),
                                                         ([14, 1], 7, 2)])
def test_validate_round_sizes_accepts_hands_that_use_the_whole_deck(sizes, players, decks):
    validate_round_sizes(sizes, players, decks)


@settings(max_examples=80, deadline=None)
@given(
    shape=st.sampled_from(["up", "down", "up-down", "down-up"]),
    players=st.integers(2, 12),
    decks=st.sampled_from([1, 2]),
    start=st.integers(1, 4),
)
def test_every_generated_schedule_fits_the_deck_and_turns_once(shape, players, decks, start):
    spec = ScheduleSpec(shape, start=start)
    limit = max_hand(decks, players, False)
    if start > limit:
        with pytest.raises(InvalidSchedule):
            round_sizes(spec, players, decks)
        return
    sizes = round_sizes(spec, players, decks)
    assert max(sizes) == limit and min(sizes) == start
    assert all(abs(a - b) == 1 for a, b in zip(sizes, sizes[1:]))
    assert sizes.count(limit if shape in ("up-down", "down") else start) == 1
    assert len(sizes) == {"up": 1, "down": 1}.get(shape, 2) * (limit - start + 1) - (
        0 if shape in ("up", "down") else 1)


# --- plan_rounds: trump and hook per round ---------------------------------------

def _trumps(ruleset, players):
    return [plan.has_trump for plan in plan_rounds(ruleset, players)]


def test_plans_are_numbered_from_one_with_their_hand_sizes():
    plans = plan_rounds(Ruleset(schedule=ScheduleSpec("custom", cards=(2, 1))), 4)
    assert plans == [
        RoundPlan(1, 2, True, "turned-card", False, True),
        RoundPlan(2, 1, True, "turned-card", True, True),
    ]


def test_the_last_round_has_no_trump_when_the_rules_say_so():
    rules = Ruleset(schedule=ScheduleSpec("up", peak=5), trump=TrumpRule(no_trump_last_round=True))
    assert _trumps(rules, 4) == [True, True, True, True, False]
    assert plan_rounds(rules, 4)[-1].trump_method is None


@pytest.mark.parametrize(
    ("when_no_card_left", "has_trump", "method"),
    [("no-trump", False, None), ("dealer-last-card", True, "dealer-last-card"),
     ("spades", True, "spades")],
)
def test_a_round_that_deals_the_whole_deck_follows_when_no_card_left(
    when_no_card_left, has_trump, method
):
    rules = Ruleset(schedule=ScheduleSpec("down", peak=13),
                    trump=TrumpRule(when_no_card_left=when_no_card_left))
    first, second = plan_rounds(rules, 4)[:2]
    assert (first.cards, first.has_trump, first.trump_method) == (13, has_trump, method)
    assert (second.cards, second.has_trump, second.trump_method) == (12, True, "turned-card")


def test_with_three_players_and_seventeen_cards_one_card_is_left_to_turn():
    rules = Ruleset(schedule=ScheduleSpec("down", peak=17))
    assert plan_rounds(rules, 3)[0].has_trump


def test_with_two_decks_the_whole_deck_is_104_cards():
    rules = Ruleset(decks=2, schedule=ScheduleSpec("custom", cards=(13, 12)))
    assert _trumps(rules, 8) == [False, True]


@pytest.mark.parametrize("method", ["spades", "dealer-last-card", "named"])
def test_other_trump_methods_always_have_trump_except_a_no_trump_last_round(method):
    rules = Ruleset(schedule=ScheduleSpec("down", peak=13), trump=TrumpRule(method))
    assert all(_trumps(rules, 4))
    last = dataclasses.replace(rules, trump=TrumpRule(method, no_trump_last_round=True))
    assert _trumps(last, 4) == [True] * 12 + [False]


@pytest.mark.parametrize(
    ("hook", "bidding", "expected"),
    [
        (HookRule("on"), "in-turn", [True, True, True]),
        (HookRule("off"), "in-turn", [False, False, False]),
        (HookRule("not-final-round"), "in-turn", [True, True, False]),
        (HookRule("from-cards", min_cards=2), "in-turn", [True, True, False]),
        (HookRule("on"), "simultaneous", [False, False, False]),
    ],
)
def test_plans_say_in_which_rounds_the_hook_rule_applies(hook, bidding, expected):
    rules = Ruleset(schedule=ScheduleSpec("down", peak=3), hook=hook, bidding=bidding)
    plans = plan_rounds(rules, 4)
    assert [p.hook_active for p in plans] == expected
    assert [p.is_final_round for p in plans] == [False, False, True]


def test_plan_rounds_refuses_a_schedule_the_deck_cannot_deal():
    with pytest.raises(InvalidSchedule, match="at most 8 cards each"):
        plan_rounds(Ruleset(schedule=ScheduleSpec("down-up", peak=10)), 6)
