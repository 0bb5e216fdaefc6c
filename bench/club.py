"""Server time of a club's leaderboard and member page with 2,000 finished
club games, in process.

Run: ``.venv/bin/python bench/club.py [GAMES]``.

A club's evening of twelve at three tables is played through the storage
(each game's round 1, then "end the game"), two parts, on a temporary SQLite
file; its three finished games of part 1 are then copied (SQL, untimed) into
GAMES (2,000 unless told) finished games of the club, their players drawn
from thirty members. The leaderboard (the TV's panel, htmx) of the evening
and a member's page (rating in words, its history as a chart) are asked for
through the app (Flask test client) and timed: median and 95th percentile of
the wall time and of this process's CPU time, with the SQL statements a
request runs. Then a second club with as many games is added and the same
pages are timed again: their cost must not grow with the server's other
clubs. Also printed, once: the member page the first time after a club game
ends (every game's rating worked out again by openskill: the board is kept
in the process, :mod:`scorekeeper.storage.club_ratings`).

The issue's target: the leaderboard and a member's page at most 20 ms p95.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time

from sqlalchemy import event, insert, select

#: This checkout's package and the club tests' helpers, whatever the venv installed.
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "web"), os.path.dirname(os.path.abspath(__file__))]

from club_games import finish_after_first_round, play_first_round  # noqa: E402
from players import Statements  # noqa: E402  (bench/players.py: counts SQL statements)

from scorekeeper import create_app  # noqa: E402
from scorekeeper.rules import find_preset  # noqa: E402
from scorekeeper.storage import club_ratings, clubs, evenings  # noqa: E402
from scorekeeper.storage.club_models import ClubGame  # noqa: E402
from scorekeeper.storage.database import db  # noqa: E402
from scorekeeper.storage.models import Change, Game, Link, Player, new_link_token  # noqa: E402
from scorekeeper.storage.models import new_public_id  # noqa: E402

TWELVE = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]
MEMBERS = TWELVE + [f"Member {n}" for n in range(13, 31)]
REQUESTS = 200
TARGET_MS = 20.0


def an_evening(name: str) -> tuple[clubs.Club, str, str, list[Game]]:
    """A club with an evening of two parts played (round 1 at each table; part
    1's games ended): the club, its viewer token, the evening's id, part 1's games."""
    club, _organiser = clubs.create_club(name)
    event_ = evenings.create_event(club, "Friday", TWELVE, "cardgames",
                                   find_preset("cardgames").ruleset, [4], "total", seed=1)
    part_one = [game for _t, game, _l in evenings.start_part(event_, None)]
    for taker, game in enumerate(part_one):
        finish_after_first_round(game, taker % 4)
    evenings.next_part(event_, "new-opponents", seed=2)
    for taker, (_t, game, _l) in enumerate(evenings.start_part(event_, None)):
        play_first_round(game, (taker + 1) % 4)
    return club, clubs.club_link(club, clubs.VIEWER).token, event_.public_id, part_one


def copy_games(club: clubs.Club, templates: list[Game], count: int, rng: random.Random) -> None:
    """``count`` finished games of the club, each a template's changes with
    four of the members (SQL, in one transaction: scaffolding, not a write
    the app makes)."""
    changes = {t.id: db.session.execute(
        select(Change.seq, Change.kind, Change.round, Change.player, Change.value)
        .where(Change.game_id == t.id).order_by(Change.seq)).all() for t in templates}
    with db.engine.begin() as connection:
        for index in range(count):
            template = templates[index % len(templates)]
            result = connection.execute(insert(Game.__table__).values(
                public_id=new_public_id(), preset=template.preset, ruleset=template.ruleset,
                first_dealer=template.first_dealer, summary=template.summary, finished=True,
                version=template.version, created_at=template.created_at,
                updated_at=template.updated_at))
            game_id = result.inserted_primary_key[0]
            names = rng.sample(MEMBERS, 4)
            connection.execute(insert(Player.__table__), [
                {"game_id": game_id, "seat": seat, "name": name} for seat, name in enumerate(names)])
            connection.execute(insert(Change.__table__), [
                {"game_id": game_id, "seq": seq, "kind": kind, "round": number, "player": player,
                 "value": value, "created_at": template.created_at, "by_player": False}
                for seq, kind, number, player, value in changes[template.id]])
            connection.execute(insert(Link.__table__), [
                {"game_id": game_id, "token": new_link_token(), "role": role,
                 "created_at": template.created_at} for role in ("scorer", "viewer")])
            connection.execute(insert(ClubGame.__table__).values(club_id=club.id,
                                                                 game_id=game_id))


def timed(client, path: str, headers: dict | None = None) -> tuple[list[float], list[float], int]:
    """Wall and CPU times (ms) of REQUESTS requests after 10 warm-up ones, and
    the statements of one."""
    for _ in range(10):
        assert client.get(path, headers=headers).status_code == 200
    walls, cpus = [], []
    for _ in range(REQUESTS):
        wall, cpu = time.perf_counter(), time.process_time()
        assert client.get(path, headers=headers).status_code == 200
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    with client.application.app_context():
        engine = db.engine
    statements = Statements(engine)
    client.get(path, headers=headers)
    event.remove(engine, "before_cursor_execute", statements.seen)
    return walls, cpus, statements.count


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def report(label: str, figures: tuple[list[float], list[float], int]) -> None:
    walls, cpus, statements = figures
    verdict = "ok" if p95(walls) <= TARGET_MS else "OVER"
    print(f"{label:52} wall median {statistics.median(walls):6.2f} p95 {p95(walls):6.2f} ms"
          f"  cpu median {statistics.median(cpus):6.2f} p95 {p95(cpus):6.2f} ms"
          f"  {statements:2d} statements  [{verdict} <= {TARGET_MS:.0f} ms]")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    folder = tempfile.mkdtemp(prefix="scorekeeper-club-bench-")
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/club.sqlite3",
                      "RATELIMIT_ENABLED": False, "LIVE_STREAM_SECONDS": 0})
    client = app.test_client()
    rng = random.Random(29)
    with app.app_context():
        db.create_all()
        club, viewer, event_id, templates = an_evening("Thursday club")
        copy_games(club, templates, games - len(templates), rng)
        started = time.perf_counter()
        club_ratings.board(club)
        print(f"{games} finished games of one club; their lines kept and the board made "
              f"once in {time.perf_counter() - started:.1f} s (untimed below)")
    leaderboard = f"/clubs/{viewer}/evenings/{event_id}/leaderboard"
    member = f"/clubs/{viewer}/members/Ann"
    htmx = {"HX-Request": "true"}
    report("leaderboard panel (htmx), one club", timed(client, leaderboard, htmx))
    report("member page, one club", timed(client, member))

    with app.app_context():
        other, _viewer, _event, other_templates = an_evening("Another club")
        copy_games(other, other_templates, games - len(other_templates), rng)
        club_ratings.board(other)
    report("leaderboard panel (htmx), with another such club", timed(client, leaderboard, htmx))
    report("member page, with another such club", timed(client, member))

    with app.app_context():  # a club game ends: the next member page rates every game again
        _club, _viewer, _event, more = an_evening("Thursday club, again")
        db.session.execute(ClubGame.__table__.update().where(
            ClubGame.__table__.c.game_id == more[0].id).values(club_id=club.id))
        db.session.commit()
    wall = time.perf_counter()
    assert client.get(member).status_code == 200
    print(f"{'member page after a club game ended (board made again)':52} "
          f"wall {(time.perf_counter() - wall) * 1000:8.1f} ms  (once; target not applied)")


if __name__ == "__main__":
    main()
