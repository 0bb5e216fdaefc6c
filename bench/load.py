"""How many tables one box serves: N tables against gunicorn as ``make run`` starts it.

Run: ``.venv/bin/python bench/load.py`` (SQLite file in a temporary folder), or
``.venv/bin/python bench/load.py --database postgresql://...`` (an empty database:
the script migrates it). ``--seconds`` sets each step's length, ``--max-tables``
the largest N tried.

Each table is one game with 4 phones that poll the open round every 4 s
(``GET .../round/1/entry?since=<version>``, 204 while nothing changed, the
panel and its new version otherwise) and one tap every 5 s (an htmx bid that
writes). Every phone starts at a random phase and has its own connection,
kept open between its requests as a browser keeps it where the server allows
(gunicorn's sync workers close each one: a new connection per request). The
generator is open-loop (requests go out at their times, whatever the answers)
but bounded: at most ``--in-flight`` requests at once, on loopback only, and
every run ends by itself. A request that cannot go out within 50 ms of its
time counts as late. It runs on uvloop where the bench extra installed it
(``pip install -e ".[bench]"``): it shares the cores with the server, and
uvloop spends about a third less CPU on the same requests.

It tries N = 25, 50, 100, ... doubling while the step passes (p99 < 50 ms, no
error, nothing late), then halves the gap between the last pass and the
first failure a few times. It prints, for every step, the req/s and p99 of
each request kind; then the same load at the largest N against a minimal
Flask app, under the same gunicorn, that answers every request with a
fragment of the tap's size (the cost of gunicorn, Flask and this generator
alone), for a ratio. Each step also gives the CPU time gunicorn and its
workers spent per request (from /proc): steadier than the latencies on a
machine that other work shares, and what bounds N once the machine is quiet.
"""

from __future__ import annotations

import argparse
import asyncio
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
POLL_EVERY, TAP_EVERY, PHONES = 4.0, 5.0, 4
P99_BUDGET_MS, LATE_MS = 50.0, 50.0
#: As the Makefile's ``run`` starts it (the minimal app too: the same gunicorn).
GUNICORN = ["--config", str(ROOT / "gunicorn.conf.py"), "--workers", "2"]

