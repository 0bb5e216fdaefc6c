"""The live connection of an open game screen: Server-Sent Events.

An open round screen or table view keeps one stream (htmx's SSE extension,
``sse-connect``, js/live.js). The stream sends an event ``change`` with the
game's version whenever it moves (:mod:`scorekeeper.storage.watch` hears it,
from any worker or app server); the screen then asks for its panel as it did
when it polled (``?since=`` its version: what it may see through its link is
drawn by the same view as before). A round screen's stream sends its entry
panel itself instead (an event ``panel``, :mod:`scorekeeper.web.pushed`), so
that its phone need not ask. It starts with the version its page was drawn
at (``since``): a change made while the page loaded, or while the stream was
broken, is sent at once.

A stream holds no database connection while it waits. An event ``alive``
every :data:`HEARTBEAT_SECONDS` finds a phone that has gone (its write fails
and the stream ends), keeps proxies from closing a quiet connection, and
tells the phone that its stream still works (js/live.js asks by itself
again when it hears nothing for longer). A stream ends after the app's
``LIVE_STREAM_SECONDS`` (ten minutes): the browser opens it again a second
later (``retry``), so that no connection outlives a server's restart or a
proxy's patience for long, and the tests' clients, which read to the end,
get an end. It is served
by gunicorn's gevent worker (gunicorn.conf.py), where a stream costs a
greenlet, not a worker.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

from flask import Response, current_app

from ..storage.watch import Subscription
from . import monitoring

#: A comment this often on a quiet stream.
HEARTBEAT_SECONDS = 20.0
#: How soon the browser opens a stream again that the server ended.
RETRY_MS = 1000


def change_event(version: int) -> str:
    """The event that tells a screen the game is at ``version``."""
    return f"event: change\ndata: {version}\n\n"


def panel_event(html: str) -> str:
    """The event that carries a screen's panel: one ``data`` line per line,
    split where an EventSource splits (CR LF, LF or CR; it joins them with LF,
    as an HTML parser reads a CR anyway)."""
    lines = html.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "event: panel\n" + "".join(f"data: {line}\n" for line in lines) + "\n"


def events(subscription: Subscription, since: int | None, seconds: float,
           closed: Callable[[], None],
           tell: Callable[[int], str | None] = change_event) -> Iterator[str]:
    """The stream's text for ``seconds``: ``tell(version)`` (a ``change``, or
    the screen's panel) whenever the game is at a version other than the one
    the screen was last told of; when it says None, the stream ends.
    ``closed`` is called when it ends (the metrics' count of open streams)."""
    end = time.monotonic() + seconds
    try:
        yield f"retry: {RETRY_MS}\n\n"
        told, latest = since, subscription.version
        while True:
            if latest is not None and latest != told:
                told = latest
                said = tell(latest)
                if said is None:
                    return
                yield said
            left = end - time.monotonic()
            if left <= 0:
                return
            latest = subscription.wait(min(HEARTBEAT_SECONDS, left))
            if subscription.ended:
                return
            if latest is None:
                yield "event: alive\ndata:\n\n"
    finally:
        subscription.close()
        closed()


def stream(game_id: int, since: int | None,
           tell: Callable[[int], str | None] = change_event) -> Response:
    """The response that streams the changes of ``game_id`` to one screen,
    for the app's ``LIVE_STREAM_SECONDS``, each as ``tell`` says it."""
    subscription = current_app.extensions["watch"].subscribe(game_id)
    seconds = current_app.config["LIVE_STREAM_SECONDS"]
    closed = monitoring.stream_opened()
    text = monitoring.ended_on_error(events(subscription, since, seconds, closed, tell))
    return Response(text, mimetype="text/event-stream", headers={
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",  # nginx passes each event on at once
    })


#: How often a stream of several games asks which games it follows (a club
#: evening's next part starts new ones).
GAMES_CHECK_SECONDS = 2.0


class JoinedGames:
    """One screen's wait for several games (a club evening's tables): one
    subscription per game, all setting one event. Its version is the sum of
    the games' versions plus their count: it grows whenever any game
    changes or a game is added, so a screen showing an older one asks again."""

    def __init__(self, watch, game_ids: list[int]) -> None:
        self.heard = threading.Event()
        self.game_ids = game_ids
        self.subscriptions = [watch.subscribe(game_id, self.heard) for game_id in game_ids]

    @property
    def version(self) -> int:
        return sum((s.version or 0) + 1 for s in self.subscriptions)

    @property
    def ended(self) -> bool:
        return any(s.ended for s in self.subscriptions)

    def wait(self, timeout: float) -> bool:
        """Whether anything was heard within ``timeout``."""
        heard = self.heard.wait(timeout)
        self.heard.clear()
        return heard

    def close(self) -> None:
        for subscription in self.subscriptions:
            subscription.close()


def games_events(game_ids: Callable[[], list[int]], follow: Callable[[list[int]], JoinedGames],
                 since: int | None, seconds: float, closed: Callable[[], None]) -> Iterator[str]:
    """The stream's text for several games: a ``change`` with their joined
    version (:class:`JoinedGames`) whenever it differs from the one the
    screen was last told of; ``game_ids`` is asked again every
    :data:`GAMES_CHECK_SECONDS` for the games to follow (``follow`` subscribes to them)."""
    end = time.monotonic() + seconds
    joined = follow(game_ids())
    quiet = 0.0
    try:
        yield f"retry: {RETRY_MS}\n\n"
        told = since
        while True:
            if joined.version != told:
                told = joined.version
                yield f"event: change\ndata: {told}\n\n"
            left = end - time.monotonic()
            if left <= 0 or joined.ended:
                return
            wait = min(GAMES_CHECK_SECONDS, left)
            if not joined.wait(wait):
                quiet += wait
                now = game_ids()
                if now != joined.game_ids:
                    joined.close()
                    joined = follow(now)
                elif quiet >= HEARTBEAT_SECONDS:
                    quiet = 0.0
                    yield "event: alive\ndata:\n\n"
    finally:
        joined.close()
        closed()


def stream_games(game_ids: Callable[[], list[int]], since: int | None) -> Response:
    """The response that streams the changes of several games to one screen
    (``game_ids`` is called in an app context of its own each time)."""
    app = current_app._get_current_object()

    def ids() -> list[int]:
        with app.app_context():  # its end gives the connection back
            return game_ids()

    def follow(games: list[int]) -> JoinedGames:
        with app.app_context():
            return JoinedGames(app.extensions["watch"], games)

    seconds = current_app.config["LIVE_STREAM_SECONDS"]
    closed = monitoring.stream_opened()
    text = monitoring.ended_on_error(games_events(ids, follow, since, seconds, closed))
    return Response(text, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
