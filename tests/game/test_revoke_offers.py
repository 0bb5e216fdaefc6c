"""A proven revoke's penalty, offered and applied by the game domain (no app, no
database), and the trumps a cycle fixes on the sheet."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper.game import GameError, build_sheet, entries, fold_hand
from scorekeeper.game.penalties import penalty_changes, penalty_offers
from scorekeeper.rules import RevokePenalty, ScheduleSpec, find_preset, find_scoring
from stored import Stored

PLAYERS = ("Ann", "Bob", "Cy", "Di")
RULES = dataclasses.replace(find_preset("cardgames").ruleset,
                            schedule=ScheduleSpec("custom", cards=(5, 4)),
                            scoring=find_scoring("standard"))
# Ann deals round 1 to Bob, Cy, Di, Ann; Di revokes in trick 1 (a club on a spade
# lead, holding the 3 of spades she leads in trick 3). As in tests/web/test_disputes.py.
PLAYS = ["AS", "KS", "2C", "4S", "5C", "6C", "9C", "7C", "3S", "5S", "6S", "7S",
         "2H", "3H", "4H", "8D", "TD", "9D", "JD", "QD"]


@dataclass
class Event:
    seq: int
    kind: str
    player: int | None
    cards: Any


def hand_after_the_revoke(rules=RULES, penalised=()):
    changes = [Stored(1, "trump", 1, None, "H")]
    for player, bid in ((1, 1), (2, 1), (3, 1), (0, 1)):
        changes.append(Stored(len(changes) + 1, "bid", 1, player, bid))
    changes += penalised
    sheet = build_sheet(rules, PLAYERS, 0, changes)
    order = sheet.round(1).order
    events = [Event(i + 1, "card", order[i % 4], [card]) for i, card in enumerate(PLAYS)]
    return fold_hand(sheet, 1, events)


def test_without_a_penalty_of_its_own_the_table_is_offered_the_laws_of_whist():
    offers = penalty_offers(hand_after_the_revoke())
    assert [(o.trick, o.revoker, o.choice, o.source, o.points) for o in offers] == [
        (1, 3, 0, "[EN-whist-laws]", {3: -3}),
        (1, 3, 1, "[EN-whist-laws]", {1: 3, 2: 3, 0: 3}),
    ]


def test_a_tables_own_penalty_is_the_only_one_offered():
    rules = dataclasses.replace(RULES, revoke_penalty=RevokePenalty("revoker-loses", 10))
    (offer,) = penalty_offers(hand_after_the_revoke(rules))
    assert (offer.source, offer.points) == (None, {3: -10})


@pytest.mark.parametrize(("choice", "points"), [(0, {3: -3}), (1, {1: 3, 2: 3, 0: 3})])
def test_applying_a_penalty_stores_tagged_adjustments_once(choice, points):
    hand = hand_after_the_revoke()
    changes = penalty_changes(hand, 1, choice, "revoke")
    assert {c.player: c.value["points"] for c in changes} == points
    assert all(c.kind == "adjust" and c.value["revoke"] == {"round": 1, "trick": 1}
               for c in changes)
    stored = [Stored(100 + i, c.kind, c.round, c.player, c.value) for i, c in enumerate(changes)]
    again = hand_after_the_revoke(penalised=stored)
    # Exactly the penalty applied is marked so; the other for that revoke is taken.
    assert [(o.choice, o.applied, o.other_applied) for o in penalty_offers(again)] == [
        (c, c == choice, c != choice) for c in range(2)]
    with pytest.raises(GameError) as refused:
        penalty_changes(again, 1, choice, "revoke")
    assert refused.value.kind == "penalty-applied"


@pytest.mark.parametrize(("trick", "choice", "kind"), [(2, 0, "no-revoke"), (1, 5, "penalty-choice")])
def test_a_penalty_for_no_revoke_or_an_unknown_choice_is_refused(trick, choice, kind):
    with pytest.raises(GameError) as refused:
        penalty_changes(hand_after_the_revoke(), trick, choice, "revoke")
    assert refused.value.kind == kind


def test_a_cycle_sets_each_rounds_trump_on_the_sheet_and_a_tap_may_still_change_it():
    rules = find_preset("kachuful").ruleset
    sheet = build_sheet(rules, PLAYERS, 0, [])
    assert [(r.trump, r.trump_chosen, r.rules_trump) for r in sheet.rounds[:5]] == [
        ("S", True, "S"), ("D", True, "D"), ("C", True, "C"), ("H", True, "H"),
        ("S", True, "S")]
    (change,) = entries.trump(sheet, 1, "H")
    sheet = build_sheet(rules, PLAYERS, 0, [Stored(1, change.kind, 1, None, change.value)])
    assert (sheet.round(1).trump, sheet.round(1).trump_entered) == ("H", True)
