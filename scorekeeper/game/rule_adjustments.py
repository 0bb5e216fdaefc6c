"""The set-up form's adjustments of a preset as plain values, and both ways
between them and a ruleset: :func:`adjusted_ruleset` applies them, and
:func:`adjustments_for` finds the fewest that give a ruleset ("Change players
or rules" fills the set-up in with them).

Every adjustment left empty (``""``, ``None`` or ``()``) means "as the preset
says". The web form checks the shape of what was typed and hands the values
over as a :class:`RuleAdjustments` (:meth:`RuleAdjustments.as_form_data` is
the way back); these functions build the parts, and the rules engine refuses
parts that contradict each other.

>>> from scorekeeper.rules import find_preset
>>> ohhell = find_preset("ohhell")
>>> rules = adjusted_ruleset(ohhell, RuleAdjustments(hook="off", decks=2))
>>> (rules.hook.mode, rules.decks)
('off', 2)
>>> adjustments_for(ohhell, rules, players=4).entered
('hook', 'decks')
>>> adjustments_for(ohhell, rules, players=4).as_form_data()["decks"]
'2'
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Final

from ..rules import (
    HookRule,
    Preset,
    RevokePenalty,
    Ruleset,
    RulesError,
    ScheduleSpec,
    Scoring,
    TrumpRule,
    find_scoring,
    parse_suit,
    quick_schedule,
)

__all__ = [
    "NO_TRUMP_WORDS", "SCORING_PARTS", "RuleAdjustments", "adjusted_ruleset", "adjustments_for",
    "bad_cycle_token", "cycle_text", "cycle_tokens", "parse_cycle",
]

#: What the table may type for a round of the cycle without trump.
NO_TRUMP_WORDS: Final = frozenset({"NT", "-", "–", "—", "0", "N"})
#: The custom-scoring adjustments that each set one part of the scoring.
SCORING_PARTS: Final = {
    "exact_bonus": "exact_bonus",
    "miss_per_trick": "miss_points_per_trick",
    "over_penalty": "over_penalty_per_trick",
    "under_penalty": "under_penalty_per_trick",
}

#: The scoring parts no entry of "Custom…" sets: they come with a named scoring.
UNENTERED_SCORING_PARTS: Final = ("exact_points_per_bid_squared", "miss_penalty_per_bid",
                                  "miss_penalty_squared", "zero_bid_miss_points")

Entries = dict[str, Any]


@dataclass(frozen=True)
class RuleAdjustments:
    """A variant of the preset and each adjustment, named as the set-up form's
    fields are. Choices are the form's values ("quick", "custom", "lowest"),
    numbers are numbers, yes-or-no entries are booleans, ``custom`` is the
    cards per round and ``trump_cycle`` the trumps as typed (see
    :func:`parse_cycle`)."""

    variant: str = ""
    shape: str = ""
    length: str = ""
    start: int | None = None
    peak: int | None = None
    custom: tuple[int, ...] = ()
    trump_method: str = ""
    trump_cycle: str = ""
    when_no_card_left: str = ""
    no_trump_last_round: bool | None = None
    must_trump: bool | None = None
    hook: str = ""
    hook_min_cards: int | None = None
    bidding: str = ""
    decks: int | None = None
    identical_cards: str = ""
    scoring: str = ""
    exact_bonus: int | None = None
    exact_per_trick: int | None = None
    miss_per_trick: int | None = None
    over_penalty: int | None = None
    under_penalty: int | None = None
    winner: str = ""
    zero_bid: str = ""
    zero_bid_points: int | None = None
    progressive: bool | None = None
    tie_break: str = ""
    revoke_penalty: str = ""
    revoke_points: int | None = None

    @property
    def entered(self) -> tuple[str, ...]:
        """The names of the adjustments made, the variant among them when one is chosen."""
        return tuple(field.name for field in dataclasses.fields(self)
                     if not _is_empty(getattr(self, field.name)))

    def as_form_data(self) -> dict[str, str]:
        """Every adjustment as its form field takes it typed ("" as the preset says)."""
        return {field.name: _as_text(getattr(self, field.name))
                for field in dataclasses.fields(self)}


def _is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, (str, tuple)) and not value)


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return str(value)


# -- the trump cycle as typed ------------------------------------------------


def _is_suit(char: str) -> bool:
    """Whether ``char`` is one suit letter or symbol (a suit typed with the
    emoji variation selector is two characters, and refused as before)."""
    if len(char) != 1:
        return False
    try:
        parse_suit(char)
    except RulesError:  # InvalidCard
        return False
    return True


def cycle_tokens(text: str) -> list[str]:
    """The entries typed for a trump cycle, one per round ("S D C H", "♠♦♣♥ NT")."""
    tokens = []
    for word in re.split(r"[\s,;]+", (text or "").strip()):
        upper = word.upper()
        if upper in NO_TRUMP_WORDS:
            tokens.append(upper)
        elif word and all(_is_suit(char) for char in upper):
            tokens.extend(upper)
        elif word:
            tokens.append(word)
    return tokens


def bad_cycle_token(text: str) -> str | None:
    """The first entry of a typed cycle that is neither a suit nor no trump."""
    for token in cycle_tokens(text):
        if token not in NO_TRUMP_WORDS and not _is_suit(token):
            return token
    return None


def parse_cycle(text: str) -> tuple[str | None, ...]:
    """A typed cycle as the rules store it (letters, None for no trump); an
    entry that is neither is left out (the form refuses it).

    >>> parse_cycle("♠ d, NT x")
    ('S', 'D', None)
    """
    return tuple(None if token in NO_TRUMP_WORDS else parse_suit(token).value
                 for token in cycle_tokens(text)
                 if token in NO_TRUMP_WORDS or _is_suit(token))


def cycle_text(cycle: tuple[str | None, ...]) -> str:
    """A trump cycle as the table would type it: :func:`parse_cycle` reads it back.

    >>> cycle_text(("S", None))
    'S NT'
    """
    return " ".join("NT" if suit is None else suit for suit in cycle)


# -- the adjustments applied -------------------------------------------------


def _schedule(entered: RuleAdjustments, base: ScheduleSpec) -> ScheduleSpec:
    """The preset's schedule with the shape, the hands and the length entered."""
    schedule = base
    if entered.shape or entered.start or entered.peak:
        shape = entered.shape or base.shape
        schedule = ScheduleSpec(
            shape,
            start=entered.start or base.start,
            peak=entered.peak if entered.peak else base.peak,
            peak_by_players=() if entered.peak else base.peak_by_players,
            cards=entered.custom if shape == "custom" else (),
        )
    if entered.length == "quick":
        schedule = quick_schedule(schedule)
    return schedule


