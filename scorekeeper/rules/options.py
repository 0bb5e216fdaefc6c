"""The options a table chooses, as values: the allowed choices of each option
(``SHAPES``, ``TRUMP_METHODS``, ``HOOK_MODES``, ``BIDDING_STYLES``, ...) and
the option groups :class:`ScheduleSpec`, :class:`TrumpRule` and
:class:`HookRule`, each a frozen dataclass validated when it is built.

These are the value types several rules modules share (bidding, schedule,
play and ruleset), so they live here, below all of them: this module imports
nothing of the engine but its errors. :class:`~scorekeeper.rules.ruleset.Ruleset`
puts the groups together with the scoring. The checks ``check_choice``,
``check_whole``, ``check_flag`` and ``build_option`` are shared with it.

>>> HookRule("from-cards", min_cards=4).mode
'from-cards'
>>> ScheduleSpec.from_dict({"shape": "up", "peak": 0})
Traceback (most recent call last):
...
scorekeeper.rules.errors.InvalidRuleOption: peak: must be at least 1, not 0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar

from .errors import InvalidRuleOption
from .numbers import is_whole, whole_from_text

__all__ = [
    "BIDDING_STYLES",
    "BiddingStyle",
    "HOOK_MODES",
    "HookMode",
    "HookRule",
    "IDENTICAL_CARDS",
    "IN_TURN",
    "IdenticalCards",
    "NO_CARD_LEFT_RULES",
    "NoCardLeftRule",
    "SHAPES",
    "SIMULTANEOUS",
    "ScheduleSpec",
    "Shape",
    "TieBreak",
    "TIE_BREAKS",
    "TRUMP_CHOICES",
    "TRUMP_METHODS",
    "TrumpMethod",
    "TrumpRule",
]

Shape = Literal["up", "down", "up-down", "down-up", "custom"]
SHAPES: Final[tuple[Shape, ...]] = ("up", "down", "up-down", "down-up", "custom")
"""Round schedule shapes: up (start..peak), down (peak..start), up-down
(start..peak..start), down-up (peak..start..peak), custom (a list)."""

TrumpMethod = Literal["turned-card", "spades", "dealer-last-card", "named", "cycle", "cut"]
TRUMP_METHODS: Final[tuple[TrumpMethod, ...]] = (
    "turned-card",
    "spades",
    "dealer-last-card",
    "named",
    "cycle",
    "cut",
)
"""How trump is chosen: the next undealt card is turned up; spades always; the
dealer's last card; named by a player [PL-piekielko]; a fixed cycle of suits
by round, known before the deal (Kachuful, Nomination Whist); or the suit of a
card shown by cutting the pack [EN-wikipedia-ohhell]."""

NamedBy = Literal["", "leader", "highest-bidder"]
NAMED_BY: Final[tuple[NamedBy, ...]] = ("", "leader", "highest-bidder")
"""With ``method="named"``, who names trump [PL-piekielko]: not said (``""``),
the player who leads the first trick, or the highest bidder once the bids are
in."""

TRUMP_CHOICES: Final[tuple[str | None, ...]] = ("C", "D", "H", "S", None)
"""The values of a round's trump: a suit letter, or None for a no-trump round
(what a trump cycle lists, round by round, and what a trump entry holds)."""

NoCardLeftRule = Literal["no-trump", "dealer-last-card", "spades"]
NO_CARD_LEFT_RULES: Final[tuple[NoCardLeftRule, ...]] = (
    "no-trump",
    "dealer-last-card",
    "spades",
)
"""What happens with ``turned-card`` when the whole deck is dealt."""

BiddingStyle = Literal["in-turn", "simultaneous"]
IN_TURN: Final = "in-turn"
"""Players bid one after another from the dealer's left; the dealer bids last."""
SIMULTANEOUS: Final = "simultaneous"
"""Everyone shows their bid at once [ET-full]; there is no last bidder."""
BIDDING_STYLES: Final[tuple[BiddingStyle, ...]] = (IN_TURN, SIMULTANEOUS)
"""How the table bids: in turn, or all at once."""

