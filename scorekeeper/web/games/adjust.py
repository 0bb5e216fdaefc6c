"""The set-up form's adjustments applied to a preset: each part of the ruleset
the table may change, built from what was entered.

Every adjustment left empty means "as the preset says". The form
(:mod:`.forms`) checks the shape of what was typed; these functions build the
parts, and the rules engine refuses parts that contradict each other.
"""

from __future__ import annotations

import dataclasses
import re

from ...rules import (
    HookRule,
    Preset,
    RevokePenalty,
    Ruleset,
    ScheduleSpec,
    Scoring,
    TrumpRule,
    find_scoring,
    quick_schedule,
)

#: The suits as the table may type them, to the letters a trump cycle stores.
SUIT_TOKENS = {"S": "S", "H": "H", "D": "D", "C": "C",
               "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: What the table may type for a round of the cycle without trump.
NO_TRUMP_TOKENS = {"NT", "-", "–", "—", "0", "N"}
#: The custom-scoring fields of the form and the scoring part each sets.
SCORING_PARTS = {
    "exact_bonus": "exact_bonus",
    "miss_per_trick": "miss_points_per_trick",
    "over_penalty": "over_penalty_per_trick",
    "under_penalty": "under_penalty_per_trick",
}


def cycle_tokens(text: str) -> list[str]:
    """The entries typed for a trump cycle, one per round ("S D C H", "♠♦♣♥ NT")."""
    tokens = []
    for word in re.split(r"[\s,;]+", (text or "").strip()):
        upper = word.upper()
        if not word:
            continue
        if upper in NO_TRUMP_TOKENS or all(char in SUIT_TOKENS for char in upper):
            tokens.extend([upper] if upper in NO_TRUMP_TOKENS else list(upper))
        else:
            tokens.append(word)
    return tokens


def bad_cycle_token(text: str) -> str | None:
    """The first entry of a typed cycle that is neither a suit nor no trump."""
    for token in cycle_tokens(text):
        if token not in SUIT_TOKENS and token not in NO_TRUMP_TOKENS:
            return token
    return None


def parse_cycle(text: str) -> tuple[str | None, ...]:
    """A typed cycle as the rules store it (letters, None for no trump)."""
    return tuple(None if token in NO_TRUMP_TOKENS else SUIT_TOKENS[token]
                 for token in cycle_tokens(text) if token in SUIT_TOKENS or token in NO_TRUMP_TOKENS)


def schedule_of(form, base: ScheduleSpec) -> ScheduleSpec:
    """The preset's schedule with the shape, the hands and the length entered."""
    schedule = base
    if form.shape.data or form.start.data or form.peak.data:
        shape = form.shape.data or base.shape
        schedule = ScheduleSpec(
            shape,
            start=form.start.data or base.start,
            peak=form.peak.data if form.peak.data else base.peak,
            peak_by_players=() if form.peak.data else base.peak_by_players,
            cards=form.custom_sizes() if shape == "custom" else (),
        )
    if form.length.data == "quick":
        schedule = quick_schedule(schedule)
    return schedule


def trump_of(form, base: TrumpRule) -> TrumpRule:
    """The preset's trump rule with the method, the cycle and the two special rounds entered."""
    changes: dict = {}
    if form.trump_method.data:
        changes["method"] = form.trump_method.data
    if (form.trump_cycle.data or "").strip():
        changes["cycle"] = parse_cycle(form.trump_cycle.data)
    if form.when_no_card_left.data:
        changes["when_no_card_left"] = form.when_no_card_left.data
    if form.no_trump_last_round.data:
        changes["no_trump_last_round"] = form.no_trump_last_round.data == "yes"
    return dataclasses.replace(base, **changes) if changes else base


def scoring_of(form, base: Scoring) -> Scoring:
    """A named scoring, or "Custom…": the preset's (or the named) scoring with
    every part entered replaced."""
    if form.scoring.data and form.scoring.data != "custom":
        return find_scoring(form.scoring.data)
    if form.scoring.data != "custom":
        return base
    parts: dict = {"name": "custom"}
    for field_name, part in SCORING_PARTS.items():
        value = getattr(form, field_name).data
        if value is not None:
            parts[part] = value
    if form.exact_per_trick.data is not None:
        parts.update(exact_points_per_trick=form.exact_per_trick.data, exact_points_per_bid=0)
    zero = form.zero_bid.data
    if zero == "as-exact":
        parts.update(zero_bid_points=None, zero_bid_bonus_plus_hand=False)
    elif zero == "plus-hand":
        parts.update(zero_bid_points=None, zero_bid_bonus_plus_hand=True)
    elif zero == "fixed":
        parts.update(zero_bid_points=form.zero_bid_points.data, zero_bid_bonus_plus_hand=False)
    if form.progressive.data:
        parts["progressive_misses"] = form.progressive.data == "yes"
    if form.winner.data:
        parts["lowest_wins"] = form.winner.data == "lowest"
    return dataclasses.replace(base, **parts)


def penalty_of(form, base: RevokePenalty) -> RevokePenalty:
    """The preset's revoke penalty, or the one chosen with its points."""
    mode = form.revoke_penalty.data or base.mode
    points = form.revoke_points.data or base.points
    return base if (mode, points) == (base.mode, base.points) else RevokePenalty(mode, points)


def adjusted_ruleset(form, preset: Preset) -> Ruleset:
    """The preset (and its variant, if one is chosen) with every adjustment applied.

    :raise RulesError: when the adjusted rules contradict each other, or the
        variant is not one of this preset's.
    """
    base = preset.ruleset
    if form.variant.data:
        base = preset.variant(form.variant.data).apply(base)
    hook = base.hook
    if form.hook.data:
        hook = HookRule(form.hook.data, min_cards=form.hook_min_cards.data or hook.min_cards)
    changes = {
        "schedule": schedule_of(form, base.schedule),
        "trump": trump_of(form, base.trump),
        "hook": hook,
        "scoring": scoring_of(form, base.scoring),
        "revoke_penalty": penalty_of(form, base.revoke_penalty),
    }
    if form.bidding.data:
        changes["bidding"] = form.bidding.data
    if form.must_trump.data:
        changes["must_trump"] = form.must_trump.data == "yes"
    if form.decks.data:
        changes["decks"] = int(form.decks.data)
    if form.identical_cards.data:
        changes["identical_cards"] = form.identical_cards.data
    return dataclasses.replace(base, **changes)