MINIMAL_APP = '''
from flask import Flask, request
SIZE = int(__import__("os").environ["FRAGMENT_BYTES"])
FRAGMENT = ("<section id=entry>" + "x" * SIZE)[:SIZE]
app = Flask(__name__)
@app.route("/g/<gid>/round/<int:number>/<what>", methods=["GET", "POST"])
def fragment(gid, number, what):
    return FRAGMENT
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
        return status, answer_headers, data


async def http(port: int, method: str, path: str, headers: dict[str, str] | None = None,
               body: str = "") -> tuple[int, dict[str, str], bytes]:
    """One request on a connection of its own."""
    phone = Phone(port)
    try:
        return await phone.request(method, path, headers, body)
    finally:
        phone.close()


class Phones:
    """The phones of one step, each with its connection, all closed at its end."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.every: list[Phone] = []

    def new(self) -> Phone:
        self.every.append(Phone(self.port))
        return self.every[-1]

    def close(self) -> None:
        for phone in self.every:
            phone.close()


class Server:
    """gunicorn on a free loopback port, started and stopped by this script."""

    def __init__(self, app: str, env: dict[str, str], cwd: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [str(BIN / "gunicorn"), "--bind", f"127.0.0.1:{self.port}", *GUNICORN,
             "--access-logfile", "/dev/null", app],
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


class Table:
    """One game and the cookie and CSRF token of its scorer's phone."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""
        self.csrf = ""
        self.gid = ""
        self.version = 0
        self.bid = 0

    def headers(self, htmx: bool = True) -> dict[str, str]:
        headers = {"Cookie": self.cookie, "X-CSRFToken": self.csrf}
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
        self.version = int(re.search(rb"since=(\d+)", body).group(1))

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
        self.times: dict[str, list[float]] = {"poll": [], "tap": []}
        self.errors: dict[str, int] = {"poll": 0, "tap": 0}
        self.late = 0

    def passes(self) -> bool:
        every = self.times["poll"] + self.times["tap"]
        return bool(every) and not any(self.errors.values()) and not self.late and \
            percentile(every, 0.99) < P99_BUDGET_MS

    def report(self, label: str, seconds: float) -> str:
        parts = []
        for kind, times in self.times.items():
            p99 = percentile(times, 0.99) if times else float("nan")
            median = statistics.median(times) if times else float("nan")
            parts.append(f"{kind} {len(times) / seconds:6.1f} req/s median {median:6.2f}"
                         f" p99 {p99:7.2f} ms errors {self.errors[kind]}")
        every = self.times["poll"] + self.times["tap"]
        p99 = percentile(every, 0.99) if every else float("nan")
        verdict = "pass" if self.passes() else "FAIL"
        cpu = self.server_cpu * 1000 / max(1, len(every))
        return (f"{label:<22} " + " | ".join(parts) +
                f" | all p99 {p99:7.2f} ms late {self.late} | server CPU {cpu:4.2f} ms/request"
                f"  {verdict}")


async def run_step(server: Server, tables: list[Table], seconds: float, in_flight: int,
                   rng: random.Random, real_app: bool = True) -> Step:
    """Every phone of every table for ``seconds``, open-loop and bounded."""
    phones = Phones(server.port)
    step = Step()
    cpu_before = server.cpu_seconds()
    gate = asyncio.Semaphore(in_flight)
    end = time.monotonic() + seconds

    async def timed(kind: str, phone: Phone, call, when: float):
        if time.monotonic() - when > LATE_MS / 1000:
            step.late += 1
            return None
        async with gate:
            if time.monotonic() - when > LATE_MS / 1000:
                step.late += 1
                return None
            start = time.perf_counter()
            try:
                answer = await asyncio.wait_for(call(), timeout=10)
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
                phone.close()
                step.errors[kind] += 1
                return None
            step.times[kind].append((time.perf_counter() - start) * 1000)
            return answer

    async def poller(table: Table) -> None:
        when = time.monotonic() + rng.uniform(0, POLL_EVERY)
        since = table.version
        phone = phones.new()
        while when < end:
            await asyncio.sleep(max(0.0, when - time.monotonic()))
            path = f"/g/{table.gid}/round/1/entry?since={since}"
            answer = await timed("poll", phone,
                                 lambda: phone.request("GET", path, table.headers()), when)
            if answer is not None:
                status, _, body = answer
                if status == 200 and real_app:
                    since = int(re.search(rb"since=(\d+)", body).group(1))
                elif status not in (200, 204):
                    step.errors["poll"] += 1
            when += POLL_EVERY

    async def tapper(table: Table) -> None:
        when = time.monotonic() + rng.uniform(0, TAP_EVERY)
        phone = phones.new()
        while when < end:
            await asyncio.sleep(max(0.0, when - time.monotonic()))
            table.bid = 1 - table.bid
            form = {"player": "1", "bid": str(table.bid)}
            path = f"/g/{table.gid}/round/1/bid"
            answer = await timed("tap", phone, lambda: table.post(path, form, phone=phone), when)
            if answer is not None and answer[0] != 200:
                step.errors["tap"] += 1
            when += TAP_EVERY

    try:
        await asyncio.gather(*(poller(t) for t in tables for _ in range(PHONES)),
                             *(tapper(t) for t in tables))
    finally:
        phones.close()
    step.server_cpu = server.cpu_seconds() - cpu_before
    return step


async def search(server: Server, tables: list[Table], seconds: float, in_flight: int,
                 max_tables: int, rng: random.Random) -> tuple[int, list[str]]:
    """The largest N that passes: doubling, then a few halvings of the gap."""
    lines, passed, failed, n = [], 0, None, 25
    tried = 0
    while tried < 9:
        tried += 1
        n = min(n, max_tables)
        step = await run_step(server, tables[:n], seconds, in_flight, rng)
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
        if failed is not None:
            if failed - passed <= max(5, passed // 10):
                break
            n = (passed + failed) // 2
    return passed, lines


async def main_async(args: argparse.Namespace) -> int:
    rng = random.Random(12)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-load-"))
    url = args.database or f"sqlite:///{folder / 'load.sqlite3'}"
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(16),
           "LIMIT_WRITES": "1000000 per minute", "LIMIT_NEW_GAMES": "1000000 per hour"}
    subprocess.run([str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"], env=env,
                   cwd=ROOT, check=True, capture_output=True)
    server = Server("scorekeeper:create_app()", env, ROOT)
    try:
        await server.ready("/healthz")
        print(f"Setting up {args.max_tables} tables on {url.split(':')[0]} ...", flush=True)
        tables = [Table(server.port) for _ in range(args.max_tables)]
        gate = asyncio.Semaphore(8)

        async def start(table: Table) -> None:
            async with gate:
                await table.start()

        await asyncio.gather(*(start(t) for t in tables))
        _, headers, body = await tables[0].post(f"/g/{tables[0].gid}/round/1/bid",
                                                {"player": "1", "bid": "0"})
        fragment = len(body)
        loop = type(asyncio.get_running_loop()).__module__.split(".")[0]
        options = " ".join(GUNICORN).replace(f"{ROOT}/", "")
        print(f"gunicorn {options}, generator on {loop}, {PHONES} phones polling every {POLL_EVERY:g} s "
              f"and a tap every {TAP_EVERY:g} s per table, {args.seconds:g} s a step, at most "
              f"{args.in_flight} requests in flight; pass: p99 < {P99_BUDGET_MS:g} ms, "
              "no error, none late", flush=True)
        best, _lines = await search(server, tables, args.seconds, args.in_flight,
                                    args.max_tables, rng)
    finally:
        server.stop()
    print(f"largest N that passes: {best} tables ({best * (PHONES / POLL_EVERY + 1 / TAP_EVERY):.0f}"
          " req/s offered)")
    minimal_env = {**os.environ, "FRAGMENT_BYTES": str(fragment)}
    (folder / "minimal_app.py").write_text(MINIMAL_APP)
    minimal = Server("minimal_app:app", minimal_env, folder)
    try:
        await minimal.ready("/g/x/round/1/entry")
        for table in tables:
            table.port = minimal.port
        n = best or 25
        step = await run_step(minimal, tables[:n], args.seconds, args.in_flight, rng,
                              real_app=False)
        print(step.report(f"minimal app, N = {n}", args.seconds))
        print(f"(the minimal app answers every request with {fragment} bytes, the size of a "
              "tap's htmx answer)")
    finally:
        minimal.stop()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", help="a database URL (default: a new SQLite file)")
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--max-tables", type=int, default=800)
    parser.add_argument("--in-flight", type=int, default=64)
    parser.add_argument("--gunicorn", help="gunicorn's options instead of make run's "
                        f"({' '.join(GUNICORN)}), to compare: --gunicorn='--workers 3'")
    args = parser.parse_args()
    if args.gunicorn:
        GUNICORN[:] = args.gunicorn.split()
    try:  # the generator shares the cores with the server: the cheaper loop where it is
        import uvloop
    except ImportError:
        return asyncio.run(main_async(args))
    return uvloop.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
