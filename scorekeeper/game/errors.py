"""The errors of the game domain.

Like the rules engine's :class:`~scorekeeper.rules.RulesError`, every error
here names its mistake with a ``kind`` and carries the values a sentence about
it would quote (``details``), so the web edge can word it in the reader's
language (see :mod:`scorekeeper.web.wording.game`). The domain itself speaks
no language: the message is the kind, for logs and tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class GameError(ValueError):
    """An entry the table tried to make breaks a rule or does not fit the game.

    >>> error = GameError("bid-range", name="Ann", cards=3)
    >>> error.kind, error.details
    ('bid-range', {'name': 'Ann', 'cards': 3})
    """

    def __init__(self, kind: str, **details: Any) -> None:
        super().__init__(kind)
        self.kind = kind
        self.details = details


class Refusals(GameError):
    """Several reasons at once, each a :class:`GameError` (a whole round
    entered again is refused for all that is wrong with it, not the first)."""

    def __init__(self, errors: list[GameError]) -> None:
        super().__init__("refusals", count=len(errors))
        self.errors = errors


class NoSuchRound(GameError):
    """The game has no round with that number."""


class Conflict(GameError):
    """The game or the hand changed since the phone drew its screen (a double
    tap or another phone): nothing was stored, the phone should look again."""


class HandNotReady(GameError):
    """The round's hand cannot be recorded yet (not begun, or not dealable)."""


@dataclass(frozen=True)
class ImportProblem:
    """One thing wrong with an imported hand record: the field, and why (a
    kind with the values its sentence quotes)."""

    field: str
    kind: str
    details: dict[str, Any] = field(default_factory=dict)


class RecordRefused(ValueError):
    """An imported hand record was refused; ``problems`` lists every reason found."""

    def __init__(self, problems: list[ImportProblem]) -> None:
        super().__init__("; ".join(f"{p.field}: {p.kind}" for p in problems))
        self.problems = problems
