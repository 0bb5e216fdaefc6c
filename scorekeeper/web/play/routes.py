"""The round screen and everything reached from it.

Views are thin: they parse the form, let the storage layer check the entry
with the game domain and store it, and render. Every mutating endpoint
answers an htmx request with the ``_entry.html`` partial (or an
``HX-Redirect``) and a plain form post with a redirect (post/redirect/get); a
refused entry gets status 422 and the reason, in place.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request
from flask import url_for
from flask_babel import gettext as _

from ...game import Conflict, GameError, Sheet, entries, settling
from ...storage import games as store
from ...storage import carry, clubs, links, series
from ...storage.models import Game
from .. import access, live
from ..language import current_lang, safe_path
from ..responses import author, download, form_error, form_errors, go_to, is_htmx, refusal, refusals
from ..responses import round_or_404, vary
from . import export
from ..pushed import PanelEvents, drawn_for_streams
from ..rendered import kept_panel, kept_parts
from ..round_screen import PANEL, render_over, render_round, shown_round
from ..series_standings import series_lines
from ..undo import say_stored, undo_label
from .forms import BidForm, CloseForm, CorrectionForm, StakeForm, TricksForm, TrumpForm, UndoForm
from ..tap_values import trump_from_form, trump_to_form

bp = Blueprint("play", __name__, url_prefix="/g/<gid>")


#: The parts of the standings drawn once per version of the game, by their names in the page.
STANDINGS_PARTS = {"head": "play/_standings_head.html", "body": "play/_standings_body.html"}


def entered(gid: str, number: int, form, stored: Callable[[Game], Sheet]):
    """Answer a live entry of the round screen: ``form`` checked for shape,
    then ``stored(game)``, the view's call of :func:`scorekeeper.storage.games.record`
    with its rule of :mod:`scorekeeper.game.entries`; the panel for htmx, else
    back to the round (post/redirect/get); a refusal, shown in place."""
    game = access.game()
    if not form.validate():
        return refused(game, number, form_error(form))
    with drawn_for_streams(game, number):  # the answer, told to every server's streams
        try:
            sheet = stored(game)
        except GameError as error:
            return refused(game, number, error)
        if is_htmx():
            return render_round(game, sheet, number)
    return redirect(url_for("play.round_page", gid=gid, number=number))


def by_seat() -> bool:
    """Whether this entry comes through a player's own seat link."""
    return access.access().role == links.SEAT


def refused(game: Game, number: int, error: GameError | str):
    """The round screen as it stands now, with why the entry was refused: 409
    when another phone changed it meanwhile (the screen shows what it is now,
    a bid hidden from this link still hidden)."""
    if isinstance(error, GameError) and error.kind == "game-over":
        return render_over(game, refusal(error))
    status = 409 if isinstance(error, Conflict) else 422
    sheet = access.sheet()
    if isinstance(error, Conflict) and sheet.current is not None and error.details.get(
            "entry") == "bid" and error.details.get("player") in sheet.current.hidden_bids:
        error = Conflict(error.kind, **error.details, hidden=True)  # said without the bid
    text = error if isinstance(error, str) else refusal(error)
    return render_round(game, sheet, number, text, status)


@bp.get("/")
@access.viewer_may_see
def game_home(gid: str):
    """The current round, or the standings once the game is over. The address
    a table shares: opening it puts the game on this device's list."""
    links.remember(access.device_id(), access.access().link)
    sheet = access.sheet()
    if sheet.current is None:
        return redirect(url_for("play.standings", gid=gid))
    return redirect(url_for("play.round_page", gid=gid, number=sheet.current.number))


@bp.get("/round/<int:number>")
@access.viewer_may_see
def round_page(gid: str, number: int):
    """The round screen; once the table has ended the game before this
    round, the result (a phone that still had the round open)."""
    game, sheet = access.game(), access.sheet()
    if sheet.ended_before(number):
        return redirect(url_for("play.game_home", gid=gid))
    return render_round(game, sheet, number)


