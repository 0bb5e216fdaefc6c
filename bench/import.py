"""Server time of importing a file of games (issue 24), in process.

Run: ``.venv/bin/python bench/import.py [--skip-limit]``

It makes valid games with the game domain's own entries (4 players, the
``cardgames`` preset: each round's trump, bids, tricks and close; a mistyped
bid taken back with an undo in every round; the rest points added after the
game, one in ten of them taken back), writes them as an archive and measures:

(a) the check alone (``storage.carry.read_games``: every change replayed
    through the game's checks) of one game of 5,000 changes;
(b) the whole import (``POST /carry/import``: JSON, check, store, the page)
    of that game, on a temporary SQLite database;
(c) the whole import of a file at the import's size limit, as many full
    games (about 250 changes each) as fit, and of one holding the most
    changes a file may bring in games of 5,000 changes (within the size limit).

Each line gives the wall time and the CPU time of this process. Targets: (a) and
(b) under 1 s; (c) under 5 s.
"""

from __future__ import annotations

import io
import json
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# This checkout's code, not the one installed in the virtualenv.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.game import Fold, entries  # noqa: E402
from scorekeeper.rules.presets import find_preset  # noqa: E402
from scorekeeper.storage import carry  # noqa: E402
from scorekeeper.storage.database import db  # noqa: E402
from scorekeeper.web.regulars import carry as carry_view  # noqa: E402

try:  # (a checkout from before issue 24 has its limits in carry)
    from scorekeeper.storage import import_limits as limits
except ImportError:
    limits = carry

NAMES = ("Ann", "Bob", "Cy", "Di")
PRESET = "cardgames"


class Maker:
    """A game made entry by entry, every change the one the table's entry makes."""

    def __init__(self) -> None:
        self.ruleset = find_preset(PRESET).ruleset
        self.fold = Fold(self.ruleset, NAMES, 0)
        self.changes: list[dict[str, Any]] = []

    def add(self, made: list) -> None:
        for change in made:
            stored = {"seq": len(self.changes) + 1, "kind": change.kind, "round": change.round,
                      "player": change.player, "value": change.value,
                      "created_at": "2025-01-01T12:00:00", "author": None}
            self.changes.append(stored)
            self.fold = self.fold.extend([_Change(stored)])

    def undo(self) -> None:
        self.add(entries.undo(self.fold.sheet, reopen=True))

    def play_round(self) -> None:
        sheet = self.fold.sheet
        rnd = sheet.current
        if not rnd.trump_chosen:
            self.add(entries.trump(sheet, rnd.number, "H"))
        for player in rnd.order:
            rnd = self.fold.sheet.current
            bid = next(b for b in range(rnd.cards + 1)
                       if not entries._refusal_of(lambda b=b: entries.check_bids(
                           self.fold.sheet, rnd, {**rnd.bids, player: b})))
            if player == rnd.order[0]:  # a mistyped bid, taken back
                self.add(entries.bid(self.fold.sheet, rnd.number, player, bid + 1 - 2 * (bid > 0)))
                self.undo()
            self.add(entries.bid(self.fold.sheet, rnd.number, player, bid))
        rnd = self.fold.sheet.current
        left = rnd.cards
        for player in rnd.order:
            taken = left if player == rnd.order[-1] else min(left, 1)
            left -= taken
            self.add(entries.tricks(self.fold.sheet, rnd.number, player, taken))
        self.add(entries.close(self.fold.sheet, rnd.number))

    def game(self, length: int | None) -> dict[str, Any]:
        """The whole game played, then points added until it has ``length`` changes."""
        while self.fold.sheet.current is not None:
            self.play_round()
        count = 0
        while length is not None and len(self.changes) < length:
            count += 1
            if count % 10 == 0:
                self.undo()
            else:
                self.add([entries.adjustment(self.fold.sheet, count % 4, 5, "bonus")])
        return self.archived()

    def archived(self) -> dict[str, Any]:
        return {"id": secrets.token_hex(16), "created_at": "2025-01-01T12:00:00",
                "updated_at": "2025-01-01T13:00:00", "preset": PRESET,
                "ruleset": self.ruleset.to_dict(), "first_dealer": 0,
                "players": [{"seat": seat, "name": name} for seat, name in enumerate(NAMES)],
                "changes": self.changes, "hand_events": [],
                "links": [{"token": secrets.token_urlsafe(16), "role": role,
                           "created_at": "2025-01-01T12:00:00", "replaced_at": None}
                          for role in ("scorer", "viewer")]}


