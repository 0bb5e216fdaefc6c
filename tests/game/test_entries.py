"""Entries checked by the game domain and the changes they store (no app, no database)."""

from __future__ import annotations

import pytest

from scorekeeper.game import Conflict, GameError, NewChange, build_sheet, entries, history_of
from scorekeeper.game import fold_hand, hand_entries
from scorekeeper.rules import find_preset, parse_card
from stored import Stored

PLAYERS = ("Ann", "Bob", "Cy", "Di")
RULES = find_preset("cardgames").ruleset  # 10 cards first, hook rule on, bids in turn


class Game:
    """A game's change log, grown by the domain's own entries as storage would."""

    def __init__(self, first_dealer: int = 0) -> None:
        self.first_dealer = first_dealer
        self.changes: list[Stored] = []

    @property
    def sheet(self):
        return build_sheet(RULES, PLAYERS, self.first_dealer, self.changes)

    def enter(self, build, *args) -> NewChange:
        built = build(self.sheet, *args)
        for new in built if isinstance(built, list) else [built]:
            self.changes.append(Stored(len(self.changes) + 1, new.kind, new.round, new.player,
                                       new.value))
        return built

    def with_round_one_closed(self) -> Game:
        """Round 1 entered and closed: hearts, bids 3 3 3 0, tricks 3 3 3 1."""
        self.enter(entries.trump, 1, "H")
        self.bids(1, {1: 3, 2: 3, 3: 3, 0: 0})
        for player, taken in ((1, 3), (2, 3), (3, 3), (0, 1)):
            self.enter(entries.tricks, 1, player, taken)
        self.enter(entries.close, 1)
        return self

    def bids(self, number: int, bids: dict[int, int]) -> None:
        for player in self.sheet.round(number).order:
            self.enter(entries.bid, number, player, bids[player])


def refused(kind: str, build, *args) -> dict:
    with pytest.raises(GameError) as raised:
        build(*args)
    assert raised.value.kind == kind
    return raised.value.details


def test_the_engine_strikes_out_the_dealers_bid_that_would_make_the_bids_add_up():
    game = Game(first_dealer=0)  # Ann deals round 1 (10 cards): Bob, Cy, Di, then Ann
    game.enter(entries.trump, 1, "H")
    for player, bid in ((1, 3), (2, 3), (3, 3)):
        game.enter(entries.bid, 1, player, bid)
    details = refused("forbidden-bid", entries.bid, game.sheet, 1, 0, 1)
    assert details == {"name": "Ann", "bid": 1, "cards": 10}
    assert game.enter(entries.bid, 1, 0, 2) == [NewChange("bid", round=1, player=0, value=2)]


def test_the_dealer_bids_last_and_a_bid_stays_within_the_cards():
    game = Game()
    assert refused("dealer-bids-last", entries.bid, game.sheet, 1, 0, 2) == {"name": "Ann"}
    assert refused("bid-range", entries.bid, game.sheet, 1, 1, 11) == {"name": "Bob", "cards": 10}


def test_tricks_count_down_to_the_cards_dealt_before_the_round_closes():
    game = Game()
    game.enter(entries.trump, 1, "S")
    game.bids(1, {1: 3, 2: 3, 3: 3, 0: 0})
    refused("close-needs-tricks", entries.close, game.sheet, 1)
    game.enter(entries.tricks, 1, 1, 6)
    assert refused("tricks-too-many", entries.tricks, game.sheet, 1, 2, 5) == {
        "total": 11, "cards": 10}
    for player, taken in ((2, 2), (3, 2), (0, 0)):
        game.enter(entries.tricks, 1, player, taken)
    game.enter(entries.close, 1)
    assert game.sheet.points(game.sheet.round(1)) == {1: 6, 2: 2, 3: 2, 0: 10}


def test_a_correction_is_checked_like_live_entry_and_stores_the_whole_round():
    game = Game().with_round_one_closed()
    bids = {0: 1, 1: 3, 2: 3, 3: 3}
    assert refused("forbidden-bid", entries.correction, game.sheet, 1, "H", bids,
                   {0: 1, 1: 3, 2: 3, 3: 3})["bid"] == 1
    bids[0] = 0
    assert refused("tricks-total", entries.correction, game.sheet, 1, "H", bids,
                   {0: 1, 1: 3, 2: 3, 3: 2}) == {"total": 9, "cards": 10}
    assert refused("tricks-range", entries.correction, game.sheet, 1, "H", bids,
                   {0: 0, 1: 11, 2: 0, 3: 0})["name"] == "Bob"
    change = game.enter(entries.correction, 1, None, bids, {0: 2, 1: 3, 2: 3, 3: 2})
    assert change.value == {"trump": None, "bids": {"1": 3, "2": 3, "3": 3, "0": 0},
                            "tricks": {"1": 3, "2": 3, "3": 2, "0": 2}}


