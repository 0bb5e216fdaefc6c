"""A page read writes nothing (issue 42): the front page shows a game stored
before summaries without storing one, and a player's own phone finds its seat
in the next game without making it. Each write happens with the write that
makes it needed; docs/house.md says why the statistics' lines are the exception."""

from __future__ import annotations

from contextlib import contextmanager

from game_links import seat_tokens
from sqlalchemy import event, null, update

from scorekeeper.storage import links
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Game, Link

ONE_ROUND = {"preset": "estonian", "shape": "custom", "custom": "1"}
HTMX = {"HX-Request": "true"}


@contextmanager
def database_writes(app):
    """The statements that write to the app's database while the block runs."""
    with app.app_context():
        engine = db.engine
    written: list[str] = []

    def seen(_connection, _cursor, statement, *_args):
        if statement.lstrip().split(None, 1)[0].upper() in {"INSERT", "UPDATE", "DELETE"}:
            written.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        yield written
    finally:
        event.remove(engine, "before_cursor_execute", seen)


def test_the_front_page_shows_a_game_stored_before_summaries_and_writes_nothing(table, client, app):
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    with app.app_context():
        game_id = links.open_link(table.gid).game_id
        db.session.execute(update(Game).where(Game.id == game_id).values(summary=null()))
        db.session.commit()
    with database_writes(app) as written:
        page = client.get("/").get_data(as_text=True)
    assert written == [] and "Ann" in page and "Di" in page
    with app.app_context():
        assert db.session.get(Game, game_id).summary is None
    table.trump(1, "none")  # the next change stores it
    with app.app_context():
        assert db.session.get(Game, game_id).summary["players"][0] == "Ann"


def test_a_players_own_phone_finds_its_seat_in_the_next_game_without_a_write(table, client, app):
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    tokens = seat_tokens(client, table)
    table.play_round(1, [1, 2, 3, 0], 1, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0},
                     trump="none")
    assert client.post(table.url("/again")).status_code == 302
    with database_writes(app) as written:
        moved = {name: client.get(f"/g/{token}/next", headers=HTMX).headers["HX-Redirect"]
                 for name, token in tokens.items()}
    assert written == []
    with app.app_context():
        for name, address in moved.items():
            seat = links.open_link(address.strip("/").split("/")[1])
            assert seat.role == links.SEAT and seat.game.players[seat.player].name == name
        assert Link.query.filter_by(game_id=seat.game_id, role=links.SEAT).count() == 4
