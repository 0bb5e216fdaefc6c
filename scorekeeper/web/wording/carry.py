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
    "log-too-long": _l("a recorded hand has at most %(most)s entries."),
}

#: Each kind of change, and of a recorded hand's event, as a problem names it.
KIND_WORDS = {
    "trump": _l("trump"),
    "bid": _l("bid"),
    "tricks": _l("tricks"),
    "close": _l("round closed"),
    "correct": _l("correction"),
    "undo": _l("undo"),
    "join": _l("new player"),
    "leave": _l("player leaving"),
    "back": _l("player back"),
    "sitout": _l("sitting out"),
    "adjust": _l("points added or taken"),
    "scoring": _l("scoring changed"),
    "schedule": _l("rounds changed"),
    "name": _l("player renamed"),
    "decks": _l("decks changed"),
    "end": _l("game ended early"),
    "stake": _l("Stake per point"),
    "deal": _l("hand dealt"),
    "card": _l("card played"),
    "reset": _l("hand started over"),
}

FILE_MESSAGES = {
    "not-an-archive": _l("This is not a file of games exported by Scorekeeper."),
    "wrong-format": _l("This file has the format “%(format)s”, which this version cannot read."),
    "no-games": _l("The file holds no games."),
    "no-changes": _l("This game export has no changes in it (it was made by an older version)."),
    "too-many": _l("The file holds more than %(most)s games: split it."),
    "not-json": _l("The file is not JSON: it may be cut short or not a Scorekeeper export."),
    "csv": _l("This is a spreadsheet (CSV), which cannot be imported: import the game’s JSON "
              "file, from “%(single)s” on its page “%(standings)s”."),
    "not-a-game": _l("this is not a game."),
    "missing": _l("the field “%(field)s” is missing."),
    "bad-field": _l("the field “%(field)s” is not as Scorekeeper writes it."),
    "bad-players": _l("the players are not 2 to 10 names in seat order."),
    "link-taken": _l("its link belongs to another game here."),
    "too-many-changes": _l("The file holds more than %(most)s changes in all: split it."),
    "too-deep": _l("The file nests its data more than %(most)s levels deep, which no "
                   "Scorekeeper export does."),
    "text-too-long": _l("The file holds a text longer than %(most)s characters, which no "
                        "Scorekeeper export does."),
    "control-character": _l("The file holds a control character (such as NUL or an escape "
                            "code) in a text, which no Scorekeeper export does."),
    "bad-number": _l("The file holds a number that no Scorekeeper export holds (too large, "
                     "or not a number)."),
    "game-too-long": _l("the game has more than %(most)s changes."),
    "hands-too-long": _l("the game has more than %(most)s recorded hand entries."),
    "too-large": _l("The file is larger than %(mb)s MB, the most one import takes."),
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
        kind, seq = KIND_WORDS.get(problem.log.kind), problem.log.seq
        reason = change_text(problem.log.error)
        # A kind that does not exist (as a file may hold) is left out, not quoted.
        why = (_("change %(seq)s (%(kind)s): %(reason)s", seq=seq, kind=kind, reason=reason)
               if kind else _("change %(seq)s: %(reason)s", seq=seq, reason=reason))
    elif problem.hand is not None:
        kind, seq, number = KIND_WORDS.get(problem.hand.kind), problem.hand.seq, problem.hand.round
        reason = change_text(problem.hand.error)
        why = (_("round %(number)s, recorded hand, entry %(seq)s (%(kind)s): %(reason)s",
                 number=number, seq=seq, kind=kind, reason=reason) if kind else
               _("round %(number)s, recorded hand, entry %(seq)s: %(reason)s", number=number,
                 seq=seq, reason=reason))
    elif problem.kind == "bad-rules":
        why = _("the rules cannot be read: %(reason)s", reason=refusal(problem.details["error"]))
    elif "error" in problem.details:  # a refusal set-up would make ("same-name")
        why = refusal(problem.details["error"])
    else:
        why = str(FILE_MESSAGES[problem.kind]) % problem.details
    return f"{where}: {why}"

