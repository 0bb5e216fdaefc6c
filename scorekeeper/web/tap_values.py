"""What the round screen's taps send, read as the game domain takes it:
the trump chosen and what the phone's screen showed (``was``).

Plain Python (no form library), so that the phone reads its own taps the
same way when it keeps the score itself (:mod:`scorekeeper.web.phone`).
"""

from __future__ import annotations

from typing import Any

from ..game import TRUMP_CHOICES
from ..game.entries import EMPTY, UNSEEN
from ..rules.numbers import whole_from_text

#: Form value of "no trump" (a suit is its letter).
NO_TRUMP = "none"


def trump_from_form(value: str) -> str | None:
    """The stored trump for a submitted choice."""
    return None if value == NO_TRUMP else value


def trump_to_form(trump: str | None) -> str:
    return NO_TRUMP if trump is None else trump


TRUMP_FORM_CHOICES = [trump_to_form(t) for t in TRUMP_CHOICES]


def seen_value(raw: str | None) -> Any:
    """What the phone saw (a ``was`` field as sent, None when absent), as the
    game domain compares it: empty for nothing entered yet, or the value."""
    if raw is None:
        return UNSEEN
    if raw == "":
        return EMPTY
    if raw in ("unset", NO_TRUMP) or raw in TRUMP_FORM_CHOICES:
        return trump_from_form(raw)
    number = whole_from_text(raw, most_digits=3)
    return UNSEEN if number is None else number
