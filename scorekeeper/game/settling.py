"""Settling up: a stake per point, and who pays whom at the end, in the fewest transfers.

Money is whole numbers of the stake's minor units (hundredths: cents, grosze),
never floats. Every pair of players settles the difference of their totals at
the stake, so a player's balance is the stake times the sum of their leads
over each other player, ``stake * (n * total - sum of totals)``: a whole
number, and the balances add up to zero. Where the lowest total wins, the
leads count the other way.

The fewest transfers that settle the balances (:func:`fewest_transfers`):
the transfers made form a graph on the players, and each of its connected
parts must add up to zero, so a part of ``k`` players needs ``k - 1``
transfers at least; and a set of players whose balances add up to zero is
settled in ``k - 1`` transfers by paying off the largest debt to the largest
credit in turn (each transfer clears at least one player, the last one two).
The fewest transfers are therefore the players owed or owing minus the most
groups of them that each add up to zero, which a search over the subsets of
the players finds exactly: the app seats at most 10 players, 1,024 subsets.
tests/game/test_settling.py checks it against every partition of small tables.

>>> balances({0: 30, 1: 10, 2: 20}, 5)
{0: 150, 1: -150, 2: 0}
>>> fewest_transfers({0: 150, 1: -150, 2: 0})
[Transfer(payer=1, payee=0, amount=150)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from ..rules.numbers import is_whole
from .errors import GameError
from .rounds import NewChange

#: The largest stake per point, in minor units (100.00).
MOST_PER_POINT = 10_000
#: The longest currency symbol ("zł", "€", "kr", "Rs.").
LONGEST_SYMBOL = 4
#: Minor units per major unit: every stake has two decimals.
MINOR = 100


@dataclass(frozen=True)
class Stake:
    """An amount per point in minor units, and the currency symbol shown with it ("" for none)."""

    per_point: int
    symbol: str = ""

    @classmethod
    def from_value(cls, value: Mapping | None) -> Stake | None:
        """The stake a stored change holds (None: no stake)."""
        if not value or not value.get("per_point"):
            return None
        return cls(value["per_point"], value.get("symbol", ""))


@dataclass(frozen=True)
class Transfer:
    """One payment of the settlement, in minor units."""

    payer: int
    payee: int
    amount: int


def balances(totals: Mapping[int, int], per_point: int, lowest_wins: bool = False
             ) -> dict[int, int]:
    """Each player's balance in minor units (positive: receives), the
    differences of every pair of totals at ``per_point``."""
    count, whole = len(totals), sum(totals.values())
    sign = -1 if lowest_wins else 1
    return {pid: sign * per_point * (count * total - whole) for pid, total in totals.items()}


def zero_sum_groups(owed: Mapping[int, int]) -> list[list[int]]:
    """The most groups, each adding up to zero, that the players with a
    non-zero balance split into (each player in one group, players in order)."""
    players = sorted(pid for pid, amount in owed.items() if amount)
    count = len(players)
    sums = [0] * (1 << count)
    for mask in range(1, 1 << count):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + owed[players[low]]
    # best[mask]: the most zero-sum groups the players of mask (adding up to
    # zero) split into; a mask that does not add up to zero is never used whole.
    best = [0] * (1 << count)
    for mask in range(1, 1 << count):
        best[mask] = max(best[mask & ~(1 << i)] for i in range(count) if mask >> i & 1) \
            + (sums[mask] == 0)
    groups, mask = [], (1 << count) - 1
    while mask:
        # Peel off one group: a zero-sum subset whose rest keeps the count.
        group = next(sub for sub in _submasks(mask)
                     if sums[sub] == 0 and best[mask ^ sub] == best[mask] - 1)
        groups.append([players[i] for i in range(count) if group >> i & 1])
        mask ^= group
    return groups


def _submasks(mask: int):
    """The non-empty subsets of ``mask``, smallest first."""
    subs, sub = [], mask
    while sub:
        subs.append(sub)
        sub = (sub - 1) & mask
    return sorted(subs, key=lambda s: (bin(s).count("1"), s))


def fewest_transfers(owed: Mapping[int, int]) -> list[Transfer]:
    """Transfers that settle the balances (adding up to zero), as few as can be:
    within each zero-sum group the largest debtor pays the largest creditor."""
    if sum(owed.values()):
        raise ValueError("balances must add up to zero")
    transfers = []
    for group in zero_sum_groups(owed):
        left = {pid: owed[pid] for pid in group}
        while any(left.values()):
            payer = min(left, key=lambda pid: (left[pid], pid))
            payee = max(left, key=lambda pid: (left[pid], -pid))
            amount = min(-left[payer], left[payee])
            transfers.append(Transfer(payer, payee, amount))
            left[payer] += amount
            left[payee] -= amount
    return sorted(transfers, key=lambda t: (t.payer, t.payee))


# -- the entry ---------------------------------------------------------------------

AMOUNT = re.compile(r"(\d{1,7})(?:[.,](\d{1,2}))?")


def minor_units(text: str) -> int:
    """The stake typed (``"0.05"``, ``"0,05"``, ``"2"``: either decimal mark,
    at most two decimals, no grouping) in minor units; an empty text is no stake.

    :raise GameError: "stake-amount" when it is not such an amount or too large.
    """
    text = text.strip()
    if not text:
        return 0
    found = AMOUNT.fullmatch(text)
    if found is None:
        raise GameError("stake-amount", most=MOST_PER_POINT // MINOR)
    amount = Decimal(text.replace(",", ".")) * MINOR
    if amount > MOST_PER_POINT:
        raise GameError("stake-amount", most=MOST_PER_POINT // MINOR)
    return int(amount)


def clean_symbol(symbol: str) -> str:
    """The currency symbol as stored: trimmed, at most :data:`LONGEST_SYMBOL`
    characters with no digit and no control character.

    :raise GameError: "stake-symbol" otherwise.
    """
    symbol = symbol.strip()
    if len(symbol) > LONGEST_SYMBOL or any(c.isdigit() or not c.isprintable() for c in symbol):
        raise GameError("stake-symbol", most=LONGEST_SYMBOL)
    return symbol


class Staked(Protocol):
    """What :func:`set_stake` reads of the sheet (the sheet imports this module)."""

    stake: Stake | None


def set_stake(sheet: Staked, per_point: int, symbol: str = "") -> list[NewChange]:
    """The stake per point from now on (0: none); the same stake again stores nothing.
    It may change at any time, after the end too: it settles the totals as they are.

    :raise GameError: "stake-amount" or "stake-symbol" for one out of range.
    """
    if not is_whole(per_point, 0, MOST_PER_POINT):
        raise GameError("stake-amount", most=MOST_PER_POINT // MINOR)
    value = {"per_point": per_point, "symbol": clean_symbol(symbol) if per_point else ""}
    if Stake.from_value(value) == sheet.stake:
        return []
    return [NewChange("stake", value=value)]
