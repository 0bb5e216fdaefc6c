"""The fold: a game's stored changes applied one by one, giving its sheet.

The change log is the one source of truth of a game. :func:`build_sheet`
takes the ruleset, the starting players and the changes (oldest first) and
returns the :class:`~scorekeeper.game.sheet.Sheet`; :class:`GameState` is the
state of the game while the changes are applied, which the history also uses
to say what each change changed from. :class:`Fold` keeps that state so that a
later sheet is made by applying only the changes stored since (the storage
layer keeps one per game, see :mod:`scorekeeper.storage.folds`); a property
test checks that it equals :func:`build_sheet` of the whole log at every step.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Sequence

from ..rules import Ruleset, Scoring, bidding_order, next_seat, plan_round, plan_rounds
from .settling import Stake
from .rounds import Adjustment, ChangeLike, Member, RoundFacts, RoundSheet, Seat, take_back
from .sheet import Sheet

#: Kinds of change that leave the game's summary (:meth:`Sheet.summary`) as it
#: is: entries of the open round, which neither close it nor score anything.
#: tests/game/test_fold_snapshot.py checks it on random games.
SUMMARY_KEEPING = frozenset({"bid", "tricks", "trump"})
#: How many of its newest changes a :class:`Fold` keeps (:attr:`Fold.latest`).
LATEST_KEPT = 8


def effective_changes(changes: Iterable[ChangeLike]) -> list[ChangeLike]:
    """The changes in force: each ``undo`` takes back the latest one still in
    force (a name changed from the roster aside, :data:`NOT_UNDONE`)."""
    stack: list[ChangeLike] = []
    for change in changes:
        if change.kind == "undo":
            index = take_back(stack)
            if index is not None:
                del stack[index]
        else:
            stack.append(change)
    return stack


class GameState:
    """The state of a game while its changes are applied one by one."""

    def __init__(self, ruleset: Ruleset, players: Sequence[str], first_dealer: int) -> None:
        self.ruleset = ruleset
        self.first_dealer = first_dealer
        self.members = {pid: Member(pid, name) for pid, name in enumerate(players)}
        self.circle = list(range(len(players)))
        self.sizes = [plan.cards for plan in plan_rounds(ruleset, len(players))]
        self.facts: dict[int, RoundFacts] = {}
        self.adjustments: list[Adjustment] = []
        #: The last round of a game the table ended early (None: as planned).
        self.ended_after: int | None = None
        #: The rounds added because the totals were tied for first when the
        #: last planned round closed (the ``extra-hands`` tie rule).
        self.tie_rounds: set[int] = set()
        #: The stake per point (None: the table plays for nothing).
        self.stake: Stake | None = None

    def copy(self) -> GameState:
        """An independent copy (what a later change mutates is copied; the
        frozen values are shared)."""
        new = GameState.__new__(GameState)
        new.ruleset, new.first_dealer = self.ruleset, self.first_dealer
        new.members = {pid: dataclasses.replace(member, sits_out=set(member.sits_out))
                       for pid, member in self.members.items()}
        new.circle, new.sizes = list(self.circle), list(self.sizes)
        new.facts = {number: dataclasses.replace(facts, bids=dict(facts.bids),
                                                 tricks=dict(facts.tricks),
                                                 own_bids=set(facts.own_bids))
                     for number, facts in self.facts.items()}
        new.adjustments = list(self.adjustments)
        new.ended_after = self.ended_after
        new.tie_rounds = set(self.tie_rounds)
        new.stake = self.stake
        return new

    def facts_of(self, number: int) -> RoundFacts:
        return self.facts.setdefault(number, RoundFacts())

    # Each kind of change, applied. Checks were made when it was stored.

    def apply(self, change: ChangeLike) -> None:
        getattr(self, "apply_" + change.kind)(change)

    def apply_trump(self, change: ChangeLike) -> None:
        facts = self.facts_of(change.round)
        facts.trump, facts.trump_chosen, facts.trump_entered = change.value, True, True

    def apply_bid(self, change: ChangeLike) -> None:
        facts = self.facts_of(change.round)
        facts.bids[change.player] = change.value
        if getattr(change, "by_player", False):
            facts.own_bids.add(change.player)
        else:
            facts.own_bids.discard(change.player)

    def apply_tricks(self, change: ChangeLike) -> None:
        self.facts_of(change.round).tricks[change.player] = change.value

    def apply_close(self, change: ChangeLike) -> None:
        self.facts_of(change.round).closed = True

    def apply_correct(self, change: ChangeLike) -> None:
        facts = self.facts_of(change.round)
        facts.trump, facts.trump_chosen, facts.trump_entered = change.value["trump"], True, True
        facts.bids = {int(player): bid for player, bid in change.value["bids"].items()}
        facts.tricks = {int(player): taken for player, taken in change.value["tricks"].items()}

    def apply_join(self, change: ChangeLike) -> None:
        value = change.value
        start = value["from"]
        self.members[change.player] = Member(change.player, value["name"], joined=start)
        after = value.get("after")
        position = self.circle.index(after) + 1 if after in self.circle else 0
        self.circle.insert(position, change.player)
        if value.get("start_score"):
            self.adjustments.append(Adjustment(
                change.player, value["start_score"], "", after=start - 1, is_start=True))

    def apply_leave(self, change: ChangeLike) -> None:
        self.members[change.player].left = change.value["from"]

    def apply_back(self, change: ChangeLike) -> None:
        member = self.members[change.player]
        member.sits_out.update(range(member.left, change.value["from"]))
        member.left = None

    def apply_sitout(self, change: ChangeLike) -> None:
        self.members[change.player].sits_out.add(change.round)

    def apply_adjust(self, change: ChangeLike) -> None:
        value = change.value
        revoke = value.get("revoke")
        self.adjustments.append(Adjustment(
            change.player, value["points"], value["reason"], after=value["after"],
            revoke=(revoke["round"], revoke["trick"]) if revoke else None))

    def apply_name(self, change: ChangeLike) -> None:
        member = self.members.get(change.player)
        if member is not None:  # (None: the game's undo took the player's join back since)
            member.name = change.value["name"]

    def apply_scoring(self, change: ChangeLike) -> None:
        self.ruleset = dataclasses.replace(self.ruleset, scoring=Scoring.from_dict(change.value))

    def apply_decks(self, change: ChangeLike) -> None:
        self.ruleset = dataclasses.replace(self.ruleset, decks=change.value)

    def apply_end(self, change: ChangeLike) -> None:
        self.ended_after = change.round

    def apply_stake(self, change: ChangeLike) -> None:
        self.stake = Stake.from_value(change.value)

    def apply_schedule(self, change: ChangeLike) -> None:
        op = change.value
        kind = op["op"]
        if kind == "insert":
            self.sizes.insert(op["round"] - 1, op["cards"])
            self.shift_rounds(op["round"], +1)
            self.tie_rounds = {n + 1 if n >= op["round"] else n for n in self.tie_rounds}
            if op.get("tie"):
                self.tie_rounds.add(op["round"])
        elif kind == "set":
            self.sizes[op["round"] - 1] = op["cards"]
        elif kind == "remove":
            del self.sizes[op["round"] - 1]
            self.shift_rounds(op["round"] + 1, -1)
            self.tie_rounds = {n - 1 if n > op["round"] else n
                               for n in self.tie_rounds if n != op["round"]}
        else:  # replace every round from op["from"] on (they are planned rounds then)
            self.sizes[op["from"] - 1:] = op["cards"]
            self.tie_rounds = {n for n in self.tie_rounds if n < op["from"]}

    @property
    def final_planned_round(self) -> int:
        """The number of the schedule's last round, the rounds added to break a
        tie aside: it keeps the final round's rules (a no-trump last round, say)
        when a tie adds hands after it."""
        return len(self.sizes) - len(self.tie_rounds)

    def shift_rounds(self, first: int, by: int) -> None:
        """Renumber the round marks of players from round ``first`` on.

        A round inserted as round ``first`` (``by`` > 0) is played by whoever
        sits at the table when it comes: a player who joins or leaves from
        round ``first`` keeps that mark, so a newcomer plays the new round, a
        leaver does not, and the starters (who joined in round 1) still play
        a round inserted before the first.
        """
        moved = first + 1 if by > 0 else first
        for member in self.members.values():
            if member.joined >= moved:
                member.joined += by
            if member.left is not None and member.left >= moved:
                member.left += by
            member.sits_out = {
                n + by if n >= first else n for n in member.sits_out if not (by < 0 and n == first - 1)
            }

    # The derived rounds.

    def layout(self) -> tuple[tuple, ...]:
        """What the rules and the seating say of each round (:func:`round_layout`)."""
        return round_layout(self.ruleset, tuple(self.sizes), tuple(self.circle),
                            tuple(member.seat() for member in self.members.values()),
                            self.first_dealer, self.final_planned_round)

    def rounds(self) -> list[RoundSheet]:
        """Every round's sheet: its layout (who deals, the order, the plan) and
        what has been entered in it; for a game the table ended early, the
        rounds up to its end, each with the plan it had (the last one played
        keeps its trump and hook rule: it was not planned as the final round)."""
        return [self.round_sheet(entry) for entry in self.layout()[:self.ended_after]]

    def round_sheet(self, entry: tuple) -> RoundSheet:
        """One round's sheet, from its entry of the :meth:`layout`."""
        number, cards, dealer, order, plan, fits = entry
        rnd = RoundSheet(
            number=number, cards=cards, expects_trump=plan.has_trump, dealer=dealer,
            order=list(order), hook_active=plan.hook_active,
            in_turn=self.ruleset.bidding == "in-turn", fits=fits, rules_trump=plan.trump_suit,
            added_for_tie=number in self.tie_rounds,
        )
        if not plan.has_trump:
            rnd.trump, rnd.trump_chosen = None, True
        elif plan.trump_suit:  # spades, or the cycle's suit: known before the deal
            rnd.trump, rnd.trump_chosen = plan.trump_suit, True
        facts = self.facts.get(number)
        if facts is not None:
            if facts.trump_entered:
                rnd.trump, rnd.trump_chosen, rnd.trump_entered = facts.trump, True, True
            rnd.bids, rnd.tricks, rnd.closed = dict(facts.bids), dict(facts.tricks), facts.closed
            rnd.own_bids = set(facts.own_bids)
        return rnd


