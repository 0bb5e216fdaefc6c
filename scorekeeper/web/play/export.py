"""The game sheet as CSV (for spreadsheets) and JSON (for programs).

The CSV is one table, a header row and one row per player and round, so that
a spreadsheet sorts and filters it as it is; the rules in words (and as JSON)
are a second, small CSV of their own. Both use the separator the reader's
spreadsheet expects: ``;`` where the decimal mark is a comma.
"""

from __future__ import annotations

import io
import json
import re

from flask_babel import gettext as _

from ...game import Sheet
from ...rules import UnknownPreset, adjustments, find_preset
from ...storage.models import Game
from ..spreadsheets import SheetWriter
from ..wording.cards import suit_name
from ..wording.money import money
from ..wording.presets import change_text, rules_summary
from ..wording.ruleset import ruleset_lines


def filename(game: Game, sheet: Sheet, extension: str, kind: str = "") -> str:
    """ "ohhell-2025-01-02-Łukasz-Zośka-Jędrek-Ania.csv": every letter of every name kept,
    the game's players as the sheet has them now (newcomers included) in seat order."""
    names = "-".join(re.sub(r"[\W_]+", "", sheet.name(pid)) or "player" for pid in sheet.circle)
    kind = f"-{kind}" if kind else ""
    return f"ohhell-{game.created_at:%Y-%m-%d}-{names[:60]}{kind}.{extension}"


#: The languages whose spreadsheets write 2,5 for two and a half and so expect
#: ``;`` between the cells of a CSV (English and Hindi ones expect ``,``).
SEMICOLON_LANGUAGES = {"pl", "et", "de", "fr", "es", "it", "pt"}
#: The separators a reader may ask for instead (``?sep=comma``).
SEPARATORS = {"comma": ",", "semicolon": ";"}


def separator(lang: str, asked: str | None = None) -> str:
    """The separator of the cells: the one asked for, else the language's."""
    if asked in SEPARATORS:
        return SEPARATORS[asked]
    return ";" if lang in SEMICOLON_LANGUAGES else ","


def csv_header() -> list[str]:
    return [
        _("Round"), _("Cards"), _("Dealer"), _("Trump"), _("Player"), _("Bid"),
        _("Tricks"), _("Made"), _("Points"), _("Total"), _("Note"),
    ]


def game_csv(game: Game, sheet: Sheet, delimiter: str = ",") -> str:
    """One row per closed round and player after a header row, adjustments in
    their place, and nothing else (the rules are :func:`rules_csv`).

    Starts with a byte order mark so that spreadsheet programs read it as
    UTF-8 (names with Polish and Estonian letters stay intact).
    """
    out = io.StringIO()
    writer = SheetWriter(out, delimiter)
    writer.writerow(csv_header())
    totals = dict.fromkeys(sheet.players, 0)

    def adjustments(after: int) -> None:
        for adj in sheet.adjustments:
            if adj.after == after:
                totals[adj.player] += adj.points
                note = _("Starting score") if adj.is_start else _("Adjustment: %(reason)s",
                                                                  reason=adj.reason)
                writer.writerow([after or "", "", "", "", sheet.name(adj.player), "", "", "",
                                 adj.points, totals[adj.player], note])

    adjustments(0)
    for rnd in sheet.rounds:
        if rnd.closed:
            points = sheet.points(rnd)
            for player in rnd.order:
                totals[player] += points[player]
                writer.writerow([
                    rnd.number, rnd.cards, sheet.name(rnd.dealer), suit_name(rnd.trump),
                    sheet.name(player), rnd.bids[player], rnd.tricks[player],
                    _("yes") if rnd.bids[player] == rnd.tricks[player] else _("no"),
                    points[player], totals[player], "",
                ])
        adjustments(rnd.number)
    # Once the game is over, who pays whom: a row per transfer, the payer as its player.
    for transfer in sheet.settlement or ():
        payer = sheet.name(transfer.payer)
        note = "%s: %s → %s: %s" % (_("Settling up"), payer, sheet.name(transfer.payee),
                                    money(transfer.amount, sheet.stake.symbol))
        writer.writerow(["", "", "", "", payer, "", "", "", "", "", note])
    return "\ufeff" + out.getvalue()