def unchanged_since() -> bool:
    """A poll's answer: the game is at the version the screen shows, as read
    with the link (the game itself is not loaded)."""
    return request.args.get("since", type=int) == access.access().version


@bp.get("/round/<int:number>/entry")
@access.viewer_may_see
def entry_panel(gid: str, number: int):
    """The entry panel again, for phones that watch the same game.

    Each open round screen asks with the game's version it shows when its
    stream says the game changed (every second while it has no stream:
    js/live.js); the answer is 204 (nothing to swap) while nothing has changed, and a
    move to the current round once this one is closed, or to the result once
    the game is over (this round played or not). The version comes with
    the link (one query): an unchanged game is answered without loading it,
    and so is a changed one whose panel this process has drawn already (the
    round is then the open one: only its panel is kept).
    """
    if unchanged_since():
        return vary(make_response("", 204))
    kept = kept_panel(PANEL, number) if is_htmx() else None
    if kept is not None:
        return vary(make_response(kept))
    sheet = access.sheet()
    if sheet.current is None or sheet.current.number != number:
        return go_to(url_for("play.game_home", gid=gid))
    return render_round(access.game(), sheet, number)


@bp.get("/events")
@access.viewer_may_see
@live.streams
def events(gid: str):
    """The live stream of an open game screen (:mod:`scorekeeper.web.live`):
    an event whenever the game changes, from ``since`` the version it shows;
    for a round screen (``round``, the round it shows), the entry panel itself
    (:mod:`scorekeeper.web.pushed`)."""
    number = request.args.get("round", type=int)
    tell = live.change_event if number is None else PanelEvents(number)
    return live.stream(access.access().game_id, request.args.get("since", type=int), tell)


@bp.get("/table")
@access.viewer_may_see
def table_view(gid: str):
    """The game for a tablet or TV lying on the table: read only, large type.

    It follows the game as the round screen does (its stream, then a
    question with ``since`` the version it shows): 204 while nothing has changed, else its
    live part again (htmx) or the whole page.
    """
    if unchanged_since():
        return vary(make_response("", 204))
    game = access.game()
    sheet = access.sheet()
    rnd = sheet.current or sheet.rounds[-1]
    last = sheet.closed_rounds[-1] if sheet.closed_rounds else None
    template = "play/_table.html" if is_htmx() else "play/table.html"
    # (the friendly note is drawn by the page, outside its live part)
    html = render_template(template, game=game, sheet=sheet, rnd=rnd,
                           friendly=not is_htmx() and clubs.is_friendly(game),
                           last_points=sheet.points(last) if last else {}, last=last)
    return vary(make_response(html))


@bp.post("/round/<int:number>/trump")
def trump(gid: str, number: int):
    form = TrumpForm()
    return entered(gid, number, form, lambda game: store.record(
        game, entries.trump, number, trump_from_form(form.trump.data), form.seen(),
        author=author(), by_player=by_seat()))


@bp.post("/round/<int:number>/bid")
@access.seat_may_enter
def bid(gid: str, number: int):
    form = BidForm()
    return entered(gid, number, form, lambda game: store.record(
        game, entries.bid, number, form.player.data, form.bid.data, form.seen(),
        author=author(), by_player=by_seat()))


@bp.post("/round/<int:number>/tricks")
@access.seat_may_enter
def tricks(gid: str, number: int):
    form = TricksForm()
    return entered(gid, number, form, lambda game: store.record(
        game, entries.tricks, number, form.player.data, form.tricks.data, form.seen(),
        author=author(), by_player=by_seat()))


@bp.post("/round/<int:number>/close")
def close(gid: str, number: int):
    """Close the round: it is scored and the next dealer's round begins. With
    ``player`` and ``tricks`` in the form, the last player's tricks as the
    countdown filled them in are stored with it."""
    game = access.game()
    if not CloseForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    filled = None
    if "player" in request.form:  # the last player's tricks, filled in from the countdown
        fill_in = TricksForm()
        if not fill_in.validate():
            return refused(game, number, form_error(fill_in))
        filled = (fill_in.player.data, fill_in.tricks.data)
    try:
        sheet = store.record(game, entries.close, number, filled, author=author())
    except GameError as error:
        return refused(game, number, error)
    if sheet.current is None:
        return go_to(url_for("play.standings", gid=gid))
    return go_to(url_for("play.round_page", gid=gid, number=sheet.current.number))


