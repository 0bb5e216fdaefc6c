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
        (1, 3, 2, "[EN-whist-laws]", {}),  # three tricks: a correction, not points
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
    # Exactly the penalty applied is marked so; the others for that revoke are taken.
    assert [(o.choice, o.applied, o.other_applied) for o in penalty_offers(again)] == [
        (c, c == choice, c != choice) for c in range(3)]
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


#: The tricks the hand gives (Bob wins the revoked trick 1, Di tricks 2 and 5):
#: written down and the round closed.
WON = {1: 1, 2: 1, 3: 2, 0: 1}


def closed_hand_after_the_revoke(penalised=()):
    closing = [Stored(10 + i, "tricks", 1, player, won) for i, (player, won) in enumerate(WON.items())]
    return hand_after_the_revoke(penalised=[*closing, Stored(20, "close", 1), *penalised])


def test_the_three_trick_penalty_is_offered_with_the_trick_winner_as_harmed():
    offer = penalty_offers(closed_hand_after_the_revoke())[2]
    assert offer.penalty == RevokePenalty("tricks-to-harmed", 3)
    # Di's club left out, Bob's ace of spades still takes trick 1; Di took only 2.
    assert (offer.harmed, offer.tricks) == (1, {1: 3, 2: 1, 3: 0, 0: 1})


def test_the_three_trick_penalty_is_one_tagged_correction_and_rescores_the_round():
    hand = closed_hand_after_the_revoke()
    (change,) = penalty_changes(hand, 1, 2, "revoke")
    assert (change.kind, change.round) == ("correct", 1)
    assert change.value["tricks"] == {"1": 3, "2": 1, "3": 0, "0": 1}
    assert change.value["revoke"] == {"round": 1, "trick": 1}
    stored = Stored(30, change.kind, change.round, change.player, change.value)
    again = closed_hand_after_the_revoke(penalised=[stored])
    sheet = again.sheet
    # Standard scoring: Bob bid 1 and now has 3, Di bid 1 and now has 0; Cy, Ann exact.
    assert sheet.points(sheet.round(1)) == {1: 0, 2: 11, 3: 0, 0: 11}
    assert [(o.choice, o.applied, o.other_applied) for o in penalty_offers(again)] == [
        (0, False, True), (1, False, True), (2, True, False)]
    with pytest.raises(GameError) as refused:
        penalty_changes(again, 1, 0, "revoke")
    assert refused.value.kind == "penalty-applied"


def test_the_table_may_name_another_player_as_harmed():
    (change,) = penalty_changes(closed_hand_after_the_revoke(), 1, 2, "revoke", harmed=2)
    assert change.value["tricks"] == {"1": 1, "2": 3, "3": 0, "0": 1}


@pytest.mark.parametrize(("harmed", "kind"), [(3, "penalty-harmed"), (7, "penalty-harmed")])
def test_the_revoker_or_a_stranger_cannot_be_the_harmed_player(harmed, kind):
    with pytest.raises(GameError) as refused:
        penalty_changes(closed_hand_after_the_revoke(), 1, 2, "revoke", harmed=harmed)
    assert refused.value.kind == kind


def test_tricks_move_only_once_the_round_is_closed():
    with pytest.raises(GameError) as refused:
        penalty_changes(hand_after_the_revoke(), 1, 2, "revoke")
    assert (refused.value.kind, refused.value.details) == ("penalty-needs-close", {"number": 1})
