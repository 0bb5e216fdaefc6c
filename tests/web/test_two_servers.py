"""Two app servers on one PostgreSQL: the same games driven through both at once.

Two server processes (werkzeug, threaded) share one throwaway PostgreSQL 15
cluster (``postgres_url`` of this folder's conftest.py, docs/testing.md). Phones on both
servers write to the same games at the same moment: adjustments (each one a
change of its own) and bids. Every write a server acknowledged (302) is
stored exactly once, every write it refused is not stored, and the standings
both servers show equal the fold of the stored log.
"""

from __future__ import annotations

import json
import threading

import pytest

from servers import app_servers, migrated_app, needs_postgres, new_game, request

# .ci/run sets REQUIRE_POSTGRES: there a missing server is a failure, never a skip.
pytestmark = needs_postgres

SETTINGS = {"SECRET_KEY": "two-servers", "WTF_CSRF_ENABLED": False,
            "RATELIMIT_STORAGE_URI": "memory://",
            "LIMIT_WRITES": "1000000 per minute", "LIMIT_NEW_GAMES": "1000000 per hour"}
GAMES = 3
WRITES_PER_PHONE = 12


@pytest.fixture(scope="module")
def servers(postgres_url):
    app = migrated_app(postgres_url)
    with app_servers(2, postgres_url, SETTINGS) as ports:
        yield app, ports


def test_writes_through_two_servers_at_once_are_each_stored_exactly_once(servers):
    from scorekeeper.game import build_sheet
    from scorekeeper.rules import Ruleset
    from scorekeeper.storage.database import db
    from scorekeeper.storage.models import Change, Game, Link

    app, ports = servers
    tokens = [new_game(ports[n % 2]) for n in range(GAMES)]
    for token in tokens:
        assert request(ports[0], "POST", f"/g/{token}/round/1/trump", {"trump": "H"})[0] == 302
    acknowledged: dict[str, list[str]] = {token: [] for token in tokens}
    refused: dict[str, list[str]] = {token: [] for token in tokens}
    lock = threading.Lock()
    barrier = threading.Barrier(2 * GAMES)

    def phone(token: str, server: int) -> None:
        barrier.wait()
        for n in range(WRITES_PER_PHONE):
            reason = f"server {server} write {n}"
            status = request(ports[server], "POST", f"/g/{token}/adjust",
                             {"player": str(server), "points": str(n + 1), "reason": reason})[0]
            with lock:
                (acknowledged if status == 302 else refused)[token].append(reason)
            assert status in (302, 409, 422), status
            # Bids of this server's own seats, changed again and again.
            seat = 1 + server
            request(ports[server], "POST", f"/g/{token}/round/1/bid",
                    {"player": str(seat), "bid": str(n % 3)})

    threads = [threading.Thread(target=phone, args=(token, server))
               for token in tokens for server in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sum(map(len, acknowledged.values())) >= GAMES * WRITES_PER_PHONE  # most got through
    with app.app_context():
        for token in tokens:
            game = db.session.scalars(db.select(Game).join(Link, Link.game_id == Game.id)
                                      .where(Link.token == token)).one()
            changes = list(db.session.execute(
                db.select(Change.seq, Change.kind, Change.round, Change.player, Change.value)
                .where(Change.game_id == game.id).order_by(Change.seq)))
            assert [c.seq for c in changes] == list(range(1, len(changes) + 1))  # no gap
            reasons = [c.value["reason"] for c in changes if c.kind == "adjust"]
            assert sorted(reasons) == sorted(acknowledged[token])  # each once, none refused
            assert not set(reasons) & set(refused[token])
            # Each write raised the version once: changes and versions agree.
            assert game.version == len(changes)
            sheet = build_sheet(Ruleset.from_dict(game.ruleset), [p.name for p in game.players],
                                game.first_dealer, changes)
            expected = [{"player": sheet.name(s.player), "total": s.total, "rank": s.rank,
                         "shared": s.is_shared} for s in sheet.standings]
            for port in ports:  # each server's own kept sheet, asked twice
                for _ask in range(2):
                    status, _location, body = request(port, "GET", f"/g/{token}/export.json")
                    assert status == 200
                    data = json.loads(body)
                    assert data["standings"] == expected
                    assert data["rounds"][0]["bids"] == {
                        sheet.name(p): b for p, b in sheet.round(1).bids.items()}
