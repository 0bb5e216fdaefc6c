"""How many tables one box serves, with every phone as the app's own pages behave.

Run: ``.venv/bin/python bench/load.py`` (gunicorn as ``make run`` starts it, on
a SQLite file in a temporary folder), ``--database postgresql://...`` (an
empty database: the script migrates it) and ``--servers 2`` (two app servers
on that database; each table's phones spread over both, so a tap on one must
reach the streams of the other). ``--client poll`` has every phone ask every
second instead, as the pages do while no stream is open (and as they all did
before the streams).

Each table is one 4-player game with 4 phones and a bid tapped every 5 s by
one of them (each tap writes). Every phone, as js/live.js does:

- keeps the round screen's stream open
  (``GET /g/<token>/events?since=<version>&round=1``, on a connection of its
  own, as the browser holds an EventSource);
- at each ``panel`` the stream sends (the entry panel itself) whose version
  is newer than its panel shows, shows it and asks for nothing; one sent
  while a request of its own is on its way waits for that answer, and is
  shown after it if still newer;
- at each ``change`` (the stream has no panel to send) whose version is
  newer, asks for the panel (``GET .../round/1/entry?since=<version>``, htmx,
  on its other connection); one heard while it is already asking is asked
  once more after;
- the tapper's answer is its panel (the tap's own answer, as htmx swaps it);
- once its panel shows a newer version, it keeps the log it keeps for
  playing on without network as js/offline-engine.js does after each swap:
  with the changes the panel carries (``data-log``) when they follow on from
  it, else by asking (``GET /g/<token>/log.json?after=<seq>``, on a
  connection of its own, one at a time);
- every request, the stream's too, accepts what Chromium accepts
  (``Accept-Encoding: gzip, deflate, br, zstd``): the app's answers come
  compressed, as a phone gets them, and are read decompressed.

- when its stream ends, it does as the page does (js/live.js, the browser's
  EventSource): refused by a worker that holds ``MAX_STREAMS`` already
  (``retry: 10000``, the event ``full``, the end), it asks nothing until the
  retry has passed, then opens the stream again; ended otherwise, it asks for
  the panel every second until then. A refusal is counted, not an error: it
  is the server shedding load as designed, and what its phone saw later is in
  the figures.

With ``--client poll`` every phone asks every second instead, and no stream
is opened.

It measures, per step of N tables: the taps' and the panels' latency, errors,
the panels the streams sent, the time until each other phone shows a tap
(from the tap leaving the tapper to that phone's panel at the tap's version:
"seen"), the requests per second and the server's CPU time per request and
per tap (from /proc; steadier than latencies on a shared machine; per tap,
it counts all the tap makes the server do: the stream's panels or the
requests for them). A step passes with no error, tap p99 < 50 ms, seen median
<= 250 ms and max <= 1 s. N starts at 125 and doubles while a step passes, then
the gap to the first failure is halved (at most 7 steps). Between steps the
script waits until the server has dropped the streams of the last one (it
notices a gone phone at the second heartbeat after it went, up to 40 s: the
first write to a closed connection still succeeds), as a club night's
phones come and go.

Then the same mix at the largest N against a minimal Flask app under the same
gunicorn: every request answered with a fragment of a tap's answer's size as
the app sends it (compressed),
its stream only saying ``retry`` and, like the app's, ``alive`` every 20 s; the
phones ask for their panel as soon as the tap is answered (the minimal app
cannot tell them). That is the cost of gunicorn, Flask and this generator
alone, for a ratio.

``--against-sqlite`` (with ``--database postgresql://...``, ``--servers 2``
and one ``--tables N``) sets up N tables on that database and N on ``make
run``'s SQLite too, then runs ``--pairs`` steps on each in turn (SQLite,
PostgreSQL, PostgreSQL, SQLite, ...) and prints, pair by pair, the server
CPU a tap on PostgreSQL over SQLite's: the budget's ratio "in the same run",
which a drift of the machine's speed between two separate runs would move.
Several servers stand for several machines: each has its own file of drawn
panels and of rate limits in the script's temporary folder.

The generator (asyncio, on uvloop where ``pip install -e ".[bench]"`` put it)
shares the cores with the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gzip
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
TAP_EVERY, POLL_EVERY, PHONES = 5.0, 1.0, 4
TAP_P99_MS, SEEN_MEDIAN_MS, SEEN_MAX_MS = 50.0, 250.0, 1000.0
#: What Chromium asks for with every request, the stream's too (Flask-Compress
#: then compresses each answer of the app with zstd, as it does for a phone).
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
#: What the server's heartbeat is (scorekeeper/web/live.py).
HEARTBEAT = 20.0
#: How long a gone phone's stream may stay open on the server: the first
#: heartbeat written to a closed connection succeeds (the phone's side
#: answers it with a reset), the second fails and ends the stream. A step's
#: streams waited for less were still counted by the next step's server
#: (its MAX_STREAMS): 2,000 of 750 tables' 3,000 streams refused.
GONE_AFTER = 2 * HEARTBEAT + 2
#: As the Makefile's ``run`` starts it (the minimal app too: the same gunicorn).
GUNICORN = ["--config", str(ROOT / "gunicorn.conf.py"), "--workers", "2"]

MINIMAL_APP = '''
import time
from flask import Flask, Response
SIZE = int(__import__("os").environ["FRAGMENT_BYTES"])
FRAGMENT = ("<section id=entry data-version=\\"1\\">" + "x" * SIZE)[:SIZE]
app = Flask(__name__)
@app.route("/g/<gid>/round/<int:number>/<what>", methods=["GET", "POST"])
def fragment(gid, number, what):
    return FRAGMENT
@app.route("/g/<gid>/log.json")
def log(gid):
    return {"changes": []}
@app.route("/g/<gid>/events")
def events(gid):
    def stream():
        yield "retry: 1000\\n\\n"
        while True:
            time.sleep(20)
            yield "event: alive\\ndata:\\n\\n"
    return Response(stream(), mimetype="text/event-stream")
'''


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


class Phone:
    """One phone's HTTP/1.1 connection to the server, kept open between its
    requests as a browser keeps it (keep-alive) for as long as the server
    does; opened again when the server has closed it (after an answer with
    ``Connection: close``, or idle for longer than its keep-alive)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: str = "") -> tuple[int, dict[str, str], bytes]:
        reused = self.writer is not None
        try:
            return await self._exchange(method, path, headers, body)
        except (ConnectionError, asyncio.IncompleteReadError):
            self.close()
            if not reused:
                raise
        # The server closed the idle connection as the request left: once more
        # on a new one, as a browser does.
        return await self._exchange(method, path, headers, body)

    async def _exchange(self, method: str, path: str, headers: dict[str, str] | None,
                        body: str) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        content = body.encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}",
                 f"Content-Length: {len(content)}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + content)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").rstrip("\r\n").split("\r\n")
        answer_headers: dict[str, str] = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            answer_headers.setdefault(name.strip().lower(), value.strip())
        status = int(status_line.split()[1])
        if "content-length" in answer_headers:
            data = await self.reader.readexactly(int(answer_headers["content-length"]))
        elif answer_headers.get("transfer-encoding", "").lower() == "chunked":
            data = b""
            while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
                data += (await self.reader.readexactly(size + 2))[:-2]
            await self.reader.readuntil(b"\r\n")
        elif status in (204, 304):
            data = b""
        else:
            data = await self.reader.read()
            answer_headers["connection"] = "close"
        if answer_headers.get("connection", "").lower() == "close":
            self.close()
        return status, answer_headers, decoded(data, answer_headers.get("content-encoding", ""))


