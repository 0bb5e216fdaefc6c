"""What a proven revoke costs (docs/rules.md section 10): the table's option
and the points it moves.

A revoke (not following suit while holding the suit led) can only be proven
once the hand is known, so the app never blocks it: the hand recorder flags
it, and the table may then apply the penalty it agreed on as an adjustment.
The penalties offered are the ones the laws of whist give [EN-whist-laws]:
the revoker's side loses three points, or the other side gains three.

>>> penalty = RevokePenalty("revoker-loses")
>>> penalty_points(penalty, revoker=2, players=[0, 1, 2, 3])
{2: -3}
>>> penalty_points(RevokePenalty("others-gain", points=5), revoker=2, players=[0, 1, 2])
{0: 5, 1: 5}
>>> penalty_points(RevokePenalty(), revoker=2, players=[0, 1, 2])
{}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from .options import build_option, check_choice, check_whole

__all__ = [
    "PUBLISHED_REVOKE_PENALTIES",
    "REVOKE_PENALTY_MODES",
    "RevokePenalty",
    "penalty_points",
]

RevokePenaltyMode = Literal["none", "revoker-loses", "others-gain"]
REVOKE_PENALTY_MODES: Final[tuple[RevokePenaltyMode, ...]] = (
    "none",
    "revoker-loses",
    "others-gain",
)
"""No penalty; the revoker loses ``points``; every other player gains ``points``."""

#: The number of points the laws of whist move for a revoke [EN-whist-laws].
WHIST_LAW_POINTS: Final = 3


@dataclass(frozen=True)
class RevokePenalty:
    """The table's penalty for a proven revoke, applied as an adjustment.

    >>> RevokePenalty().to_dict()
    {'mode': 'none', 'points': 3}
    >>> RevokePenalty("revoker-loses", points=0)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRuleOption: points: must be at least 1, not 0
    """

    mode: RevokePenaltyMode = "none"
    points: int = WHIST_LAW_POINTS

    def __post_init__(self) -> None:
        check_choice("mode", self.mode, REVOKE_PENALTY_MODES)
        check_whole("points", self.points, 1)

    @property
    def is_none(self) -> bool:
        return self.mode == "none"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict of the options."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> RevokePenalty:
        """Build from :meth:`to_dict` output; missing options take their defaults."""
        return build_option(cls, d)


PUBLISHED_REVOKE_PENALTIES: Final[tuple[tuple[RevokePenalty, str], ...]] = (
    (RevokePenalty("revoker-loses", WHIST_LAW_POINTS), "[EN-whist-laws]"),
    (RevokePenalty("others-gain", WHIST_LAW_POINTS), "[EN-whist-laws]"),
)
"""The penalties a published rule book gives, each with its source tag."""


def penalty_points(penalty: RevokePenalty, revoker: int, players: Iterable[int]) -> dict[int, int]:
    """The points each player gets for ``revoker``'s revoke (players by any id)."""
    if penalty.mode == "revoker-loses":
        return {revoker: -penalty.points}
    if penalty.mode == "others-gain":
        return {player: penalty.points for player in players if player != revoker}
    return {}
