"""Each player's own link (a seat link): made on the Share screen, replaced
by the scorer, taken with the players' join code ("who are you?"). Through it
a phone reads what a viewer reads and enters its own player's bid and tricks
only; every other request is refused (403, saying why) and stores nothing."""

from __future__ import annotations

import re

import pytest
from game_links import assert_replaced_everywhere, game_routes, seat_tokens, stored
from page_text import without_tokens

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, DeviceGame, Link

HTMX = {"HX-Request": "true"}
#: Form data of a write, for the seat of player 1 ("Bob").
WRITE_DATA = {"play.trump": {"trump": "H"}, "play.bid": {"player": "1", "bid": "1"},
              "play.tricks": {"player": "1", "tricks": "1"}, "games.rotate": {"role": "viewer"},
              "manage.join": {"name": "Fay", "after": "1", "start_rule": "zero"}}
#: The entries a seat link may make for its own player.
OWN_ENTRIES = {"play.bid", "play.tricks"}


def offered(page: str) -> list[str]:
    """The names the "who are you?" page offers, one button each (read from the
    buttons: a name's letters may turn up in a random token of the page)."""
    return re.findall(r'<button class="wide" type="submit" name="player" value="\d+">([^<]+)</button>', page)


def send(client, method, path, endpoint, gid, htmx=False, player="1"):
    data = dict(WRITE_DATA.get(endpoint, {}))
    if "player" in data:
        data["player"] = player
    url = path.format(gid=gid)
    headers = HTMX if htmx else {}
    return client.get(url, headers=headers) if method == "GET" else client.post(
        url, data=data, headers=headers)


@pytest.fixture
def game(table):
    table.start()
    table.trump(1, "H")
    return table


def test_the_share_screen_lists_a_link_of_at_least_128_bits_for_every_player(client, game):
    tokens = seat_tokens(client, game)
    assert list(tokens) == ["Ann", "Bob", "Cy", "Di"]
    assert len(set(tokens.values())) == 4 and all(len(t) >= 22 for t in tokens.values())
    assert seat_tokens(client, game) == tokens  # opened again: the same links


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_seat_link_reads_the_viewer_pages_and_enters_only_its_own_players_entries(
        app, client, game, htmx):
    bob = seat_tokens(client, game)["Bob"]
    for endpoint, method, path in game_routes(app):
        view = app.view_functions[endpoint]
        if getattr(view, "seat_may_take", False):
            continue  # below
        before = stored(app)
        response = send(app.test_client(), method, path, endpoint, bob, htmx)
        body = response.get_data(as_text=True)
        if method == "GET" and (getattr(view, "viewer_may_see", False)
                                or getattr(view, "seat_may_read", False)):
            assert response.status_code in (200, 204, 302), (endpoint, response.status_code)
        elif endpoint in OWN_ENTRIES:
            assert response.status_code in (200, 302, 422), (endpoint, response.status_code)
        else:
            assert response.status_code == 403, (endpoint, method, response.status_code)
            assert "This is your seat’s link" in body and "Nothing was saved" in body
            assert stored(app) == before, endpoint


@pytest.mark.parametrize("endpoint", sorted(OWN_ENTRIES))
def test_a_seat_link_may_not_enter_for_another_player_and_stores_nothing(
        app, client, game, endpoint):
    bob = seat_tokens(client, game)["Bob"]
    path = "/g/{gid}/round/1/" + endpoint.split(".")[1]
    for player in ("0", "2", "", "x", "1.0"):
        before = stored(app)
        response = send(app.test_client(), "POST", path, endpoint, bob, player=player)
        assert response.status_code == 403, player
        assert "This is your seat’s link" in response.get_data(as_text=True)
        assert stored(app) == before


