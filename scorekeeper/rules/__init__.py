"""The Oh Hell rules engine: pure Python, standard library only.

See docs/rules.md for the rules. Everything public is importable from here.
The modules, each importing only those above it:

- ``errors``: the errors, each with a ``kind`` and ``details``.
- ``cards``: cards, suits and ranks.
- ``options``: the value types of the rule options (``HookRule``, ``ScheduleSpec``, ...).
- ``bidding``: the hook rule and the checks of bids and trick counts.
- ``scoring``: scoring systems and the points of one round.
- ``standings``: a whole game's totals and standings.
- ``penalties``: what a proven revoke costs, the table's option.
- ``ruleset``: the whole ruleset, to and from JSON.
- ``seats``, ``schedule``: turn order, round schedules.
- ``preset``, ``presets``, ``adjusted``: what a named preset is, the presets
  with their sources, and what a table changed in one.
- ``play``: who wins a trick, which cards may be played.
- ``playout``: playing a round out and finding every broken rule.
- ``deal``: recording a round live, card by card.
- ``records``, ``replaying``: hand records, read and written; replaying one.
- ``replay``: the command line (``python -m scorekeeper.rules.replay``).
"""

from .bidding import (
    allowed_bids,
    check_bid,
    check_tricks,
    forbidden_bid,
    hook_applies,
)
from .cards import RANK_LETTERS, Card, Suit, full_deck, parse_card, parse_rank, parse_suit
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
from .adjusted import QUICK_ROUNDS, Adjustment, adjustments, quick_schedule
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
from .penalties import (
    PUBLISHED_REVOKE_PENALTIES,
    REVOKE_PENALTY_MODES,
    RevokePenalty,
    penalty_points,
)
from .play import Trick, legal_cards, trick_winner
from .playout import Violation
from .presets import PRESETS, Preset, Variant, find_preset, plan_game, presets_for
from .records import HandRecord, parse_record, record_to_dict
from .replaying import ReplayResult, replay
from .ruleset import Ruleset
from .schedule import RoundPlan, max_hand, plan_round, plan_rounds, round_sizes, validate_round_sizes
from .scoring import SCORING_PRESETS, Scoring, find_scoring, score_round
from .seats import bidding_order, dealer_for_round, dealers_for_rounds, first_leader, next_seat
from .standings import GameScore, RoundResult, Standing, score_game, standings

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
    # options and ruleset
    "HOOK_MODES",
    "IDENTICAL_CARDS",
    "NO_CARD_LEFT_RULES",
    "SHAPES",
    "TRUMP_CYCLE_ENTRIES",
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
    # scoring and standings
    "SCORING_PRESETS",
    "GameScore",
    "RoundResult",
    "Scoring",
    "Standing",
    "find_scoring",
    "score_game",
    "score_round",
    "standings",
    # revoke penalties
    "PUBLISHED_REVOKE_PENALTIES",
    "REVOKE_PENALTY_MODES",
    "RevokePenalty",
    "penalty_points",
    # presets and what a table changed in one
    "PRESETS",
    "Preset",
    "Variant",
    "find_preset",
    "plan_game",
    "presets_for",
    "QUICK_ROUNDS",
    "Adjustment",
    "adjustments",
    "quick_schedule",
]
