"""The scorings, tie rules and the limit on 0 bids in a row that issue 30 adds
(docs/rules.md sections 5, 7 and 8), each from the passage of its source, and
the promise that a ruleset stored before them reads back and writes out
unchanged."""

import json

import pytest

from scorekeeper.rules import (
    InvalidBid,
    Ruleset,
    check_zero_streak,
    find_scoring,
    score_round,
    zero_bid_barred,
)
from scorekeeper.rules.totals import score_game, standings, tie_break_cards

# (scoring, bid, tricks, cards, points): each row a worked case of the source
CASES = [
    # [EN-pagat-ohhell] variation, as issue 30 reports it: 10 + bid² / -(bid - tricks)².
    ("squares", 3, 3, 5, 19), ("squares", 0, 0, 5, 10), ("squares", 3, 1, 5, -4),
    ("squares", 1, 4, 5, -9),
    # [EN-wikipedia-ohhell] exact with penalty: "Missing a 3 bid scores -3; missing a
    # zero bid scores 0"; exact 10 + bid.
    ("exact-penalty", 3, 2, 5, -3), ("exact-penalty", 3, 5, 5, -3),
    ("exact-penalty", 0, 1, 5, 0), ("exact-penalty", 3, 3, 5, 13),
    # [EN-wikipedia-ohhell] 10 times exact: "bids 4 is awarded 40 points ... scores
    # either zero or -40".
    ("ten-times", 4, 4, 7, 40), ("ten-times", 4, 3, 7, 0),
    ("ten-times-penalty", 4, 4, 7, 40), ("ten-times-penalty", 4, 5, 7, -40),
    # ... "negative 5 if you take a trick, positive 5 if you don't".
    ("ten-times-zero-five", 0, 0, 7, 5), ("ten-times-zero-five", 0, 2, 7, -5),
    ("ten-times-zero-five", 2, 2, 7, 20), ("ten-times-zero-five", 2, 1, 7, -20),
]


@pytest.mark.parametrize(("name", "bid", "tricks", "cards", "points"), CASES)
def test_each_new_scoring_gives_its_sources_points(name, bid, tricks, cards, points):
    assert find_scoring(name).points(bid=bid, tricks=tricks, cards=cards) == points


def test_a_round_under_the_squares_scores_every_seat():
    assert score_round(find_scoring("squares"), [2, 0, 1], [1, 0, 2], 3) == [-1, 10, -1]


@pytest.mark.parametrize("name", ["squares", "exact-penalty", "ten-times",
                                  "ten-times-penalty", "ten-times-zero-five"])
def test_a_new_scoring_round_trips_through_json(name):
    rules = Ruleset(scoring=find_scoring(name))
    assert Ruleset.from_json(rules.to_json()) == rules


from stored_rulesets import STORED  # noqa: E402


def test_a_ruleset_stored_before_issue_30_round_trips_unchanged_and_scores_as_it_did():
    rules = Ruleset.from_dict(json.loads(json.dumps(STORED)))
    assert rules.to_dict() == STORED
    game = score_game(rules.scoring, [{"A": (3, 3, 10), "B": (2, 7, 10)}])
    assert game.totals == {"A": 13, "B": 7}


# --- ties (section 8) ---------------------------------------------------------------

# (totals, bids made in all, tie rule, the players ranked 1)
TIES = [
    ({"A": 50, "B": 50, "C": 20}, {"A": 12, "B": 15, "C": 3}, "share", ["A", "B"]),
    # "the tied player who bid the most wins"
    ({"A": 50, "B": 50, "C": 20}, {"A": 12, "B": 15, "C": 3}, "most-bid", ["B"]),
    ({"A": 50, "B": 50, "C": 20}, {"A": 15, "B": 15, "C": 3}, "most-bid", ["A", "B"]),
]


@pytest.mark.parametrize(("totals", "bids", "rule", "winners"), TIES)
def test_a_tie_for_first_is_shared_or_goes_to_who_bid_the_most(totals, bids, rule, winners):
    ranked = standings(totals, lowest_wins=False, tie_break=rule, bids=bids)
    assert [s.player for s in ranked if s.is_winner] == winners


def test_the_most_bid_rule_ranks_the_tied_by_their_bids_and_leaves_others_alone():
    ranked = standings({"A": 50, "B": 50, "C": 20}, lowest_wins=False, tie_break="most-bid",
                       bids={"A": 12, "B": 15, "C": 3})
    assert [(s.player, s.rank, s.is_shared) for s in ranked] == [
        ("B", 1, False), ("A", 2, False), ("C", 3, False)]


def test_further_hands_at_the_largest_deal_follow_a_shared_lead():
    sizes = [10, 9, 8, 1, 8, 9, 10]
    assert tie_break_cards(sizes, {"A": 80, "B": 80, "C": 40}, False, "extra-hands") == 10
    assert tie_break_cards(sizes, {"A": 81, "B": 80}, False, "extra-hands") is None
    # Lowest wins: a shared lowest total is the tie.
    assert tie_break_cards(sizes, {"A": 3, "B": 3, "C": 9}, True, "extra-hands") == 10


@pytest.mark.parametrize("rule", ["most-bid", "extra-hands"])
def test_a_tie_rule_round_trips_and_a_shared_win_is_not_written(rule):
    rules = Ruleset(tie_break=rule)
    assert Ruleset.from_json(rules.to_json()) == rules
    assert "tie_break" not in Ruleset().to_dict()


# --- Kachuful's limit on 0 bids in a row --------------------------------------------

# (limit, the player's earlier bids, oldest first, whether a 0 is barred now)
ZERO_STREAKS = [
    (5, [0, 0, 0, 0, 0], True),
    (5, [3, 0, 0, 0, 0, 0], True),
    (5, [0, 0, 0, 0], False),
    (5, [0, 0, 0, 0, 1], False),
    (5, [0, 0, 0, 1, 0, 0, 0, 0], False),
    (0, [0] * 12, False),
    (2, [1, 0, 0], True),
]


@pytest.mark.parametrize(("limit", "earlier", "barred"), ZERO_STREAKS)
def test_a_zero_bid_is_barred_after_the_limit_of_zeros_in_a_row(limit, earlier, barred):
    assert zero_bid_barred(limit, earlier) is barred
    if barred:
        with pytest.raises(InvalidBid):
            check_zero_streak(0, limit, earlier)
    else:
        check_zero_streak(0, limit, earlier)
    check_zero_streak(1, limit, earlier)  # a non-zero bid is never barred


def test_kachufuls_zero_limit_applies_from_six_players():
    from scorekeeper.rules import find_preset

    preset = find_preset("kachuful")
    rules = preset.variant("zero-limit").apply(preset.ruleset)
    assert [rules.zero_bid_limit_for(n) for n in (3, 5, 6, 7)] == [0, 0, 5, 5]
    assert Ruleset.from_json(rules.to_json()) == rules
