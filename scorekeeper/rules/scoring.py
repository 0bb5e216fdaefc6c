"""Scoring: points for a round, totals for a game, and standings (RULES.md sections 7-8).

A :class:`Scoring` is built from parts, so every preset of RULES.md section 7
and any custom mix of the same parts can be expressed. Scores are always derived
from the facts (bids, tricks, cards); re-scoring a game under another system is
just another call.

>>> score_round(find_scoring("standard"), bid=7, tricks=7, cards=10)
17
>>> score_round(find_scoring("standard"), bid=7, tricks=6, cards=10)
0
>>> [s.rank for s in standings({"Ann": 30, "Bob": 30, "Cy": 12}, lowest_wins=False)]
[1, 1, 3]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple, TypeVar

from .bidding import check_tricks
from .errors import InvalidBid, InvalidRuleOption, InvalidTricks, RulesError, UnknownPreset

__all__ = [
    "GameScore",
    "RoundResult",
    "SCORING_PRESETS",
    "Scoring",
    "Standing",
    "find_scoring",
    "round_points",
    "score_game",
    "score_hand",
    "score_round",
    "standings",
]

Player = TypeVar("Player", bound=Hashable)

_INT_PARTS: Final = (
    "exact_bonus",
    "exact_points_per_bid",
    "exact_points_per_trick",
    "miss_points_per_trick",
    "over_penalty_per_trick",
    "under_penalty_per_trick",
)
_PENALTIES: Final = ("over_penalty_per_trick", "under_penalty_per_trick")
_BOOL_PARTS: Final = ("zero_bid_bonus_plus_hand", "progressive_misses", "lowest_wins")


@dataclass(frozen=True)
class Scoring:
    """How a round is scored, made of parts. Bid ``b``, tricks taken ``t``, ``n`` cards.

    - Exact (``t == b``): ``exact_bonus + exact_points_per_bid * b +
      exact_points_per_trick * t``; but with ``zero_bid_bonus_plus_hand`` a
      made bid of 0 scores ``5 + n`` instead [ET-full].
    - Missed (``t != b``): ``miss_points_per_trick * t``, minus
      ``over_penalty_per_trick`` for each trick above the bid and
      ``under_penalty_per_trick`` for each trick below it (penalties are given
      as positive numbers and subtracted); with ``progressive_misses`` the
      player's k-th missed bid also adds k points [PL-piekielko].
    - ``lowest_wins``: the lowest total wins (penalty-point games).

    All parts default to 0/False, so a custom scoring names only what it uses.
    Adjust a preset with :func:`dataclasses.replace`:

    >>> import dataclasses
    >>> harsh = dataclasses.replace(SCORING_PRESETS["standard"], name="custom",
    ...                             under_penalty_per_trick=2)
    >>> score_round(harsh, bid=4, tricks=1, cards=5)
    -6
    >>> Scoring.from_dict(harsh.to_dict()) == harsh
    True
    """

    name: str = "custom"
    exact_bonus: int = 0
    exact_points_per_bid: int = 0
    exact_points_per_trick: int = 0
    miss_points_per_trick: int = 0
    over_penalty_per_trick: int = 0
    under_penalty_per_trick: int = 0
    zero_bid_bonus_plus_hand: bool = False
    progressive_misses: bool = False
    lowest_wins: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidRuleOption("name", "a scoring needs a non-empty name, such as 'custom'")
        for part in _INT_PARTS:
            value = getattr(self, part)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidRuleOption(part, f"must be a whole number, not {value!r}")
        for part in _PENALTIES:
            if getattr(self, part) < 0:
                raise InvalidRuleOption(
                    part,
                    "a penalty is given as a positive number of points to subtract, "
                    f"not {getattr(self, part)}",
                )
        for part in _BOOL_PARTS:
            value = getattr(self, part)
            if not isinstance(value, bool):
                raise InvalidRuleOption(part, f"must be true or false, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-serialisable dict of every part.

        >>> SCORING_PRESETS["standard"].to_dict()["exact_bonus"]
        10
        """
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | str) -> Scoring:
        """Build a scoring from :meth:`to_dict` output, or from a preset name.

        Missing parts take their defaults (0 or false); unknown keys and bad
        values raise :class:`~scorekeeper.rules.errors.InvalidRuleset` naming
        the field.

        >>> Scoring.from_dict("trick-points") == SCORING_PRESETS["trick-points"]
        True
        >>> Scoring.from_dict({"name": "custom", "exact_bonus": "ten"})
        Traceback (most recent call last):
        ...
        scorekeeper.rules.errors.InvalidRuleOption: exact_bonus: must be a whole number, not 'ten'
        """
        if isinstance(d, str):
            return find_scoring(d)
        if not isinstance(d, Mapping):
            raise InvalidRuleOption(
                "scoring", f"must be a preset name or an object of parts, not {d!r}"
            )
        known = [f.name for f in dataclasses.fields(cls)]
        unknown = sorted(set(d) - set(known))
        if unknown:
            raise InvalidRuleOption(
                str(unknown[0]), f"is not a scoring part; the parts are: {', '.join(known)}"
            )
        return cls(**d)

    def score(self, bid: int, tricks: int, cards: int, previous_misses: int = 0) -> int:
        """Shortcut for :func:`score_round` with this scoring."""
        return score_round(self, bid, tricks, cards, previous_misses)


