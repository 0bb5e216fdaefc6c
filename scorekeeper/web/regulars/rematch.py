"""Play again: one tap starts the next game of a finished one, in a series."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, url_for
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict

from ...game.series import rematch_seats
from ...rules import RulesError, UnknownPreset, find_preset
from ...storage import games as store
from ...storage import links, series
from .. import access
from ..games.adjust import form_entries

bp = Blueprint("rematch", __name__, url_prefix="/g/<gid>")


@bp.post("/again")
def play_again(gid: str):
    """Start the next game: same players and seats, same rules, the next first
    dealer. Rules that cannot deal to the table now open the set-up instead,
    filled in."""
    if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    game = access.game()
    if not store.load_sheet(game).is_finished:
        abort(409)
    try:
        _game, scorer = series.rematch(game, access.device_id())
    except RulesError:
        return redirect(url_for("games.new_game", again=gid))
    return redirect(url_for("play.game_home", gid=scorer.token))


def prefill(form, token: str) -> None:
    """The set-up form filled in for the next game of the game behind
    ``token`` (a link of it): its players in their seats, its preset, its
    variant and every adjustment as the game had them (so that the form sent
    unchanged starts the game Play again would), the next first dealer. An
    unknown or replaced link fills in nothing."""
    try:
        game = links.open_link(token).game
    except LookupError:  # GameNotFound, LinkReplaced
        return
    names, first_dealer = rematch_seats(store.load_sheet(game), game.first_dealer)
    entered = {f"players-{seat}": name for seat, name in enumerate(names)}
    entered.update(preset=game.preset, first_dealer=str(first_dealer), again=token)
    try:
        adjustments = form_entries(find_preset(game.preset), store.ruleset_of(game),
                                   len(names))
    except UnknownPreset:  # a preset this version no longer has
        adjustments = None
    for name, value in (adjustments or {}).items():
        entered[name] = "" if value is None else str(value)
    form.process(MultiDict(entered))
