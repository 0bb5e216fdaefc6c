"""Careless and hostile input: every endpoint answers with a reason in place
(422) or a plain 4xx, never a 500, stores nothing it refused, and never leaves
a game that can no longer be shown."""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game

HTMX = {"HX-Request": "true"}
#: Too many digits for WTForms' NumberRange (it compares through a float).
HUGE = "9" * 400


def post(table, path, headers=None, **data):
    return table.client.post(table.url(path), data=data, headers=headers or {})


def sheet_json(table):
    return json.loads(table.client.get(table.url("/export.json")).get_data(as_text=True))


def change_count(app) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(Change))


def refused(response, message: str) -> None:
    assert response.status_code == 422, response.status_code
    assert message in response.get_data(as_text=True)


# -- numbers beyond any range ------------------------------------------------------


@pytest.mark.parametrize(
    "path, data, message, kept",
    [
        ("/round/1/bid", {"player": "1", "bid": HUGE}, "Enter a bid as a whole number", None),
        ("/round/1/bid", {"player": "1", "bid": "-" + HUGE}, "Enter a bid as a whole number",
         None),
        ("/round/1/tricks", {"player": "1", "tricks": HUGE}, "Enter the tricks as a whole number",
         None),
        ("/adjust", {"player": "1", "points": HUGE, "reason": "late arrival"},
         "Enter the points as a whole number", 'value="late arrival"'),
        ("/schedule/rebuild", {"shape": "up", "peak": HUGE}, "Enter a whole number of cards",
         '<option selected value="up">'),
        ("/players/join", {"name": "Fay", "after": "1", "start_rule": "number",
                           "start_number": HUGE}, "Enter the starting score as a whole number",
         'value="Fay"'),
        ("/players/join", {"name": "Fay", "after": "1", "start_rule": "number",
                           "start_number": "10001"}, "between -10000 and 10000", 'value="Fay"'),
    ],
)
def test_a_number_with_hundreds_of_digits_is_refused_with_the_fields_message(
        table, app, path, data, message, kept):
    """Refused with the field's own message, nothing stored, and what was typed
    in the other fields still there to correct."""
    table.start()
    response = post(table, path, **data)
    refused(response, message)
    assert change_count(app) == 0
    if kept:
        assert kept in response.get_data(as_text=True)


def test_a_huge_number_in_a_tap_on_the_hand_recorder_is_refused(table):
    table.start()
    table.trump(1, "H")
    response = post(table, "/round/1/hand/card", card="AS", at=HUGE)
    refused(response, "The screen is out of date")


@pytest.mark.parametrize("field", ["start", "peak", "hook_min_cards"])
def test_set_up_refuses_a_huge_hand_size_in_place(client, field):
    data = {"players-0": "Ann", "players-1": "Bob", "preset": "cardgames", "first_dealer": "0",
            "action": "start", "hook": "always", field: HUGE}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert 'value="Ann"' in response.get_data(as_text=True)


# -- digits that are not ASCII, and numbers too long to read -------------------------


@pytest.mark.parametrize("dealer", ["²", "9" * 5000])
def test_set_up_refuses_a_first_dealer_that_is_not_a_player(client, dealer):
    data = {"players-0": "Ann", "players-1": "Bob", "preset": "planowanie",
            "first_dealer": dealer, "action": "start"}
    response = client.post("/new", data=data)
    refused(response, "Choose the first dealer among the players")
    body = response.get_data(as_text=True)
    assert 'value="Ann"' in body and 'value="Bob"' in body  # the names typed stay


@pytest.mark.parametrize("action", ["remove-²", "up-" + "9" * 5000])
def test_set_up_refuses_a_rearranging_button_for_no_player(client, action):
    data = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "preset": "cardgames",
            "action": action}
    assert client.post("/new", data=data).status_code == 400


def test_the_schedule_preview_reads_a_custom_list_of_huge_numbers_without_failing(client):
    data = {"players-0": "Ann", "players-1": "Bob", "preset": "cardgames", "shape": "custom",
            "custom": "9" * 5000}
    for response in (client.post("/new/preview", data=data, headers=HTMX),
                     client.post("/new", data=dict(data, action="preview"))):
        assert response.status_code == 200
        assert "at most" in response.get_data(as_text=True)