SCORING_PRESETS: Final[dict[str, Scoring]] = {
    scoring.name: scoring
    for scoring in (
        # [PL-planowanie, ET-full, PL-piekielko]: exact 10 + b, missed 0.
        Scoring("standard", exact_bonus=10, exact_points_per_bid=1),
        # [PL-cardgames]; [ET-full] variation: exact 10 + t, missed t.
        Scoring(
            "trick-points", exact_bonus=10, exact_points_per_trick=1, miss_points_per_trick=1
        ),
        # [ET-full] variation: a made 0 bid scores 5 + n, other exact 10 + b.
        Scoring(
            "zero-bonus-hand",
            exact_bonus=10,
            exact_points_per_bid=1,
            zero_bid_bonus_plus_hand=True,
        ),
        # [PL-piekielko] variant: short by k tricks scores -k; over scores 0.
        Scoring(
            "under-penalty", exact_bonus=10, exact_points_per_bid=1, under_penalty_per_trick=1
        ),
        # [PL-piekielko] variant: missed scores -abs(b - t).
        Scoring(
            "difference-penalty",
            exact_bonus=10,
            exact_points_per_bid=1,
            over_penalty_per_trick=1,
            under_penalty_per_trick=1,
        ),
        # [PL-piekielko] variant: the k-th missed bid scores k; lowest wins.
        Scoring("progressive-misses", progressive_misses=True, lowest_wins=True),
        # [EN-traditional]: exact t + 5, missed t.
        Scoring("five-bonus", exact_bonus=5, exact_points_per_trick=1, miss_points_per_trick=1),
        # [EN-gameduell]: exact 20 + 10 b, missed -10 abs(b - t).
        Scoring(
            "wizard",
            exact_bonus=20,
            exact_points_per_bid=10,
            over_penalty_per_trick=10,
            under_penalty_per_trick=10,
        ),
    )
}
"""The scoring presets of RULES.md section 7 by name. The names are part of the
hand record format and the CSV export: never rename them."""


def find_scoring(name: str) -> Scoring:
    """Return the scoring preset called ``name``.

    >>> find_scoring("wizard").exact_bonus
    20
    >>> find_scoring("golf")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.UnknownPreset: unknown scoring preset: 'golf'; known: difference-penalty, five-bonus, progressive-misses, standard, trick-points, under-penalty, wizard, zero-bonus-hand
    """
    try:
        return SCORING_PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(SCORING_PRESETS))
        raise UnknownPreset(f"unknown scoring preset: {name!r}; known: {known}") from None


def _check_whole(value: object, what: str, error: type[RulesError]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} must be a whole number, not {value!r}.")
    return value


