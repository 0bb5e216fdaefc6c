"""What the operator sees (scorekeeper/web/monitoring.py): the metrics at
``/metrics`` behind a bearer token, summed over gunicorn's workers, and a
log line for every request that names the game by a tag, never by its link."""

from __future__ import annotations

import concurrent.futures
import contextlib
import doctest
import io
import json
import logging
import os
import re
import runpy
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest
from event_streams import Stream
from prometheus_client.parser import text_string_to_metric_families

from scorekeeper import create_app
from scorekeeper.web import access, monitoring
from servers import free_port

TOKEN = "operators-own-metrics-token"
BEARER = {"Authorization": f"Bearer {TOKEN}"}
ROOT = Path(__file__).resolve().parents[2]
# cardgames with Ann dealing first: bidding order Bob, Cy, Di, Ann; 10 cards.
ORDER = [1, 2, 3, 0]
BIDS, TRICKS = {1: 3, 2: 3, 3: 2, 0: 0}, {1: 3, 2: 4, 3: 2, 0: 1}
DURATIONS = "scorekeeper_request_duration_seconds_count"


@pytest.fixture
def app_settings():
    return {"METRICS_TOKEN": TOKEN}


def samples(text: str) -> dict[tuple, float]:
    """Every sample of a scrape, by its name and labels."""
    return {(sample.name, *sorted(sample.labels.items())): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def scrape(client) -> dict[tuple, float]:
    response = client.get("/metrics", headers=BEARER)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store" and "Set-Cookie" not in response.headers
    return samples(response.get_data(as_text=True))


def grown(before: dict, after: dict, name: str, **labels) -> float:
    """How much a sample grew between two scrapes (the tests share one registry)."""
    key = (name, *sorted(labels.items()))
    return after.get(key, 0) - before.get(key, 0)


def viewer_of(app, gid: str) -> str:
    from scorekeeper.storage import links

    with app.app_context():
        return links.link_of(links.open_link(gid).game, links.VIEWER).token


def test_a_short_game_is_counted_by_route_kind_and_by_what_became_of_each_write(app, any_table):
    client, stored = any_table.client, (200, 302)
    before = scrape(client)
    gid = any_table.start()
    any_table.play_round(1, ORDER, 10, BIDS, TRICKS)  # 10 taps: trump, 4 bids, 4 tricks, close
    assert any_table.trump(2, "S").status_code in stored

    def bid_seen_empty(bid: int):
        return client.post(any_table.url("/round/2/bid"), headers=any_table.headers,
                           data={"player": "2", "bid": str(bid), "was": ""})

    assert bid_seen_empty(1).status_code in stored
    assert bid_seen_empty(2).status_code == 409  # its screen showed no bid: stale
    assert any_table.bid(2, 1, 0).status_code == 422  # Bob deals and bids last
    assert client.post(f"/g/{viewer_of(app, gid)}/round/2/bid",
                       data={"player": "3", "bid": "1"}).status_code == 403
    app.config["LIMIT_WRITES"] = "1 per minute"
    assert any_table.bid(2, 3, 1).status_code in stored
    assert any_table.bid(2, 0, 1).status_code == 429
    for page in (any_table.url("/round/2"), "/"):
        assert client.get(page).status_code == 200
    for poll in ("/round/2/entry?since=0", "/table?since=0"):
        assert client.get(any_table.url(poll), headers=any_table.headers).status_code == 200
    assert client.get("/static/favicon.svg").status_code == 200
    after = scrape(client)

    assert grown(before, after, "scorekeeper_games_started_total") == 1
    assert grown(before, after, "scorekeeper_taps_stored_total") == 10 + 3
    for status in ("409", "422", "403", "429"):
        assert grown(before, after, "scorekeeper_writes_refused_total", status=status) == 1
    made = {"tap": 1 + 10 + 7, "page": 2, "poll": 2, "static": 1, "scrape": 1}
    assert {kind: grown(before, after, DURATIONS, kind=kind) for kind in made} == made
    assert after[("scorekeeper_open_streams",)] == 0


@pytest.mark.parametrize("app_settings", [{}])
def test_without_the_setting_there_are_no_metrics(app, client):
    assert client.get("/metrics", headers=BEARER).status_code == 404
    assert "metrics" not in app.view_functions


@pytest.mark.parametrize("authorization", [
    None, "", "Bearer", "Bearer ", "Bearer wrong-token", f"Bearer {TOKEN}x", f"Bearer {TOKEN[:-1]}",
    f"Basic {TOKEN}", TOKEN, f"Token {TOKEN}",
])
def test_without_the_right_token_metrics_are_an_unknown_address(client, authorization):
    headers = {} if authorization is None else {"Authorization": authorization}
    refused = client.get("/metrics", headers=headers)
    unknown = client.get("/no-such-page", headers=headers)
    assert refused.status_code == unknown.status_code == 404
    assert "scorekeeper_" not in refused.get_data(as_text=True)


def test_the_right_token_may_be_sent_with_any_case_of_bearer(client):
    assert client.get("/metrics", headers={"Authorization": f"bearer {TOKEN}"}).status_code == 200


def test_no_page_links_or_lists_the_metrics(client, table):
    gid = table.start()
    for path in ("/", "/new", "/offline", "/sw.js", "/static/manifest.webmanifest", "/players",
                 "/carry", f"/g/{gid}/round/1", f"/g/{gid}/share", f"/g/{gid}/standings"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "metrics" not in response.get_data(as_text=True), path


@pytest.mark.parametrize("method, endpoint, args, kind", [
    ("GET", "games.index", {}, "page"),
    ("HEAD", "play.round_page", {}, "page"),
    ("GET", None, {}, "page"),  # no such address: its 404 page
    ("GET", "play.entry_panel", {"since": "4"}, "poll"),
    ("GET", "play.table_view", {"since": ""}, "poll"),
    ("GET", "play.table_view", {}, "page"),
    ("GET", "play.round_page", {"since": "4"}, "page"),
    ("POST", "play.bid", {}, "tap"),
    ("POST", "games.new_game", {}, "tap"),
    ("POST", "play.entry_panel", {"since": "4"}, "tap"),
    ("POST", None, {}, "tap"),
    ("GET", "play.events", {}, "stream"),
    ("GET", "static", {}, "static"),
    ("GET", "metrics", {}, "scrape"),
])
def test_one_function_says_the_kind_of_every_request(method, endpoint, args, kind):
    assert monitoring.route_kind(method, endpoint, args) == kind


def test_the_examples_in_the_modules_docstrings_pass():
    result = doctest.testmod(monitoring)
    assert result.attempted > 0 and result.failed == 0


def test_the_open_streams_are_counted_while_they_are_open(app, client, table):
    app.config["LIVE_STREAM_SECONDS"] = 60
    table.start()
    before = scrape(client)
    streams = [Stream(app.test_client(), table.url("/events?since=0")) for _ in range(2)]
    for stream in streams:
        assert stream.next() == "retry: 1000\n\n"
    assert grown(before, scrape(client), "scorekeeper_open_streams") == 2
    app.extensions["watch"].end_all()
    assert all(stream.ended() for stream in streams)
    assert grown(before, scrape(client), "scorekeeper_open_streams") == 0


def test_a_stream_past_the_most_a_worker_holds_is_refused_with_a_later_retry_and_counted(
        app, client, table, monkeypatch):
    app.config["LIVE_STREAM_SECONDS"] = 60
    app.config["MAX_STREAMS"] = 1
    table.start()
    before = scrape(client)
    held = Stream(app.test_client(), table.url("/events?since=0"))
    assert held.next() == "retry: 1000\n\n"
    refused = app.test_client().get(table.url("/events?since=0&round=1"))
    assert refused.status_code == 200 and refused.mimetype == "text/event-stream"
    # A later retry, and that the server is full (the phone asks nothing till then); no more.
    said = "retry: 10000\n\nevent: full\ndata: 10000\n\n"
    assert refused.get_data(as_text=True) == said
    viewers = app.test_client().get(f"/g/{viewer_of(app, table.gid)}/events?since=0")
    assert viewers.get_data(as_text=True) == said
    # Refused before the link is opened: the same few bytes for any link, even none.
    with monkeypatch.context() as unopened:
        unopened.setattr(access, "open_link", no_link_opened)
        for token in (viewer_of(app, table.gid), "no-such-link"):
            refused = app.test_client().get(f"/g/{token}/events?since=0&round=1")
            assert refused.get_data(as_text=True) == said
    after = scrape(client)
    assert grown(before, after, "scorekeeper_streams_refused_total") == 4
    assert grown(before, after, "scorekeeper_open_streams") == 1
    assert table.bid(1, 1, 2).status_code == 302  # the held stream goes on
    assert held.next_change() > 0
    app.extensions["watch"].end_all()
    assert held.ended()
    again = Stream(app.test_client(), table.url("/events?since=0"))  # room again
    assert again.next() == "retry: 1000\n\n"
    app.extensions["watch"].end_all()
    assert again.ended()


def no_link_opened(*args, **kwargs):
    raise AssertionError("a link was opened for a stream the full server refuses")


def test_every_stream_is_refused_before_its_link_is_opened_while_full(app):
    """Each view that streams (its address ends in /events: a game's, a club
    evening's and a season's TV) is marked so (:func:`scorekeeper.web.live.streams`)."""
    ends = [rule.endpoint for rule in app.url_map.iter_rules() if rule.rule.endswith("/events")]
    assert len(ends) >= 3
    assert [e for e in ends if not getattr(app.view_functions[e], "streams", False)] == []


def test_nothing_counts_streams_where_metrics_are_off(tmp_path):
    unmetered = create_app({"TESTING": True, "SECRET_KEY": "t",
                            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'u.sqlite3'}"})
    with unmetered.test_request_context():
        closed = monitoring.stream_opened()
    closed()
    assert "metrics" not in unmetered.extensions


def request_lines(caplog) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == "scorekeeper.requests"]


def test_each_request_is_one_log_line_that_tags_the_game_and_never_shows_a_link(
        app, table, caplog):
    caplog.set_level(logging.INFO, logger="scorekeeper.requests")
    gid = table.start()
    other = table.start()
    viewer = viewer_of(app, gid)
    caplog.clear()
    table.client.post(f"/g/{gid}/round/1/trump", data={"trump": "H"})
    table.client.get(f"/g/{gid}/round/1")
    table.client.get(f"/g/{viewer}/round/1/entry?since=0")
    table.client.get(f"/g/{other}/standings")
    table.client.get("/g/no-such-link/round/1")
    lines = request_lines(caplog)
    assert [(r.fields["kind"], r.fields["method"], r.fields["endpoint"], r.fields["status"])
            for r in lines] == [("tap", "POST", "play.trump", 302),
                                ("page", "GET", "play.round_page", 200),
                                ("poll", "GET", "play.entry_panel", 200),
                                ("page", "GET", "play.standings", 200),
                                ("page", "GET", "play.round_page", 404)]
    tags = [r.fields["game"] for r in lines]
    assert tags[0] == tags[1] == tags[2] != tags[3]  # one game's lines, whichever link
    assert re.fullmatch(r"[0-9a-f]{12}", tags[0]) and tags[4] == "-"
    for record in lines:
        message = record.getMessage()
        assert f"status={record.fields['status']}" in message
        assert f"game={record.fields['game']}" in message
        assert re.search(r"\bms=\d+\.\d\b", message) and record.fields["ms"] >= 0
        for token in (gid, other, viewer, "no-such-link"):
            assert token not in message
    assert not any(token in caplog.text for token in (gid, other, viewer))


def test_a_request_line_as_json_holds_the_same_fields(client, caplog):
    caplog.set_level(logging.INFO, logger="scorekeeper.requests")
    client.get("/healthz")
    record, = request_lines(caplog)
    line = json.loads(monitoring.log_formatter("json").format(record))
    assert line.items() >= {"logger": "scorekeeper.requests", "level": "INFO", "kind": "page",
                            "method": "GET", "endpoint": "health.healthz", "status": 200,
                            "game": "-"}.items()
    assert line["pid"] == os.getpid() and isinstance(line["ms"], float)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", line["time"])


@pytest.mark.parametrize("log_format, parse", [
    ("json", json.loads),
    ("text", lambda line: re.fullmatch(
        r"\[[-\d: +]+\] \[\d+\] \[INFO\] scorekeeper\.requests: kind=page method=GET "
        r"endpoint=health\.healthz status=\d{3} ms=[\d.]+ game=-", line)),
])
def test_where_nothing_prints_the_lines_the_app_prints_them_itself(
        tmp_path, monkeypatch, log_format, parse):
    """As under gunicorn, which sets up only its own loggers."""
    stream = io.StringIO()
    monkeypatch.setattr(monitoring, "has_level_handler", lambda logger: False)
    monkeypatch.setattr(monitoring, "wsgi_errors_stream", stream)
    monkeypatch.setattr(monitoring.REQUEST_LOG, "handlers", [])
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "LOG_FORMAT": log_format,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.sqlite3'}"})
    app.test_client().get("/healthz")
    line, = stream.getvalue().splitlines()
    assert parse(line)


# Under gunicorn, as `make run` and a host start it.


def get(url: str, headers: dict | None = None, timeout: float = 10) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}),
                                    timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@contextlib.contextmanager
