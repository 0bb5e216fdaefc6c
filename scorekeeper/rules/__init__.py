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

Every module is imported here, plainly: loading them only when a name is
first used saved the replay command 7 ms of its 91 ms of CPU at start (median
of 15 whole runs, ``python -m scorekeeper.rules.replay`` on one record), too
little to be worth a second list of every name.

>>> import scorekeeper.rules as rules
>>> rules.find_scoring("standard").points(bid=2, tricks=2, cards=5)
12
>>> "parse_record" in rules.__all__
True
"""

from __future__ import annotations

from .bidding import (
    allowed_bids,
    check_bid,
    check_running_tricks,
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
    TRUMP_CHOICES,
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

__all__ = [
    "InvalidBid", "InvalidCard", "InvalidRuleOption", "InvalidRuleset", "InvalidSchedule",
    "InvalidSeat", "InvalidTricks", "MalformedRecord", "RulesError", "UnknownPreset",
    "RANK_LETTERS", "Card", "Suit", "full_deck", "parse_card", "parse_cards", "parse_rank",
    "parse_suit", "BIDDING_STYLES", "HOOK_MODES", "IDENTICAL_CARDS", "NO_CARD_LEFT_RULES",
    "SHAPES", "TRUMP_CHOICES", "TRUMP_METHODS", "HookRule", "ScheduleSpec", "TrumpRule",
    "allowed_bids", "check_bid", "check_running_tricks", "check_tricks", "check_zero_streak", "forbidden_bid",
    "hook_applies", "zero_bid_barred", "SCORING_PRESETS", "Scoring", "find_scoring",
    "score_round", "GameScore", "RoundResult", "Standing", "score_game", "standings",
    "tie_break_cards", "Ruleset", "bidding_order", "dealer_for_round", "dealers_for_rounds",
    "first_leader", "next_seat", "RoundPlan", "max_hand", "plan_round", "plan_rounds",
    "round_sizes", "validate_round_sizes", "PRESETS", "Preset", "Variant", "find_preset",
    "plan_game", "presets_for", "QUICK_ROUNDS", "Adjustment", "adjustments", "quick_schedule",
    "PUBLISHED_REVOKE_PENALTIES", "REVOKE_PENALTY_MODES", "RevokePenalty", "harmed_by_revoke",
    "penalty_points", "penalty_tricks", "Trick", "legal_cards", "trick_winner", "Violation",
    "Deal", "HandRecord", "parse_record", "record_to_dict", "ReplayResult", "replay_hand",
    "replay_to_json",
]
