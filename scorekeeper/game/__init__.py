"""The game domain: a game's changes folded into its sheet, the checks of every
entry, the recorded hand of a round, and the history, in plain Python.

It knows nothing of the web or the database (a test checks that it imports
neither Flask, Flask-Babel nor SQLAlchemy): the storage layer loads the facts
and appends what these modules return, and the web edge words their errors.

- :mod:`.rounds`: the values (players, rounds, adjustments, a new change, the table's limits);
- :mod:`.sheet`: the :class:`Sheet` and the questions asked of it;
- :mod:`.fold`: the change log folded into a sheet;
- :mod:`.entries`: every entry of the table, checked, as the change it stores;
- :mod:`.history`: every change with what it changed from, as data;
- :mod:`.hand`, :mod:`.hand_entries`, :mod:`.hand_records`: a round's hand card by card;
- :mod:`.rule_adjustments`: the set-up's adjustments of a preset, to a ruleset and back;
- :mod:`.seating`, :mod:`.leaderboard`, :mod:`.ratings`, :mod:`.bidding_analytics`:
  a club's evenings seated at tables, their leaderboard, the members' ratings
  (openskill, the one library besides the standard one) and bidding figures;
- :mod:`.errors`: the domain's errors, each with a kind and details.
"""

from .errors import Conflict, GameError, HandNotReady, ImportProblem, NoSuchRound, RecordRefused
from .errors import Refusals
from .fold import Fold, build_sheet, effective_changes
from .hand import Hand, fold_hand
from .history import HistoryEntry, HistoryGroup, grouped, history_of
from .rounds import (
    MAX_PLAYERS_TWO_DECKS,
    MIN_PLAYERS,
    START_RULES,
    TRUMP_CHOICES,
    NewChange,
    RoundSheet,
    max_players,
)
from .sheet import Sheet

__all__ = [
    "Conflict", "GameError", "HandNotReady", "ImportProblem", "NoSuchRound", "RecordRefused",
    "Refusals",
    "build_sheet", "effective_changes", "Fold", "Hand", "fold_hand", "HistoryEntry", "HistoryGroup",
    "grouped", "history_of",
    "MAX_PLAYERS_TWO_DECKS", "MIN_PLAYERS", "START_RULES", "TRUMP_CHOICES", "NewChange",
    "RoundSheet", "max_players", "Sheet",
]
