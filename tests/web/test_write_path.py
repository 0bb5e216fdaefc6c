"""One write path: every write of the app is a unit of work
(:func:`scorekeeper.storage.unit.write`), the one place that commits and
retries. A unit over several games stores all of it or nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.game import GameError, entries
from scorekeeper.storage import archive, folds, games, unit
from scorekeeper.storage.database import db
from scorekeeper.storage.stores import stores
from scorekeeper.storage.models import Change, Game

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
#: Where ``.commit(`` may be, as the docstring of storage/unit.py says.
COMMITS_ALLOWED = {"storage/unit.py", "migrations/env.py"}


def test_only_the_unit_of_work_commits():
    """A second write path (a commit of its own, a retry loop around it)
    cannot come back unseen."""
    found = {path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
             if re.search(r"\.commit\(", path.read_text("utf-8"))}
    assert found == COMMITS_ALLOWED
    said = unit.__doc__
    assert all(path in said for path in COMMITS_ALLOWED - {"storage/unit.py"})


def two_games(table, app) -> list[int]:
    table.start()
    table.start(names=("Eve", "Fay", "Gil"))
    with app.app_context():
        return list(db.session.scalars(db.select(Game.id).order_by(Game.id)))


def stored(app) -> list[tuple[int, int, int]]:
    """Each game's id, version and number of changes."""
    with app.app_context():
        return [(game.id, game.version, db.session.scalar(
            db.select(db.func.count()).where(Change.game_id == game.id)))
            for game in db.session.scalars(db.select(Game).order_by(Game.id))]


def trump_in(write_unit, game: Game) -> None:
    fold = folds.fold_of(game)
    games.stage(write_unit, game, fold, entries.trump(fold.sheet, 1, "H"), None)


def test_a_unit_over_two_games_stores_nothing_when_the_second_is_refused(table, app):
    ids = two_games(table, app)
    before = stored(app)
    ran = []
    with app.test_request_context():
        first, second = (db.session.get(Game, gid) for gid in ids)

        def work(write_unit):
            trump_in(write_unit, first)
            write_unit.after_commit(lambda: ran.append("after"))
            entries.bid(folds.fold_of(second).sheet, 1, 0, 99)  # refused: no such bid

        with pytest.raises(GameError):
            unit.write(work, over=(first, second), busy=GameError("busy"))
        # Nothing kept of the refused unit: the first game's fold is its stored one.
        assert stores().folds.get(first.public_id, first.version + 1) is None
        unit.write(lambda _unit: None)  # a later write of the same request commits none of it
    assert stored(app) == before and all(version == 0 for _id, version, _n in before)
    assert ran == []


def test_a_unit_over_two_games_that_lost_a_race_on_the_second_runs_again_whole(
        table, app, monkeypatch):
    ids = two_games(table, app)
    claims = []
    real = unit.claim_version

    def beaten_once(game):
        claims.append(game.id)
        if len(claims) == 2:  # another phone wrote the second game first
            raise unit.VersionTaken(game.public_id)
        return real(game)

    monkeypatch.setattr(unit, "claim_version", beaten_once)
    with app.test_request_context():
        first, second = (db.session.get(Game, gid) for gid in ids)
        unit.write(lambda write_unit: [trump_in(write_unit, g) for g in (first, second)],
                   over=(first, second), busy=GameError("busy"))
    assert claims == [ids[0], ids[1], ids[0], ids[1]]
    assert stored(app) == [(ids[0], 1, 1), (ids[1], 1, 1)]


def test_an_import_of_two_games_stores_neither_when_the_second_is_here_already(table, app):
    table.start()
    with app.test_request_context():
        here = db.session.scalars(db.select(Game)).one()
        exported = archive.export_games([here])
    new = dict(exported["games"][0], id="a-new-game",
               links=[dict(link, token=f"{link['token'][:-1]}x") for link in
                      exported["games"][0]["links"]])
    with app.test_request_context():
        with pytest.raises(archive.ArchiveRefused):
            archive.import_games({"format": archive.FORMAT,
                                  "games": [new, exported["games"][0]]})
        unit.write(lambda _unit: None)  # a later write of the same request commits none of it
        assert db.session.scalar(db.select(Game.id).where(Game.public_id == "a-new-game")) \
            is None
    assert len(stored(app)) == 1
