"""The tie rules in play (docs/rules.md section 8): under ``extra-hands`` a
tie for first when the last planned round closes adds one more round at the
game's largest hand size, stored with the close, until one player leads; Undo
takes the added round back with the close. Under ``most-bid`` the tied player
who bid the most wins. (No app, no database.)"""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.game import GameError, entries
from scorekeeper.rules import HookRule, Ruleset, ScheduleSpec, TrumpRule
from test_end_and_decks import Game as LoggedGame

#: Two rounds (1 card, then 2) for three players, no hook, the last round
#: without trump: a tie for first after round 2 is easy to set up.
RULES = Ruleset(schedule=ScheduleSpec("up", peak=2), hook=HookRule("off"),
                trump=TrumpRule("turned-card", no_trump_last_round=True),
                tie_break="extra-hands")
PLAYERS = ("Ann", "Bob", "Cy")
ANN, BOB, CY = range(3)


class Game(LoggedGame):
    """A game's change log, its rounds played with the bids and tricks given."""

    def round(self, number: int, bids: dict[int, int], tricks: dict[int, int]) -> list:
        rnd = self.sheet.round(number)
        if rnd.expects_trump and not rnd.trump_chosen:
            self.enter(entries.trump, number, "H")
        for player in rnd.order:
            self.enter(entries.bid, number, player, bids[player])
        for player in rnd.order:
            self.enter(entries.tricks, number, player, tricks[player])
        return self.enter(entries.close, number)


def _tied_after_the_last_planned_round(rules=RULES) -> Game:
    """Ann and Cy on 21 each after round 2, Bob on 10."""
    game = Game(rules, PLAYERS)
    game.round(1, {ANN: 1, BOB: 0, CY: 0}, {ANN: 1, BOB: 0, CY: 0})
    game.round(2, {ANN: 0, BOB: 0, CY: 1}, {ANN: 0, BOB: 1, CY: 1})
    return game


def test_a_tie_for_first_after_the_last_planned_round_adds_a_round_at_the_largest_deal():
    game = _tied_after_the_last_planned_round()
    sheet = game.sheet
    assert sheet.totals == {ANN: 21, BOB: 10, CY: 21}
    assert not sheet.is_finished
    assert [rnd.cards for rnd in sheet.rounds] == [1, 2, 2]
    assert [rnd.added_for_tie for rnd in sheet.rounds] == [False, False, True]
    assert game.changes[-1].kind == "schedule"
    assert game.changes[-1].value == {"op": "insert", "round": 3, "cards": 2, "tie": True}


def test_the_added_round_leaves_the_last_planned_round_its_final_rules():
    sheet = _tied_after_the_last_planned_round().sheet
    assert not sheet.round(2).expects_trump  # still the no-trump last round
    assert sheet.round(3).expects_trump


def test_the_game_ends_once_the_added_round_gives_one_player_the_lead():
    game = _tied_after_the_last_planned_round()
    game.round(3, {ANN: 0, BOB: 0, CY: 0}, {ANN: 0, BOB: 0, CY: 2})
    sheet = game.sheet
    assert sheet.is_finished
    assert sheet.winner_names == ["Ann"]
    assert len(sheet.rounds) == 3


def test_a_tie_still_there_after_the_added_round_adds_another():
    game = _tied_after_the_last_planned_round()
    game.round(3, {ANN: 0, BOB: 0, CY: 0}, {ANN: 0, BOB: 2, CY: 0})
    sheet = game.sheet
    assert sheet.totals[ANN] == sheet.totals[CY] == 31
    assert [rnd.added_for_tie for rnd in sheet.rounds] == [False, False, True, True]
    assert not sheet.is_finished


def test_no_round_is_added_without_a_tie_for_first():
    game = Game(RULES, PLAYERS)
    game.round(1, {ANN: 1, BOB: 0, CY: 0}, {ANN: 1, BOB: 0, CY: 0})
    game.round(2, {ANN: 0, BOB: 0, CY: 1}, {ANN: 0, BOB: 0, CY: 2})
    assert game.sheet.is_finished
    assert len(game.sheet.rounds) == 2


@pytest.mark.parametrize("rule", ["share", "most-bid"])
def test_a_tie_of_equal_bids_is_a_shared_win_and_adds_no_round_unless_the_rule_plays_on(rule):
    # Ann bid 1 + 0, Cy 0 + 1: equal bids, so "most-bid" shares too.
    sheet = _tied_after_the_last_planned_round(dataclasses.replace(RULES, tie_break=rule)).sheet
    assert sheet.is_finished
    assert sheet.winner_names == ["Ann", "Cy"]


def test_undo_asks_to_reopen_then_takes_the_added_round_back_with_the_close():
    game = _tied_after_the_last_planned_round()
    with pytest.raises(GameError) as refused:
        entries.undo(game.sheet)
    assert (refused.value.kind, refused.value.details) == ("undo-reopens", {"number": 2})
    game.enter(entries.undo, None, True)
    sheet = game.sheet
    assert len(sheet.rounds) == 2
    assert not sheet.round(2).closed
    assert sheet.round(2).tricks == {ANN: 0, BOB: 1, CY: 1}
    # Closed again as it was, the tie adds the round again.
    game.enter(entries.close, 2)
    assert [rnd.added_for_tie for rnd in game.sheet.rounds] == [False, False, True]


def test_most_bid_gives_the_win_to_the_tied_player_who_bid_more():
    game = Game(dataclasses.replace(RULES, tie_break="most-bid"), PLAYERS)
    game.round(1, {ANN: 0, BOB: 0, CY: 1}, {ANN: 0, BOB: 1, CY: 0})
    game.round(2, {ANN: 2, BOB: 0, CY: 0}, {ANN: 0, BOB: 2, CY: 0})
    sheet = game.sheet
    assert sheet.totals == {ANN: 10, BOB: 0, CY: 10}
    assert sheet.score.bids == {ANN: 2, BOB: 0, CY: 1}
    assert sheet.winner_names == ["Ann"]
    assert [(s.player, s.rank) for s in sheet.standings] == [(ANN, 1), (CY, 2), (BOB, 3)]


def test_the_tie_rule_is_an_adjustment_both_ways_and_oh_hell_offers_extra_hands_as_a_variant():
    from scorekeeper.game.rule_adjustments import RuleAdjustments, adjusted_ruleset, adjustments_for
    from scorekeeper.rules import find_preset

    cardgames = find_preset("cardgames")
    rules = adjusted_ruleset(cardgames, RuleAdjustments(tie_break="most-bid"))
    assert rules.tie_break == "most-bid"
    assert adjustments_for(cardgames, rules, players=4).entered == ("tie_break",)
    ohhell = find_preset("ohhell")
    with_variant = ohhell.variant("extra-hands").apply(ohhell.ruleset)
    assert with_variant.tie_break == "extra-hands"
    assert adjustments_for(ohhell, with_variant, players=4).entered == ("variant",)