HookMode = Literal["off", "on", "not-final-round", "from-cards"]
HOOK_MODES: Final[tuple[HookMode, ...]] = ("off", "on", "not-final-round", "from-cards")
"""When the hook rule applies: never, always, in every round but the last, or in
rounds of at least ``min_cards`` cards."""

TieBreak = Literal["share", "most-bid", "extra-hands"]
TIE_BREAKS: Final[tuple[TieBreak, ...]] = ("share", "most-bid", "extra-hands")
"""Equal totals at the top: share the win (docs/rules.md section 8); the tied
player who bid the most in all wins; or further hands at the largest deal
until one player leads [EN-pagat-ohhell] (see
:func:`scorekeeper.rules.totals.tie_break_cards`)."""

IdenticalCards = Literal["first-wins", "last-wins"]
IDENTICAL_CARDS: Final[tuple[IdenticalCards, ...]] = ("first-wins", "last-wins")
"""With two decks, which of two identical cards in a trick wins."""

_T = TypeVar("_T")


def check_choice(field_name: str, value: object, allowed: tuple[str, ...]) -> None:
    """Raise :class:`InvalidRuleOption` unless ``value`` is one of ``allowed``."""
    if value not in allowed:
        raise InvalidRuleOption(
            field_name, f"{value!r} is not allowed; choose one of: {', '.join(allowed)}",
            kind="not-allowed", value=value, allowed=allowed,
        )


def check_whole(field_name: str, value: object, minimum: int) -> None:
    """Raise :class:`InvalidRuleOption` unless ``value`` is a whole number >= ``minimum``."""
    if not is_whole(value):
        raise InvalidRuleOption(
            field_name, f"must be a whole number, not {value!r}", kind="not-whole", value=value
        )
    if value < minimum:
        raise InvalidRuleOption(
            field_name, f"must be at least {minimum}, not {value}",
            kind="too-small", minimum=minimum, value=value,
        )


def check_flag(field_name: str, value: object) -> None:
    """Raise :class:`InvalidRuleOption` unless ``value`` is true or false."""
    if not isinstance(value, bool):
        raise InvalidRuleOption(field_name, f"must be true or false, not {value!r}")


def check_listed(field_name: str, values: tuple, required: bool, kind: str, reason: str) -> None:
    """Raise :class:`InvalidRuleOption` when a list the option needs is empty."""
    if required and not values:
        raise InvalidRuleOption(field_name, reason, kind=kind)


