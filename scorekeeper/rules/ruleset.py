"""A complete, JSON-serialisable description of the rules a table plays by.

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

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeVar

from .bidding import BIDDING_STYLES, BiddingStyle
from .errors import InvalidRuleOption
from .scoring import SCORING_PRESETS, Scoring

__all__ = [
    "HOOK_MODES",
    "HookMode",
    "HookRule",
    "IDENTICAL_CARDS",
    "IdenticalCards",
    "NO_CARD_LEFT_RULES",
    "NoCardLeftRule",
    "Ruleset",
    "SHAPES",
    "ScheduleSpec",
    "Shape",
    "TRUMP_METHODS",
    "TrumpMethod",
    "TrumpRule",
]

Shape = Literal["up", "down", "up-down", "down-up", "custom"]
SHAPES: Final[tuple[Shape, ...]] = ("up", "down", "up-down", "down-up", "custom")
"""Round schedule shapes: up (start..peak), down (peak..start), up-down
(start..peak..start), down-up (peak..start..peak), custom (a list)."""

TrumpMethod = Literal["turned-card", "spades", "dealer-last-card", "named"]
TRUMP_METHODS: Final[tuple[TrumpMethod, ...]] = (
    "turned-card",
    "spades",
    "dealer-last-card",
    "named",
)
"""How trump is chosen: the next undealt card is turned up; spades always; the
dealer's last card; named by a player [PL-piekielko]."""

NoCardLeftRule = Literal["no-trump", "dealer-last-card", "spades"]
NO_CARD_LEFT_RULES: Final[tuple[NoCardLeftRule, ...]] = (
    "no-trump",
    "dealer-last-card",
    "spades",
)
"""What happens with ``turned-card`` when the whole deck is dealt."""

HookMode = Literal["off", "on", "not-final-round", "from-cards"]
HOOK_MODES: Final[tuple[HookMode, ...]] = ("off", "on", "not-final-round", "from-cards")
"""When the hook rule applies: never, always, in every round but the last, or in
rounds of at least ``min_cards`` cards."""

IdenticalCards = Literal["first-wins", "last-wins"]
IDENTICAL_CARDS: Final[tuple[IdenticalCards, ...]] = ("first-wins", "last-wins")
"""With two decks, which of two identical cards in a trick wins."""

_T = TypeVar("_T")


