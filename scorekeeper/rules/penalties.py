"""What a proven revoke costs (docs/rules.md section 10): the table's option
and the points it moves.

A revoke (not following suit while holding the suit led) can only be proven
once the hand is known, so the app never blocks it: the hand recorder flags
it, and the table may then apply the penalty it agreed on as an adjustment.
The penalties offered are the ones the laws of whist give [EN-whist-laws]:
the revoker's side loses three points, or the other side gains three, or three
tricks are taken from the revoking side and given to the other. Oh Hell has no
sides, so the tricks go to one player, the one the revoke harmed
(:func:`harmed_by_revoke`: by default the player who takes the revoked trick
when the revoker's card is left out), and no more tricks move than the revoker
took (:func:`penalty_tricks`); the round is then scored again.

>>> penalty = RevokePenalty("revoker-loses")
>>> penalty_points(penalty, revoker=2, players=[0, 1, 2, 3])
{2: -3}
>>> penalty_points(RevokePenalty("others-gain", points=5), revoker=2, players=[0, 1, 2])
{0: 5, 1: 5}
>>> penalty_points(RevokePenalty(), revoker=2, players=[0, 1, 2])
{}
>>> penalty_tricks(RevokePenalty("tricks-to-harmed"), {0: 1, 1: 0, 2: 4}, revoker=2, harmed=1)
{0: 1, 1: 3, 2: 1}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from .cards import Card, Suit
from .options import build_option, check_choice, check_whole
from .options import IdenticalCards
from .play import FIRST_WINS, trick_winner

__all__ = [
    "PUBLISHED_REVOKE_PENALTIES",
    "REVOKE_PENALTY_MODES",
    "RevokePenalty",
    "harmed_by_revoke",
    "penalty_points",
    "penalty_tricks",
]

RevokePenaltyMode = Literal["none", "revoker-loses", "others-gain", "tricks-to-harmed"]
REVOKE_PENALTY_MODES: Final[tuple[RevokePenaltyMode, ...]] = (
    "none",
    "revoker-loses",
    "others-gain",
    "tricks-to-harmed",
)
"""No penalty; the revoker loses ``points``; every other player gains ``points``;
``points`` tricks (no more than the revoker took) move from the revoker to the
player the revoke harmed, and the round is scored again."""

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

    @property
    def moves_tricks(self) -> bool:
        """Whether the penalty moves tricks (a correction of the round), not points."""
        return self.mode == "tricks-to-harmed"

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
    (RevokePenalty("tricks-to-harmed", WHIST_LAW_POINTS), "[EN-whist-laws]"),
)
"""The penalties a published rule book gives, each with its source tag."""


def penalty_points(penalty: RevokePenalty, revoker: int, players: Iterable[int]) -> dict[int, int]:
    """The points each player gets for ``revoker``'s revoke (players by any id)."""
    if penalty.mode == "revoker-loses":
        return {revoker: -penalty.points}
    if penalty.mode == "others-gain":
        return {player: penalty.points for player in players if player != revoker}
    return {}


def penalty_tricks(penalty: RevokePenalty, tricks: Mapping[int, int], revoker: int,
                   harmed: int) -> dict[int, int]:
    """The round's ``tricks`` per player once a ``tricks-to-harmed`` penalty
    moves ``penalty.points`` tricks, no more than the revoker took, from
    ``revoker`` to ``harmed``; the tricks as they are for any other penalty."""
    moved = dict(tricks)
    if penalty.moves_tricks and harmed != revoker:
        count = min(penalty.points, moved[revoker])
        moved[revoker] -= count
        moved[harmed] += count
    return moved


def harmed_by_revoke(cards: Sequence[Card], revoker: int, trump: Suit | None,
                     identical: IdenticalCards = FIRST_WINS) -> int:
    """The index (in ``cards``, the revoked trick in the order played) of the
    player the revoke harmed: who takes the trick with the revoker's card
    (index ``revoker``) left out. The laws of whist give the tricks to "the
    adversaries"; with every other player an adversary, this is our choice of
    the one (docs/rules.md section 10).

    >>> from scorekeeper.rules.cards import parse_card
    >>> trick = [parse_card(c) for c in ["AS", "KS", "2C", "4S"]]
    >>> harmed_by_revoke(trick, 0, None)  # the revoker's ace left out: the king
    1
    >>> harmed_by_revoke(trick, 2, Suit.CLUBS)  # a trump that won: the ace
    0
    """
    others = [index for index in range(len(cards)) if index != revoker]
    return others[trick_winner([cards[index] for index in others], trump, identical)]
