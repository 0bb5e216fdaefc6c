"""The entry panels that the workers of one server share (scorekeeper/kept.py's
SharedKept behind scorekeeper/web/rendered.py): after a tap, the worker that
stored it has drawn the panel; another worker's phones and streams get that
drawing, with their own session's token, without drawing it again. Two apps
on one SQLite file stand for two gunicorn workers."""

from __future__ import annotations

import logging
from contextlib import contextmanager

import pytest
from event_streams import Stream
from flask import template_rendered
from game_links import links_of
from page_text import without_tokens

from scorekeeper import create_app
from scorekeeper.config import default_shared_pages
from scorekeeper.kept import SharedKept
from scorekeeper.storage.database import db

HTMX = {"HX-Request": "true"}
PANEL = "play/_entry.html"


@pytest.fixture
def other_worker(app):
    """A second app on the same database and shared file, as gunicorn's second worker."""
    other = create_app({key: app.config[key] for key in (
        "TESTING", "SECRET_KEY", "SQLALCHEMY_DATABASE_URI", "WTF_CSRF_ENABLED",
        "LIVE_STREAM_SECONDS", "SHARED_PAGES")})
    yield other
    with other.app_context():
        db.engine.dispose()


@contextmanager
def drawn_by(app):
    """The templates ``app`` draws meanwhile."""
    names: list[str] = []

    def heard(sender, template, context, **extra):
        names.append(template.name)

    template_rendered.connect(heard, app)
    try:
        yield names
    finally:
        template_rendered.disconnect(heard, app)


def tapped(htmx_table) -> str:
    htmx_table.start()
    htmx_table.trump(1)
    answer = htmx_table.client.post(htmx_table.url("/round/1/bid"), headers=HTMX,
                                    data={"player": "1", "bid": "2"})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def test_another_worker_answers_a_phone_with_the_panel_the_tapping_worker_drew(
        app, htmx_table, other_worker):
    answer = tapped(htmx_table)
    phone = other_worker.test_client()
    with drawn_by(other_worker) as drawn:
        asked = phone.get(htmx_table.url("/round/1/entry?since=1"), headers=HTMX)
    assert asked.status_code == 200
    assert drawn == []  # nothing drawn again
    assert without_tokens(asked.get_data(as_text=True)) == without_tokens(answer)


def test_another_worker_draws_what_the_shared_store_has_not_got(app, htmx_table, other_worker):
    tapped(htmx_table)
    other_worker.extensions["scorekeeper.marked_pages"].shared = None  # as if the file were gone
    with drawn_by(other_worker) as drawn:
        asked = other_worker.test_client().get(htmx_table.url("/round/1/entry?since=1"),
                                               headers=HTMX)
    assert asked.status_code == 200 and PANEL in drawn


def test_a_panel_kept_for_the_scorers_link_is_never_given_to_a_viewers(
        app, htmx_table, other_worker):
    answer = tapped(htmx_table)
    viewer = links_of(app, htmx_table.gid)["viewer"]
    with drawn_by(other_worker) as drawn:
        asked = other_worker.test_client().get(f"/g/{viewer}/round/1/entry?since=1",
                                               headers=HTMX)
    assert asked.status_code == 200 and PANEL in drawn
    seen = asked.get_data(as_text=True)
    assert htmx_table.gid not in seen and 'id="read-only"' in seen and seen != answer


def test_the_shared_store_keeps_one_text_a_slot_and_misses_another_check(tmp_path):
    shared = SharedKept(str(tmp_path / "pages.sqlite3"), size=10)
    shared.keep("panel", 3, "at 3")
    shared.keep("panel", 4, "at 4")
    assert (shared.get("panel", 4), shared.get("panel", 3), shared.get("other", 4)) == (
        "at 4", None, None)


def test_the_shared_store_drops_the_oldest_beyond_its_size(tmp_path):
    shared = SharedKept(str(tmp_path / "pages.sqlite3"), size=2)
    for number in range(3):
        shared.keep(f"panel {number}", 1, f"drawn {number}")
    shared._next_sweep = 0  # the minute has passed
    shared.keep("panel 3", 1, "drawn 3")
    assert [shared.get(f"panel {n}", 1) for n in range(4)] == [None, None, "drawn 2", "drawn 3"]


def test_a_shared_store_that_cannot_be_written_is_a_miss_said_once_in_the_log(tmp_path, caplog):
    shared = SharedKept(str(tmp_path / "no such folder" / "pages.sqlite3"), size=2)
    with caplog.at_level(logging.WARNING, logger="scorekeeper.kept"):
        shared.keep("panel", 1, "drawn")
        shared.keep("panel", 2, "drawn")
    assert shared.get("panel", 1) is None
    assert len([r for r in caplog.records if "cannot be written" in r.getMessage()]) == 1


@pytest.mark.parametrize(("url", "expected"), [
    ("sqlite:////srv/games/scorekeeper.sqlite3", "/srv/games/scorekeeper.pages.sqlite3"),
    ("sqlite:///:memory:", ""),
    ("sqlite://", ""),
    ("postgresql+psycopg://host/games", "/srv/instance/pages.sqlite3"),
])
def test_the_shared_file_lies_beside_the_embedded_database_or_in_the_instance_folder(
        url, expected):
    assert default_shared_pages(url, "/srv/instance") == expected


def test_the_stream_of_another_worker_sends_the_shared_panel(app, htmx_table, other_worker):
    answer = tapped(htmx_table)
    with drawn_by(other_worker) as drawn:
        stream = Stream(other_worker.test_client(), htmx_table.url("/events?since=1&round=1"))
        assert stream.next() == "retry: 1000\n\n"
        panel = stream.next_panel()
    assert drawn == []
    assert without_tokens(panel) == without_tokens(answer.replace("\r\n", "\n"))
