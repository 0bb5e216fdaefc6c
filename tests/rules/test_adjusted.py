"""What a table changed in its preset (docs/rules.md section 9), and the quick game
(section 3)."""

import dataclasses

import pytest

from scorekeeper.rules import (
    HookRule,
    RevokePenalty,
    ScheduleSpec,
    TrumpRule,
    adjustments,
    find_preset,
    find_scoring,
    plan_rounds,
    quick_schedule,
)


def _changed(name, **parts):
    preset = find_preset(name)
    return adjustments(preset, dataclasses.replace(preset.ruleset, **parts))


# (preset, the parts replaced, the changes named, with their details)
CHANGES = [
    ("estonian", {"decks": 2}, [("decks", {"decks": 2})]),
    ("cardgames", {"decks": 2}, [("variant", {"variant": "two-decks"})]),
    ("planowanie", {"schedule": ScheduleSpec("down", peak=13, peak_by_players={2: 17, 3: 17})},
     [("variant", {"variant": "from-17"})]),
    ("planowanie", {"schedule": ScheduleSpec("down", peak=9)}, [("peak", {"peak": 9})]),
    ("planowanie", {"schedule": ScheduleSpec("up", peak=13)}, [("shape", {"shape": "up"})]),
    ("planowanie", {"schedule": ScheduleSpec("custom", cards=(3, 2, 1, 2, 3))},
     [("shape", {"shape": "custom"}), ("cards", {"cards": (3, 2, 1, 2, 3)})]),
    ("cardgames", {"schedule": ScheduleSpec("down-up", peak=3)}, [("quick", {"rounds": 5})]),
    ("piekielko", {"trump": TrumpRule("turned-card", last_round_dealer_card=True)},
     [("variant", {"variant": "last-card-trump"})]),
    # A game stored with the variant's earlier rule (the dealer's card only when no
    # card was left) reads as the two parts it changed, as it was played.
    ("piekielko", {"trump": TrumpRule("turned-card", when_no_card_left="dealer-last-card")},
     [("when-no-card-left", {"rule": "dealer-last-card"}),
      ("no-trump-last-round", {"value": False})]),
    ("kachuful", {"trump": TrumpRule("cycle", cycle=("H", "S"))},
     [("cycle", {"cycle": ("H", "S")})]),
    ("estonian", {"hook": HookRule("from-cards", min_cards=3)},
     [("hook", {"mode": "from-cards", "min_cards": 3})]),
    ("estonian", {"hook": HookRule("on"), "bidding": "simultaneous"},
     [("variant", {"variant": "hook"}), ("bidding", {"value": "simultaneous"})]),
    ("cardgames", {"scoring": find_scoring("wizard")},
     [("scoring", {"scoring": find_scoring("wizard")})]),
    ("cardgames", {"revoke_penalty": RevokePenalty("revoker-loses")},
     [("revoke-penalty", {"penalty": RevokePenalty("revoker-loses")})]),
    ("cardgames", {"must_trump": True, "identical_cards": "last-wins"},
     [("must-trump", {"value": True}), ("identical-cards", {"value": "last-wins"})]),
    ("cardgames", {}, []),
]


@pytest.mark.parametrize(("name", "parts", "expected"), CHANGES)
def test_adjustments_name_each_change_and_prefer_the_presets_own_variants(name, parts,
                                                                          expected):
    assert [(a.kind, a.details) for a in _changed(name, **parts)] == expected


# (schedule, players, the quick game's hands)
QUICK = [
    (ScheduleSpec("down-up", peak=10), 4, [3, 2, 1, 2, 3]),
    (ScheduleSpec("up-down"), 4, [1, 2, 3, 2, 1]),
    (ScheduleSpec("down", peak=13), 4, [5, 4, 3, 2, 1]),
    (ScheduleSpec("up", peak_by_players={4: 13}), 4, [1, 2, 3, 4, 5]),
    (ScheduleSpec("up", start=2), 3, [2, 3, 4, 5, 6]),
    (ScheduleSpec("custom", cards=(7, 6, 5, 4, 3, 2, 1)), 4, [7, 6, 5, 4, 3]),
]


@pytest.mark.parametrize(("spec", "players", "sizes"), QUICK)
def test_a_quick_game_keeps_the_shape_for_five_rounds(spec, players, sizes):
    ruleset = dataclasses.replace(find_preset("cardgames").ruleset, schedule=quick_schedule(spec))
    assert [plan.cards for plan in plan_rounds(ruleset, players)] == sizes