def gunicorn(folder: Path):
    """gunicorn as `make run` starts it (two workers), with ``METRICS_TOKEN``
    and JSON request lines, on a database made by the migrations, its temporary
    files in ``folder``; yields its address and its error log, then stops it."""
    env = {name: value for name, value in os.environ.items()
           if name != "PROMETHEUS_MULTIPROC_DIR"}
    env.update(SECRET_KEY="gunicorn-test", METRICS_TOKEN=TOKEN, LOG_FORMAT="json",
               DATABASE_URL=f"sqlite:///{folder / 'served.sqlite3'}", FLASK_APP="scorekeeper",
               TMPDIR=str(folder))
    subprocess.run([sys.executable, "-m", "flask", "db", "upgrade"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    port, log = free_port(), folder / "gunicorn.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--workers", "2",
         "--bind", f"127.0.0.1:{port}", "scorekeeper:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log.open("w"))
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, log.read_text()
            try:
                get(f"{url}/healthz", timeout=60)  # never sent twice: counted once
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not answer within 60 s"
                time.sleep(0.2)
        yield url, log
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


#: At most this many batches of requests until both workers have answered.
BATCHES = 40


def served_lines(log: Path) -> list[dict]:
    """The request lines (JSON) among gunicorn's own lines."""
    return [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]


def test_under_gunicorn_a_scrape_sums_every_workers_counts(tmp_path):
    with gunicorn(tmp_path) as (url, log):
        folders = list(tmp_path.glob("scorekeeper-metrics-*"))
        assert len(folders) == 1 and list(folders[0].iterdir())  # made by the master, filled
        # Both (gevent) workers take connections from one socket: requests many
        # at once until each worker has answered some.
        made = 1  # the check that it answers
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            for _batch in range(BATCHES):
                assert set(pool.map(get, [f"{url}/healthz"] * 48)) == {200}
                made += 48
                if len({line["pid"] for line in served_lines(log)}) == 2:
                    break
        lines = served_lines(log)
        assert get(f"{url}/metrics") == 404
        with urllib.request.urlopen(urllib.request.Request(f"{url}/metrics",
                                                           headers=BEARER)) as response:
            scraped = samples(response.read().decode())
    assert len({line["pid"] for line in lines}) == 2
    assert len(lines) == made and {line["kind"] for line in lines} == {"page"}
    assert scraped[(DURATIONS, ("kind", "page"))] == made
    assert scraped[(DURATIONS, ("kind", "scrape"))] == 1  # the refused one
    for line in lines:
        assert line.keys() >= {"time", "kind", "method", "endpoint", "status", "ms", "game"}
        assert not any("/" in str(value) for value in line.values())  # no address
    # Stopped: the workers' ends were noted without a fault, and the folder is gone.
    assert "Traceback" not in log.read_text()
    assert not list(tmp_path.glob("scorekeeper-metrics-*"))


def test_gunicorns_settings_forget_an_ended_workers_open_streams(tmp_path, monkeypatch):
    """Its counts stay in the sums; what it had open is no longer open."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    for name in ("gauge_livesum_4242.db", "counter_4242.db", "gauge_livesum_4343.db"):
        (tmp_path / name).write_bytes(b"")
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    settings["child_exit"](None, SimpleNamespace(pid=4242))
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "counter_4242.db", "gauge_livesum_4343.db"]


def test_a_server_error_is_logged_by_its_endpoint_never_by_its_path(app, table, caplog,
                                                                    monkeypatch):
    from scorekeeper.web.play.forms import CorrectionForm

    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: the error page, and the log line
    gid = table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})

    def broken(self, order):
        raise RuntimeError("a fault")

    monkeypatch.setattr(CorrectionForm, "chosen_bids", broken)
    assert table.client.get(f"/g/{gid}/round/1/edit").status_code == 500
    record, = [r for r in caplog.records if r.exc_info]
    assert record.getMessage() == "Exception on play.edit_round [GET]"
    assert gid not in caplog.text and "a fault" in caplog.text


def test_a_stream_that_fails_ends_with_a_log_line_that_names_no_link(app, table, caplog,
                                                                     monkeypatch):
    from scorekeeper.web import live

    gid = table.start()

    def failing(*args, **kwargs):
        yield f"retry: {live.RETRY_MS}\n\n"
        raise RuntimeError("a fault in the stream")

    monkeypatch.setattr(live, "events", failing)
    response = table.client.get(f"/g/{gid}/events")
    assert response.get_data(as_text=True) == f"retry: {live.RETRY_MS}\n\n"  # ended, not raised
    record, = [r for r in caplog.records if r.exc_info]
    assert record.getMessage() == "Exception in the stream of play.events"
    assert gid not in caplog.text and "a fault in the stream" in caplog.text


def test_a_database_error_names_no_value_of_its_statement(app):
    from scorekeeper.storage.database import db

    with app.app_context():
        assert db.engine.hide_parameters
