"""A club's ratings: one for each member, from every finished club game,
by openskill's Plackett-Luce model (a maintained library made for games of
many players, each ranked).

Each finished game is one match of one-player teams ranked as the game
ended (equal totals share a rank: a tie). A player who joined late or left
early played only part of the game: their change of rating from that game
is scaled by the share of its rounds they played (openskill's update, then
``mu`` and ``sigma`` moved that share of the way; a full game moves them
all the way, exactly as openskill does). openskill's own ``weights`` are not
used for this: they stand for a player's contribution to a team, and divide
a loser's change by it, so a late joiner who lost would lose more, not less.

A rating is shown as its conservative figure, openskill's ``ordinal`` (the
skill less three times its uncertainty: a new member is 0, and it rises as
the games make the app surer), with the uncertainty in words
(:func:`certainty`), and its history, game by game.

>>> games = [Match("g1", [("ann", 1, 10), ("bob", 2, 10), ("cy", 3, 10)], 10),
...          Match("g2", [("ann", 1, 10), ("bob", 2, 10), ("cy", 3, 5)], 10)]
>>> board = rate(games)
>>> sorted(board, key=lambda key: -board[key].ordinal)
['ann', 'bob', 'cy']
>>> [point.game for point in board["cy"].history]
['g1', 'g2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

#: The words for how sure a rating is, from its uncertainty (``sigma``):
#: (the least sigma of the band, its kind), surest last.
CERTAINTY_BANDS = ((7.0, "new"), (5.0, "settling"), (3.0, "fair"), (0.0, "settled"))


def model() -> PlackettLuce:
    """The model every club is rated by (openskill's defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


@dataclass(frozen=True)
class Match:
    """A finished club game as the ratings read it: ``places`` are (the
    member's name key, their rank in the game, the rounds they played), and
    ``rounds`` the game's rounds played."""

    game: str
    places: Sequence[tuple[str, int, int]]
    rounds: int


@dataclass(frozen=True)
class Point:
    """A rating after one game."""

    game: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Rating:
    """A member's rating now, and after each game they played."""

    mu: float
    sigma: float
    history: list[Point] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        """The conservative figure (openskill's ``ordinal``: mu − 3·sigma)."""
        return self.mu - 3 * self.sigma

    @property
    def certainty(self) -> str:
        return certainty(self.sigma)

    @property
    def games(self) -> int:
        return len(self.history)


def certainty(sigma: float) -> str:
    """How sure a rating of this uncertainty is: ``new``, ``settling``, ``fair``
    or ``settled``.

    >>> certainty(25 / 3), certainty(5.5), certainty(4), certainty(2)
    ('new', 'settling', 'fair', 'settled')
    """
    return next(kind for low, kind in CERTAINTY_BANDS if sigma >= low)


def rate(matches: Iterable[Match], start: dict[str, Rating] | None = None) -> dict[str, Rating]:
    """Every member's rating after these games, oldest first (``start``: the
    ratings before them, changed in place)."""
    rater = model()
    board = start if start is not None else {}
    for match in matches:
        places = [place for place in match.places if place[2] > 0]
        if len(places) < 2:
            continue
        before = [board.setdefault(key, Rating(rater.mu, rater.sigma)) for key, _, _ in places]
        teams = [[rater.create_rating([r.mu, r.sigma], name=key)]
                 for r, (key, _, _) in zip(before, places)]
        after = rater.rate(teams, ranks=[rank for _, rank, _ in places])
        for rating, (key, _, played), (new,) in zip(before, places, after):
            share = min(played / match.rounds, 1.0) if match.rounds else 1.0
            rating.mu += share * (new.mu - rating.mu)
            rating.sigma += share * (new.sigma - rating.sigma)
            rating.history.append(Point(match.game, rating.mu, rating.sigma))
    return board
