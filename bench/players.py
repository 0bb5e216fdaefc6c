"""Server time of the statistics pages with 1,000 finished games on the device,
in process.

Run: ``.venv/bin/python bench/players.py [GAMES]``.

Three 4-player games of 19 rounds (10 cards down to 1 and back up to 10,
Estonian scoring, different bids and winners) are played through the app's
own forms (Flask test client, CSRF off) in a temporary SQLite database; their
players and stored changes are then copied (SQL, untimed) into GAMES games in
all (1,000 unless told) on the device's list, one every 9 hours back from
now (so "Last 30 days" holds about 80 of them). Another device has as many
games of players with the same names, their statistics kept, so that every
query has to find the device's own.

Printed, each as the median and the 95th percentile of the wall time and of
this process's CPU time (the machine is shared: CPU time suffers less from
the others), with the SQL statements a request runs:

- the player page the first time (every game folded once and its facts kept:
  the case of games stored before the statistics existed, or imported);
- the player page once the facts are kept (warm: its figures are kept in the
  process too), with the period filter, the Players page and the statistics CSV;
- the player page worked out every time (nothing kept in the process: the
  first view after a game ends, or on another server);
- the player page right after a correction of a finished game (that game
  folded again).

The issue's target: the player page at most 20 ms server time.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta

from sqlalchemy import event, insert, select

from scorekeeper import create_app
from scorekeeper.storage.database import db
from scorekeeper.storage.stores import stores
from scorekeeper.storage.models import Change, DeviceGame, Game, Link, Player, new_link_token
from scorekeeper.storage.models import utcnow

NAMES = ["Ann", "Bob", "Cy", "Di"]
SIZES = [*range(10, 0, -1), *range(2, 11)]  # 19 rounds
TEMPLATES = 3
REQUESTS = 100
CORRECTIONS = 20
TARGET_MS = 20.0


def play_template(client, variant: int) -> str:
    """One finished game through the forms; its scorer token. Bids and tricks
    follow ``variant``, so that the games differ in who makes what."""
    data = {f"players-{i}": name for i, name in enumerate(NAMES)}
    data.update(preset="estonian", shape="custom", custom=" ".join(map(str, SIZES)),
                first_dealer=str(variant % 4), action="start")
    token = client.post("/new", data=data).headers["Location"].split("/")[2]
    for number, cards in enumerate(SIZES, start=1):
        dealer = (number - 1 + variant) % 4
        order = [(dealer + k) % 4 for k in range(1, 5)]
        client.post(f"/g/{token}/round/{number}/trump", data={"trump": "H"})
        second = cards - 1 if (number + variant) % 3 else 0
        bids = [1, second, 0]
        bids.append(0 if sum(bids) != cards else 1)  # never the hook's forbidden bid
        tricks = [1, cards - 1, 0, 0] if cards > 1 else [1, 0, 0, 0]
        for seat, bid in zip(order, bids):
            assert client.post(f"/g/{token}/round/{number}/bid",
                               data={"player": seat, "bid": bid}).status_code == 302
        for seat, taken in zip(order, tricks):
            client.post(f"/g/{token}/round/{number}/tricks", data={"player": seat, "tricks": taken})
        assert client.post(f"/g/{token}/round/{number}/close").status_code == 302
    return token


def copy_games(templates: list[Game], device: str, count: int, skip: int = 0) -> list[str]:
    """``count`` copies of the templates in turn on the device's list, one
    every 9 hours back from now (after the first ``skip``); their scorer tokens."""
    changes = {t.id: list(db.session.execute(
        select(Change.seq, Change.kind, Change.round, Change.player, Change.value)
        .where(Change.game_id == t.id))) for t in templates}
    now, tokens = utcnow(), []
    for i in range(count):
        template = templates[i % len(templates)]
        game = Game(preset=template.preset, ruleset=template.ruleset,
                    first_dealer=template.first_dealer, summary=template.summary, finished=True,
                    created_at=now - timedelta(hours=9 * (i + skip)))
        game.players = [Player(seat=p.seat, name=p.name) for p in template.players]
        db.session.add(game)
        link = Link(game=game, role="scorer", token=new_link_token())
        db.session.add(link)
        db.session.flush()
        db.session.execute(insert(Change), [
            {"game_id": game.id, "seq": c.seq, "kind": c.kind, "round": c.round,
             "player": c.player, "value": c.value} for c in changes[template.id]])
        db.session.add(DeviceGame(device=device, game_id=game.id, link_id=link.id))
        tokens.append(link.token)
    db.session.commit()
    return tokens


class Statements:
    """Counts the SQL statements the app runs."""

    def __init__(self, engine) -> None:
        self.count = 0
        event.listen(engine, "before_cursor_execute", self.seen)

    def seen(self, *_args) -> None:
        self.count += 1


def timed(client, path: str, statements: Statements) -> tuple[float, float, int]:
    """Wall and CPU milliseconds of one GET, and its SQL statements."""
    before = statements.count
    wall, cpu = time.perf_counter(), time.process_time()
    response = client.get(path)
    wall, cpu = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
    assert response.status_code == 200, response.status_code
    return wall, cpu, statements.count - before


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(values):5.1f} ms, p95 {p95:5.1f} ms"


def report(label: str, runs: list[tuple[float, float, int]]) -> None:
    walls, cpus, counts = zip(*runs)
    print(f"{label:34} wall {percentiles(list(walls))} | CPU {percentiles(list(cpus))} "
          f"| {max(counts)} SQL statements ({len(runs)} requests)")


def correct(client, token: str, flip: bool) -> None:
    """Correct round 1 (10 cards) of a finished game, two ways in turn."""
    rows = [(1, 1), (0, 9), (0, 0), (1, 0)] if flip else [(1, 1), (9, 9), (0, 0), (1, 0)]
    data = {"trump": "H"}
    for row, (bid, taken) in enumerate(rows):
        data[f"seats-{row}-bid"], data[f"seats-{row}-tricks"] = bid, taken
    response = client.post(f"/g/{token}/round/1/edit", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    folder = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{os.path.join(folder, 'b.sqlite3')}",
                      "RATELIMIT_ENABLED": False})
    with app.app_context():
        db.create_all()
        statements = Statements(db.engine)
    client, other = app.test_client(), app.test_client()
    tokens = [play_template(client, variant) for variant in range(TEMPLATES)]
    with client.session_transaction() as session:
        device = session["device"]
    other.get("/")
    with other.session_transaction() as session:
        other_device = session["device"]
    with app.app_context():
        templates = list(db.session.scalars(select(Game).join(Link).where(Link.token.in_(tokens))))
        copied = copy_games(templates, device, count - TEMPLATES, skip=TEMPLATES)
        copy_games(templates, other_device, count)
        changes = db.session.scalar(select(db.func.count()).select_from(Change))
    print(f"{count} finished games on the device and as many on another device's list, "
          f"{changes} stored changes ({len(SIZES)} rounds of 4 players each)")
    timed(other, "/players/Ann", statements)  # the other device's facts kept
    report("player page, first (all folded)", [timed(client, "/players/Ann", statements)])
    for label, path in (("player page", "/players/Ann"),
                        ("player page, last 30 days", "/players/Ann?period=30"),
                        ("Players page", "/players"),
                        ("statistics CSV", "/players/statistics.csv")):
        timed(client, path, statements)
        report(label, [timed(client, path, statements) for _ in range(REQUESTS)])
    with app.app_context():
        kept = stores().figures
    runs = []
    for _ in range(REQUESTS):  # every figure worked out again (none kept in the process)
        kept.clear()
        runs.append(timed(client, "/players/Ann", statements))
    report("player page, worked out", runs)
    runs = []
    for i in range(CORRECTIONS):
        correct(client, copied[(i * 7) % len(copied)], flip=i % 2 == 0)
        runs.append(timed(client, "/players/Ann", statements))
    report("player page after a correction", runs)
    print(f"target: the player page at most {TARGET_MS:.0f} ms")
    if os.environ.get("PROFILE"):
        import cProfile
        import pstats

        cProfile.runctx("for _ in range(20): client.get('/players/Ann')", globals(),
                        {"client": client}, "/tmp/players.prof")
        pstats.Stats("/tmp/players.prof").sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
