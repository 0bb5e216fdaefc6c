"""Server time of the player page (statistics) with 1,000 finished games on
the device, in process.

Run: ``.venv/bin/python bench/players.py [GAMES]``.

One 4-player game of 10 rounds is played through the app's own forms (Flask
test client, CSRF off) in a temporary SQLite database; its players and stored
changes are then copied (SQL, untimed) into GAMES games in all (1,000 unless
told), each on the same device's list. Printed: the first request of the page
(every game folded once and its facts kept), then the median and 95th
percentile of the page once the facts are kept, and of the Players page. The
issue's target: the player page at most 20 ms server time.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

from sqlalchemy import insert, select

from scorekeeper import create_app
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, DeviceGame, Game, Link, Player, new_link_token
from scorekeeper.storage.models import new_public_id

NAMES = ["Ann", "Bob", "Cy", "Di"]
ROUNDS = 10
REQUESTS = 100
TARGET_MS = 20.0


def play_template(client) -> str:
    """One finished game through the forms; its scorer token."""
    data = {f"players-{i}": name for i, name in enumerate(NAMES)}
    data.update(preset="estonian", shape="custom", custom=" ".join(["3"] * ROUNDS),
                first_dealer="0", action="start")
    token = client.post("/new", data=data).headers["Location"].split("/")[2]
    for number in range(1, ROUNDS + 1):
        dealer = (number - 1) % 4
        order = [(dealer + k) % 4 for k in range(1, 5)]
        client.post(f"/g/{token}/round/{number}/trump", data={"trump": "H"})
        bids = {seat: (1 if seat == order[0] else 0) for seat in order}
        tricks = {seat: 0 for seat in order}
        tricks[order[0]], tricks[order[1]] = 1, 2  # one made bid of 1, a missed 0, ...
        for seat in order:
            client.post(f"/g/{token}/round/{number}/bid", data={"seat": seat, "bid": bids[seat]})
        for seat in order:
            client.post(f"/g/{token}/round/{number}/tricks",
                        data={"seat": seat, "tricks": tricks[seat]})
        assert client.post(f"/g/{token}/round/{number}/close").status_code == 302
    return token


def copy_games(template: Game, device: str, count: int) -> None:
    changes = list(db.session.execute(select(Change.seq, Change.kind, Change.round,
                                             Change.player, Change.value)
                                      .where(Change.game_id == template.id)))
    for _ in range(count):
        game = Game(preset=template.preset, ruleset=template.ruleset,
                    first_dealer=template.first_dealer, summary=template.summary, finished=True)
        game.players = [Player(seat=p.seat, name=p.name) for p in template.players]
        db.session.add(game)
        link = Link(game=game, role="scorer", token=new_link_token())
        db.session.add(link)
        db.session.flush()
        db.session.execute(insert(Change), [
            {"game_id": game.id, "seq": c.seq, "kind": c.kind, "round": c.round,
             "player": c.player, "value": c.value} for c in changes])
        db.session.add(DeviceGame(device=device, game_id=game.id, link_id=link.id))
    db.session.commit()


def timed(client, path: str) -> float:
    start = time.perf_counter()
    response = client.get(path)
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == 200, response.status_code
    return elapsed


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    folder = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{os.path.join(folder, 'b.sqlite3')}",
                      "RATELIMIT_ENABLED": False})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    token = play_template(client)
    with client.session_transaction() as session:
        device = session["device"]
    with app.app_context():
        template = db.session.scalar(select(Game).join(Link).where(Link.token == token))
        copy_games(template, device, count - 1)
        changes = db.session.scalar(select(db.func.count()).select_from(Change))
    print(f"{count} finished games on the device, {changes} stored changes "
          f"({ROUNDS} rounds of 4 players each)")
    print(f"player page, first request (every game folded, facts kept): "
          f"{timed(client, '/players/Ann'):.0f} ms")
    for path in ("/players/Ann", "/players"):
        times = [timed(client, path) for _ in range(REQUESTS)]
        p50 = statistics.median(times)
        p95 = sorted(times)[int(0.95 * len(times)) - 1]
        print(f"{path:14} median {p50:.1f} ms, p95 {p95:.1f} ms over {REQUESTS} requests")
    print(f"target: the player page at most {TARGET_MS:.0f} ms")
    if os.environ.get("PROFILE"):
        import cProfile
        import pstats

        cProfile.runctx("for _ in range(20): client.get('/players/Ann')", globals(),
                        {"client": client}, "/tmp/players.prof")
        pstats.Stats("/tmp/players.prof").sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