@bp.post("/undo")
def undo(gid: str):
    """Take back the entry the phone's screen shows as the last one, and say
    what was taken back. Another phone's newer entry is never undone behind
    anyone's back, and undoing a close asks first."""
    game = access.game()
    form = UndoForm()
    if not form.validate():
        sheet = access.sheet()
        return render_round(game, sheet, shown_round(sheet), form_error(form), 422)
    before = access.sheet()
    try:
        sheet = store.record(game, entries.undo, form.seq.data, bool(form.reopen.data),
                             author=author())
    except GameError as error:
        sheet = access.sheet()
        status = 409 if isinstance(error, Conflict) else 422
        confirm = error.details.get("number") if error.kind == "undo-reopens" else None
        # Asking is the undo bar's: the question is not said twice.
        return render_round(game, sheet, shown_round(sheet), None if confirm else refusal(error),
                            status, confirm_reopen=confirm)
    number = shown_round(sheet)
    in_place = is_htmx() and request.form.get("round", type=int) == number
    back = None if in_place else safe_path(request.form.get("next"))
    notice = None  # the same undo sent again: it was done already
    if sheet.version != before.version and before.last_entry is not None:
        # Named as the bar named it: the history still holds the change taken back.
        notice = _("Undone: %(entry)s", entry=undo_label(game, before, None if back else number))
    if in_place:
        return render_round(game, sheet, number, notice=notice)
    if notice:
        flash(notice)
    return go_to(back or url_for("play.round_page", gid=gid, number=number))


@bp.route("/round/<int:number>/edit", methods=["GET", "POST"])
def edit_round(gid: str, number: int):
    """Correct a closed round: its trump, bids and tricks, checked like live
    entry; every mistake is shown at once, and a saved correction says what
    it changed on the round's screen. The dealer's forbidden bid is struck
    out as the other bids are chosen: each change asks again (a GET with the
    chips chosen so far, htmx: the form alone), and nothing is stored."""
    game = access.game()
    sheet = access.sheet()
    rnd = round_or_404(sheet, number)
    if not rnd.closed:
        return redirect(url_for("play.round_page", gid=gid, number=number))
    # A GET with chips is the form as chosen so far, sent on each change.
    reading = request.method != "POST"  # GET, and HEAD as GET
    checking = reading and "trump" in request.args
    form = CorrectionForm(formdata=request.args) if checking else CorrectionForm()
    errors: list[str] = []
    if reading and not checking:
        form.trump.data = trump_to_form(rnd.trump)
        for player in rnd.order:
            form.seats.append_entry({"bid": rnd.bids[player], "tricks": rnd.tricks[player]})
    elif request.method == "POST":
        errors = save_correction(game, rnd, form)
        if not errors:
            say_stored(game)
            return redirect(url_for("play.round_page", gid=gid, number=number))
    forbidden = rnd.forbidden_with(form.chosen_bids(rnd.order))
    html = render_template("play/_correction.html" if is_htmx() else "play/edit.html",
                           game=game, sheet=sheet, rnd=rnd, form=form, errors=errors,
                           forbidden=forbidden)
    return vary(make_response(html, 422 if errors else 200))


def save_correction(game: Game, rnd, form: CorrectionForm) -> list[str]:
    """Store the correction the form holds; every reason it was refused, or none."""
    if len(form.seats.entries) != len(rnd.order):
        return [refusal(GameError("correction-incomplete"))]
    if not form.validate():
        return form_errors(form)
    bids, taken = form.by_player(rnd.order)
    try:
        store.record(game, entries.correction, rnd.number, trump_from_form(form.trump.data),
                     bids, taken, author=author())
    except GameError as refused_entry:
        return refusals(refused_entry)
    return []


