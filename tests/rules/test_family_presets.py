"""The presets of the wider family and the variants of every preset (docs/rules.md
section 9), each checked against its source's worked examples."""

import re
from pathlib import Path

import pytest

from scorekeeper.rules import (
    PRESETS,
    InvalidSchedule,
    find_preset,
    find_scoring,
    forbidden_bid,
    plan_game,
    presets_for,
)

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()


def _down_up(top):
    return list(range(top, 0, -1)) + list(range(2, top + 1))


def _plans(name, players, variant=None):
    preset = find_preset(name)
    rules = preset.variant(variant).apply(preset.ruleset) if variant else preset.ruleset
    return plan_game(preset, rules, players, variant)


# (preset, variant, players, the hand sizes its source gives)
SCHEDULES = [
    # [EN-pagat-ohhell]: 10 cards each for 3 to 5, 8 for 6, 7 for 7; down to 1 and back.
    ("ohhell", None, 3, _down_up(10)),
    ("ohhell", None, 5, _down_up(10)),
    ("ohhell", None, 6, _down_up(8)),
    ("ohhell", None, 7, [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]),
    # [EN-nommy]: 10 ... 1 ... 10; for 6 players 8 ... 1 ... 8.
    ("nomination-whist", None, 4, _down_up(10)),
    ("nomination-whist", None, 6, _down_up(8)),
    # [EN-godtland-contract-whist]: "played in 13 hands: everyone is dealt 13 cards
    # for the first hand", at every player count one deck deals 13 to (2 to 4).
    ("contract-whist", None, 2, list(range(13, 0, -1))),
    ("contract-whist", None, 3, list(range(13, 0, -1))),
    ("contract-whist", None, 4, list(range(13, 0, -1))),
    ("contract-whist", "deck-allows", 5, list(range(10, 0, -1))),
    ("contract-whist", "deck-allows", 7, list(range(7, 0, -1))),
    # [EN-wikipedia-kachufool]: as many rounds as the deck allows; 8 for 6 players.
    ("kachuful", None, 6, list(range(1, 9))),
    ("kachuful", None, 4, list(range(1, 14))),
    # The variants.
    ("planowanie", "from-17", 2, list(range(17, 0, -1))),
    ("planowanie", "down-then-up", 4, _down_up(13)),
    ("piekielko", "long-match", 4, list(range(1, 14)) + list(range(12, 0, -1))),
    ("piekielko", "from-all-cards", 5, list(range(10, 0, -1))),
    ("cardgames", "two-decks", 6, _down_up(10)),
    ("cardgames", "two-decks", 7, _down_up(10)),
    ("cardgames", "one-deck-capped", 6, _down_up(8)),
    ("cardgames", "one-deck-capped", 7, _down_up(7)),
]


@pytest.mark.parametrize(("name", "variant", "players", "sizes"), SCHEDULES)
def test_each_schedule_deals_as_its_source_says(name, variant, players, sizes):
    assert [plan.cards for plan in _plans(name, players, variant)] == sizes


# (preset, variant, players, round, the trump the rules fix; None: no trump)
CYCLES = [
    ("kachuful", None, 4, 1, "S"), ("kachuful", None, 4, 2, "D"),
    ("kachuful", None, 4, 3, "C"), ("kachuful", None, 4, 4, "H"),
    ("kachuful", None, 4, 5, "S"), ("kachuful", None, 4, 13, "S"),
    ("kachuful", "no-trump-round", 4, 5, None), ("kachuful", "no-trump-round", 4, 6, "S"),
    ("nomination-whist", None, 4, 1, "S"), ("nomination-whist", None, 4, 2, "H"),
    ("nomination-whist", None, 4, 3, "C"), ("nomination-whist", None, 4, 4, "D"),
    ("nomination-whist", None, 4, 5, None), ("nomination-whist", None, 4, 6, "S"),
    # [EN-guardian-ohhell]: "hearts, diamonds, clubs, spades, then no trumps".
    ("contract-whist", None, 4, 1, "H"), ("contract-whist", None, 4, 2, "D"),
    ("contract-whist", None, 4, 3, "C"), ("contract-whist", None, 4, 4, "S"),
    ("contract-whist", None, 4, 5, None), ("contract-whist", None, 4, 6, "H"),
    # [EN-navysong-noms]: "H,C,D,S,NT".
    ("contract-whist", "navy-order", 4, 2, "C"), ("contract-whist", "navy-order", 4, 3, "D"),
    ("contract-whist", "navy-order", 4, 5, None),
]


@pytest.mark.parametrize(("name", "variant", "players", "number", "suit"), CYCLES)
def test_a_trump_cycle_fixes_each_rounds_trump_before_the_deal(name, variant, players,
                                                               number, suit):
    plan = _plans(name, players, variant)[number - 1]
    assert plan.trump_suit == suit
    assert plan.has_trump == (suit is not None)
    assert plan.trump_method == ("cycle" if suit else None)


def test_a_cycle_needs_no_card_to_turn_so_a_whole_deck_round_keeps_its_trump():
    first = _plans("contract-whist", 4)[0]
    assert (first.cards, first.trump_suit) == (13, "H")


# (preset, cards, bids before the last bidder, the forbidden bid) from each source
HOOK_EXAMPLES = [
    ("nomination-whist", 10, [3, 0, 3], 4),  # [EN-nommy]
    ("kachuful", 5, [4], 1),  # [EN-wikipedia-kachufool]: round 5, 4 declared
]


