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
greenlet, not a worker. A worker takes at most ``worker_connections``
connections, streams and taps together: a process that holds ``MAX_STREAMS``
streams refuses more (:func:`refused`), so that its taps still get in. The
views marked :func:`streams` are refused before the rate limits are looked
at or their links opened (:func:`register_refusals`).
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterator

from flask import Flask, Response, current_app, request

from ..storage.watch import Subscription
from . import monitoring

#: A comment this often on a quiet stream.
HEARTBEAT_SECONDS = 20.0
#: How soon the browser opens a stream again that the server ended.
RETRY_MS = 1000
#: How soon it tries again after a stream was refused (:func:`refused`).
REFUSED_RETRY_MS = 10_000
#: A stream's headers: never kept, passed on by nginx at once.
HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def change_event(version: int) -> str:
    """The event that tells a screen the game is at ``version``."""
    return f"event: change\ndata: {version}\n\n"


@functools.lru_cache(maxsize=128)
def panel_event(html: str) -> str:
    """The event that carries a screen's panel: one ``data`` line per line,
    split where an EventSource splits (CR LF, LF or CR; it joins them with LF,
    as an HTML parser reads a CR anyway). Every stream that sends the same
    kept drawing gets the same event, made once (each then puts its own CSRF
    token in, :mod:`scorekeeper.web.pushed`)."""
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


def full() -> bool:
    """Whether this process holds its most streams (``MAX_STREAMS``: each
    game a stream follows counts once)."""
    return current_app.extensions["watch"].open_streams() >= current_app.config["MAX_STREAMS"]


def refused() -> Response:
    """A stream refused while its process is :func:`full`: it says to try
    again in :data:`REFUSED_RETRY_MS` and that the server is full (an event
    ``full``), and ends; counted in the metrics. The phone then asks nothing
    until it opens its stream again (js/live.js): a phone that asked every
    second instead would cost a full server more than its stream did
    (bench/load.py, 1,000 tables: 2,000 streams refused, their phones asked
    884 times a second, and the taps waited 8.7 s at the median). Its stream,
    once open again, sends what changed meanwhile (``since``); its own taps
    are answered as ever."""
    monitoring.stream_refused()
    return Response(f"retry: {REFUSED_RETRY_MS}\n\nevent: full\ndata: {REFUSED_RETRY_MS}\n\n",
                    mimetype="text/event-stream", headers=HEADERS)


def streams(view: Callable) -> Callable:
    """Mark a view that answers with a stream (:func:`stream`,
    :func:`stream_games`): while its process is :func:`full`, it is refused
    before its link is opened (:func:`register_refusals`)."""
    view.streams = True
    return view


def register_refusals(app: Flask) -> None:
    """Refuse a stream while the process is :func:`full` before its link is
    opened or a limit looked at: a full server at 1,000 tables is asked 200
    times a second again by its refused phones (bench/load.py), and each
    refusal is the same few bytes for any link, which says nothing of a game
    (0.65 ms of CPU a refusal in process before, 0.29 ms after). The views
    check once more as they open the stream: others may have opened theirs
    meanwhile."""

    @app.before_request
    def refuse_streams_when_full() -> Response | None:
        view = app.view_functions.get(request.endpoint)
        if getattr(view, "streams", False) and full():
            return refused()
        return None


def stream(game_id: int, since: int | None,
           tell: Callable[[int], str | None] = change_event) -> Response:
    """The response that streams the changes of ``game_id`` to one screen,
    for the app's ``LIVE_STREAM_SECONDS``, each as ``tell`` says it
    (:func:`refused` while the process is :func:`full`)."""
    if full():
        return refused()
    subscription = current_app.extensions["watch"].subscribe(game_id)
    seconds = current_app.config["LIVE_STREAM_SECONDS"]
    closed = monitoring.stream_opened()
    text = monitoring.ended_on_error(events(subscription, since, seconds, closed, tell))
    return Response(text, mimetype="text/event-stream", headers=HEADERS)


