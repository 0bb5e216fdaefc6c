"""Inputs that once ended in a server error (issue 24) now get a clear answer,
on SQLite and on PostgreSQL. The fuzzer (test_fuzz_routes.py) looks for more."""

from __future__ import annotations

import pytest

from scorekeeper.web.urls import LARGEST_STORED_INTEGER


@pytest.fixture
def client(app_on_each_database):
    """The test client of the app on each database (the ``table`` fixture drives it)."""
    return app_on_each_database.test_client()


def round_routes(app) -> list[tuple[str, str]]:
    """Every route with a round number in it, and a method it takes."""
    return [(rule.rule, "POST" if "POST" in rule.methods else "GET")
            for rule in app.url_map.iter_rules() if "<int:number>" in rule.rule]


def test_a_page_number_past_any_list_of_games_is_not_found(client):
    assert client.get("/?page=9223372036854775807").status_code == 404
    assert client.get("/?page=2").status_code == 200


@pytest.mark.parametrize("number", [LARGEST_STORED_INTEGER + 1, 2**63, 10**30])
def test_a_round_number_past_the_databases_integer_is_not_found_on_every_round_route(
        app_on_each_database, client, table, number):
    table.start()
    for rule, method in round_routes(app_on_each_database):
        path = rule.replace("<gid>", table.gid).replace("<int:number>", str(number))
        assert client.open(path, method=method).status_code == 404, path


@pytest.mark.parametrize("digit", ["²", "٣"])
@pytest.mark.parametrize("entry", ["trump", "bid", "tricks"])
def test_a_digit_that_is_not_ascii_as_what_the_screen_showed_is_no_number(client, table, entry,
                                                                           digit):
    table.start()
    data = {"trump": "H", "player": "1", "bid": "1", "tricks": "1", "was": digit}
    assert client.post(table.url(f"/round/1/{entry}"), data=data).status_code < 500


@pytest.mark.parametrize("digit", ["²", "③", "٣", "１"])
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_correction_with_a_digit_that_is_not_ascii_is_refused_in_place(client, table, digit,
                                                                         method):
    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    data = {"trump": "H", **{f"seats-{i}-{entry}": "1" for i in range(4)
                             for entry in ("bid", "tricks")}, "seats-2-bid": digit}
    if method == "GET":  # the live check of the correction form as it is filled in
        response = client.get(table.url("/round/1/edit"), query_string=data)
        assert response.status_code == 200
    else:
        response = client.post(table.url("/round/1/edit"), data=data)
        assert response.status_code == 422
        assert "Enter a bid as a whole number" in response.get_data(as_text=True)
    assert f'value="{digit}" checked' in response.get_data(as_text=True)


def test_sitting_out_with_a_blank_round_is_refused_with_the_fields_message(client, table):
    table.start()
    response = client.post(table.url("/players/sit-out"), data={"player": "0", "round": " "})
    assert response.status_code == 422 and "Choose a round." in response.get_data(as_text=True)


def test_a_host_name_with_a_label_over_63_characters_gets_a_400_in_plain_words(client):
    response = client.get("/", headers={"Host": "a" * 64 + ".example", "Accept-Language": "pl"})
    assert response.status_code == 400
    assert response.content_type == "text/plain; charset=utf-8"
    assert "Aplikacja" in response.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/g/%00/", "/players/%00", "/g/{gid}%00/round/1",
                                  "/g/{gid}/round/1%00", "/players/A%1Bnn"])
def test_a_control_character_in_a_path_segment_is_not_found(client, table, path):
    table.start()
    assert client.get(path.format(gid=table.gid)).status_code == 404


def test_a_nul_in_the_game_to_follow_opens_an_empty_set_up(client):
    response = client.get("/new?again=%00")
    assert response.status_code == 200 and 'value="Ann"' not in response.get_data(as_text=True)


def test_head_on_a_correction_answers_as_get(client, table):
    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    assert client.get(table.url("/round/1/edit")).status_code == 200
    assert client.head(table.url("/round/1/edit")).status_code == 200


def test_a_deck_count_the_set_up_does_not_offer_is_refused_in_place(client):
    data = {"players-0": "Ann", "players-1": "Bob", "preset": "cardgames", "decks": "x"}
    assert client.post("/new", data={**data, "action": "preview"}).status_code == 200
    assert client.post("/new/preview", data=data).status_code == 200
    response = client.post("/new", data={**data, "action": "start", "first_dealer": "0"})
    assert response.status_code == 422 and "Not a valid choice" in response.get_data(as_text=True)


@pytest.mark.parametrize("player", ["9", "9223372036854775807", "-1"])
def test_replacing_the_own_link_of_a_player_the_game_has_not_is_refused(client, table, player):
    table.start()
    path = table.url(f"/share/rotate?role=seat&player={player}")
    assert client.get(path).status_code == 400
