"""The device's regular players: offered at set-up, renamed and merged on the
Players page."""

from __future__ import annotations

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ...game import MAX_PLAYERS_TWO_DECKS, GameError
from ...game.roster import as_regular
from ...game.series import name_key
from ...storage import roster
from .. import access
from ..fields import without_control_characters
from .stats import overview

bp = Blueprint("roster", __name__, url_prefix="/players")

#: The longest name a game stores.
NAME_LENGTH = 40

__all__ = ["as_regulars", "name_key", "roster_offer", "seat_regular", "twice_named", "bp"]


def roster_offer(form) -> list:
    """The regulars the set-up offers: those not seated yet, most games first."""
    seated = {name_key(name) for name in form.names()}
    return [r for r in roster.device_regulars(access.device_id())
            if name_key(r.name) not in seated]


def seat_regular(form, name: str) -> None:
    """Seat a regular in the next empty seat (a new one when all are taken)."""
    name = " ".join((without_control_characters(name) or "").split())[:NAME_LENGTH]
    if not name or name_key(name) in {name_key(n) for n in form.names()}:
        return
    for field in form.players:
        if not (field.data or "").strip():
            field.data = name
            return
    if len(form.players) < MAX_PLAYERS_TWO_DECKS:
        form.players.append_entry(name)


def as_regulars(names: list[str]) -> list[str]:
    """Typed names as the regulars they match (case, accents and renames aside)."""
    device = access.device_id()
    known, aliases = roster.device_regulars(device), roster.aliases(device)
    return [as_regular(name, known, aliases) for name in names]


def twice_named(names: list[str]) -> int | None:
    """The index of the first name that a seat before it already has, or None."""
    seen = set()
    for index, name in enumerate(names):
        if name_key(name) in seen:
            return index
        seen.add(name_key(name))
    return None


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
