"""Standings, the round-by-round grid, and the CSV and JSON exports read back."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper.rules import Ruleset, find_scoring, score_game

ORDER = [1, 2, 3, 0]
NAMES = ("Łucja", "Päivi", "Żaneta", "Õie")

# Three rounds of cardgames (10, 9, 8 cards) with the dealer moving on each round.
ROUNDS = [
    ([1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2}),
    ([2, 3, 0, 1], 9, {2: 2, 3: 2, 0: 2, 1: 2}, {2: 2, 3: 2, 0: 2, 1: 3}),
    ([3, 0, 1, 2], 8, {3: 0, 0: 3, 1: 3, 2: 1}, {3: 0, 0: 3, 1: 3, 2: 2}),
]


@pytest.fixture
def played(table):
    table.start(names=NAMES)
    for number, (order, cards, bids, tricks) in enumerate(ROUNDS, start=1):
        table.play_round(number, order, cards, bids, tricks)
    return table


def expected_totals():
    game = score_game(find_scoring("trick-points"), [
        {seat: (bids[seat], tricks[seat], cards) for seat in order}
        for order, cards, bids, tricks in ROUNDS
    ])
    return {NAMES[seat]: total for seat, total in game.totals.items()}


def read_sheet(text: str) -> list[dict]:
    """The game rows, one table with no blank row nor anything after it."""
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert [] not in rows and len({len(row) for row in rows}) == 1
    return [dict(zip(rows[0], row)) for row in rows[1:]]


def read_rules(client, table) -> list[list[str]]:
    """The rows of the rules' own CSV (English: separated by commas)."""
    response = client.get(table.url("/rules.csv"))
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


def test_the_standings_rank_players_and_show_bids_made(played, client):
    page = client.get(played.url("/standings")).get_data(as_text=True)
    totals = expected_totals()
    assert totals == {"Łucja": 2 + 12 + 13, "Päivi": 14 + 3 + 13, "Żaneta": 13 + 12 + 2, "Õie": 11 + 12 + 10}
    assert "After 3 of 19 rounds." in page
    # Päivi leads with 30 and made 2 of 3 bids.
    row = page[page.index('<tr class="leader">'):]
    assert "Päivi" in row[:400] and "30" in row[:400] and "2/3" in row[:400]


def test_the_grid_shows_bid_tricks_and_the_total_so_far_in_each_cell(played, client):
    page = client.get(played.url("/standings")).get_data(as_text=True)
    grid = page[page.index('id="grid"'):]
    cells = re.findall(
        r'<span class="bid-tricks">(\d+/\d+)</span>\s*<span class="(hit|miss)"\s*title="([^"]*)">(-?\d+)</span>', grid)
    assert len(cells) == 3 * 4
    # Päivi (the second column) made 4 of 4 (+14), then took 3 on a bid of 2 (+3).
    assert cells[1] == ("4/4", "hit", "+14 points this round", "14")
    assert cells[4 + 1] == ("2/3", "miss", "+3 points this round", "17")
    assert cells[8 + 1][3] == "30"


def test_the_csv_export_matches_the_standings(played, client):
    response = client.get(played.url("/export.csv"))
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = read_sheet(response.get_data(as_text=True))
    tail = read_rules(client, played)
    assert list(rows[0]) == ["Round", "Cards", "Dealer", "Trump", "Player", "Bid", "Tricks",
                             "Made", "Points", "Total", "Note"]
    assert len(rows) == 3 * 4
    final = {row["Player"]: int(row["Total"]) for row in rows if row["Round"] == "3"}
    assert final == expected_totals()
    assert rows[0] == {"Round": "1", "Cards": "10", "Dealer": "Łucja", "Trump": "hearts",
                       "Player": "Päivi", "Bid": "4", "Tricks": "4", "Made": "yes",
                       "Points": "14", "Total": "14", "Note": ""}
    assert ["Players", *NAMES] in tail
    assert ["Rules", "Oh Hell, 10 to 1 to 10"] in tail and not any("cardgames" in row for row in tail)
    assert any(row[0] == "Hook rule" for row in tail)


def test_the_json_export_has_rules_rounds_and_standings(played, client):
    data = json.loads(client.get(played.url("/export.json")).get_data(as_text=True))
    assert data["players"] == list(NAMES)
    assert data["rules"]["scoring"]["name"] == "trick-points"
    assert [r["closed"] for r in data["rounds"][:4]] == [True, True, True, False]
    assert {s["player"]: s["total"] for s in data["standings"]} == expected_totals()


def test_the_winners_are_declared_when_the_last_round_closes(table, client):
    table.start(preset="estonian", shape="custom", custom="2")
    page = client.get(table.url("/standings")).get_data(as_text=True)
    assert "wins the game" not in page
    table.play_round(1, ORDER, 2, {1: 1, 2: 0, 3: 1, 0: 0}, {1: 1, 2: 0, 3: 1, 0: 0}, trump="none")
    page = client.get(table.url("/")).headers["Location"]
    assert page.endswith("/standings")
    page = client.get(page).get_data(as_text=True)
    assert "Bob, Di share the win!" in page