# A functools cache, not a store (scorekeeper/kept.py): a pure function of
# plain values, bounded, with nothing to invalidate. Worked out it costs about
# 1 ms for 7 players and 7 rounds, cached 30 µs, and every tap asks for it.
@functools.lru_cache(maxsize=1024)
def round_layout(ruleset: Ruleset, sizes: tuple[int, ...], circle: tuple[int, ...],
                 seats: tuple[Seat, ...], first_dealer: int,
                 final: int | None = None) -> tuple[tuple, ...]:
    """What the rules and the seating say of each round, entries aside: its
    number, cards, dealer, bidding order, plan and whether the deck holds it.
    ``final`` is the number of the round the rules treat as the last (the
    last of ``sizes`` unless a tie added rounds after it).

    It changes only with the rules, the schedule or who sits where, not with
    a bid, so every tap of a game meets the one worked out before.
    """
    plays = {seat.player: seat for seat in seats}
    positions = {pid: pos for pos, pid in enumerate(circle)}
    layout = []
    dealer: int | None = None
    for index, cards in enumerate(sizes):
        number = index + 1
        active = [pid for pid in circle if plays[pid].plays(number)]
        active_positions = [positions[pid] for pid in active]
        if dealer is None:
            start = positions[first_dealer]
            dealer = first_dealer if first_dealer in active else \
                circle[next_seat(start, active_positions, len(circle))]
        else:
            dealer = circle[next_seat(positions[dealer], active_positions, len(circle))]
        order = tuple(circle[pos] for pos in
                      bidding_order(positions[dealer], active_positions, len(circle)))
        plan = plan_round(ruleset, number, cards, len(active),
                          is_final_round=number == (len(sizes) if final is None else final))
        layout.append((number, cards, dealer, order, plan,
                       cards * len(active) <= ruleset.deck_size))
    return tuple(layout)


