"""The series standings shown under a game's standings."""

from __future__ import annotations

from ..game.series import SeriesLine, series_standings
from ..storage import regulars, series
from . import access


def series_lines(game) -> list[SeriesLine]:
    """The standings of the game's series on this device (empty outside a series)."""
    if game.series is None:
        return []
    device = access.device_id()
    return series_standings(series.series_games(game, device), regulars.aliases(device).resolve)
