"""``flask games prune``: old games deleted for good, whole, and nothing else,
on SQLite and on PostgreSQL.

The games are played through the web, then made old by setting every time
stored of them (the game's, its changes' and its hand events')."""

from __future__ import annotations

import csv
import io
import re
import threading
from datetime import timedelta

import pytest
from regular_games import ONE_ROUND
from sqlalchemy import null, select, update

from scorekeeper.storage import retention
from scorekeeper.storage.games import drop_game
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game, HandEvent, Link, utcnow

NOW = utcnow()
AGES = {"three years": timedelta(days=3 * 365), "a year": timedelta(days=365),
        "a month": timedelta(days=30), "now": timedelta(0)}


def day(days_ago: int) -> str:
    """The date ``days_ago`` days before today (UTC), as the command takes it."""
    return (NOW.date() - timedelta(days=days_ago)).isoformat()


TWO_YEARS, SIX_MONTHS = day(730), day(182)


@pytest.fixture
def server(app_on_each_database):
    """The app, on SQLite and then on PostgreSQL."""
    return app_on_each_database


@pytest.fixture
def client(server):
    """The phone the ``table`` fixture plays on."""
    return server.test_client()


def finished_game(table, winner: int = 1) -> str:
    """A game of one round of one card, played to its end (everyone bids 0,
    ``winner`` takes the trick); its scorer token."""
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    table.play_round(1, [1, 2, 3, 0], 1, dict.fromkeys(range(4), 0),
                     {seat: int(seat == winner) for seat in range(4)})
    return table.gid


def unfinished_game(table) -> str:
    """A game of one round with its trump and a bid in; its scorer token."""
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    table.trump(1, "S")
    assert table.bid(1, 1, 0).status_code == 302
    return table.gid


def record_card(table) -> None:
    """A card recorded in the table's game's first round."""
    response = table.client.post(table.url("/round/1/hand/card"), data={"card": "AS"})
    assert response.status_code == 302


def game_id(server, token: str) -> int:
    with server.app_context():
        return db.session.scalar(select(Link.game_id).where(Link.token == token))


def age(server, token: str, how_old: str) -> None:
    """Make every time stored of the game as long ago as ``how_old`` says
    (an update of a game row without ``updated_at`` sets it to now)."""
    when, game = NOW - AGES[how_old], game_id(server, token)
    with server.app_context():
        db.session.execute(update(Game).where(Game.id == game)
                           .values(created_at=when, updated_at=when))
        for model in (Change, HandEvent):
            db.session.execute(update(model).where(model.game_id == game).values(created_at=when))
        db.session.commit()


#: Tables whose rows belong to no game: a device's renames, and a club's own
#: rows (its links, members, renames, evenings and their parts, seasons,
#: invitations and answers); a club's
#: games are in ``club_games``, by ``game_id``.
NO_GAMES_ROWS = {"roster_changes", "clubs", "club_links", "club_members", "club_roster_changes",
                 "club_events", "event_parts", "club_seasons", "club_invitations", "club_answers"}


def belongs(table, ids):
    """Whether a row of the table belongs to one of these games (a KeyError
    for a table of no game: say here whose its rows are)."""
    if table.name == "games":
        return table.c.id.in_(ids)
    if table.name == "join_codes":
        return table.c.link_id.in_(select(Link.id).where(Link.game_id.in_(ids)))
    return table.c.game_id.in_(ids)


def stored_of(server, tokens) -> dict[str, list]:
    """Every row of every table that belongs to these games."""
    ids = [game_id(server, token) for token in tokens]
    with server.app_context():
        return {table.name: db.session.execute(select(table).where(belongs(table, ids))
                                               .order_by(*table.primary_key.columns)).all()
                for table in db.metadata.sorted_tables
                if table.name not in NO_GAMES_ROWS}


@pytest.fixture
def games(server, client, table) -> dict[str, str]:
    """Six games by what they are, each made as old as its name says; the
    statistics' lines of the finished ones kept, a card recorded and join
    codes given out in the oldest."""
    played = {"old finished": finished_game(table)}
    record_card(table)
    assert client.get(table.url("/share")).status_code == 200
    played["finished a year ago"] = finished_game(table, winner=2)
    played["recently finished"] = finished_game(table, winner=3)
    played["abandoned"] = unfinished_game(table)
    played["active"] = unfinished_game(table)
    played["old, status never worked out"] = finished_game(table, winner=0)
    assert client.get("/players/Ann").status_code == 200  # the lines kept
    unknown = game_id(server, played["old, status never worked out"])
    with server.app_context():  # as a game stored before games kept their status
        db.session.execute(update(Game).where(Game.id == unknown)
                           .values(summary=null(), finished=False))
        db.session.commit()
    for name, how_old in zip(played, ["three years", "a year", "a month", "a year", "now",
                                      "three years"]):
        age(server, played[name], how_old)
    return played