def test_the_schedule_preview_names_an_unknown_scoring_instead_of_failing(client):
    data = {"players-0": "Ann", "players-1": "Bob", "preset": "cardgames", "scoring": "golf"}
    response = client.post("/new/preview", data=data, headers=HTMX)
    assert response.status_code == 200
    assert "These rules do not fit together" in response.get_data(as_text=True)


@pytest.mark.parametrize("after", ["²", "9" * 5000])
def test_a_newcomer_seated_after_no_one_is_refused(table, app, after):
    table.start()
    refused(post(table, "/players/join", name="Fay", after=after, start_rule="zero"),
            "Choose where the new player sits")
    assert change_count(app) == 0


# -- players who are not at the table ---------------------------------------------


@pytest.mark.parametrize("player", ["9", "-1"])
def test_sitting_out_a_player_who_does_not_exist_is_refused(table, app, player):
    table.start()
    refused(post(table, "/players/sit-out", player=player, round="1"),
            "That player is not at the table")
    assert change_count(app) == 0


def test_a_leave_that_would_leave_a_later_round_with_one_player_is_refused(table, app):
    """Cy sits out round 3 of a three-player game: Bob cannot leave then, or
    round 3 would have Ann alone (and the game could no longer be shown)."""
    table.start(names=("Ann", "Bob", "Cy"))
    assert post(table, "/players/sit-out", player="2", round="3").status_code == 302
    refused(post(table, "/players/leave", player="1"), "At least 2 players must play every round")
    assert change_count(app) == 1
    for path in ("/round/1", "/standings", "/history", "/players"):
        assert table.client.get(table.url(path)).status_code == 200


# -- a round inserted where a player joins or leaves -------------------------------


def test_a_round_inserted_before_the_first_is_played_by_everyone(table):
    table.start(names=("Ann", "Bob", "Cy"))
    assert post(table, "/schedule/round", op="insert", round="1", cards="1").status_code == 302
    rounds = sheet_json(table)["rounds"]
    assert rounds[0]["cards"] == 1
    assert rounds[0]["players"] == rounds[1]["players"] == ["Ann", "Bob", "Cy"]


def test_a_round_inserted_where_a_player_leaves_is_played_without_them(table):
    table.start(names=("Ann", "Bob", "Cy", "Di"))
    table.play_round(1, [1, 2, 3, 0], 10, {1: 3, 2: 3, 3: 3, 0: 0}, {1: 3, 2: 3, 3: 3, 0: 1})
    assert post(table, "/players/leave", player="3").status_code == 302
    assert post(table, "/players/join", name="Eve", after="0", start_rule="zero").status_code == 302
    assert post(table, "/schedule/round", op="insert", round="2", cards="1").status_code == 302
    rounds = sheet_json(table)["rounds"]
    assert rounds[1]["cards"] == 1
    assert rounds[1]["players"] == ["Ann", "Eve", "Bob", "Cy"]
    assert rounds[2]["players"] == ["Ann", "Eve", "Bob", "Cy"]


# -- cookies and text the device controls ----------------------------------------


def stored_authors(app) -> list:
    with app.app_context():
        return db.session.scalars(db.select(Change.author).order_by(Change.seq)).all()


@pytest.mark.parametrize("cookie, stored", [
    ("A" * 300, "A" * 40),          # longer than a change stores (PostgreSQL refused it)
    ("  Ann \t K ", "Ann K"),
    ("\x01\x7f", None),
])
def test_the_author_cookie_is_tidied_and_cut_to_what_a_change_stores(table, app, cookie, stored):
    table.start()
    table.client.set_cookie("author", cookie)
    assert table.bid(1, 1, 2).status_code == 302
    assert post(table, "/adjust", player="1", points="2", reason="x").status_code == 302
    table.trump(1, "H")
    assert post(table, "/round/1/hand/card", card="AS").status_code == 302
    assert stored_authors(app) == [stored, stored, stored]


