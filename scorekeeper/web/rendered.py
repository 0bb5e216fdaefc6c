"""What a game's screens draw once per version of the game, and keep.

The standings of a long game cost more to draw (the grid and the chart) than
anything else a phone asks for, and the entry panel is what every phone at a
table asks for again after each tap; both change only when the game does.
They are drawn for one version of the game, one link (its addresses are in
it), its rights and one language, and kept in this process: the app's store
of drawings (:func:`register_kept_pages`). What differs between two requests
is drawn for every request: the standings' forms and the series; in a kept
panel, the CSRF token is swapped for the asking session's own. The check is
the game's version, read with the link on every request, so a kept drawing
is never older than the game: another server's write raises the version and
it is drawn again. A phone's poll that finds the game changed is answered
from a kept panel of the version read with the link without loading the
game (:func:`kept_panel`).

The drawings whose forms carry the token's mark (the entry panel) are also
kept in the store the server's workers share (:class:`MarkedPages`, on the
file of the ``SHARED_PAGES`` setting): after a tap, the worker that stored it
draws the panel for its answer, and the streams and phones that another
worker serves find it there instead of drawing it again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, render_template
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ..kept import Kept, SharedKept
from ..storage.models import Game
from . import access

#: What stands for the CSRF token in a kept drawing.
TOKEN_MARK = "\x00csrf\x00"


class MarkedPages:
    """The drawings with the token's mark in its place: kept in this process
    (``local``) and, where the server has one, in the store its workers
    share (``shared``), by :func:`place` and the game's version."""

    def __init__(self, local: Kept[tuple, Any], shared: SharedKept | None) -> None:
        self.local = local
        self.shared = shared

    def get(self, slot: tuple, version: int) -> str | None:
        """The drawing of ``slot`` at ``version``, from this process or the shared store."""
        found = self.local.get(slot, version)
        if found is None and self.shared is not None:
            found = self.shared.get(shared_slot(slot), version)
            if found is not None:
                self.local.keep(slot, version, found)
        return found

    def get_or_make(self, slot: tuple, version: int, draw: Callable[[], str]) -> str:
        """The drawing of ``slot`` at ``version``; else ``draw()``, kept in both stores."""
        found = self.get(slot, version)
        if found is None:
            found = draw()
            self.local.keep(slot, version, found)
            if self.shared is not None:
                self.shared.keep(shared_slot(slot), version, found)
        return found


def shared_slot(slot: tuple) -> str:
    """A :func:`place` as the shared store's key."""
    return "\x1f".join(map(str, slot))


def drawing_key(slot: tuple) -> str:
    """A :func:`place` as a short key without spaces, told between app
    servers (:func:`scorekeeper.storage.watch.drawing_follows`)."""
    return hashlib.sha256(shared_slot(slot).encode()).hexdigest()[:24]


def register_kept_pages(app: Flask) -> None:
    """Make the app's store of drawings: at most ``KEPT_PAGES`` of them (a
    setting), each under its :func:`place`, given only for the game's
    version it was drawn at (drawn again, and kept instead, for another);
    and the marked ones' :class:`MarkedPages`, shared on the file of the
    ``SHARED_PAGES`` setting (none when it is empty); and the Share pages'
    QR codes, at most ``KEPT_QR_CODES`` of them."""
    local = Kept(app.config["KEPT_PAGES"])
    path = app.config["SHARED_PAGES"]
    shared = SharedKept(path, app.config["KEPT_PAGES"]) if path else None
    app.extensions["scorekeeper.pages"] = local
    app.extensions["scorekeeper.marked_pages"] = MarkedPages(local, shared)
    app.extensions["scorekeeper.qr_codes"] = Kept(app.config["KEPT_QR_CODES"])


def pages() -> Kept[tuple, Any]:
    """This app's drawings."""
    return current_app.extensions["scorekeeper.pages"]


def qr_codes() -> Kept[str, str]:
    """This app's QR codes, as SVG, each under its address (a pure function of
    it: any check will do, :func:`scorekeeper.web.public.qr_svg` gives none)."""
    return current_app.extensions["scorekeeper.qr_codes"]


def marked_pages() -> MarkedPages:
    """This app's drawings with the token's mark (see :class:`MarkedPages`)."""
    return current_app.extensions["scorekeeper.marked_pages"]


def place(name: str, *key: Any) -> tuple:
    """Where a drawing of this link's game is kept: for its rights and language too."""
    link = access.access()
    return (name, link.game_id, link.token, link.role, str(get_locale()), *key)


def kept(name: str, game: Game, draw: Callable[[], Any], *key: Any) -> Any:
    """``draw()`` for this version of ``game``, this link, its rights and
    language (and ``key``), drawn once and kept."""
    return pages().get_or_make(place(name, *key), game.version, draw)


def kept_marked(name: str, game: Game, draw: Callable[[], str], *key: Any) -> str:
    """As :func:`kept`, for HTML whose forms carry the CSRF token: kept, and
    given, with :data:`TOKEN_MARK` in its place (the drawing is the same for
    every session of the link)."""
    token = generate_csrf()
    return marked_pages().get_or_make(place(name, *key), game.version,
                                      lambda: draw().replace(token, TOKEN_MARK))


def kept_with_token(name: str, game: Game, draw: Callable[[], str], *key: Any) -> str:
    """As :func:`kept_marked`, served with the asking session's token."""
    return kept_marked(name, game, draw, *key).replace(TOKEN_MARK, generate_csrf())


def kept_panel(name: str, *key: Any) -> str | None:
    """The drawing :func:`kept_with_token` keeps, if there is one of the
    game's version read with the link (nothing else is loaded), with this
    session's token; else None."""
    found = marked_pages().get(place(name, *key), access.access().version)
    return None if found is None else found.replace(TOKEN_MARK, generate_csrf())


def kept_parts(name: str, game: Game, partials: dict[str, str], **context: Any) -> dict[str, Markup]:
    """Each of the ``partials`` (a part's name and its template) drawn with
    ``context`` for this version of ``game``, drawn once and kept; by the
    part's name, for the page ``name`` to put in its place."""
    return kept(name, game, lambda: {
        part: Markup(render_template(template, game=game, **context))
        for part, template in partials.items()})
