"""Bids made all at once, each on the player's own phone, stay hidden until
every bid is in: no other phone gets one in any answer (page, fragment, poll,
table view, standings, history, exports), the scorers' included unless a
scorer entered it; then all are shown together."""

from __future__ import annotations

import io
import json
import re

import pytest
from event_streams import Stream

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Link

HTMX = {"HX-Request": "true"}
NAMES = ("Ann", "Bob", "Cy", "Di")


@pytest.fixture
def estonian(app, table):
    """An Estonian game where everyone bids at once, round 1 (1 card) dealt, and
    every player's own link."""
    table.start(names=NAMES, preset="estonian", variant="simultaneous")
    assert table.trump(1, "S").status_code == 302
    table.client.get(table.url("/share"))
    with app.app_context():
        table.seats = {player: token for player, token in db.session.execute(
            db.select(Link.player, Link.token).where(Link.role == "seat"))}
        table.viewer = db.session.scalar(db.select(Link.token).where(Link.role == "viewer"))
    table.phones = {player: app.test_client() for player in table.seats}
    return table


def seat_bid(game, player: int, bid: int, htmx: bool = False):
    return game.phones[player].post(f"/g/{game.seats[player]}/round/1/bid",
                                    data={"player": player, "bid": bid, "was": ""},
                                    headers=HTMX if htmx else {})


def every_answer(client, token: str, version: int) -> dict[str, str]:
    """Everything a phone may read of the game, by what it is."""
    paths = {"page": "/round/1", "standings": "/standings", "history": "/history",
             "table": "/table", "csv": "/export.csv", "json": "/export.json",
             "share": "/share"}
    answers = {name: client.get(f"/g/{token}{path}").get_data(as_text=True)
               for name, path in paths.items()}
    answers["fragment"] = client.get(f"/g/{token}/round/1", headers=HTMX).get_data(as_text=True)
    answers["poll"] = client.get(f"/g/{token}/round/1/entry?since={version - 1}",
                                 headers=HTMX).get_data(as_text=True)
    answers["table-poll"] = client.get(f"/g/{token}/table?since={version - 1}",
                                       headers=HTMX).get_data(as_text=True)
    answers["home"] = client.get("/").get_data(as_text=True)
    return answers


def version_of(app) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.max(Change.seq)))


def shows_bid(body: str, name: str, bid: int) -> bool:
    """Whether an answer shows ``name``'s bid ``bid`` in any of the ways the
    pages, the history and the exports write one."""
    patterns = [rf"{name}: bid {bid}\b", rf'"{name}": {bid}\b', rf"{name},{bid},",
                rf'id="bid-name-\d">{name}</span>.*?<b class="seat-value">{bid}</b>',
                rf"<span>{name}</span>\s*<b data-bid>{bid}</b>", rf'"after": {bid}\b']
    return any(re.search(p, body, re.S) for p in patterns)


def test_a_seats_bid_is_in_no_answer_another_phone_gets_until_every_bid_is_in(app, estonian):
    game = estonian
    assert seat_bid(game, 1, 1).status_code == 302  # Bob bids 1 on his phone, hidden
    version = version_of(app)
    lookers = {"scorer": (game.client, game.gid), "viewer": (app.test_client(), game.viewer),
               "Cy": (game.phones[2], game.seats[2])}
    for who, (client, token) in lookers.items():
        for what, body in every_answer(client, token, version).items():
            assert not shows_bid(body, "Bob", 1), (who, what)
    own = game.phones[1].get(f"/g/{game.seats[1]}/round/1").get_data(as_text=True)
    assert 'id="own-bid">1</b>' in own
    scorer = game.client.get(game.url("/round/1")).get_data(as_text=True)
    assert "data-hidden-bid" in scorer and "Not bid yet: Cy, Di, Ann" in scorer, re.findall(r"Not bid[^<]*|data-hidden[^>]*", scorer)


def test_the_bids_are_shown_together_once_the_last_is_in(app, estonian):
    game = estonian
    for player, bid in ((1, 1), (2, 0), (0, 0)):
        assert seat_bid(game, player, bid, htmx=True).status_code == 200
    cy = game.phones[2].get(f"/g/{game.seats[2]}/round/1").get_data(as_text=True)
    assert not shows_bid(cy, "Bob", 1) and shows_bid(cy, "Cy", 0)
    assert seat_bid(game, 3, 1).status_code == 302  # the last bid: all are shown
    for client, token in ((game.client, game.gid), (game.phones[2], game.seats[2])):
        page = client.get(f"/g/{token}/round/1").get_data(as_text=True)
        assert shows_bid(page, "Bob", 1) and shows_bid(page, "Di", 1)
        assert "data-hidden-bid" not in page


def test_a_bid_the_scorer_entered_is_the_scorers_to_see_and_hidden_from_the_players(
        app, estonian):
    game = estonian
    assert game.bid(1, 2, 1).status_code == 302  # the scorer fills in for Cy
    assert shows_bid(game.client.get(game.url("/round/1")).get_data(as_text=True), "Cy", 1)
    bob = game.phones[1].get(f"/g/{game.seats[1]}/round/1").get_data(as_text=True)
    assert not shows_bid(bob, "Cy", 1) and "data-hidden-bid" in bob


