"""The device's regular players on the Players page: renamed and merged (the
set-up offers them: :mod:`scorekeeper.web.games.regulars`)."""

from __future__ import annotations

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ...game import GameError
from ...game.series import name_key
from ...storage import roster
from .. import access
from ..fields import without_control_characters
from .stats import overview

bp = Blueprint("roster", __name__, url_prefix="/players")

#: The longest name a game stores.
NAME_LENGTH = 40


@bp.get("")
def players():
    """The Players page: the device's regulars, most games first, with their
    renames and merges (and the undo of the latest)."""
    return players_page()


def players_page(error: str | None = None, typed: tuple[str, str] = ("", ""), status: int = 200,
                 notice: str | None = None):
    device = access.device_id()
    html = render_template("regulars/players.html", regulars=roster.device_regulars(device),
                           changes=roster.roster_changes(device), in_force=roster.in_force(device),
                           error=error, typed=typed, notice=notice,
                           extra=overview(device))
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
    known = {name_key(r.name): r.name for r in roster.device_regulars(device)}
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
        roster.rename(device, "merge" if merge else "rename", known[name_key(old)], target)
    except GameError:  # same-name: one of the games has both
        return players_page(_("%(name)s, %(other)s: both names are in one game, so they are "
                              "two players and cannot be merged.", name=known[name_key(old)],
                              other=target), (old, new), 422)
    return redirect(url_for("roster.players"))


@bp.post("/undo")
def undo():
    """Take back the latest rename or merge still in force."""
    if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    roster.undo(access.device_id())
    return redirect(url_for("roster.players"))
