"""A round screen's stream sends the entry panel itself (scorekeeper/web/pushed.py):
the panel its phone would have been answered had it asked, with its own
session's CSRF token, drawn through its own link (a viewer's or a seat's
stream never carries what a scorer's panel shows), and ``change`` instead
when the round it shows is no longer the open one; a stream whose link was
replaced ends."""

from __future__ import annotations

import re
import time

import pytest
from event_streams import streaming, version_of  # noqa: F401  (a fixture)
from game_links import links_of, seat_tokens
from page_text import without_tokens

from scorekeeper.storage.database import db

HTMX = {"HX-Request": "true"}
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def opened(streaming):
    """Open a stream and read its first event (``retry``)."""
    def open_stream(client, path):
        stream = streaming(client, path)
        assert stream.next() == "retry: 1000\n\n"
        return stream
    return open_stream


def asked(phone, token: str, since: int) -> str:
    """The panel as the phone gets it by asking (js/live.js without a stream)."""
    response = phone.get(f"/g/{token}/round/1/entry?since={since}", headers=HTMX)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def test_the_round_page_opens_a_stream_that_sends_its_round_and_the_table_view_one_that_does_not(
        client, table):
    table.start()
    page = client.get(table.url("/round/1")).get_data(as_text=True)
    assert re.search(r'sse-connect="/g/[^"?]+/events\?since=\d+&amp;round=1"', page)
    view = client.get(table.url("/table")).get_data(as_text=True)
    assert re.search(r'sse-connect="/g/[^"?]+/events\?since=\d+"', view)


def test_another_phones_tap_arrives_as_the_panel_that_asking_gets_with_this_sessions_own_token(
        app, client, htmx_table, opened):
    htmx_table.start()
    htmx_table.trump(1)
    since = version_of(app, htmx_table.gid)
    app.config["WTF_CSRF_ENABLED"] = True
    watcher = app.test_client()
    stream = opened(watcher, htmx_table.url(f"/events?since={since}&round=1"))
    tapper_token = TOKEN.search(asked(client, htmx_table.gid, 0)).group(1)
    tap = client.post(htmx_table.url("/round/1/bid"), headers=HTMX,
                      data={"player": "1", "bid": "2", "csrf_token": tapper_token})
    assert tap.status_code == 200
    pushed = stream.next_panel()
    assert f'data-version="{since + 1}"' in pushed
    assert "\x00" not in pushed
    assert without_tokens(pushed) == without_tokens(asked(watcher, htmx_table.gid, since))
    assert without_tokens(pushed) == without_tokens(tap.get_data(as_text=True))
    # Its token is the watching phone's own session's: its tap is taken with it.
    tokens = set(TOKEN.findall(pushed))
    assert len(tokens) == 1 and tapper_token not in tokens
    answer = watcher.post(htmx_table.url("/round/1/bid"), headers=HTMX,
                          data={"player": "2", "bid": "1", "csrf_token": tokens.pop()})
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert f'data-version="{since + 2}"' in stream.next_panel()


def connections_out(app) -> int:
    with app.app_context():
        return db.engine.pool.checkedout()


def soon(check, seconds: float = 10.0) -> bool:
    """Whether ``check()`` holds at some moment within ``seconds``."""
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def test_a_panel_drawn_by_the_stream_itself_equals_the_one_asked_for(app, client, table, opened):
    """A change stored elsewhere (here a plain form post: no panel drawn) is
    drawn by the stream, which holds no database connection after it."""
    table.start()
    since = version_of(app, table.gid)
    watcher = app.test_client()
    stream = opened(watcher, table.url(f"/events?since={since}&round=1"))
    app.extensions["scorekeeper.pages"].clear()
    assert table.trump(1).status_code == 302
    pushed = stream.next_panel()
    # The stream drew it and gave its connection back. The watch's own thread
    # (SQLite) takes one for a moment at each of its polls: a connection the
    # open stream kept would be out all along, the watch's is soon back.
    assert soon(lambda: connections_out(app) == 0), "the open stream keeps a connection"
    assert f'data-version="{since + 1}"' in pushed
    assert without_tokens(pushed) == without_tokens(asked(watcher, table.gid, since))


@pytest.mark.parametrize("role", ["viewer", "seat"])
def test_a_viewers_or_seats_stream_never_carries_the_scorers_panel(
        app, client, htmx_table, opened, role):
    htmx_table.start()
    htmx_table.trump(1)
    token = (links_of(app, htmx_table.gid)["viewer"] if role == "viewer"
             else seat_tokens(client, htmx_table)["Cy"])
    since = version_of(app, htmx_table.gid)
    stream = opened(app.test_client(), f"/g/{token}/events?since={since}&round=1")
    scorers = htmx_table.bid(1, 1, 2).get_data(as_text=True)  # drawn and kept for the scorer
    pushed = stream.next_panel()
    assert f'data-version="{since + 1}"' in pushed
    assert without_tokens(pushed) == without_tokens(asked(app.test_client(), token, since))
    assert without_tokens(pushed) != without_tokens(scorers)
    assert htmx_table.gid not in pushed  # none of the scorer's addresses
    assert f"/g/{token}/" in pushed


def test_once_the_round_is_closed_the_stream_says_change_and_asking_moves_on(
        app, client, table, opened):
    table.start()
    since = version_of(app, table.gid)
    stream = opened(app.test_client(), table.url(f"/events?since={since}&round=1"))
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    closed = version_of(app, table.gid)
    name, data = stream.next_told()
    # The round's entries, as each was heard: panels, or a change where the
    # stream came to draw an entry's version only after the close (a busy machine).
    while name == "panel" or int(data) < closed:
        name, data = stream.next_told()
    assert (name, int(data)) == ("change", closed)


def test_the_stream_of_a_replaced_link_ends_at_the_next_change_and_sends_nothing(
        app, client, table, opened):
    table.start()
    viewer = links_of(app, table.gid)["viewer"]
    since = version_of(app, table.gid)
    stream = opened(app.test_client(), f"/g/{viewer}/events?since={since}&round=1")
    assert client.post(table.url("/share/rotate"), data={"role": "viewer"}).status_code == 302
    assert table.trump(1).status_code == 302
    assert stream.ended()
    assert stream.next(timeout=0) is None


def test_a_panels_lines_reach_the_browser_as_they_were_drawn():
    """An EventSource splits its data at CR LF, LF and CR, and joins the lines with LF."""
    from scorekeeper.web.live import panel_event

    html = '<section id="entry">\n  <p>Ann\u2028Bob</p>\r\n<p>x</p>\r</section>'
    event = panel_event(html)
    assert event.startswith("event: panel\n") and event.endswith("\n\n")
    lines = re.split(r"\r\n|\r|\n", event.removeprefix("event: panel\n").removesuffix("\n\n"))
    assert all(line.startswith("data: ") for line in lines)
    joined = "\n".join(line.removeprefix("data: ") for line in lines)
    assert joined == html.replace("\r\n", "\n").replace("\r", "\n")
