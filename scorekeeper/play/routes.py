"""The round screen and everything reached from it.

Views are thin: they parse the form, let :mod:`scorekeeper.services` check and
store the entry, and render. Every mutating endpoint answers an htmx request
with the ``_entry.html`` partial (or an ``HX-Redirect``) and a plain form post
with a redirect (post/redirect/get); a refused entry gets status 422 and the
reason, in place.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .. import services
from ..fields import AUTHOR_LENGTH, without_control_characters
from ..models import Game
from ..sheet import Sheet, SheetError
from . import export
from .forms import (
    BidForm,
    CloseForm,
    CorrectionForm,
    TricksForm,
    TrumpForm,
    trump_from_form,
    trump_to_form,
)

bp = Blueprint("play", __name__, url_prefix="/g/<gid>")


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def author() -> str | None:
    """The name this device gave for the person entering, if any.

    The cookie is the device's to change: it is tidied and cut to what a
    change stores, so that no cookie can make a write fail.
    """
    name = " ".join((without_control_characters(request.cookies.get("author")) or "").split())
    return name[:AUTHOR_LENGTH] or None


def vary(response: Response) -> Response:
    """Responses differ for htmx and plain requests: say so to caches."""
    response.vary.add("HX-Request")
    return response


def round_or_404(sheet: Sheet, number: int):
    """The round with this number.

    :raise 404: when the game has no such round.
    """
    try:
        return sheet.round(number)
    except SheetError:
        abort(404)


def render_round(game: Game, sheet: Sheet, number: int, error: str | None = None, status: int = 200):
    """The round screen, or only its entry panel for htmx."""
    rnd = round_or_404(sheet, number)
    template = "play/_entry.html" if is_htmx() else "play/round.html"
    html = render_template(template, game=game, sheet=sheet, rnd=rnd, error=error, oob=is_htmx())
    return vary(make_response(html, status))


def first_error(form) -> str:
    for errors in form.errors.values():
        for error in errors:
            return error if isinstance(error, str) else first_error_in(error)
    return _("Something in the form is missing.")


def first_error_in(errors) -> str:
    if isinstance(errors, dict):
        for value in errors.values():
            return first_error_in(value)
    if isinstance(errors, list) and errors:
        return first_error_in(errors[0])
    return str(errors)


def entry(gid: str, number: int, form, kind: str, check, value_of):
    """Store one live entry of the round screen (trump, bid or tricks).

    ``check`` checks the entry against the sheet; ``value_of`` gives the value
    to store from the form.
    """
    game = services.get_game(gid)
    if not form.validate():
        sheet = services.load_sheet(game)
        round_or_404(sheet, number)
        return render_round(game, sheet, number, first_error(form), 422)

    def build(sheet: Sheet) -> dict:
        check(sheet)
        return {"round": number, "seat": form.data.get("seat"), "value": value_of(form)}

    try:
        sheet = services.record(game, kind, build, author())
    except SheetError as error:
        sheet = services.load_sheet(game)
        round_or_404(sheet, number)
        return render_round(game, sheet, number, str(error), 422)
    if is_htmx():
        return render_round(game, sheet, number)
    return redirect(url_for("play.round_page", gid=gid, number=number))


@bp.get("/")
def game_home(gid: str):
    """The current round, or the standings once the game is over."""
    game = services.get_game(gid)
    sheet = services.load_sheet(game)
    if sheet.current is None:
        return redirect(url_for("play.standings", gid=gid))
    return redirect(url_for("play.round_page", gid=gid, number=sheet.current.number))


@bp.get("/round/<int:number>")
def round_page(gid: str, number: int):
    game = services.get_game(gid)
    return render_round(game, services.load_sheet(game), number)


@bp.get("/round/<int:number>/entry")
def entry_panel(gid: str, number: int):
    """The entry panel again, for phones that watch the same game.

    Each open round screen asks every few seconds with the version it shows;
    the answer is 204 (nothing to swap) while nothing has changed, and a move
    to the current round once this one is closed.
    """
    game = services.get_game(gid)
    sheet = services.load_sheet(game)
    rnd = round_or_404(sheet, number)
    if request.args.get("since", type=int) == sheet.version:
        return vary(make_response("", 204))
    if rnd is not sheet.current:
        return go_to(url_for("play.game_home", gid=gid))
    return render_round(game, sheet, number)


@bp.post("/round/<int:number>/trump")
def trump(gid: str, number: int):
    form = TrumpForm()
    return entry(
        gid, number, form, "trump",
        lambda sheet: sheet.check_trump(number, trump_from_form(form.trump.data)),
        lambda form: trump_from_form(form.trump.data),
    )


@bp.post("/round/<int:number>/bid")
def bid(gid: str, number: int):
    form = BidForm()
    return entry(
        gid, number, form, "bid",
        lambda sheet: sheet.check_bid(number, form.seat.data, form.bid.data),
        lambda form: form.bid.data,
    )


@bp.post("/round/<int:number>/tricks")
def tricks(gid: str, number: int):
    form = TricksForm()
    return entry(
        gid, number, form, "tricks",
        lambda sheet: sheet.check_tricks(number, form.seat.data, form.tricks.data),
        lambda form: form.tricks.data,
    )


def go_to(url: str):
    """Redirect a plain post; tell htmx to load the page instead of swapping."""
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return vary(response)
    return vary(redirect(url))


def closing(number: int):
    """The fields of a ``close`` change, once the sheet agrees the round can close."""

    def build(sheet: Sheet) -> dict:
        sheet.check_close(number)
        return {"round": number}

    return build


def fill_in_last_tricks(game: Game, number: int) -> None:
    """Store the tricks that the round screen filled in from the countdown for
    the one player still without them; they come with the Close tap.

    Nothing is stored when that player's tricks are in by now (another phone
    entered them): the close then checks the tricks as they are.

    :raise SheetError: when the form is malformed, or the tricks changed so
        that the filled-in number is no longer what the countdown leaves.
    """
    form = TricksForm()
    if not form.validate():
        raise SheetError(first_error(form))
    seat, taken = form.seat.data, form.tricks.data
    if seat in round_or_404(services.load_sheet(game), number).tricks:
        return

    def build(sheet: Sheet) -> dict:
        rnd = sheet.check_tricks(number, seat, taken)
        if [s for s in rnd.order if s not in rnd.tricks] != [seat] or taken != rnd.tricks_left:
            raise SheetError(_l("The tricks changed on another phone meanwhile. Check them and close again."))
        return {"round": number, "seat": seat, "value": taken}

    services.record(game, "tricks", build, author())


@bp.post("/round/<int:number>/close")
def close(gid: str, number: int):
    """Close the round: it is scored and the next dealer's round begins.

    With ``seat`` and ``tricks`` in the form, the last player's tricks as the
    countdown filled them in are stored first (:func:`fill_in_last_tricks`).
    """
    game = services.get_game(gid)
    form = CloseForm()
    if not form.validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    try:
        if "seat" in request.form:
            fill_in_last_tricks(game, number)
        sheet = services.record(game, "close", closing(number), author())
    except SheetError as error:
        sheet = services.load_sheet(game)
        round_or_404(sheet, number)
        return render_round(game, sheet, number, str(error), 422)
    if sheet.current is None:
        return go_to(url_for("play.standings", gid=gid))
    return go_to(url_for("play.round_page", gid=gid, number=sheet.current.number))


@bp.post("/undo")
def undo(gid: str):
    """Take back the latest entry; back to the round it touched."""
    game = services.get_game(gid)
    form = CloseForm()
    if not form.validate():  # pragma: no cover
        abort(400)
    before = services.load_sheet(game).last_entry
    try:
        sheet = services.undo_last(game, author=author())
    except SheetError as error:
        sheet = services.load_sheet(game)
        number = sheet.current.number if sheet.current else len(sheet.rounds)
        return render_round(game, sheet, number, str(error), 422)
    number = before.round if before and before.round else (sheet.current or sheet.rounds[-1]).number
    return go_to(url_for("play.round_page", gid=gid, number=number))


@bp.route("/round/<int:number>/edit", methods=["GET", "POST"])
def edit_round(gid: str, number: int):
    """Correct a closed round: its trump, bids and tricks, checked like live entry."""
    game = services.get_game(gid)
    sheet = services.load_sheet(game)
    rnd = round_or_404(sheet, number)
    if not rnd.closed:
        return redirect(url_for("play.round_page", gid=gid, number=number))
    form = CorrectionForm()
    if request.method == "GET":
        form.trump.data = trump_to_form(rnd.trump)
        for seat in rnd.order:
            form.seats.append_entry({"bid": rnd.bids[seat], "tricks": rnd.tricks[seat]})
    error = None
    if request.method == "POST":
        if len(form.seats.entries) != len(rnd.order):
            error = _("Enter a bid and the tricks for every player.")
        elif not form.validate():
            error = first_error(form)
        else:
            new_trump = trump_from_form(form.trump.data)
            bids = {seat: e.bid.data for seat, e in zip(rnd.order, form.seats.entries)}
            taken = {seat: e.tricks.data for seat, e in zip(rnd.order, form.seats.entries)}
            value = {
                "trump": new_trump,
                "bids": {str(s): b for s, b in bids.items()},
                "tricks": {str(s): t for s, t in taken.items()},
            }
            def build(sheet: Sheet) -> dict:
                sheet.check_correction(number, new_trump, bids, taken)
                return {"round": number, "value": value}

            try:
                services.record(game, "correct", build, author())
            except SheetError as refused:
                error = str(refused)
            else:
                return redirect(url_for("play.standings", gid=gid))
    status = 422 if error else 200
    return render_template(
        "play/edit.html", game=game, sheet=sheet, rnd=rnd, form=form, error=error
    ), status


@bp.get("/standings")
def standings(gid: str):
    game = services.get_game(gid)
    return render_template("play/standings.html", game=game, sheet=services.load_sheet(game))


def download(text: str, mimetype: str, filename: str) -> Response:
    response = make_response(text)
    response.headers["Content-Type"] = f"{mimetype}; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/export.csv")
def export_csv(gid: str):
    game = services.get_game(gid)
    sheet = services.load_sheet(game)
    return download(export.game_csv(game, sheet), "text/csv", export.filename(game, "csv"))


@bp.get("/export.json")
def export_json(gid: str):
    game = services.get_game(gid)
    sheet = services.load_sheet(game)
    return download(export.game_json(game, sheet), "application/json", export.filename(game, "json"))