@pytest.mark.parametrize(("name", "cards", "earlier", "forbidden"), HOOK_EXAMPLES)
def test_the_hook_examples_of_the_sources(name, cards, earlier, forbidden):
    assert all(plan.hook_active for plan in find_preset(name).plan(4))
    assert forbidden_bid(cards, earlier) == forbidden


@pytest.mark.parametrize(("name", "scoring"), [
    ("ohhell", "difference-penalty"), ("nomination-whist", "trick-points"),
    ("contract-whist", "trick-points"), ("kachuful", "standard"),
])
def test_each_family_preset_scores_as_its_source(name, scoring):
    assert find_preset(name).ruleset.scoring == find_scoring(scoring)


def test_pagats_oh_hell_deducts_a_missed_bid_over_or_under_and_keeps_wikipedias_as_a_variant():
    preset = find_preset("ohhell")
    scoring = preset.ruleset.scoring
    assert [scoring.points(3, t, 10) for t in (3, 1, 5)] == [13, -2, -2]
    basic = preset.variant("wikipedia-basic").apply(preset.ruleset).scoring
    assert [basic.points(3, t, 10) for t in (3, 1, 5)] == [13, 1, 5]
    assert basic == find_scoring("trick-points")


def test_kachufuls_other_scoring_is_the_bid_with_a_0_appended():
    preset = find_preset("kachuful")
    scoring = preset.variant("times-ten").apply(preset.ruleset).scoring
    assert [scoring.points(b, b, 8) for b in (0, 1, 2, 3)] == [10, 10, 20, 30]
    assert scoring.points(3, 2, 8) == 0


def test_piekielkos_last_card_variant_lets_the_dealers_last_card_set_the_last_trump():
    four = _plans("piekielko", 4, "last-card-trump")[-1]
    five = _plans("piekielko", 5, "last-card-trump")[-1]
    assert (four.cards, four.has_trump, four.trump_method) == (13, True, "dealer-last-card")
    # Every player count, not only when no card is left to turn (issue 30).
    assert (five.cards, five.has_trump, five.trump_method) == (10, True, "dealer-last-card")
    for players in (3, 6, 7):
        plans = _plans("piekielko", players, "last-card-trump")
        assert plans[-1].trump_method == "dealer-last-card"
        assert {plan.trump_method for plan in plans[:-1]} == {"turned-card"}


# --- every preset and variant cites its source ------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_source_is_listed_in_the_rules_with_its_address(name):
    preset = find_preset(name)
    assert preset.source in DOCS
    if preset.address:
        assert preset.address in DOCS


VARIANTS = [(name, v.name) for name, preset in PRESETS.items() for v in preset.variants]


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_every_variant_has_a_title_a_reason_a_source_and_plays_where_offered(name, variant):
    preset = find_preset(name)
    v = preset.variant(variant)
    assert v.title and v.reason.endswith(".") and v.source in DOCS
    assert f"`{variant}`" in DOCS
    low, high = preset.variant_range(v)
    for players in range(low, high + 1):
        assert _plans(name, players, variant)


# --- a preset keeps its word --------------------------------------------------------

# (preset, players, presets that fit, ways of its own) for each refusal of the issue
REFUSALS = [
    ("planowanie", 5, ["piekielko", "cardgames", "estonian", "ohhell", "nomination-whist",
                       "kachuful"], ()),
    ("estonian", 2, ["planowanie", "contract-whist"], ()),
    ("piekielko", 2, ["planowanie", "contract-whist"], ()),
    ("cardgames", 2, ["planowanie", "contract-whist"], ()),
    ("cardgames", 6, ["piekielko", "estonian", "ohhell", "nomination-whist", "kachuful"],
     ("two-decks", "one-deck-capped")),
    ("cardgames", 7, ["piekielko", "estonian", "ohhell", "kachuful"],
     ("two-decks", "one-deck-capped")),
    # 13 cards each: one deck deals them to 4 at most; the variant deals what it can.
    ("contract-whist", 5, ["piekielko", "cardgames", "estonian", "ohhell",
                           "nomination-whist", "kachuful"], ("deck-allows",)),
]


@pytest.mark.parametrize(("name", "players", "fits", "ways"), REFUSALS)
def test_a_preset_outside_its_player_range_is_refused_naming_what_fits(name, players, fits,
                                                                        ways):
    preset = find_preset(name)
    with pytest.raises(InvalidSchedule) as refused:
        plan_game(preset, preset.ruleset, players)
    assert refused.value.kind == "preset-players"
    details = refused.value.details
    assert (details["min_players"], details["max_players"]) == (
        preset.min_players, preset.max_players)
    assert list(details["fits"]) == fits == presets_for(players)
    assert details["ways"] == ways


def test_estonian_with_eight_players_on_two_decks_is_the_tables_own_game():
    import dataclasses

    preset = find_preset("estonian")
    two_decks = dataclasses.replace(preset.ruleset, decks=2)
    assert [plan.cards for plan in plan_game(preset, two_decks, 8)] == list(range(1, 14))
    with pytest.raises(InvalidSchedule):
        plan_game(preset, preset.ruleset, 8)


def test_a_variant_for_fewer_players_is_refused_for_more():
    with pytest.raises(InvalidSchedule, match=re.escape(
        "The from-17 variant of planowanie is for 2 to 3 players, not 4."
    )) as refused:
        _plans("planowanie", 4, "from-17")
    assert refused.value.kind == "variant-players"
