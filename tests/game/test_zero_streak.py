"""Kachuful's limit on 0 bids in a row [EN-wikipedia-kachufool], checked live like
the hook rule: "If more than 5 players are playing, no player can bid zero more
than 5 times in a row. If a player bids zero five times in a row, the 6th time
has to be a non-zero bid." (No app, no database.)"""

from __future__ import annotations

import pytest

from scorekeeper.game import GameError, NewChange, entries
from scorekeeper.rules import find_preset
from test_end_and_decks import Game as LoggedGame

KACHUFUL = find_preset("kachuful")
LIMITED = KACHUFUL.variant("zero-limit").apply(KACHUFUL.ruleset)


class Game(LoggedGame):
    """A game's change log (Ann deals first), with rounds of zeros."""

    def everyone_bids_zero_and_the_dealer_takes_all(self, number: int) -> None:
        rnd = self.sheet.round(number)
        for player in rnd.order:
            self.enter(entries.bid, number, player, 0)
        for player in rnd.order:
            self.enter(entries.tricks, number, player, rnd.cards if player == rnd.dealer else 0)
        self.enter(entries.close, number)


def _after_five_zero_rounds(rules, players):
    game = Game(rules, players)
    for number in range(1, 6):
        game.everyone_bids_zero_and_the_dealer_takes_all(number)
    return game


def test_a_sixth_zero_in_a_row_is_refused_with_six_players_and_a_one_is_taken():
    game = _after_five_zero_rounds(LIMITED, tuple("ABCDEF"))
    sheet = game.sheet
    first = sheet.round(6).order[0]
    assert sheet.zero_bid_barred(sheet.round(6), first)
    with pytest.raises(GameError) as refused:
        entries.bid(sheet, 6, first, 0)
    assert (refused.value.kind, refused.value.details) == (
        "zero-streak", {"name": sheet.name(first), "limit": 5})
    assert game.enter(entries.bid, 6, first, 1) == [
        NewChange("bid", round=6, player=first, value=1)]


def test_with_five_players_the_limit_does_not_apply():
    game = _after_five_zero_rounds(LIMITED, tuple("ABCDE"))
    sheet = game.sheet
    first = sheet.round(6).order[0]
    assert not sheet.zero_bid_barred(sheet.round(6), first)
    assert game.enter(entries.bid, 6, first, 0)


def test_the_preset_without_the_variant_has_no_limit():
    game = _after_five_zero_rounds(KACHUFUL.ruleset, tuple("ABCDEF"))
    first = game.sheet.round(6).order[0]
    assert game.enter(entries.bid, 6, first, 0)


def test_a_non_zero_bid_ends_the_streak():
    game = Game(LIMITED, tuple("ABCDEF"))
    for number in range(1, 6):
        game.everyone_bids_zero_and_the_dealer_takes_all(number)
    sheet = game.sheet
    first = sheet.round(6).order[0]
    game.enter(entries.bid, 6, first, 1)
    assert not game.sheet.zero_bid_barred(game.sheet.round(7), first)
