"""The Oh Hell rules engine: pure Python, standard library only.

See RULES.md for the rules. Everything public is importable from here.
"""

from .bidding import (
    BIDDING_STYLES,
    allowed_bids,
    check_bid,
    check_tricks,
    forbidden_bid,
    hook_applies,
)
from .cards import RANK_LETTERS, Card, Suit, full_deck, parse_card, parse_rank, parse_suit
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
from .play import Deal, Trick, Violation, legal_cards, trick_winner
from .presets import PRESETS, Preset, find_preset
from .records import HandRecord, ReplayResult, parse_record, record_to_dict, replay
from .ruleset import (
    HOOK_MODES,
    IDENTICAL_CARDS,
    NO_CARD_LEFT_RULES,
    SHAPES,
    TRUMP_METHODS,
    HookRule,
    Ruleset,
    ScheduleSpec,
    TrumpRule,
)
from .schedule import RoundPlan, max_hand, plan_round, plan_rounds, round_sizes, validate_round_sizes
from .scoring import (
    SCORING_PRESETS,
    GameScore,
    RoundResult,
    Scoring,
    Standing,
    find_scoring,
    score_game,
    score_hand,
    score_round,
    standings,
)
from .seats import bidding_order, dealer_for_round, dealers_for_rounds, first_leader, next_seat

__all__ = [
    # cards
    "RANK_LETTERS",
    "Card",
    "Suit",
    "full_deck",
    "parse_card",
    "parse_rank",
    "parse_suit",
    # play and replay
    "Deal",
    "Trick",
    "Violation",
    "legal_cards",
    "trick_winner",
    "HandRecord",
    "ReplayResult",
    "parse_record",
    "record_to_dict",
    "replay",
    # errors
    "InvalidBid",
    "InvalidCard",
    "InvalidRuleOption",
    "InvalidRuleset",
    "InvalidSchedule",
    "InvalidSeat",
    "InvalidTricks",
    "MalformedRecord",
    "RulesError",
    "UnknownPreset",
    # ruleset
    "HOOK_MODES",
    "IDENTICAL_CARDS",
    "NO_CARD_LEFT_RULES",
    "SHAPES",
    "TRUMP_METHODS",
    "HookRule",
    "Ruleset",
    "ScheduleSpec",
    "TrumpRule",
    # schedule
    "RoundPlan",
    "max_hand",
    "plan_round",
    "plan_rounds",
    "round_sizes",
    "validate_round_sizes",
    # seats
    "bidding_order",
    "dealer_for_round",
    "dealers_for_rounds",
    "first_leader",
    "next_seat",
    # bidding
    "BIDDING_STYLES",
    "allowed_bids",
    "check_bid",
    "check_tricks",
    "forbidden_bid",
    "hook_applies",
    # scoring
    "SCORING_PRESETS",
    "GameScore",
    "RoundResult",
    "Scoring",
    "Standing",
    "find_scoring",
    "score_game",
    "score_hand",
    "score_round",
    "standings",
    # presets
    "PRESETS",
    "Preset",
    "find_preset",
]