def decoded(data: bytes, encoding: str) -> bytes:
    """An answer's body as the browser reads it (Flask-Compress's encodings)."""
    if encoding == "zstd":
        from backports import zstd  # what Flask-Compress compresses with on Python 3.11

        return zstd.decompress(data)
    if encoding == "br":
        import brotli

        return brotli.decompress(data)
    if encoding == "gzip":
        return gzip.decompress(data)
    return data


async def http(port: int, method: str, path: str, headers: dict[str, str] | None = None,
               body: str = "") -> tuple[int, dict[str, str], bytes]:
    """One request on a connection of its own."""
    phone = Phone(port)
    try:
        return await phone.request(method, path, headers, body)
    finally:
        phone.close()


class Server:
    """gunicorn on a free loopback port, started and stopped by this script."""

    def __init__(self, app: str, env: dict[str, str], cwd: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            # As make run starts it: no access log (the app logs each request itself).
            [str(BIN / "gunicorn"), "--bind", f"127.0.0.1:{self.port}", *GUNICORN, app],
            env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    async def ready(self, path: str) -> None:
        for _try in range(200):
            try:
                if (await http(self.port, "GET", path))[0] < 500:
                    return
            except OSError:
                pass
            await asyncio.sleep(0.05)
        raise RuntimeError("the server did not start")

    def cpu_seconds(self) -> float:
        """The CPU time of gunicorn and its workers so far (Linux /proc)."""
        tick = os.sysconf("SC_CLK_TCK")
        total, pids = 0.0, [self.process.pid]
        try:
            children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
            pids += [int(pid) for pid in children.read_text().split()]
            for pid in pids:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            return float("nan")
        return total

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=20)