def test_control_characters_are_taken_out_of_names_and_reasons(table, app):
    table.start(names=("An\x00n", "Bob", "C\x1by", "Di"))
    assert post(table, "/players/join", name="F\x00ay\n", after="1",
                start_rule="zero").status_code == 302
    assert post(table, "/adjust", player="1", points="2", reason="late\x00\r\nagain").status_code == 302
    data = sheet_json(table)
    assert data["players"] == ["Ann", "Bob", "Cy", "Di", "Fay"]
    assert data["adjustments"][0]["reason"] == "late  again"


def test_a_name_of_control_characters_only_counts_as_blank(table):
    table.start()
    refused(post(table, "/players/join", name="\x00\x01", after="1", start_rule="zero"),
            "Enter the new player")


@pytest.mark.parametrize("lang, title", [
    ("en", "The app did not understand that request"),
    ("pl", "Aplikacja nie zrozumiała tego żądania"),
    ("et", "Rakendus ei saanud sellest päringust aru"),
])
def test_a_tampered_form_gets_a_page_in_the_devices_language(client, lang, title):
    client.set_cookie("lang", lang)
    for response in (client.post("/language", data={"lang": "xx"}),
                     client.post("/new", data={"action": "frobnicate"})):
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert f'<html lang="{lang}">' in page and title in page


# -- schedule changes that change nothing, or nothing that can change ---------------


def test_a_double_submit_of_fitting_the_schedule_is_refused_the_second_time(table, app):
    """The first tap lowers the rounds; a second (a double tap) would store a
    change that changes nothing, and an undo would then take back nothing."""
    table.start(names=("Ann", "Bob", "Cy", "Di"), preset="estonian")  # 1..13 cards
    post(table, "/players/join", name="Eve", after="3", start_rule="zero")
    assert post(table, "/schedule/fit").status_code == 302
    count = change_count(app)
    refused(post(table, "/schedule/fit"), "That changes nothing in the schedule")
    refused(post(table, "/schedule/round", op="set", round="2", cards="2"),
            "That changes nothing in the schedule")
    assert change_count(app) == count


def test_changing_a_round_of_a_game_whose_rounds_have_all_begun_says_so_plainly(table):
    table.start(names=("Ann", "Bob"), preset="planowanie", shape="custom", custom="1")
    table.play_round(1, [1, 0], 1, {1: 1, 0: 1}, {1: 1, 0: 0}, trump="none")
    for op in ("set", "remove"):
        response = post(table, "/schedule/round", op=op, round="1", cards="2")
        refused(response, "Only rounds not yet begun can change.")
        assert "from 2 to 1" not in response.get_data(as_text=True)


# -- a game deleted by another phone mid-request ------------------------------------


@pytest.mark.parametrize("path, data", [
    ("/round/1/bid", {"player": "1", "bid": "2"}),
    ("/round/1/hand/card", {"card": "AS"}),
])
def test_an_entry_on_a_game_another_phone_deletes_meanwhile_gets_not_found(
        table, app, monkeypatch, path, data):
    """Phone B deletes the game after phone A read it and before A's write: A's
    write fails on the foreign key; the answer is 404, not a 500."""
    from scorekeeper.storage import folds, hands

    other_phone = app.test_client()
    deleted = []

    def deleting(load):
        def load_then_other_phone_deletes(*args, **kwargs):
            result = load(*args, **kwargs)
            if not deleted:
                deleted.append(True)
                assert other_phone.post(f"/g/{table.gid}/delete").status_code == 302
            return result
        return load_then_other_phone_deletes

    app.config["TESTING"] = False  # answer as in production, not by raising
    for headers in ({}, HTMX):
        table.start()
        table.trump(1, "H")
        deleted.clear()
        with monkeypatch.context() as patch:
            patch.setattr(folds, "fold_of", deleting(folds.fold_of))
            patch.setattr(hands, "load_events", deleting(hands.load_events))
            response = post(table, path, headers=headers, **data)
        assert deleted and response.status_code == 404, response.get_data(as_text=True)[-1500:]
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Game)) == 0