def test_the_scorers_undo_bar_names_a_hidden_bid_without_its_value(app, estonian):
    game = estonian
    seat_bid(game, 1, 1)
    page = game.client.get(game.url("/round/1")).get_data(as_text=True)
    assert "Undo: Bob: bid, hidden until every bid is in" in page


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_scorer_and_a_seat_entering_the_same_bid_race_and_the_hidden_one_stays_hidden(
        app, estonian, htmx):
    game = estonian
    assert seat_bid(game, 1, 1).status_code == 302  # Bob first, on his phone
    # The scorer's screen still showed no bid for Bob.
    late = game.client.post(game.url("/round/1/bid"), data={"player": 1, "bid": 0, "was": ""},
                            headers=HTMX if htmx else {})
    body = late.get_data(as_text=True)
    assert late.status_code == 409
    assert "Changed meanwhile on another phone: Bob: bid, hidden until every bid is in." in body
    assert not shows_bid(body, "Bob", 1)
    with app.app_context():
        assert db.session.scalars(db.select(Change.value).where(Change.kind == "bid")).all() == [1]
    # And the other way round: the scorer first, Cy's phone late: it is told
    # what it is now (its own bid), and Bob's stays hidden from it.
    assert game.bid(1, 2, 0).status_code == 302
    late = game.phones[2].post(f"/g/{game.seats[2]}/round/1/bid",
                               data={"player": 2, "bid": 1, "was": ""})
    body = late.get_data(as_text=True)
    assert late.status_code == 409 and "Changed meanwhile on another phone: Cy: bid 0." in body
    assert not shows_bid(body, "Bob", 1)


def test_in_turn_bidding_hides_nothing(app, table):
    table.start(names=NAMES)
    table.trump(1, "H")
    table.client.get(table.url("/share"))
    with app.app_context():
        bob = db.session.scalar(db.select(Link.token).where(Link.role == "seat",
                                                            Link.player == 1))
    table.bid(1, 1, 0)
    phone = app.test_client()
    assert phone.post(f"/g/{bob}/round/1/bid", data={"player": 2, "bid": 1}).status_code == 403
    page = phone.get(f"/g/{bob}/round/1").get_data(as_text=True)
    assert "data-hidden-bid" not in page and shows_bid(page, "Bob", 0)


def stored_bids(archive_game: dict) -> list[tuple[int, int]]:
    return [(c["player"], c["value"]) for c in archive_game["changes"] if c["kind"] == "bid"]


def test_backups_and_the_json_export_end_before_a_hidden_bid_and_still_import(app, estonian):
    game = estonian
    assert game.bid(1, 2, 0).status_code == 302  # the scorer's, seen by the scorers
    assert seat_bid(game, 1, 1).status_code == 302  # Bob's own, hidden
    assert game.bid(1, 3, 1).status_code == 302
    cy = game.phones[2]
    cy.get(f"/g/{game.seats[2]}/")  # Cy's phone keeps the game as Cy
    backup = json.loads(cy.get("/carry/games.json").get_data(as_text=True))["games"][0]
    assert stored_bids(backup) == [(2, 0)]  # her own; Bob's and all after it are left out
    assert sorted((link["role"], link["player"]) for link in backup["links"]) == [
        ("seat", 2), ("viewer", None)]
    scorer = json.loads(game.client.get("/carry/games.json").get_data(as_text=True))["games"][0]
    assert stored_bids(scorer) == [(2, 0)] and all(
        link["role"] != "seat" for link in scorer["links"])
    for client, token in ((game.client, game.gid), (cy, game.seats[2])):
        export = json.loads(client.get(f"/g/{token}/export.json").get_data(as_text=True))
        assert (1, 1) not in stored_bids(export["stored"]) and "Bob" not in export["rounds"][0]["bids"]
    with app.app_context():  # wiped, the backup comes back as it was before Bob's bid
        db.session.execute(db.delete(Change))
        db.session.execute(db.text("DELETE FROM games"))
        db.session.commit()
    fresh = app.test_client()
    response = fresh.post("/carry/import", data={"file": (io.BytesIO(
        json.dumps({"format": "scorekeeper-archive/1", "games": [backup]}).encode()), "g.json")},
        content_type="multipart/form-data")
    assert response.status_code in (200, 302), response.get_data(as_text=True)
    page = fresh.get(f"/g/{game.seats[2]}/round/1").get_data(as_text=True)
    assert 'id="own-bid">0</b>' in page


def test_after_all_bids_are_in_the_backup_holds_every_bid(app, estonian):
    game = estonian
    for player, bid in ((1, 1), (2, 0), (3, 0), (0, 1)):
        assert seat_bid(game, player, bid).status_code == 302
    cy = game.phones[2]
    cy.get(f"/g/{game.seats[2]}/")
    backup = json.loads(cy.get("/carry/games.json").get_data(as_text=True))["games"][0]
    assert sorted(stored_bids(backup)) == [(0, 1), (1, 1), (2, 0), (3, 0)]
    assert all(c["by_player"] for c in backup["changes"] if c["kind"] == "bid")


def test_the_stream_of_another_seat_sends_its_panel_without_the_hidden_bid(app, estonian):
    game = estonian
    game.client.application.config.update(LIVE_STREAM_SECONDS=60, WATCH_INTERVAL=0.05)
    since = version_of(app)
    stream = Stream(app.test_client(), f"/g/{game.seats[2]}/events?since={since}&round=1")
    try:
        assert seat_bid(game, 1, 1, htmx=True).status_code == 200  # Bob's, drawn for Bob
        pushed = stream.next_panel()  # Cy's stream
        assert f'data-version="{since + 1}"' in pushed and "data-hidden-bid" in pushed
        assert not shows_bid(pushed, "Bob", 1)
    finally:
        app.extensions["watch"].end_all()
    assert stream.ended()
