"""The kept fold (a snapshot extended by the newer changes only) equals the fold
of the whole change log, at every prefix of long random games with
corrections, undos, joins, leaves, sit-outs, adjustments, schedule, deck and
scoring changes, games ended early, and renames from the roster and their
taking back (which the game's own undo passes over) (plain Python: no app, no
database); and it holds the log's newest changes, in order."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.game import Fold, GameError, build_sheet, entries
from scorekeeper.game.fold import LATEST_KEPT, SUMMARY_KEEPING
from scorekeeper.game.renames import rename_member, renamed_back
from scorekeeper.rules import SCORING_PRESETS, find_preset
from stored import Stored

PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed")
SUITS = ["H", "D", "C", "S", None]


class RandomTable:
    """A table that enters random entries through the domain's checks; a
    refused entry stores nothing, as in the app."""

    def __init__(self, rng: random.Random, preset: str, players: int) -> None:
        self.rng = rng
        self.ruleset = find_preset(preset).ruleset
        self.players = list(PLAYERS[:players])
        self.changes: list[Stored] = []
        self.newcomers = 0
        self.renames = 0

    @property
    def sheet(self):
        return build_sheet(self.ruleset, self.players, 0, self.changes)

    def enter(self, build, *args) -> bool:
        try:
            built = build(self.sheet, *args)
        except (GameError, ValueError):
            return False
        for new in built if isinstance(built, list) else [built]:
            self.changes.append(Stored(len(self.changes) + 1, new.kind, new.round, new.player,
                                       new.value))
        return True

    def random_tricks(self, order: list[int], cards: int) -> dict[int, int]:
        taken = {player: 0 for player in order}
        for _trick in range(cards):
            taken[self.rng.choice(order)] += 1
        return taken

    def step(self) -> None:
        """One random entry (it may be refused)."""
        rng, sheet = self.rng, self.sheet
        rnd = sheet.current
        action = rng.choices(
            ["trump", "bid", "tricks", "close", "correct", "undo", "join", "leave", "sitout",
             "adjust", "schedule", "scoring", "name", "name-back", "decks", "end"],
            weights=[3, 12, 10, 4, 2, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])[0]
        if rnd is None and action not in ("correct", "undo", "adjust", "scoring", "name",
                                          "name-back"):
            action = rng.choice(["correct", "undo", "adjust"])
        if action == "trump":
            self.enter(entries.trump, rnd.number, rng.choice(SUITS))
        elif action == "bid":
            self.enter(entries.bid, rnd.number, rng.choice(rnd.order), rng.randint(0, rnd.cards))
        elif action == "tricks":
            self.enter(entries.tricks, rnd.number, rng.choice(rnd.order),
                       rng.randint(0, rnd.cards))
        elif action == "close":
            self.enter(entries.trump, rnd.number, rng.choice(SUITS))
            for player in rnd.order:
                for bid in rng.sample(range(rnd.cards + 1), rnd.cards + 1):
                    if self.enter(entries.bid, rnd.number, player, bid):
                        break
            for player, taken in self.random_tricks(rnd.order, rnd.cards).items():
                self.enter(entries.tricks, rnd.number, player, taken)
            self.enter(entries.close, rnd.number)
        elif action == "correct" and sheet.closed_rounds:
            done = rng.choice(sheet.closed_rounds)
            bids = {player: rng.randint(0, done.cards) for player in done.order}
            self.enter(entries.correction, done.number, rng.choice(SUITS), bids,
                       self.random_tricks(done.order, done.cards))
        elif action == "undo":
            self.enter(entries.undo, None, rng.random() < 0.5)
        elif action == "join":
            self.newcomers += 1
            after = rng.choice([None, *sheet.members])
            self.enter(entries.join, f"New{self.newcomers}", after, "zero", None)
        elif action == "leave":
            self.enter(entries.leave, rng.choice(list(sheet.members)))
        elif action == "sitout":
            self.enter(entries.sit_out, rng.choice(list(sheet.members)),
                       rng.randint(rnd.number, len(sheet.rounds)))
        elif action == "adjust":
            self.enter(entries.adjustment, rng.choice(list(sheet.members)),
                       rng.choice([-10, -5, 5, 10]), "bonus")
        elif action == "schedule":
            op = rng.choice(["insert", "set", "remove"])
            self.enter(entries.schedule, {"op": op, "round": rng.randint(1, len(sheet.rounds)),
                                          "cards": rng.randint(1, 5)})
        elif action == "scoring":
            self.enter(entries.scoring, rng.choice(list(SCORING_PRESETS)))
        elif action == "name":  # a rename from the device's roster (never undone here)
            self.renames += 1
            self.enter(rename_member, rng.choice(list(sheet.members)), f"Re{self.renames}",
                       self.renames)
        elif action == "decks":
            self.enter(entries.decks, rng.choice([1, 2]))
        elif action == "end":  # finish after this round, or now
            self.enter(entries.end_game, rnd.number - rng.randint(0, 1))
        elif action == "name-back" and self.renames:
            self.enter(renamed_back, rng.randint(1, self.renames))


def same_sheet(kept, full) -> None:
    assert kept == full  # every field: rounds, members, seating, adjustments, changes in force
    assert kept.standings == full.standings and kept.totals == full.totals
    assert kept.summary() == full.summary() and kept.running == full.running


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["cardgames", "piekielko", "ohhell"]),
       players=st.integers(3, 5), length=st.integers(50, 400))
def test_the_kept_fold_extended_by_the_newer_changes_equals_the_fold_of_the_whole_log(
        seed, preset, players, length):
    rng = random.Random(seed)
    table = RandomTable(rng, preset, players)
    fold = Fold(table.ruleset, table.players, 0)
    same_sheet(fold.sheet, table.sheet)
    while len(table.changes) < length:
        before = len(table.changes)
        for _entry in range(rng.choice([1, 1, 1, 2, 5])):  # another server may write several
            table.step()
        new = table.changes[before:]
        older = fold
        fold = fold.extend(new)
        same_sheet(fold.sheet, table.sheet)
        assert fold.latest == tuple(table.changes[-LATEST_KEPT:])  # the newest, in order
        # The fold it was extended from is unchanged: a kept fold is never mutated.
        same_sheet(older.sheet, build_sheet(table.ruleset, table.players, 0,
                                            table.changes[:before]))
        if all(change.kind in SUMMARY_KEEPING for change in new):
            assert fold.sheet.summary() == older.sheet.summary()  # it is not written again


def test_the_random_games_reach_every_kind_of_change():
    """The generator is not vacuous: over a few games every kind occurs."""
    kinds = set()
    for seed in range(6):
        table = RandomTable(random.Random(seed), "cardgames", 4)
        while len(table.changes) < 400:
            table.step()
        kinds.update(change.kind for change in table.changes)
    assert kinds >= {"trump", "bid", "tricks", "close", "correct", "undo", "join", "leave",
                     "sitout", "adjust", "schedule", "scoring", "name", "decks", "end"}