def test_one_entry_of_a_closed_round_is_corrected_as_the_whole_round_on_what_the_phone_saw():
    game = Game().with_round_one_closed()  # hearts, bids 3 3 3 0, tricks 3 3 3 1
    change, = game.enter(entries.corrected_entry, 1, "bid", 1, 2, 3)
    assert change.kind == "correct" and change.value["bids"] == {"1": 2, "2": 3, "3": 3, "0": 0}
    assert change.value["tricks"] == {"1": 3, "2": 3, "3": 3, "0": 1}
    assert entries.corrected_entry(game.sheet, 1, "bid", 1, 2, 3) == []  # sent again: done
    # A third phone's value meanwhile: refused, the round's value named.
    assert refused("changed-meanwhile", entries.corrected_entry, game.sheet, 1, "bid", 1, 5,
                   3) == {"entry": "bid", "current": 2, "name": "Bob", "player": 1}
    # The dealer's bid checked again with it: the bids would add up to the cards.
    assert refused("forbidden-bid", entries.corrected_entry, game.sheet, 1, "bid", 1, 4,
                   2)["name"] == "Ann"
    assert game.enter(entries.corrected_entry, 1, "trump", None, None, "H")[0].value["trump"] is None
    # Checked as the whole round: one player's tricks alone no longer add up.
    assert refused("tricks-total", entries.corrected_entry, game.sheet, 1, "tricks", 1, 4,
                   3) == {"total": 11, "cards": 10}
    assert refused("round-open", entries.corrected_entry, game.sheet, 2, "bid", 1, 4, None)


def test_entries_of_a_closed_round_that_add_up_only_together_are_corrected_together():
    game = Game().with_round_one_closed()  # tricks 3 3 3 1 of 10
    # Bob 4 and Di 0 on the phone: neither alone adds up to the 10 cards.
    assert refused("tricks-total", entries.corrected_entry, game.sheet, 1, "tricks", 1, 4, 3)
    assert refused("tricks-total", entries.corrected_entry, game.sheet, 1, "tricks", 0, 0, 1)
    both = [("tricks", 1, 4, 3), ("tricks", 0, 0, 1)]
    change, = game.enter(entries.corrected_entries, 1, both)
    assert change.value["tricks"] == {"1": 4, "2": 3, "3": 3, "0": 0}
    assert change.value["bids"] == {"1": 3, "2": 3, "3": 3, "0": 0}
    assert entries.corrected_entries(game.sheet, 1, both) == []  # sent again: done
    # Bob 2 and Cy 5 on a phone that saw Bob 4 and Cy 3; a third phone made
    # them Bob 3 and Cy 4 meanwhile: the whole refused, the first changed named.
    game.enter(entries.corrected_entries, 1, [("tricks", 1, 3, 4), ("tricks", 2, 4, 3)])
    assert refused("changed-meanwhile", entries.corrected_entries, game.sheet, 1,
                   [("tricks", 1, 2, 4), ("tricks", 2, 5, 3)]) == {
        "entry": "tricks", "current": 3, "name": "Bob", "player": 1}
    assert refused("changed-meanwhile", entries.corrected_entries, game.sheet, 1,
                   [("tricks", 2, 5, 3), ("tricks", 1, 2, 4)])["name"] == "Cy"
    # The trump and a bid with them, checked as the whole round.
    change, = game.enter(entries.corrected_entries, 1, [("trump", None, "S", "H"),
                                                        ("bid", 3, 5, 3)])
    assert change.value["trump"] == "S" and change.value["bids"]["3"] == 5


def test_an_entry_to_a_round_closed_since_the_phone_saw_it_open_is_a_conflict():
    game = Game().with_round_one_closed()
    with pytest.raises(Conflict) as raised:
        entries.bid(game.sheet, 1, 1, 5, None)  # the phone saw no bid: the round was open
    assert raised.value.kind == "round-closed"
    assert not isinstance(_refused(entries.bid, game.sheet, 1, 1, 5), Conflict)  # no `was`


def _refused(build, *args) -> GameError:
    with pytest.raises(GameError) as raised:
        build(*args)
    return raised.value


