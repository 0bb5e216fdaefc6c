"""Named rule presets (docs/rules.md section 9)."""

import dataclasses
import re

import pytest

from scorekeeper.rules import (
    PRESETS,
    HookRule,
    InvalidSchedule,
    Preset,
    Ruleset,
    UnknownPreset,
    find_preset,
    find_scoring,
    plan_rounds,
)

REQUIRED = ["planowanie", "piekielko", "cardgames", "estonian"]


def _sizes(name, players):
    return [plan.cards for plan in plan_rounds(find_preset(name).ruleset, players)]


@pytest.mark.parametrize("name", REQUIRED)
def test_each_preset_of_the_rules_exists_under_its_stable_name(name):
    preset = find_preset(name)
    assert isinstance(preset, Preset) and preset.name == name


@pytest.mark.parametrize(
    ("name", "source", "players", "scoring", "hook"),
    [
        ("planowanie", "[PL-planowanie]", (2, 4), "standard", "on"),
        ("piekielko", "[PL-piekielko]", (3, 7), "standard", "off"),
        ("cardgames", "[PL-cardgames]", (3, 5), "trick-points", "on"),
        ("estonian", "[ET-full]", (3, 7), "standard", "off"),
    ],
)
def test_each_preset_cites_its_source_and_uses_the_rules_table(name, source, players, scoring,
                                                               hook):
    preset = find_preset(name)
    assert preset.source == source
    assert preset.source_description
    assert (preset.min_players, preset.max_players) == players
    assert preset.ruleset.scoring == find_scoring(scoring)
    assert preset.ruleset.hook == HookRule(hook)
    assert preset.ruleset.trump.method == "turned-card"
    assert preset.ruleset.decks == 1 and preset.ruleset.bidding == "in-turn"


def test_cardgames_for_four_players_is_19_rounds_from_10_down_to_1_and_back():
    assert _sizes("cardgames", 4) == list(range(10, 0, -1)) + list(range(2, 11))


@pytest.mark.parametrize(("players", "rounds"), [(3, 17), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_piekielko_goes_up_from_1_to_52_divided_by_the_players(players, rounds):
    assert _sizes("piekielko", players) == list(range(1, rounds + 1))


@pytest.mark.parametrize(("players", "peak"), [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_estonian_goes_up_to_its_table(players, peak):
    assert _sizes("estonian", players) == list(range(1, peak + 1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_planowanie_goes_down_to_1_from_13_at_every_player_count(players):
    assert _sizes("planowanie", players) == list(range(13, 0, -1))


@pytest.mark.parametrize("players", [2, 3])
def test_planowanie_may_start_at_17_with_two_or_three_players_as_an_option(players):
    preset = find_preset("planowanie")
    rules = preset.variant("from-17").apply(preset.ruleset)
    assert [plan.cards for plan in plan_rounds(rules, players)] == list(range(17, 0, -1))
    assert [v.name for v in preset.variants_for(players)] == ["from-17", "down-then-up"]
    assert [v.name for v in preset.variants_for(4)] == ["down-then-up"]


@pytest.mark.parametrize("name", ["piekielko", "estonian"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_last_round_has_no_trump_in_piekielko_and_estonian(name, players):
    plans = find_preset(name).plan(players)
    assert not plans[-1].has_trump
    assert all(plan.has_trump for plan in plans[:-1])


def test_planowanie_has_no_trump_only_when_the_whole_deck_is_dealt():
    four = find_preset("planowanie").plan(4)
    assert [plan.has_trump for plan in four] == [False] + [True] * 12
    assert all(plan.has_trump for plan in find_preset("planowanie").plan(3))


def test_cardgames_always_has_trump_and_the_hook_in_every_round():
    plans = find_preset("cardgames").plan(4)
    assert all(plan.has_trump and plan.hook_active for plan in plans)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_plays_for_every_player_count_it_supports(name):
    preset = find_preset(name)
    for players in range(preset.min_players, preset.max_players + 1):
        assert preset.plan(players)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_has_a_short_plain_summary_and_a_title(name):
    preset = find_preset(name)
    assert preset.title
    assert 1 <= preset.summary.count(". ") + 1 <= 2
    assert preset.summary.endswith(".")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_ruleset_round_trips_through_json(name):
    ruleset = find_preset(name).ruleset
    assert Ruleset.from_json(ruleset.to_json()) == ruleset


def test_a_table_adjusts_a_preset_with_dataclasses_replace():
    rules = dataclasses.replace(find_preset("estonian").ruleset, hook=HookRule("on"))
    assert rules.hook.mode == "on"
    assert find_preset("estonian").ruleset.hook.mode == "off"


def test_planning_a_preset_outside_its_player_range_says_so():
    with pytest.raises(InvalidSchedule, match=re.escape(
        "The cardgames preset is for 3 to 5 players, not 6; pick another preset or adjust "
        "its schedule or decks."
    )):
        find_preset("cardgames").plan(6)


def test_an_unknown_preset_lists_the_known_ones():
    with pytest.raises(UnknownPreset, match=re.escape(
        "unknown preset: 'bridge'; known: cardgames, contract-whist, estonian, kachuful, "
        "nomination-whist, ohhell, piekielko, planowanie"
    )):
        find_preset("bridge")