def test_lowest_total_wins_under_progressive_misses(table, client):
    table.start(preset="estonian", shape="custom", custom="1 1", scoring="progressive-misses")
    table.play_round(1, ORDER, 1, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 0, 2: 1, 3: 0, 0: 0}, trump="none")
    table.play_round(2, [2, 3, 0, 1], 1, {2: 0, 3: 0, 0: 0, 1: 1}, {2: 0, 3: 1, 0: 0, 1: 0}, trump="none")
    page = client.get(table.url("/standings")).get_data(as_text=True)
    # Bob missed twice (1 + 2), Cy once, Di once, Ann never: Ann wins with 0.
    assert "Ann wins the game!" in page and "Lowest total wins." not in page
    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    assert [(s["player"], s["total"], s["rank"]) for s in data["standings"]] == [
        ("Ann", 0, 1), ("Cy", 1, 2), ("Di", 1, 2), ("Bob", 3, 4)]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_exported_as_text(table, client):
    table.start(names=("=HYPERLINK(\"http://x\")", "+Bob", "-Cy", "@Di"))
    table.play_round(1, ORDER, 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    rows = read_sheet(client.get(table.url("/export.csv")).get_data(as_text=True))
    tail = read_rules(client, table)
    assert [row["Player"] for row in rows] == ["'+Bob", "'-Cy", "'@Di", "'=HYPERLINK(\"http://x\")"]
    assert rows[3]["Points"] == "2" and ["Players", "'=HYPERLINK(\"http://x\")", "'+Bob", "'-Cy", "'@Di"] in tail


CUSTOM = dict(scoring="custom", exact_bonus="20", exact_per_trick="2", miss_per_trick="0",
              under_penalty="3", zero_bid="fixed", zero_bid_points="15", winner="lowest")


def test_a_custom_scoring_round_trips_through_the_json_and_the_csv(table, client):
    table.start(**CUSTOM)
    table.play_round(1, ORDER, 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    rules = Ruleset.from_dict(data["rules"])
    assert rules.scoring.name == "custom" and rules.scoring.zero_bid_points == 15
    rows = read_sheet(client.get(table.url("/export.csv")).get_data(as_text=True))
    tail = read_rules(client, table)
    (json_row,) = [row for row in tail if row[0] == "rules.json"]
    assert Ruleset.from_json(json_row[1]) == rules
    (scoring_row,) = [row for row in tail if row[0] == "Scoring"]
    assert scoring_row[1] == ("Custom scoring (exact: 20 + 2 a trick; missed: 0 a trick; "
                              "minus 3 a trick under; a made 0 scores 15; lowest total wins)")
    # Bob bid 4 and took 4: 20 + 2 * 4; Di bid 1 and took 2: 0.
    assert [row["Points"] for row in rows][:4] == ["28", "26", "22", "0"]


def test_adjusted_rules_read_preset_adjusted_everywhere_they_are_summed_up(table, client):
    table.start(preset="estonian", decks="2", revoke_penalty="revoker-loses")
    summary = "Estonian rules, adjusted: two decks; revoke penalty: the revoker loses 3 points"
    standings = client.get(table.url("/standings")).get_data(as_text=True)
    assert f"<dd>{summary}</dd>" in standings
    tail = read_rules(client, table)
    assert ["Rules", summary] in tail
    assert ["Revoke penalty", "the revoker loses 3 points"] in tail
    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    assert data["rules_summary"] == summary
    assert data["rules_adjusted"] == [
        {"kind": "decks", "decks": 2, "text": "two decks"},
        {"kind": "revoke-penalty", "penalty": {"mode": "revoker-loses", "points": 3},
         "text": "revoke penalty: the revoker loses 3 points"}]


def test_rules_as_published_read_just_the_presets_name(played, client):
    data = json.loads(client.get(played.url("/export.json")).get_data(as_text=True))
    assert data["rules_summary"] == "Oh Hell, 10 to 1 to 10" and data["rules_adjusted"] == []


def spread_over_minutes(app, minutes: int) -> None:
    """Date the game's changes as if they had been made over ``minutes``."""
    from datetime import datetime, timedelta

    from scorekeeper.storage.database import db
    from scorekeeper.storage.models import Change, Game

    with app.app_context():
        changes = db.session.scalars(db.select(Change).order_by(Change.seq)).all()
        start = datetime(2026, 1, 1, 20, 0)
        for index, change in enumerate(changes):
            change.created_at = start + timedelta(minutes=minutes * index / (len(changes) - 1))
        for game in db.session.scalars(db.select(Game)):
            game.version += 1  # a write behind the app's back: the kept folds must hear of it
        db.session.commit()


def test_the_standings_and_exports_give_the_time_from_the_first_entry_to_the_last(
        app, played, client):
    spread_over_minutes(app, 65)
    page = client.get(played.url("/standings")).get_data(as_text=True)
    assert "Playing time: 1 h 05 min (first to last entry)" in page
    assert ["Duration in minutes", "65"] in read_rules(client, played)
    data = json.loads(client.get(played.url("/export.json")).get_data(as_text=True))
    assert data["duration_seconds"] == 65 * 60


def test_a_game_without_entries_shows_no_playing_time(table, client):
    table.start()
    page = client.get(table.url("/standings")).get_data(as_text=True)
    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    assert "Playing time" not in page and data["duration_seconds"] is None


def test_the_rules_say_no_hook_where_everyone_bids_at_once(client, table):
    table.start(preset="kachuful", variant="fingers")  # Kachuful's hook is on; fingers bid at once
    rules = dict(row[:2] for row in read_rules(client, table) if len(row) >= 2)
    assert rules["Hook rule"] == "off"
    assert rules["Bidding"] == "all at once (no hook rule)"
    assert json.loads(rules["rules.json"])["hook"]["mode"] == "off"
    exported = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    assert exported["rules"]["hook"]["mode"] == "off"
    page = client.get(table.url("/")).get_data(as_text=True)
    assert "the dealer may not make the bids add up" not in page
