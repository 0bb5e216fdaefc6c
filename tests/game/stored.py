"""A stored change as the fold reads it, for the domain's tests (the storage
layer hands the fold database rows of the same shape)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Stored:
    seq: int
    kind: str
    round: int | None = None
    player: int | None = None
    value: Any = None
    #: Entered by the player on their own phone (their seat link).
    by_player: bool = False
