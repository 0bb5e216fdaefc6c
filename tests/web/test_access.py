"""Private games: every route through the scorer link, the viewer link, a
rotated link and no link at all; the front page, join codes and the Share
screen. Every refused request stores nothing."""

from __future__ import annotations

import re

import pytest
from game_links import assert_replaced_everywhere, game_routes, links_of, stored
from page_text import without_tokens

from scorekeeper.storage.database import db
from scorekeeper.storage.models import DeviceGame

HTMX = {"HX-Request": "true"}
#: Form data that would make each write succeed for a scorer.
WRITE_DATA = {
    "play.trump": {"trump": "H"}, "play.bid": {"player": "1", "bid": "1"},
    "play.tricks": {"player": "1", "tricks": "1"}, "manage.join": {
        "name": "Fay", "after": "1", "start_rule": "zero"},
    "manage.leave": {"player": "3"}, "manage.sit_out": {"player": "3", "round": "2"},
    "manage.back": {"player": "3"},
    "manage.adjust": {"player": "1", "points": "2", "reason": "x"},
    "manage.schedule_round": {"op": "set", "round": "3", "cards": "2"},
    "manage.schedule_rebuild": {"shape": "up"}, "manage.change_scoring": {"scoring": "standard"},
    "manage.set_author": {"name": "Ann"}, "disputes.card": {"card": "AS"},
    "disputes.deal": {"player": "1", "card": "AS"}, "games.rotate": {"role": "viewer"},
    "disputes.import_record": {"text": "{}"},
}


@pytest.fixture
def game(table):
    table.start()
    table.trump(1, "H")
    return table


def send(client, method: str, path: str, endpoint: str, gid: str, htmx: bool = False):
    data = WRITE_DATA.get(endpoint, {})
    headers = HTMX if htmx else {}
    url = path.format(gid=gid)
    if method == "GET":
        return client.get(url, headers=headers)
    return client.post(url, data=data, headers=headers)


def test_the_route_list_covers_every_blueprint_of_a_game(app):
    endpoints = {endpoint for endpoint, _m, _p in game_routes(app)}
    assert {"play.bid", "play.undo", "manage.join", "disputes.card", "games.delete_game",
            "games.share", "games.rotate", "play.export_csv"} <= endpoints
    assert len(endpoints) >= 30


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_viewer_link_reads_the_live_pages_and_every_write_is_refused_storing_nothing(
        app, client, game, htmx):
    viewer = links_of(app, game.gid)["viewer"]
    for endpoint, method, path in game_routes(app):
        before = stored(app)
        response = send(app.test_client(), method, path, endpoint, viewer, htmx)
        view = app.view_functions[endpoint]
        if getattr(view, "seat_may_take", False):
            continue  # "who are you?": tests/web/test_seat_links.py
        if method == "GET" and getattr(view, "viewer_may_see", False):
            assert response.status_code in (200, 204, 302), (endpoint, response.status_code)
        else:
            assert response.status_code == 403, (endpoint, method, response.status_code)
            assert "This link only shows the game" in response.get_data(as_text=True)
        assert stored(app) == before, endpoint


def test_a_rotated_link_answers_that_it_was_replaced_and_shows_no_data(app, client, game):
    old_viewer = links_of(app, game.gid)["viewer"]
    assert client.post(game.url("/share/rotate"), data={"role": "viewer"}).status_code == 302
    old_scorer = game.gid
    assert client.post(game.url("/share/rotate"), data={"role": "scorer"}).status_code == 302
    for token in (old_viewer, old_scorer):
        assert_replaced_everywhere(app, token, send)


def test_no_link_is_not_found_and_stores_nothing(app, game):
    for endpoint, method, path in game_routes(app):
        before = stored(app)
        response = send(app.test_client(), method, path, endpoint, "A" * 22)
        assert response.status_code == 404, (endpoint, method)
        assert stored(app) == before


def test_the_scorer_link_reaches_every_route(app, client, game):
    for endpoint, method, path in game_routes(app):
        if endpoint in ("games.delete_game", "games.rotate") and method == "POST":
            continue  # below: they end the links this loop uses
        response = send(client, method, path, endpoint, game.gid)
        assert response.status_code not in (403, 404, 410), (endpoint, method)
    assert client.post(game.url("/delete")).status_code == 302
    assert stored(app)[0] == 0


def test_the_front_page_lists_only_this_devices_games(app, client, table):
    gid = table.start(names=("Ann", "Bob", "Cy"))
    other = app.test_client()
    Other = type(table)(other)
    Other.start(names=("Xavier", "Yolanda", "Zed"))
    mine = client.get("/").get_data(as_text=True)
    theirs = other.get("/").get_data(as_text=True)
    assert "Ann, Bob, Cy" in mine and "Xavier" not in mine
    assert "Xavier, Yolanda, Zed" in theirs and "Ann" not in without_tokens(theirs) and gid not in theirs
    stranger = app.test_client().get("/").get_data(as_text=True)
    assert "Ann" not in without_tokens(stranger) and "Xavier" not in without_tokens(stranger) and "/g/" not in stranger


def test_opening_a_link_puts_the_game_on_the_devices_list_with_that_links_rights(
        app, client, game):
    viewer = links_of(app, game.gid)["viewer"]
    phone = app.test_client()
    assert phone.get(f"/g/{viewer}/").status_code == 302
    page = phone.get("/").get_data(as_text=True)
    assert f"/g/{viewer}/" in page and "view only" in page and game.gid not in page
    assert "/delete" not in page


