"""The game sheet: what a game's changes add up to, and the questions asked of it.

A :class:`Sheet` is made by the fold (:func:`scorekeeper.game.fold.build_sheet`)
and never changed afterwards. It says for every round who plays, who deals,
who leads, the trump, the bids and tricks entered so far; and it scores the
closed rounds with the rules engine. The checks of new entries are in
:mod:`scorekeeper.game.entries`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from ..rules import (
    GameScore,
    Ruleset,
    Scoring,
    Standing,
    score_game,
    standings,
    zero_bid_barred,
)
from .errors import NoSuchRound
from .rounds import MAX_PLAYERS_TWO_DECKS, Adjustment, ChangeLike, Member, RoundSheet, take_back
from .settling import Stake, Transfer, balances, fewest_transfers


@dataclass
class Sheet:
    """A whole game: players, rounds and scores, derived from its changes."""

    ruleset: Ruleset
    members: dict[int, Member]
    circle: list[int]
    rounds: list[RoundSheet]
    adjustments: list[Adjustment]
    #: The changes that are in force (not undone), oldest first.
    effective: list[ChangeLike]
    #: The number of the latest stored change (undos included): what another
    #: phone compares to know whether its screen is out of date.
    version: int = 0
    #: How many rounds the schedule plans (more than :attr:`rounds` when the
    #: table ended the game early).
    planned_rounds: int = 0
    #: The last round of a game the table ended early, or None.
    ended_after: int | None = None
    #: The stake per point the table plays for, or None.
    stake: Stake | None = None

    # -- players -----------------------------------------------------------

    @cached_property
    def players(self) -> dict[int, str]:
        """Each player's name by id (starters first, then newcomers)."""
        return {pid: m.name for pid, m in self.members.items()}

    def is_present(self, player: int) -> bool:
        """Whether the player has not left (as of the round being played)."""
        member = self.members[player]
        return member.left is None

    # -- rounds ------------------------------------------------------------

    @property
    def current(self) -> RoundSheet | None:
        """The first round not yet closed; None when the game is over."""
        for rnd in self.rounds:
            if not rnd.closed:
                return rnd
        return None

    @property
    def is_finished(self) -> bool:
        return self.current is None

    @property
    def closed_rounds(self) -> list[RoundSheet]:
        return [rnd for rnd in self.rounds if rnd.closed]

    @property
    def next_open_round(self) -> int:
        """The first round a roster change can still affect: the current round
        if nothing has been bid in it yet, else the next one."""
        current = self.current
        if current is None:
            return len(self.rounds) + 1
        return current.number + 1 if current.is_started else current.number

    @property
    def ends_early(self) -> bool:
        """Whether the table ended the game before its planned last round."""
        return self.ended_after is not None

    def ended_before(self, number: int) -> bool:
        """Whether the table ended the game before round ``number`` (a round
        planned, and left out: a phone may still have had it open)."""
        return self.ends_early and self.is_finished and number > len(self.rounds)

    @property
    def unfit_rounds(self) -> list[RoundSheet]:
        """Rounds not yet played that the deck cannot deal to their players."""
        return [rnd for rnd in self.rounds if not rnd.closed and not rnd.fits]

    def two_decks_deal(self, rnd: RoundSheet) -> bool:
        """Whether two decks would deal ``rnd`` while one does not: a fix to offer."""
        players = len(rnd.order)
        return (self.ruleset.decks == 1 and players <= MAX_PLAYERS_TWO_DECKS
                and rnd.cards * players <= 2 * self.ruleset.deck_size)

    def earlier_bids(self, player: int, number: int) -> list[int]:
        """The player's bids in the rounds before round ``number`` they bid in,
        oldest first (a round they sat out is skipped)."""
        return [rnd.bids[player] for rnd in self.rounds[:number - 1] if player in rnd.bids]

    def zero_bid_barred(self, rnd: RoundSheet, player: int) -> bool:
        """Whether the rules bar ``player`` from bidding 0 in ``rnd``: Kachuful's
        limit on 0 bids in a row (:func:`~scorekeeper.rules.zero_bid_barred`)."""
        limit = self.ruleset.zero_bid_limit_for(len(rnd.order))
        return zero_bid_barred(limit, self.earlier_bids(player, rnd.number))

    def round(self, number: int) -> RoundSheet:
        """The round with this 1-based number.

        :raise NoSuchRound: when the game has no such round.
        """
        if not 1 <= number <= len(self.rounds):
            raise NoSuchRound("no-such-round", number=number, count=len(self.rounds))
        return self.rounds[number - 1]

    @property
    def duration(self) -> timedelta | None:
        """How long the game has taken so far: from its first change in force
        to its last (None when no change has a time, as in a sheet folded
        from changes not yet stored)."""
        times = [at for change in self.effective
                 if (at := getattr(change, "created_at", None)) is not None]
        return max(times) - min(times) if times else None

    @cached_property
    def closed_at(self) -> dict[int, datetime]:
        """When each closed round was closed, by its number: the time of its
        close in force (none for a round whose close has no time, as in a
        sheet folded from changes not yet stored). A correction later leaves
        it as it was: the round was played then."""
        return {change.round: at for change in self.effective
                if change.kind == "close" and (at := getattr(change, "created_at", None))
                is not None}

    @property
    def last_entry(self) -> ChangeLike | None:
        """The latest change still in force that "undo" takes back."""
        index = take_back(self.effective)
        return None if index is None else self.effective[index]

    # -- scores ------------------------------------------------------------

    @cached_property
    def score(self) -> GameScore:
        """Points and hit counts of the closed rounds, by player id.

        ``score.rounds[i]`` belongs to ``closed_rounds[i]``.
        """
        return self.score_with(self.ruleset.scoring)

    def score_with(self, scoring: Scoring) -> GameScore:
        """The closed rounds scored under any scoring (to compare)."""
        return score_game(
            scoring,
            [
                {player: (rnd.bids[player], rnd.tricks[player], rnd.cards)
                 for player in rnd.order}
                for rnd in self.closed_rounds
            ],
        )

    def points(self, rnd: RoundSheet) -> dict[int, int]:
        """Each player's points in a closed round."""
        return self.score.rounds[self.closed_rounds.index(rnd)]

    def adjustment_total(self, player: int, through: int | None = None) -> int:
        """A player's adjustments (starting score included), up to a round."""
        return sum(
            a.points for a in self.adjustments
            if a.player == player and (through is None or a.after <= through)
        )

    @cached_property
    def running(self) -> list[dict[int, int]]:
        """Each player's total after each closed round, adjustments included."""
        return [
            {
                pid: totals.get(pid, 0) + self.adjustment_total(pid, rnd.number)
                for pid in self.members
            }
            for rnd, totals in zip(self.closed_rounds, self.score.running)
        ]

    def totals_with(self, score: GameScore) -> dict[int, int]:
        return {
            pid: score.totals.get(pid, 0) + self.adjustment_total(pid)
            for pid in self.members
        }

    @cached_property
    def totals(self) -> dict[int, int]:
        """Every player's total: round points plus adjustments."""
        return self.totals_with(self.score)

    @cached_property
    def standings(self) -> list[Standing]:
        """Every player ranked by total (shared ranks on ties, unless the
        rules break a tie by the bids), best first."""
        return standings(self.totals, self.ruleset.scoring.lowest_wins,
                         self.ruleset.tie_break, self.score.bids)

    def standings_with(self, scoring: Scoring) -> list[Standing]:
        return standings(self.totals_with(self.score_with(scoring)), scoring.lowest_wins)

    @cached_property
    def balances(self) -> dict[int, int]:
        """Each player's balance at the stake, in minor units (positive:
        receives); empty without a stake."""
        if self.stake is None:
            return {}
        return balances(self.totals, self.stake.per_point, self.ruleset.scoring.lowest_wins)

    @cached_property
    def settlement(self) -> list[Transfer] | None:
        """Who pays whom once the game is over, in the fewest transfers
        (:mod:`.settling`); None before the end or without a stake, so that
        Undo of the end takes it back."""
        if self.stake is None or not self.is_finished:
            return None
        return fewest_transfers(self.balances)

    def summary(self) -> dict[str, Any]:
        """What a list of games shows of this one, as plain data: the players,
        the round being played (None once finished) of how many, and who is
        first (the winners once finished)."""
        current = self.current
        return {
            "players": list(self.players.values()),
            "round": current.number if current else None,
            "rounds": len(self.rounds),
            "finished": current is None,
            "first": self.winner_names if self.closed_rounds else [],
        }

    @property
    def winner_names(self) -> list[str]:
        """The names of the players ranked first (several on a shared win)."""
        return [self.members[s.player].name for s in self.standings if s.is_winner]

    def start_score(self, rule: str, number: int | None = None) -> int:
        """A newcomer's starting score by the table's rule."""
        present = [self.totals[p] for p, m in self.members.items() if m.left is None]
        if rule == "zero" or not present:
            return 0
        if rule == "lowest":
            return min(present)
        if rule == "average":
            return round(sum(present) / len(present))
        return int(number or 0)

    def name(self, player: int) -> str:
        return self.members[player].name

    def present_in(self, number: int) -> list[int]:
        """The players (in circle order) who would play round ``number``."""
        return [pid for pid in self.circle if self.members[pid].plays(number)]

    @property
    def first_editable_round(self) -> int:
        """The first round whose card count may still change (nothing entered)."""
        number = len(self.rounds) + 1
        for rnd in reversed(self.rounds):
            if rnd.is_started:
                break
            number = rnd.number
        return number
