"""The game sheet as CSV (for spreadsheets) and JSON (for programs)."""

from __future__ import annotations

import csv
import io
import json
import re

from flask_babel import gettext as _

from ..describe import describe
from ..models import Game
from ..sheet import Sheet
from ..templating import suit_name


def filename(game: Game, extension: str) -> str:
    names = "-".join(re.sub(r"[^A-Za-z0-9]+", "", p.name) or "player" for p in game.players)
    return f"ohhell-{game.created_at:%Y-%m-%d}-{names[:60]}.{extension}"


def csv_header() -> list[str]:
    return [
        _("Round"), _("Cards"), _("Dealer"), _("Trump"), _("Player"), _("Bid"),
        _("Tricks"), _("Made"), _("Points"), _("Total"),
    ]


def game_csv(game: Game, sheet: Sheet) -> str:
    """One row per closed round and player after a header row; then, after an
    empty row, the players and the rules in words.

    Starts with a byte order mark so that spreadsheet programs read it as
    UTF-8 (names with Polish and Estonian letters stay intact).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(csv_header())
    for rnd in sheet.closed_rounds:
        points = sheet.round_points(rnd)
        running = sheet.running_totals(rnd)
        for seat in rnd.order:
            writer.writerow([
                rnd.number, rnd.cards, sheet.players[rnd.dealer], suit_name(rnd.trump),
                sheet.players[seat], rnd.bids[seat], rnd.tricks[seat],
                _("yes") if rnd.bids[seat] == rnd.tricks[seat] else _("no"),
                points[seat], running[seat],
            ])
    writer.writerow([])
    writer.writerow([_("Players"), *sheet.players])
    writer.writerow([_("Preset"), game.preset])
    for label, text in describe(sheet.ruleset, [r.cards for r in sheet.rounds]):
        writer.writerow([label, text])
    return "\ufeff" + out.getvalue()


def game_json(game: Game, sheet: Sheet) -> str:
    """The whole game: players, rules, rounds with points, standings."""
    rounds = []
    for rnd in sheet.rounds:
        entry = {
            "number": rnd.number, "cards": rnd.cards, "dealer": rnd.dealer,
            "trump": rnd.trump if rnd.trump_chosen else "unset",
            "bids": [rnd.bids.get(s) for s in range(len(sheet.players))],
            "tricks": [rnd.tricks.get(s) for s in range(len(sheet.players))],
            "closed": rnd.closed,
        }
        if rnd.closed:
            points = sheet.round_points(rnd)
            entry["points"] = [points.get(s) for s in range(len(sheet.players))]
        rounds.append(entry)
    data = {
        "format": "scorekeeper-game/1",
        "id": game.public_id,
        "created_at": game.created_at.isoformat() + "Z",
        "players": sheet.players,
        "first_dealer": game.first_dealer,
        "preset": game.preset,
        "rules": sheet.ruleset.to_dict(),
        "rounds": rounds,
        "standings": [
            {"player": sheet.players[s.player], "seat": s.player, "total": s.total,
             "rank": s.rank, "shared": s.is_shared}
            for s in sheet.standings
        ],
        "finished": sheet.is_finished,
    }
    return json.dumps(data, ensure_ascii=False, indent=2)
