"""Each counted figure says what it counts: checked on two small games whose
figures are worked out by hand below (never by the code under test).

Game H: Estonian, the highest total wins (a made bid scores 10 + the bid, a
missed one 0); two rounds of 1 card, Ann dealing first. It started on
13 March 2025 at 21:00; round 1 was closed at 21:10, round 2 after midnight,
on 14 March at 00:30. Di joined after round 1 with a starting score of 12.

    round  Ann      Bob      Cy       Di
    start  -        -        -        12
    1      1/1 11   0/0 10   0/0 10   -
    2      1/0  0   0/0 10   1/1 11   0/0 10
    total  11 (4)   20 (3)   21 (2)   22 (1)

Game L: Piekiełko with the progressive-misses scoring, the lowest total wins
(a made bid scores 0, a player's k-th missed bid k); two rounds of 1 card.

    round  Ann      Bob      Cy
    1      0/0 0    0/1 1    0/0 0
    2      0/0 0    1/1 0    0/0 0
    total  0 (1=)   1 (3)    0 (1=)

A third game (Ann, Zed) is started and never finished.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime

from regular_games import ONE_ROUND, play, post
from test_roster import regular_rows
from test_statistics import figures

from scorekeeper.storage.stores import stores
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game

STARTED = datetime(2025, 3, 13, 21, 0)
ROUND_1_CLOSED = datetime(2025, 3, 13, 21, 10)
ROUND_2_CLOSED = datetime(2025, 3, 14, 0, 30)


def highest_wins_game(table, app) -> str:
    table.start(names=("Ann", "Bob", "Cy"), preset="estonian", shape="custom", custom="1 1",
                first_dealer="0")
    play(table, 1, {"Ann": 1, "Bob": 0, "Cy": 0}, {"Ann": 1, "Bob": 0, "Cy": 0})
    post(table, "/players/join", name="Di", after="2", start_rule="number", start_number="12")
    play(table, 2, {"Ann": 1, "Bob": 0, "Cy": 1, "Di": 0}, {"Ann": 0, "Bob": 0, "Cy": 1, "Di": 0})
    with app.app_context():  # the game and its rounds on other days than today
        game = db.session.scalar(db.select(Game).order_by(Game.id.desc()))
        game.created_at = STARTED
        for change in db.session.scalars(db.select(Change).where(
                Change.game_id == game.id, Change.kind == "close")):
            change.created_at = ROUND_1_CLOSED if change.round == 1 else ROUND_2_CLOSED
        db.session.commit()
        stores().folds.clear()  # no sheet kept with the times as they were
    return table.gid


def lowest_wins_game(table) -> str:
    table.start(names=("Ann", "Bob", "Cy"), preset="piekielko", shape="custom", custom="1 1",
                scoring="progressive-misses", first_dealer="0")
    play(table, 1, {"Ann": 0, "Bob": 0, "Cy": 0}, {"Ann": 0, "Bob": 1, "Cy": 0})
    play(table, 2, {"Ann": 0, "Bob": 1, "Cy": 0}, {"Ann": 0, "Bob": 1, "Cy": 0}, trump="none")
    return table.gid


def played(table, app) -> None:
    highest_wins_game(table, app)
    lowest_wins_game(table)
    table.start(names=("Ann", "Zed"), **ONE_ROUND)  # never finished


def test_the_worst_round_where_the_lowest_total_wins_is_the_one_with_the_most_points(
        table, client, app):
    played(table, app)
    bob, _page = figures(client, "Bob")
    # Game L: Bob's 1 point of round 1 is his worst, the 0 of round 2 his best.
    assert bob["worst-lowest"].startswith("+1 points: round 1 (hand of 1), bid 0, took 1")
    assert bob["top-lowest"].startswith("+0 points: round 2 (hand of 1), bid 1, took 1")
    # Game H: 10 and 10: the first of equals both ways.
    assert bob["worst-highest"].startswith("+10 points: round 1 (hand of 1), bid 0, took 0")
    assert bob["top-highest"].startswith("+10 points: round 1 (hand of 1), bid 0, took 0")


def test_a_round_is_dated_by_when_it_was_played_not_by_the_start_of_its_game(
        table, client, app):
    played(table, app)
    ann, page = figures(client, "Ann")
    # Round 2 was closed after midnight: 14 March, while the game started on the 13th.
    assert ann["worst-highest"] == "+0 points: round 2 (hand of 1), bid 1, took 0 (3/14/25)"
    assert ann["top-highest"] == "+11 points: round 1 (hand of 1), bid 1, took 1 (3/13/25)"
    assert "Worst round (highest total wins)" in page
    assert "Best round (lowest total wins)" in page


def test_a_shared_win_counts_as_a_win_and_says_so_on_the_page_and_in_the_csv(
        table, client, app):
    played(table, app)
    ann, _page = figures(client, "Ann")
    cy, _page = figures(client, "Cy")
    di, _page = figures(client, "Di")
    # Ann: 4th in H, first with Cy in L. Cy: 2nd in H, first with Ann in L. Di: 1st in H.
    assert (ann["won"], ann["win-rate"]) == ("1 (1 of them shared)", "50%")
    assert (cy["won"], cy["win-rate"]) == ("1 (1 of them shared)", "50%")
    assert (di["won"], di["win-rate"]) == ("1", "100%")
    players = client.get("/players").get_data(as_text=True)
    assert re.search(r">Ann</a></td>\s*<td[^>]*>.*?2</td><td[^>]*>.*?1 <span[^>]*>\(1 of them "
                     r"shared\)</span></td>", players)
    rows = csv_rows(client)
    assert rows[0][2:4] == ["Won (shared wins included)", "Of them shared"]
    assert rows_by_name(rows)["Ann"][2:5] == ["1", "1", "0.500"]
    assert rows_by_name(rows)["Di"][2:5] == ["1", "0", "1.000"]


def test_averages_are_apart_for_each_kind_of_game_and_leave_the_starting_score_out(
        table, client, app):
    played(table, app)
    ann, page = figures(client, "Ann")
    # Ann: 11 in H (highest wins), 0 in L (lowest wins): never (11 + 0) / 2.
    assert (ann["average-highest"], ann["average-lowest"]) == ("11", "0")
    # Her best totals too, one per kind: never the 11 of one beside the 0 of the other.
    assert (ann["best-highest"], ann["best-lowest"]) == ("11", "0")
    assert "Best total (lowest total wins)" in page
    assert "Average total (highest total wins)" in page
    assert "Average total (lowest total wins)" in page
    assert "start-highest" not in ann
    di, page = figures(client, "Di")
    # Di's 22 in H is 12 given on joining late and 10 played for.
    assert (di["average-highest"], di["start-highest"], di["best-highest"]) == (
        "10", "+12 in 1 game", "22")
    assert "average-lowest" not in di and "Average total (lowest total wins)" not in page
    assert "Starting score on joining late (not in the average)" in page
    rows = csv_rows(client)
    header = rows[0]
    di_row = dict(zip(header, rows_by_name(rows)["Di"]))
    assert [di_row[column] for column in (
        "Average total (highest total wins)", "Average total (lowest total wins)",
        "Starting score on joining late (not in the average)",
        "Best total (highest total wins)", "Best total (lowest total wins)")] == [
        "10.000", "", "12", "22", ""]
    ann_row = dict(zip(header, rows_by_name(rows)["Ann"]))
    assert [ann_row[column] for column in (
        "Average total (highest total wins)", "Average total (lowest total wins)",
        "Worst round (highest total wins)", "Best round (highest total wins)",
        "Worst round (lowest total wins)", "Best round (lowest total wins)")] == [
        "11.000", "0.000", "0", "11", "0", "0"]


def test_your_players_say_which_games_are_finished_and_which_are_not(table, client, app):
    played(table, app)
    page = client.get("/players").get_data(as_text=True)
    body = page[page.index('id="regulars"'):]
    body = body[:body.index("</ul>")]
    assert "Games finished" in body and "Started, not finished" in body
    rows = regular_rows(body)
    # Ann: H and L finished, the game with Zed not; Di only in H; Zed only unfinished.
    assert rows == [("Ann", "2", "1"), ("Bob", "2", "0"), ("Cy", "2", "0"), ("Di", "1", "0"),
                    ("Zed", "0", "1")]
    figures_table = page[page.index('id="figures"'):]
    assert "Games finished" in figures_table[:figures_table.index("</thead>")]


def test_the_period_says_the_games_are_counted_by_their_start(table, client, app):
    played(table, app)
    ann, page = figures(client, "Ann", period="30")
    assert "Started in the last 30 days" in page and "Started in the last 12 months" in page
    assert "Last 30 days" not in page.replace("Started in the last 30 days", "")
    assert ann["played"] == "1"  # game H started in 2025: only L counts


def csv_rows(client) -> list[list[str]]:
    response = client.get("/players/statistics.csv")
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


def rows_by_name(rows: list[list[str]]) -> dict[str, list[str]]:
    return {row[0]: row for row in rows[1:]}
