"""The ``extra-hands`` tie rule in play: when the last planned round closes
with the best total shared, one more round at the game's largest hand size is
added [EN-pagat-ohhell] (docs/rules.md section 8), and so on until one player
leads.

The round is added as a stored schedule change (``{"op": "insert", ...,
"tie": True}``) that goes with the close, so the history shows it; Undo takes
it back together with the close that caused it
(:func:`scorekeeper.game.entries.undo`).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..rules import max_hand, score_game, tie_break_cards
from .rounds import MIN_PLAYERS, ChangeLike, NewChange, RoundSheet
from .sheet import Sheet

__all__ = ["is_tie_round_change", "tie_round", "totals_after_closing"]


def totals_after_closing(sheet: Sheet, rnd: RoundSheet,
                         tricks: Mapping[int, int]) -> dict[int, int]:
    """Every player's total once ``rnd`` closes with these ``tricks`` (its
    bids as entered), adjustments included."""
    closing = {player: (rnd.bids[player], tricks[player], rnd.cards) for player in rnd.order}
    score = score_game(sheet.ruleset.scoring, [
        *({player: (r.bids[player], r.tricks[player], r.cards) for player in r.order}
          for r in sheet.closed_rounds),
        closing,
    ])
    return sheet.totals_with(score)


def tie_round(sheet: Sheet, rnd: RoundSheet, tricks: Mapping[int, int]) -> NewChange | None:
    """The round a tie for first adds when ``rnd`` closes with these ``tricks``:
    only under ``extra-hands``, when ``rnd`` is the game's last round and the
    table has not ended the game early; None otherwise. Its hand size is the
    game's largest, lowered to what the deck deals the players at the table."""
    if sheet.ruleset.tie_break != "extra-hands" or sheet.ends_early \
            or rnd.number != len(sheet.rounds):
        return None
    totals = totals_after_closing(sheet, rnd, tricks)
    largest = tie_break_cards([r.cards for r in sheet.rounds], totals,
                              sheet.ruleset.scoring.lowest_wins, sheet.ruleset.tie_break)
    if largest is None:
        return None
    players = len(sheet.present_in(rnd.number + 1))
    cards = min(largest, max_hand(sheet.ruleset.decks, max(players, MIN_PLAYERS), False))
    return NewChange("schedule", value={"op": "insert", "round": rnd.number + 1,
                                        "cards": cards, "tie": True})


def is_tie_round_change(change: ChangeLike | None) -> bool:
    """Whether ``change`` is the schedule change a tie for first added."""
    return change is not None and change.kind == "schedule" and bool(change.value.get("tie"))