def test_undo_names_the_latest_change_in_force_and_the_history_says_what_it_took_back():
    game = Game()
    game.enter(entries.trump, 1, "H")
    game.enter(entries.bid, 1, 1, 2)
    game.enter(entries.bid, 1, 1, 4)
    assert game.enter(entries.undo)[0].value == 3
    history = history_of(RULES, PLAYERS, 0, game.changes)
    assert [e.kind for e in history] == ["trump", "bid", "bid", "undo"]
    assert history[2].details == {"round": 1, "name": "Bob", "before": 2, "after": 4}
    assert history[2].undone and not history[1].undone
    assert history[3].details["undone"].seq == 3
    assert game.sheet.round(1).bids == {1: 2}


def test_a_newcomer_gets_the_next_id_and_a_starting_score_by_the_tables_rule():
    game = Game()
    change = game.enter(entries.join, "  Fay  ", 1, "number", 7)
    assert change.player == 4 and change.value["name"] == "Fay"
    assert change.value["start_score"] == 7 and change.value["from"] == 1
    assert refused("same-name", entries.join, game.sheet, "fay", None, "zero", None) == {
        "name": "fay"}
    assert game.sheet.round(1).order == [1, 4, 2, 3, 0]


def test_a_stale_tap_on_the_hand_is_a_conflict_and_a_complete_hand_writes_its_tricks():
    game = Game()
    game.enter(entries.trump, 1, "H")
    game.bids(1, {1: 3, 2: 3, 3: 3, 0: 0})
    hand = fold_hand(game.sheet, 1, [])
    with pytest.raises(Conflict):
        hand_entries.card(hand, parse_card("AS"), at=1)
    (event,) = hand_entries.card(hand, parse_card("AS"), at=0)
    assert (event.kind, event.player, event.cards) == ("card", 1, ["AS"])
    with pytest.raises(GameError) as raised:
        hand_entries.replay_changes(hand)
    assert raised.value.kind == "replay-incomplete"


def test_a_write_made_on_a_stale_view_of_the_same_entry_is_a_conflict_naming_its_value():
    game = Game()
    game.enter(entries.trump, 1, "H", "unset")
    game.enter(entries.bid, 1, 1, 2, None)  # phone A saw no bid and bids 2
    with pytest.raises(Conflict) as raised:  # phone B also saw no bid, and bids 3
        entries.bid(game.sheet, 1, 1, 3, None)
    assert raised.value.kind == "changed-meanwhile"
    assert raised.value.details == {"entry": "bid", "current": 2, "name": "Bob", "player": 1}
    assert game.enter(entries.bid, 1, 2, 1, None)  # another player's bid: no conflict
    assert game.enter(entries.bid, 1, 1, 3, 2)  # B has seen the 2 now: it changes


def test_a_tap_that_changes_nothing_or_comes_again_stores_nothing():
    game = Game()
    game.enter(entries.trump, 1, "H")
    game.enter(entries.bid, 1, 1, 2, None)
    assert entries.bid(game.sheet, 1, 1, 2, None) == []  # sent again: its answer was lost
    assert entries.bid(game.sheet, 1, 1, 2, 2) == []  # the chip already chosen
    assert entries.trump(game.sheet, 1, "H", "H") == []


def test_undo_names_the_entry_it_takes_back_and_refuses_one_that_is_not_the_last():
    game = Game()
    game.enter(entries.trump, 1, "H")
    game.enter(entries.bid, 1, 1, 2)  # seq 2, what phone A shows as last
    game.enter(entries.bid, 1, 2, 1)  # seq 3, from phone B meanwhile
    with pytest.raises(Conflict) as raised:
        entries.undo(game.sheet, seq=2)
    assert raised.value.kind == "undo-stale"
    assert raised.value.details == {"seq": 3, "change": "bid", "round": 1, "name": "Cy", "value": 1}
    assert game.enter(entries.undo, 3)[0].value == 3
    assert entries.undo(game.sheet, seq=3) == []  # the same undo sent again: done
    assert game.sheet.round(1).bids == {1: 2}


def test_undoing_a_close_asks_first_because_it_reopens_the_round():
    game = Game().with_round_one_closed()
    assert entries.close(game.sheet, 1) == []  # closing again: done
    assert refused("undo-reopens", entries.undo, game.sheet) == {"number": 1}
    game.enter(entries.undo, None, True)
    assert not game.sheet.round(1).closed
