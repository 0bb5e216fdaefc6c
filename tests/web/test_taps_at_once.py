"""A table's phones tapping at the same instant, on each database: every tap
is stored in some order, none refused for the race (issue 40). A real
conflict, two phones entering the same entry, is still told "changed
meanwhile" (tests/web/test_races.py)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import inspect
from at_once import at_once

from scorekeeper.game import GameError, entries
from scorekeeper.storage import folds, games, unit
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game, Link

GAMES = 15
NAMES = ("Ann", "Bob", "Cy", "Di")


@pytest.fixture
def app(app_on_each_database):
    app_on_each_database.config["LIMIT_WRITES"] = "100000 per minute"
    return app_on_each_database


@pytest.fixture
def client(app):
    return app.test_client()


def seat_links(app, gid: str) -> dict[int, str]:
    with app.app_context():
        game_id = db.session.scalar(db.select(Link.game_id).where(Link.token == gid))
        return dict(db.session.execute(db.select(Link.player, Link.token).where(
            Link.game_id == game_id, Link.role == "seat")).all())


def test_four_players_bidding_at_the_same_instant_on_their_own_phones_are_all_stored(
        app, table):
    for _ in range(GAMES):
        table.start(names=NAMES, preset="estonian", variant="simultaneous")
        assert table.trump(1, "S").status_code == 302
        table.client.get(table.url("/share"))  # the seat links are made
        seats = seat_links(app, table.gid)
        phones = {player: app.test_client() for player in seats}
        answers = at_once(*(
            lambda player=player: phones[player].post(
                f"/g/{seats[player]}/round/1/bid",
                data={"player": player, "bid": player % 2, "was": ""})
            for player in seats))
        assert [a.status_code for a in answers] == [302] * len(seats), [
            a.get_data(as_text=True)[:300] for a in answers if a.status_code != 302]
    with app.app_context():
        bids = db.session.scalars(db.select(Change.value).where(Change.kind == "bid")).all()
    assert len(bids) == GAMES * len(NAMES)


def test_a_write_to_a_game_another_phone_is_writing_waits_for_its_turn_and_runs_once(
        app, table):
    """The second phone's write waits until the first is stored, then reads
    the game as it is now: its work runs once, never on the version the
    first phone is about to raise (which would make it lose the
    compare-and-swap and run again, and a table of four phones could lose
    three times)."""
    table.start()
    with app.app_context():
        game_id = db.session.scalar(db.select(Game.id))
    inside, second_started = threading.Event(), threading.Event()
    runs: list[str] = []

    def trump(suit: str, hold: bool) -> None:
        with app.app_context():
            game = db.session.get(Game, game_id)

            def work(write_unit):
                runs.append(suit)
                fold = folds.fold_of(game)
                games.stage(write_unit, game, fold, entries.trump(fold.sheet, 1, suit), None)
                if hold:  # the second phone taps while this write is open
                    inside.set()
                    assert second_started.wait(10)
                    time.sleep(0.3)

            unit.write(work, over=(game,), busy=GameError("busy"))

    first = threading.Thread(target=trump, args=("H", True))
    first.start()
    assert inside.wait(10)
    second_started.set()
    trump("S", False)
    first.join()
    assert runs == ["H", "S"]
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.version == 2
        assert folds.fold_of(game).sheet.rounds[0].trump == "S"


def test_a_refused_write_ends_its_turn_at_once_and_keeps_the_game_loaded(app, table):
    """The lock a write took waiting for its turn is not held while the
    refusal is drawn: the next phone's write goes on."""
    table.start()
    with app.test_request_context():
        game = db.session.scalar(db.select(Game))

        def refused(_unit):
            entries.bid(folds.fold_of(game).sheet, 1, 0, 99)  # no such bid

        with pytest.raises(GameError):
            unit.write(refused, over=(game,), busy=GameError("busy"))
        connection = db.session.connection()
        driver = connection.connection.dbapi_connection
        held = (driver.in_transaction if connection.dialect.name == "sqlite"
                else driver.info.transaction_status.name != "IDLE")
        assert not held
        assert not inspect(game).expired_attributes
