"""Scoring systems and the points of one round (docs/rules.md section 7).

A :class:`Scoring` is built from parts, so every preset of docs/rules.md
section 7 and any custom mix of the same parts can be expressed.
:meth:`Scoring.points` is the formula for one player; :func:`score_round`
checks a round's facts and scores every seat. Scores are always derived from
the facts (bids, tricks, cards); re-scoring a game under another system is just
another call. A whole game's totals and standings are
:mod:`scorekeeper.rules.totals`.

>>> find_scoring("standard").points(bid=7, tricks=7, cards=10)
17
>>> find_scoring("standard").points(bid=7, tricks=6, cards=10)
0
>>> score_round(find_scoring("standard"), bids=[2, 1], tricks=[2, 1], cards=3)
[12, 11]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .bidding import check_bid, check_tricks
from .errors import InvalidBid, InvalidRuleOption, InvalidTricks, RulesError, UnknownPreset
from .numbers import is_whole

__all__ = [
    "SCORING_PRESETS",
    "Scoring",
    "find_scoring",
    "score_round",
]

_INT_PARTS: Final = (
    "exact_bonus",
    "exact_points_per_bid",
    "exact_points_per_bid_squared",
    "miss_penalty_per_bid",
    "miss_penalty_squared",
    "exact_points_per_trick",
    "miss_points_per_trick",
    "over_penalty_per_trick",
    "under_penalty_per_trick",
)
_PENALTIES: Final = (
    "over_penalty_per_trick", "under_penalty_per_trick", "miss_penalty_per_bid",
    "miss_penalty_squared",
)
#: The parts added for issue 30, written by :meth:`Scoring.to_dict` only when set,
#: so that a scoring stored before them reads back and writes out unchanged.
_NEWER_PARTS: Final = {
    "exact_points_per_bid_squared": 0, "miss_penalty_per_bid": 0, "miss_penalty_squared": 0,
    "zero_bid_miss_points": None,
}
_BOOL_PARTS: Final = ("zero_bid_bonus_plus_hand", "progressive_misses", "lowest_wins")


@dataclass(frozen=True)
class Scoring:
    """How a round is scored, made of parts. Bid ``b``, tricks taken ``t``, ``n`` cards.

    - Exact (``t == b``): ``exact_bonus + exact_points_per_bid * b +
      exact_points_per_bid_squared * b² + exact_points_per_trick * t``; but with ``zero_bid_bonus_plus_hand`` a
      made bid of 0 scores ``5 + n`` instead [ET-full], and with
      ``zero_bid_points`` set it scores that many points instead (the
      Kachuful tables that score a made bid as the bid with a 0 appended
      still give a made 0 ten points [EN-wikipedia-kachufool]).
    - Missed (``t != b``): ``miss_points_per_trick * t``, minus
      ``over_penalty_per_trick`` for each trick above the bid and
      ``under_penalty_per_trick`` for each trick below it (penalties are given
      as positive numbers and subtracted), minus ``miss_penalty_per_bid`` for
      each trick bid ("missing a 3 bid scores -3" [EN-wikipedia-ohhell]) and
      ``miss_penalty_squared`` times the square of the difference (pagat's
      variation [EN-pagat-ohhell]); with ``zero_bid_miss_points`` set, a missed
      bid of 0 scores that many points instead (-5 in the 10× scoring's zero
      variant [EN-wikipedia-ohhell]); with ``progressive_misses`` the
      player's k-th missed bid also adds k points [PL-piekielko].
    - ``lowest_wins``: the lowest total wins (penalty-point games).

    All parts default to 0/False, so a custom scoring names only what it uses.
    Adjust a preset with :func:`dataclasses.replace`:

    >>> import dataclasses
    >>> harsh = dataclasses.replace(SCORING_PRESETS["standard"], name="custom",
    ...                             under_penalty_per_trick=2)
    >>> harsh.points(bid=4, tricks=1, cards=5)
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
    zero_bid_points: int | None = None
    exact_points_per_bid_squared: int = 0
    miss_penalty_per_bid: int = 0
    miss_penalty_squared: int = 0
    zero_bid_miss_points: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidRuleOption("name", "a scoring needs a non-empty name, such as 'custom'")
        for part in _INT_PARTS:
            value = getattr(self, part)
            if not is_whole(value):
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
        for part in ("zero_bid_points", "zero_bid_miss_points"):
            value = getattr(self, part)
            if value is not None and not is_whole(value):
                raise InvalidRuleOption(part, f"must be a whole number or null, not {value!r}")
        if self.zero_bid_points is not None:
            if not is_whole(self.zero_bid_points):
                raise InvalidRuleOption(
                    "zero_bid_points", f"must be a whole number or null, not {self.zero_bid_points!r}"
                )
            if self.zero_bid_bonus_plus_hand:
                raise InvalidRuleOption(
                    "zero_bid_points",
                    "a made bid of 0 scores either 5 + cards in hand or a fixed number, not both",
                    kind="two-zero-bid-rules",
                )

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-serialisable dict of every part.

        >>> SCORING_PRESETS["standard"].to_dict()["exact_bonus"]
        10
        >>> "miss_penalty_squared" in SCORING_PRESETS["standard"].to_dict()
        False
        """
        d = dataclasses.asdict(self)
        for part, default in _NEWER_PARTS.items():
            if d[part] == default:
                del d[part]
        return d

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

    def points(self, bid: int, tricks: int, cards: int, previous_misses: int = 0) -> int:
        """One player's points in one round: the formula, nothing checked.

        ``cards`` is the hand size (the ``n`` of ``zero_bid_bonus_plus_hand``);
        ``previous_misses`` is how many bids this player missed in earlier
        rounds (only ``progressive_misses`` uses it). The numbers are not
        checked against each other, so a replayed hand record whose plays do
        not fit the deal (a ``wrong-count`` violation) is still scored;
        :func:`score_round` makes the checks.

        >>> find_scoring("trick-points").points(bid=3, tricks=4, cards=7)
        4
        >>> find_scoring("zero-bonus-hand").points(bid=0, tricks=0, cards=7)
        12
        >>> find_scoring("difference-penalty").points(bid=4, tricks=6, cards=10)
        -2
        >>> find_scoring("progressive-misses").points(bid=1, tricks=0, cards=3, previous_misses=2)
        3
        >>> [find_scoring("times-ten").points(bid=b, tricks=b, cards=5) for b in (0, 1, 2)]
        [10, 10, 20]
        >>> [find_scoring("squares").points(bid=3, tricks=t, cards=5) for t in (3, 1, 4)]
        [19, -4, -1]
        """
        if tricks == bid:
            if bid == 0 and self.zero_bid_points is not None:
                return self.zero_bid_points
            if self.zero_bid_bonus_plus_hand and bid == 0:
                return 5 + cards
            return (
                self.exact_bonus
                + self.exact_points_per_bid * bid
                + self.exact_points_per_bid_squared * bid * bid
                + self.exact_points_per_trick * tricks
            )
        if bid == 0 and self.zero_bid_miss_points is not None:
            return self.zero_bid_miss_points + (previous_misses + 1 if self.progressive_misses
                                                else 0)
        points = self.miss_points_per_trick * tricks
        points -= self.miss_penalty_per_bid * bid
        points -= self.miss_penalty_squared * (bid - tricks) ** 2
        points -= self.over_penalty_per_trick * max(0, tricks - bid)
        points -= self.under_penalty_per_trick * max(0, bid - tricks)
        if self.progressive_misses:
            points += previous_misses + 1
        return points


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
        # [EN-wikipedia-kachufool]: exact 10 b (the bid with a 0 appended), a made 0
        # scores 10; missed 0.
        Scoring("times-ten", exact_points_per_bid=10, zero_bid_points=10),
        # [EN-pagat-ohhell] variation (as issue 30 reports it; the page's text was
        # not retrieved): exact 10 + b², missed -(b - t)².
        Scoring("squares", exact_bonus=10, exact_points_per_bid_squared=1,
                miss_penalty_squared=1),
        # [EN-wikipedia-ohhell] "exact scoring with penalty": exact 10 + b; "missing a
        # 3 bid scores -3; missing a zero bid scores 0".
        Scoring("exact-penalty", exact_bonus=10, exact_points_per_bid=1,
                miss_penalty_per_bid=1),
        # [EN-wikipedia-ohhell] "10 times exact scoring": "a player who bids 4 is
        # awarded 40 points", missed scores "either zero or -40"; and the variant
        # that puts "a 5-point value on bidding ZERO" (+5 made, -5 missed).
        Scoring("ten-times", exact_points_per_bid=10),
        Scoring("ten-times-penalty", exact_points_per_bid=10, miss_penalty_per_bid=10),
        Scoring("ten-times-zero-five", exact_points_per_bid=10, miss_penalty_per_bid=10,
                zero_bid_points=5, zero_bid_miss_points=-5),
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
"""The scoring presets of docs/rules.md section 7 by name. The names are part of the
hand record format and the CSV export: never rename them."""


def find_scoring(name: str) -> Scoring:
    """Return the scoring preset called ``name``.

    >>> find_scoring("wizard").exact_bonus
    20
    >>> find_scoring("golf")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.UnknownPreset: unknown scoring preset: 'golf'; known: difference-penalty, exact-penalty, five-bonus, progressive-misses, squares, standard, ten-times, ten-times-penalty, ten-times-zero-five, times-ten, trick-points, under-penalty, wizard, zero-bonus-hand
    """
    try:
        return SCORING_PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(SCORING_PRESETS))
        raise UnknownPreset(f"unknown scoring preset: {name!r}; known: {known}") from None


def score_round(
    scoring: Scoring,
    bids: Sequence[int],
    tricks: Sequence[int],
    cards: int,
    previous_misses: Sequence[int] | None = None,
) -> list[int]:
    """Return every seat's points for one round, after checking the facts.

    ``bids``, ``tricks`` and ``previous_misses`` (how many bids each player
    missed in earlier rounds; only progressive misses use it) are lists in
    the same seat order, one entry per player; the points come back in that
    order. The trick counts must fit the round (:class:`InvalidTricks` from
    :func:`~scorekeeper.rules.bidding.check_tricks`), each bid must be a whole number from 0 to
    ``cards`` (:class:`InvalidBid`, with the ``kind`` and ``details`` of
    :func:`~scorekeeper.rules.bidding.check_bid`), and the miss counts whole and
    not negative (:class:`RulesError`). The arithmetic is :meth:`Scoring.points`.

    >>> score_round(find_scoring("standard"), [0, 1, 1, 1], [0, 1, 0, 1], 2)
    [10, 11, 0, 11]
    >>> score_round(find_scoring("progressive-misses"), [1, 1], [0, 1], 1, previous_misses=[2, 0])
    [3, 0]
    >>> score_round(find_scoring("standard"), [3, 1], [2, 0], 3)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidTricks: Tricks total 2, but 3 were played.
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
    points = []
    for bid, taken, missed in zip(bids, tricks, previous_misses):
        if not is_whole(bid):
            raise InvalidBid(
                f"A bid must be a whole number, not {bid!r}.",
                kind="bid-not-whole", bid=bid, cards=cards,
            )
        check_bid(bid, cards=cards, earlier_bids=(), is_last_bidder=False, hook_active=False)
        if not is_whole(missed):
            raise RulesError(f"previous_misses must be a whole number, not {missed!r}.")
        if missed < 0:
            raise RulesError(f"previous_misses cannot be negative, not {missed}.")
        points.append(scoring.points(bid, taken, cards, missed))
    return points