#: How often a stream of several games asks which games it follows (a club
#: evening's next part starts new ones), whether or not any of them changed:
#: a TV then follows a new part's games within a second of its start, however
#: busy the part before is. One small query a second per TV.
GAMES_CHECK_SECONDS = 1.0


class JoinedGames:
    """One screen's wait for several games (a club evening's tables): one
    subscription per game, all setting one event. Its version is the sum of
    the games' versions plus their count, each game counted from its stored
    version on (:meth:`Watch.subscribe <scorekeeper.storage.watch.Watch.subscribe>`),
    as the page counts them: it grows whenever any game changes or a game is
    added, so a screen showing an older one asks again."""

    def __init__(self, watch, game_ids: Callable[[], list[int]]) -> None:
        self.watch = watch
        self.game_ids = game_ids
        self.heard = threading.Event()
        self.subscriptions: dict[int, Subscription] = {}

    def follow(self) -> None:
        """Follow the games ``game_ids()`` names now (in an app context): a new
        one is added beside those followed already, which are never let go
        meanwhile, so no change between two asks is missed."""
        now = self.game_ids()
        for game_id in now:
            if game_id not in self.subscriptions:
                self.subscriptions[game_id] = self.watch.subscribe(game_id, self.heard)
        for game_id in set(self.subscriptions) - set(now):  # a game deleted
            self.subscriptions.pop(game_id).close()

    @property
    def version(self) -> int:
        return sum((s.version or 0) + 1 for s in self.subscriptions.values())

    @property
    def ended(self) -> bool:
        return any(s.ended for s in self.subscriptions.values())

    def wait(self, timeout: float) -> bool:
        """Whether anything was heard within ``timeout``."""
        heard = self.heard.wait(timeout)
        self.heard.clear()
        return heard

    def close(self) -> None:
        for subscription in self.subscriptions.values():
            subscription.close()
        self.subscriptions.clear()


def games_events(joined: JoinedGames, follow: Callable[[], None], since: int | None,
                 seconds: float, closed: Callable[[], None]) -> Iterator[str]:
    """The stream's text for several games: a ``change`` with their joined
    version (:class:`JoinedGames`) whenever it differs from the one the
    screen was last told of. ``follow()`` asks which games to follow at the
    start and every :data:`GAMES_CHECK_SECONDS` after; an ``alive`` after
    :data:`HEARTBEAT_SECONDS` with nothing said."""
    end = time.monotonic() + seconds
    try:
        follow()
        yield f"retry: {RETRY_MS}\n\n"
        told = since
        said = time.monotonic()
        next_check = said + GAMES_CHECK_SECONDS
        while True:
            if joined.version != told:
                told = joined.version
                said = time.monotonic()
                yield f"event: change\ndata: {told}\n\n"
            now = time.monotonic()
            if now >= end or joined.ended:
                return
            if now >= next_check:
                follow()
                next_check = now + GAMES_CHECK_SECONDS
                continue
            if now - said >= HEARTBEAT_SECONDS:
                said = now
                yield "event: alive\ndata:\n\n"
            joined.wait(min(next_check, end, said + HEARTBEAT_SECONDS) - now)
    finally:
        joined.close()
        closed()


def stream_games(game_ids: Callable[[], list[int]], since: int | None) -> Response:
    """The response that streams the changes of several games to one screen
    (``game_ids`` is called in an app context of its own each time)."""
    if full():
        return refused()
    app = current_app._get_current_object()
    joined = JoinedGames(app.extensions["watch"], game_ids)

    def follow() -> None:
        with app.app_context():  # its end gives the connection back
            joined.follow()

    seconds = current_app.config["LIVE_STREAM_SECONDS"]
    closed = monitoring.stream_opened()
    text = monitoring.ended_on_error(games_events(joined, follow, since, seconds, closed))
    return Response(text, mimetype="text/event-stream", headers=HEADERS)
