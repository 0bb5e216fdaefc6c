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
"""

from __future__ import annotations

import logging

from flask.globals import request_ctx
from flask_wtf.csrf import generate_csrf

from . import access, live
from .rendered import TOKEN_MARK, marked_pages, place
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
        self.token = generate_csrf()
        self.pages = marked_pages()
        self.request = request_ctx.copy()  # the stream's request, to draw in later

    def __call__(self, version: int) -> str | None:
        html = self.pages.get(self.slot, version)
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
        return live.panel_event(html.replace(TOKEN_MARK, self.token))
