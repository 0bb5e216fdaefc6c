"""Rulesets: validation, adjustment with dataclasses.replace, and JSON round trips."""

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    HOOK_MODES,
    IDENTICAL_CARDS,
    NO_CARD_LEFT_RULES,
    REVOKE_PENALTY_MODES,
    SCORING_PRESETS,
    SHAPES,
    TRUMP_CHOICES,
    TRUMP_METHODS,
    HookRule,
    InvalidRuleOption,
    RevokePenalty,
    InvalidRuleset,
    Ruleset,
    ScheduleSpec,
    Scoring,
    TrumpRule,
    UnknownPreset,
)


def test_the_default_ruleset_is_one_deck_up_turned_card_hook_on_standard():
    rules = Ruleset()
    assert rules.decks == 1
    assert rules.schedule == ScheduleSpec("up", start=1, peak=None)
    assert rules.trump == TrumpRule("turned-card", False, "no-trump")
    assert rules.hook == HookRule("on")
    assert (rules.bidding, rules.must_trump, rules.identical_cards) == (
        "in-turn", False, "first-wins")
    assert rules.scoring == SCORING_PRESETS["standard"]


def test_rulesets_are_frozen_and_hashable():
    rules = Ruleset(schedule=ScheduleSpec("up", peak_by_players={3: 15}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.decks = 2  # type: ignore[misc]
    assert hash(rules) == hash(Ruleset.from_json(rules.to_json()))


def test_a_ruleset_is_adjusted_with_dataclasses_replace_which_validates_again():
    rules = Ruleset()
    two_decks = dataclasses.replace(rules, decks=2, identical_cards="last-wins")
    assert (two_decks.decks, rules.decks) == (2, 1)
    with pytest.raises(InvalidRuleOption, match="decks"):
        dataclasses.replace(rules, decks=0)


def test_peak_by_players_accepts_a_mapping_and_is_stored_as_sorted_pairs():
    spec = ScheduleSpec("up", peak_by_players={7: 7, 3: 15, 5: 10})
    assert spec.peak_by_players == ((3, 15), (5, 10), (7, 7))
    assert spec.peak_for(5) == 10
    assert spec.peak_for(4) is None


def test_custom_cards_accept_a_list_and_are_stored_as_a_tuple():
    assert ScheduleSpec("custom", cards=[1, 3, 5]).cards == (1, 3, 5)


def test_the_json_form_is_plain_and_readable():
    rules = Ruleset(schedule=ScheduleSpec("up", peak_by_players={3: 15}))
    data = json.loads(rules.to_json())
    assert data["schedule"] == {
        "shape": "up", "start": 1, "peak": None, "peak_by_players": {"3": 15}, "cards": []}
    assert data["scoring"]["name"] == "standard"
    assert data["hook"] == {"mode": "on", "min_cards": 1}


def test_missing_options_take_their_defaults():
    assert Ruleset.from_dict({}) == Ruleset()
    assert Ruleset.from_dict({"hook": {"mode": "off"}}).hook == HookRule("off", 1)


def test_scoring_may_be_given_by_preset_name_as_in_a_hand_record():
    rules = Ruleset.from_dict({"decks": 2, "scoring": "trick-points"})
    assert rules.scoring == SCORING_PRESETS["trick-points"]
    with pytest.raises(UnknownPreset, match="unknown scoring preset: 'golf'"):
        Ruleset.from_dict({"scoring": "golf"})


def test_from_dict_keeps_parts_that_are_already_built():
    spec = ScheduleSpec("down", peak=5)
    rules = Ruleset.from_dict({"schedule": spec, "scoring": SCORING_PRESETS["wizard"]})
    assert rules.schedule is spec and rules.scoring.name == "wizard"


# (data, field named in the error, text the message must contain)
BAD_RULESETS = [
    ({"decks": 3}, "decks", "must be 1 or 2"),
    ({"decks": True}, "decks", "must be 1 or 2"),
    ({"bidding": "loud"}, "bidding", "in-turn, simultaneous"),
    ({"must_trump": "yes"}, "must_trump", "true or false"),
    ({"identical_cards": "random"}, "identical_cards", "first-wins, last-wins"),
    ({"colour": "red"}, "colour", "is not an option"),
    ({"schedule": {"shape": "zigzag"}}, "schedule.shape", "up, down, up-down, down-up, custom"),
    ({"schedule": {"shape": "up", "start": 0}}, "schedule.start", "at least 1"),
    ({"schedule": {"shape": "up", "start": 5, "peak": 3}}, "schedule.peak", "smaller than start"),
    ({"schedule": {"shape": "up", "peak_by_players": {"1": 5}}}, "schedule.peak_by_players",
     "at least 2"),
    ({"schedule": {"shape": "up", "peak_by_players": {"3": 0}}}, "schedule.peak_by_players",
     "at least 1"),
    ({"schedule": {"shape": "custom"}}, "schedule.cards", "needs the list of hand sizes"),
    ({"schedule": {"shape": "custom", "cards": [3, 0]}}, "schedule.cards", "round 2 deals 0"),
    ({"schedule": {"shape": "custom", "cards": [3, "x"]}}, "schedule.cards", "whole number"),
    ({"schedule": {"shape": "up", "cards": "123"}}, "schedule.cards", "list of hand sizes"),
    ({"schedule": {"start": 1}}, "schedule.shape", "missing"),
    ({"schedule": "up"}, "schedule", "must be an object"),
    ({"trump": {"method": "hearts"}}, "trump.method",
     "turned-card, spades, dealer-last-card, named, cycle"),
    ({"trump": {"when_no_card_left": "redeal"}}, "trump.when_no_card_left",
     "no-trump, dealer-last-card, spades"),
    ({"trump": {"no_trump_last_round": 0}}, "trump.no_trump_last_round", "true or false"),
    ({"trump": {"method": "cycle"}}, "trump.cycle", "at least one suit or no trump"),
    ({"trump": {"method": "cycle", "cycle": ["S", "X"]}}, "trump.cycle",
     "entry 2: 'X' is not a suit"),
    ({"trump": {"method": "cycle", "cycle": "SDCH"}}, "trump.cycle", "list of suits"),
    ({"scoring": {"zero_bid_points": "ten"}}, "scoring.zero_bid_points", "whole number or null"),
    ({"scoring": {"zero_bid_points": 10, "zero_bid_bonus_plus_hand": True}},
     "scoring.zero_bid_points", "not both"),
    ({"hook": {"mode": "maybe"}}, "hook.mode", "off, on, not-final-round, from-cards"),
    ({"hook": {"mode": "from-cards", "min_cards": 0}}, "hook.min_cards", "at least 1"),
    ({"scoring": {"exact_bonus": 1.5}}, "scoring.exact_bonus", "whole number"),
    ({"scoring": {"bonus": 1}}, "scoring.bonus", "is not a scoring part"),
    ({"scoring": 10}, "scoring", "preset name or an object"),
]


@pytest.mark.parametrize(("data", "field", "text"), BAD_RULESETS)
def test_from_dict_rejects_a_bad_option_naming_the_field_and_allowed_values(data, field, text):
    with pytest.raises(InvalidRuleset) as caught:
        Ruleset.from_dict(data)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")
    assert text in str(caught.value)


def test_a_missing_required_shape_is_reported_clearly():
    with pytest.raises(InvalidRuleOption, match="schedule.shape"):
        Ruleset.from_dict({"schedule": {}})


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "null"])
def test_from_json_rejects_bad_json_with_an_invalid_ruleset_error(text):
    with pytest.raises(InvalidRuleset):
        Ruleset.from_json(text)


