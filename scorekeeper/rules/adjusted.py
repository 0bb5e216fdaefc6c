"""What a table changed in its preset (docs/rules.md section 9), as data, and
the quick game.

A game stores the name of the preset it started from and the whole ruleset,
so what was adjusted is the difference between the two: :func:`adjustments`
lists it, part by part (a variant of the preset counts as one change). The
web edge words each :class:`Adjustment` ("Planowanie, adjusted: two decks").

>>> from scorekeeper.rules.presets import find_preset
>>> import dataclasses
>>> estonian = find_preset("estonian")
>>> [a.kind for a in adjustments(estonian, dataclasses.replace(estonian.ruleset, decks=2))]
['decks']
>>> [(a.kind, a.details) for a in adjustments(find_preset("planowanie"),
...     find_preset("planowanie").variant("from-17").apply(find_preset("planowanie").ruleset))]
[('variant', {'variant': 'from-17'})]
>>> adjustments(estonian, estonian.ruleset)
[]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .options import ScheduleSpec, TrumpRule
from .preset import Preset
from .ruleset import Ruleset

__all__ = ["QUICK_ROUNDS", "Adjustment", "adjustments", "quick_schedule"]

#: How many rounds a quick game has [EN-hoyle-short]: "a shorter game".
QUICK_ROUNDS: Final = 5


@dataclass(frozen=True)
class Adjustment:
    """One change from the preset: ``kind`` names the part, ``details`` the new value."""

    kind: str
    details: dict[str, Any] = field(default_factory=dict)


def quick_schedule(spec: ScheduleSpec, rounds: int = QUICK_ROUNDS) -> ScheduleSpec:
    """The same shape, cut to ``rounds`` rounds: up or down by ``rounds`` steps
    from the smallest hand, there and back around it, or the first rounds of a
    custom list.

    >>> from scorekeeper.rules.schedule import round_sizes
    >>> round_sizes(quick_schedule(ScheduleSpec("down-up", peak=10)), players=4)
    [3, 2, 1, 2, 3]
    >>> round_sizes(quick_schedule(ScheduleSpec("down", peak=13)), players=4)
    [5, 4, 3, 2, 1]
    >>> quick_schedule(ScheduleSpec("custom", cards=(1, 2, 3, 4, 5, 6))).cards
    (1, 2, 3, 4, 5)
    """
    if spec.shape == "custom":
        return ScheduleSpec("custom", cards=spec.cards[:rounds])
    if spec.shape in ("up", "down"):
        return ScheduleSpec(spec.shape, start=spec.start, peak=spec.start + rounds - 1)
    return ScheduleSpec(spec.shape, start=spec.start, peak=spec.start + (rounds - 1) // 2)


def _schedule(base: ScheduleSpec, spec: ScheduleSpec) -> list[Adjustment]:
    if spec == base:
        return []
    if spec == quick_schedule(base):
        return [Adjustment("quick", {"rounds": QUICK_ROUNDS})]
    found = []
    if spec.shape != base.shape:
        found.append(Adjustment("shape", {"shape": spec.shape}))
    if spec.shape == "custom":
        return [*found, Adjustment("cards", {"cards": spec.cards})]
    if spec.start != base.start:
        found.append(Adjustment("start", {"start": spec.start}))
    if spec.peak_by_players != base.peak_by_players and spec.peak_by_players:
        found.append(Adjustment("peak-table", {"table": spec.peak_by_players}))
    elif spec.peak != base.peak or spec.peak_by_players != base.peak_by_players:
        found.append(Adjustment("peak", {"peak": spec.peak}))
    return found


def _trump(base: TrumpRule, trump: TrumpRule) -> list[Adjustment]:
    found = []
    if trump.method != base.method:
        found.append(Adjustment("trump-method", {"method": trump.method}))
    if trump.method == "cycle" and trump.cycle != base.cycle:
        found.append(Adjustment("cycle", {"cycle": trump.cycle}))
    if trump.method == "turned-card" and trump.when_no_card_left != base.when_no_card_left:
        found.append(Adjustment("when-no-card-left", {"rule": trump.when_no_card_left}))
    if trump.no_trump_last_round != base.no_trump_last_round:
        found.append(Adjustment("no-trump-last-round", {"value": trump.no_trump_last_round}))
    if trump.method == "named" and trump.named_by != base.named_by:
        found.append(Adjustment("named-by", {"value": trump.named_by}))
    if trump.last_round_dealer_card != base.last_round_dealer_card:
        found.append(Adjustment("last-round-dealer-card",
                                {"value": trump.last_round_dealer_card}))
    return found


def _differences(base: Ruleset, ruleset: Ruleset) -> list[Adjustment]:
    found = _schedule(base.schedule, ruleset.schedule)
    if ruleset.decks != base.decks:
        found.append(Adjustment("decks", {"decks": ruleset.decks}))
    found += _trump(base.trump, ruleset.trump)
    if ruleset.hook != base.hook:
        found.append(Adjustment("hook", {"mode": ruleset.hook.mode,
                                         "min_cards": ruleset.hook.min_cards}))
    for part, kind in (("bidding", "bidding"), ("must_trump", "must-trump"),
                       ("identical_cards", "identical-cards")):
        if getattr(ruleset, part) != getattr(base, part):
            found.append(Adjustment(kind, {"value": getattr(ruleset, part)}))
    if ruleset.scoring != base.scoring:
        found.append(Adjustment("scoring", {"scoring": ruleset.scoring}))
    if ruleset.tie_break != base.tie_break:
        found.append(Adjustment("tie-break", {"value": ruleset.tie_break}))
    if (ruleset.zero_bid_limit, ruleset.zero_bid_limit_players) != (
            base.zero_bid_limit, base.zero_bid_limit_players):
        found.append(Adjustment("zero-bid-limit", {"limit": ruleset.zero_bid_limit,
                                                   "players": ruleset.zero_bid_limit_players}))
    if ruleset.revoke_penalty != base.revoke_penalty:
        found.append(Adjustment("revoke-penalty", {"penalty": ruleset.revoke_penalty}))
    return found


def adjustments(preset: Preset, ruleset: Ruleset) -> list[Adjustment]:
    """What ``ruleset`` changed in ``preset``, part by part; empty when nothing.

    When one of the preset's variants explains the changes as well as the
    parts do or better (counting the variant as one item), it comes first, as
    ``Adjustment("variant", ...)``: it names its source.
    """
    plain = _differences(preset.ruleset, ruleset)
    chosen = plain
    if not plain:
        return plain
    for variant in preset.variants:
        candidate = [Adjustment("variant", {"variant": variant.name}),
                     *_differences(variant.apply(preset.ruleset), ruleset)]
        # A variant wins a tie with the plain parts, not one with an earlier variant.
        if len(candidate) < len(chosen) or (len(candidate) == len(chosen) and chosen is plain):
            chosen = candidate
    return chosen
