"""What the operator sees of the running app: a log line for every request,
and Prometheus metrics at ``/metrics`` when ``METRICS_TOKEN`` is set.

Each request has a route kind, said by :func:`route_kind` alone:

- ``page``: a GET (or HEAD) that draws a page;
- ``poll``: a GET of the live entry panel or the table view with ``?since=``
  (every open screen asks every few seconds);
- ``tap``: any write (a POST);
- ``stream``: the live updates (Server-Sent Events, ``play.events``);
- ``static``: a static file; ``scrape``: ``/metrics`` itself.

**The request log.** One line a request on the logger ``scorekeeper.requests``
(INFO): route kind, method, endpoint, status, duration in ms and the game's
tag (:func:`game_tag`: a keyed hash of the game's id), so that one game's
lines can be found together while its links, secrets, never appear: no path
or query is logged. Plain text by default, a JSON object a line with
``LOG_FORMAT=json``. Where nothing else prints the logger's lines (gunicorn
configures only its own loggers), a handler to the server's error stream is
added when the app is made. A stream's line is written when it opens.

**Metrics.** Off unless ``METRICS_TOKEN`` is set; then ``GET /metrics`` with
``Authorization: Bearer <METRICS_TOKEN>`` answers in Prometheus' text format.
Without the setting, and without the right token, ``/metrics`` is 404 as
any unknown address is: a stranger cannot tell it is there.

- ``scorekeeper_request_duration_seconds{kind}``: a histogram of the time to
  answer, by route kind (a stream's is not timed);
- ``scorekeeper_open_streams``: the streams open now, all workers summed;
- ``scorekeeper_streams_refused_total``: streams refused because their
  worker held ``MAX_STREAMS`` already (the phone asks every second instead,
  and opens its stream again later);
- ``scorekeeper_games_started_total``: games set up (``/new``, or Play
  again) answered with the way to the new game;
- ``scorekeeper_taps_stored_total``: writes through a game's link answered
  as done (200, 204, or a redirect);
- ``scorekeeper_writes_refused_total{status}``: writes refused, by status:
  403 (the link may not), 409 (changed meanwhile on another phone), 422
  (against the rules, or a form's mistake), 429 (too many).

Under gunicorn every worker counts in files in ``PROMETHEUS_MULTIPROC_DIR``
(``gunicorn.conf.py`` makes a fresh folder when ``METRICS_TOKEN`` is set) and
a scrape sums them; in one process (tests, ``flask run``) prometheus_client's
default registry counts.

**For the stream endpoint** (:mod:`scorekeeper.web.live`). It tells the
gauge of open streams: :func:`stream_opened`, called in the view, counts one
more and returns what to call when the stream ends (in its generator's
``finally``, where no app is current any more). Nothing is counted when the
metrics are off.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from urllib.parse import urlsplit

from flask import Flask, Response, abort, current_app, g, has_app_context, request
from flask.logging import has_level_handler, wsgi_errors_stream
from flask.signals import request_finished, request_started
from prometheus_client import (CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Gauge,
                               Histogram, generate_latest, multiprocess)
from werkzeug.exceptions import HTTPException

from .security import READ_METHODS

PAGE, POLL, TAP, STREAM, STATIC, SCRAPE = "page", "poll", "tap", "stream", "static", "scrape"
#: The endpoints a phone polls with ``?since=``: answered 204 while nothing changed.
POLLED = frozenset({"play.entry_panel", "play.table_view"})
#: The live updates, a stream of Server-Sent Events.
STREAM_ENDPOINT = "play.events"
SCRAPE_ENDPOINT = "metrics"
#: The endpoints that start a game when posted to.
GAME_STARTERS = frozenset({"games.new_game", "games.play_again"})
#: Where a started game's answer leads.
GAME_HOME = "play.game_home"
#: A write answered as done: the fragment (htmx), nothing (htmx's redirect) or a redirect.
STORED = frozenset({200, 204, 302, 303})
#: A write refused, counted by its status.
REFUSED = (403, 409, 422, 429)

REQUEST_SECONDS = Histogram(
    "scorekeeper_request_duration_seconds",
    "Time to answer a request, by route kind: page, poll, tap, static, scrape", ["kind"])
OPEN_STREAMS = Gauge("scorekeeper_open_streams", "Live-update streams open now",
                     multiprocess_mode="livesum")
STREAMS_REFUSED = Counter("scorekeeper_streams_refused",
                          "Live-update streams refused: their worker held MAX_STREAMS")
GAMES_STARTED = Counter("scorekeeper_games_started", "Games set up (new, or Play again)")
TAPS_STORED = Counter("scorekeeper_taps_stored",
                      "Writes through a game's link answered as done")
WRITES_REFUSED = Counter("scorekeeper_writes_refused", "Writes refused, by HTTP status",
                         ["status"])

REQUEST_LOG = logging.getLogger("scorekeeper.requests")
#: As gunicorn writes its own lines: ``[time] [pid] [level]``.
TEXT_FORMAT = "[%(asctime)s] [%(process)d] [%(levelname)s] %(name)s: %(message)s"
TEXT_TIME_FORMAT = "%Y-%m-%d %H:%M:%S %z"


def route_kind(method: str, endpoint: str | None, args: Mapping[str, str]) -> str:
    """The kind of a request, by its method, endpoint and query.

    >>> route_kind("POST", "play.bid", {})
    'tap'
    >>> route_kind("GET", "play.entry_panel", {"since": "3"})
    'poll'
    >>> route_kind("GET", "play.entry_panel", {})
    'page'
    """
    if method not in READ_METHODS:
        return TAP
    if endpoint == STREAM_ENDPOINT:
        return STREAM
    if endpoint == "static":
        return STATIC
    if endpoint == SCRAPE_ENDPOINT:
        return SCRAPE
    if endpoint in POLLED and "since" in args:
        return POLL
    return PAGE


def game_tag(game_id: int) -> str:
    """The tag of a game in the request log: 12 hex digits of an HMAC of its
    id keyed with ``SECRET_KEY``. The same on every worker that shares the
    key; neither the id nor any link can be read back from it."""
    key = current_app.secret_key
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, b"game %d" % game_id, hashlib.sha256).hexdigest()[:12]


def request_fields(kind: str, seconds: float, response: Response) -> dict[str, object]:
    """What the log line of this request says."""
    found = g.get("access")
    return {"kind": kind, "method": request.method, "endpoint": request.endpoint or "-",
            "status": response.status_code, "ms": round(seconds * 1000, 1),
            "game": game_tag(found.game_id) if found is not None else "-"}


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger and process, then a
    request line's fields (or any other record's message)."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"time": datetime.fromtimestamp(record.created, UTC).isoformat(
                    timespec="milliseconds"),
                "level": record.levelname, "logger": record.name, "pid": record.process}
        line.update(getattr(record, "fields", None) or {"message": record.getMessage()})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line)


def log_formatter(log_format: str) -> logging.Formatter:
    """The formatter of the ``LOG_FORMAT`` setting: ``json``, else plain text."""
    if log_format == "json":
        return JsonLines()
    return logging.Formatter(TEXT_FORMAT, TEXT_TIME_FORMAT)


def print_request_log(log_format: str) -> None:
    """Make the request lines print, at INFO, where nothing else prints them:
    to the server's error stream (gunicorn's, or stderr), as ``log_format`` says.
    A handler set up by the host (or by the tests) is left to do it."""
    if REQUEST_LOG.level == logging.NOTSET:
        REQUEST_LOG.setLevel(logging.INFO)
    if not has_level_handler(REQUEST_LOG):
        handler = logging.StreamHandler(wsgi_errors_stream)
        handler.setFormatter(log_formatter(log_format))
        REQUEST_LOG.addHandler(handler)


def log_request_error(exc_info) -> None:
    """Log an error of this request by its endpoint, never by its path: a
    game's path holds its link's secret (Flask's own line names the path)."""
    current_app.logger.error("Exception on %s [%s]", request.endpoint or "-", request.method,
                             exc_info=exc_info)


def ended_on_error(text: Iterator[str]) -> Iterator[str]:
    """A streamed answer that ends, logged by its endpoint, where an error
    would stop it: left to the server, the error would be logged with the
    request's path (gunicorn's "Error handling request /g/<secret>/live").
    The phone opens its stream again. Called in the request, which is over
    by the time the stream runs."""
    logger, endpoint = current_app.logger, request.endpoint or "-"

    def streamed() -> Iterator[str]:
        try:
            yield from text
        except Exception:
            logger.exception("Exception in the stream of %s", endpoint)

    return streamed()


def leads_to_a_game(response: Response) -> bool:
    """Whether the answer is a redirect to a game's own page."""
    if response.status_code not in STORED or not response.location:
        return False
    try:
        endpoint, _args = current_app.url_map.bind("").match(
            urlsplit(response.location).path, method="GET")
    except HTTPException:
        return False
    return endpoint == GAME_HOME


def count(kind: str, seconds: float, response: Response) -> None:
    """Count one answered request in the metrics."""
    if kind != STREAM:
        REQUEST_SECONDS.labels(kind).observe(seconds)
    if kind != TAP:
        return
    status = response.status_code
    if status in REFUSED:
        WRITES_REFUSED.labels(str(status)).inc()
    elif status in STORED and "gid" in (request.view_args or {}):
        TAPS_STORED.inc()
    if request.endpoint in GAME_STARTERS and leads_to_a_game(response):
        GAMES_STARTED.inc()


def is_counting() -> bool:
    """Whether the app of this request has its metrics on."""
    return has_app_context() and "metrics" in current_app.extensions


def stream_opened() -> Callable[[], None]:
    """A live-update stream has opened: count it, and return what counts it
    closed (callable outside the request)."""
    if not is_counting():
        return lambda: None
    OPEN_STREAMS.inc()
    return OPEN_STREAMS.dec


def stream_refused() -> None:
    """A live-update stream was refused (its worker held its most)."""
    if is_counting():
        STREAMS_REFUSED.inc()


def is_operator() -> bool:
    """Whether the request carries ``Authorization: Bearer <METRICS_TOKEN>``."""
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    expected = current_app.config["METRICS_TOKEN"]
    return scheme.lower() == "bearer" and hmac.compare_digest(
        given.strip().encode(), expected.encode())


def scrape() -> Response:
    """The metrics, for the operator's Prometheus, of every worker of this server.

    :raise 404: without the operator's token, as any unknown address.
    """
    if not is_operator():
        abort(404)
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # under gunicorn: every worker's files
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return Response(generate_latest(registry), headers={
        "Content-Type": CONTENT_TYPE_LATEST, "Cache-Control": "no-store"})


def start_clock(app: Flask, **extra) -> None:
    """Note when the request began (before the app's first ``before_request`` hook)."""
    g.monitoring_started = time.perf_counter()


def account(app: Flask, response: Response, **extra) -> None:
    """Log the answered request, and count it when the metrics are on."""
    seconds = time.perf_counter() - g.get("monitoring_started", time.perf_counter())
    kind = route_kind(request.method, request.endpoint, request.args)
    if "metrics" in app.extensions:
        count(kind, seconds, response)
    fields = request_fields(kind, seconds, response)
    REQUEST_LOG.info(" ".join(f"{name}={value}" for name, value in fields.items()),
                     extra={"fields": fields})


def register_monitoring(app: Flask) -> None:
    """The request log, and the metrics with ``/metrics`` if ``METRICS_TOKEN`` is set.

    Flask's request signals time a request from before the first
    ``before_request`` hook to after the last ``after_request`` one, wherever
    this is registered."""
    if app.config["METRICS_TOKEN"]:
        app.extensions["metrics"] = True
        app.add_url_rule("/metrics", SCRAPE_ENDPOINT, scrape, methods=["GET"])
        for kind in (PAGE, POLL, TAP, STATIC, SCRAPE):  # every series from zero
            REQUEST_SECONDS.labels(kind)
        for status in REFUSED:
            WRITES_REFUSED.labels(str(status))
    print_request_log(app.config["LOG_FORMAT"])
    request_started.connect(start_clock, app)
    request_finished.connect(account, app)