def build_option(cls: type[_T], d: object, prefix: str = "") -> _T:
    """Check ``d`` is a mapping of known fields and build ``cls`` from it.

    An error raised while building gets ``prefix`` in front of its field, so
    it names the dotted path of the option (``"schedule.peak"``).
    """
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
    """How many cards each player gets, round by round (docs/rules.md section 3).

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
        check_choice("shape", self.shape, SHAPES)
        check_whole("start", self.start, 1)
        if self.peak is not None:
            check_whole("peak", self.peak, 1)
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
            if not is_whole(size):
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
        check_listed("cards", cards, self.shape == "custom", "empty-schedule",
                     "a custom schedule needs the list of hand sizes, one per round")
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
            if isinstance(players, str) and whole_from_text(players) is not None:
                players = whole_from_text(players)  # JSON object keys are strings
            check_whole("peak_by_players", players, 2)
            check_whole("peak_by_players", peak, 1)
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
        return build_option(cls, d)


@dataclass(frozen=True)
class TrumpRule:
    """How the trump suit of each round is chosen (docs/rules.md section 4).

    ``no_trump_last_round``: the last round is played without trump [ET-full,
    PL-piekielko]. ``when_no_card_left``: with ``method="turned-card"``, what
    happens when the whole deck is dealt and no card is left to turn.
    ``cycle``: with ``method="cycle"``, the trump of round 1, 2, 3, ... in
    turn, starting again from the first after the last (a suit letter, or
    None for no trump); the other methods ignore it.
    ``last_round_dealer_card``: the last round's trump is the suit of the
    dealer's own last card, at every player count, whatever the method of the
    other rounds [PL-piekielko]; it cannot go with ``no_trump_last_round``.
    ``named_by``: with ``method="named"``, who names it (see :data:`NAMED_BY`).
    Both are written by :meth:`to_dict` only when set, so a ruleset stored
    before the options existed reads back and writes out unchanged.

    >>> TrumpRule().to_dict()
    {'method': 'turned-card', 'no_trump_last_round': False, 'when_no_card_left': 'no-trump', 'cycle': []}
    >>> TrumpRule(last_round_dealer_card=True).to_dict()["last_round_dealer_card"]
    True
    >>> kachuful = TrumpRule("cycle", cycle=("S", "D", "C", "H"))
    >>> [kachuful.cycle_trump(number) for number in (1, 4, 5)]
    ['S', 'H', 'S']
    >>> TrumpRule("cycle")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidRuleOption: cycle: a trump cycle lists at least one suit or no trump, round by round
    """

    method: TrumpMethod = "turned-card"
    no_trump_last_round: bool = False
    when_no_card_left: NoCardLeftRule = "no-trump"
    cycle: tuple[str | None, ...] = ()
    last_round_dealer_card: bool = False
    named_by: NamedBy = ""

    def __post_init__(self) -> None:
        check_choice("method", self.method, TRUMP_METHODS)
        check_choice("named_by", self.named_by, NAMED_BY)
        check_flag("no_trump_last_round", self.no_trump_last_round)
        check_flag("last_round_dealer_card", self.last_round_dealer_card)
        if self.no_trump_last_round and self.last_round_dealer_card:
            raise InvalidRuleOption(
                "last_round_dealer_card",
                "the last round has either no trump or the dealer's last card as trump, not both",
                kind="two-last-round-rules",
            )
        check_choice("when_no_card_left", self.when_no_card_left, NO_CARD_LEFT_RULES)
        if isinstance(self.cycle, (str, bytes)) or not isinstance(self.cycle, Iterable):
            raise InvalidRuleOption("cycle", f"must be a list of suits, not {self.cycle!r}")
        cycle = tuple(self.cycle)
        for position, entry in enumerate(cycle, start=1):
            if entry not in TRUMP_CHOICES:
                raise InvalidRuleOption(
                    "cycle", f"entry {position}: {entry!r} is not a suit (C, D, H, S) or null",
                    kind="not-a-suit", position=position, value=entry,
                )
        check_listed("cycle", cycle, self.method == "cycle", "empty-cycle",
                     "a trump cycle lists at least one suit or no trump, round by round")
        object.__setattr__(self, "cycle", cycle)

    def cycle_trump(self, number: int) -> str | None:
        """The trump the cycle gives round ``number`` (1-based): a suit letter or None."""
        return self.cycle[(number - 1) % len(self.cycle)] if self.cycle else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict of the options (the cycle as a list)."""
        d = dataclasses.asdict(self)
        d["cycle"] = list(self.cycle)
        if not self.last_round_dealer_card:
            del d["last_round_dealer_card"]  # as rulesets stored before the option
        if not self.named_by:
            del d["named_by"]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TrumpRule:
        """Build from :meth:`to_dict` output; missing options take their defaults."""
        return build_option(cls, d)


@dataclass(frozen=True)
class HookRule:
    """When the hook rule ("screw the dealer") applies (docs/rules.md section 5).

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
        check_choice("mode", self.mode, HOOK_MODES)
        check_whole("min_cards", self.min_cards, 1)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict of the options."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> HookRule:
        """Build from :meth:`to_dict` output; missing options take their defaults."""
        return build_option(cls, d)