def _trump(entered: RuleAdjustments, base: TrumpRule) -> TrumpRule:
    """The preset's trump rule with the method, the cycle and the two special rounds entered."""
    changes: Entries = {}
    if entered.trump_method:
        changes["method"] = entered.trump_method
    if entered.trump_cycle.strip():
        changes["cycle"] = parse_cycle(entered.trump_cycle)
    if entered.when_no_card_left:
        changes["when_no_card_left"] = entered.when_no_card_left
    if entered.no_trump_last_round is not None:
        changes["no_trump_last_round"] = entered.no_trump_last_round
    return dataclasses.replace(base, **changes) if changes else base


def _scoring(entered: RuleAdjustments, base: Scoring) -> Scoring:
    """A named scoring, or "Custom…": the preset's scoring with every part entered replaced."""
    if entered.scoring != "custom":
        return find_scoring(entered.scoring) if entered.scoring else base
    parts: Entries = {"name": "custom"}
    for name, part in SCORING_PARTS.items():
        if getattr(entered, name) is not None:
            parts[part] = getattr(entered, name)
    if entered.exact_per_trick is not None:
        parts.update(exact_points_per_trick=entered.exact_per_trick, exact_points_per_bid=0)
    if entered.zero_bid == "as-exact":
        parts.update(zero_bid_points=None, zero_bid_bonus_plus_hand=False)
    elif entered.zero_bid == "plus-hand":
        parts.update(zero_bid_points=None, zero_bid_bonus_plus_hand=True)
    elif entered.zero_bid == "fixed":
        parts.update(zero_bid_points=entered.zero_bid_points, zero_bid_bonus_plus_hand=False)
    if entered.progressive is not None:
        parts["progressive_misses"] = entered.progressive
    if entered.winner:
        parts["lowest_wins"] = entered.winner == "lowest"
    return dataclasses.replace(base, **parts)


