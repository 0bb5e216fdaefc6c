"""Helpers for the club tests: games of a club's evening played through the
storage (each entry checked by the game domain, as a phone's would be)."""

from __future__ import annotations

from scorekeeper.game import entries
from scorekeeper.storage.games import load_sheet, record


def play_round(game, number: int, taker: int = 0, trump: str = "H") -> None:
    """Play round ``number``: the player ``taker`` places in bidding order
    bids 1 and takes every trick; everyone else bids 0. The dealer's bid
    avoids the hook."""
    rnd = load_sheet(game).rounds[number - 1]
    if rnd.expects_trump:
        record(game, entries.trump, number, trump)
    bids = {pid: 0 for pid in rnd.order}
    bids[rnd.order[taker]] = 1
    dealer = rnd.order[-1]
    others = sum(bid for pid, bid in bids.items() if pid != dealer)
    if bids[dealer] == rnd.cards - others:  # the hook forbids it
        bids[dealer] += 1
    for pid in rnd.order:
        record(game, entries.bid, number, pid, bids[pid])
    tricks = {pid: 0 for pid in rnd.order}
    tricks[rnd.order[taker]] = rnd.cards
    for pid in rnd.order:
        record(game, entries.tricks, number, pid, tricks[pid])
    record(game, entries.close, number)


def play_first_round(game, taker: int = 0, trump: str = "H") -> None:
    """Play round 1 (:func:`play_round`)."""
    play_round(game, 1, taker, trump)


def finish_after_first_round(game, taker: int = 0) -> None:
    """Play round 1 (:func:`play_first_round`) and end the game after it."""
    play_first_round(game, taker)
    record(game, entries.end_game, 1)
