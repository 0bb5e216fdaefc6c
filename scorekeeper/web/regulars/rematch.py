"""Play again: the next game of a finished one, in a series, started after
one look at who sits where and who deals first."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_wtf import FlaskForm

from ...game.series import rematch_seats
from ...rules import RulesError
from ...storage import games as store
from ...storage import series
from .. import access
from ..wording.presets import rules_summary

bp = Blueprint("rematch", __name__, url_prefix="/g/<gid>")


@bp.route("/again", methods=["GET", "POST"])
def play_again(gid: str):
    """Show the next game (the players in their seats, the first dealer, the
    rules), then start it: same players and seats, same rules, the next first
    dealer. Rules that cannot deal to the table now open the set-up instead,
    filled in. A new game is nothing Undo takes back, so it is asked first."""
    game = access.game()
    sheet = store.load_sheet(game)
    if not sheet.is_finished:
        abort(409)
    if request.method != "POST":  # GET and HEAD only ask
        names, first_dealer = rematch_seats(sheet, game.first_dealer)
        return render_template("regulars/again.html", game=game, sheet=sheet, names=names,
                               first_dealer=names[first_dealer],
                               rules=rules_summary(game.preset, sheet.ruleset))
    if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    try:
        _game, scorer = series.rematch(game, access.device_id())
    except RulesError:
        return redirect(url_for("games.new_game", again=gid))
    return redirect(url_for("play.game_home", gid=scorer.token))