def build_sheet(
    ruleset: Ruleset, players: Sequence[str], first_dealer: int, changes: Iterable[ChangeLike]
) -> Sheet:
    """Fold a game's changes (oldest first) into its sheet."""
    changes = list(changes)
    state = GameState(ruleset, players, first_dealer)
    effective = effective_changes(changes)
    for change in effective:
        state.apply(change)
    return sheet_of(state, effective, max((change.seq for change in changes), default=0))


def sheet_of(state: GameState, effective: list[ChangeLike], version: int) -> Sheet:
    return Sheet(
        ruleset=state.ruleset,
        members=state.members,
        circle=state.circle,
        rounds=state.rounds(),
        adjustments=state.adjustments,
        effective=effective,
        version=version,
        planned_rounds=len(state.sizes),
        ended_after=state.ended_after,
        stake=state.stake,
    )


class Fold:
    """The fold of a game's first changes, kept to be extended by the next.

    A Fold is never changed: :meth:`extend` returns a new one. Applying a change
    to the kept state is what :func:`build_sheet` does for it; an ``undo``
    takes back the latest change in force, which the state cannot unapply, so
    then the changes in force (kept in memory) are applied again from the
    start. Only the newest changes are read and applied for a tap, whatever
    the length of the game.
    """

    def __init__(self, ruleset: Ruleset, players: Sequence[str], first_dealer: int) -> None:
        self.start = (ruleset, tuple(players), first_dealer)
        self.state = GameState(ruleset, players, first_dealer)
        self.effective: list[ChangeLike] = []
        #: The latest change folded (undos included), and its number.
        self.last: ChangeLike | None = None
        #: The newest changes folded (undos included), oldest first, at most
        #: :data:`LATEST_KEPT`: what a phone that keeps the log most often
        #: lacks, at hand without reading the log again.
        self.latest: tuple[ChangeLike, ...] = ()
        self.version = 0
        self._sheet: Sheet | None = None

    def extend(self, changes: Iterable[ChangeLike]) -> Fold:
        """The fold of these changes (newer than :attr:`version`, oldest first) on top."""
        changes = list(changes)
        if not changes:
            return self
        new = Fold.__new__(Fold)
        new.start, new._sheet = self.start, None
        new.effective = list(self.effective)
        state, undone = self.state.copy(), False
        for change in changes:
            if change.kind == "undo":
                index = take_back(new.effective)
                if index is not None:
                    del new.effective[index]
                    undone = True
            else:
                new.effective.append(change)
                if not undone:
                    state.apply(change)
        if undone:
            state = GameState(*self.start)
            for change in new.effective:
                state.apply(change)
        new.state = state
        new.latest = tuple(sorted((*self.latest, *changes[-LATEST_KEPT:]),
                                  key=lambda change: change.seq)[-LATEST_KEPT:])
        new.last = max(changes, key=lambda change: change.seq)
        if self.last is not None and self.last.seq > new.last.seq:
            new.last = self.last
        new.version = new.last.seq
        return new

    @property
    def sheet(self) -> Sheet:
        """The sheet of the changes folded so far (made once; a Sheet is never changed)."""
        if self._sheet is None:
            # Sharing the state is safe: extend copies it before applying anything.
            self._sheet = sheet_of(self.state, self.effective, self.version)
        return self._sheet
