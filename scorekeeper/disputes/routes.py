"""Recording a round's hand, its verdict, and hand records in and out.

Views only parse the request, call :mod:`scorekeeper.hands` and render. Each
tap answers an htmx request with the ``_recorder.html`` partial (the only part
of the page a card changes) and a plain post with a redirect; a refused entry
gets 422 (409 when the hand changed under the phone) and the reason in place.
"""

from __future__ import annotations

import functools
import json

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import force_locale
from flask_babel import gettext as _

from .. import hands, services
from ..hands import PICKER_CARDS, HandError, RecordRefused
from ..models import Game
from ..rules import parse_card
from ..templating import card_label, current_lang
from ..play.routes import author, first_error, go_to, is_htmx, vary
from ..sheet import SheetError
from .forms import AtForm, CardForm, DealForm, ImportForm

bp = Blueprint("disputes", __name__, url_prefix="/g/<gid>/round/<int:number>/hand")


def load(gid: str, number: int) -> tuple[Game, hands.Hand]:
    """The game and the round's recorded hand.

    :raise 404: when there is no such game or round.
    :raise HandError: when the round's hand cannot be recorded yet.
    """
    game = services.get_game(gid)
    try:
        return game, hands.load_hand(game, number)
    except SheetError:
        abort(404)


def dealing_seat(hand: hands.Hand) -> int | None:
    """The player whose dealt hand is being entered (``?deal=<id>``), if any."""
    seat = request.values.get("deal", type=int)
    return seat if seat in hand.players else None


def render_hand(game: Game, hand: hands.Hand, error: str | None = None, status: int = 200,
                deal_seat: int | None = None):
    """The hand page, or only its recorder for htmx."""
    template = "disputes/_recorder.html" if is_htmx() else "disputes/hand.html"
    html = render_template(template, game=game, hand=hand, sheet=hand.sheet, rnd=hand.rnd,
                           error=error, deal_seat=deal_seat, card=parse_card,
                           labels=card_labels(current_lang()))
    return vary(make_response(html, status))


@functools.cache
def card_labels(lang: str) -> dict[str, str]:
    """Every card's label in ``lang`` by its text ("QH": "D♥" in Polish), made
    once per language: the picker shows 52 of them on every tap."""
    with force_locale(lang):
        return {str(card): card_label(str(card)) for row in PICKER_CARDS for card in row}


def page_url(gid: str, number: int, **args) -> str:
    return url_for("disputes.hand_page", gid=gid, number=number, **args)


def tap(gid: str, number: int, form, write, deal_seat: int | None = None):
    """Store one tap (``write(game, hand)`` returns the new hand); answer as
    the request wants: the recorder for htmx, a redirect for a plain post."""
    game, hand = load_or_refuse(gid, number)
    if hand is None:
        return game
    if not form.validate():
        return render_hand(game, hand, first_error(form), 422, deal_seat)
    was_complete = hand.is_complete
    try:
        hand = write(game, hand)
    except HandError as refused:
        game, hand = load(gid, number)
        return render_hand(game, hand, str(refused), refused.status, deal_seat)
    if not is_htmx():
        return redirect(page_url(gid, number, deal=deal_seat) if deal_seat is not None
                        else page_url(gid, number))
    if hand.is_complete != was_complete:
        # The verdict appears or goes: the page around the recorder changes. The
        # address names the state, so the browser loads it even when only the
        # "#verdict" would differ from where it is.
        url = page_url(gid, number, at=hand.played)
        return go_to(url + "#verdict" if hand.is_complete else url)
    return render_hand(game, hand, deal_seat=deal_seat)


def load_or_refuse(gid: str, number: int):
    """(game, hand), or (a refusal response, None) when the round cannot be recorded."""
    try:
        return load(gid, number)
    except HandError as refused:
        game = services.get_game(gid)
        html = render_template("disputes/blocked.html", game=game, number=number,
                               error=str(refused))
        return vary(make_response(html, refused.status)), None


