"""Players joining, leaving and sitting out; the schedule; adjustments; the
scoring; and the game's history. Plain forms with post/redirect/get; a refused
change re-renders its page with the reason (status 422) and the form as typed.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, make_response, redirect, render_template, url_for
from flask_babel import gettext as _
from wtforms import SelectChoice

from .. import services
from ..models import Game
from ..play.routes import author
from ..rules import SCORING_PRESETS, RulesError, ScheduleSpec, find_scoring, round_sizes
from ..sheet import Sheet, SheetError
from .forms import (
    FIRST_SEAT,
    AdjustForm,
    AuthorForm,
    ConfirmForm,
    JoinForm,
    PlayerForm,
    RebuildForm,
    RoundSizeForm,
    ScoringForm,
    SitOutForm,
)

bp = Blueprint("manage", __name__, url_prefix="/g/<gid>")

#: A year: how long a device remembers the name its owner gave.
AUTHOR_COOKIE_AGE = 365 * 24 * 3600


def first_error(form) -> str:
    for errors in form.errors.values():
        if errors:
            return str(errors[0])
    return _("Something in the form is missing.")


def players_page(game: Game, sheet: Sheet, error: str | None = None, status: int = 200, **forms):
    join = forms.get("join") or JoinForm(formdata=None)
    join.after.choices = [SelectChoice(FIRST_SEAT, _("the first seat"))] + [
        SelectChoice(str(pid), sheet.name(pid)) for pid in sheet.circle if sheet.is_present(pid)
    ]
    if join.after.data is None and sheet.circle:
        join.after.data = str(sheet.circle[-1])
    html = render_template(
        "manage/players.html", game=game, sheet=sheet, error=error, join=join,
        adjust=forms.get("adjust") or AdjustForm(formdata=None),
    )
    return make_response(html, status)


def schedule_page(game: Game, sheet: Sheet, error: str | None = None, status: int = 200, **forms):
    html = render_template(
        "manage/schedule.html", game=game, sheet=sheet, error=error,
        rebuild=forms.get("rebuild") or RebuildForm(formdata=None),
    )
    return make_response(html, status)


def change(gid: str, form, do: Callable[[Game], object], page, back: str, form_name: str = ""):
    """Validate the form, make the change, and go back; or show why not."""
    game = services.get_game(gid)
    error = None
    if not form.validate():
        error = first_error(form)
    else:
        try:
            do(game)
        except (SheetError, RulesError) as refused:
            error = str(refused)
    if error:
        forms = {form_name: form} if form_name else {}
        return page(game, services.load_sheet(game), error, 422, **forms)
    return redirect(url_for(back, gid=gid))


# -- players ---------------------------------------------------------------

@bp.get("/players")
def players(gid: str):
    game = services.get_game(gid)
    return players_page(game, services.load_sheet(game))


@bp.post("/players/join")
def join(gid: str):
    form = JoinForm()
    return change(
        gid, form,
        lambda game: services.join(game, form.name.data, form.after_player(),
                                   form.start_rule.data, form.start_number.data, author()),
        players_page, "manage.players", "join",
    )


@bp.post("/players/leave")
def leave(gid: str):
    form = PlayerForm()
    return change(gid, form, lambda game: services.leave(game, form.player.data, author()),
                  players_page, "manage.players")


@bp.post("/players/sit-out")
def sit_out(gid: str):
    form = SitOutForm()
    return change(
        gid, form, lambda game: services.sit_out(game, form.player.data, form.round.data, author()),
        players_page, "manage.players",
    )


@bp.post("/adjust")
def adjust(gid: str):
    form = AdjustForm()
    return change(
        gid, form,
        lambda game: services.adjust(game, form.player.data, form.points.data, form.reason.data,
                                     author()),
        players_page, "manage.players", "adjust",
    )


# -- schedule --------------------------------------------------------------

@bp.get("/schedule")
def schedule(gid: str):
    game = services.get_game(gid)
    return schedule_page(game, services.load_sheet(game))


@bp.post("/schedule/round")
def schedule_round(gid: str):
    form = RoundSizeForm()

    def do(game: Game) -> None:
        op = {"op": form.op.data, "round": form.round.data}
        if form.op.data != "remove":
            op["cards"] = form.cards.data
        services.change_schedule(game, op, author())

    return change(gid, form, do, schedule_page, "manage.schedule")


@bp.post("/schedule/rebuild")
def schedule_rebuild(gid: str):
    """Replace every round not yet begun by a schedule shape for today's players."""
    form = RebuildForm()

    def do(game: Game) -> None:
        sheet = services.load_sheet(game)
        first = sheet.first_editable_round
        players = len(sheet.present_in(min(first, len(sheet.rounds))))
        spec = ScheduleSpec(form.shape.data, start=form.start.data or 1, peak=form.peak.data)
        sizes = round_sizes(spec, players, sheet.ruleset.decks)
        services.change_schedule(game, {"op": "replace", "from": first, "cards": sizes}, author())

    return change(gid, form, do, schedule_page, "manage.schedule", "rebuild")


@bp.post("/schedule/fit")
def schedule_fit(gid: str):
    """Lower every round the deck can no longer deal to the most it can."""
    form = ConfirmForm()

    def do(game: Game) -> None:
        sheet = services.load_sheet(game)
        first = sheet.first_editable_round
        sizes = [
            min(rnd.cards, sheet.ruleset.deck_size // len(rnd.order))
            for rnd in sheet.rounds[first - 1:]
        ]
        services.change_schedule(game, {"op": "replace", "from": first, "cards": sizes}, author())

    return change(gid, form, do, schedule_page, "manage.schedule")


# -- scoring and history ----------------------------------------------------

@bp.get("/compare")
def compare(gid: str):
    """The game scored under every scoring preset, beside the real standings."""
    game = services.get_game(gid)
    sheet = services.load_sheet(game)
    form = ScoringForm(formdata=None, scoring=sheet.ruleset.scoring.name)
    return compare_page(game, sheet, form)


def compare_page(game: Game, sheet: Sheet, form: ScoringForm, error: str | None = None):
    columns = [(name, sheet.standings_with(find_scoring(name))) for name in SCORING_PRESETS]
    html = render_template("manage/compare.html", game=game, sheet=sheet, columns=columns,
                           form=form, error=error)
    return make_response(html, 422 if error else 200)


@bp.post("/scoring")
def change_scoring(gid: str):
    form = ScoringForm()
    game = services.get_game(gid)
    try:
        if not form.validate():
            raise SheetError(first_error(form))
        services.change_scoring(game, form.scoring.data, author())
    except SheetError as refused:
        return compare_page(game, services.load_sheet(game), form, str(refused))
    return redirect(url_for("play.standings", gid=gid))


@bp.get("/history")
def history(gid: str):
    """Every change, newest first, in plain words."""
    game = services.get_game(gid)
    sheet = services.load_sheet(game, with_history=True)
    form = AuthorForm(formdata=None, name=author() or "")
    return render_template("manage/history.html", game=game, sheet=sheet, form=form)


@bp.post("/author")
def set_author(gid: str):
    """Remember on this device the name its changes are signed with."""
    form = AuthorForm()
    response = redirect(url_for("manage.history", gid=gid))
    if form.validate():
        name = " ".join((form.name.data or "").split())
        if name:
            response.set_cookie("author", name, max_age=AUTHOR_COOKIE_AGE, samesite="Lax")
        else:
            response.delete_cookie("author")
    return response