def _penalty(entered: RuleAdjustments, base: RevokePenalty) -> RevokePenalty:
    """The preset's revoke penalty, or the one chosen with its points."""
    mode = entered.revoke_penalty or base.mode
    points = entered.revoke_points or base.points
    return base if (mode, points) == (base.mode, base.points) else RevokePenalty(mode, points)


def adjusted_ruleset(preset: Preset, entered: RuleAdjustments) -> Ruleset:
    """The preset (and its variant, if one is chosen) with every adjustment applied.

    :raise RulesError: when the adjusted rules contradict each other, or the
        variant is not one of this preset's.
    """
    base = preset.ruleset
    if entered.variant:
        base = preset.variant(entered.variant).apply(base)
    hook = base.hook
    if entered.hook:
        hook = HookRule(entered.hook, min_cards=entered.hook_min_cards or hook.min_cards)
    changes: Entries = {
        "schedule": _schedule(entered, base.schedule),
        "trump": _trump(entered, base.trump),
        "hook": hook,
        "scoring": _scoring(entered, base.scoring),
        "revoke_penalty": _penalty(entered, base.revoke_penalty),
    }
    for name in ("bidding", "identical_cards", "tie_break"):
        if getattr(entered, name):
            changes[name] = getattr(entered, name)
    if entered.must_trump is not None:
        changes["must_trump"] = entered.must_trump
    if entered.decks is not None:
        changes["decks"] = entered.decks
    return dataclasses.replace(base, **changes)


# -- the other way: the fewest adjustments that give a ruleset ----------------
#
# Each part is read off against the preset (or its variant) directly: every
# difference is the entry that makes it, and a difference no entry makes
# (a table of largest hands, rules stored by hand or by an older version)
# means that no adjustments give the ruleset.


def _rebuilt_schedule(base: ScheduleSpec, target: ScheduleSpec) -> Entries | None:
    """The entries that build ``target`` afresh, the whole game long."""
    if target.shape != "custom" and target.cards:
        return None  # a schedule built afresh lists cards for a custom one only
    entries: Entries = {}
    if target.shape != base.shape:
        entries["shape"] = target.shape
    if target.start != base.start:
        entries["start"] = target.start
    if (target.peak, target.peak_by_players) != (base.peak, base.peak_by_players):
        if target.peak is None or target.peak_by_players:
            return None  # an entered largest hand is one number
        entries["peak"] = target.peak
    if not entries:
        entries["shape"] = target.shape  # only an entry builds the schedule afresh
    if target.shape == "custom":
        entries["custom"] = target.cards
    return entries


def _quick_schedule(base: ScheduleSpec, target: ScheduleSpec) -> Entries | None:
    """The entries of a quick game of ``target``'s shape (never a largest
    hand: the form refuses one for a quick game)."""
    if target != quick_schedule(ScheduleSpec(target.shape, start=target.start,
                                             cards=target.cards)):
        return None
    if target.shape == "custom":
        return {"length": "quick", "shape": "custom", "custom": target.cards}
    entries: Entries = {"length": "quick"}
    if target.shape != base.shape:
        entries["shape"] = target.shape
    if target.start != base.start:
        largest = [peak for _players, peak in base.peak_by_players]
        if any(peak < target.start for peak in (*largest, base.peak or target.start)):
            return None  # the preset's largest hand is below the new smallest
        entries["start"] = target.start
    return entries


def _schedule_entries(base: ScheduleSpec, target: ScheduleSpec) -> Entries | None:
    if target == base:
        return {}
    if target == quick_schedule(base):
        return {"length": "quick"}
    # A quick game wins a tie: it says what the table chose.
    found = [entries for entries in (_quick_schedule(base, target),
                                     _rebuilt_schedule(base, target)) if entries is not None]
    return min(found, key=len, default=None)


def _trump_entries(base: TrumpRule, target: TrumpRule) -> Entries | None:
    entries: Entries = {}
    if target.method != base.method:
        entries["trump_method"] = target.method
    if target.cycle != base.cycle:
        if not target.cycle:
            return None  # an empty cycle entered keeps the preset's
        entries["trump_cycle"] = cycle_text(target.cycle)
    if target.when_no_card_left != base.when_no_card_left:
        entries["when_no_card_left"] = target.when_no_card_left
    if target.no_trump_last_round != base.no_trump_last_round:
        entries["no_trump_last_round"] = target.no_trump_last_round
    if (target.last_round_dealer_card, target.named_by) != (base.last_round_dealer_card,
                                                            base.named_by):
        return None  # only a variant sets the last round's trump so, or who names trump
    return entries


