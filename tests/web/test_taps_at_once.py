"""A table's phones tapping at the same instant, on each database: every tap
is stored in some order, none refused for the race (issue 40). A real
conflict, two phones entering the same entry, is still told "changed
meanwhile" (tests/web/test_races.py)."""

from __future__ import annotations

import pytest
from at_once import at_once

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Link

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
