"""Ending a game early, and a round the deck cannot deal (no app, no database)."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.game import GameError, NewChange, build_sheet, entries, history_of
from scorekeeper.game.checking import check_log
from scorekeeper.rules import find_preset
from stored import Stored

PLAYERS = ("Ann", "Bob", "Cy", "Di")
RULES = find_preset("cardgames").ruleset  # 19 rounds, 10 → 1 → 10, hook rule on


class Game:
    """A game's change log, grown by the domain's own entries as storage would."""

    def __init__(self, rules=RULES, players=PLAYERS) -> None:
        self.rules, self.players = rules, players
        self.changes: list[Stored] = []

    @property
    def sheet(self):
        return build_sheet(self.rules, self.players, 0, self.changes)

    def enter(self, build, *args):
        built = build(self.sheet, *args)
        for new in built if isinstance(built, list) else [built]:
            self.changes.append(Stored(len(self.changes) + 1, new.kind, new.round, new.player,
                                       new.value))
        return built

    def play(self, count: int) -> Game:
        """Close the next rounds: the first bidder bids and takes every trick,
        the dealer bids 1 and the others 0."""
        for _ in range(count):
            rnd = self.sheet.current
            self.enter(entries.trump, rnd.number, "H")
            for index, player in enumerate(rnd.order):
                bid = rnd.cards if index == 0 else (1 if player == rnd.dealer else 0)
                self.enter(entries.bid, rnd.number, player, bid)
            for index, player in enumerate(rnd.order):
                self.enter(entries.tricks, rnd.number, player, rnd.cards if index == 0 else 0)
            self.enter(entries.close, rnd.number)
        return self


def refused(kind: str, build, *args) -> dict:
    with pytest.raises(GameError) as raised:
        build(*args)
    assert raised.value.kind == kind
    return raised.value.details


def test_ending_the_game_now_declares_the_winners_of_the_rounds_played():
    game = Game().play(2)
    assert game.enter(entries.end_game, 2) == [NewChange("end", round=2)]
    sheet = game.sheet
    assert sheet.is_finished and sheet.ends_early
    assert [rnd.number for rnd in sheet.rounds] == [1, 2]
    assert sheet.planned_rounds == 19 and sheet.ended_after == 2
    assert sheet.summary()["finished"] and sheet.summary()["rounds"] == 2
    assert sheet.winner_names == ["Cy"]  # 10 for a zero made, 19 for 9 tricks bid and taken


def test_ending_now_leaves_out_what_was_entered_in_the_round_being_played():
    game = Game().play(1)
    game.enter(entries.trump, 2, "S")
    game.enter(entries.bid, 2, 2, 3)
    game.enter(entries.end_game, 1)
    assert [rnd.number for rnd in game.sheet.rounds] == [1]
    game.enter(entries.undo)
    assert game.sheet.round(2).bids == {2: 3}  # Undo brings the round back as it was


def test_finishing_after_this_round_plays_it_to_the_end_with_its_own_plan():
    game = Game(find_preset("estonian").ruleset).play(1)  # up from 1; no trump in the last
    game.enter(entries.end_game, 2)
    sheet = game.sheet
    assert not sheet.is_finished and sheet.current.number == 2
    assert sheet.current.expects_trump  # not planned as the final round: it keeps its trump
    game.play(1)
    assert game.sheet.is_finished and len(game.sheet.closed_rounds) == 2


def test_the_same_end_tapped_twice_is_stored_once_and_finish_may_become_now():
    game = Game().play(2)
    game.enter(entries.end_game, 3)
    assert entries.end_game(game.sheet, 3) == []
    game.enter(entries.end_game, 2)
    assert game.sheet.is_finished and game.sheet.ended_after == 2


@pytest.mark.parametrize(("played", "after", "kind"), [
    (0, 0, "end-nothing-played"),
    (2, 1, "end-round"),
    (2, 4, "end-round"),
    (18, 19, "end-last-round"),
])
def test_an_end_is_refused_where_it_ends_nothing_or_another_round(played, after, kind):
    game = Game().play(played)
    refused(kind, entries.end_game, game.sheet, after)


def test_a_finished_game_cannot_be_ended_and_an_ended_one_keeps_its_rounds():
    game = Game().play(1)
    game.enter(entries.end_game, 1)
    refused("end-finished", entries.end_game, game.sheet, 1 + 1)
    refused("schedule-ended", entries.schedule, game.sheet, {"op": "insert", "round": 2,
                                                             "cards": 3})


def test_the_end_is_taken_back_by_undo_and_the_planned_rounds_come_back():
    game = Game().play(2)
    game.enter(entries.end_game, 2)
    game.enter(entries.undo)
    sheet = game.sheet
    assert not sheet.is_finished and len(sheet.rounds) == 19 and not sheet.ends_early


def test_the_history_says_after_which_round_the_game_ended_of_how_many():
    game = Game().play(1)
    game.enter(entries.end_game, 1)
    entry = history_of(RULES, PLAYERS, 0, game.changes)[-1]
    assert (entry.kind, entry.details) == ("end", {"round": 1, "planned": 19})
    assert entries.entry_facts(game.sheet, game.sheet.last_entry)["round"] == 1


def test_an_imported_log_with_an_end_and_a_deck_change_is_checked_like_the_table():
    game = Game().play(1)
    game.enter(entries.decks, 2)
    game.enter(entries.end_game, 1)
    assert check_log(RULES, PLAYERS, 0, game.changes) is None
    forged = [*game.changes[:-1], Stored(len(game.changes), "end", 5)]
    assert check_log(RULES, PLAYERS, 0, forged).error.kind == "end-round"


def test_a_newcomer_makes_the_next_round_undealable_and_no_entry_goes_to_it():
    game = Game(find_preset("planowanie").ruleset).play(2)  # 13, 12, 11, ... cards
    game.enter(entries.join, "Ed", 3, "zero", None)
    rnd = game.sheet.current
    assert (rnd.number, rnd.cards, len(rnd.order), rnd.fits) == (3, 11, 5, False)
    assert refused("round-unfit", entries.trump, game.sheet, 3, "H") == {
        "number": 3, "cards": 11, "players": 5}
    refused("round-unfit", entries.bid, game.sheet, 3, rnd.order[0], 1)


@pytest.mark.parametrize(("fix", "cards", "decks"), [
    (lambda sheet: entries.fit_schedule(sheet), 10, 1),
    (lambda sheet: entries.decks(sheet, 2), 11, 2),
])
def test_the_largest_hand_that_fits_or_two_decks_make_the_round_dealable(fix, cards, decks):
    game = Game(find_preset("planowanie").ruleset).play(2)
    game.enter(entries.join, "Ed", 3, "zero", None)
    game.enter(fix)
    rnd = game.sheet.current
    assert (rnd.cards, rnd.fits, game.sheet.ruleset.decks) == (cards, True, decks)
    game.enter(entries.trump, 3, "H")


def test_going_back_to_one_deck_makes_a_large_round_undealable_again():
    two_decks = dataclasses.replace(find_preset("planowanie").ruleset, decks=2)
    game = Game(two_decks, PLAYERS + ("Ed",))  # 13 cards for 5
    assert game.sheet.current.fits
    refused("same-decks", entries.decks, game.sheet, 2)
    game.enter(entries.decks, 1)
    assert not game.sheet.current.fits and game.sheet.unfit_rounds


def test_a_player_cannot_leave_where_a_round_planned_after_an_early_end_would_be_left_to_one():
    # Found by tests/game/test_fold_snapshot.py: the rounds after the end come
    # back with an Undo of it, so the game's fold lays them out all the same.
    game = Game(players=("Ann", "Bob", "Cy")).play(2)
    game.enter(entries.sit_out, 1, 6)  # Bob sits out round 6
    game.enter(entries.end_game, 3)  # the game ends after round 3
    assert refused("too-few-every-round", entries.leave, game.sheet, 0) == {}
    assert game.sheet.planned_rounds > len(game.sheet.rounds)