def _choice(field_name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise InvalidRuleOption(
            field_name, f"{value!r} is not allowed; choose one of: {', '.join(allowed)}",
            kind="not-allowed", value=value, allowed=allowed,
        )


def _whole(field_name: str, value: object, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRuleOption(
            field_name, f"must be a whole number, not {value!r}", kind="not-whole", value=value
        )
    if value < minimum:
        raise InvalidRuleOption(
            field_name, f"must be at least {minimum}, not {value}",
            kind="too-small", minimum=minimum, value=value,
        )


def _flag(field_name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidRuleOption(field_name, f"must be true or false, not {value!r}")


def _build(cls: type[_T], d: object, prefix: str = "") -> _T:
    """Check ``d`` is a mapping of known fields and build ``cls`` from it."""
    label = prefix.rstrip(".") or cls.__name__
    if not isinstance(d, Mapping):
        raise InvalidRuleOption(label, f"must be an object, not {d!r}")
    known = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = sorted(str(key) for key in set(d) - set(known))
    if unknown:
        raise InvalidRuleOption(
            prefix + unknown[0], f"is not an option; the options are: {', '.join(known)}"
        )
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if required and f.name not in d:
            raise InvalidRuleOption(prefix + f.name, "is missing; it has no default")
    try:
        return cls(**d)
    except InvalidRuleOption as error:
        raise InvalidRuleOption(
            prefix + error.field, error.reason, kind=error.kind, **error.details
        ) from None


@dataclass(frozen=True)
class ScheduleSpec:
    """How many cards each player gets, round by round (RULES.md section 3).

    ``start`` is the smallest hand (default 1). ``peak`` is the largest hand;
    ``None`` means as large as the deck allows. ``peak_by_players`` overrides
    ``peak`` for given player counts (the [ET-full] table); a player count not
    in it falls back to ``peak``. It is stored as a sorted tuple of
    ``(players, peak)`` pairs to stay hashable, but a mapping is accepted.
    ``cards`` is the list of hand sizes for ``shape="custom"`` and is ignored by
    the other shapes (as ``start``/``peak`` are by ``custom``).
    See :func:`scorekeeper.rules.schedule.round_sizes`.

    >>> ScheduleSpec("up", peak_by_players={4: 13, 3: 15}).peak_by_players
    ((3, 15), (4, 13))
    >>> ScheduleSpec("custom", cards=[3, 2, 1]).to_dict()["cards"]
    [3, 2, 1]
    >>> ScheduleSpec("sideways")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRuleOption: shape: 'sideways' is not allowed; choose one of: up, down, up-down, down-up, custom
    """

    shape: Shape
    start: int = 1
    peak: int | None = None
    peak_by_players: tuple[tuple[int, int], ...] = ()
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _choice("shape", self.shape, SHAPES)
        _whole("start", self.start, 1)
        if self.peak is not None:
            _whole("peak", self.peak, 1)
            if self.peak < self.start:
                raise InvalidRuleOption(
                    "peak", f"the largest hand ({self.peak}) is smaller than start ({self.start})",
                    kind="peak-below-start", peak=self.peak, start=self.start,
                )
        object.__setattr__(self, "peak_by_players", self._normalise_table(self.peak_by_players))
        for players, peak in self.peak_by_players:
            if peak < self.start:
                raise InvalidRuleOption(
                    "peak_by_players",
                    f"the largest hand for {players} players ({peak}) is smaller than "
                    f"start ({self.start})",
                    kind="peak-below-start", peak=peak, start=self.start,
                )
        if isinstance(self.cards, (str, bytes)) or not isinstance(self.cards, Iterable):
            raise InvalidRuleOption("cards", f"must be a list of hand sizes, not {self.cards!r}")
        cards = tuple(self.cards)
        for number, size in enumerate(cards, start=1):
            if isinstance(size, bool) or not isinstance(size, int):
                raise InvalidRuleOption(
                    "cards", f"round {number}: {size!r} is not a whole number of cards",
                    kind="not-whole-cards", round=number, value=size,
                )
            if size < 1:
                raise InvalidRuleOption(
                    "cards",
                    f"round {number} deals {size} cards; every round deals at least 1 card",
                    kind="round-too-small", round=number, cards=size,
                )
        if self.shape == "custom" and not cards:
            raise InvalidRuleOption(
                "cards", "a custom schedule needs the list of hand sizes, one per round",
                kind="empty-schedule",
            )
        object.__setattr__(self, "cards", cards)

    @staticmethod
    def _normalise_table(table: object) -> tuple[tuple[int, int], ...]:
        if isinstance(table, Mapping):
            pairs: Iterable[Any] = table.items()
        elif isinstance(table, Iterable) and not isinstance(table, (str, bytes)):
            pairs = table
        else:
            raise InvalidRuleOption(
                "peak_by_players", f"must map player counts to hand sizes, not {table!r}"
            )
        result: dict[int, int] = {}
        for pair in pairs:
            try:
                players, peak = pair
            except (TypeError, ValueError):
                raise InvalidRuleOption(
                    "peak_by_players", f"{pair!r} is not a (players, largest hand) pair"
                ) from None
            if isinstance(players, str) and players.isdigit():
                players = int(players)  # JSON object keys are strings
            _whole("peak_by_players", players, 2)
            _whole("peak_by_players", peak, 1)
            if players in result:
                raise InvalidRuleOption("peak_by_players", f"{players} players appears twice")
            result[players] = peak
        return tuple(sorted(result.items()))

    def peak_for(self, players: int) -> int | None:
        """The explicit largest hand for ``players``, or ``None`` for "as large as possible".

        >>> ScheduleSpec("up", peak=9, peak_by_players={3: 15}).peak_for(3)
        15
        >>> ScheduleSpec("up", peak=9, peak_by_players={3: 15}).peak_for(4)
        9
        """
        return dict(self.peak_by_players).get(players, self.peak)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict; ``peak_by_players`` becomes ``{"3": 15, ...}``."""
        return {
            "shape": self.shape,
            "start": self.start,
            "peak": self.peak,
            "peak_by_players": {str(p): peak for p, peak in self.peak_by_players},
            "cards": list(self.cards),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ScheduleSpec:
        """Build from :meth:`to_dict` output; missing options take their defaults."""
        return _build(cls, d)


@dataclass(frozen=True)
class TrumpRule:
    """How the trump suit of each round is chosen (RULES.md section 4).

    ``no_trump_last_round``: the last round is played without trump [ET-full,
    PL-piekielko]. ``when_no_card_left``: with ``method="turned-card"``, what
    happens when the whole deck is dealt and no card is left to turn.

    >>> TrumpRule().to_dict()
    {'method': 'turned-card', 'no_trump_last_round': False, 'when_no_card_left': 'no-trump'}
    """

    method: TrumpMethod = "turned-card"
    no_trump_last_round: bool = False
    when_no_card_left: NoCardLeftRule = "no-trump"

    def __post_init__(self) -> None:
        _choice("method", self.method, TRUMP_METHODS)
        _flag("no_trump_last_round", self.no_trump_last_round)
        _choice("when_no_card_left", self.when_no_card_left, NO_CARD_LEFT_RULES)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict of the options."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TrumpRule:
        """Build from :meth:`to_dict` output; missing options take their defaults."""
        return _build(cls, d)


@dataclass(frozen=True)
class HookRule:
    """When the hook rule ("screw the dealer") applies (RULES.md section 5).

    ``min_cards`` is only used by ``mode="from-cards"``: the hook applies in
    rounds of at least that many cards. Simultaneous bidding never has a hook.

    >>> HookRule("from-cards", min_cards=4).to_dict()
    {'mode': 'from-cards', 'min_cards': 4}
    >>> HookRule("sometimes")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRuleOption: mode: 'sometimes' is not allowed; choose one of: off, on, not-final-round, from-cards
    """

    mode: HookMode = "on"
    min_cards: int = 1

    def __post_init__(self) -> None:
        _choice("mode", self.mode, HOOK_MODES)
        _whole("min_cards", self.min_cards, 1)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict of the options."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> HookRule:
        """Build from :meth:`to_dict` output; missing options take their defaults."""
        return _build(cls, d)


@dataclass(frozen=True)
class Ruleset:
    """Everything the table agreed on. Defaults: one deck, 1 card up to the
    largest hand the deck allows, trump by the turned card, hook on, bidding in
    turn, standard scoring.

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

    def __post_init__(self) -> None:
        if self.decks not in (1, 2) or isinstance(self.decks, bool):
            raise InvalidRuleOption("decks", f"must be 1 or 2, not {self.decks!r}")
        for name, cls in (
            ("schedule", ScheduleSpec),
            ("trump", TrumpRule),
            ("hook", HookRule),
            ("scoring", Scoring),
        ):
            if not isinstance(getattr(self, name), cls):
                raise InvalidRuleOption(
                    name, f"must be a {cls.__name__}, not {getattr(self, name)!r}"
                )
        _choice("bidding", self.bidding, BIDDING_STYLES)
        _flag("must_trump", self.must_trump)
        _choice("identical_cards", self.identical_cards, IDENTICAL_CARDS)

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
        ):
            if name in parts and not isinstance(parts[name], part_cls):
                parts[name] = _build(part_cls, parts[name], prefix=f"{name}.")
        if "scoring" in parts and not isinstance(parts["scoring"], Scoring):
            try:
                parts["scoring"] = Scoring.from_dict(parts["scoring"])
            except InvalidRuleOption as error:
                field_name = error.field if error.field == "scoring" else f"scoring.{error.field}"
                raise InvalidRuleOption(
                    field_name, error.reason, kind=error.kind, **error.details
                ) from None
        return _build(cls, parts)

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
