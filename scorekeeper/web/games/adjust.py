"""The set-up form's adjustments applied to a preset: each part of the ruleset
the table may change, built from what was entered.

Every adjustment left empty means "as the preset says". The form
(:mod:`.forms`) checks the shape of what was typed; these functions build the
parts, and the rules engine refuses parts that contradict each other.
"""

from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace

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
    if form.decks.data in ("1", "2"):  # the preview runs before the form refuses others
        changes["decks"] = int(form.decks.data)
    if form.identical_cards.data:
        changes["identical_cards"] = form.identical_cards.data
    return dataclasses.replace(base, **changes)


# -- the other way: a game's rules as the set-up form's fields --------------
#
# "Change players or rules" opens the set-up filled in with a finished game's
# rules. Each part is found against the preset (and variant) as the form
# would build it, and checked by building it again: the form, sent unchanged,
# gives the very ruleset the game had.


class _Entered:
    """What :func:`adjusted_ruleset` reads of a form, from plain values."""

    def __init__(self, values: dict) -> None:
        self.values = values

    def __getattr__(self, name: str):
        return SimpleNamespace(data=self.values.get(name))

    def custom_sizes(self) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", self.values.get("custom") or ""))


def _first_fitting(candidates: list[dict], build, target) -> dict | None:
    """The first set of entries that builds ``target`` (with ``build``)."""
    for entered in candidates:
        if build(_Entered(entered)) == target:
            return entered
    return None


def _schedule_entries(base: ScheduleSpec, target: ScheduleSpec) -> dict | None:
    explicit: dict = {}
    if target.shape != base.shape:
        explicit["shape"] = target.shape
    if target.start != base.start:
        explicit["start"] = target.start
    if target.shape == "custom":
        explicit.update(shape="custom", custom=" ".join(map(str, target.cards)))
    if target.peak is not None and (target.peak, target.peak_by_players) != (
            base.peak, base.peak_by_players):
        explicit["peak"] = target.peak
    return _first_fitting([{}, {"length": "quick"}, explicit],
                          lambda form: schedule_of(form, base), target)


def _cycle_text(cycle: tuple[str | None, ...]) -> str:
    return " ".join("NT" if suit is None else suit for suit in cycle)


def _trump_entries(base: TrumpRule, target: TrumpRule) -> dict | None:
    entered: dict = {}
    if target.method != base.method:
        entered["trump_method"] = target.method
    if target.cycle != base.cycle:
        entered["trump_cycle"] = _cycle_text(target.cycle)
    if target.when_no_card_left != base.when_no_card_left:
        entered["when_no_card_left"] = target.when_no_card_left
    if target.no_trump_last_round != base.no_trump_last_round:
        entered["no_trump_last_round"] = "yes" if target.no_trump_last_round else "no"
    return _first_fitting([entered], lambda form: trump_of(form, base), target)


def _hook_entries(base: HookRule, target: HookRule) -> dict | None:
    if target == base:
        return {}
    entered: dict = {"hook": target.mode}
    if target.min_cards != base.min_cards:
        entered["hook_min_cards"] = target.min_cards
    return entered if HookRule(target.mode, min_cards=entered.get(
        "hook_min_cards") or base.min_cards) == target else None


def _scoring_entries(base: Scoring, target: Scoring) -> dict | None:
    if target == base:
        return {}
    try:
        if find_scoring(target.name) == target:
            return {"scoring": target.name}
    except ValueError:  # UnknownPreset: a scoring of the table's own
        pass
    entered: dict = {"scoring": "custom"}
    for field_name, part in SCORING_PARTS.items():
        if getattr(target, part) != getattr(base, part):
            entered[field_name] = getattr(target, part)
    if (target.exact_points_per_trick, target.exact_points_per_bid) != (
            base.exact_points_per_trick, base.exact_points_per_bid):
        entered["exact_per_trick"] = target.exact_points_per_trick
    if (target.zero_bid_points, target.zero_bid_bonus_plus_hand) != (
            base.zero_bid_points, base.zero_bid_bonus_plus_hand):
        if target.zero_bid_points is not None:
            entered.update(zero_bid="fixed", zero_bid_points=target.zero_bid_points)
        else:
            entered["zero_bid"] = "plus-hand" if target.zero_bid_bonus_plus_hand else "as-exact"
    if target.progressive_misses != base.progressive_misses:
        entered["progressive"] = "yes" if target.progressive_misses else "no"
    if target.lowest_wins != base.lowest_wins:
        entered["winner"] = "lowest" if target.lowest_wins else "highest"
    return _first_fitting([entered], lambda form: scoring_of(form, base), target)


def _penalty_entries(base: RevokePenalty, target: RevokePenalty) -> dict | None:
    entered: dict = {}
    if target.mode != base.mode:
        entered["revoke_penalty"] = target.mode
    if target.points != base.points and not target.is_none:
        entered["revoke_points"] = target.points
    return _first_fitting([entered, {**entered, "revoke_points": target.points}],
                          lambda form: penalty_of(form, base), target)


def _entries_against(base: Ruleset, target: Ruleset) -> dict | None:
    """The form's entries that turn ``base`` into ``target``; None when it cannot."""
    entered: dict = {}
    for found in (_schedule_entries(base.schedule, target.schedule),
                  _trump_entries(base.trump, target.trump),
                  _hook_entries(base.hook, target.hook),
                  _scoring_entries(base.scoring, target.scoring),
                  _penalty_entries(base.revoke_penalty, target.revoke_penalty)):
        if found is None:
            return None
        entered.update(found)
    if target.bidding != base.bidding:
        entered["bidding"] = target.bidding
    if target.must_trump != base.must_trump:
        entered["must_trump"] = "yes" if target.must_trump else "no"
    if target.decks != base.decks:
        entered["decks"] = str(target.decks)
    if target.identical_cards != base.identical_cards:
        entered["identical_cards"] = target.identical_cards
    return entered


def form_entries(preset: Preset, ruleset: Ruleset, players: int) -> dict | None:
    """What the set-up form holds for a game of ``preset`` played by
    ``ruleset`` with this many players: a variant offered to them and each adjustment, as few as give exactly that
    ruleset (numbers as numbers, choices as their values); None when no
    entries of the form give it (rules stored by hand, or from an older version)."""
    best = None
    for variant in (None, *(v for v in preset.variants if preset.offers(v, players))):
        base = variant.apply(preset.ruleset) if variant is not None else preset.ruleset
        entered = _entries_against(base, ruleset)
        if entered is None:
            continue
        entered["variant"] = variant.name if variant is not None else ""
        try:
            rebuilt = adjusted_ruleset(_Entered(entered), preset)
        except ValueError:  # RulesError: the parts contradict each other
            continue
        if rebuilt == ruleset and (best is None or len(entered) < len(best)):
            best = entered
    return best