def _hook_entries(base: HookRule, target: HookRule) -> Entries:
    if target == base:
        return {}
    if target.min_cards == base.min_cards:
        return {"hook": target.mode}
    return {"hook": target.mode, "hook_min_cards": target.min_cards}


def _is_named(scoring: Scoring) -> bool:
    try:
        return find_scoring(scoring.name) == scoring
    except RulesError:  # UnknownPreset: a scoring of the table's own
        return False


def _custom_scoring(base: Scoring, target: Scoring) -> Entries | None:
    """The parts of "Custom…" that turn ``base`` into ``target``."""
    if any(getattr(target, part) != getattr(base, part) for part in UNENTERED_SCORING_PARTS):
        return None  # parts only a named scoring sets (squares, a penalty per bid, ...)
    entries: Entries = {"scoring": "custom"}
    for name, part in SCORING_PARTS.items():
        if getattr(target, part) != getattr(base, part):
            entries[name] = getattr(target, part)
    if (target.exact_points_per_trick, target.exact_points_per_bid) != (
            base.exact_points_per_trick, base.exact_points_per_bid):
        if target.exact_points_per_bid != 0:
            return None  # the form sets points per trick, with none per bid
        entries["exact_per_trick"] = target.exact_points_per_trick
    if (target.zero_bid_points, target.zero_bid_bonus_plus_hand) != (
            base.zero_bid_points, base.zero_bid_bonus_plus_hand):
        if target.zero_bid_points is None:
            entries["zero_bid"] = "plus-hand" if target.zero_bid_bonus_plus_hand else "as-exact"
        elif target.zero_bid_bonus_plus_hand:
            return None  # fixed points are never added to the hand
        else:
            entries.update(zero_bid="fixed", zero_bid_points=target.zero_bid_points)
    if target.progressive_misses != base.progressive_misses:
        entries["progressive"] = target.progressive_misses
    if target.lowest_wins != base.lowest_wins:
        entries["winner"] = "lowest" if target.lowest_wins else "highest"
    return entries


def _scoring_entries(base: Scoring, target: Scoring) -> Entries | None:
    if target == base:
        return {}
    if _is_named(target):
        return {"scoring": target.name}
    return _custom_scoring(base, target) if target.name == "custom" else None


def _penalty_entries(base: RevokePenalty, target: RevokePenalty) -> Entries:
    entries: Entries = {}
    if target.mode != base.mode:
        entries["revoke_penalty"] = target.mode
    if target.points != base.points:
        entries["revoke_points"] = target.points
    return entries


def _entries_against(base: Ruleset, target: Ruleset) -> Entries | None:
    """The adjustments that turn ``base`` into ``target``; None when none do."""
    entries: Entries = {}
    for found in (_schedule_entries(base.schedule, target.schedule),
                  _trump_entries(base.trump, target.trump),
                  _hook_entries(base.hook, target.hook),
                  _scoring_entries(base.scoring, target.scoring),
                  _penalty_entries(base.revoke_penalty, target.revoke_penalty)):
        if found is None:
            return None
        entries.update(found)
    for name in ("bidding", "must_trump", "decks", "identical_cards", "tie_break"):
        if getattr(target, name) != getattr(base, name):
            entries[name] = getattr(target, name)
    for name in ("zero_bid_limit", "zero_bid_limit_players"):
        if getattr(target, name) != getattr(base, name):
            return None  # set by a variant only, never by an entry
    return entries


def adjustments_for(preset: Preset, ruleset: Ruleset, players: int) -> RuleAdjustments | None:
    """The fewest adjustments of ``preset`` that give exactly ``ruleset``, with
    a variant the preset offers to this many ``players`` when one saves
    entries (it names its source, so it wins a tie with the plain
    adjustments); None when no adjustments give it (rules stored by hand, or
    by an older version)."""
    best: tuple[str, Entries] | None = None
    for variant in (None, *preset.variants_for(players)):
        base = preset.ruleset if variant is None else variant.apply(preset.ruleset)
        entries = _entries_against(base, ruleset)
        if entries is not None and (best is None or len(entries) < len(best[1])):
            best = ("" if variant is None else variant.name, entries)
    return None if best is None else RuleAdjustments(variant=best[0], **best[1])
