"""Who is asking, and what their link lets them do.

Every page of a game is reached through a link (``/g/<token>/...``). Before
each such request the link is opened (:func:`scorekeeper.storage.links.open_link`):
an unknown token is 404, a rotated one 410 with a page that says so. A
scorer link may do everything; a viewer link may only see the pages marked
:func:`viewer_may_see`, and any other request through it, above all every
write, is refused with 403 before the view runs, so nothing is stored.

A device is known by a random id kept in Flask's signed session cookie (long
lived, ``SameSite=Lax``): no account and no password. The cookie is sent
again when the session changes, and at least once a month to a device that
uses its games (:func:`device_id`), not with every poll.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import date

from flask import Flask, current_app, g, make_response, render_template, request, session

from ..storage.links import Access, LinkReplaced, open_link
from ..storage.models import Game

def viewer_may_see(view: Callable) -> Callable:
    """Mark a read-only view as open to viewer links too."""
    view.viewer_may_see = True
    return view


def device_id() -> str:
    """This device's id, made the first time it is needed."""
    device = session.get("device")
    if not isinstance(device, str) or len(device) > 32:
        device = secrets.token_urlsafe(16)
        session["device"] = device
        session.permanent = True
    month = date.today().strftime("%Y-%m")
    if session.get("renewed") != month:  # the cookie's two years start again
        session["renewed"] = month
    return device


def access() -> Access:
    """The game and rights of the link this request came through."""
    return g.access


def game() -> Game:
    return g.access.game


def open_request_link() -> object | None:
    """Before every request under ``/g/<token>``: open the link and check the right."""
    token = (request.view_args or {}).get("gid")
    if token is None:
        return None
    try:
        g.access = open_link(token)
    except LinkReplaced:
        return make_response(render_template("access/replaced.html"), 410)
    view = current_app.view_functions.get(request.endpoint)
    if not g.access.can_write and not getattr(view, "viewer_may_see", False):
        return make_response(render_template("access/read_only.html"), 403)
    return None


def register_access(app: Flask) -> None:
    app.before_request(open_request_link)

    @app.context_processor
    def link_context():
        found = g.get("access")
        if found is None:
            return {}
        return {"gid": found.token, "can_write": found.can_write, "role": found.role}
