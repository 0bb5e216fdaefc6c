"""Recording a round's hand, its verdict, and hand records in and out.

Views only parse the request, let the storage layer check and store the tap
with the game domain (:mod:`scorekeeper.game.hand_entries`), and render. Each
tap answers an htmx request with the ``_recorder.html`` partial (the only part
of the page a card changes) and a plain post with a redirect; a refused entry
gets 422 (409 when the hand changed under the phone) and the reason in place.
A round whose hand cannot be recorded yet answers with a page that says why.
"""

from __future__ import annotations

import functools
import json

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import force_locale
from flask_babel import gettext as _

from ...game import Conflict, GameError, Hand, HandNotReady, NoSuchRound
from ...game import RecordRefused, hand_entries
from ...game.hand import PICKER_CARDS
from ...game.hand_records import decode_record, hand_record, import_events
from ...game.penalties import penalty_choices, penalty_offers
from ...rules import parse_card
from ...storage import hands as hand_store
from ...storage.models import Game
from ..language import current_lang
from .. import access
from ..responses import author, download, form_error, go_to, is_htmx, refusal, vary
from ..undo import say_stored
from ..wording.cards import card_label
from ..wording.hands import flag_text, penalty_reason, problem_text, rule_name, source_name
from ..wording.ruleset import penalty_text
from .forms import AtForm, CardForm, DealForm, ImportForm, PenaltyForm

bp = Blueprint("disputes", __name__, url_prefix="/g/<gid>/round/<int:number>/hand")


@bp.context_processor
def wording():
    return {"flag_text": flag_text, "rule_name": rule_name, "penalty_offers": penalty_offers,
            "source_name": source_name, "penalty_text": penalty_text}


@bp.errorhandler(HandNotReady)
def not_ready(error: HandNotReady):
    """The round's hand cannot be recorded yet: say why."""
    game = access.game()
    html = render_template("disputes/blocked.html", game=game,
                           number=request.view_args["number"], error=refusal(error))
    return vary(make_response(html, 422))


def load(gid: str, number: int) -> tuple[Game, Hand]:
    """The game and the round's recorded hand.

    :raise 404: when there is no such game or round.
    :raise HandNotReady: when the round's hand cannot be recorded yet.
    """
    game = access.game()
    try:
        return game, hand_store.load_hand(game, number)
    except NoSuchRound:
        abort(404)


def status_of(error: GameError) -> int:
    """409 when the hand changed under the phone, else 422."""
    return 409 if isinstance(error, Conflict) else 422


def dealing_player(hand: Hand) -> int | None:
    """The player whose dealt hand is being entered (``?deal=<id>``), if any."""
    player = request.values.get("deal", type=int)
    return player if player in hand.players else None


def render_hand(game: Game, hand: Hand, error: str | None = None, status: int = 200,
                deal_player: int | None = None):
    """The hand page, or only its recorder for htmx."""
    template = "disputes/_recorder.html" if is_htmx() else "disputes/hand.html"
    html = render_template(template, game=game, hand=hand, sheet=hand.sheet, rnd=hand.rnd,
                           error=error, deal_player=deal_player, card=parse_card,
                           labels=card_labels(current_lang()))
    return vary(make_response(html, status))


# A functools cache, not a store (scorekeeper/kept.py): pure, one entry a
# language (bounded), nothing to invalidate.
@functools.cache
def card_labels(lang: str) -> dict[str, str]:
    """Every card's label in ``lang`` by its text ("QH": "D♥" in Polish), made
    once per language: the picker shows 52 of them on every tap."""
    with force_locale(lang):
        return {str(card): card_label(str(card)) for row in PICKER_CARDS for card in row}


def page_url(gid: str, number: int, **args) -> str:
    return url_for("disputes.hand_page", gid=gid, number=number, **args)


def tap(gid: str, number: int, form, build, *args, deal_player: int | None = None):
    """Store one tap, ``build(hand, *args(form))`` (a function of
    :mod:`scorekeeper.game.hand_entries`); answer as the request wants: the
    recorder for htmx, a redirect for a plain post."""
    game, hand = load(gid, number)
    if not form.validate():
        return render_hand(game, hand, form_error(form), 422, deal_player)
    was_complete = hand.is_complete
    try:
        values = [arg(form) for arg in args]
        hand = hand_store.record_hand(game, number, build, *values, author=author(), hand=hand)
    except GameError as refused:
        game, hand = load(gid, number)
        return render_hand(game, hand, refusal(refused), status_of(refused), deal_player)
    if not is_htmx():
        return redirect(page_url(gid, number, deal=deal_player) if deal_player is not None
                        else page_url(gid, number))
    if hand.is_complete != was_complete:
        # The verdict appears or goes: the page around the recorder changes. The
        # address names the state, so the browser loads it even when only the
        # "#verdict" would differ from where it is.
        url = page_url(gid, number, at=hand.played)
        return go_to(url + "#verdict" if hand.is_complete else url)
    return render_hand(game, hand, deal_player=deal_player)


