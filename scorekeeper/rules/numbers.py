"""Whole numbers: the one check of a value, and the one reading of typed text.

Every count the rules take (cards, seats, bids, tricks, points) is a whole
number, often within a range; ``True`` is an ``int`` to Python but no count.
"""

from __future__ import annotations

__all__ = ["is_whole", "whole_from_text"]


def is_whole(value: object, low: int | None = None, high: int | None = None) -> bool:
    """Whether ``value`` is a whole number (an ``int``, not a ``bool``) from
    ``low`` to ``high``, both included, where they are given.

    >>> is_whole(3), is_whole(3, 1, 3), is_whole(0, 1), is_whole(True), is_whole(2.0)
    (True, True, False, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def whole_from_text(text: object, most_digits: int = 18, negative: bool = False) -> int | None:
    """The whole number ``text`` spells in ASCII digits (at most ``most_digits``
    of them, after a minus sign where ``negative`` allows one), or None: the one
    way typed or stored text becomes a whole number.

    Python's ``str.isdigit`` and ``int`` take other scripts' digits ("²" is a
    digit to one and not the other), so neither decides alone.

    >>> whole_from_text("12"), whole_from_text("²"), whole_from_text("٣"), whole_from_text(" 1")
    (12, None, None, None)
    >>> whole_from_text("1234", most_digits=3), whole_from_text("-5"), whole_from_text("-5", negative=True)
    (None, None, -5)
    """
    if not isinstance(text, str):
        return None
    digits = text[1:] if negative and text.startswith("-") else text
    if not 0 < len(digits) <= most_digits or not (digits.isascii() and digits.isdigit()):
        return None
    return int(text)
