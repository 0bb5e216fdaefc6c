"""PostgreSQL as light as SQLite: a request that only reads sends one round
trip a statement (no BEGIN and ROLLBACK: the app reads without a
transaction), a write is still one transaction, and a tap's panel is drawn
once for every app server's streams (the tap's own drawing, told through
NOTIFY: scorekeeper/web/pushed.py). ``bench/round_trips.py`` prints the
figures."""

from __future__ import annotations

import psycopg
import pytest
from event_streams import Stream, version_of
from flask import template_rendered
from game_links import seat_tokens
from page_text import without_tokens
from servers import needs_postgres
from sqlalchemy import event, func, select

from scorekeeper import create_app
from scorekeeper.storage import watch
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game, Link
from scorekeeper.storage.unit import write
from scorekeeper.web import pushed
from scorekeeper.web.round_screen import PANEL

pytestmark = needs_postgres

HTMX = {"HX-Request": "true"}


@pytest.fixture
def client(postgres_app):
    """The test client of an app on PostgreSQL (the ``table`` fixtures drive it)."""
    return postgres_app.test_client()


@pytest.fixture
def sent(postgres_app, monkeypatch):
    """What the app sends PostgreSQL, as it sends it: each statement, and
    psycopg's own BEGIN, COMMIT and ROLLBACK (a round trip each); a pipeline
    of psycopg's (one round trip for what it carries) is said as ``PIPELINE``
    before the statements sent in it, each ``piped: ...``."""
    sent: list[str] = []
    command = psycopg.Connection._exec_command
    execute = psycopg.Connection.execute
    pipeline = psycopg.Connection.pipeline

    def counted(self, text, *args, **kwargs):
        sent.append(bytes(text).decode())
        return command(self, text, *args, **kwargs)

    def statement(_connection, _cursor, text, *_args):
        sent.append(" ".join(text.split()))

    def executed(self, text, *args, **kwargs):  # past SQLAlchemy: storage/unit.py
        sent.append(("piped: " if self._pipeline else "") + " ".join(str(text).split()))
        return execute(self, text, *args, **kwargs)

    def piped(self, *args, **kwargs):
        sent.append("PIPELINE")
        return pipeline(self, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "_exec_command", counted)
    monkeypatch.setattr(psycopg.Connection, "execute", executed)
    monkeypatch.setattr(psycopg.Connection, "pipeline", piped)
    with postgres_app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", statement)
    yield sent
    event.remove(engine, "before_cursor_execute", statement)


def test_a_poll_of_an_unchanged_game_is_one_round_trip(postgres_app, client, htmx_table, sent):
    htmx_table.start()
    since = version_of(postgres_app, htmx_table.gid)
    sent.clear()
    response = client.get(htmx_table.url(f"/round/1/entry?since={since}"), headers=HTMX)
    assert response.status_code == 204
    assert len(sent) == 1 and sent[0].startswith("SELECT links.role"), sent


def test_a_tap_is_one_transaction_whose_claim_announces_the_version(
        postgres_app, client, htmx_table, sent):
    htmx_table.start()
    htmx_table.trump(1)
    sent.clear()
    assert htmx_table.bid(1, 1, 2).status_code == 200
    # The link and the game in one query; BEGIN and the game's lock in one round trip.
    assert sent[0].startswith("SELECT links.role") and "games.ruleset" in sent[0]
    assert sent[1:4] == ["PIPELINE", "piped: BEGIN", sent[3]] and sent[3].endswith(
        "FOR UPDATE"), sent
    begin, commit = sent.index("piped: BEGIN"), sent.index("COMMIT")
    assert sent.count("piped: BEGIN") == sent.count("COMMIT") == 1 and "ROLLBACK" not in sent
    assert "BEGIN" not in sent
    written = sent[begin:commit]
    assert any(s.startswith("INSERT INTO changes") for s in written)
    claim = [s for s in written if s.startswith("UPDATE games")]
    assert len(claim) == 1 and "RETURNING pg_notify" in claim[0]
    assert not any(s.startswith("SELECT pg_notify") for s in written)  # no round trip of its own


def test_a_write_refused_halfway_stores_nothing(postgres_app, htmx_table):
    """Each statement outside a write commits on its own: a write's are one
    transaction still, rolled back whole when its work fails after writing."""
    htmx_table.start()
    version = version_of(postgres_app, htmx_table.gid)
    with postgres_app.app_context():
        game = db.session.scalar(select(Game).join(Link).where(Link.token == htmx_table.gid))
        game_id = game.id
        stored = db.session.scalar(select(func.count(Change.id)).where(Change.game_id == game_id))

        def work(unit):
            unit.claim(game)
            db.session.add(Change(game_id=game.id, seq=1000, kind="bid", round=1, player=1,
                                  value=1))
            db.session.flush()
            raise ValueError("refused after writing")

        with pytest.raises(ValueError):
            write(work, over=(game,))
        db.session.remove()
        assert db.session.scalar(
            select(func.count(Change.id)).where(Change.game_id == game_id)) == stored
    assert version_of(postgres_app, htmx_table.gid) == version  # the claim undone too


