"""Players joining, leaving and sitting out; the schedule; adjustments; the
scoring; and the game's history. Plain forms with post/redirect/get; a refused
change re-renders its page with the reason (status 422) and the form as typed.
"""

from __future__ import annotations

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from wtforms import SelectChoice

from ...game import GameError, Sheet, entries, grouped
from ...game.hidden import history_seen
from ...rules import SCORING_PRESETS, RulesError, find_scoring
from ...storage import games as store
from ...storage.models import Game
from .. import access
from ..language import back_path
from ..round_screen import render_round, shown_round
from ..responses import author, form_error, refusal
from ..undo import say_stored, undo_label
from ..wording.history import history_text
from ..wording.ruleset import SCORING_NAMES, scoring_title
from .forms import (
    FIRST_SEAT,
    AdjustForm,
    AuthorForm,
    ConfirmForm,
    DecksForm,
    EndForm,
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
        undo_label=undo_label(game, sheet),
    )
    return make_response(html, status)


def schedule_page(game: Game, sheet: Sheet, error: str | None = None, status: int = 200, **forms):
    html = render_template(
        "manage/schedule.html", game=game, sheet=sheet, error=error,
        rebuild=forms.get("rebuild") or RebuildForm(formdata=None),
        undo_label=undo_label(game, sheet),
    )
    return make_response(html, status)


def change(gid: str, form, build, args, page, back: str, form_name: str = ""):
    """Validate the form, store the change ``build(sheet, *args(form))`` (a
    function of :mod:`scorekeeper.game.entries`), and go back; or show why not."""
    game = access.game()
    error = None
    if not form.validate():
        error = form_error(form)
    else:
        try:
            store.record(game, build, *args(form), author=author())
        except (GameError, RulesError) as refused:
            error = refusal(refused)
    if error:
        forms = {form_name: form} if form_name else {}
        return page(game, access.sheet(), error, 422, **forms)
    return redirect(url_for(back, gid=gid))


# -- players ---------------------------------------------------------------

@bp.get("/players")
def players(gid: str):
    return players_page(access.game(), access.sheet())


@bp.post("/players/join")
def join(gid: str):
    return change(
        gid, JoinForm(), entries.join,
        lambda form: (form.name.data, form.after_player(), form.start_rule.data,
                      form.start_number.data),
        players_page, "manage.players", "join",
    )


@bp.post("/players/leave")
def leave(gid: str):
    return change(gid, PlayerForm(), entries.leave, lambda form: (form.player.data,),
                  players_page, "manage.players")


@bp.post("/players/back")
def back(gid: str):
    """A player who left comes back to their seat (as typing their name to join does)."""
    return change(gid, PlayerForm(), entries.back, lambda form: (form.player.data,),
                  players_page, "manage.players")


@bp.post("/players/sit-out")
def sit_out(gid: str):
    return change(gid, SitOutForm(), entries.sit_out,
                  lambda form: (form.player.data, form.round.data),
                  players_page, "manage.players")


@bp.post("/adjust")
def adjust(gid: str):
    return change(gid, AdjustForm(), entries.adjustment,
                  lambda form: (form.player.data, form.points.data, form.reason.data),
                  players_page, "manage.players", "adjust")


# -- schedule --------------------------------------------------------------

@bp.get("/schedule")
def schedule(gid: str):
    return schedule_page(access.game(), access.sheet())


@bp.post("/schedule/round")
def schedule_round(gid: str):
    return change(gid, RoundSizeForm(), entries.schedule, lambda form: (form.operation(),),
                  schedule_page, "manage.schedule")


@bp.post("/schedule/rebuild")
def schedule_rebuild(gid: str):
    """Replace every round not yet begun by a schedule shape for today's players."""
    return change(gid, RebuildForm(), entries.rebuild_schedule,
                  lambda form: (form.shape.data, form.start.data, form.peak.data),
                  schedule_page, "manage.schedule", "rebuild")


