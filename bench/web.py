"""Server-side timings and page weight of the round screen, in process.

Run: ``.venv/bin/python bench/web.py`` (or ``make bench``).

It builds, in a temporary SQLite database and through the app's own forms
(Flask test client, CSRF off), a 7-player game of 25 rounds of up to 7 cards
with the hook rule on, and measures:

(a) a bid tap as htmx (``POST /g/<id>/round/24/bid`` with ``HX-Request``) on a
    copy of the game at round 24, after 23 closed rounds, so the fold of the
    stored changes is as big as it gets in play. Each tap writes a change; the
    change is then deleted (untimed) so that every tap meets the same history.
    A second line taps without deleting, so the history grows as it would at a
    table that keeps changing its mind.
(b) the standings page of the finished game;
(c) the bytes the round page costs a phone: the HTML and everything it loads
    (CSS, htmx, favicon), each as the server sends it to a browser that accepts
    gzip (Flask-Compress).

Timings are wall-clock server time in this process (no network, no browser)
and include the SQLite writes. Compare ratios within one run.
"""

from __future__ import annotations

import gzip
import os
import re
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, DeviceGame, Game, Link
from scorekeeper.rules import forbidden_bid

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
#: 25 rounds, 1 up to 7 cards and back, twice (7 x 7 = 49 cards: one deck, a card left for trump).
SCHEDULE = [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
TAP_ROUND = 24
TAPS = 300
STANDINGS_REQUESTS = 200
WARM_UP = 20
SHORT_ROUND = 8
LONG_HISTORY = 4000
POLLS = 300
OTHER_GAMES = 10_000
BUDGET_TAP_P95_MS = 5.0
BUDGET_POLL_MEDIAN_MS = 1.0
BUDGET_STANDINGS_MS = 5.0
BUDGET_FRONT_MS = 10.0
BUDGET_ROUND_PAGE_KB = 60.0
HTMX = {"HX-Request": "true"}
GZIP = {"Accept-Encoding": "gzip"}
#: What Chromium sends; Flask-Compress then picks zstd (or br) where it can.
CHROMIUM = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile (no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


class Table:
    """Enters a game through the app's forms, as the web tests' ``Table`` does."""

    def __init__(self, client):
        self.client = client

    def start(self) -> str:
        data = {f"players-{i}": name for i, name in enumerate(NAMES)}
        data.update(preset="piekielko", first_dealer="0", action="start", hook="on",
                    shape="custom", custom=" ".join(map(str, SCHEDULE)))
        response = self.client.post("/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)

    def post(self, gid: str, path: str, **data) -> None:
        response = self.client.post(f"/g/{gid}{path}", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)

    def play(self, gid: str, rounds: int) -> None:
        """Close ``rounds`` rounds with varied bids and tricks that add up."""
        for number in range(1, rounds + 1):
            cards = SCHEDULE[number - 1]
            dealer = (number - 1) % len(NAMES)
            order = [(dealer + k) % len(NAMES) for k in range(1, len(NAMES) + 1)]
            bids = [(number + i) % 2 for i in range(len(NAMES) - 1)]
            forbidden = forbidden_bid(cards, bids)
            bids.append(1 if forbidden != 1 else 0)
            self.post(gid, f"/round/{number}/trump", trump="CDHS"[number % 4])
            for seat, bid in zip(order, bids):
                self.post(gid, f"/round/{number}/bid", player=seat, bid=bid)
            left = cards
            for index, seat in enumerate(order):
                taken = left if index == len(order) - 1 else min(bids[index], left)
                left -= taken
                self.post(gid, f"/round/{number}/tricks", player=seat, tricks=taken)
            self.post(gid, f"/round/{number}/close")


def ms(seconds: float) -> float:
    return seconds * 1000


def game_of(gid: str):
    """The stored game behind a link's token (the address the table uses)."""
    return db.select(Link.game_id).where(Link.token == gid).scalar_subquery()


def pad_history(app, gid: str, number: int, total: int) -> None:
    """Grow the game's history to ``total`` changes with bids of the round's
    first bidder, alternating 1 and 2 (as a table that keeps changing its
    mind), written straight to the database as another server would: the
    game's version goes up with them."""
    seat = number % len(NAMES)
    with app.app_context():
        game = db.session.scalars(db.select(Game).where(Game.id == game_of(gid))).one()
        last = db.session.scalar(db.select(db.func.max(Change.seq)).where(Change.game_id == game.id))
        rows = [{"game_id": game.id, "seq": seq, "kind": "bid", "round": number, "player": seat,
                 "value": 1 + seq % 2} for seq in range(last + 1, total + 1)]
        db.session.execute(db.insert(Change), rows)
        game.version += len(rows)
        db.session.commit()


def change_count(app, gid: str) -> int:
    with app.app_context():
        return db.session.scalar(
            db.select(db.func.count(Change.id)).where(Change.game_id == game_of(gid)))


def time_bid_taps(client, games: list[tuple[str, int]], taps: int = TAPS):
    """Tap the first bidder's bid in each game's round, alternating 1 and 2, the
    games in turn (so that the machine's noise falls on each alike); each
    game's (wall, CPU) times in ms and the gzipped size of the last answer."""
    times: list[list[tuple[float, float]]] = [[] for _ in games]
    sizes = [0] * len(games)
    for i in range(WARM_UP + taps):
        for index, (gid, number) in enumerate(games):
            seat = number % len(NAMES)  # the seat after the dealer bids first
            url = f"/g/{gid}/round/{number}/bid"
            start, cpu = time.perf_counter(), time.process_time()
            response = client.post(url, data={"player": seat, "bid": 1 + i % 2},
                                   headers={**HTMX, **GZIP})
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
            assert response.status_code == 200, response.get_data(as_text=True)[:500]
            sizes[index] = len(response.get_data())
            if i >= WARM_UP:
                times[index].append((ms(elapsed), ms(cpu)))
    return times, sizes


def time_polls(client, gid: str, number: int, version: int, requests: int, status: int = 204):
    """The poll of an open round that has not changed since ``version``: 204
    every time; or (``status`` 200) of one that has: the panel of its version."""
    times = []
    url = f"/g/{gid}/round/{number}/entry?since={version}"
    for i in range(WARM_UP + requests):
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url, headers=HTMX)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert response.status_code == status, response.status_code
        if i >= WARM_UP:
            times.append((ms(elapsed), ms(cpu)))
    return times


def other_devices_games(app, count: int) -> None:
    """``count`` games of other devices on the server, each with its links and a
    device's list entry, written in bulk (the front page must not care)."""
    finished = {"status": "finished", "round": 25, "rounds": 25, "leader": None,
                "winners": ["Ann"]}
    with app.app_context():
        template = db.session.scalars(db.select(Game).limit(1)).one()
        first = (db.session.scalar(db.select(db.func.max(Game.id))) or 0) + 1
        now = template.created_at
        games, links, lists = [], [], []
        for n in range(count):
            gid = first + n
            games.append({"id": gid, "public_id": secrets.token_hex(16), "created_at": now,
                          "updated_at": now, "preset": template.preset,
                          "ruleset": template.ruleset, "first_dealer": 0,
                          "summary": finished, "finished": n % 3 != 0, "version": 300})
            links.append({"id": 10 * gid, "game_id": gid, "token": secrets.token_urlsafe(16),
                          "role": "scorer", "created_at": now})
            lists.append({"device": f"other{n % 2000}", "game_id": gid, "link_id": 10 * gid,
                          "added_at": now})
        db.session.execute(db.insert(Game), games)
        db.session.execute(db.insert(Link), links)
        db.session.execute(db.insert(DeviceGame), lists)
        db.session.commit()


def time_gets(client, url: str, requests: int) -> list[tuple[float, float]]:
    times = []
    for i in range(WARM_UP + requests):
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert response.status_code == 200
        if i >= WARM_UP:
            times.append((ms(elapsed), ms(cpu)))
    return times


def page_weight(client, url: str) -> list[tuple[str, int, int, str, int, str, int]]:
    """For the page and what it loads: path, bytes sent for gzip and raw bytes and
    the encoding used, bytes sent to Chromium and that encoding, and the body
    gzipped at level 6 (what it would cost if the server gzipped it)."""
    response = client.get(url, headers=GZIP)
    html = response.get_data()
    text = gzip.decompress(html) if response.headers.get("Content-Encoding") == "gzip" else html
    paths = [url]
    paths += re.findall(rb'<link[^>]+href="([^"]+)"', text)
    paths += re.findall(rb'<script[^>]+src="([^"]+)"', text)
    rows = []
    for path in paths:
        path = path.decode() if isinstance(path, bytes) else path
        response = client.get(path, headers=GZIP)
        assert response.status_code == 200, path
        sent = response.get_data()
        encoding = response.headers.get("Content-Encoding", "identity")
        raw = gzip.decompress(sent) if encoding == "gzip" else sent
        response.close()
        response = client.get(path, headers=CHROMIUM)
        to_chromium = response.get_data()
        chromium_encoding = response.headers.get("Content-Encoding", "identity")
        response.close()
        rows.append((path, len(sent), len(raw), encoding, len(to_chromium), chromium_encoding,
                     len(gzip.compress(raw, compresslevel=6))))
    return rows


def db_version(app, gid: str) -> int:
    with app.app_context():
        return db.session.scalar(db.select(Game.version).where(Game.id == game_of(gid)))


def line(label: str, times: list[tuple[float, float]], budget: float | None = None) -> str:
    """A row of figures; a budget is on the p95, the poll's on the median."""
    wall, cpu = [t[0] for t in times], [t[1] for t in times]
    median, p95 = statistics.median(wall), percentile(wall, 0.95)
    verdict = ""
    if budget is not None:
        on_median = budget == BUDGET_POLL_MEDIAN_MS
        figure, name = (median, "median") if on_median else (p95, "p95")
        verdict = f"  {'OK' if figure <= budget else 'OVER'} ({name} <= {budget:g} ms)"
    return (f"{label:<40} {len(times):>4} {median:>7.2f} {p95:>7.2f} {max(wall):>7.2f}"
            f" {statistics.median(cpu):>7.2f} {percentile(cpu, 0.95):>7.2f}{verdict}")


def bench_app(folder: str):
    """The app on a fresh SQLite file in ``folder``, CSRF off (the forms are posted directly)."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "bench",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
        "WTF_CSRF_ENABLED": False,
        # The limiter runs on every write, as on a server, but a bench taps
        # faster than any table: it must not stop it.
        "LIMIT_WRITES": "1000000 per minute",
        "LIMIT_NEW_GAMES": "1000000 per hour",
    })
    with app.app_context():
        db.create_all()
    return app


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        app = bench_app(tmp)
        client = app.test_client()
        table = Table(client)

        print(f"Building {len(NAMES)}-player games of {len(SCHEDULE)} rounds "
              f"({' '.join(map(str, SCHEDULE))} cards) ...", flush=True)
        finished = table.start()
        table.play(finished, len(SCHEDULE))
        short = table.start()  # ~100 changes: round 8 after 7 closed rounds
        table.play(short, SHORT_ROUND - 1)
        table.post(short, f"/round/{SHORT_ROUND}/trump", trump="S")
        in_progress = table.start()
        table.play(in_progress, TAP_ROUND - 1)
        table.post(in_progress, f"/round/{TAP_ROUND}/trump", trump="S")
        long_game = table.start()
        table.play(long_game, TAP_ROUND - 1)
        table.post(long_game, f"/round/{TAP_ROUND}/trump", trump="S")
        pad_history(app, long_game, TAP_ROUND, LONG_HISTORY)
        counts = [change_count(app, gid) for gid in (short, in_progress, long_game)]

        (taps_short, taps, taps_long), sizes = time_bid_taps(
            client, [(short, SHORT_ROUND), (in_progress, TAP_ROUND), (long_game, TAP_ROUND)])
        polls = time_polls(client, in_progress, TAP_ROUND, db_version(app, in_progress), POLLS)
        polls_long = time_polls(client, long_game, TAP_ROUND, db_version(app, long_game), POLLS)
        # Another phone's poll after the last tap: the panel that tap drew, kept.
        polls_changed = time_polls(client, in_progress, TAP_ROUND,
                                   db_version(app, in_progress) - 1, POLLS, status=200)
        health = time_gets(client, "/healthz", POLLS)
        standings = time_gets(client, f"/g/{finished}/standings", STANDINGS_REQUESTS)
        front = time_gets(client, "/", STANDINGS_REQUESTS)
        other_devices_games(app, OTHER_GAMES)
        front_crowded = time_gets(client, "/", STANDINGS_REQUESTS)
        weight = page_weight(client, f"/g/{in_progress}/round/{TAP_ROUND}")

        with app.app_context():
            db.session.remove()
            db.engine.dispose()

    print()
    print(f"Server time in process (Flask test client, SQLite file), Python {sys.version.split()[0]}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores;"
          " CPU = this process's CPU time, less disturbed by other load than wall time")
    print(f"{'request':<40} {'n':>4} {'wall ms':>23} {'CPU ms':>15}")
    print(f"{'':<40} {'':>4} {'median':>7} {'p95':>7} {'max':>7} {'median':>7} {'p95':>7}")
    print(line(f"bid tap, htmx, round {SHORT_ROUND}, {counts[0]} changes", taps_short))
    print(line(f"bid tap, htmx, round {TAP_ROUND}, {counts[1]} changes", taps,
               BUDGET_TAP_P95_MS))
    print(line(f"bid tap, htmx, round {TAP_ROUND}, {counts[2]} changes", taps_long,
               BUDGET_TAP_P95_MS))
    print(line("poll, nothing changed (204)", polls, BUDGET_POLL_MEDIAN_MS))
    print(line(f"  same, game of {counts[2]} changes", polls_long, BUDGET_POLL_MEDIAN_MS))
    print(line("  changed: after a tap (kept panel)", polls_changed))
    print(line("  for scale: GET /healthz (one query)", health))
    print(line(f"standings, finished, {len(SCHEDULE)} rounds", standings, BUDGET_STANDINGS_MS))
    print(line("front page, 4 games on the server", front))
    print(line(f"front page, {OTHER_GAMES:,} other games", front_crowded, BUDGET_FRONT_MS))
    wall = lambda times: statistics.median(t[0] for t in times)  # noqa: E731
    print(f"taps grown by the runs: {TAPS + WARM_UP} each; each history ends {TAPS + WARM_UP}"
          " changes longer")
    print(f"tap, {counts[2]} changes / {counts[0]} changes, median wall: "
          f"{wall(taps_long) / wall(taps_short):.2f}x (target <= 1.3x); CPU: "
          f"{statistics.median(t[1] for t in taps_long) / statistics.median(t[1] for t in taps_short):.2f}x")
    print(f"htmx answer of a tap, gzipped: {' / '.join(map(str, sizes))} bytes "
          f"({'OK' if max(sizes) <= 2048 else 'OVER'}, target <= 2 KB)")
    print()
    print("Round page and what it loads: bytes sent for Accept-Encoding: gzip (the budget),")
    print("uncompressed, sent to Chromium (gzip, deflate, br, zstd), and gzip -6 of the body")
    print(f"{'resource':<38} {'gzip req':>9} {'enc':<8} {'raw':>7} {'Chromium':>9} {'enc':<8} {'gzip -6':>8}")
    for path, sent, raw, encoding, chromium, chromium_encoding, gz in weight:
        print(f"{path[:38]:<38} {sent:>9} {encoding:<8} {raw:>7} {chromium:>9} {chromium_encoding:<8} {gz:>8}")
    total = sum(row[1] for row in weight)
    verdict = "OK" if total / 1024 < BUDGET_ROUND_PAGE_KB else "OVER"
    print(f"{'total':<38} {total:>9} {'':<8} {sum(r[2] for r in weight):>7} "
          f"{sum(r[4] for r in weight):>9} {'':<8} {sum(r[6] for r in weight):>8}")
    print(f"as sent for gzip: {total / 1024:.1f} KB  {verdict} (budget < {BUDGET_ROUND_PAGE_KB:g} KB)")
    if any(row[3] == "identity" and row[2] >= 500 for row in weight):
        print("note: Flask-Compress streams static files (send_file) with zstd, br or deflate only"
              " (COMPRESS_ALGORITHM_STREAMING has no gzip), so a gzip-only client gets them raw.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