def test_a_seat_links_own_bid_is_stored_and_a_scorer_still_enters_for_anyone(app, client, game):
    bob = seat_tokens(client, game)["Bob"]
    phone = app.test_client()
    assert phone.post(f"/g/{bob}/round/1/bid", data={"player": "1", "bid": "2"}).status_code == 302
    assert game.bid(1, 2, 1).status_code == 302 and game.bid(1, 1, 3).status_code == 302
    with app.app_context():
        rows = db.session.execute(db.select(Change.player, Change.value, Change.by_player)
                                  .where(Change.kind == "bid")).all()
    assert rows == [(1, 2, True), (2, 1, False), (1, 3, False)]


def test_a_replaced_seat_link_is_gone_and_the_new_one_works(app, client, game):
    old = seat_tokens(client, game)["Bob"]
    phone = app.test_client()
    assert phone.get(f"/g/{old}/").status_code == 302
    asked = client.get(game.url("/share/rotate?role=seat&player=1")).get_data(as_text=True)
    assert "Replace Bob’s own link?" in asked
    assert "1 other phone opened the game through it and will lose it." in asked
    assert client.post(game.url("/share/rotate"),
                       data={"role": "seat", "player": "1"}).status_code == 302
    new = seat_tokens(client, game)["Bob"]
    assert new != old and seat_tokens(client, game)["Ann"] != new
    assert_replaced_everywhere(app, old, send)
    assert "/g/" not in without_tokens(phone.get("/").get_data(as_text=True))
    assert app.test_client().post(f"/g/{new}/round/1/bid",
                                  data={"player": "1", "bid": "1"}).status_code == 302


@pytest.mark.parametrize("query", ["role=seat&player=9", "role=seat", "role=seat&player=x",
                                   "role=admin"])
def test_replacing_a_seat_link_that_is_not_there_is_refused(app, client, game, query):
    seat_tokens(client, game)
    before = stored(app)
    assert client.get(game.url(f"/share/rotate?{query}")).status_code == 400
    assert client.post(game.url(f"/share/rotate?{query}")).status_code == 400
    assert stored(app) == before


def players_code(client, game) -> str:
    page = client.get(game.url("/share")).get_data(as_text=True)
    return "".join(re.search(r'id="players-code">(\w{3}) (\w{3})<', page).groups())


def test_the_players_code_asks_who_you_are_and_the_phone_keeps_the_game_as_that_player(
        app, client, game):
    code = players_code(client, game)
    phone = app.test_client()
    response = phone.post("/join", data={"code": code})
    assert response.status_code == 302 and response.headers["Location"].endswith("/seat")
    page = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert "Who are you?" in page and all(name in page for name in ("Ann", "Bob", "Cy", "Di"))
    picked = phone.post(response.headers["Location"], data={"player": "1"})
    bob = seat_tokens(client, game)["Bob"]
    assert picked.status_code == 302 and picked.headers["Location"] == f"/g/{bob}/"
    front = phone.get("/").get_data(as_text=True)
    assert f"/g/{bob}/" in front and "as Bob" in front and "view only" not in front
    other = app.test_client()
    seat_page = other.post("/join", data={"code": code}).headers["Location"]
    choices = offered(other.get(seat_page).get_data(as_text=True))
    assert "Bob" not in choices and "Ann" in choices
    before = stored(app)
    taken = other.post(seat_page, data={"player": "1"})
    assert taken.status_code == 422 and "That seat is taken" in taken.get_data(as_text=True)
    assert stored(app) == before
    assert "opened" in client.get(game.url("/share")).get_data(as_text=True)


def test_a_seat_taken_moves_the_device_from_the_viewer_link_to_the_seat(app, client, game):
    code = players_code(client, game)
    phone = app.test_client()
    seat_page = phone.post("/join", data={"code": code}).headers["Location"]
    phone.post(seat_page, data={"player": "2"})
    with app.app_context():
        rows = db.session.execute(db.select(Link.role, Link.player).join(
            DeviceGame, DeviceGame.link_id == Link.id)).all()
    assert sorted(rows, key=str) == sorted([("scorer", None), ("seat", 2)], key=str)


