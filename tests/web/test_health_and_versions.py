"""The health check, the game's version raised by compare-and-swap, and the
poll of an unchanged game answered from the link alone."""

from __future__ import annotations

import re

from sqlalchemy import event

from scorekeeper.storage import folds
from scorekeeper.storage import games as store
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game

HTMX = {"HX-Request": "true"}


def version_of(app) -> int:
    with app.app_context():
        return db.session.scalars(db.select(Game.version)).one()


def test_the_health_check_asks_the_database_and_needs_no_link(client, app):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_data(as_text=True) == "ok\n"
    assert "Set-Cookie" not in response.headers


def test_the_health_check_says_503_when_the_database_is_unreachable(client, app, monkeypatch):
    from sqlalchemy.exc import OperationalError

    def broken(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("down"))

    with app.app_context():
        monkeypatch.setattr(db.session, "execute", broken)
        assert client.get("/healthz").status_code == 503


def test_the_health_check_is_never_rate_limited(client, app):
    app.config["LIMIT_WRITES"] = "1 per minute"
    assert all(client.get("/healthz").status_code == 200 for _ in range(30))


def test_every_write_raises_the_version_by_one_and_a_refused_one_leaves_it(table, app):
    table.start()
    assert version_of(app) == 0
    table.trump(1, "H")
    assert version_of(app) == 1
    table.client.post(table.url("/round/1/bid"), data={"player": "1", "bid": "99"})  # refused
    assert version_of(app) == 1
    table.client.post(table.url("/round/1/bid"), data={"player": "1", "bid": "2"})
    table.client.post(table.url("/round/1/bid"), data={"player": "1", "bid": "2"})  # the same
    assert version_of(app) == 2


def statements_of(app, request) -> tuple[object, list[str]]:
    """The answer to ``request()`` and the SQL statements it ran."""
    with app.app_context():
        statements = []
        listener = lambda *args: statements.append(args[2])  # noqa: E731
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            response = request()
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
    return response, statements


def test_a_poll_of_an_unchanged_game_is_one_query_and_no_fold(table, app, monkeypatch):
    table.start()
    table.trump(1, "H")
    version = version_of(app)
    folded = []
    monkeypatch.setattr(folds, "fold_of", lambda game: folded.append(game) or None)
    response, statements = statements_of(app, lambda: table.client.get(
        table.url(f"/round/1/entry?since={version}"), headers=HTMX))
    assert response.status_code == 204 and not folded
    assert len(statements) == 1 and "links" in statements[0] and "games" in statements[0]


def test_a_poll_after_a_tap_gets_the_panel_the_tap_drew_with_one_query(htmx_table, app, monkeypatch):
    """The tap's answer is kept; a phone that polls then gets that panel for
    the version read with the link: no game loaded, nothing folded."""
    htmx_table.start()
    htmx_table.trump(1, "H")
    seen = version_of(app)
    tapped = htmx_table.bid(1, 1, 2).get_data(as_text=True)
    folded = []
    monkeypatch.setattr(folds, "fold_of", lambda game: folded.append(game) or None)
    response, statements = statements_of(app, lambda: app.test_client().get(
        htmx_table.url(f"/round/1/entry?since={seen}"), headers=HTMX))
    assert response.status_code == 200 and not folded
    assert len(statements) == 1 and "links" in statements[0]
    drawn = response.get_data(as_text=True)
    assert f"since={seen + 1}" in drawn
    token = re.compile(r'name="csrf_token" value="[^"]*"')
    assert token.sub("", drawn) == token.sub("", tapped)


def test_a_taps_panel_carries_the_last_changes_from_the_fold_the_tap_kept(htmx_table, app):
    """The entry panel carries the game's last changes (web/round_screen.py's
    log_tail) from the game's kept fold: the tap's one statement on the
    change log is its insert."""
    htmx_table.start()
    htmx_table.trump(1, "H")
    response, statements = statements_of(app, lambda: htmx_table.bid(1, 1, 2))
    assert response.status_code == 200
    assert '"kind": "bid", "player": 1, "round": 1, "seq": 2' in response.get_data(as_text=True)
    on_the_log = [statement for statement in statements if "changes" in statement]
    assert len(on_the_log) == 1 and on_the_log[0].startswith("INSERT"), on_the_log


def test_a_poll_after_another_phones_entry_gets_the_panel_with_the_new_version(table, app):
    table.start()
    table.trump(1, "H")
    seen = version_of(app)
    app.test_client().post(table.url("/round/1/bid"), data={"player": "1", "bid": "2"})
    response = table.client.get(table.url(f"/round/1/entry?since={seen}"), headers=HTMX)
    assert response.status_code == 200
    assert f"since={seen + 1}" in response.get_data(as_text=True)


