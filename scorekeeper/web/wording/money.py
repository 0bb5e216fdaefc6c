"""Amounts of money in the page's language: a stake's minor units (hundredths)
with the locale's decimal mark and grouping, and the currency symbol the table
chose after them, or none (:mod:`scorekeeper.game.settling`)."""

from __future__ import annotations

from decimal import Decimal

from flask_babel import format_decimal

from ...game.settling import MINOR

#: Always two decimals: 0.05, 1.50, 12.00.
PATTERN = "#,##0.00"


def money(minor: int, symbol: str = "") -> str:
    """``minor`` hundredths as the page writes them, with ``symbol`` after a
    no-break space ("1,50 zł", "0.05 $", "2.00")."""
    number = format_decimal(Decimal(minor) / MINOR, format=PATTERN)
    return f"{number}\u00a0{symbol}" if symbol else number


def stake_input(minor: int) -> str:
    """A stake as its field shows it again (no grouping: the field reads
    either decimal mark, no thousands separator)."""
    if not minor:
        return ""
    return format_decimal(Decimal(minor) / MINOR, format="0.00")
