"""Penalties for a proven revoke (docs/rules.md section 10): the laws of whist's
three points, as the table's option."""

import pytest

from scorekeeper.rules import (
    PUBLISHED_REVOKE_PENALTIES,
    InvalidRuleOption,
    RevokePenalty,
    Ruleset,
    penalty_points,
)


# (penalty, revoker, players, each player's points) [EN-whist-laws]
PENALTIES = [
    (RevokePenalty("revoker-loses"), 3, [0, 1, 2, 3], {3: -3}),
    (RevokePenalty("others-gain"), 3, [0, 1, 2, 3], {0: 3, 1: 3, 2: 3}),
    (RevokePenalty("revoker-loses", points=10), 0, [0, 1], {0: -10}),
    (RevokePenalty("none"), 0, [0, 1], {}),
]


@pytest.mark.parametrize(("penalty", "revoker", "players", "points"), PENALTIES)
def test_a_penalty_moves_the_points_the_laws_of_whist_give(penalty, revoker, players, points):
    assert penalty_points(penalty, revoker, players) == points


def test_the_published_penalties_are_the_whist_laws_three_points_both_ways_and_three_tricks():
    assert PUBLISHED_REVOKE_PENALTIES == (
        (RevokePenalty("revoker-loses", 3), "[EN-whist-laws]"),
        (RevokePenalty("others-gain", 3), "[EN-whist-laws]"),
        (RevokePenalty("tricks-to-harmed", 3), "[EN-whist-laws]"),
    )


def test_a_ruleset_has_no_revoke_penalty_unless_the_table_chooses_one():
    assert Ruleset().revoke_penalty == RevokePenalty("none", 3)
    rules = Ruleset.from_dict({"revoke_penalty": {"mode": "others-gain", "points": 5}})
    assert Ruleset.from_json(rules.to_json()) == rules
    assert Ruleset.from_dict({}).revoke_penalty.is_none  # games stored before it


@pytest.mark.parametrize(("data", "field"), [
    ({"mode": "double"}, "revoke_penalty.mode"),
    ({"mode": "revoker-loses", "points": 0}, "revoke_penalty.points"),
    ({"points": "three"}, "revoke_penalty.points"),
])
def test_a_bad_revoke_penalty_names_the_option(data, field):
    with pytest.raises(InvalidRuleOption) as refused:
        Ruleset.from_dict({"revoke_penalty": data})
    assert refused.value.field == field
