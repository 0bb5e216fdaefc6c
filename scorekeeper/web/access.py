"""Who is asking, and what their link lets them do.

Every page of a game is reached through a link (``/g/<token>/...``). Before
each such request the link is opened (:func:`scorekeeper.storage.links.open_link`):
an unknown token is 404, a rotated one 410 with a page that says so. A
scorer link may do everything; a viewer link may only see the pages marked
:func:`viewer_may_see`, and any other request through it, above all every
write, is refused with 403 before the view runs, so nothing is stored. A
seat link (one player's own) sees what a viewer sees, and may also post to
the views marked :func:`seat_may_enter` for its own player (the posted
``player`` field): that player's bid and tricks. A viewer or seat link may
take a seat (:func:`seat_may_take`): "who are you?", only after the players' code.

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

from ..game import Sheet
from ..game.hidden import Looker, as_seen, looker_of
from ..storage import games as store
from ..storage.links import SEAT, Access, LinkReplaced, open_link
from ..storage.models import Game


def viewer_may_see(view: Callable) -> Callable:
    """Mark a read-only view as open to viewer links too."""
    view.viewer_may_see = True
    return view


def member_may_do(view: Callable) -> Callable:
    """Mark a club's view as open to a member's own link (its answers, its seat)."""
    view.member_may_do = True
    return view


def seat_may_enter(view: Callable) -> Callable:
    """Mark an entry of one player's own (its form's ``player``) as open to
    that player's seat link."""
    view.seat_may_enter = True
    return view


def seat_may_read(view: Callable) -> Callable:
    """Mark a read open to a player's own link as to a scorer's, not to a
    viewer link (what a phone keeps to enter without network)."""
    view.seat_may_read = True
    return view


def seat_may_take(view: Callable) -> Callable:
    """Mark the view where a phone says which player it is as open to viewer
    and seat links, for a phone that typed the players' code (:func:`may_choose_seat`)."""
    view.seat_may_take = True
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


def looker() -> Looker:
    """Who looks through this request's link, as the game domain hides bids from them."""
    return looker_of(g.access.role, g.access.player)


def seen(sheet: Sheet) -> Sheet:
    """The sheet as this request's link may see it: without the bids still
    hidden from it (:mod:`scorekeeper.game.hidden`). Every page, fragment,
    poll and export of a game is drawn from it."""
    return as_seen(sheet, looker())


def sheet() -> Sheet:
    """The game's sheet as this request's link may see it (:func:`seen`): what
    a view draws a page from. The whole sheet is the write path's alone."""
    return seen(store.load_sheet(game()))


#: Where the session keeps the games this phone typed the players' code of:
#: the viewer tokens it may say "who are you?" through, the newest last.
SEAT_CHOICES = "seat_choices"
#: How many such games one phone's session keeps.
SEAT_CHOICES_KEPT = 5


def may_choose_seat(token: str) -> None:
    """Let this phone say which player it is in the game of ``token`` (it
    typed the game's players' code): once, through that link."""
    kept = [t for t in session.get(SEAT_CHOICES, []) if t != token]
    session[SEAT_CHOICES] = [*kept, token][-SEAT_CHOICES_KEPT:]


def seat_chosen(token: str) -> None:
    """The phone has said who it is: the players' code is spent."""
    session[SEAT_CHOICES] = [t for t in session.get(SEAT_CHOICES, []) if t != token]


def refusal_of(found: Access, view: Callable | None) -> str | None:
    """The page that says why the link may not reach ``view``, or None when it may.

    Taking a seat is a write: only a phone that typed the players' code may,
    once, so a viewer link passed around gives nobody a player's rights."""
    if found.can_write or getattr(view, "viewer_may_see", False):
        return None
    if getattr(view, "seat_may_take", False):
        chosen = found.token in session.get(SEAT_CHOICES, [])
        return None if chosen else "access/no_seat_to_take.html"
    if found.role != SEAT:
        return "access/read_only.html"
    if getattr(view, "seat_may_read", False):
        return None
    if getattr(view, "seat_may_enter", False) and found.may_enter_for(
            request.form.get("player", type=int)):
        return None
    return "access/not_your_seat.html"


def open_request_link() -> object | None:
    """Before every request under ``/g/<token>``: open the link and check the
    right. A post is a write, which reads the game: it comes with the link."""
    token = (request.view_args or {}).get("gid")
    if token is None:
        return None
    try:
        g.access = open_link(token, with_game=request.method == "POST")
    except LinkReplaced:
        return make_response(render_template("access/replaced.html"), 410)
    refused = refusal_of(g.access, current_app.view_functions.get(request.endpoint))
    if refused is not None:
        return make_response(render_template(refused), 403)
    return None


def register_access(app: Flask) -> None:
    app.before_request(open_request_link)

    @app.context_processor
    def link_context():
        found = g.get("access")
        if found is None:
            return {}
        return {"gid": found.token, "can_write": found.can_write, "role": found.role,
                "own_player": found.player}