def test_building_a_ruleset_with_the_wrong_part_type_is_rejected():
    with pytest.raises(InvalidRuleOption, match="scoring: must be a Scoring"):
        Ruleset(scoring="standard")  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", [ScheduleSpec, TrumpRule, HookRule])
def test_each_part_round_trips_on_its_own(cls):
    value = cls("custom", cards=(1, 2)) if cls is ScheduleSpec else cls()
    assert cls.from_dict(json.loads(json.dumps(value.to_dict()))) == value


# --- hypothesis: any valid ruleset survives JSON unchanged -------------------------

@st.composite
def schedule_specs(draw):
    shape = draw(st.sampled_from(SHAPES))
    start = draw(st.integers(1, 5))
    peak = draw(st.none() | st.integers(start, 26))
    table = draw(st.dictionaries(st.integers(2, 12), st.integers(start, 30), max_size=4))
    cards = draw(st.lists(st.integers(1, 26), min_size=1 if shape == "custom" else 0,
                          max_size=8))
    return ScheduleSpec(shape, start=start, peak=peak, peak_by_players=table, cards=cards)


scorings = st.builds(
    Scoring,
    name=st.sampled_from(sorted(SCORING_PRESETS) + ["custom"]),
    exact_bonus=st.integers(-30, 30),
    exact_points_per_bid=st.integers(-10, 10),
    exact_points_per_trick=st.integers(-10, 10),
    miss_points_per_trick=st.integers(-10, 10),
    over_penalty_per_trick=st.integers(0, 10),
    under_penalty_per_trick=st.integers(0, 10),
    zero_bid_bonus_plus_hand=st.just(False),
    progressive_misses=st.booleans(),
    lowest_wins=st.booleans(),
    zero_bid_points=st.none() | st.integers(-20, 20),
) | st.builds(Scoring, zero_bid_bonus_plus_hand=st.just(True))

trump_rules = st.builds(
    TrumpRule, st.sampled_from(TRUMP_METHODS), st.booleans(), st.sampled_from(NO_CARD_LEFT_RULES),
    st.lists(st.sampled_from(TRUMP_CHOICES), min_size=1, max_size=6),
)

rulesets = st.builds(
    Ruleset,
    decks=st.sampled_from([1, 2]),
    schedule=schedule_specs(),
    trump=trump_rules,
    hook=st.builds(HookRule, st.sampled_from(HOOK_MODES), st.integers(1, 13)),
    bidding=st.sampled_from(["in-turn", "simultaneous"]),
    must_trump=st.booleans(),
    identical_cards=st.sampled_from(IDENTICAL_CARDS),
    scoring=st.sampled_from(list(SCORING_PRESETS.values())) | scorings,
    revoke_penalty=st.builds(RevokePenalty, st.sampled_from(REVOKE_PENALTY_MODES),
                             st.integers(1, 20)),
)


@settings(max_examples=80, deadline=None)
@given(rulesets)
def test_any_ruleset_round_trips_through_json_unchanged(rules):
    assert Ruleset.from_json(rules.to_json()) == rules
    assert Ruleset.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert Ruleset.from_json(rules.to_json()).to_json() == rules.to_json()