#: Game tables the scene has no row of: a club's games (not yet in the scene;
#: the database's ``ondelete="CASCADE"`` takes a pruned game's row with it).
NOT_IN_THE_SCENE = {"club_games"}


def test_the_scene_stores_something_of_every_kind(server, games):
    old = stored_of(server, [games["old finished"]])
    assert all(rows for name, rows in old.items() if name not in NOT_IN_THE_SCENE), \
        [name for name, rows in old.items() if not rows]


def prune(server, *args: str, answer: str | None = None):
    """``flask games prune`` with these arguments (and this answer to its question)."""
    return server.test_cli_runner().invoke(args=["games", "prune", *args], input=answer)


@pytest.mark.parametrize("args, pruned", [
    (["--finished-before", TWO_YEARS], {"old finished"}),
    (["--untouched-since", SIX_MONTHS],
     {"old finished", "finished a year ago", "abandoned", "old, status never worked out"}),
    (["--finished-before", TWO_YEARS, "--untouched-since", SIX_MONTHS],
     {"old finished", "abandoned", "old, status never worked out"}),
    (["--finished-before", SIX_MONTHS, "--untouched-since", TWO_YEARS],
     {"old finished", "finished a year ago", "old, status never worked out"}),
])
def test_a_prune_deletes_exactly_the_games_its_dates_select_whole(server, client, table,
                                                                  games, args, pruned):
    kept = [token for name, token in games.items() if name not in pruned]
    gone = [games[name] for name in pruned]
    before = stored_of(server, kept)
    result = prune(server, *args, "--yes")
    assert result.exit_code == 0, result.output
    assert re.fullmatch(rf"deleted {len(pruned)} games \(\d+ changes, \d+ hand events\)\n",
                        result.output)
    assert not any(stored_of(server, gone).values())
    assert stored_of(server, kept) == before
    for token in gone:
        assert client.get(f"/g/{token}/").status_code == 404
    for token in kept:
        for path in ("/", "/standings", "/history", "/export.json"):
            assert client.get(f"/g/{token}{path}", follow_redirects=True).status_code == 200
    assert table.start()  # and a new game starts


def test_a_dry_run_says_what_would_be_deleted_and_deletes_nothing(server, games):
    before = stored_of(server, games.values())
    gone = stored_of(server, [games["old finished"], games["abandoned"],
                           games["old, status never worked out"]])
    result = prune(server, "--finished-before", TWO_YEARS, "--untouched-since", SIX_MONTHS,
                   "--dry-run")
    assert result.exit_code == 0, result.output
    assert result.output == (f"would delete 3 games ({len(gone['changes'])} changes, 1 hand "
                             "events); nothing deleted (dry run)\n")
    assert stored_of(server, games.values()) == before


def test_it_asks_before_deleting_and_a_no_deletes_nothing(server, games):
    before = stored_of(server, games.values())
    result = prune(server, "--finished-before", TWO_YEARS, answer="n\n")
    assert result.exit_code == 1 and "Delete 1 games (" in result.output
    assert stored_of(server, games.values()) == before
    result = prune(server, "--finished-before", TWO_YEARS, answer="y\n")
    assert result.exit_code == 0 and "deleted 1 games" in result.output


def test_nothing_to_prune_is_said_without_asking(server, games):
    result = prune(server, "--finished-before", day(5 * 365))
    assert result.exit_code == 0
    assert result.output == ("would delete 0 games (0 changes, 0 hand events); "
                             "nothing deleted\n")


@pytest.mark.parametrize("value, says", [
    ("2024-13-01", "no day of the calendar"),
    ("2023-02-29", "no day of the calendar"),
    ("20240101", "YYYY-MM-DD"),
    ("1/2/2024", "YYYY-MM-DD"),
    ("last year", "YYYY-MM-DD"),
    (day(-1), "in the future"),
])
@pytest.mark.parametrize("option", ["--finished-before", "--untouched-since"])
def test_a_bad_date_is_refused_and_nothing_deleted(server, table, option, value, says):
    old = finished_game(table)
    age(server, old, "three years")
    before = stored_of(server, [old])
    result = prune(server, option, value, "--yes")
    assert result.exit_code == 2 and says in result.output and option in result.output
    assert stored_of(server, [old]) == before


def test_today_is_a_date_and_at_least_one_date_is_needed(server, games):
    assert prune(server, "--untouched-since", day(0), "--dry-run").exit_code == 0
    result = prune(server, "--yes")
    assert result.exit_code == 2 and "--finished-before DATE, --untouched-since DATE" in (
        result.output)