VERSION = re.compile(rb'data-version="(\d+)"')
CHANGE = re.compile(rb"event: change\ndata: (\d+)")
#: The ``retry`` (ms) a stream says first, and alone when it is refused.
RETRY = re.compile(rb"(?:^|\n)retry: (\d+)$")
#: What is left of a stream after its last event once the answer has ended
#: (HTTP's chunked encoding: the end of the last chunk, then a chunk of 0).
LAST_CHUNK = b"\r\n0\r\n\r\n"
#: The number of each change of a log.json answer, or of a panel's log tail.
SEQ = re.compile(rb'"seq": ?(\d+)')
#: The game's last changes a panel carries (web/round_screen.py's log_tail).
LOG_TAIL = re.compile(rb"data-log='([^']*)'")


def tail_of(panel: bytes) -> list[int]:
    """The numbers of the changes a panel carries (none: an empty list)."""
    found = LOG_TAIL.search(panel)
    return [int(seq) for seq in SEQ.findall(found.group(1))] if found else []


#: The longest event a stream's reader takes whole (a panel is some 10 to 30 KB).
STREAM_LIMIT = 1 << 20


class Table:
    """One game, the cookie and CSRF token of its scorer's phone, and the
    times its taps left (by the version each made), for "seen"."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""
        self.csrf = ""
        self.gid = ""
        self.version = 0
        self.bid = 0
        self.tapped: dict[int, float] = {}

    def headers(self, htmx: bool = True) -> dict[str, str]:
        headers = {"Cookie": self.cookie, "X-CSRFToken": self.csrf,
                   "Accept-Encoding": ACCEPT_ENCODING}
        if htmx:
            headers["HX-Request"] = "true"
        return headers

    async def start(self) -> None:
        status, headers, body = await http(self.port, "GET", "/new")
        self.cookie = headers.get("set-cookie", "").split(";")[0]
        self.csrf = re.search(rb'"X-CSRFToken": "([^"]+)"', body).group(1).decode()
        form = {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
        form.update(preset="cardgames", first_dealer="0", action="start", csrf_token=self.csrf)
        status, headers, _ = await self.post("/new", form, htmx=False)
        assert status == 302, status
        self.gid = re.search(r"/g/([^/]+)/", headers["location"]).group(1)
        status, _, body = await self.post(f"/g/{self.gid}/round/1/trump", {"trump": "H"})
        assert status == 200, status
        self.version = int(VERSION.search(body).group(1))

    async def post(self, path: str, form: dict[str, str], htmx: bool = True,
                   phone: Phone | None = None):
        headers = {**self.headers(htmx), "Content-Type": "application/x-www-form-urlencoded"}
        body = urllib.parse.urlencode(form)
        if phone is not None:
            return await phone.request("POST", path, headers, body)
        return await http(self.port, "POST", path, headers, body)


class Step:
    """The figures of one run at N tables."""

    def __init__(self) -> None:
        self.server_cpu = float("nan")
        self.times: dict[str, list[float]] = {"tap": [], "panel": [], "log": []}
        self.errors: dict[str, int] = {"tap": 0, "panel": 0, "log": 0, "stream": 0}
        self.seen: list[float] = []
        self.pushed = 0  # panels that came in a stream
        self.streams_opened = 0
        self.open_seconds = 0.0
        self.stream_errors: collections.Counter[str] = collections.Counter()  # why each ended
        self.refused = 0  # streams refused (a full worker): their phones waited for the retry

    def passes(self) -> bool:
        taps, seen = self.times["tap"], self.seen
        return bool(taps) and not any(self.errors.values()) and \
            percentile(taps, 0.99) < TAP_P99_MS and bool(seen) and \
            statistics.median(seen) <= SEEN_MEDIAN_MS and max(seen) <= SEEN_MAX_MS

    def report(self, label: str, seconds: float) -> str:
        parts = []
        for kind, times in self.times.items():
            p99 = percentile(times, 0.99) if times else float("nan")
            median = statistics.median(times) if times else float("nan")
            parts.append(f"{kind} {len(times) / seconds:6.1f} req/s median {median:6.2f}"
                         f" p99 {p99:7.2f} ms")
        seen = (f"seen median {statistics.median(self.seen):6.1f} max {max(self.seen):7.1f} ms"
                if self.seen else "seen -")
        requests = sum(len(times) for times in self.times.values())
        cpu = self.server_cpu * 1000 / max(1, requests)
        per_tap = self.server_cpu * 1000 / max(1, len(self.times["tap"]))
        pushed = f" | pushed {self.pushed / seconds:6.1f} panels/s" if self.pushed else ""
        errors = " ".join(f"{kind} {count}" for kind, count in self.errors.items())
        streams = (f" | {self.streams_opened} streams opened in {self.open_seconds:4.1f} s"
                   if self.streams_opened else "")
        if self.refused:
            streams += f", {self.refused} refused (their phones asked nothing until their retry)"
        verdict = "pass" if self.passes() else "FAIL"
        if self.stream_errors:
            verdict += "\n  streams ended: " + ", ".join(
                f"{count} x {why}" for why, count in self.stream_errors.most_common(3))
        return (f"{label:<24} " + " | ".join(parts) + f"{pushed} | {seen} | errors: {errors}"
                f"{streams} | server CPU {cpu:4.2f} ms/request, {per_tap:5.2f} ms/tap  {verdict}")


class Watcher:
    """One phone as js/live.js drives it: its panel's version, its stream,
    and its connection for requests."""

    def __init__(self, table: Table, port: int, step: Step, tapper: bool) -> None:
        self.table = table
        self.port = port
        self.step = step
        self.tapper = tapper
        self.shown = table.version
        # A browser's connections to the site: one for the panel, one for taps.
        self.connection = Phone(port)
        self.tap_connection = Phone(port)
        # The log js/offline-engine.js keeps for playing on without network,
        # as the page's JSON export gave it when it loaded, and its connection.
        self.kept = table.version  # its last change's number
        self.kept_seen = table.version  # the panel's version when it was asked for
        self.shown_tail: list[int] = []  # the changes the panel shown carries
        self.log_connection = Phone(port)
        self.keeping = False
        self.asking = False
        self.ask_again = False
        self.tapping = False
        self.waiting = 0
        self.waiting_panel = False
        self.waiting_tail: list[int] = []
        self.stream_writer: asyncio.StreamWriter | None = None

    def close(self) -> None:
        self.connection.close()
        self.tap_connection.close()
        self.log_connection.close()
        if self.stream_writer is not None:
            self.stream_writer.close()

    def show(self, version: int, tail: list[int]) -> None:
        """The panel now shows ``version``: a tap of another phone is seen."""
        if version <= self.shown:
            return
        if not self.tapper:
            now = time.perf_counter()
            for tapped in range(self.shown + 1, version + 1):
                if tapped in self.table.tapped:
                    self.step.seen.append((now - self.table.tapped[tapped]) * 1000)
        self.shown = version
        self.shown_tail = tail
        self.keep()

    def keep(self) -> None:
        """js/offline-engine.js's keepLog, at each settled swap: nothing while
        its request is on its way or the log is as new as the panel; the
        panel's changes taken in when they follow on from the log; else the
        changes after the log asked for."""
        if self.keeping or self.kept_seen >= self.shown:
            return
        tail = self.shown_tail
        if tail and tail[0] <= self.kept + 1:
            self.kept, self.kept_seen = max(self.kept, tail[-1]), self.shown
            return
        asyncio.ensure_future(self.keep_log())

    async def keep_log(self) -> None:
        """The changes after the kept log, asked for once the panel shows a
        newer version than the log was asked at (js/offline-engine.js's
        keepLog, at each settled swap: one request at a time, asked again
        after it when a newer panel was shown meanwhile)."""
        self.keeping = True
        asked = self.shown
        try:
            path = f"/g/{self.table.gid}/log.json?after={self.kept}"
            answer = await self.timed("log", self.log_connection, lambda: self.log_connection.request(
                "GET", path, self.table.headers(htmx=False)))
            if answer is not None:
                status, _, body = answer
                if status == 200:
                    self.kept = max([self.kept] + [int(seq) for seq in SEQ.findall(body)])
                    self.kept_seen = asked
                else:
                    self.step.errors["log"] += 1
        finally:
            self.keeping = False
        if self.kept_seen == asked:  # answered: a newer panel shown meanwhile is kept too
            self.keep()

    async def follow(self, ready: asyncio.Event) -> None:
        """The page's stream, until the step ends (the task is cancelled), as
        js/live.js and the browser's EventSource keep it: refused (the event
        ``full``), nothing is asked until the stream's ``retry`` has passed,
        then it is opened again; ended otherwise (an error: the app ends none
        within a step), the panel is asked for every second until then."""
        while True:
            retry_ms, full = await self.open_stream(ready)
            ready.set()  # a stream that ended before saying its retry leaves the phone ready too
            if full:  # the page asks nothing until its stream opens again
                self.step.refused += 1
                await asyncio.sleep(retry_ms / 1000)
                continue
            self.step.errors["stream"] += 1
            self.step.stream_errors["the stream ended"] += 1
            again = time.monotonic() + retry_ms / 1000
            while time.monotonic() < again:
                await self.ask()
                await asyncio.sleep(min(POLL_EVERY, max(0.0, again - time.monotonic())))

    async def open_stream(self, ready: asyncio.Event | None) -> tuple[int, bool]:
        """The stream: read its events until it ends; then the ``retry`` it
        said (ms) and whether it said the server was full."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=STREAM_LIMIT)
        self.stream_writer = writer
        path = f"/g/{self.table.gid}/events?since={self.shown}&round=1"
        writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                      f"Cookie: {self.table.cookie}\r\nAccept: text/event-stream\r\n"
                      f"Accept-Encoding: {ACCEPT_ENCODING}\r\n\r\n").encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head[:40])
        retry_ms, full, buffer = 1000, False, b""
        while True:
            # One event at a time (it ends with a blank line; every line of a
            # panel starts with "data: "), with the chunk sizes of HTTP's
            # chunked encoding around it: read as a whole, not line by line, so
            # that the generator costs the shared cores little. The answer's
            # last chunk (or the connection's end) ends the stream.
            while b"\n\n" not in buffer:
                data = b"" if buffer == LAST_CHUNK else await reader.read(STREAM_LIMIT)
                if not data:
                    writer.close()
                    return retry_ms, full
                buffer += data
            event, buffer = buffer.split(b"\n\n", 1)
            said = RETRY.search(event)
            if said:
                retry_ms = int(said.group(1))
            full = full or b"event: full\n" in event
            if b"event: panel\n" in event:
                found = VERSION.search(event)
                self.pushed(int(found.group(1)) if found else None, tail_of(event))
            elif b"event: change\n" in event:
                self.heard(int(CHANGE.search(event).group(1)))
            elif said and ready is not None:
                ready.set()

    def heard(self, version: int) -> None:
        """A ``change``: ask, unless this phone's own tap is on its way."""
        if self.tapping:
            self.wait_for(version, panel=False)
        elif version > self.shown:
            asyncio.ensure_future(self.ask())

    def pushed(self, version: int | None, tail: list[int]) -> None:
        """A ``panel`` (the version it shows): shown if newer (js/live.js),
        unless a request of this phone is on its way (then shown after it,
        if still newer)."""
        if version is None:
            self.step.errors["panel"] += 1
            return
        if self.tapping or self.asking:
            self.wait_for(version, panel=True, tail=tail)
        else:
            self.step.pushed += 1
            self.show(version, tail)

    async def ask(self) -> None:
        """The panel again (htmx's poll trigger: one at a time, the last queued)."""
        if self.asking:
            self.ask_again = True
            return
        self.asking = True
        try:
            while True:
                self.ask_again = False
                path = f"/g/{self.table.gid}/round/1/entry?since={self.shown}"
                answer = await self.timed("panel", self.connection, lambda: self.connection.request(
                    "GET", path, self.table.headers()))
                if answer is not None:
                    status, _, body = answer
                    if status == 200:
                        found = VERSION.search(body)
                        if found:
                            self.show(int(found.group(1)), tail_of(body))
                    elif status != 204:
                        self.step.errors["panel"] += 1
                if not self.ask_again:
                    break
        finally:
            self.asking = False
        if not self.tapping:
            self.caught_up()

    def wait_for(self, version: int, panel: bool, tail: list[int] | None = None) -> None:
        """Heard while a request is on its way: the newest, and whether its panel came."""
        if version > self.waiting:
            self.waiting, self.waiting_panel, self.waiting_tail = version, panel, tail or []

    def caught_up(self) -> None:
        """The requests are answered: what was heard meanwhile, if still newer
        than the panel, is shown (the panel sent) or asked for (a change)."""
        version, panel, tail = self.waiting, self.waiting_panel, self.waiting_tail
        self.waiting, self.waiting_panel, self.waiting_tail = 0, False, []
        if version > self.shown:
            if panel:
                self.step.pushed += 1
                self.show(version, tail)
            else:
                asyncio.ensure_future(self.ask())

    async def tap(self) -> None:
        table = self.table
        table.bid = 1 - table.bid
        form = {"player": "1", "bid": str(table.bid)}
        self.tapping = True
        sent = time.perf_counter()
        answer = await self.timed("tap", self.tap_connection, lambda: table.post(
            f"/g/{table.gid}/round/1/bid", form, phone=self.tap_connection))
        self.tapping = False
        if answer is None:
            return
        status, _, body = answer
        found = VERSION.search(body) if status == 200 else None
        if found is None:
            self.step.errors["tap"] += 1
            return
        version = int(found.group(1))
        table.tapped[version] = sent
        table.version = max(table.version, version)
        self.show(version, tail_of(body))
        if not self.asking:
            self.caught_up()

    async def timed(self, kind: str, connection: Phone, call):
        start = time.perf_counter()
        try:
            answer = await asyncio.wait_for(call(), timeout=10)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
            connection.close()
            self.step.errors[kind] += 1
            return None
        self.step.times[kind].append((time.perf_counter() - start) * 1000)
        return answer


