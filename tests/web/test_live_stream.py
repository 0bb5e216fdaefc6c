"""The live stream of an open game screen (scorekeeper/web/live.py and
storage/watch.py): a ``change`` with the new version whenever the game's
version moves, from this or another phone; nothing for a refused write; no
database connection held while it waits; open to every link of the game and
to nothing else."""

from __future__ import annotations

import pytest
from event_streams import eventually, streaming, version_of, watch_stops  # noqa: F401  (a fixture)
from game_links import links_of, seat_tokens, stored

from scorekeeper.storage.database import db
from scorekeeper.storage.links import open_link

def test_a_stream_starts_with_a_retry_and_tells_at_once_of_a_change_it_missed(
        app, client, table, streaming):
    table.start()
    table.trump(1)
    now = version_of(app, table.gid)
    stream = streaming(client, table.url("/events?since=0"))
    assert stream.next() == "retry: 1000\n\n"
    assert stream.next_change() == now


def test_a_tap_on_another_phone_reaches_the_stream_and_a_refused_one_does_not(
        app, client, table, streaming):
    table.start()
    table.trump(1)
    since = version_of(app, table.gid)
    watcher = app.test_client()
    stream = streaming(watcher, table.url(f"/events?since={since}"))
    assert stream.next() == "retry: 1000\n\n"
    assert stream.quiet(0.5)  # nothing changed: nothing said
    assert table.bid(1, 1, 2).status_code == 302
    assert stream.next_change() == since + 1
    before = stored(app)
    assert table.bid(1, 2, 99).status_code == 422  # refused: nothing stored, nothing told
    assert stored(app) == before
    assert stream.quiet(0.5)
    assert table.bid(1, 2, 1).status_code == 302
    assert stream.next_change() == since + 2


def test_a_waiting_stream_holds_no_database_connection_and_leaves_when_it_ends(
        app, client, table, streaming):
    table.start()
    since = version_of(app, table.gid)
    streams = [streaming(app.test_client(), table.url(f"/events?since={since}"))
               for _ in range(8)]
    for stream in streams:
        assert stream.next() == "retry: 1000\n\n"
    watch = app.extensions["watch"]
    assert watch.open_streams() == 8
    # The watch's own check takes a connection for a moment every interval: a
    # stream that held one would keep the count above zero for good.
    with app.app_context():
        assert eventually(lambda: db.engine.pool.checkedout() == 0)
    watch.end_all()
    assert all(stream.ended() for stream in streams)
    assert watch.open_streams() == 0
    assert watch_stops(watch)  # no one watches: its thread ends (a subscription starts one)


@pytest.mark.parametrize("role", ["viewer", "seat"])
def test_every_link_of_the_game_may_follow_it(app, client, table, streaming, role):
    table.start()
    token = (links_of(app, table.gid)["viewer"] if role == "viewer"
             else seat_tokens(client, table)["Bob"])
    stream = streaming(app.test_client(), f"/g/{token}/events?since=0")
    assert stream.next() == "retry: 1000\n\n"
    assert table.trump(1).status_code == 302
    assert stream.next_change() == version_of(app, table.gid)


def test_no_stream_without_a_link_and_none_through_a_replaced_one(app, client, table):
    table.start()
    assert client.get("/g/" + "x" * 22 + "/events").status_code == 404
    viewer = links_of(app, table.gid)["viewer"]
    assert client.post(table.url("/share/rotate"), data={"role": "viewer"}).status_code == 302
    assert client.get(f"/g/{viewer}/events").status_code == 410


def test_a_new_subscription_starts_at_the_newest_version_heard_not_an_older_read(app, table):
    """A request's read may see the database as its transaction began; a
    version the watch heard since then is the newer, and the one it starts at."""
    table.start()
    watch = app.extensions["watch"]
    with app.test_request_context():
        game_id = open_link(table.gid).game_id
        first = watch.subscribe(game_id)
        stored = first.version
        watch.heard(game_id, stored + 5)  # as if heard from another server meanwhile
        second = watch.subscribe(game_id)
        assert (first.wait(0), second.version) == (stored + 5, stored + 5)
        first.close()
        second.close()
    assert watch.open_streams() == 0