class _Change:
    def __init__(self, stored: dict[str, Any]) -> None:
        self.seq, self.kind, self.round = stored["seq"], stored["kind"], stored["round"]
        self.player, self.value = stored["player"], stored["value"]


def fresh(game: dict[str, Any]) -> dict[str, Any]:
    """The same game under a new id and new links."""
    copy = dict(game, id=secrets.token_hex(16))
    copy["links"] = [dict(link, token=secrets.token_urlsafe(16)) for link in game["links"]]
    return copy


def archive(games: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "scorekeeper-archive/1", "games": games}


def timed(action) -> tuple[float, float, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def line(label: str, wall: float, cpu: float, note: str = "") -> None:
    print(f"{label:<58} wall {wall * 1000:8.0f} ms  cpu {cpu * 1000:8.0f} ms  {note}")


def upload(client, raw: bytes):
    return client.post("/carry/import", data={"file": (io.BytesIO(raw), "games.json")},
                       content_type="multipart/form-data")


def main() -> None:
    limit = getattr(carry_view, "IMPORT_MB", 16) * 1024 * 1024
    print(f"import size limit: {limit / 1024 / 1024:.0f} MiB; making games…", flush=True)
    long_game = Maker().game(5000)
    full_game = Maker().game(None)
    full_bytes = len(json.dumps(full_game, ensure_ascii=False, indent=1))
    print(f"a full game: {len(full_game['changes'])} changes, {full_bytes / 1024:.0f} KB")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'b.sqlite3'}"})
        with app.app_context():
            db.create_all()
            wall, cpu, _ = timed(lambda: carry.read_games(archive([long_game])))
            line("(a) check of a 5,000-change game", wall, cpu)
        client = app.test_client()
        raw = json.dumps(archive([fresh(long_game)]), indent=1).encode()
        wall, cpu, response = timed(lambda: upload(client, raw))
        line("(b) import of a 5,000-change game", wall, cpu,
             f"{response.status_code}, {len(raw) / 1024:.0f} KB")
        if "--skip-limit" in sys.argv:
            return
        # As the app writes an export (indent=1): the size of one more game in the file.
        one = len(json.dumps(archive([full_game]), ensure_ascii=False, indent=1).encode())
        each = len(json.dumps(archive([full_game] * 2), ensure_ascii=False, indent=1).encode()) - one
        count = min((limit - 1024 - one) // each + 1, getattr(limits, "MOST_GAMES", 10**6))
        games = [fresh(full_game) for _ in range(count)]
        raw = json.dumps(archive(games), ensure_ascii=False, indent=1).encode()
        wall, cpu, response = timed(lambda: upload(client, raw))
        line(f"(c) import of {len(games)} full games", wall, cpu,
             f"{response.status_code}, {len(raw) / 1024 / 1024:.1f} MiB")
        most = getattr(limits, "MOST_FILE_CHANGES", None)  # (the limits of this checkout)
        if most is not None:
            long_games = [fresh(long_game) for _ in range(most // 5000)]
            raw = json.dumps(archive(long_games), ensure_ascii=False).encode()
            wall, cpu, response = timed(lambda: upload(client, raw))
            line(f"(c) import of {len(long_games)} games of 5,000 changes", wall, cpu,
                 f"{response.status_code}, {len(raw) / 1024 / 1024:.1f} MiB")
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


if __name__ == "__main__":
    main()
