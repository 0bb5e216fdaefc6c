"""The bidding figures a club argues about, from its games' sheets: each
player's hit rate (bids made of bids) by hand size and by seat counted from
the dealer, and how the hook treated them as dealer, with the table-wide
figures beside them.

- The seat from the dealer is 1 for the player who bids first (left of the
  dealer, who leads), 2 for the next, ..., and 0 for the dealer, who bids last.
- The hook refused the dealer a bid in a round when the others' bids left
  one number the dealer could not bid (the rules engine's forbidden bid,
  bidding in turn with the hook on). For those rounds the figures say how
  often the dealer still made their bid, and how often they took exactly
  the tricks of the bid refused: that bid would have been made, so the hook
  cost them the round ("forced off").

Every player is keyed by the name shown (``shown``: the club's merges
applied), so one person spelt two ways is counted once.

>>> hits = Hits()
>>> hits.add(True); hits.add(False); hits.add(True)
>>> hits.made, hits.bids, round(hits.rate, 2)
(2, 3, 0.67)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .names import name_key
from .sheet import Sheet


@dataclass
class Hits:
    """Bids made of bids."""

    made: int = 0
    bids: int = 0

    def add(self, made: bool) -> None:
        self.made += made
        self.bids += 1

    def merge(self, other: Hits) -> None:
        self.made += other.made
        self.bids += other.bids

    @property
    def rate(self) -> float | None:
        return self.made / self.bids if self.bids else None


@dataclass
class HookFigures:
    """The rounds a player dealt with the hook in force (``dealt``: none
    where the games' rules have no hook), and those it refused them a bid
    in: how many, how many of them they still made, how many they took
    exactly the refused number in (forced off a bid that would have been
    made); and each such round as (refused bid, bid made, tricks taken)."""

    dealt: int = 0
    refused: int = 0
    made: int = 0
    forced_off: int = 0
    rounds: list[tuple[int, int, int]] = field(default_factory=list)

    def add(self, refused: int, bid: int, tricks: int) -> None:
        self.refused += 1
        self.made += bid == tricks
        self.forced_off += tricks == refused
        self.rounds.append((refused, bid, tricks))

    def merge(self, other: HookFigures) -> None:
        self.dealt += other.dealt
        self.refused += other.refused
        self.made += other.made
        self.forced_off += other.forced_off
        self.rounds += other.rounds

    @property
    def made_rate(self) -> float | None:
        return self.made / self.refused if self.refused else None

    @property
    def forced_rate(self) -> float | None:
        return self.forced_off / self.refused if self.refused else None


@dataclass
class BiddingFigures:
    """One player's bidding (or, as ``table``, everyone's together)."""

    name: str
    overall: Hits = field(default_factory=Hits)
    by_size: dict[int, Hits] = field(default_factory=dict)
    by_seat: dict[int, Hits] = field(default_factory=dict)
    hook: HookFigures = field(default_factory=HookFigures)

    def add(self, cards: int, seat: int, made: bool) -> None:
        self.overall.add(made)
        self.by_size.setdefault(cards, Hits()).add(made)
        self.by_seat.setdefault(seat, Hits()).add(made)

    def merge(self, other: BiddingFigures) -> None:
        self.overall.merge(other.overall)
        for size, hits in other.by_size.items():
            self.by_size.setdefault(size, Hits()).merge(hits)
        for seat, hits in other.by_seat.items():
            self.by_seat.setdefault(seat, Hits()).merge(hits)
        self.hook.merge(other.hook)


def seat_from_dealer(order: list[int], player: int) -> int:
    """The player's seat counted from the dealer: 1 bids first, the dealer is 0.

    >>> seat_from_dealer([5, 6, 7], 5), seat_from_dealer([5, 6, 7], 7)
    (1, 0)
    """
    return (order.index(player) + 1) % len(order)


def bidding_figures(sheets: Iterable[Sheet], shown: Callable[[str], str] = str
                    ) -> tuple[dict[str, BiddingFigures], BiddingFigures]:
    """Each player's figures (by name key, the name shown in them) over the
    closed rounds of these games, and the table-wide figures of all of them."""
    players: dict[str, BiddingFigures] = {}
    for sheet in sheets:
        for rnd in sheet.closed_rounds:
            dealer = rnd.order[-1]
            for pid in rnd.order:
                name = shown(sheet.name(pid))
                figures = players.setdefault(name_key(name), BiddingFigures(name))
                bid, tricks = rnd.bids[pid], rnd.tricks[pid]
                figures.add(rnd.cards, seat_from_dealer(rnd.order, pid), bid == tricks)
                if pid == dealer and rnd.hook_active:
                    figures.hook.dealt += 1
                    refused = rnd.forbidden_with(rnd.bids)
                    if refused is not None:
                        figures.hook.add(refused, bid, tricks)
    table = BiddingFigures("")
    for figures in players.values():
        table.merge(figures)
    return players, table