def test_a_game_written_after_the_date_stays_whatever_its_updated_at(server, table):
    """Before games had a version, a bid or a card did not raise ``updated_at``:
    the times of the changes and hand events count too."""
    by_change, by_card = unfinished_game(table), finished_game(table)
    record_card(table)
    long_ago = NOW - AGES["three years"]
    with server.app_context():
        db.session.execute(update(Game).where(Game.id.in_(
            [game_id(server, by_change), game_id(server, by_card)])).values(updated_at=long_ago))
        db.session.execute(update(Change).where(Change.game_id == game_id(server, by_card))
                           .values(created_at=long_ago))
        db.session.commit()
    result = prune(server, "--untouched-since", SIX_MONTHS, "--dry-run")
    assert result.output.startswith("would delete 0 games"), result.output


def test_a_series_goes_only_whole(server, client, table):
    first = finished_game(table)
    response = client.post(table.url("/again"))
    assert response.status_code == 302
    second = re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)
    age(server, first, "three years")
    assert prune(server, "--finished-before", TWO_YEARS, "--yes").output.startswith(
        "would delete 0 games")  # the series is still played
    assert client.get(f"/g/{first}/standings").status_code == 200
    age(server, second, "a year")
    result = prune(server, "--finished-before", TWO_YEARS, "--untouched-since", SIX_MONTHS,
                   "--yes")
    assert result.output.startswith("deleted 2 games"), result.output
    assert not any(stored_of(server, [first, second]).values())


def statistics_csv(client) -> list[list[str]]:
    text = client.get("/players/statistics.csv").get_data(as_text=True)
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def test_the_statistics_count_the_remaining_games_as_if_the_others_never_were(server, table):
    """One phone played an old game and a recent one, another the recent one
    alone: once the old one is pruned, both phones' figures are the same."""
    both, recent_only = table, type(table)(server.test_client())  # another phone
    age(server, finished_game(both, winner=1), "three years")
    finished_game(both, winner=2)
    finished_game(recent_only, winner=2)
    page = both.client.get("/players/Bob").get_data(as_text=True)  # worked out and kept
    assert statistics_csv(both.client) != statistics_csv(recent_only.client)
    assert prune(server, "--finished-before", TWO_YEARS, "--yes").exit_code == 0
    assert statistics_csv(both.client) == statistics_csv(recent_only.client)
    assert both.client.get("/players/Bob").get_data(as_text=True) != page


def test_a_game_written_to_while_being_pruned_stays(server, client, table, monkeypatch):
    """A phone writes to an abandoned game after the prune selected it and
    before it was deleted: the game is no longer untouched, and stays."""
    token = unfinished_game(table)
    age(server, token, "a year")
    counts = retention._counts
    written = []

    def bid():
        written.append(client.post(f"/g/{token}/round/1/bid",
                                   data={"player": 2, "bid": 0}).status_code)

    def phone_writes_meanwhile(ids):
        if not written:  # in a thread of its own: a session, a connection of its own
            phone = threading.Thread(target=bid)
            phone.start()
            phone.join()
        return counts(ids)

    monkeypatch.setattr(retention, "_counts", phone_writes_meanwhile)
    with server.app_context():
        deleted = list(retention.prune(retention.Rule(untouched_since=NOW - AGES["a month"])))
    assert written == [302] and deleted == []
    assert client.get(f"/g/{token}/standings").status_code == 200


def test_games_are_deleted_a_batch_at_a_time(server, table):
    tokens = [finished_game(table, winner=seat) for seat in range(3)]
    for token in tokens:
        age(server, token, "three years")
    with server.app_context():
        batches = list(retention.prune(retention.Rule(NOW - AGES["a year"]), batch=2))
    assert [batch.games for batch in batches] == [2, 1]
    assert not any(stored_of(server, tokens).values())


def test_a_batch_that_fails_deletes_none_of_its_games(server, table, monkeypatch):
    tokens = [finished_game(table, winner=seat) for seat in range(2)]
    for token in tokens:
        age(server, token, "three years")
    before = stored_of(server, tokens)

    def drop_one_then_fail(unit, game):
        if before.pop("dropped", None):
            raise OSError("disk full")
        drop_game(unit, game)
        db.session.flush()  # its rows deleted in the transaction
        before["dropped"] = True

    monkeypatch.setattr(retention, "drop_game", drop_one_then_fail)
    with server.app_context(), pytest.raises(OSError):
        list(retention.prune(retention.Rule(NOW - AGES["a year"])))
    assert stored_of(server, tokens) == before


def test_a_prune_stopped_by_busy_games_says_what_it_deleted(server, table, monkeypatch):
    age(server, finished_game(table), "three years")

    def busy(_rule):
        yield retention.Counts(1, 10, 0)
        raise retention.PruneBusy()

    monkeypatch.setattr(retention, "prune", busy)
    result = prune(server, "--finished-before", TWO_YEARS, "--yes")
    assert result.exit_code == 1 and ("stopped after deleting 1 games (10 changes, 0 hand "
                                      "events)") in result.output
