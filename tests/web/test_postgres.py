"""The same app on PostgreSQL (DATABASE_URL), not only the embedded SQLite.

The module has a database of its own on a throwaway cluster (``postgres_url``
in this folder's conftest.py, docs/testing.md).
"""

from __future__ import annotations

import pytest
from event_streams import Stream, version_of, watch_stops
from servers import needs_postgres

from scorekeeper.storage.watch import Watch

pytestmark = needs_postgres


@pytest.fixture
def client(postgres_app):
    """The test client of an app on PostgreSQL (overrides the SQLite client,
    so the ``table`` fixture drives this app)."""
    return postgres_app.test_client()


def test_a_game_is_played_corrected_and_exported_on_postgresql(client, table):
    pg_client = client
    table.start(names=("Łucja", "Õie", "Bob", "Cy"))
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    data = {"trump": "S", "seats-0-bid": 4, "seats-0-tricks": 4, "seats-1-bid": 3, "seats-1-tricks": 3,
            "seats-2-bid": 1, "seats-2-tricks": 2, "seats-3-bid": 1, "seats-3-tricks": 1}
    assert pg_client.post(table.url("/round/1/edit"), data=data).status_code == 302
    text = pg_client.get(table.url("/export.csv")).get_data(as_text=True)
    assert "Łucja" in text and "Õie" in text
    page = pg_client.get(table.url("/standings")).get_data(as_text=True)
    assert "Õie" in page and "Round 1 corrected" in pg_client.get(table.url("/history")).get_data(as_text=True)
    assert pg_client.get(table.url("/round/1")).status_code == 200


def test_text_postgresql_would_refuse_never_reaches_it(client, table):
    """A NUL in a name or a reason, or an author cookie longer than a change
    stores, made PostgreSQL refuse the write (a 500)."""
    pg_client = client
    table.start(names=("A\x00nn", "Bob", "Cy", "Di"))
    pg_client.set_cookie("author", "A" * 300)
    assert table.bid(1, 1, 2).status_code == 302
    response = pg_client.post(table.url("/adjust"), data={"player": "1", "points": "2",
                                                          "reason": "x\x00y"})
    assert response.status_code == 302
    page = pg_client.get(table.url("/history")).get_data(as_text=True)
    assert "Bob +2 points: xy" in page and "A" * 40 in page and "A" * 41 not in page


def test_the_statistics_and_a_series_add_up_on_postgresql(client, table):
    """The grouped sums, the ordered lines and head to head run on PostgreSQL
    too, and a correction after the end is folded in."""
    import re

    pg_client = client
    table.start(names=("Ann", "Bob", "Cy", "Di"), preset="estonian", shape="custom", custom="1",
                first_dealer="0")
    table.play_round(1, [1, 2, 3, 0], 1, {1: 1, 2: 0, 3: 0, 0: 1}, {1: 1, 2: 0, 3: 0, 0: 0},
                     trump="none")
    response = pg_client.post(table.url("/again"))
    assert response.status_code == 302
    first, table.gid = table.gid, re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)
    table.play_round(1, [2, 3, 0, 1], 1, {2: 1, 3: 0, 0: 0, 1: 1}, {2: 1, 3: 0, 0: 0, 1: 0},
                     trump="none")
    page = pg_client.get("/players/Bob").get_data(as_text=True)
    assert re.search(r'data-figure="played">2<', page) and re.search(r'data-figure="won">1<', page)
    assert page.count('data-pair="games">2<') == 3
    assert "Bob" in pg_client.get("/players").get_data(as_text=True)
    assert pg_client.get("/players/statistics.csv?period=30").status_code == 200
    standings = pg_client.get(table.url("/standings")).get_data(as_text=True)
    heading = r"<span class=\"label\" aria-hidden=\"true\">[^<]+</span>"  # stacked rows
    assert re.search(rf"<tr><td>Bob</td><td class=\"num\">{heading}1</td>"
                     rf"<td class=\"num\">{heading}2</td>", standings)
    table.gid = first  # Bob did not take the trick after all: Cy did
    data = {"trump": "none", "seats-0-bid": 1, "seats-0-tricks": 0, "seats-1-bid": 0,
            "seats-1-tricks": 1, "seats-2-bid": 0, "seats-2-tricks": 0, "seats-3-bid": 1,
            "seats-3-tricks": 0}
    assert pg_client.post(table.url("/round/1/edit"), data=data).status_code == 302
    page = pg_client.get("/players/Bob").get_data(as_text=True)
    assert re.search(r'data-figure="won">0<', page)


@pytest.mark.parametrize("where", ["name", "author", "id", "token"])
def test_an_imported_nul_is_refused_in_words_and_nothing_reaches_postgresql(client, table,
                                                                              where):
    """A NUL in a file's name, signing name, id or token made PostgreSQL refuse
    the write (a 500); now the import refuses the file first."""
    import io
    import json

    pg_client = client
    table.start(names=("Ann", "Bob", "Cy"))
    data = json.loads(pg_client.get("/carry/games.json").get_data(as_text=True))
    game = data["games"][0]
    game["id"] = "b" * 32
    for link in game["links"]:
        link["token"] = "yy" + link["token"][2:]
    {"name": lambda: game["players"][0].update(name="A\x00nn"),
     "author": lambda: game["changes"][0].update(author="x\x00") if game["changes"]
     else game["links"][0].update(created_at="\x00"),
     "id": lambda: game.update(id="b\x00b"),
     "token": lambda: game["links"][0].update(token="abcdefgh\x00ijklmnopq")}[where]()
    response = pg_client.post("/carry/import", data={
        "file": (io.BytesIO(json.dumps(data).encode()), "games.json")},
        content_type="multipart/form-data")
    assert response.status_code == 422
    assert "control character" in response.get_data(as_text=True)
    assert pg_client.get("/healthz").status_code == 200


def test_a_tap_reaches_a_live_stream_through_notify(postgres_app, client, table, monkeypatch):
    """PostgreSQL's watch asks nothing at intervals: it hears the write's NOTIFY."""
    postgres_app.config["LIVE_STREAM_SECONDS"] = 60
    asked = []
    monkeypatch.setattr(Watch, "_ask", lambda self: asked.append(self))
    table.start()
    table.trump(1)
    since = version_of(postgres_app, table.gid)
    stream = Stream(postgres_app.test_client(), table.url(f"/events?since={since}"))
    try:
        assert stream.next() == "retry: 1000\n\n"
        assert table.bid(1, 1, 2).status_code == 302
        assert stream.next_change() == since + 1
        assert asked == []
    finally:
        watch = postgres_app.extensions["watch"]
        watch.end_all()
        assert stream.ended()
    assert watch_stops(watch)  # no one watches: the listening thread ends


def test_names_keep_their_letters_and_head_to_head_is_fair_on_postgresql(client, table):
    """The club's member keys (unique by club) keep Märt beside Mart, and
    head to head reads the pairs kept for a leaver, on PostgreSQL too."""
    from test_comings_and_goings import (
        test_head_to_head_counts_a_leaver_by_the_rounds_played_together as head_to_head)
    from test_names_keep_their_letters import (
        test_a_club_keeps_maert_apart_from_mart_and_offers_the_organiser_a_merge as club)

    club(client)
    head_to_head(table, client)


def test_a_game_brought_twice_is_one_game_on_postgresql(postgres_app, client, table):
    from test_carry import (
        test_a_games_own_json_then_the_export_of_all_that_holds_it_make_one_game as twice)

    twice(table, client, postgres_app)
