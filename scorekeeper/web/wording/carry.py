"""The problems of an imported file of games, in the reader's language."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...game import GameError
from ...storage.carry import CarryProblem
from ..responses import refusal

#: The problems of the log itself (the entries' own errors are worded as live).
LOG_MESSAGES = {
    "log-gap": _l("the changes are not numbered 1, 2, 3… without gaps (change %(seq)s is missing)."),
    "log-kind": _l("this kind of change does not exist."),
    "log-malformed": _l("the change is not written as Scorekeeper writes it."),
    "log-differs": _l("the table could not have made this change at that point."),
}

FILE_MESSAGES = {
    "not-an-archive": _l("This is not a file of games exported by Scorekeeper."),
    "wrong-format": _l("This file has the format “%(format)s”, which this version cannot read."),
    "no-games": _l("The file holds no games."),
    "no-changes": _l("This game export has no changes in it (it was made by an older version)."),
    "too-many": _l("The file holds more than %(most)s games: split it."),
    "not-json": _l("The file is not JSON: it may be cut short or not a Scorekeeper export."),
    "not-a-game": _l("this is not a game."),
    "missing": _l("the field “%(field)s” is missing."),
    "bad-field": _l("the field “%(field)s” is not as Scorekeeper writes it."),
    "bad-players": _l("the players are not 2 to 10 names in seat order."),
    "link-taken": _l("its link belongs to another game here."),
}


def change_text(error: GameError) -> str:
    if error.kind in LOG_MESSAGES:
        return str(LOG_MESSAGES[error.kind]) % error.details
    return refusal(error)


def carry_problem_text(problem: CarryProblem) -> str:
    """One problem, with the game it is in ("Game 2 (Ann, Bob): change 14, bid: …")."""
    if problem.game is None:
        return str(FILE_MESSAGES[problem.kind]) % problem.details
    where = _("Game %(number)s (%(players)s)", number=problem.game,
              players=", ".join(problem.players) or "?")
    if problem.log is not None:
        why = _("change %(seq)s (%(kind)s): %(reason)s", seq=problem.log.seq,
                kind=problem.log.kind, reason=change_text(problem.log.error))
    elif problem.kind == "bad-rules":
        why = _("the rules cannot be read: %(reason)s", reason=refusal(problem.details["error"]))
    else:
        why = str(FILE_MESSAGES[problem.kind]) % problem.details
    return f"{where}: {why}"