@pytest.fixture
def other_server(postgres_app):
    """A second app on the same database, as on another machine: no file of
    drawings shared with the first. Its streams are ended after the test."""
    settings = {name: postgres_app.config[name] for name in (
        "TESTING", "SECRET_KEY", "WTF_CSRF_ENABLED", "RATELIMIT_STORAGE_URI")}
    app = create_app({**settings, "SHARED_PAGES": "", "LIVE_STREAM_SECONDS": 60})
    postgres_app.config["LIVE_STREAM_SECONDS"] = 60
    drawn: list[str] = []

    def panel_drawn(_app, template, **_context):
        if template.name == PANEL:
            drawn.append(template.name)

    template_rendered.connect(panel_drawn, app)
    app.drawn = drawn
    yield app
    template_rendered.disconnect(panel_drawn, app)
    app.extensions["watch"].end_all()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def opened(app, token: str, since: int) -> Stream:
    stream = Stream(app.test_client(), f"/g/{token}/events?since={since}&round=1")
    assert stream.next() == "retry: 1000\n\n"
    return stream


def test_a_stream_on_another_server_sends_the_taps_own_drawing_and_draws_none(
        postgres_app, htmx_table, other_server):
    htmx_table.start()
    htmx_table.trump(1)
    since = version_of(postgres_app, htmx_table.gid)
    stream = opened(other_server, htmx_table.gid, since)
    # Once the first tap is heard, the other server's watch listens (a tap
    # before it did is heard when it starts, without its drawing).
    assert htmx_table.bid(1, 1, 1).status_code == 200
    assert f'data-version="{since + 1}"' in stream.next_panel()
    other_server.drawn.clear()
    tap = htmx_table.bid(1, 1, 2)
    assert tap.status_code == 200
    pushed = stream.next_panel()
    assert f'data-version="{since + 2}"' in pushed
    assert without_tokens(pushed) == without_tokens(tap.get_data(as_text=True))
    assert other_server.drawn == []
    other_server.extensions["watch"].end_all()
    assert stream.ended()


def test_a_seat_links_stream_on_another_server_draws_its_own_panel(
        postgres_app, client, htmx_table, other_server):
    """The tap's drawing is the scorer's link's: a seat's stream never takes it."""
    htmx_table.start()
    htmx_table.trump(1)
    seat = seat_tokens(client, htmx_table)["Cy"]
    since = version_of(postgres_app, htmx_table.gid)
    stream = opened(other_server, seat, since)
    scorers = htmx_table.bid(1, 1, 2).get_data(as_text=True)
    pushed = stream.next_panel()
    assert f'data-version="{since + 1}"' in pushed
    asked = other_server.test_client().get(f"/g/{seat}/round/1/entry?since={since}",
                                           headers=HTMX).get_data(as_text=True)
    assert without_tokens(pushed) == without_tokens(asked)
    assert without_tokens(pushed) != without_tokens(scorers)
    assert other_server.drawn  # drawn there, for the seat's link
    other_server.extensions["watch"].end_all()
    assert stream.ended()


def test_a_stream_whose_announced_drawing_never_comes_draws_the_panel_itself(
        postgres_app, htmx_table, other_server, monkeypatch):
    """The worker that stored the tap may fail before it tells its drawing:
    the streams wait for it only so long (DRAWING_PATIENCE), then draw."""
    monkeypatch.setattr(watch, "DRAWING_PATIENCE", 0.2)
    monkeypatch.setattr(pushed, "tell_drawn", lambda *told: None)
    htmx_table.start()
    htmx_table.trump(1)
    since = version_of(postgres_app, htmx_table.gid)
    stream = opened(other_server, htmx_table.gid, since)
    assert htmx_table.bid(1, 1, 1).status_code == 200  # heard: the watch listens
    assert f'data-version="{since + 1}"' in stream.next_panel()
    other_server.drawn.clear()
    tap = htmx_table.bid(1, 1, 2)
    pushed_panel = stream.next_panel()
    assert f'data-version="{since + 2}"' in pushed_panel
    assert without_tokens(pushed_panel) == without_tokens(tap.get_data(as_text=True))
    assert other_server.drawn == [PANEL]
    other_server.extensions["watch"].end_all()
    assert stream.ended()