async def run_step(servers: list[Server], tables: list[Table], seconds: float, client: str,
                   rng: random.Random, real_app: bool = True) -> Step:
    """Every phone of every table for ``seconds``."""
    step = Step()
    phones: list[list[Watcher]] = []
    for table in tables:
        table.tapped.clear()
        phones.append([Watcher(table, servers[i % len(servers)].port, step, tapper=i == 0)
                       for i in range(PHONES)])
    every = [phone for table_phones in phones for phone in table_phones]
    streams: list[asyncio.Task] = []
    if client == "stream":
        opened = time.perf_counter()
        gate = asyncio.Semaphore(64)  # as many pages load at once as a club's phones do

        async def open_one(phone: Watcher) -> None:
            ready = asyncio.Event()
            async with gate:
                streams.append(asyncio.ensure_future(phone.follow(ready)))
                await asyncio.wait_for(ready.wait(), timeout=30)

        await asyncio.gather(*(open_one(phone) for phone in every))
        step.streams_opened = len(every)
        step.open_seconds = time.perf_counter() - opened
    cpu_before = sum(server.cpu_seconds() for server in servers)
    end = time.monotonic() + seconds

    async def tapper(table_phones: list[Watcher]) -> None:
        await asyncio.sleep(rng.uniform(0, TAP_EVERY))
        while time.monotonic() < end:
            await table_phones[0].tap()
            if not real_app:  # the minimal app tells no one: the others ask at once
                for phone in table_phones[1:]:
                    asyncio.ensure_future(phone.ask())
            await asyncio.sleep(TAP_EVERY)

    async def poller(phone: Watcher) -> None:
        await asyncio.sleep(rng.uniform(0, POLL_EVERY))
        while time.monotonic() < end:
            await phone.ask()
            await asyncio.sleep(POLL_EVERY)

    try:
        work = [tapper(table_phones) for table_phones in phones]
        if client == "poll":
            work += [poller(phone) for phone in every]
        await asyncio.gather(*work)
        for task in streams:
            if task.done() and task.exception() is not None:
                step.errors["stream"] += 1
                step.stream_errors[repr(task.exception())[:60]] += 1
    finally:
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
        for phone in every:
            phone.close()
    step.server_cpu = sum(server.cpu_seconds() for server in servers) - cpu_before
    return step