def viewer_token(client, game) -> str:
    """The viewer link, as the scorer's Share screen gives it."""
    page = client.get(game.url("/share")).get_data(as_text=True)
    return re.search(r'value="[^"]*/g/([A-Za-z0-9_-]+)/" id="url-viewer"', page).group(1)


def test_only_a_phone_that_typed_the_players_code_takes_a_seat_and_only_once(app, client, game):
    # A viewer link passed around (or a player's own link) gives nobody a seat.
    tokens = (viewer_token(client, game), seat_tokens(client, game)["Bob"])
    before = stored(app)
    for token in tokens:
        stranger = app.test_client()
        stranger.get(f"/g/{token}/")
        for response in (stranger.get(f"/g/{token}/seat"),
                         stranger.post(f"/g/{token}/seat", data={"player": "2"})):
            body = response.get_data(as_text=True)
            assert response.status_code == 403 and "Type the players’ code first" in body
            assert "Nothing was saved" in body
    assert stored(app) == before
    # With the code: one seat, then the code is spent on this phone.
    phone = app.test_client()
    seat_page = phone.post("/join", data={"code": players_code(client, game)}).headers["Location"]
    assert phone.post(seat_page, data={"player": "2"}).status_code == 302
    after = stored(app)
    again = phone.post(seat_page, data={"player": "3"})
    assert again.status_code == 403 and "Type the players’ code first" in again.get_data(as_text=True)
    assert stored(app) == after


def device_rows(app) -> list[tuple]:
    """Each device's row of the game: its link's role and player, and the player it said."""
    with app.app_context():
        return sorted(db.session.execute(db.select(Link.role, Link.player, DeviceGame.player).join(
            DeviceGame, DeviceGame.link_id == Link.id)).all(), key=str)


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_the_scorers_own_seat_is_not_offered_with_the_players_code(app, client, game, htmx):
    share = client.get(game.url("/share")).get_data(as_text=True)
    assert f'href="{game.url("/seat")}" id="own-seat"' in share
    asked = client.get(game.url("/seat"), headers=HTMX if htmx else {}).get_data(as_text=True)
    assert "your seat is then offered to no other phone" in asked
    said = client.post(game.url("/seat"), data={"player": "0"}, headers=HTMX if htmx else {})
    assert said.status_code == 302 and said.headers["Location"] == game.url("/share")
    assert device_rows(app) == [("scorer", None, 0)]  # still the scorer's link, as Ann
    share = client.get(game.url("/share")).get_data(as_text=True)
    assert re.search(r'seat-name">Ann</span>\s*<span class="badge" id="own-seat-badge">', share)
    phone = app.test_client()
    seat_page = phone.post("/join", data={"code": players_code(client, game)}).headers["Location"]
    assert offered(phone.get(seat_page).get_data(as_text=True)) == ["Bob", "Cy", "Di"]
    before = stored(app), device_rows(app)
    refused = phone.post(seat_page, data={"player": "0"})
    assert refused.status_code == 422 and "That seat is taken" in refused.get_data(as_text=True)
    assert (stored(app), device_rows(app)) == before
    assert phone.post(seat_page, data={"player": "1"}).status_code == 302
    assert device_rows(app) == sorted([("scorer", None, 0), ("seat", 1, None)], key=str)


def test_the_scorer_may_not_say_it_is_a_player_another_phone_has_taken(app, client, game):
    phone = app.test_client()
    seat_page = phone.post("/join", data={"code": players_code(client, game)}).headers["Location"]
    assert phone.post(seat_page, data={"player": "1"}).status_code == 302
    choices = offered(client.get(game.url("/seat")).get_data(as_text=True))
    assert "Bob" not in choices and "Ann" in choices
    before = device_rows(app)
    assert client.post(game.url("/seat"), data={"player": "1"}).status_code == 422
    assert device_rows(app) == before