def score_round(
    scoring: Scoring, bid: int, tricks: int, cards: int, previous_misses: int = 0
) -> int:
    """Return one player's points for one round.

    ``previous_misses`` is how many bids this player missed in earlier rounds;
    only progressive misses use it.

    >>> score_round(find_scoring("trick-points"), bid=3, tricks=4, cards=7)
    4
    >>> score_round(find_scoring("zero-bonus-hand"), bid=0, tricks=0, cards=7)
    12
    >>> score_round(find_scoring("difference-penalty"), bid=4, tricks=6, cards=10)
    -2
    >>> score_round(find_scoring("progressive-misses"), bid=1, tricks=0, cards=3, previous_misses=2)
    3
    """
    cards = _check_whole(cards, "The number of cards", RulesError)
    if cards < 1:
        raise RulesError(f"A round deals at least 1 card to each player, not {cards}.")
    bid = _check_whole(bid, "A bid", InvalidBid)
    if not 0 <= bid <= cards:
        raise InvalidBid(f"A bid must be between 0 and {cards}.")
    tricks = _check_whole(tricks, "A trick count", InvalidTricks)
    if not 0 <= tricks <= cards:
        raise InvalidTricks(f"A player takes between 0 and {cards} tricks, not {tricks}.")
    previous_misses = _check_whole(previous_misses, "previous_misses", RulesError)
    if previous_misses < 0:
        raise RulesError(f"previous_misses cannot be negative, not {previous_misses}.")
    return round_points(scoring, bid, tricks, cards, previous_misses)


def round_points(scoring: Scoring, bid: int, tricks: int, cards: int, previous_misses: int = 0) -> int:
    """The arithmetic of :func:`score_round`, without its checks: for a
    replayed hand record whose plays need not match the deal (a trick too
    many or too few is a ``wrong-count`` violation there, and the round is
    still scored with ``cards`` as dealt).

    >>> round_points(find_scoring("zero-bonus-hand"), bid=0, tricks=0, cards=3)
    8
    """
    if tricks == bid:
        if scoring.zero_bid_bonus_plus_hand and bid == 0:
            return 5 + cards
        return (
            scoring.exact_bonus
            + scoring.exact_points_per_bid * bid
            + scoring.exact_points_per_trick * tricks
        )
    points = scoring.miss_points_per_trick * tricks
    points -= scoring.over_penalty_per_trick * max(0, tricks - bid)
    points -= scoring.under_penalty_per_trick * max(0, bid - tricks)
    if scoring.progressive_misses:
        points += previous_misses + 1
    return points


def score_hand(
    scoring: Scoring,
    bids: Sequence[int],
    tricks: Sequence[int],
    cards: int,
    previous_misses: Sequence[int] | None = None,
) -> list[int]:
    """Return every seat's points for one round (seat-indexed lists in, list out).

    The trick counts must add up to ``cards``.

    >>> score_hand(find_scoring("standard"), [0, 1, 1, 1], [0, 1, 0, 1], 2)
    [10, 11, 0, 11]
    """
    if len(bids) != len(tricks):
        raise InvalidTricks(
            f"{len(bids)} bids but {len(tricks)} trick counts: give one of each per player."
        )
    if previous_misses is None:
        previous_misses = [0] * len(bids)
    elif len(previous_misses) != len(bids):
        raise RulesError(
            f"{len(bids)} bids but {len(previous_misses)} miss counts: give one per player."
        )
    check_tricks(tricks, cards)
    return [
        score_round(scoring, bid, taken, cards, missed)
        for bid, taken, missed in zip(bids, tricks, previous_misses)
    ]


class RoundResult(NamedTuple):
    """One player's facts for one round: what they bid, took, and were dealt."""

    bid: int
    tricks: int
    cards: int


@dataclass(frozen=True)
class Standing:
    """A player's place: competition ranking (1, 1, 3), ``is_shared`` on ties."""

    player: Hashable
    total: int
    rank: int
    is_shared: bool

    @property
    def is_winner(self) -> bool:
        """Rank 1 wins; equal totals share the win (no tie-break round)."""
        return self.rank == 1


def standings(totals: Mapping[Player, int], lowest_wins: bool) -> list[Standing]:
    """Rank players by total: best first, equal totals share a rank (1, 1, 3).

    Players with equal totals keep the order of ``totals``.

    >>> for s in standings({"Ann": 4, "Bob": 9, "Cy": 4}, lowest_wins=True):
    ...     print(s.rank, s.player, s.total, s.is_shared)
    1 Ann 4 True
    1 Cy 4 True
    3 Bob 9 False
    """
    order = sorted(totals.items(), key=lambda item: item[1] if lowest_wins else -item[1])
    result: list[Standing] = []
    counts: dict[int, int] = {}
    for _, total in order:
        counts[total] = counts.get(total, 0) + 1
    rank = 0
    previous: int | None = None
    for position, (player, total) in enumerate(order, start=1):
        if total != previous:
            rank = position
            previous = total
        result.append(Standing(player, total, rank, counts[total] > 1))
    return result