def test_the_front_page_is_paged_unfinished_first_newest_first(app, client, table):
    # Names with a dot, which no link's token holds ("…klP02uw" once failed a run).
    for i in range(23):
        table.start(names=(f"P.{i:02d}", "Bob", "Cy"))
    first = client.get("/").get_data(as_text=True)
    assert first.count('class="panel"') - 1 == 20  # the join form is a panel too
    assert first.index("P.22") < first.index("P.21") and "P.02" not in first
    second = client.get("/?page=2").get_data(as_text=True)
    assert "P.02" in second and "P.00" in second and "P.22" not in second


def test_another_phone_joins_with_the_short_code_and_may_score(app, client, game):
    page = client.get(game.url("/share")).get_data(as_text=True)
    code = "".join(re.search(r'class="code" lang="en">(\w{3}) (\w{3})<', page).groups())
    assert len(code) == 6 and not set(code) & set("01258BGILOSZ")
    phone = app.test_client()
    response = phone.post("/join", data={"code": f" {code[:3].lower()}-{code[3:]} "})
    assert response.status_code == 302 and response.headers["Location"] == f"/g/{game.gid}/"
    assert "Ann, Bob, Cy, Di" in phone.get("/").get_data(as_text=True)
    assert phone.post(game.url("/round/1/bid"), data={"player": "1", "bid": "1"}).status_code == 302


def test_a_wrong_code_is_refused_in_place_and_the_typed_code_stays(app, client, game):
    phone = app.test_client()
    response = phone.post("/join", data={"code": "XXXYYY"})
    body = response.get_data(as_text=True)
    assert response.status_code == 422 and "No game has this code now" in body
    assert 'value="XXXYYY"' in body
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(DeviceGame)) == 1


def test_join_tries_are_limited_per_client(app, game):
    app.config["LIMIT_JOIN_TRIES"] = "3 per minute"
    phone = app.test_client()
    statuses = [phone.post("/join", data={"code": "XXXYYY"}).status_code for _ in range(4)]
    assert statuses == [422, 422, 422, 429]


def test_a_replaced_scorer_link_takes_its_join_code_with_it(app, client, game):
    page = client.get(game.url("/share")).get_data(as_text=True)
    code = "".join(re.search(r'class="code" lang="en">(\w{3}) (\w{3})<', page).groups())
    assert client.post(game.url("/share/rotate"), data={"role": "scorer"}).status_code == 302
    assert app.test_client().post("/join", data={"code": code}).status_code == 422


def test_the_share_screen_shows_both_links_as_qr_codes_and_a_viewer_only_its_own(app, client,
                                                                                   game):
    viewer = links_of(app, game.gid)["viewer"]
    page = client.get(game.url("/share")).get_data(as_text=True)
    assert page.count('<svg viewBox=') == 2 + 4 and f"/g/{viewer}/" in page  # and each seat's
    assert f"/g/{game.gid}/" in page and 'class="code"' in page
    seen = app.test_client().get(f"/g/{viewer}/share").get_data(as_text=True)
    assert seen.count('<svg viewBox=') == 1 and f"/g/{viewer}/" in seen
    assert game.gid not in seen and 'class="code"' not in seen and "Replace this link" not in seen


def test_rotating_keeps_the_game_on_the_rotating_devices_list_through_the_new_link(
        app, client, game):
    response = client.post(game.url("/share/rotate"), data={"role": "scorer"})
    new = re.search(r"/g/([^/]+)/share", response.headers["Location"]).group(1)
    assert new != game.gid
    page = client.get("/").get_data(as_text=True)
    assert f"/g/{new}/" in page and game.gid not in page


def test_the_json_export_a_viewer_downloads_names_no_link(app, game):
    viewer = links_of(app, game.gid)["viewer"]
    body = app.test_client().get(f"/g/{viewer}/export.json").get_data(as_text=True)
    assert game.gid not in body and viewer not in body


def test_a_viewers_round_screen_has_no_enabled_entry_control(app, game):
    viewer = links_of(app, game.gid)["viewer"]
    page = app.test_client().get(f"/g/{viewer}/round/1").get_data(as_text=True)
    assert '<fieldset class="plain" disabled>' in page
    assert "Undo last entry" not in page and "/hand/" not in page and "/edit" not in page


def test_deleting_asks_first_naming_the_game_and_needs_the_scorer_link(app, client, game):
    page = client.get(game.url("/delete")).get_data(as_text=True)
    assert "Delete this game?" in page and "Ann, Bob, Cy, Di" in page
    viewer = links_of(app, game.gid)["viewer"]
    assert app.test_client().post(f"/g/{viewer}/delete").status_code == 403
    assert stored(app)[0] == 1
    assert client.post(game.url("/delete")).status_code == 302 and stored(app)[0] == 0


def shown_code(client, game) -> str:
    page = client.get(game.url("/share")).get_data(as_text=True)
    return "".join(re.search(r'class="code" lang="en">(\w{3}) (\w{3})<', page).groups())


def test_a_join_code_lasts_half_an_hour_from_when_share_was_last_opened(
        app, client, game, monkeypatch):
    from datetime import timedelta

    from scorekeeper.storage import links
    from scorekeeper.storage.models import utcnow

    start = utcnow()
    clock = [start]
    monkeypatch.setattr(links, "utcnow", lambda: clock[0])
    code = shown_code(client, game)
    clock[0] = start + timedelta(minutes=25)
    assert shown_code(client, game) == code  # opened again: renewed, the same code
    clock[0] = start + timedelta(minutes=50)
    assert app.test_client().post("/join", data={"code": code}).status_code == 302
    clock[0] = start + timedelta(minutes=56)
    refused = app.test_client().post("/join", data={"code": code})
    assert refused.status_code == 422
    assert "30 minutes from when Share was last opened" in refused.get_data(as_text=True)
    assert shown_code(client, game) != code  # lapsed: Share draws a new one
