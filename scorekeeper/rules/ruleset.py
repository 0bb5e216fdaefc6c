"""A complete, JSON-serialisable description of the rules a table plays by:
the option groups of :mod:`scorekeeper.rules.options` and the
:class:`~scorekeeper.rules.scoring.Scoring`, put together and read from JSON.

A :class:`Ruleset` is a frozen value: it is validated when it is built (so an
invalid one cannot exist) and it is adjusted by building a new one with
:func:`dataclasses.replace`, which validates again:

>>> import dataclasses
>>> rules = Ruleset()
>>> no_hook = dataclasses.replace(rules, hook=HookRule("off"))
>>> no_hook.hook.mode, rules.hook.mode
('off', 'on')
>>> Ruleset.from_json(no_hook.to_json()) == no_hook
True
>>> dataclasses.replace(rules, decks=3)
Traceback (most recent call last):
...
scorekeeper.rules.errors.InvalidRuleOption: decks: must be 1 or 2, not 3

Every ``from_dict`` raises :class:`~scorekeeper.rules.errors.InvalidRuleset`
(an :class:`~scorekeeper.rules.errors.InvalidRuleOption` whose ``field`` is the
dotted path of the bad option) naming the allowed values.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import InvalidRuleOption
from .options import (
    BIDDING_STYLES,
    IDENTICAL_CARDS,
    SIMULTANEOUS,
    TIE_BREAKS,
    BiddingStyle,
    HookRule,
    IdenticalCards,
    ScheduleSpec,
    TieBreak,
    TrumpRule,
    build_option,
    check_choice,
    check_flag,
    check_whole,
)
from .penalties import RevokePenalty
from .scoring import SCORING_PRESETS, Scoring

__all__ = ["Ruleset"]


@dataclass(frozen=True)
class Ruleset:
    """Everything the table agreed on. Defaults: one deck, 1 card up to the
    largest hand the deck allows, trump by the turned card, hook on, bidding in
    turn, standard scoring, no penalty for a revoke, a tie for first shared, and
    no limit on 0 bids in a row (``zero_bid_limit`` 0 bids in a row at most
    from ``zero_bid_limit_players`` players; see :meth:`zero_bid_limit_for`).

    >>> Ruleset().to_dict()["scoring"]["name"]
    'standard'
    >>> Ruleset.from_dict({"bidding": "shouting"})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRuleOption: bidding: 'shouting' is not allowed; choose one of: in-turn, simultaneous
    >>> Ruleset.from_dict({"schedule": {"shape": "up", "peak": 0}})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRuleOption: schedule.peak: must be at least 1, not 0
    """

    decks: int = 1
    schedule: ScheduleSpec = field(default_factory=lambda: ScheduleSpec("up"))
    trump: TrumpRule = field(default_factory=TrumpRule)
    hook: HookRule = field(default_factory=HookRule)
    bidding: BiddingStyle = "in-turn"
    must_trump: bool = False
    identical_cards: IdenticalCards = "first-wins"
    scoring: Scoring = field(default_factory=lambda: SCORING_PRESETS["standard"])
    revoke_penalty: RevokePenalty = field(default_factory=RevokePenalty)
    tie_break: TieBreak = "share"
    zero_bid_limit: int = 0
    zero_bid_limit_players: int = 2

    def __post_init__(self) -> None:
        if self.decks not in (1, 2) or isinstance(self.decks, bool):
            raise InvalidRuleOption("decks", f"must be 1 or 2, not {self.decks!r}")
        for name, cls in (
            ("schedule", ScheduleSpec),
            ("trump", TrumpRule),
            ("hook", HookRule),
            ("scoring", Scoring),
            ("revoke_penalty", RevokePenalty),
        ):
            if not isinstance(getattr(self, name), cls):
                raise InvalidRuleOption(
                    name, f"must be a {cls.__name__}, not {getattr(self, name)!r}"
                )
        check_choice("bidding", self.bidding, BIDDING_STYLES)
        check_flag("must_trump", self.must_trump)
        check_choice("identical_cards", self.identical_cards, IDENTICAL_CARDS)
        check_choice("tie_break", self.tie_break, TIE_BREAKS)
        check_whole("zero_bid_limit", self.zero_bid_limit, 0)
        check_whole("zero_bid_limit_players", self.zero_bid_limit_players, 2)

    def zero_bid_limit_for(self, players: int) -> int:
        """How many 0 bids in a row a player may make with ``players`` at the
        table; 0 means no limit. Kachuful's rule: "If more than 5 players are
        playing, no player can bid zero more than 5 times in a row"
        [EN-wikipedia-kachufool], so ``zero_bid_limit=5`` from 6 players.

        >>> Ruleset(zero_bid_limit=5, zero_bid_limit_players=6).zero_bid_limit_for(5)
        0
        >>> Ruleset(zero_bid_limit=5, zero_bid_limit_players=6).zero_bid_limit_for(6)
        5
        """
        return self.zero_bid_limit if players >= self.zero_bid_limit_players else 0

    @property
    def hook_in_play(self) -> HookRule:
        """The hook rule as the game plays it: none where everyone bids at
        once, whatever the stored option says (:func:`.bidding.hook_applies`).

        >>> Ruleset(bidding="simultaneous").hook_in_play, Ruleset().hook_in_play
        (HookRule(mode='off', min_cards=1), HookRule(mode='on', min_cards=1))
        """
        return self.hook if self.bidding != SIMULTANEOUS else HookRule("off")

    def as_played(self) -> Ruleset:
        """The ruleset as the game plays it (:attr:`hook_in_play`): what an
        export tells a reader, where the stored options may say more.

        >>> Ruleset(bidding="simultaneous").as_played().hook.mode
        'off'
        """
        return replace(self, hook=self.hook_in_play)

    @property
    def deck_size(self) -> int:
        """Cards in play: 52 per deck."""
        return 52 * self.decks

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict; :meth:`from_dict` rebuilds an equal ruleset."""
        return {
            "decks": self.decks,
            "schedule": self.schedule.to_dict(),
            "trump": self.trump.to_dict(),
            "hook": self.hook.to_dict(),
            "bidding": self.bidding,
            "must_trump": self.must_trump,
            "identical_cards": self.identical_cards,
            "scoring": self.scoring.to_dict(),
            "revoke_penalty": self.revoke_penalty.to_dict(),
            # The options of issue 30, only when set: a ruleset stored before
            # them writes out as it was stored.
            **({"tie_break": self.tie_break} if self.tie_break != "share" else {}),
            **({"zero_bid_limit": self.zero_bid_limit,
                "zero_bid_limit_players": self.zero_bid_limit_players}
               if self.zero_bid_limit else {}),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Ruleset:
        """Build from :meth:`to_dict` output, validating every option.

        Missing options take their defaults; ``scoring`` may also be a scoring
        preset name (as in a hand record's ``rules``), and a part that is
        already built (a :class:`ScheduleSpec`, :class:`Scoring`, ...) is kept.
        """
        if not isinstance(d, Mapping):
            raise InvalidRuleOption("ruleset", f"must be an object, not {d!r}")
        parts: dict[str, Any] = dict(d)
        for name, part_cls in (
            ("schedule", ScheduleSpec),
            ("trump", TrumpRule),
            ("hook", HookRule),
            ("revoke_penalty", RevokePenalty),
        ):
            if name in parts and not isinstance(parts[name], part_cls):
                parts[name] = build_option(part_cls, parts[name], prefix=f"{name}.")
        if "scoring" in parts and not isinstance(parts["scoring"], Scoring):
            try:
                parts["scoring"] = Scoring.from_dict(parts["scoring"])
            except InvalidRuleOption as error:
                field_name = error.field if error.field == "scoring" else f"scoring.{error.field}"
                raise InvalidRuleOption(
                    field_name, error.reason, kind=error.kind, **error.details
                ) from None
        return build_option(cls, parts)

    def to_json(self) -> str:
        """Serialise to a JSON string (keys in a stable order).

        >>> Ruleset.from_json(Ruleset().to_json()) == Ruleset()
        True
        """
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, s: str | bytes) -> Ruleset:
        """Parse :meth:`to_json` output; bad JSON raises InvalidRuleset too."""
        try:
            data = json.loads(s)
        except json.JSONDecodeError as error:
            raise InvalidRuleOption("ruleset", f"is not valid JSON: {error}") from None
        return cls.from_dict(data)