async def search(servers: list[Server], tables: list[Table], seconds: float, client: str,
                 max_tables: int, rng: random.Random) -> tuple[int, list[str]]:
    """The largest N that passes: doubling from 125, then a few halvings of the gap."""
    lines, passed, failed, n = [], 0, None, 125
    for tried in range(7):
        n = min(n, max_tables)
        if tried and client == "stream":
            await asyncio.sleep(GONE_AFTER)  # the last step's streams are gone
        step = await run_step(servers, tables[:n], seconds, client, rng)
        lines.append(step.report(f"N = {n}", seconds))
        print(lines[-1], flush=True)
        if step.passes():
            passed = n
            if failed is None:
                if n == max_tables:
                    break
                n *= 2
                continue
        else:
            failed = n
        if failed - passed <= max(10, passed // 10):
            break
        n = (passed + failed) // 2
    return passed, lines


class Arm:
    """One database and its app servers, with the tables set up on it."""

    def __init__(self, url: str, servers: int, folder: Path) -> None:
        self.label = ("PostgreSQL" if url.startswith("postgresql") else "SQLite") + (
            f", {servers} servers" if servers > 1 else "")
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(16),
               "LIMIT_WRITES": "1000000 per minute", "LIMIT_NEW_GAMES": "1000000 per hour"}
        subprocess.run([str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"], env=env,
                       cwd=ROOT, check=True, capture_output=True)
        self.servers = []
        for number in range(servers):
            # Several servers stand for several machines: each its own files (the
            # drawn panels its workers share, its rate limits), not the
            # checkout's instance folder, which all would share here.
            own = {} if servers == 1 else {
                "SHARED_PAGES": str(folder / f"pages-{number}.sqlite3"),
                "RATELIMIT_STORAGE_URI": f"sqlite:///{folder / f'limits-{number}.sqlite3'}"}
            self.servers.append(Server("scorekeeper:create_app()", {**env, **own}, ROOT))
        self.tables: list[Table] = []
        self.ended = 0.0  # when its last step ended (time.monotonic())

    async def set_up(self, n: int) -> int:
        """The servers answering and ``n`` tables; the size of a tap's answer as sent."""
        for server in self.servers:
            await server.ready("/healthz")
        print(f"Setting up {n} tables on {self.label} ...", flush=True)
        self.tables = [Table(self.servers[0].port) for _ in range(n)]
        gate = asyncio.Semaphore(8)

        async def start(table: Table) -> None:
            async with gate:
                await table.start()

        await asyncio.gather(*(start(t) for t in self.tables))
        first = self.tables[0]
        _, answered, body = await first.post(f"/g/{first.gid}/round/1/bid",
                                             {"player": "1", "bid": "0"})
        first.version = int(VERSION.search(body).group(1))
        return int(answered.get("content-length", len(body)))  # as sent: compressed

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


async def compared(arms: list[Arm], n: int, pairs: int, seconds: float,
                   rng: random.Random) -> None:
    """Steps of ``n`` tables on each arm in turn (ABBA...: a drift of the
    machine's speed weighs on both alike), each arm's steps at least
    GONE_AFTER apart; the CPU a tap of the second arm over the first's, pair
    by pair."""
    ratios = []
    for pair in range(pairs):
        cpu: dict[Arm, float] = {}
        for arm in (arms if pair % 2 == 0 else arms[::-1]):
            await asyncio.sleep(max(0.0, arm.ended + GONE_AFTER - time.monotonic()))
            step = await run_step(arm.servers, arm.tables[:n], seconds, "stream", rng)
            arm.ended = time.monotonic()
            print(step.report(f"{arm.label}, N = {n}", seconds), flush=True)
            cpu[arm] = step.server_cpu / max(1, len(step.times["tap"]))
        ratios.append(cpu[arms[1]] / cpu[arms[0]])
        print(f"pair {pair + 1}: server CPU a tap, {arms[1].label} / {arms[0].label} = "
              f"{ratios[-1]:.2f}", flush=True)
    print(f"ratios {' '.join(f'{r:.2f}' for r in ratios)}; median {statistics.median(ratios):.2f}")


async def main_async(args: argparse.Namespace) -> int:
    rng = random.Random(12)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-load-"))
    if args.tables:
        args.max_tables = max(args.tables)
    arm = Arm(args.database or f"sqlite:///{folder / 'load.sqlite3'}", args.servers, folder)
    arms = [arm]
    try:
        fragment = await arm.set_up(args.max_tables)
        if args.against_sqlite:
            arms.insert(0, Arm(f"sqlite:///{folder / 'against.sqlite3'}", 1, folder))
            await arms[0].set_up(args.max_tables)
        servers, tables = arm.servers, arm.tables
        loop = type(asyncio.get_running_loop()).__module__.split(".")[0]
        options = " ".join(GUNICORN).replace(f"{ROOT}/", "")
        asking = ("each phone keeps the game's stream and asks at each change" if args.client
                  == "stream" else f"each phone asks every {POLL_EVERY:g} s")
        print(f"{args.servers} x gunicorn {options}, generator on {loop}; {PHONES} phones a "
              f"table, {asking}, a tap every {TAP_EVERY:g} s a table; {args.seconds:g} s a step; "
              f"pass: no error, tap p99 < {TAP_P99_MS:g} ms, seen median <= "
              f"{SEEN_MEDIAN_MS:g} ms and max <= {SEEN_MAX_MS:g} ms", flush=True)
        if args.against_sqlite:
            await compared(arms, args.max_tables, args.pairs, args.seconds, rng)
            return 0
        if args.tables:  # one step at each N given, no search
            best = 0
            for n in args.tables:
                step = await run_step(servers, tables[:n], args.seconds, args.client, rng)
                print(step.report(f"N = {n}", args.seconds), flush=True)
                best = max(best, n) if step.passes() else best
                await asyncio.sleep(GONE_AFTER if args.client == "stream" else 0)
        else:
            best, _lines = await search(servers, tables, args.seconds, args.client,
                                        args.max_tables, rng)
    finally:
        for each in arms:
            each.stop()
    print(f"largest N that passes: {best} tables ({best * PHONES} phones)")
    minimal_env = {**os.environ, "FRAGMENT_BYTES": str(fragment)}
    (folder / "minimal_app.py").write_text(MINIMAL_APP)
    minimal = Server("minimal_app:app", minimal_env, folder)
    try:
        await minimal.ready("/g/x/round/1/entry")
        for table in tables:
            table.port = minimal.port
            table.version = 0
        n = best or min(125, len(tables))
        step = await run_step([minimal], tables[:n], args.seconds, args.client, rng,
                              real_app=False)
        print(step.report(f"minimal app, N = {n}", args.seconds))
        print(f"(the minimal app answers every request with {fragment} bytes, the size of a "
              "tap's htmx answer as the app sends it, compressed)")
    finally:
        minimal.stop()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", help="a database URL (default: a new SQLite file)")
    parser.add_argument("--servers", type=int, default=1, help="app servers on the database")
    parser.add_argument("--client", choices=["stream", "poll"], default="stream")
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--max-tables", type=int, default=800)
    parser.add_argument("--tables", type=int, nargs="+",
                        help="one step at each of these N instead of the search")
    parser.add_argument("--gunicorn", help="gunicorn's options instead of make run's "
                        f"({' '.join(GUNICORN)}), to compare: --gunicorn='--workers 3'")
    parser.add_argument("--against-sqlite", action="store_true",
                        help="with --database and one --tables N: steps of N tables on it and "
                        "on make run's SQLite in turn, and the ratio of their CPU a tap")
    parser.add_argument("--pairs", type=int, default=3,
                        help="with --against-sqlite: how many steps on each (default 3)")
    args = parser.parse_args()
    if args.against_sqlite and (not args.database or not args.tables or len(args.tables) > 1):
        parser.error("--against-sqlite needs --database and one --tables N")
    if args.gunicorn:
        GUNICORN[:] = args.gunicorn.split()
    try:  # the generator shares the cores with the server: the cheaper loop where it is
        import uvloop
    except ImportError:
        print("uvloop is not installed (pip install -e '.[bench]'): the generator runs on "
              "asyncio and takes more of the cores the servers share", file=sys.stderr)
        return asyncio.run(main_async(args))
    return uvloop.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