def card_of(form) -> object:
    return hand_entries.read_card(form.card.data)


@bp.get("/")
def hand_page(gid: str, number: int):
    """Record the hand: the card picker, the trick so far, and the verdict."""
    game, hand = load(gid, number)
    return render_hand(game, hand, deal_player=dealing_player(hand))


@bp.post("/card")
def card(gid: str, number: int):
    """Record the next card for the player whose turn it is (legal or not)."""
    return tap(gid, number, CardForm(), hand_entries.card, card_of, lambda form: form.at.data)


@bp.post("/undo")
def undo(gid: str, number: int):
    """Take back the latest card or hand entry."""
    return tap(gid, number, AtForm(), hand_entries.undo, lambda form: form.at.data)


@bp.post("/deal")
def deal(gid: str, number: int):
    """Put a card into a player's dealt hand, or take it out again."""
    form = DealForm()
    return tap(gid, number, form, hand_entries.toggle_dealt, lambda form: form.player.data,
               card_of, deal_player=form.player.data)


@bp.post("/restart")
def restart(gid: str, number: int):
    """Start the hand over; what was recorded stays in the stored events."""
    game, hand = load(gid, number)
    if not AtForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    try:
        hand_store.record_hand(game, number, hand_entries.restart, author=author())
    except GameError as refused:
        return render_hand(game, hand, refusal(refused), status_of(refused))
    return go_to(page_url(gid, number))


@bp.post("/apply")
def apply(gid: str, number: int):
    """Write the replayed tricks into the round, kept in the game's history;
    the verdict then says what changed, beside the penalties it offers."""
    game, hand = load(gid, number)
    if not AtForm().validate():  # pragma: no cover
        abort(400)
    try:
        hand_store.apply_replay(game, number, author())
    except GameError as refused:
        return render_hand(game, hand, refusal(refused), status_of(refused))
    say_stored(game, since=hand.sheet.version)
    return go_to(page_url(gid, number) + "#verdict")


@bp.post("/penalty")
def penalty(gid: str, number: int):
    """Apply a penalty for a proven revoke: adjustments kept in the history."""
    game, hand = load(gid, number)
    form = PenaltyForm()
    if not form.validate():
        return render_hand(game, hand, form_error(form), 422)
    choices = penalty_choices(hand)
    if not 0 <= form.choice.data < len(choices):
        return render_hand(game, hand, _("Choose one of the penalties offered."), 422)
    penalty_rule, source = choices[form.choice.data]
    reason = penalty_reason(number, form.trick.data, penalty_rule, source)
    try:
        hand_store.apply_penalty(game, number, form.trick.data, form.choice.data, reason,
                                 author(), harmed=form.harmed.data)
    except GameError as refused:
        return render_hand(game, hand, refusal(refused), status_of(refused))
    return go_to(page_url(gid, number) + "#verdict")


@bp.get("/record.json")
def export(gid: str, number: int):
    """The recorded hand as a hand record (docs/hand-record.md)."""
    game, hand = load(gid, number)
    if not hand.played:
        abort(404)
    return download(json.dumps(hand_record(hand), ensure_ascii=False, indent=2) + "\n",
                    "application/json", f"hand-{game.public_id[:8]}-round-{number}.json")


@bp.route("/import", methods=["GET", "POST"])
def import_record(gid: str, number: int):
    """Replace the round's hand with a hand record (file upload or pasted text)."""
    game, hand = load(gid, number)
    form = ImportForm()
    problems: list[dict[str, str]] = []
    if request.method == "POST":
        if not form.validate():
            problems = [{"field": "record", "reason": form_error(form)}]
        else:
            try:
                text = form.record_text()
            except UnicodeDecodeError:
                problems = [{"field": "record", "reason": _("The file is not UTF-8 text.")}]
            else:
                try:
                    hand_store.record_hand(game, number, import_events, decode_record(text),
                                           author=author())
                except RecordRefused as refused:
                    problems = [{"field": p.field, "reason": problem_text(p)}
                                for p in refused.problems]
                    if not form.text.data:
                        form.text.data = text  # keep what was sent, to fix it in place
                except GameError as refused:
                    problems = [{"field": "record", "reason": refusal(refused)}]
                else:
                    return go_to(page_url(gid, number))
    status = 422 if problems else 200
    html = render_template("disputes/import.html", game=game, hand=hand, sheet=hand.sheet,
                           rnd=hand.rnd, form=form, problems=problems)
    return vary(make_response(html, status))
