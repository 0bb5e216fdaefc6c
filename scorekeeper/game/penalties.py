"""A proven revoke's penalty: what the verdict offers, and the adjustments that apply it.

The hand recorder proves a revoke once the hand is known (a
:class:`~scorekeeper.game.hand.Flag` of kind ``"revoke"``). The table's rules
may name a penalty for it (``ruleset.revoke_penalty``); when they name none,
the verdict offers the penalties a published rule book gives
(:data:`~scorekeeper.rules.PUBLISHED_REVOKE_PENALTIES`). Applying one stores an
``adjust`` change per player it touches, tagged with the revoke's round and
trick, so the same revoke is never penalised twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import PUBLISHED_REVOKE_PENALTIES, RevokePenalty, penalty_points
from .errors import GameError
from .hand import Hand
from .rounds import NewChange


@dataclass(frozen=True)
class PenaltyOffer:
    """A penalty the verdict offers for one revoke: its points per player id,
    its source (``None`` for the table's own rule), whether it is the one
    applied, and whether another was applied for the same revoke instead."""

    trick: int
    revoker: int
    #: The penalty's place in :func:`penalty_choices`, to apply it by.
    choice: int
    penalty: RevokePenalty
    source: str | None
    points: dict[int, int]
    applied: bool
    other_applied: bool


def penalty_choices(hand: Hand) -> list[tuple[RevokePenalty, str | None]]:
    """The table's penalty, or when it has none the published ones with their sources."""
    own = hand.sheet.ruleset.revoke_penalty
    if not own.is_none:
        return [(own, None)]
    return list(PUBLISHED_REVOKE_PENALTIES)


def penalised_points(hand: Hand, trick: int) -> dict[int, int]:
    """The points per player id already on the sheet for the revoke in
    ``trick`` (1-based); empty when it is not penalised."""
    return {adj.player: adj.points for adj in hand.sheet.adjustments
            if adj.revoke == (hand.rnd.number, trick)}


def is_penalised(hand: Hand, trick: int) -> bool:
    """Whether a penalty for the revoke in ``trick`` (1-based) is already on the sheet."""
    return bool(penalised_points(hand, trick))


def penalty_offers(hand: Hand) -> list[PenaltyOffer]:
    """Every penalty the verdict offers, for every proven revoke of the hand."""
    offers = []
    for flag in hand.flags:
        if flag.kind != "revoke":
            continue
        stored = penalised_points(hand, flag.trick)
        for choice, (penalty, source) in enumerate(penalty_choices(hand)):
            points = penalty_points(penalty, flag.player, hand.players)
            applied = bool(stored) and stored == points
            offers.append(PenaltyOffer(flag.trick, flag.player, choice, penalty, source, points,
                                       applied, bool(stored) and not applied))
    return offers


def penalty_changes(hand: Hand, trick: int, choice: int, reason: str) -> list[NewChange]:
    """The adjustments of penalty ``choice`` (its place in :func:`penalty_choices`)
    for the revoke in ``trick``; ``reason`` is the text each adjustment shows.

    :raise GameError: when that trick has no proven revoke, the revoke is
        already penalised, or there is no such choice.
    """
    revokes = [flag for flag in hand.flags if flag.kind == "revoke" and flag.trick == trick]
    if not revokes or not hand.is_complete:
        raise GameError("no-revoke", trick=trick)
    if is_penalised(hand, trick):
        raise GameError("penalty-applied", trick=trick)
    choices = penalty_choices(hand)
    if not 0 <= choice < len(choices):
        raise GameError("penalty-choice")
    points = penalty_points(choices[choice][0], revokes[0].player, hand.players)
    after = len(hand.sheet.closed_rounds)
    return [NewChange("adjust", player=player, value={
        "points": value, "reason": reason, "after": after,
        "revoke": {"round": hand.rnd.number, "trick": trick}})
        for player, value in points.items()]
