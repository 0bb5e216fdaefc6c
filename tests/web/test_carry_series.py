"""Games moved to another phone keep their series: the series standings there
are the ones shown here, and a game already there joins the series it was
continued in."""

from __future__ import annotations

import re

import pytest
from test_carry import exported, upload
from test_series_standings import play_again, play_one_round, series_rows

from scorekeeper import create_app
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Game

ONE_ROUND = {"preset": "estonian", "shape": "custom", "custom": "1"}


@pytest.fixture
def fresh(tmp_path):
    """Another server with an empty database, and a phone on it."""
    other = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite3'}"})
    with other.app_context():
        db.create_all()
    yield other
    with other.app_context():
        db.session.remove()
        db.engine.dispose()


def series_of(app) -> dict[str, str | None]:
    with app.app_context():
        return dict(db.session.execute(db.select(Game.public_id, Game.series)).all())


def test_export_then_import_on_a_fresh_server_keeps_the_series_and_its_standings(
        table, client, app, fresh):
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    play_one_round(table, 0)  # Bob bids 1 and makes it: 11, the others 10
    play_again(table, client)
    play_one_round(table, 1)  # Cy: 11
    play_again(table, client)  # a third game, being played
    before = client.get(table.url("/standings")).get_data(as_text=True)
    # By hand: Bob and Cy won a game each; every player two games finished.
    assert series_rows(before) == {"Bob": (1, 2, 21), "Cy": (1, 2, 21), "Ann": (0, 2, 20),
                                   "Di": (0, 2, 20)}
    archive = exported(client)
    assert len({game["series"] for game in archive["games"]}) == 1
    assert archive["games"][0]["series"] is not None

    phone = fresh.test_client()
    response = upload(phone, archive)
    assert "3 games imported." in response.get_data(as_text=True)
    after = phone.get(table.url("/standings")).get_data(as_text=True)
    assert series_rows(after) == series_rows(before)
    assert series_of(fresh) == series_of(app)
    # The same file again: nothing new, nothing counted twice, the series as it was.
    again = upload(phone, archive).get_data(as_text=True)
    assert "0 games imported." in again and "3 games were on this phone already." in again
    assert series_rows(phone.get(table.url("/standings")).get_data(as_text=True)) == \
        series_rows(before)


def test_a_game_imported_before_it_was_continued_joins_its_series_with_the_next_import(
        table, client, fresh):
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    play_one_round(table, 0)
    first = table.gid
    phone = fresh.test_client()
    assert "1 game imported." in upload(phone, exported(client)).get_data(as_text=True)
    play_again(table, client)  # here, the first game now starts a series
    play_one_round(table, 1)
    response = upload(phone, exported(client)).get_data(as_text=True)
    assert "1 game imported." in response and "1 game was on this phone already." in response
    standings = phone.get(table.url("/standings")).get_data(as_text=True)
    assert series_rows(standings) == series_rows(
        client.get(table.url("/standings")).get_data(as_text=True))
    assert series_rows(standings)["Bob"] == (1, 2, 21)  # the first game counts there too
    assert re.search(r'id="series"', phone.get(f"/g/{first}/standings").get_data(as_text=True))


def test_a_file_written_before_games_had_a_series_still_imports(table, client, fresh):
    table.start(names=("Ann", "Bob"), **ONE_ROUND)
    archive = exported(client)
    for game in archive["games"]:
        del game["series"]
    assert "1 game imported." in upload(fresh.test_client(), archive).get_data(as_text=True)
    assert list(series_of(fresh).values()) == [None]


def test_a_series_that_is_not_an_id_is_refused_in_words(table, client, fresh):
    table.start(names=("Ann", "Bob"), **ONE_ROUND)
    archive = exported(client)
    archive["games"][0]["series"] = "-" * 40
    response = upload(fresh.test_client(), archive)
    assert response.status_code == 422
    assert "the field “series” is not as Scorekeeper writes it." in response.get_data(
        as_text=True)