@bp.get("/standings")
@access.viewer_may_see
def standings(gid: str, **refused):
    """The standings, the grid and, with a stake, who pays whom. ``refused``:
    a stake refused (``stake_error``, ``stake_form`` as typed), status 422."""
    game = access.game()
    sheet = access.sheet()
    parts = kept_parts("play/standings.html", game, STANDINGS_PARTS, sheet=sheet)
    # A player's own phone on the result follows them into the next game.
    follows = (access.access().role == links.SEAT and sheet.is_finished
               and series.follower(game) is None)
    html = render_template("play/standings.html", game=game, sheet=sheet,
                           series=series_lines(game), follows=follows,
                           friendly=clubs.is_friendly(game), **parts, **refused)
    return make_response(html, 422 if refused else 200)


@bp.post("/stake")
def stake(gid: str):
    """Set, change or remove (an empty amount) the stake per point: htmx gets
    the settling-up part again, a plain post the standings; a refused stake
    keeps what was typed, with the reason (422)."""
    game = access.game()
    form = StakeForm()
    try:
        per_point = settling.minor_units(form.stake.data or "")
        store.record(game, settling.set_stake, per_point, form.symbol.data or "",
                     author=author())
    except GameError as error:
        refused = {"stake_error": refusal(error), "stake_form": form}
        if not is_htmx():
            return standings(gid, **refused)
        html = render_template("play/_settling.html", sheet=access.sheet(), **refused)
        return vary(make_response(html, 422))
    if is_htmx():
        return vary(make_response(render_template("play/_settling.html", sheet=access.sheet())))
    return redirect(url_for("play.standings", gid=gid))


@bp.get("/next")
@access.viewer_may_see
def next_game(gid: str):
    """Where a player's own phone goes when the table plays again: its
    player's seat link in the game that follows (the result asks every few
    seconds); 204 while no game follows. A seat link learns only that, and
    no other link anything (204 always)."""
    found = access.access()
    seat = series.rematch_seat(found.game, found.player) if found.role == links.SEAT else None
    if seat is None:
        return vary(make_response("", 204))
    return go_to(url_for("play.game_home", gid=seat.token))


def csv_download(write, kind: str = ""):
    """A CSV of the game, with the separator of the reader's spreadsheets (or the one asked for)."""
    game, sheet = access.game(), access.sheet()
    delimiter = export.separator(current_lang(), request.args.get("sep"))
    return download(write(game, sheet, delimiter), "text/csv",
                    export.filename(game, sheet, "csv", kind=kind))


@bp.get("/export.csv")
@access.viewer_may_see
def export_csv(gid: str):
    return csv_download(export.game_csv)


@bp.get("/rules.csv")
@access.viewer_may_see
def export_rules_csv(gid: str):
    """The players and the rules of the game, the companion of :func:`export_csv`."""
    return csv_download(partial(export.rules_csv, friendly=clubs.is_friendly(access.game())),
                        kind=_("rules"))


@bp.get("/log.json")
@access.seat_may_read
def change_log(gid: str):
    """The game's changes numbered after ``after``, as its JSON export holds
    them: what a round screen adds to the log it keeps for playing on without
    network (docs/offline.md), up to a bid still hidden from this link
    (everyone bids at once): a scorer's, or a player's own link's; a viewer
    link, which enters nothing, gets none.
    """
    # (past the game's version there is nothing: the number never reaches the database)
    after = min(max(request.args.get("after", default=0, type=int), 0), access.access().version)
    changes = carry.changes_seen(access.game(), access.looker(), after)
    response = make_response({"changes": changes})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/export.json")
@access.viewer_may_see
def export_json(gid: str):
    game = access.game()
    sheet = access.sheet()
    # A file shared freely: no link; its stored facts end before a bid still
    # hidden from this link.
    stored = carry.game_entry(game, None, looker=access.looker())
    return download(export.game_json(game, sheet, stored, clubs.is_friendly(game)),
                    "application/json",
                    export.filename(game, sheet, "json"))
