"""A game's history in the page's language: each change in plain words, with
what it was before ("Round 3: Ann's bid 2 → 3").

The facts come from :mod:`scorekeeper.game.history`; an undo is worded as
what it took back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ...game import HistoryEntry, Sheet, entries
from ...game.hidden import HiddenChange
from .game import entry_label, hidden_bid_label
from .cards import trump_phrase
from .money import money
from .ruleset import scoring_title


def history_text(entry: HistoryEntry) -> str:
    """One history entry in plain words."""
    if entry.kind == "undo":
        if "undone" not in entry.details:
            return _("Undo (nothing to undo)")
        return _("Taken back: %(change)s", change=history_text(entry.details["undone"]))
    return WORDING[entry.kind](entry.details)


def _trump_text(d: dict) -> str:
    if d["before"] != "unset" and d["before"] != d["after"]:
        return _("Round %(number)s: %(before)s → %(after)s", number=d["round"],
                 before=trump_phrase(d["before"]), after=trump_phrase(d["after"]))
    return _("Round %(number)s: %(trump)s", number=d["round"], trump=trump_phrase(d["after"]))


def _bid_text(d: dict) -> str:
    if d["before"] is not None:
        return _("Round %(number)s, %(name)s: bid %(before)s → %(after)s",
                 number=d["round"], name=d["name"], before=d["before"], after=d["after"])
    return _("Round %(number)s, %(name)s: bid %(bid)s", number=d["round"], name=d["name"],
             bid=d["after"])


def _tricks_text(d: dict) -> str:
    if d["before"] is not None:
        return _("Round %(number)s, %(name)s: tricks %(before)s → %(after)s",
                 number=d["round"], name=d["name"], before=d["before"], after=d["after"])
    return ngettext("Round %(number)s, %(name)s: %(num)s trick",
                    "Round %(number)s, %(name)s: %(num)s tricks", d["after"],
                    number=d["round"], name=d["name"])


def _join_text(d: dict) -> str:
    where = (_("next after %(name)s", name=d["after"]) if d["after"] is not None
             else _("at the first seat"))
    return _("New player: %(name)s, from round %(number)s, starting with %(points)s "
             "points; seat: %(where)s", name=d["name"], where=where, number=d["round"],
             points=d["points"])


def _name_text(d: dict) -> str:
    if d["undo"]:
        return _("Rename taken back: %(old)s → %(new)s", old=d["before"], new=d["after"])
    return _("Renamed: %(old)s → %(new)s", old=d["before"], new=d["after"])


def _correction_text(d: dict) -> str:
    parts = []
    if d["trump"] is not None:
        before, after = d["trump"]
        parts.append("%s → %s" % ("?" if before == "unknown" else trump_phrase(before),
                                  trump_phrase(after)))
    labels = {"bid": _("bid"), "tricks": _("tricks")}
    for name, what, before, after in d["changed"]:
        parts.append(_("%(name)s: %(what)s %(before)s → %(after)s", name=name,
                       what=labels[what], before="?" if before is None else before, after=after))
    if not parts:
        return _("Round %(number)s: entered again, unchanged", number=d["round"])
    text = _("Round %(number)s corrected: %(changes)s", number=d["round"],
             changes=", ".join(parts))
    # A revoke's tricks moved by its penalty: the reason, worded when it was applied.
    return f"{text} — {d['reason']}" if d.get("reason") else text


def _schedule_text(d: dict) -> str:
    if d["op"] == "insert" and d.get("tie"):
        return _("Round %(number)s of %(cards)s cards added: the best total was shared after "
                 "the last round", cards=d["cards"], number=d["round"])
    if d["op"] == "insert":
        return _("Schedule: a round of %(cards)s cards inserted as round %(number)s",
                 cards=d["cards"], number=d["round"])
    if d["op"] == "set":
        return _("Schedule: round %(number)s deals %(after)s cards instead of %(before)s",
                 number=d["round"], after=d["cards"], before=d["before"])
    if d["op"] == "remove":
        return _("Schedule: round %(number)s (%(cards)s cards) removed",
                 number=d["round"], cards=d["before"])
    return _("Schedule: rounds from %(number)s on rebuilt: %(before)s → %(after)s",
             number=d["from"], before=" ".join(map(str, d["before"])) or "–",
             after=" ".join(map(str, d["cards"])))


#: Each stored kind of change but ``undo``, worded (tests/web/test_wording.py
#: words every kind).
WORDING = {
    "trump": _trump_text,
    "bid": _bid_text,
    "tricks": _tricks_text,
    "close": lambda d: _("Round %(number)s closed", number=d["round"]),
    "correct": _correction_text,
    "join": _join_text,
    "leave": lambda d: _("%(name)s: leaves the game from round %(number)s on",
                         name=d["name"], number=d["round"]),
    "back": lambda d: _("%(name)s: back in the game from round %(number)s on",
                        name=d["name"], number=d["round"]),
    "sitout": lambda d: _("%(name)s sits out round %(number)s", name=d["name"],
                          number=d["round"]),
    "adjust": lambda d: _("%(name)s %(points)s points: %(reason)s", name=d["name"],
                          points="%+d" % d["points"], reason=d["reason"]),
    "scoring": lambda d: _("Scoring changed: %(before)s → %(after)s",
                           before=scoring_title(d["before"]), after=scoring_title(d["after"])),
    "schedule": _schedule_text,
    "end": lambda d: _("The game ends after round %(number)s instead of round %(planned)s",
                       number=d["round"], planned=d["planned"]),
    "decks": lambda d: ngettext("Played with %(num)s deck from now on",
                                "Played with %(num)s decks from now on", d["after"]),
    "name": _name_text,
    "stake": lambda d: _("Stake per point: %(amount)s", amount=money(d["per_point"], d["symbol"]))
    if d["per_point"] else _("No stake"),
}


#: The changes a short label names; the others are named by their history line.
LIVE_ENTRIES = ("bid", "tricks", "trump", "close")
#: The live entries whose short label does not say their round.
ROUNDLESS = ("bid", "tricks", "trump")


def undo_text(sheet: Sheet, history: Callable[[], list[HistoryEntry]],
              shown: int | None = None) -> str | None:
    """What Undo would take back now, in words (None: nothing to undo): a live
    entry named short ("Ann: bid 2", "Round 3 closed"), any other change by its
    line of the game's history, which ``history()`` gives when it is needed.
    ``shown`` is the round the screen shows (None: none): a bid, tricks or a
    trump of any other round says which it is ("Ann: bid 2 (round 5)").
    ``sheet`` is the sheet as the asking phone may see it: a bid hidden from it
    is named without its value. The server's undo bar
    (:func:`scorekeeper.web.undo.undo_label`) and the phone's
    (:mod:`scorekeeper.web.phone`) both say it so."""
    last = sheet.last_entry
    if last is None:
        return None
    if last.kind in ROUNDLESS and last.round != shown:
        return _("%(entry)s (round %(number)s)", entry=_short_label(sheet, last),
                 number=last.round)
    if last.kind in LIVE_ENTRIES:
        return _short_label(sheet, last)
    described = next((entry for entry in reversed(history()) if entry.seq == last.seq), None)
    if described is None:  # pragma: no cover - every stored change is in the history
        return _short_label(sheet, last)
    return history_text(described)


def _short_label(sheet: Sheet, last: Any) -> str:
    """A live entry's short label; a hidden bid's without its value."""
    if isinstance(last, HiddenChange):
        return hidden_bid_label(sheet.name(last.player))
    return entry_label(**entries.entry_facts(sheet, last))
