"""A whole game's scores: points per round, running totals and standings
(docs/rules.md sections 7 and 8).

:func:`score_game` folds a game's rounds (each player's bid, tricks and hand
size) into a :class:`GameScore`; :func:`standings` ranks players by total. A
player may be absent from any round (sitting out, not yet joined, left).

>>> from scorekeeper.rules.scoring import find_scoring
>>> game = score_game(find_scoring("standard"), [{"Ann": (0, 1, 1), "Bob": (0, 0, 1)}])
>>> game.totals, [s.player for s in game.standings()]
({'Ann': 0, 'Bob': 10}, ['Bob', 'Ann'])
>>> [s.rank for s in standings({"Ann": 30, "Bob": 30, "Cy": 12}, lowest_wins=False)]
[1, 1, 3]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from .errors import InvalidTricks, RulesError
from .scoring import Scoring, score_round

__all__ = [
    "GameScore",
    "RoundResult",
    "Standing",
    "score_game",
    "standings",
    "tie_break_cards",
]

Player = TypeVar("Player", bound=Hashable)


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


def standings(totals: Mapping[Player, int], lowest_wins: bool, tie_break: str = "share",
              bids: Mapping[Player, int] | None = None) -> list[Standing]:
    """Rank players by total: best first, equal totals share a rank (1, 1, 3).

    Players with equal totals keep the order of ``totals``. With
    ``tie_break="most-bid"`` equal totals are ranked again by ``bids`` (each
    player's bids added up over the game, more first): "the tied player who
    bid the most wins"; equal bids still share. The other rules
    (``"share"``, ``"extra-hands"``) rank by total alone: further hands
    decide an ``"extra-hands"`` tie (:func:`tie_break_cards`).

    >>> for s in standings({"Ann": 4, "Bob": 9, "Cy": 4}, lowest_wins=True):
    ...     print(s.rank, s.player, s.total, s.is_shared)
    1 Ann 4 True
    1 Cy 4 True
    3 Bob 9 False
    """
    by_bids = tie_break == "most-bid"
    bid_totals: Mapping[Any, int] = bids if (by_bids and bids is not None) else {}

    def key(item: tuple[Any, int]) -> tuple[int, int]:
        player, total = item
        return (total if lowest_wins else -total, -bid_totals.get(player, 0))

    order = sorted(totals.items(), key=key)
    result: list[Standing] = []
    counts: dict[tuple[int, int], int] = {}
    for item in order:
        counts[key(item)] = counts.get(key(item), 0) + 1
    rank = 0
    previous: tuple[int, int] | None = None
    for position, item in enumerate(order, start=1):
        if key(item) != previous:
            rank = position
            previous = key(item)
        result.append(Standing(item[0], item[1], rank, counts[key(item)] > 1))
    return result


def tie_break_cards(sizes: Sequence[int], totals: Mapping[Any, int], lowest_wins: bool,
                    tie_break: str) -> int | None:
    """The hand size of one more round the game needs once its schedule
    ``sizes`` is played out: under ``"extra-hands"``, while the best total is
    shared, "further hands" at the largest deal [EN-pagat-ohhell]; ``None``
    when the game is over.

    >>> tie_break_cards([1, 2, 3, 2, 1], {"A": 30, "B": 30}, False, "extra-hands")
    3
    >>> tie_break_cards([1, 2, 3], {"A": 30, "B": 29}, False, "extra-hands") is None
    True
    >>> tie_break_cards([1, 2, 3], {"A": 30, "B": 30}, False, "share") is None
    True
    """
    if tie_break != "extra-hands" or not totals or not sizes:
        return None
    best = min(totals.values()) if lowest_wins else max(totals.values())
    leaders = [player for player, total in totals.items() if total == best]
    return max(sizes) if len(leaders) > 1 else None


@dataclass(frozen=True)
class GameScore:
    """A game's scores, derived from its rounds by :func:`score_game`.

    ``rounds[i]`` maps each player present in round ``i`` to their points;
    ``running[i]`` maps every player seen so far to their total after round
    ``i`` (absent players keep their total). ``totals``, ``hits`` (bids made),
    ``bids`` (the bids added up) and ``rounds_played`` are per player, in
    order of first appearance (``players``).
    """

    scoring: Scoring
    players: tuple[Hashable, ...]
    rounds: tuple[dict[Any, int], ...]
    running: tuple[dict[Any, int], ...]
    totals: dict[Any, int] = field(default_factory=dict)
    hits: dict[Any, int] = field(default_factory=dict)
    rounds_played: dict[Any, int] = field(default_factory=dict)
    bids: dict[Any, int] = field(default_factory=dict)

    def standings(self) -> list[Standing]:
        """Standings by total, respecting the scoring's ``lowest_wins``."""
        return standings(self.totals, self.scoring.lowest_wins)

    @property
    def winners(self) -> list[Hashable]:
        """The players ranked 1 (several when they share the win)."""
        return [s.player for s in self.standings() if s.is_winner]


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

    >>> from scorekeeper.rules.scoring import find_scoring
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
    bids: dict[Any, int] = {}
    per_round: list[dict[Any, int]] = []
    running: list[dict[Any, int]] = []
    for number, round_ in enumerate(rounds, start=1):
        results = _round_results(number, round_)
        points = _round_points(scoring, number, results, misses)
        for player, r in results.items():
            played[player] = played.get(player, 0) + 1
            bids[player] = bids.get(player, 0) + r.bid
            if r.bid == r.tricks:
                hits[player] = hits.get(player, 0) + 1
            else:
                hits.setdefault(player, 0)
                misses[player] = misses.get(player, 0) + 1
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
        bids=bids,
    )


def _round_results(number: int, round_: Mapping[Player, Any]) -> dict[Any, RoundResult]:
    """Round ``number``'s results by player, every player dealt the same hand.

    :raise RulesError: for a round with no players or different hand sizes.
    """
    results = {player: _as_result(value, f"Round {number}, player {player!r}")
               for player, value in round_.items()}
    if not results:
        raise RulesError(f"Round {number} has no players.")
    card_counts = {r.cards for r in results.values()}
    if len(card_counts) != 1:
        raise RulesError(
            f"Round {number} gives players different hand sizes "
            f"({', '.join(map(str, sorted(card_counts)))}); every player gets the same."
        )
    return results


def _round_points(scoring: Scoring, number: int, results: Mapping[Any, RoundResult],
                  misses: Mapping[Any, int]) -> dict[Any, int]:
    """Each player's points for round ``number``, with the misses so far (some
    scorings count them).

    :raise InvalidTricks: when the tricks do not add up, naming the round.
    """
    cards = next(iter(results.values())).cards
    try:
        scored = score_round(scoring, [r.bid for r in results.values()],
                             [r.tricks for r in results.values()], cards,
                             [misses.get(player, 0) for player in results])
    except InvalidTricks as error:
        raise InvalidTricks(
            f"Round {number}: {error}", kind=error.kind, round=number, **error.details
        ) from None
    return dict(zip(results, scored))
