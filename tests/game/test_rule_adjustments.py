"""The set-up form's adjustments as plain values, both ways: applied to a preset
they give a ruleset, and from a ruleset come back as the fewest that give it
(plain Python: no app, no form)."""

from __future__ import annotations

import dataclasses
import doctest

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

import scorekeeper.game.rule_adjustments
from adjustment_draws import adjustments_of, presets
from scorekeeper.game import MIN_PLAYERS, max_players
from scorekeeper.game.rule_adjustments import (
    RuleAdjustments,
    adjusted_ruleset,
    adjustments_for,
    bad_cycle_token,
    cycle_text,
    cycle_tokens,
    parse_cycle,
)
from scorekeeper.rules import (
    PRESETS,
    RulesError,
    ScheduleSpec,
    UnknownPreset,
    find_preset,
    find_scoring,
)


def table_sizes(decks: int) -> range:
    return range(MIN_PLAYERS, max_players(decks) + 1)


#: Every preset, each variant it offers (and none), every number of players the form takes.
PUBLISHED = [
    (preset, variant, players)
    for preset in PRESETS.values()
    for variant in (None, *preset.variants)
    for players in table_sizes(2)
    if variant is None or preset.offers(variant, players)
]


@pytest.mark.parametrize(("preset", "variant", "players"), PUBLISHED,
                         ids=lambda v: getattr(v, "name", v))
def test_every_published_ruleset_comes_back_as_its_variant_or_nothing(preset, variant, players):
    rules = preset.ruleset if variant is None else variant.apply(preset.ruleset)
    found = adjustments_for(preset, rules, players)
    assert adjusted_ruleset(preset, found) == rules
    assert len(found.entered) <= (0 if variant is None else 1)


def unoffered(preset, variant: str, players: int) -> bool:
    return bool(variant) and not preset.offers(preset.variant(variant), players)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_any_adjusted_ruleset_comes_back_from_the_fewest_adjustments(data):
    preset = data.draw(presets, label="preset")
    drawn = data.draw(adjustments_of(preset), label="adjustments")
    try:
        rules = adjusted_ruleset(preset, drawn)
    except RulesError:
        reject()  # contradicting adjustments: the form says why
    players = data.draw(st.integers(MIN_PLAYERS, max_players(rules.decks)), label="players")
    found = adjustments_for(preset, rules, players)
    if found is None:
        # Only a variant this table is not offered can say what the parts cannot.
        assert unoffered(preset, drawn.variant, players)
        return
    assert adjusted_ruleset(preset, found) == rules
    if not unoffered(preset, drawn.variant, players):
        drawn_parts = [name for name in drawn.entered if name != "variant"]
        assert len(found.entered) - bool(found.variant) <= len(drawn_parts)


def test_the_form_data_names_every_adjustment_and_says_each_as_typed():
    entered = RuleAdjustments(variant="times-ten", length="quick", start=2, custom=(1, 2, 3),
                              trump_cycle="S NT", must_trump=False, decks=2, exact_bonus=0,
                              winner="lowest")
    data = entered.as_form_data()
    assert list(data) == [field.name for field in dataclasses.fields(RuleAdjustments)]
    assert {name: text for name, text in data.items() if text} == {
        "variant": "times-ten", "length": "quick", "start": "2", "custom": "1 2 3",
        "trump_cycle": "S NT", "must_trump": "no", "decks": "2", "exact_bonus": "0",
        "winner": "lowest"}
    assert entered.entered == ("variant", "length", "start", "custom", "trump_cycle",
                               "must_trump", "decks", "exact_bonus", "winner")


def test_nothing_adjusted_is_the_preset_and_nothing_entered():
    preset = find_preset("cardgames")
    assert adjusted_ruleset(preset, RuleAdjustments()) == preset.ruleset
    assert adjustments_for(preset, preset.ruleset, 4) == RuleAdjustments()
    assert RuleAdjustments().as_form_data() == dict.fromkeys(RuleAdjustments().as_form_data(), "")