def rules_csv(game: Game, sheet: Sheet, delimiter: str = ",", friendly: bool = False) -> str:
    """The players and the rules in words, a label and a text a row, then the
    ruleset as JSON, so that a program can read the rules back (a custom
    scoring part by part) from a spreadsheet too. A club's ``friendly`` game
    says so in a row of its own, after the players."""
    out = io.StringIO()
    writer = SheetWriter(out, delimiter)
    writer.writerow([_("Players"), *sheet.players.values()])
    if friendly:
        writer.writerow([_("Friendly: counts in no rating and no league table.")])
    for label, text in ruleset_lines(sheet.ruleset, [r.cards for r in sheet.rounds],
                                     rules_summary(game.preset, sheet.ruleset)):
        writer.writerow([label, text])
    if sheet.stake is not None:
        writer.writerow([_("Stake per point"), money(sheet.stake.per_point, sheet.stake.symbol)])
    if sheet.duration is not None:
        writer.writerow([_("Duration in minutes"), round(sheet.duration.total_seconds() / 60)])
    writer.writerow([RULES_JSON_LABEL, sheet.ruleset.as_played().to_json()])
    return "\ufeff" + out.getvalue()


#: The label of the CSV row that holds the ruleset as JSON (the same in every language).
RULES_JSON_LABEL = "rules.json"


def plain(value: object) -> object:
    """A detail of an adjustment as JSON: parts of a ruleset as their dicts."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    return value


def rules_adjusted(game: Game, sheet: Sheet) -> list[dict]:
    """What the table changed in its preset, each change as data with its words."""
    try:
        preset = find_preset(game.preset)
    except UnknownPreset:
        return []
    return [{"kind": change.kind, **{k: plain(v) for k, v in change.details.items()},
             "text": change_text(preset, change)}
            for change in adjustments(preset, sheet.ruleset)]


def game_json(game: Game, sheet: Sheet, stored: dict | None = None,
              friendly: bool = False) -> str:
    """The whole game: players, rules, rounds with points, standings, whether
    it is a club's ``friendly`` game (counting in no rating and no league
    table); and ``stored``, the game's stored facts, which an import reads."""
    rounds = []
    for rnd in sheet.rounds:
        entry = {
            "number": rnd.number, "cards": rnd.cards,
            "trump": rnd.trump if rnd.trump_chosen else "unset",
            "dealer": sheet.name(rnd.dealer),
            "players": [sheet.name(s) for s in sheet.circle if s in rnd.order],
            "bids": {sheet.name(s): b for s, b in rnd.bids.items()},
            "tricks": {sheet.name(s): t for s, t in rnd.tricks.items()},
            "closed": rnd.closed,
        }
        if rnd.closed:
            points = sheet.points(rnd)
            entry["points"] = {sheet.name(s): p for s, p in points.items()}
        rounds.append(entry)
    data = {
        "format": "scorekeeper-game/1",
        "id": game.public_id,
        "created_at": game.created_at.isoformat() + "Z",
        "players": list(sheet.players.values()),
        "first_dealer": game.first_dealer,
        "adjustments": [
            {"player": sheet.name(a.player), "points": a.points, "reason": a.reason,
             "after_round": a.after, "starting_score": a.is_start}
            for a in sheet.adjustments
        ],
        "preset": game.preset,
        "rules_summary": rules_summary(game.preset, sheet.ruleset),
        "rules_adjusted": rules_adjusted(game, sheet),
        "rules": sheet.ruleset.as_played().to_dict(),
        "rounds": rounds,
        "standings": [
            {"player": sheet.name(s.player), "total": s.total,
             "rank": s.rank, "shared": s.is_shared}
            for s in sheet.standings
        ],
        "finished": sheet.is_finished,
        "friendly": friendly,
        "planned_rounds": sheet.planned_rounds,
        "ended_after": sheet.ended_after,
        "duration_seconds": (None if sheet.duration is None
                             else round(sheet.duration.total_seconds())),
    }
    if stored is not None:
        data["stored"] = stored
    return json.dumps(data, ensure_ascii=False, indent=2)
