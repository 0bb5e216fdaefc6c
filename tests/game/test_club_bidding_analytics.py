"""The club's bidding figures, from folded sheets (plain Python)."""

from __future__ import annotations

from scorekeeper.game import build_sheet
from scorekeeper.game.bidding_analytics import bidding_figures, seat_from_dealer
from scorekeeper.rules import find_preset
from stored import Stored


def played(rounds, players=("Ann", "Bob", "Cy"), preset="cardgames"):
    """A game whose first rounds are played: each a list of (bid, tricks) by player id."""
    ruleset = find_preset(preset).ruleset
    changes = []
    probe = build_sheet(ruleset, list(players), 0, [])
    for number, entries in enumerate(rounds, start=1):
        rnd = probe.rounds[number - 1]
        if rnd.expects_trump:
            changes.append(("trump", number, None, "H"))
        for pid in rnd.order:
            changes.append(("bid", number, pid, entries[pid][0]))
        for pid in rnd.order:
            changes.append(("tricks", number, pid, entries[pid][1]))
        changes.append(("close", number))
    stored = [Stored(seq, *spec) for seq, spec in enumerate(changes, start=1)]
    return build_sheet(ruleset, list(players), 0, stored)


def test_hit_rates_count_each_bid_by_hand_size_and_seat_from_the_dealer():
    sheet = played([[(1, 1), (0, 0), (0, 0)]])  # round 1 of the 10-1-10 game: cards as dealt
    rnd = sheet.closed_rounds[0]
    players, table = bidding_figures([sheet])
    for pid in rnd.order:
        figures = players[sheet.name(pid).casefold()]
        assert figures.by_size[rnd.cards].bids == 1
        assert figures.by_seat[seat_from_dealer(rnd.order, pid)].bids == 1
    assert table.overall.bids == 3


def test_the_hook_refusing_the_dealer_is_counted_with_what_they_then_made():
    probe = played([])
    rnd = probe.rounds[0]
    cards, dealer, others = rnd.cards, rnd.order[-1], rnd.order[:-1]
    # The others bid all but one card between them: the dealer may not bid that one.
    bids = {others[0]: cards - 1, others[1]: 0}
    refused = cards - sum(bids.values())
    dealer_bid = 0 if refused != 0 else 1
    entries = {others[0]: (bids[others[0]], cards - refused), others[1]: (0, 0),
               dealer: (dealer_bid, refused)}
    sheet = played([[entries[pid] for pid in range(3)]])
    players, table = bidding_figures([sheet])
    hook = players[sheet.name(dealer).casefold()].hook
    assert (hook.refused, hook.made, hook.forced_off) == (1, 0, 1)
    assert hook.rounds == [(refused, dealer_bid, refused)]
    assert table.hook.refused == 1
    assert all(players[sheet.name(pid).casefold()].hook.refused == 0 for pid in others)


def test_one_person_spelt_two_ways_is_counted_once_through_the_club_names():
    one = played([[(1, 1), (0, 0), (0, 0)]], players=("Kasia", "Bob", "Cy"))
    two = played([[(1, 1), (0, 0), (0, 0)]], players=("Katarzyna", "Bob", "Cy"))
    merged = {"Kasia": "Katarzyna"}
    players, _table = bidding_figures([one, two], lambda name: merged.get(name, name))
    assert players["katarzyna"].overall.bids == 2 and "kasia" not in players


def test_the_rounds_dealt_under_the_hook_are_counted_and_none_under_rules_without_it():
    hooked = played([[(1, 1), (0, 0), (0, 0)]])
    unhooked = played([[(1, 1), (0, 0), (0, 0)]], preset="piekielko")
    _players, table = bidding_figures([hooked])
    assert table.hook.dealt == 1
    players, table = bidding_figures([unhooked])
    assert table.hook.dealt == 0 and table.hook.refused == 0
    assert all(figures.hook.dealt == 0 for figures in players.values())
