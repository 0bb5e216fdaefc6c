"""The migration that keeps the best round and the rounds' dates: lines kept
the old way (the worst round as the fewest points) are folded again, and the
games themselves read as before."""

from __future__ import annotations

import pytest
from test_statistics_say_what_they_count import lowest_wins_game
from test_statistics import figures

from scorekeeper import create_app
from scorekeeper.storage.database import db

BEFORE = "c4f2a9d1e8b3"


@pytest.fixture
def app(tmp_path):
    """The app on a database made by the migrations (not ``create_all``)."""
    from flask_migrate import upgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'mig.sqlite3'}"})
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_lines_kept_before_the_migration_are_folded_again_after_it(table, client, app):
    from flask_migrate import downgrade, upgrade

    gid = lowest_wins_game(table)
    bob, _page = figures(client, "Bob")
    assert bob["worst-lowest"].startswith("+1 points: round 1")
    with app.app_context():
        downgrade(revision=BEFORE)
        game_id, version = db.session.execute(db.text("SELECT id, version FROM games")).one()
        db.session.remove()
        with db.engine.begin() as connection:  # a line as the old code kept it
            connection.execute(db.text("INSERT INTO game_facts (game_id, version) "
                                       "VALUES (:game, :version)"),
                               {"game": game_id, "version": version})
            connection.execute(db.text(
                "INSERT INTO player_lines (game_id, name, key, total, rank, shared, lowest_wins, "
                "rounds, made, zero_made, zero_bids, diff, run_first, run_last, run_best, "
                "run_all, worst_points, worst_round, worst_cards, worst_bid, worst_tricks) "
                "VALUES (:game, 'Bob', 'bob', 1, 3, 0, 1, 2, 1, 0, 1, 1, 0, 1, 1, 0, "
                "0, 2, 1, 1, 1)"), {"game": game_id})
        upgrade()
        db.engine.dispose()
    app.extensions.pop("scorekeeper.statistics", None)  # a server started after the migration
    bob, _page = figures(client, "Bob")
    assert bob["worst-lowest"].startswith("+1 points: round 1 (hand of 1), bid 0, took 1")
    assert bob["top-lowest"].startswith("+0 points: round 2 (hand of 1), bid 1, took 1")
    with app.app_context():  # the game's lines were folded again: one a player
        assert db.session.scalar(db.text("SELECT count(*) FROM player_lines")) == 3
    assert client.get(f"/g/{gid}/standings").status_code == 200