def test_a_write_whose_version_was_taken_meanwhile_runs_again_on_the_new_state(table, app):
    """Another server's write lands between this write's read and its swap: the
    swap fails, the write runs again and both entries are stored once."""
    table.start()
    table.trump(1, "H")
    with app.test_request_context():
        game = db.session.scalars(db.select(Game)).one()
        store.load_sheet(game)  # kept at this version
        other = db.engine.connect()  # the other server: its own connection and commit
        with other.begin():
            other.execute(db.insert(Change).values(
                game_id=game.id, seq=2, kind="bid", round=1, player=1, value=3))
            other.execute(db.update(Game).values(version=Game.version + 1))
        other.close()
        from scorekeeper.game import entries
        sheet = store.record(game, entries.bid, 1, 2, 1)
        assert sheet.round(1).bids == {1: 3, 2: 1} and game.version == 3
        seqs = db.session.scalars(db.select(Change.seq).order_by(Change.seq)).all()
        assert seqs == [1, 2, 3]


def test_a_write_after_another_servers_write_of_the_hand_runs_once_on_what_is_stored_now(
        table, app):
    """Only the version moved (a hand event, say) after this request read the
    game: the write sees it as it takes its turn, before its work runs, and
    the work runs once, on the game as it is now. (Another server cannot
    write the game while this write's work runs: it waits for its turn,
    tests/web/test_taps_at_once.py.)"""
    table.start()
    table.trump(1, "H")
    calls = []
    with app.test_request_context():
        game = db.session.scalars(db.select(Game)).one()
        with db.engine.begin() as other:
            other.execute(db.update(Game).values(version=Game.version + 1))
        real = folds.fold_of

        def counted(game):
            calls.append(game)
            return real(game)

        from scorekeeper.game import entries
        folds.fold_of = counted
        try:
            sheet = store.record(game, entries.bid, 1, 1, 2)
        finally:
            folds.fold_of = real
        assert len(calls) == 1 and sheet.round(1).bids == {1: 2} and game.version == 3
        assert db.session.scalar(db.select(db.func.count()).select_from(Change)) == 2


def test_a_kept_fold_whose_last_change_is_gone_is_folded_anew(table, app):
    table.start()
    table.trump(1, "H")
    table.client.post(table.url("/round/1/bid"), data={"player": "1", "bid": "2"})
    with app.test_request_context():
        game = db.session.scalars(db.select(Game)).one()
        assert store.load_sheet(game).round(1).bids == {1: 2}
        db.session.execute(db.delete(Change).where(Change.seq == 2))  # as a restore would
        game.version += 5
        db.session.commit()
        assert store.load_sheet(game).round(1).bids == {}


def test_the_kept_standings_follow_every_change_and_each_link_and_language(table, app):
    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    first = table.client.get(table.url("/standings")).get_data(as_text=True)
    assert "/round/1/edit" in first  # the scorer's link may correct the round
    table.client.post(table.url("/adjust"), data={"player": "1", "points": "7",
                                                  "reason": "kept or not"})
    after = table.client.get(table.url("/standings")).get_data(as_text=True)
    assert "kept or not" in after and "kept or not" not in first
    with app.app_context():
        from scorekeeper.storage.links import VIEWER, link_of
        viewer = link_of(db.session.scalars(db.select(Game)).one(), VIEWER).token
    seen = app.test_client().get(f"/g/{viewer}/standings").get_data(as_text=True)
    assert "/round/1/edit" not in seen and f"/g/{viewer}/export.csv" in seen
    polish = app.test_client()
    polish.set_cookie("lang", "pl")
    page = polish.get(table.url("/standings")).get_data(as_text=True)
    assert "<h1>Wyniki</h1>" in page and "<h1>Standings</h1>" in after


def test_gunicorns_settings_freeze_what_a_worker_loaded(app):
    """make run, the benchmarks and the README's host start gunicorn with this
    file: once a worker has loaded the app, its objects leave the collector's sight."""
    import gc
    import runpy
    from pathlib import Path

    settings = runpy.run_path(str(Path(__file__).resolve().parents[2] / "gunicorn.conf.py"))
    before = gc.get_freeze_count()
    try:
        settings["post_worker_init"](None)
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
        if before:  # what tests/conftest.py froze after collection, frozen again
            gc.collect()
            gc.freeze()