@bp.post("/schedule/fit")
def schedule_fit(gid: str):
    """Lower every round the deck can no longer deal to the most it can."""
    return change(gid, ConfirmForm(), entries.fit_schedule, lambda form: (),
                  schedule_page, "manage.schedule")


# -- a round the deck cannot deal, from the round screen -----------------------

def round_screen(game: Game, sheet: Sheet, error: str | None = None, status: int = 200):
    """The round being played (or the last), with why a fix was refused."""
    return render_round(game, sheet, shown_round(sheet), error, status)


def said(response):
    """A change made (a redirect): the next page says what it was, as the history does."""
    if response.status_code == 302:
        say_stored(access.game())
    return response


@bp.post("/fit")
def fit(gid: str):
    """Deal the largest hand that fits in every round the deck can no longer
    deal, and go back to the round being played, saying what changed."""
    return said(change(gid, ConfirmForm(), entries.fit_schedule, lambda form: (),
                       round_screen, "play.game_home"))


@bp.post("/decks")
def decks(gid: str):
    """Shuffle this many decks together from now on, and go back to the round."""
    return said(change(gid, DecksForm(), entries.decks, lambda form: (form.decks.data,),
                       round_screen, "play.game_home"))


# -- the end of the game ---------------------------------------------------------

def end_page(game: Game, sheet: Sheet, error: str | None = None, status: int = 200, **_forms):
    html = render_template("manage/end.html", game=game, sheet=sheet, error=error)
    return make_response(html, status)


@bp.get("/end")
def end(gid: str):
    """The two ways to end the game early, each explained: the page is the confirmation."""
    return end_page(access.game(), access.sheet())


@bp.post("/end")
def end_game(gid: str):
    """End the game after the round named, and show the standings (or the
    last round, still to be played)."""
    return change(gid, EndForm(), entries.end_game, lambda form: (form.after.data,),
                  end_page, "play.game_home")


# -- scoring and history ----------------------------------------------------

@bp.get("/compare")
def compare(gid: str):
    """The game scored under every scoring preset, beside the real standings."""
    sheet = access.sheet()
    form = ScoringForm(formdata=None, scoring=sheet.ruleset.scoring.name)
    return compare_page(access.game(), sheet, form)


def compare_page(game: Game, sheet: Sheet, form: ScoringForm, error: str | None = None):
    columns = [(name, scoring_title(name), SCORING_NAMES.get(name, ""),
                sheet.standings_with(find_scoring(name))) for name in SCORING_PRESETS]
    html = render_template("manage/compare.html", game=game, sheet=sheet, columns=columns,
                           form=form, error=error)
    return make_response(html, 422 if error else 200)


@bp.post("/scoring")
def change_scoring(gid: str):
    form = ScoringForm()
    game = access.game()
    if not form.validate():
        return compare_page(game, access.sheet(), form, form_error(form))
    try:
        store.record(game, entries.scoring, form.scoring.data, author=author())
    except GameError as refused:
        return compare_page(game, access.sheet(), form, refusal(refused))
    return redirect(url_for("play.standings", gid=gid))


@bp.get("/history")
@access.viewer_may_see
def history(gid: str):
    """Every change in plain words, by round, newest first."""
    game = access.game()
    sheet = access.sheet()
    entries = history_seen(store.load_history(game), sheet, access.looker())
    return render_template("manage/history.html", game=game, sheet=sheet,
                           groups=grouped(entries), history_text=history_text)


@bp.post("/author")
def set_author(gid: str):
    """Remember on this device the name its changes are signed with, and go
    back to the page the setting was on (it sits with the device's other settings)."""
    form = AuthorForm()
    response = redirect(back_path())
    if form.validate():
        name = " ".join((form.name.data or "").split())
        if name:
            response.set_cookie("author", name, max_age=AUTHOR_COOKIE_AGE, samesite="Lax",
                                httponly=True, secure=request.is_secure)
        else:
            response.delete_cookie("author")
    return response