@dataclass(frozen=True)
class GameScore:
    """A game's scores, derived from its rounds by :func:`score_game`.

    ``rounds[i]`` maps each player present in round ``i`` to their points;
    ``running[i]`` maps every player seen so far to their total after round
    ``i`` (absent players keep their total). ``totals``, ``hits`` (bids made)
    and ``rounds_played`` are per player, in order of first appearance
    (``players``).
    """

    scoring: Scoring
    players: tuple[Hashable, ...]
    rounds: tuple[dict[Any, int], ...]
    running: tuple[dict[Any, int], ...]
    totals: dict[Any, int] = field(default_factory=dict)
    hits: dict[Any, int] = field(default_factory=dict)
    rounds_played: dict[Any, int] = field(default_factory=dict)

    def standings(self) -> list[Standing]:
        """Standings by total, respecting the scoring's ``lowest_wins``."""
        return standings(self.totals, self.scoring.lowest_wins)

    @property
    def winners(self) -> list[Hashable]:
        """The players ranked 1 (several when they share the win)."""
        return [s.player for s in self.standings() if s.rank == 1]


def _as_result(value: object, where: str) -> RoundResult:
    if all(hasattr(value, name) for name in RoundResult._fields):
        return RoundResult(value.bid, value.tricks, value.cards)  # type: ignore[attr-defined]
    if isinstance(value, Mapping):
        try:
            return RoundResult(value["bid"], value["tricks"], value["cards"])
        except KeyError as missing:
            raise RulesError(f"{where}: missing {missing}; give bid, tricks and cards.") from None
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 3:
        return RoundResult(*value)
    raise RulesError(f"{where}: expected (bid, tricks, cards), not {value!r}.")


def score_game(
    scoring: Scoring, rounds: Sequence[Mapping[Player, Any]]
) -> GameScore:
    """Score a whole game.

    Each round maps player -> ``(bid, tricks, cards)`` (a tuple, a
    :class:`RoundResult`, a mapping with those keys, or any object with those
    attributes). A player absent from a round (sitting out, not yet joined,
    left) is simply not in its mapping. Each round's trick counts must add up to
    its cards.

    >>> game = score_game(find_scoring("standard"), [
    ...     {"Ann": (1, 1, 1), "Bob": (1, 0, 1)},
    ...     {"Ann": (0, 1, 2), "Bob": (1, 1, 2), "Cy": (0, 0, 2)},
    ... ])
    >>> game.rounds[1], game.totals, game.hits
    ({'Ann': 0, 'Bob': 11, 'Cy': 10}, {'Ann': 11, 'Bob': 11, 'Cy': 10}, {'Ann': 1, 'Bob': 1, 'Cy': 1})
    >>> game.winners
    ['Ann', 'Bob']
    """
    totals: dict[Any, int] = {}
    hits: dict[Any, int] = {}
    played: dict[Any, int] = {}
    misses: dict[Any, int] = {}
    per_round: list[dict[Any, int]] = []
    running: list[dict[Any, int]] = []
    for number, round_ in enumerate(rounds, start=1):
        results = {
            player: _as_result(value, f"Round {number}, player {player!r}")
            for player, value in round_.items()
        }
        if not results:
            raise RulesError(f"Round {number} has no players.")
        card_counts = {r.cards for r in results.values()}
        if len(card_counts) != 1:
            raise RulesError(
                f"Round {number} gives players different hand sizes "
                f"({', '.join(map(str, sorted(card_counts)))}); every player gets the same."
            )
        cards = card_counts.pop()
        try:
            check_tricks([r.tricks for r in results.values()], cards)
        except InvalidTricks as error:
            raise InvalidTricks(f"Round {number}: {error}") from None
        points: dict[Any, int] = {}
        for player, r in results.items():
            previous = misses.get(player, 0)
            points[player] = score_round(scoring, r.bid, r.tricks, r.cards, previous)
            played[player] = played.get(player, 0) + 1
            if r.bid == r.tricks:
                hits[player] = hits.get(player, 0) + 1
            else:
                hits.setdefault(player, 0)
                misses[player] = previous + 1
            totals[player] = totals.get(player, 0) + points[player]
        per_round.append(points)
        running.append(dict(totals))
    return GameScore(
        scoring=scoring,
        players=tuple(totals),
        rounds=tuple(per_round),
        running=tuple(running),
        totals=totals,
        hits=hits,
        rounds_played=played,
    )
