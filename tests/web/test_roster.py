"""The device's regulars at set-up, and renames and merges on the Players page."""

from __future__ import annotations

import json
import re

from page_text import without_tokens

from scorekeeper.storage import links

ONE_ROUND = {"preset": "estonian", "shape": "custom", "custom": "1"}


def names_of(app, token):
    with app.app_context():
        return [p.name for p in links.open_link(token).game.players]


def offered(page: str) -> list[str]:
    return re.findall(r'value="pick:([^"]+)"', page)


def regular_rows(page: str) -> list[tuple[str, str, str]]:
    """Your players: each one's name, games finished and games started, not finished."""
    return re.findall(r"<li>\s*(?:<a[^>]*>|<b>)([^<]+)(?:</a>|</b>).*?"
                      r"data-regular=\"finished\">(\d+)</dd>.*?"
                      r"data-regular=\"unfinished\">(\d+)</dd>", page, re.S)


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
    gid = table.start(names=("ZOŚKA", "ann", "Cy"), **ONE_ROUND)
    assert names_of(app, gid) == ["Zośka", "Ann", "Cy"]
    # Two seats that are one person are refused, with what was typed kept.
    data = {"players-0": "ZOŚKA", "players-1": "zośka", "players-2": "Bob",
            "preset": "estonian", "shape": "custom", "custom": "1", "action": "start",
            "first_dealer": "0"}
    response = client.post("/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "tell them apart" in page
    assert 'value="ZOŚKA"' in page and 'value="zośka"' in page


def test_rename_merge_and_undo_are_recorded_and_seen_in_the_roster(table, client, app):
    table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    table.start(names=("Katarzyna", "Ann", "Bob"), **ONE_ROUND)
    client.post("/players/rename", data={"name": "Bob", "to": "Robert"})
    client.post("/players/rename", data={"name": "Kasia", "to": "katarzyna"})
    page = client.get("/players").get_data(as_text=True)
    assert "Renamed: Bob → Robert" in page and "Merged: Kasia → Katarzyna" in page
    # Both games are still being played: none finished, two started.
    assert regular_rows(page) == [("Ann", "0", "2"), ("Katarzyna", "0", "2"),
                                  ("Robert", "0", "2")]
    # The games keep the names they were played with; a new game uses the new name.
    gid = table.start(names=("bob", "Kasia", "Cy"), **ONE_ROUND)
    assert names_of(app, gid) == ["Robert", "Katarzyna", "Cy"]
    client.post("/players/undo")
    page = client.get("/players").get_data(as_text=True)
    assert "Undo: Bob → Robert" in page  # the merge was undone; the rename is next
    assert ("Kasia", "0", "1") in regular_rows(page)


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
    assert "Ann" not in without_tokens(stranger.get("/players").get_data(as_text=True))
    assert offered(stranger.get("/new").get_data(as_text=True)) == []
    assert stranger.post("/players/rename", data={"name": "Ann", "to": "Z"}).status_code == 422


def shown_names(client, gid) -> dict[str, str]:
    """What each view of a game shows: the standings, a round, the history, the CSV."""
    get = lambda path: client.get(f"/g/{gid}{path}").get_data(as_text=True)  # noqa: E731
    return {"standings": get("/standings"), "round": get("/round/1"),
            "history": get("/history"), "csv": get("/export.csv"),
            # The sheet of the JSON export (its stored facts keep the log as it is).
            "json": json.dumps({key: value for key, value in json.loads(get("/export.json"))
                                .items() if key != "stored"}, ensure_ascii=False)}


def version_of(app, token):
    with app.app_context():
        return links.open_link(token).game.version


def finish(table, bids, tricks):
    """Play the one round of a game of Kasia, Ann, Bob (Ann bids first)."""
    table.play_round(1, [1, 2, 0], 1, bids, tricks, trump="none")


def test_a_rename_reaches_every_view_of_every_game_the_device_scores(table, client, app):
    first = table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    finish(table, {0: 0, 1: 1, 2: 0}, {0: 0, 1: 1, 2: 0})
    second = table.start(names=("Ann", "kasia", "Cy"), **ONE_ROUND)
    finish(table, {0: 0, 1: 1, 2: 0}, {0: 0, 1: 1, 2: 0})
    before = version_of(app, first), version_of(app, second)
    assert client.post("/players/rename", data={"name": "Kasia", "to": "Katarzyna"}
                       ).status_code == 302
    for gid in (first, second):
        views = shown_names(client, gid)
        for view, page in views.items():
            assert "Katarzyna" in page, view
            assert "Kasia" not in page.replace("Kasia → Katarzyna", "").replace(
                "kasia → Katarzyna", ""), view
        assert "Renamed: " in views["history"] and "→ Katarzyna" in views["history"]
    # Each game's change log got the change, its version raised.
    assert (version_of(app, first), version_of(app, second)) == (before[0] + 1, before[1] + 1)
    front = client.get("/").get_data(as_text=True)
    assert "Kasia" not in front and front.count("Katarzyna") >= 2
    player = client.get("/players/Katarzyna").get_data(as_text=True)
    assert re.search(r"Katarzyna", player) and client.get("/players/Katarzyna").status_code == 200
    # The game's own undo takes back its last entry (the close), never the rename.
    table.gid = second
    assert client.post(table.url("/undo"), data={"reopen": "1"}).status_code == 302
    history = " ".join(re.sub(r"<[^>]+>", " ", shown_names(client, second)["history"]).split())
    assert re.search(r"Round 1 closed [^R]{0,40} undone", history)
    assert "Renamed: Kasia → Katarzyna" in history and "Katarzyna: 1 trick" in history
    assert "Katarzyna" in client.get(table.url("/round/1")).get_data(as_text=True)


def test_undoing_a_rename_gives_back_the_old_names_everywhere(table, client, app):
    first = table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    second = table.start(names=("Ann", "kasia", "Cy"), **ONE_ROUND)
    client.post("/players/rename", data={"name": "Kasia", "to": "Katarzyna"})
    client.post("/players/rename", data={"name": "Katarzyna", "to": "Kate"})
    assert "Kate" in shown_names(client, first)["standings"]
    client.post("/players/undo")
    client.post("/players/undo")
    for gid, spelt in ((first, "Kasia"), (second, "Kasia")):
        views = shown_names(client, gid)
        assert spelt in views["standings"] and "Katarzyna" not in views["standings"]
        assert f'"{spelt}"' in views["json"] and "Kate" not in views["csv"]
        assert "Rename taken back: Kate → Katarzyna" in views["history"]
        assert f"Rename taken back: Katarzyna → {spelt}" in views["history"]
    # Appended, never overwritten: the four changes are all in each game's log.
    with app.app_context():
        game = links.open_link(first).game
        assert [c.kind for c in game.changes] == ["name"] * 4
        assert [p.name for p in game.players] == ["Kasia", "Ann", "Bob"]


def test_a_merge_reaches_the_games_and_is_refused_where_both_played(table, client, app):
    first = table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    second = table.start(names=("Katarzyna", "Ann", "Cy"), **ONE_ROUND)
    both = table.start(names=("Kasia", "Katarzyna", "Di"), **ONE_ROUND)
    versions = [version_of(app, gid) for gid in (first, second, both)]
    response = client.post("/players/rename", data={"name": "Kasia", "to": "Katarzyna"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Kasia, Katarzyna: both names are in one game" in page
    # Nothing was stored, in the roster or in any game.
    assert [version_of(app, gid) for gid in (first, second, both)] == versions
    assert "Merged" not in client.get("/players").get_data(as_text=True)

    client.post(f"/g/{both}/delete")
    assert client.post("/players/rename", data={"name": "Kasia", "to": "katarzyna"}
                       ).status_code == 302
    assert "Katarzyna" in shown_names(client, first)["standings"]
    assert version_of(app, second) == versions[1]  # already called so: untouched
    client.post("/players/undo")
    assert "Kasia" in shown_names(client, first)["standings"]


def test_a_rename_never_writes_a_game_the_device_only_views_or_cannot_see(table, client, app):
    mine = table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    other_phone = app.test_client()
    theirs = type(table)(other_phone).start(names=("Kasia", "Eve", "Flo"), **ONE_ROUND)
    viewed = type(table)(other_phone).start(names=("Kasia", "Gus", "Hal"), **ONE_ROUND)
    with app.app_context():
        viewer = links.link_of(links.open_link(viewed).game, links.VIEWER).token
    client.get(f"/g/{viewer}/")  # this device views the third game
    untouched = version_of(app, theirs), version_of(app, viewed)
    client.post("/players/rename", data={"name": "Kasia", "to": "Katarzyna"})
    assert "Katarzyna" in shown_names(client, mine)["standings"]
    assert (version_of(app, theirs), version_of(app, viewed)) == untouched
    assert "Kasia" in shown_names(other_phone, theirs)["standings"]
    assert "Katarzyna" not in shown_names(other_phone, viewed)["standings"]
    # The other phone's own roster still knows her as Kasia.
    assert "Kasia" in other_phone.get("/players").get_data(as_text=True)


def test_a_game_both_phones_score_is_renamed_for_both(table, client, app):
    gid = table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    other_phone = app.test_client()
    other_phone.get(f"/g/{gid}/")
    other_phone.post("/players/rename", data={"name": "Kasia", "to": "Kate"})
    assert "Kate" in shown_names(client, gid)["standings"]


def test_a_rename_that_another_phone_beat_to_a_game_runs_again_whole(table, client, app,
                                                                     monkeypatch):
    """Another phone wrote to one of the games between the read and the write:
    the version swap fails, nothing of the first attempt stays, and the whole
    rename runs again on the new state (one roster row, one change a game)."""
    from scorekeeper.storage import regulars, unit

    first = table.start(names=("Kasia", "Ann", "Bob"), **ONE_ROUND)
    second = table.start(names=("Kasia", "Cy", "Di"), **ONE_ROUND)
    calls = []

    def beaten_once(game):
        calls.append(game.public_id)
        if len(calls) == 2:  # the second game: another phone's entry came first
            raise unit.VersionTaken(game.public_id)
        return claim_version(game)

    claim_version = unit.claim_version
    monkeypatch.setattr(unit, "claim_version", beaten_once)
    assert client.post("/players/rename", data={"name": "Kasia", "to": "Kate"}).status_code == 302
    assert len(calls) == 4
    with app.app_context():
        for gid in (first, second):
            game = links.open_link(gid).game
            assert [c.kind for c in game.changes] == ["name"] and game.version == 1
        assert len(regulars.name_changes(table_device(client))) == 1


def table_device(client) -> str:
    """The device id of a test client (its signed cookie)."""
    from scorekeeper.storage.models import DeviceGame

    return DeviceGame.query.first().device
