"""The Oh Hell rules engine: pure Python, standard library only.

See docs/rules.md for the rules. Everything public is importable from here.
The modules, each importing only those above it:

- ``errors``: the errors, each with a ``kind`` and ``details``.
- ``cards``: cards, suits and ranks.
- ``options``: the value types of the rule options (``HookRule``, ``ScheduleSpec``, ...).
- ``bidding``: the hook rule and the checks of bids and trick counts.
- ``scoring``: scoring systems and the points of one round.
- ``totals``: a whole game's totals and standings.
- ``penalties``: what a proven revoke costs, the table's option.
- ``ruleset``: the whole ruleset, to and from JSON.
- ``seats``, ``schedule``: turn order, round schedules.
- ``preset``, ``presets``, ``adjusted``: what a named preset is, the presets
  with their sources, and what a table changed in one.
- ``play``: who wins a trick, which cards may be played.
- ``playout``: playing a round out and finding every broken rule.
- ``deal``: recording a round live, card by card.
- ``records``, ``hand_replay``: hand records, read and written; replaying one.
- ``replay``: the command line (``python -m scorekeeper.rules.replay``).

A module is loaded the first time one of its names is used (PEP 562), so the
command line, say, loads only what a replay needs:

>>> import scorekeeper.rules as rules
>>> rules.find_scoring("standard").points(bid=2, tricks=2, cards=5)
12
>>> "parse_record" in dir(rules)
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Every public name, by the module that defines it.
_NAMES: dict[str, tuple[str, ...]] = {
    "errors": (
        "InvalidBid", "InvalidCard", "InvalidRuleOption", "InvalidRuleset", "InvalidSchedule",
        "InvalidSeat", "InvalidTricks", "MalformedRecord", "RulesError", "UnknownPreset",
    ),
    "cards": (
        "RANK_LETTERS", "Card", "Suit", "full_deck", "parse_card", "parse_cards", "parse_rank",
        "parse_suit",
    ),
    "options": (
        "BIDDING_STYLES", "HOOK_MODES", "IDENTICAL_CARDS", "NO_CARD_LEFT_RULES", "SHAPES",
        "TRUMP_CYCLE_ENTRIES", "TRUMP_METHODS", "HookRule", "ScheduleSpec", "TrumpRule",
    ),
    "bidding": (
        "allowed_bids", "check_bid", "check_tricks", "check_zero_streak", "forbidden_bid",
        "hook_applies", "zero_bid_barred",
    ),
    "scoring": ("SCORING_PRESETS", "Scoring", "find_scoring", "score_round"),
    "totals": (
        "GameScore", "RoundResult", "Standing", "score_game", "standings", "tie_break_cards",
    ),
    "ruleset": ("Ruleset",),
    "seats": (
        "bidding_order", "dealer_for_round", "dealers_for_rounds", "first_leader", "next_seat",
    ),
    "schedule": (
        "RoundPlan", "max_hand", "plan_round", "plan_rounds", "round_sizes",
        "validate_round_sizes",
    ),
    "presets": ("PRESETS", "Preset", "Variant", "find_preset", "plan_game", "presets_for"),
    "adjusted": ("QUICK_ROUNDS", "Adjustment", "adjustments", "quick_schedule"),
    "penalties": (
        "PUBLISHED_REVOKE_PENALTIES", "REVOKE_PENALTY_MODES", "RevokePenalty", "harmed_by_revoke",
        "penalty_points", "penalty_tricks",
    ),
    "play": ("Trick", "legal_cards", "trick_winner"),
    "playout": ("Violation",),
    "deal": ("Deal",),
    "records": ("HandRecord", "parse_record", "record_to_dict"),
    "hand_replay": ("ReplayResult", "replay_hand", "replay_to_json"),
}
_MODULE_OF: dict[str, str] = {name: module for module, names in _NAMES.items() for name in names}

__all__ = list(_MODULE_OF)


def __getattr__(name: str) -> Any:
    """Load the module that defines ``name`` and keep the value here."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bidding import (
        allowed_bids,
        check_bid,
        check_tricks,
        check_zero_streak,
        forbidden_bid,
        hook_applies,
        zero_bid_barred,
    )
    from .cards import (
        RANK_LETTERS,
        Card,
        Suit,
        full_deck,
        parse_card,
        parse_cards,
        parse_rank,
        parse_suit,
    )
    from .deal import Deal
    from .errors import (
        InvalidBid,
        InvalidCard,
        InvalidRuleOption,
        InvalidRuleset,
        InvalidSchedule,
        InvalidSeat,
        InvalidTricks,
        MalformedRecord,
        RulesError,
        UnknownPreset,
    )
    from .options import (
        BIDDING_STYLES,
        HOOK_MODES,
        IDENTICAL_CARDS,
        NO_CARD_LEFT_RULES,
        SHAPES,
        TRUMP_CYCLE_ENTRIES,
        TRUMP_METHODS,
        HookRule,
        ScheduleSpec,
        TrumpRule,
    )
    from .play import Trick, legal_cards, trick_winner
    from .playout import Violation
    from .adjusted import QUICK_ROUNDS, Adjustment, adjustments, quick_schedule
    from .penalties import (
        PUBLISHED_REVOKE_PENALTIES,
        REVOKE_PENALTY_MODES,
        RevokePenalty,
        harmed_by_revoke,
        penalty_points,
        penalty_tricks,
    )
    from .presets import PRESETS, Preset, Variant, find_preset, plan_game, presets_for
    from .records import HandRecord, parse_record, record_to_dict
    from .hand_replay import ReplayResult, replay_hand, replay_to_json
    from .ruleset import Ruleset
    from .schedule import (
        RoundPlan,
        max_hand,
        plan_round,
        plan_rounds,
        round_sizes,
        validate_round_sizes,
    )
    from .scoring import SCORING_PRESETS, Scoring, find_scoring, score_round
    from .seats import bidding_order, dealer_for_round, dealers_for_rounds, first_leader, next_seat
    from .totals import (
        GameScore,
        RoundResult,
        Standing,
        score_game,
        standings,
        tie_break_cards,
    )