@bp.get("/")
def hand_page(gid: str, number: int):
    """Record the hand: the card picker, the trick so far, and the verdict."""
    game, hand = load_or_refuse(gid, number)
    if hand is None:
        return game
    return render_hand(game, hand, deal_seat=dealing_seat(hand))


@bp.post("/card")
def card(gid: str, number: int):
    """Record the next card for the player whose turn it is (legal or not)."""
    form = CardForm()
    return tap(gid, number, form, lambda game, hand: hands.play_card(
        game, number, form.card.data, form.at.data, author(), hand))


@bp.post("/undo")
def undo(gid: str, number: int):
    """Take back the latest card or hand entry."""
    form = AtForm()
    return tap(gid, number, form,
               lambda game, hand: hands.undo(game, number, form.at.data, author(), hand))


@bp.post("/deal")
def deal(gid: str, number: int):
    """Put a card into a player's dealt hand, or take it out again."""
    form = DealForm()
    return tap(gid, number, form, lambda game, hand: hands.toggle_dealt(
        game, number, form.seat.data, form.card.data, author(), hand), form.seat.data)


@bp.post("/restart")
def restart(gid: str, number: int):
    """Start the hand over; what was recorded stays in the stored events."""
    form = AtForm()
    game, hand = load_or_refuse(gid, number)
    if hand is None:
        return game
    if not form.validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    try:
        hands.restart(game, number, author())
    except HandError as refused:
        return render_hand(game, hand, str(refused), refused.status)
    return go_to(page_url(gid, number))


@bp.post("/apply")
def apply(gid: str, number: int):
    """Write the replayed tricks into the round, kept in the game's history."""
    form = AtForm()
    game, hand = load_or_refuse(gid, number)
    if hand is None:
        return game
    if not form.validate():  # pragma: no cover
        abort(400)
    try:
        sheet = hands.apply_replay(game, number, author())
    except (HandError, SheetError) as refused:
        return render_hand(game, hand, str(refused), getattr(refused, "status", 422))
    rnd = sheet.round(number)
    if rnd.closed:
        return go_to(url_for("play.standings", gid=gid))
    return go_to(url_for("play.round_page", gid=gid, number=number))


@bp.get("/record.json")
def export(gid: str, number: int):
    """The recorded hand as a HAND_RECORD.md file."""
    game, hand = load_or_refuse(gid, number)
    if hand is None:
        return game
    if not hand.played:
        abort(404)
    response = make_response(json.dumps(hand.to_record(), ensure_ascii=False, indent=2) + "\n")
    response.headers["Content-Type"] = "application/json; charset=utf-8"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="hand-{game.public_id[:8]}-round-{number}.json"'
    )
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_record(gid: str, number: int):
    """Replace the round's hand with a hand record (file upload or pasted text)."""
    game, hand = load_or_refuse(gid, number)
    if hand is None:
        return game
    form = ImportForm()
    problems: list[hands.ImportProblem] = []
    if request.method == "POST":
        if not form.validate():
            problems = [hands.ImportProblem("record", first_error(form))]
        else:
            try:
                text = form.record_text()
            except UnicodeDecodeError:
                problems = [hands.ImportProblem("record", _("The file is not UTF-8 text."))]
            else:
                try:
                    hands.import_record(game, number, text, author())
                except RecordRefused as refused:
                    problems = refused.problems
                    if not form.text.data:
                        form.text.data = text  # keep what was sent, to fix it in place
                except HandError as refused:
                    problems = [hands.ImportProblem("record", str(refused))]
                else:
                    return go_to(page_url(gid, number))
    status = 422 if problems else 200
    html = render_template("disputes/import.html", game=game, hand=hand, sheet=hand.sheet,
                           rnd=hand.rnd, form=form, problems=problems)
    return vary(make_response(html, status))
