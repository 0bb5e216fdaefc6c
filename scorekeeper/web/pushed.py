"""The entry panel that a round screen's stream sends, so that the other
phones at the table ask for nothing after a tap.

A round screen opens its stream with the round it shows
(``/g/<token>/events?since=<version>&round=<n>``). At each change the stream
sends the panel itself (an event ``panel``), as the phone would have been
answered had it asked (``GET .../round/<n>/entry``): drawn once per version
of the game, per link (its rights, its addresses) and per language for the
whole server (the stores of :mod:`scorekeeper.web.rendered`, which the tap's
own answer, drawn by the worker that stored it, fills already for the other
workers too), with the CSRF
mark replaced by the stream's own session's token. What the stream's link may
not see is never in it: the drawing is the link's own, under its token, and
it is drawn again only after the link was opened again (a link replaced since
ends the stream; the phone's next question is then answered 410). When the
round shown is no longer the open one, or a drawing fails, the stream says
``change`` and the phone asks, as before (js/live.js).

On PostgreSQL a stream hears a tap's version before the tapping worker has
drawn its answer. The tap's write therefore says that its panel follows
(:func:`drawn_for_streams`), and the worker tells it, drawn, to every app
server's watch; a stream of the same link waits for it
(:meth:`~scorekeeper.storage.watch.Watch.drawing`) instead of drawing the
panel again.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from flask.globals import request_ctx
from flask_wtf.csrf import generate_csrf

from ..storage.models import Game
from ..storage.watch import drawing_follows, tell_drawn
from . import access, live
from .responses import is_htmx
from .rendered import TOKEN_MARK, drawing_key, marked_pages, place
from .round_screen import PANEL, open_panel

log = logging.getLogger(__name__)


class PanelEvents:
    """What the stream of one round screen says at each version: the panel
    (``event: panel``), or ``change`` when it has none to send, or None when
    its link no longer opens (the stream ends). Made in the stream's own
    request; called from the stream, after that request has ended."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.slot = place(PANEL, number)
        self.key = drawing_key(self.slot)
        self.game_id = access.access().game_id
        self.watch = current_app.extensions["watch"]
        self.token = generate_csrf()
        self.pages = marked_pages()
        self.request = request_ctx.copy()  # the stream's request, to draw in later

    def __call__(self, version: int) -> str | None:
        html = self.pages.get(self.slot, version)
        if html is None:  # the tap's own drawing, from whichever server stored it
            html = self.watch.drawing(self.game_id, version, self.key)
            if html is not None:
                self.pages.local.keep(self.slot, version, html)
        if html is None:
            try:
                with self.request.copy():
                    if access.open_request_link() is not None:  # replaced since: no more
                        return None
                    html = open_panel(self.number)
            except Exception:  # noqa: BLE001  (the phone asks instead, and is told)
                log.exception("drawing a stream's panel failed")
                html = None
        if html is None:
            return live.change_event(version)
        # The mark is on one line of the event as of the drawing: the event is
        # made once per drawing, and each stream puts its own token in.
        return live.panel_event(html).replace(TOKEN_MARK, self.token)


@contextmanager
def drawn_for_streams(game: Game, number: int) -> Iterator[None]:
    """Around an htmx tap on round ``number``: its write announces that the
    tap's answer, the panel, follows, and once it is drawn it is told to
    every app server (:func:`scorekeeper.storage.watch.tell_drawn`), whose
    streams of the same link send it instead of drawing it again (PostgreSQL:
    there the version is heard before the tap has drawn its answer)."""
    if not is_htmx():
        yield
        return
    slot, before = place(PANEL, number), game.version
    with drawing_follows(drawing_key(slot)):
        yield
    if game.version != before:
        tell_drawn(game.id, game.version, drawing_key(slot),
                   marked_pages().get(slot, game.version))
