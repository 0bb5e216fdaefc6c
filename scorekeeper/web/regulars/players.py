"""The Players page: the device's regulars with their figures, renamed and
merged; a page per player with head to head and a chart, filters by preset
and period, and a CSV of the figures. One blueprint for ``/players``.

The set-up offers the regulars too (:mod:`scorekeeper.web.games.regulars`).
"""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ...game import GameError
from ...game.names import NAME_LENGTH, look_alikes, name_key
from ...game.regulars import Aliases
from ...game.statistics import pairings
from ...rules import PRESETS
from ...storage import regulars as store
from ...storage import statistics
from ...storage.models import utcnow
from .. import access
from ..fields import without_control_characters
from ..responses import download
from ..spreadsheets import spreadsheet_safe
from ..wording.presets import PRESET_TITLES

bp = Blueprint("players", __name__, url_prefix="/players")

#: The longest name a game stores.


@bp.get("")
def index():
    """The Players page: the device's regulars, most games first, with their
    renames and merges (and the undo of the latest)."""
    return players_page()


def players_page(error: str | None = None, typed: tuple[str, str] = ("", ""), status: int = 200,
                 notice: str | None = None):
    device = access.device_id()
    changes = store.name_changes(device)
    aliases = Aliases(changes)
    regulars = store.device_regulars(device, aliases)
    html = render_template("regulars/players.html", regulars=regulars,
                           offers=look_alikes(r.name for r in regulars),
                           changes=changes, in_force=store.in_force(device, rows=changes),
                           error=error, typed=typed, notice=notice,
                           extra=overview(device, aliases))
    return make_response(html, status)


@bp.post("/rename")
def rename():
    """Rename a regular everywhere on this device, or merge two names into one
    (when the new name is another regular's)."""
    if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    device = access.device_id()
    old = " ".join((without_control_characters(request.form.get("name")) or "").split())
    new = " ".join((without_control_characters(request.form.get("to")) or "").split())
    known = {name_key(r.name): r.name for r in store.device_regulars(device)}
    error = None
    if name_key(old) not in known:
        error = _("Choose one of your players to rename.")
    elif not new or len(new) > NAME_LENGTH:
        error = _("Type the new name (at most %(num)s characters).", num=NAME_LENGTH)
    elif new == known[name_key(old)]:
        error = _("The new name is the same as the old one.")
    if error:
        return players_page(error, (old, new), 422)
    merge = name_key(new) in known and name_key(new) != name_key(old)
    target = known[name_key(new)] if merge else new
    try:
        store.rename(device, "merge" if merge else "rename", known[name_key(old)], target)
    except GameError:  # same-name: one of the games has both
        return players_page(_("%(name)s, %(other)s: both names are in one game, so they are "
                              "two players and cannot be merged.", name=known[name_key(old)],
                              other=target), (old, new), 422)
    return redirect(url_for("players.index"))


@bp.post("/undo")
def undo():
    """Take back the latest rename or merge still in force."""
    if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    store.undo(access.device_id())
    return redirect(url_for("players.index"))


# -- the figures ---------------------------------------------------------------

#: The periods a filter offers, in days (None: every game).
PERIODS = {"all": None, "30": 30, "365": 365}


def chosen_filters() -> dict:
    """The preset and period asked for (unknown values mean "all")."""
    preset = request.args.get("preset", "")
    period = request.args.get("period", "all")
    return {"preset": preset if preset in PRESETS else "",
            "period": period if period in PERIODS else "all"}


def chosen(filters: dict) -> tuple[str | None, object]:
    """The preset and the start of the period the filters choose (None: any)."""
    days = PERIODS[filters["period"]]
    return filters["preset"] or None, utcnow() - timedelta(days=days) if days else None


def chosen_games(device: str, filters: dict) -> statistics.Choice:
    """The device's finished games the filters choose, their lines kept up to date."""
    return statistics.choose(device, *chosen(filters))


def filter_parts(device: str, filters: dict) -> dict:
    return {"filters": filters, "periods": PERIODS,
            "presets": [(name, PRESET_TITLES.get(name, name))
                        for name in statistics.presets_played(device) if name in PRESETS]}


def overview(device: str, aliases: Aliases) -> dict:
    """What the Players page shows above the roster: everyone's figures."""
    filters = chosen_filters()
    figures = statistics.figures(chosen_games(device, filters), aliases)
    ordered = sorted(figures.values(), key=lambda f: (-f.played, name_key(f.name)))
    return {"figures": ordered, "linked": True, **filter_parts(device, filters)}


@bp.get("/<name>")
def player(name: str):
    """One player's figures, by hand size (a chart and a table), and head to head."""
    device = access.device_id()
    filters = chosen_filters()
    aliases = store.aliases(device)
    key = name_key(aliases.resolve(name))
    keys = aliases.sources(key)
    games = chosen_games(device, filters)
    fig, rounds = statistics.player_figures(games, aliases, keys)
    if fig is None:
        if key not in {name_key(r.name) for r in store.device_regulars(device, aliases)}:
            abort(404)
        return render_template("regulars/player.html", name=aliases.resolve(name), fig=None,
                               **filter_parts(device, filters))
    return render_template("regulars/player.html", name=aliases.resolve(name), fig=fig,
                           rounds=rounds,
                           pairs=pairings(statistics.pair_counts(games, keys), key,
                                          aliases.resolve),
                           **filter_parts(device, filters))


@bp.get("/statistics.csv")
def statistics_csv():
    """Every player's figures as a spreadsheet (the filters of the page apply)."""
    device = access.device_id()
    filters = chosen_filters()
    figures = statistics.figures(chosen_games(device, filters), store.aliases(device))
    out = io.StringIO()
    writer = csv.writer(out)
    kinds = ((False, _("highest total wins")), (True, _("lowest total wins")))
    writer.writerow([
        _("Player"), _("Games finished"), _("Won (shared wins included)"), _("Of them shared"),
        _("Win rate"), *(_("Average total (%(kind)s)", kind=kind) for _low, kind in kinds),
        _("Starting score on joining late (not in the average)"),
        *(_("Best total (%(kind)s)", kind=kind) for _low, kind in kinds), _("Rounds"),
        _("Bids made"), _("Bids made (share)"), _("Bids of 0 made (share)"),
        _("Average difference"), _("Longest run of bids made"),
        *(header for _low, kind in kinds for header in (
            _("Worst round (%(kind)s)", kind=kind), _("Best round (%(kind)s)", kind=kind)))])
    for fig in sorted(figures.values(), key=lambda f: (-f.played, name_key(f.name))):
        sides = [fig.sides.get(lowest) for lowest, _kind in kinds]
        writer.writerow([
            spreadsheet_safe(fig.name), fig.played, fig.won, fig.shared, _ratio(fig.win_rate),
            *(_ratio(side and side.average) for side in sides),
            sum(side.start for side in fig.kinds),
            *(_blank(side and fig.best_total(side)) for side in sides), fig.rounds, fig.made,
            _ratio(fig.made_rate), _ratio(fig.zero_rate), _ratio(fig.average_diff),
            fig.longest_run,
            *(_blank(side and getattr(side, which)) for side in sides
              for which in ("worst", "best"))])
    return download("\ufeff" + out.getvalue(), "text/csv", "scorekeeper-statistics.csv")


def _ratio(value: float | None) -> str:
    return "" if value is None else f"{value:.3f}"


def _blank(value: int | None) -> int | str:
    return "" if value is None else value
