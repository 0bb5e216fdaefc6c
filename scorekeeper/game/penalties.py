"""A proven revoke's penalty: what the verdict offers, and the adjustments that apply it.

The hand recorder proves a revoke once the hand is known (a
:class:`~scorekeeper.game.hand.Flag` of kind ``"revoke"``). The table's rules
may name a penalty for it (``ruleset.revoke_penalty``); when they name none,
the verdict offers the penalties a published rule book gives
(:data:`~scorekeeper.rules.PUBLISHED_REVOKE_PENALTIES`). Applying one stores an
``adjust`` change per player it touches, tagged with the revoke's round and
trick, so the same revoke is never penalised twice. The laws' three tricks
(``tricks-to-harmed``) are applied instead as one correction of the closed
round's tricks, tagged the same way: up to three tricks move from the revoker
to the player the table names as harmed (by default
:func:`~scorekeeper.rules.harmed_by_revoke`), and the round is scored again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import (
    PUBLISHED_REVOKE_PENALTIES,
    RevokePenalty,
    harmed_by_revoke,
    penalty_points,
    penalty_tricks,
)
from .entries import correction
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
    #: For a penalty that moves tricks: the player harmed by default, and
    #: each player's tricks after the move (None for a penalty in points).
    harmed: int | None = None
    tricks: dict[int, int] | None = None


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


def penalised_by_tricks(hand: Hand, trick: int) -> bool:
    """Whether a correction in force moved tricks for the revoke in ``trick``."""
    tag = {"round": hand.rnd.number, "trick": trick}
    return any(change.kind == "correct" and change.value.get("revoke") == tag
               for change in hand.sheet.effective)


def is_penalised(hand: Hand, trick: int) -> bool:
    """Whether a penalty for the revoke in ``trick`` (1-based) is already on the sheet."""
    return bool(penalised_points(hand, trick)) or penalised_by_tricks(hand, trick)


def default_harmed(hand: Hand, trick: int, revoker: int) -> int:
    """The player the revoke in ``trick`` harmed, unless the table names
    another: who takes that trick with the revoker's card left out."""
    line = hand.tricks[trick - 1]
    players = [player for player, _card in line.plays]
    cards = [card for _player, card in line.plays]
    return players[harmed_by_revoke(cards, players.index(revoker), hand.deal.trump,
                                    hand.sheet.ruleset.identical_cards)]


def penalty_offers(hand: Hand) -> list[PenaltyOffer]:
    """Every penalty the verdict offers, for every proven revoke of the hand."""
    offers = []
    for flag in hand.flags:
        if flag.rule != "revoke":
            continue
        stored = penalised_points(hand, flag.trick)
        by_tricks = penalised_by_tricks(hand, flag.trick)
        for choice, (penalty, source) in enumerate(penalty_choices(hand)):
            if penalty.moves_tricks:
                harmed = default_harmed(hand, flag.trick, flag.player)
                moved = penalty_tricks(penalty, hand.rnd.tricks, flag.player, harmed) \
                    if flag.player in hand.rnd.tricks and harmed in hand.rnd.tricks else None
                offers.append(PenaltyOffer(flag.trick, flag.player, choice, penalty, source, {},
                                           by_tricks, bool(stored), harmed, moved))
                continue
            points = penalty_points(penalty, flag.player, hand.players)
            applied = bool(stored) and stored == points
            offers.append(PenaltyOffer(flag.trick, flag.player, choice, penalty, source, points,
                                       applied, (bool(stored) and not applied) or by_tricks))
    return offers


def penalty_changes(hand: Hand, trick: int, choice: int, reason: str,
                    harmed: int | None = None) -> list[NewChange]:
    """The adjustments of penalty ``choice`` (its place in :func:`penalty_choices`)
    for the revoke in ``trick``; ``reason`` is the text each adjustment shows.
    A penalty that moves tricks is one correction of the round instead, the
    tricks going to ``harmed`` (by default :func:`default_harmed`).

    :raise GameError: when that trick has no proven revoke, the revoke is
        already penalised, or there is no such choice; for tricks, when the
        round is not closed, the revoker took none, or ``harmed`` is the
        revoker or not at the table.
    """
    revokes = [flag for flag in hand.flags if flag.rule == "revoke" and flag.trick == trick]
    if not revokes or not hand.is_complete:
        raise GameError("no-revoke", trick=trick)
    if is_penalised(hand, trick):
        raise GameError("penalty-applied", trick=trick)
    choices = penalty_choices(hand)
    if not 0 <= choice < len(choices):
        raise GameError("penalty-choice")
    if choices[choice][0].moves_tricks:
        return [_tricks_correction(hand, trick, choices[choice][0], revokes[0].player, reason,
                                   harmed)]
    points = penalty_points(choices[choice][0], revokes[0].player, hand.players)
    after = len(hand.sheet.closed_rounds)
    return [NewChange("adjust", player=player, value={
        "points": value, "reason": reason, "after": after,
        "revoke": {"round": hand.rnd.number, "trick": trick}})
        for player, value in points.items()]


def _tricks_correction(hand: Hand, trick: int, penalty: RevokePenalty, revoker: int,
                       reason: str, harmed: int | None) -> NewChange:
    """The correction of the closed round that moves the penalty's tricks."""
    rnd = hand.rnd
    if not rnd.closed:
        raise GameError("penalty-needs-close", number=rnd.number)
    harmed = default_harmed(hand, trick, revoker) if harmed is None else harmed
    if harmed == revoker or harmed not in rnd.order:
        raise GameError("penalty-harmed")
    if rnd.tricks[revoker] == 0:
        raise GameError("penalty-no-tricks", name=hand.name(revoker))
    moved = penalty_tricks(penalty, rnd.tricks, revoker, harmed)
    corrected = correction(hand.sheet, rnd.number, rnd.trump, rnd.bids, moved)
    return NewChange("correct", round=rnd.number, value={
        **corrected.value, "reason": reason, "revoke": {"round": rnd.number, "trick": trick}})
