"""Real tables change: joins, leaves, sit-outs, schedule edits, adjustments,
scoring changes, and the history that records each of them."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game
from scorekeeper.rules import find_preset
from scorekeeper.game import build_sheet, history_of

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


@pytest.fixture
def game(table):
    """A 5-player Estonian game (1, 2, ... 10 cards), Ann dealing first."""
    table.start(names=NAMES, preset="estonian")
    return table


def sheet_json(table):
    return json.loads(table.client.get(table.url("/export.json")).get_data(as_text=True))


def history(table):
    page = table.client.get(table.url("/history")).get_data(as_text=True)
    return page[page.index('id="history"'):]


def post(table, path, **data):
    return table.client.post(table.url(path), data=data)


def play(table, number, bids, tricks, trump="H"):
    """Play a round with the players in the order the app asks for them."""
    data = sheet_json(table)["rounds"][number - 1]
    names = data["players"]
    order = names[names.index(data["dealer"]) + 1:] + names[:names.index(data["dealer"]) + 1]
    seat = {name: i for i, name in enumerate(sheet_json(table)["players"])}
    table.play_round(number, [seat[n] for n in order], data["cards"],
                     {seat[n]: bids[n] for n in order}, {seat[n]: tricks[n] for n in order}, trump)


def test_a_newcomer_joins_at_a_chosen_seat_from_the_next_round(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    response = post(game, "/players/join", name="Fay", after="2", start_rule="average")
    assert response.status_code == 302
    rounds = sheet_json(game)["rounds"]
    assert "Fay" not in rounds[0]["players"]
    # Fay sits between Cy and Di and plays from round 2; Bob deals round 2.
    assert rounds[1]["players"] == ["Ann", "Bob", "Cy", "Fay", "Di", "Ed"]
    assert rounds[1]["dealer"] == "Bob"
    # Average of 10, 11, 10, 10, 10 is 10.2: Fay starts with 10.
    assert next(a for a in sheet_json(game)["adjustments"])["points"] == 10
    assert "New player: Fay, from round 2, starting with 10 points; seat: next after Cy" in history(game)


@pytest.mark.parametrize("rule, number, expected", [("zero", "", 0), ("lowest", "", 10), ("number", "-5", -5)])
def test_the_table_chooses_the_newcomers_starting_score(game, rule, number, expected):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    post(game, "/players/join", name="Fay", after="first", start_rule=rule, start_number=number)
    totals = {s["player"]: s["total"] for s in sheet_json(game)["standings"]}
    assert totals["Fay"] == expected


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "ann", "after": "0", "start_rule": "zero"}, "Two players are called ann"),
        ({"name": "", "after": "0", "start_rule": "zero"}, "Enter the new player&#39;s name"),
        ({"name": "Fay", "after": "9", "start_rule": "zero"}, "Choose where the new player sits"),
        ({"name": "Fay", "after": "0", "start_rule": "number", "start_number": ""}, "Enter the new player&#39;s starting score"),
        ({"name": "Fay", "after": "0", "start_rule": "number", "start_number": "x"}, "Enter the starting score as a whole number"),
    ],
)
def test_a_bad_join_is_refused_and_keeps_what_was_typed(game, data, message):
    response = post(game, "/players/join", **data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    assert f'value="{data["name"]}"' in page


def test_a_player_who_leaves_keeps_their_points_and_is_skipped_afterwards(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    assert post(game, "/players/leave", player="1").status_code == 302
    data = sheet_json(game)
    assert data["rounds"][1]["players"] == ["Ann", "Cy", "Di", "Ed"]
    # Bob would have dealt round 2; the deal passes on to Cy.
    assert data["rounds"][1]["dealer"] == "Cy"
    assert {s["player"]: s["total"] for s in data["standings"]}["Bob"] == 11
    assert "Bob: leaves the game from round 2 on" in history(game)
    response = post(game, "/players/leave", player="1")
    assert response.status_code == 422 and "not at the table" in response.get_data(as_text=True)


def test_at_least_two_players_must_stay(table):
    table.start(names=("Ann", "Bob"), preset="planowanie")
    response = post(table, "/players/leave", player="0")
    assert response.status_code == 422
    assert "At least 2 players must stay" in response.get_data(as_text=True)


def test_a_player_sits_out_one_round(game):
    assert post(game, "/players/sit-out", player="2", round="1").status_code == 302
    rounds = sheet_json(game)["rounds"]
    assert "Cy" not in rounds[0]["players"] and "Cy" in rounds[1]["players"]
    assert "Cy sits out round 1" in history(game)
    game.bid(1, 1, 0)
    response = post(game, "/players/sit-out", player="3", round="1")
    assert response.status_code == 422 and "has already begun" in response.get_data(as_text=True)


def test_a_join_that_overfills_the_deck_is_flagged_and_can_be_fixed(table):
    table.start(names=("Ann", "Bob", "Cy", "Di"), preset="estonian")  # 1..13 cards
    post(table, "/players/join", name="Eve", after="3", start_rule="zero")
    page = table.client.get(table.url("/schedule")).get_data(as_text=True)
    assert "The deck cannot deal round 11, 12, 13 to today" in page
    response = table.bid(11, 1, 0)
    assert response.status_code == 422
    assert post(table, "/schedule/fit").status_code == 302
    sizes = [r["cards"] for r in sheet_json(table)["rounds"]]
    assert sizes == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_rounds_not_yet_begun_can_be_inserted_changed_and_removed(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    assert post(game, "/schedule/round", op="insert", round="11", cards="1").status_code == 302
    assert post(game, "/schedule/round", op="set", round="2", cards="3").status_code == 302
    assert post(game, "/schedule/round", op="remove", round="3").status_code == 302
    assert [r["cards"] for r in sheet_json(game)["rounds"]] == [1, 3, 4, 5, 6, 7, 8, 9, 10, 1]
    text = history(game)
    assert "Schedule: a round of 1 cards inserted as round 11" in text
    assert "Schedule: round 2 deals 3 cards instead of 2" in text
    assert "Schedule: round 3 (3 cards) removed" in text


@pytest.mark.parametrize(
    "data, message",
    [
        ({"op": "set", "round": "1", "cards": "2"}, "Only rounds not yet begun can change"),
        ({"op": "insert", "round": "2", "cards": "11"}, "can deal 1 to 10 cards each to 5 players"),
        ({"op": "set", "round": "2", "cards": ""}, "Enter how many cards each player gets"),
        ({"op": "set", "round": "x", "cards": "2"}, "Choose a round"),
    ],
)
def test_impossible_schedule_changes_are_refused(game, data, message):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    response = post(game, "/schedule/round", **data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_the_rest_of_the_schedule_can_be_rebuilt_from_a_shape(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    assert post(game, "/schedule/rebuild", shape="down", start="1", peak="4").status_code == 302
    assert [r["cards"] for r in sheet_json(game)["rounds"]] == [1, 4, 3, 2, 1]
    response = post(game, "/schedule/rebuild", shape="up", peak="11")
    assert response.status_code == 422 and "at most 10 cards each" in response.get_data(as_text=True)


def test_an_adjustment_shows_in_the_grid_the_export_and_the_history(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    assert post(game, "/adjust", player="2", points="-5", reason="Renege penalty").status_code == 302
    standings = game.client.get(game.url("/standings")).get_data(as_text=True)
    assert "-5" in standings and "Renege penalty" in standings
    text = game.client.get(game.url("/export.csv")).get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text[1:])))
    row = next(r for r in rows if r["Note"] == "Adjustment: Renege penalty")
    assert (row["Round"], row["Player"], row["Points"], row["Total"]) == ("1", "Cy", "-5", "5")
    assert "Cy -5 points: Renege penalty" in history(game)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"player": "2", "points": "0", "reason": "x"}, "An adjustment of 0 points changes nothing"),
        ({"player": "2", "points": "5", "reason": ""}, "Say why"),
        ({"player": "2", "points": "five", "reason": "x"}, "Enter the points as a whole number"),
        ({"player": "9", "points": "5", "reason": "x"}, "Choose a player"),
    ],
)
def test_bad_adjustments_are_refused(game, data, message):
    response = post(game, "/adjust", **data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_compare_scores_the_game_under_every_preset_without_changing_it(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    page = game.client.get(game.url("/compare")).get_data(as_text=True)
    assert "wizard" in page and "30" in page  # Bob's exact 1 under wizard: 20 + 10
    assert sheet_json(game)["rules"]["scoring"]["name"] == "standard"


def test_the_scoring_can_be_switched_and_the_switch_is_recorded(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    assert post(game, "/scoring", scoring="wizard").status_code == 302
    data = sheet_json(game)
    assert data["rules"]["scoring"]["name"] == "wizard"
    assert {s["player"]: s["total"] for s in data["standings"]}["Bob"] == 30
    assert "Scoring changed: Standard → Wizard" in history(game)
    response = post(game, "/scoring", scoring="wizard")
    assert response.status_code == 422 and "already scored that way" in response.get_data(as_text=True)
    game.undo()
    assert sheet_json(game)["rules"]["scoring"]["name"] == "standard"


def test_the_history_lists_every_change_by_round_newest_first_and_each_undo_once(game):
    game.bid(1, 1, 1)
    game.bid(1, 1, 0)
    game.undo()
    text = history(game)
    # The undone change is listed once, struck through and marked with its undo;
    # the undo is not an entry of its own.
    assert text.count("Bob: bid 1 → 0") == 1 and "Undone:" not in text
    assert '<s class="muted">Round 1, Bob: bid 1 → 0</s>' in text
    assert re.search(r"Bob: bid 1 → 0</s><br>\s*<span[^>]*>[^<]*</span>\s*<span class=\"badge\">undone: ", text)
    first_bid = re.search(r"Round 1, Bob: bid 1(?! →)", text).start()
    assert text.index("Bob: bid 1 → 0") < first_bid
    # Grouped by round, folded: round 1 before the changes to the whole game.
    assert re.search(r'<details class="panel history-group" id="history-1">', text)
    assert text.index('id="history-1"') < first_bid


def test_a_device_can_sign_its_changes(game, client):
    response = post(game, "/author", name="  Ann   K ")
    assert response.status_code == 302 and "author=" in response.headers["Set-Cookie"]
    game.bid(1, 1, 1)
    assert "Ann K" in history(game)
    with client.application.app_context():
        assert db.session.scalars(db.select(Change.author)).all() == ["Ann K"]


def test_replaying_the_history_from_its_first_entry_gives_the_stored_standings(game, app):
    """The stored changes, applied one by one to a fresh game, give the same standings."""
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    post(game, "/players/join", name="Fay", after="2", start_rule="average")
    play(game, 2, dict.fromkeys(NAMES + ("Fay",), 0) | {"Ann": 2},
         dict.fromkeys(NAMES + ("Fay",), 0) | {"Ann": 2})
    post(game, "/players/leave", player="4")
    post(game, "/adjust", player="0", points="3", reason="Dealt well")
    post(game, "/schedule/round", op="insert", round="3", cards="1")
    stored = {s["player"]: s["total"] for s in sheet_json(game)["standings"]}
    with app.test_request_context():
        game_row = db.session.scalars(db.select(Game)).one()
        rules = find_preset("estonian").ruleset
        names = [p.name for p in game_row.players]
        changes = list(game_row.changes)
        for count in range(len(changes) + 1):  # every prefix folds without error
            build_sheet(rules, names, game_row.first_dealer, changes[:count])
        sheet = build_sheet(rules, names, game_row.first_dealer, changes)
        assert len(history_of(rules, names, game_row.first_dealer, changes)) == len(changes)
        replayed = {sheet.name(s.player): s.total for s in sheet.standings}
    assert replayed == stored


def test_a_round_whose_trump_was_turned_has_begun_for_roster_and_schedule(game):
    game.trump(1, "S")  # the cards are dealt: round 1 can no longer change
    response = post(game, "/schedule/round", op="set", round="1", cards="2")
    assert response.status_code == 422 and "Only rounds not yet begun can change" in response.get_data(as_text=True)
    post(game, "/players/join", name="Fay", after="0", start_rule="zero")
    rounds = sheet_json(game)["rounds"]
    assert "Fay" not in rounds[0]["players"] and "Fay" in rounds[1]["players"]
    assert rounds[0]["trump"] == "S"


def test_the_signing_name_sits_with_the_device_settings_and_comes_back_to_the_page(game):
    page = game.client.get(game.url("/round/1")).get_data(as_text=True)
    foot = page[page.index('<footer class="foot">'):]
    assert 'id="author"' in foot and 'id="author-name"' in foot
    response = post(game, "/author", name="Zośka", next=game.url("/round/1"))
    assert response.status_code == 302 and response.headers["Location"] == game.url("/round/1")
    page = game.client.get(game.url("/standings")).get_data(as_text=True)
    assert 'id="author-name" maxlength="40" autocomplete="name"\n        value="Zośka"' in page
    assert 'id="author"' not in history(game).split("</main>")[0]  # no longer in the history


def chart_points(table) -> dict[str, list[tuple[float, float]]]:
    """Each series of the standings' chart: its polyline's points."""
    page = table.client.get(table.url("/standings")).get_data(as_text=True)
    series = re.findall(r'<g class="series (s\d)">\s*<polyline [^>]*points="([^"]*)"', page)
    return {key: [tuple(map(float, p.split(","))) for p in points.split()]
            for key, points in series}


def test_the_chart_draws_a_late_joiner_from_her_starting_score_not_from_zero(game):
    play(game, 1, dict.fromkeys(NAMES, 0) | {"Bob": 1}, dict.fromkeys(NAMES, 0) | {"Bob": 1})
    post(game, "/players/join", name="Fay", after="2", start_rule="number", start_number="7")
    play(game, 2, dict.fromkeys(NAMES + ("Fay",), 0) | {"Ann": 2},
         dict.fromkeys(NAMES + ("Fay",), 0) | {"Ann": 2})
    lines = chart_points(game)
    assert len(lines["s0"]) == 3  # the start and two rounds
    fay = lines[f"s{len(NAMES)}"]
    assert len(fay) == 2 and fay[0][0] == lines["s0"][1][0]  # from round 1's place on
    assert fay[0][1] != lines["s0"][0][1]  # at 7, not at the line of zero
