"""The device's regulars at set-up, and renames and merges on the Players page."""

from __future__ import annotations

import re

from scorekeeper.storage import links

ONE_ROUND = {"preset": "estonian", "shape": "custom", "custom": "1"}


def names_of(app, token):
    with app.app_context():
        return [p.name for p in links.open_link(token).game.players]


def offered(page: str) -> list[str]:
    return re.findall(r'value="pick:([^"]+)"', page)


def test_set_up_offers_the_regulars_most_games_first_and_a_tap_seats_one(table, client):
    table.start(names=("Ann", "Bob", "Zośka", "Di"), **ONE_ROUND)
    table.start(names=("Ann", "Zośka", "Cy"), **ONE_ROUND)
    table.start(names=("Ann", "Bob", "Eve"), **ONE_ROUND)
    page = client.get("/new").get_data(as_text=True)
    assert offered(page) == ["Ann", "Bob", "Zośka", "Cy", "Di", "Eve"]
    # One tap (a plain form post: no script needed) seats Ann in the next empty seat.
    data = {"players-0": "Cy", "players-1": "", "players-2": "", "players-3": "",
            "preset": "cardgames", "action": "pick:Ann"}
    page = client.post("/new", data=data).get_data(as_text=True)
    assert 'name="players-0" value="Cy"' in page and 'name="players-1" value="Ann"' in page
    assert offered(page) == ["Bob", "Zośka", "Di", "Eve"]


def test_a_typed_name_that_matches_a_regular_is_that_person(table, client, app):
    table.start(names=("Zośka", "Ann", "Bob"), **ONE_ROUND)
    gid = table.start(names=("ZOSKA", "ann", "Cy"), **ONE_ROUND)
    assert names_of(app, gid) == ["Zośka", "Ann", "Cy"]
    # Two seats that are one person are refused, with what was typed kept.
    data = {"players-0": "Zoska", "players-1": "zośka", "players-2": "Bob",
            "preset": "estonian", "shape": "custom", "custom": "1", "action": "start",
            "first_dealer": "0"}
    response = client.post("/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "tell them apart" in page
    assert 'value="Zoska"' in page and 'value="zośka"' in page


def test_rename_merge_and_undo_are_recorded_and_seen_in_the_roster(table, client, app):
    table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    table.start(names=("Katarzyna", "Ann", "Bob"), **ONE_ROUND)
    client.post("/players/rename", data={"name": "Bob", "to": "Robert"})
    client.post("/players/rename", data={"name": "Kasia", "to": "katarzyna"})
    page = client.get("/players").get_data(as_text=True)
    assert "Renamed: Bob → Robert" in page and "Merged: Kasia → Katarzyna" in page
    rows = re.findall(r"<tr><td>(?:<a[^>]*>)?([^<]+)(?:</a>)?</td><td class=\"num\">(\d+)</td>",
                      page)
    assert rows == [("Ann", "2"), ("Katarzyna", "2"), ("Robert", "2")]
    # The games keep the names they were played with; a new game uses the new name.
    gid = table.start(names=("bob", "Kasia", "Cy"), **ONE_ROUND)
    assert names_of(app, gid) == ["Robert", "Katarzyna", "Cy"]
    client.post("/players/undo")
    page = client.get("/players").get_data(as_text=True)
    assert "Undo: Bob → Robert" in page  # the merge was undone; the rename is next
    assert ("Kasia", "1") in re.findall(
        r"<tr><td>(?:<a[^>]*>)?([^<]+)(?:</a>)?</td><td class=\"num\">(\d+)</td>", page)


def test_a_bad_rename_is_refused_with_what_was_typed_kept(table, client):
    table.start(names=("Ann", "Bob"), **ONE_ROUND)
    for data, words in [({"name": "Nobody", "to": "X"}, "Choose one of your players"),
                        ({"name": "Ann", "to": ""}, "Type the new name"),
                        ({"name": "Ann", "to": "A" * 41}, "Type the new name"),
                        ({"name": "Ann", "to": "Ann"}, "same as the old one")]:
        response = client.post("/players/rename", data=data)
        page = response.get_data(as_text=True)
        assert response.status_code == 422 and words in page
        assert f'value="{data["to"]}"' in page
    assert "Renamed" not in client.get("/players").get_data(as_text=True)


def test_another_device_sees_none_of_these_players(table, app):
    table.start(names=("Ann", "Bob"), **ONE_ROUND)
    stranger = app.test_client()
    assert "Ann" not in stranger.get("/players").get_data(as_text=True)
    assert offered(stranger.get("/new").get_data(as_text=True)) == []
    assert stranger.post("/players/rename", data={"name": "Ann", "to": "Z"}).status_code == 422