@pytest.mark.parametrize(("preset", "entered", "expected"), [
    # A quick game of another shape: two entries, as it was set up.
    ("ohhell", RuleAdjustments(length="quick", shape="up"), ("shape", "length")),
    # A quick custom game from a preset with a largest hand: the list, cut to five rounds.
    ("ohhell", RuleAdjustments(length="quick", shape="custom", custom=(1, 2, 3, 4, 5, 6)),
     ("shape", "length", "custom")),
    ("planowanie", RuleAdjustments(length="quick", start=12), ("length", "start")),
    # Above the preset's largest hand, a start needs the largest hand entered (the
    # form takes none for a quick game), even for what a quick game would deal.
    ("planowanie", RuleAdjustments(start=14, peak=18), ("start", "peak")),
    ("planowanie", RuleAdjustments(peak=7), ("peak",)),
    ("estonian", RuleAdjustments(shape="custom", custom=(3, 2, 1)), ("shape", "custom")),
    ("kachuful", RuleAdjustments(trump_cycle="♥ s nt"), ("trump_cycle",)),
    ("cardgames", RuleAdjustments(hook="from-cards", hook_min_cards=3),
     ("hook", "hook_min_cards")),
    ("cardgames", RuleAdjustments(revoke_penalty="others-gain", revoke_points=5),
     ("revoke_penalty", "revoke_points")),
    ("cardgames", RuleAdjustments(scoring="wizard"), ("scoring",)),
    ("cardgames", RuleAdjustments(scoring="custom", zero_bid="fixed", zero_bid_points=7),
     ("scoring", "zero_bid", "zero_bid_points")),
    ("nomination-whist", RuleAdjustments(scoring="custom", exact_per_trick=2, winner="lowest"),
     ("scoring", "exact_per_trick", "winner")),
])
def test_the_adjustments_found_are_the_ones_that_make_the_difference(preset, entered, expected):
    preset = find_preset(preset)
    rules = adjusted_ruleset(preset, entered)
    found = adjustments_for(preset, rules, 4)
    assert adjusted_ruleset(preset, found) == rules
    assert found.entered == expected


def test_a_variant_wins_a_tie_with_the_parts_it_changes():
    preset = find_preset("planowanie")
    rules = adjusted_ruleset(preset, RuleAdjustments(shape="down-up"))
    assert adjustments_for(preset, rules, 4) == RuleAdjustments(variant="down-then-up")


def test_a_table_of_largest_hands_comes_back_only_with_the_variant_that_has_it():
    preset = find_preset("planowanie")
    rules = preset.variant("from-17").apply(preset.ruleset)
    assert adjustments_for(preset, rules, 3) == RuleAdjustments(variant="from-17")
    assert adjustments_for(preset, rules, 4) is None  # not offered to four


def test_a_variant_not_offered_to_this_many_players_is_spelled_out_in_parts():
    preset = find_preset("cardgames")
    two_decks = preset.variant("two-decks")
    outside = next(n for n in table_sizes(2) if not preset.offers(two_decks, n))
    found = adjustments_for(preset, two_decks.apply(preset.ruleset), outside)
    assert found.variant == "" and "decks" in found.entered


@pytest.mark.parametrize("rules", [
    # A table of largest hands of the table's own: the form enters one largest hand.
    lambda preset: dataclasses.replace(preset.ruleset, schedule=ScheduleSpec(
        "up", peak_by_players={4: 9})),
    # Points per bid: the form sets points per trick only.
    lambda preset: dataclasses.replace(preset.ruleset, scoring=dataclasses.replace(
        find_scoring("standard"), name="custom", exact_points_per_bid=3)),
    # A scoring renamed by hand.
    lambda preset: dataclasses.replace(preset.ruleset, scoring=dataclasses.replace(
        find_scoring("standard"), name="house", exact_bonus=99)),
])
def test_rules_no_adjustments_give_find_none(rules):
    preset = find_preset("cardgames")
    assert adjustments_for(preset, rules(preset), 4) is None


def test_a_variant_the_preset_does_not_have_is_refused():
    with pytest.raises(UnknownPreset):
        adjusted_ruleset(find_preset("ohhell"), RuleAdjustments(variant="two-decks"))


@pytest.mark.parametrize(("text", "tokens", "bad", "cycle"), [
    ("S D C H", ["S", "D", "C", "H"], None, ("S", "D", "C", "H")),
    ("♠♦♣♥ NT", ["♠", "♦", "♣", "♥", "NT"], None, ("S", "D", "C", "H", None)),
    ("sdch", ["S", "D", "C", "H"], None, ("S", "D", "C", "H")),
    ("h, -; – — 0 n nt", ["H", "-", "–", "—", "0", "N", "NT"], None, ("H",) + (None,) * 6),
    ("S hearts D", ["S", "hearts", "D"], "hearts", ("S", "D")),
    ("♥\ufe0f", ["♥\ufe0f"], "♥\ufe0f", ()),  # the emoji form, refused as before
    ("", [], None, ()),
])
def test_a_typed_cycle_is_read_round_by_round(text, tokens, bad, cycle):
    assert cycle_tokens(text) == tokens
    assert bad_cycle_token(text) == bad
    assert parse_cycle(text) == cycle


@given(st.lists(st.sampled_from(["C", "D", "H", "S", None]), min_size=1, max_size=8).map(tuple))
def test_a_cycle_written_out_reads_back_the_same(cycle):
    assert parse_cycle(cycle_text(cycle)) == cycle


def test_the_examples_in_the_module_run():
    result = doctest.testmod(scorekeeper.game.rule_adjustments)
    assert result.attempted and not result.failed
