"""The games list, deleting a game, errors, CSRF and the schema's migrations."""

from __future__ import annotations

import json
import re

from scorekeeper import create_app
from scorekeeper.rules import find_preset
from scorekeeper.storage.database import db

ORDER = [1, 2, 3, 0]


def test_the_games_list_offers_to_resume_an_unfinished_game(table, client):
    table.start(names=("Ann", "Bob", "Ülle", "Żaneta"))
    page = client.get("/").get_data(as_text=True)
    assert "Ann, Bob, Ülle, Żaneta" in page and "Round 1 of 19" in page
    assert f'href="/g/{table.gid}/"' in page and "Resume" in page


def test_a_finished_game_is_listed_with_its_winner(table, client):
    table.start(preset="estonian", shape="custom", custom="1")
    table.play_round(1, ORDER, 1, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0}, trump="none")
    assert "Finished, first place: Bob" in client.get("/").get_data(as_text=True)


def test_deleting_asks_first_then_removes_the_game_and_its_history(table, client, app):
    table.start()
    table.bid(1, 1, 2)
    confirm = client.get(f"/g/{table.gid}/delete")
    assert confirm.status_code == 200 and "Delete this game?" in confirm.get_data(as_text=True)
    assert client.get(table.url("/round/1")).status_code == 200
    response = client.post(f"/g/{table.gid}/delete")
    assert response.status_code == 302
    assert client.get(table.url("/round/1")).status_code == 404
    from scorekeeper.storage.models import Change

    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Change)) == 0


def test_the_favicon_is_served(client):
    response = client.get("/favicon.ico", follow_redirects=True)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"


def test_pages_are_compressed_when_the_browser_accepts_gzip(client):
    response = client.get("/new", headers={"Accept-Encoding": "gzip"})
    assert response.headers.get("Content-Encoding") == "gzip"


def csrf_app(tmp_path):
    app = create_app({
        "TESTING": True, "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'csrf.sqlite3'}",
    })
    with app.app_context():
        db.create_all()
    return app


def test_every_form_needs_the_csrf_token_htmx_included(tmp_path):
    app = csrf_app(tmp_path)
    client = app.test_client()
    page = client.get("/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    data = {"players-0": "Ann", "players-1": "Bob", "preset": "planowanie", "first_dealer": "0", "action": "start"}
    assert client.post("/new", data=data).status_code == 400
    response = client.post("/new", data={**data, "csrf_token": token})
    assert response.status_code == 302
    gid = response.headers["Location"].split("/")[2]
    bid = {"player": 1, "bid": 1}
    refused = client.post(f"/g/{gid}/round/1/bid", data=bid, headers={"HX-Request": "true"})
    assert refused.status_code == 400 and refused.headers["HX-Refresh"] == "true"
    assert "This page has expired" in client.post(f"/g/{gid}/round/1/bid", data=bid).get_data(as_text=True)
    ok = client.post(f"/g/{gid}/round/1/bid", data=bid, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert ok.status_code == 200
    # base.html hands the token to htmx for every request.
    round_page = client.get(f"/g/{gid}/round/1").get_data(as_text=True)
    assert re.search(r'<body hx-headers=\'\{"X-CSRFToken": "[^"]+"\}\'[ >]', round_page)


def test_the_migrations_build_the_schema_the_models_describe(tmp_path, monkeypatch):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from flask_migrate import upgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'mig.sqlite3'}"})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert diff == []
        db.engine.dispose()


def test_the_migration_that_names_the_player_keeps_every_stored_change(tmp_path):
    """A database made before the rename keeps its changes and hand events,
    now under ``player``; the game still folds the same."""
    from flask_migrate import upgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite3'}"})
    with app.app_context():
        upgrade(revision="77117c06e6b1")
        with db.engine.begin() as connection:
            connection.execute(db.text(
                "INSERT INTO games (id, public_id, created_at, updated_at, preset, ruleset, "
                "first_dealer) VALUES (1, 'old', '2026-11-30', '2026-11-30', 'cardgames', "
                ":rules, 0)"), {"rules": json.dumps(find_preset("cardgames").ruleset.to_dict())})
            for seat, name in enumerate(["Ann", "Bob", "Cy"]):
                connection.execute(db.text(
                    "INSERT INTO players (game_id, seat, name) VALUES (1, :seat, :name)"),
                    {"seat": seat, "name": name})
            connection.execute(db.text(
                "INSERT INTO changes (game_id, seq, kind, round, seat, value, created_at) "
                "VALUES (1, 1, 'bid', 1, 2, '3', '2026-11-30')"))
            connection.execute(db.text(
                "INSERT INTO hand_events (game_id, round, seq, kind, seat, cards, created_at) "
                "VALUES (1, 1, 1, 'card', 1, '[\"AS\"]', '2026-11-30')"))
        upgrade()
        from scorekeeper.storage import games, links

        game = links.open_link("old").game  # the old address is the scorer link now
        assert links.open_link("old").role == "scorer"
        assert game.public_id != "old" and links.link_of(game, "viewer").token != "old"
        assert [p.name for p in game.players] == ["Ann", "Bob", "Cy"]
        assert games.load_sheet(game).round(1).bids == {2: 3}
        assert [(e.kind, e.player, e.cards) for e in game.hand_events] == [("card", 1, ["AS"])]
        db.session.remove()
        db.engine.dispose()
