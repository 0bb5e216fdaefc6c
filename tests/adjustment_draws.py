"""Hypothesis draws of the set-up form's adjustments of a preset, shared by the
game tests (the ruleset both ways) and the web tests (the form both ways).
Importable from every test folder: pytest puts this one, beside the root
conftest.py, on the path."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.game.rule_adjustments import RuleAdjustments
from scorekeeper.rules import (
    BIDDING_STYLES,
    HOOK_MODES,
    IDENTICAL_CARDS,
    NO_CARD_LEFT_RULES,
    PRESETS,
    REVOKE_PENALTY_MODES,
    SCORING_PRESETS,
    SHAPES,
    TRUMP_METHODS,
    Preset,
)

#: Ways of typing a round of a trump cycle: a suit in any spelling, or no trump.
CYCLE_ENTRIES = ["S", "h", "♦", "c", "NT", "nt", "-", "0", "N", "—"]


def choice(values) -> st.SearchStrategy[str]:
    """One of ``values``, or more often "" (as the preset says): with every
    part adjusted at once, nearly every draw would contradict itself."""
    values = list(values)
    return st.just("") | st.just("") | st.sampled_from(values) if values else st.just("")


def maybe(strategy: st.SearchStrategy) -> st.SearchStrategy:
    """A value of ``strategy``, or more often None (as the preset says)."""
    return st.none() | st.none() | strategy


points = maybe(st.integers(-30, 30))
cycles = st.just("") | st.lists(st.sampled_from(CYCLE_ENTRIES), min_size=1, max_size=5).map(
    " ".join)


def adjustments_of(preset: Preset) -> st.SearchStrategy[RuleAdjustments]:
    """Any adjustments the set-up form could send for ``preset``, many of them
    contradicting each other (the rules engine refuses those)."""
    return st.builds(
        RuleAdjustments,
        variant=choice([v.name for v in preset.variants]),
        shape=choice(SHAPES),
        length=choice(["quick"]),
        start=maybe(st.integers(1, 6)),
        peak=maybe(st.integers(1, 16)),
        custom=st.just(()) | st.lists(st.integers(1, 12), min_size=1, max_size=7).map(tuple),
        trump_method=choice(TRUMP_METHODS),
        trump_cycle=cycles,
        when_no_card_left=choice(NO_CARD_LEFT_RULES),
        no_trump_last_round=maybe(st.booleans()),
        must_trump=maybe(st.booleans()),
        hook=choice(HOOK_MODES),
        hook_min_cards=maybe(st.integers(1, 8)),
        bidding=choice(BIDDING_STYLES),
        decks=maybe(st.sampled_from([1, 2])),
        identical_cards=choice(IDENTICAL_CARDS),
        scoring=choice([*SCORING_PRESETS, "custom", "custom"]),
        exact_bonus=points,
        exact_per_trick=points,
        miss_per_trick=points,
        over_penalty=maybe(st.integers(0, 20)),
        under_penalty=maybe(st.integers(0, 20)),
        winner=choice(["highest", "lowest"]),
        zero_bid=choice(["as-exact", "plus-hand", "fixed"]),
        zero_bid_points=points,
        progressive=maybe(st.booleans()),
        revoke_penalty=choice(REVOKE_PENALTY_MODES),
        revoke_points=maybe(st.integers(1, 20)),
    )


presets = st.sampled_from(list(PRESETS.values()))
