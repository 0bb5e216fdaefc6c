"""The statistics, each figure checked against values worked out by hand.

Game 1 (regular_games.eventful_game, Estonian scoring: a made bid scores 10 +
the bid, a missed one 0; four rounds of 2 cards):

    round  Ann    Bob    Cy     Di     Eve
    1      0/0 10 1/1 11 1/1 11 0/0 10  -      (Cy's bid corrected from 0 to 1)
    2      1/1 11 1/0  0 0/0 10 1/1 11  -      (Cy's bid of 2 undone, then 0)
    3      0/0 10 1/1 11 1/0  0 0/1  0 0/0 10  (Eve joins after Bob)
    4      2/2 12  -     0/0 10 0/0 10 0/0 10  (Bob has left)
    total  43 (1) 22 (4) 31 (2=) 31 (2=) 20 (5)

Game 2 (one round of 1 card): Ann, Bob and Di bid 0 and take none (10 each),
Cy bids 0 and takes the trick (0): Ann, Bob and Di share the win, Cy is 4th.
A third game is left unfinished: it does not count.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime

from regular_games import ONE_ROUND, eventful_game

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Game


def second_game(table):
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    table.play_round(1, [1, 2, 3, 0], 1, {1: 0, 2: 0, 3: 0, 0: 0}, {1: 0, 2: 1, 3: 0, 0: 0},
                     trump="none")


def figures(client, name, **args):
    page = client.get(f"/players/{name}", query_string=args).get_data(as_text=True)
    found = {key: " ".join(re.sub(r"<[^>]+>", " ", value).split())
             for key, value in re.findall(r'<dd[^>]* data-figure="([a-z-]+)"[^>]*>(.*?)</dd>', page, re.S)}
    return found, page


def table_rows(page, table_id):
    body = page[page.index(f'id="{table_id}"'):]
    body = body[:body.index("</table>")]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S) if "<td" in row]


def pair_rows(page):
    """Head to head: each opponent's name, games, ahead, behind and level."""
    body = page[page.index('id="head-to-head"'):]
    body = body[:body.index("</ul>")]
    return [[re.sub(r"<span[^>]*>.*?</span>", "", name).strip(),
             *re.findall(r'<dd data-pair="[a-z]+">(\d+)</dd>', item)]
            for name, item in re.findall(r"<a [^>]*>(.*?)</a>(.*?)</li>", body, re.S)]


def played(table):
    eventful_game(table)
    second_game(table)
    table.start(names=("Ann", "Zed"), **ONE_ROUND)  # unfinished


def test_every_figure_of_a_player_is_the_hand_computed_value(table, client):
    played(table)
    ann, _page = figures(client, "Ann")
    assert ann == {"played": "2", "won": "2 (1 of them shared)", "win-rate": "100%",
                   "average-highest": "26.5", "best-highest": "43", "made": "5/5 (100%)",
                   "zero": "3/3 (100%)", "diff": "0", "run": "5",
                   "worst-highest": f"+10 points: round 1 (hand of 2), bid 0, took 0 ({today()})",
                   "top-highest": f"+12 points: round 4 (hand of 2), bid 2, took 2 ({today()})"}
    cy, page = figures(client, "Cy")
    assert cy == {"played": "2", "won": "0", "win-rate": "0%",
                  "average-highest": "15.5", "best-highest": "31", "made": "3/5 (60%)",
                  "zero": "2/3 (67%)", "diff": "0.4", "run": "2",
                  "worst-highest": f"+0 points: round 3 (hand of 2), bid 1, took 0 ({today()})",
                  "top-highest": f"+11 points: round 1 (hand of 2), bid 1, took 1 ({today()})"}
    assert table_rows(page, "sizes") == [["1", "0/1", "0%"], ["2", "3/4", "75%"]]
    # Head to head over the rounds both played (not by the totals): Bob left the
    # first game before round 4, having scored 22 to Cy's 21 in rounds 1 to 3; Eve
    # joined it for rounds 3 and 4 and scored 20 there to Cy's 10.
    assert pair_rows(page) == [
        ["Ann", "2", "0", "2", "0"], ["Bob", "2", "0", "2", "0"], ["Di", "2", "0", "1", "1"],
        ["Eve", "1", "0", "1", "0"]]
    assert 'role="img"' in page and "Hand of 1: 0 of 1 made; Hand of 2: 3 of 4 made" in page
    bob, _page = figures(client, "Bob")
    assert bob == {"played": "2", "won": "1 (1 of them shared)", "win-rate": "50%",
                   "average-highest": "16", "best-highest": "22", "made": "3/4 (75%)",
                   "zero": "1/1 (100%)", "diff": "0.25", "run": "2",
                   "worst-highest": f"+0 points: round 2 (hand of 2), bid 1, took 0 ({today()})",
                   "top-highest": f"+11 points: round 1 (hand of 2), bid 1, took 1 ({today()})"}
    eve, _page = figures(client, "Eve")
    assert (eve["played"], eve["average-highest"], eve["made"], eve["run"]) == (
        "1", "20", "2/2 (100%)", "2")


def today():
    from babel.dates import format_date

    return format_date(datetime.now(), "short", locale="en")


def test_the_csv_holds_the_same_figures(table, client):
    played(table)
    response = client.get("/players/statistics.csv")
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0][:7] == ["Player", "Games finished", "Won (shared wins included)",
                           "Of them shared", "Win rate", "Average total (highest total wins)",
                           "Average total (lowest total wins)"]
    by_name = {row[0]: row for row in rows[1:]}
    # Cy: no starting score; best total, worst and best round where the highest total
    # wins, none where the lowest wins.
    assert by_name["Cy"] == ["Cy", "2", "0", "0", "0.000", "15.500", "", "0", "31", "", "5", "3",
                             "0.600", "0.667", "0.400", "2", "0", "11", "", ""]
    assert by_name["Ann"][1:5] == ["2", "2", "1", "1.000"]
    assert "Zed" not in by_name  # only in the unfinished game


def test_filters_by_period_and_preset(table, client, app):
    played(table)
    with app.app_context():
        first = db.session.scalars(db.select(Game).order_by(Game.id)).first()
        first.created_at = datetime(2020, 1, 1)
        db.session.commit()
    recent, _page = figures(client, "Cy", period="365")
    assert (recent["played"], recent["made"]) == ("1", "0/1 (0%)")
    assert figures(client, "Cy", preset="estonian")[0]["played"] == "2"
    assert "No finished games with these filters." in figures(client, "Cy", preset="cardgames")[1]
    assert figures(client, "Cy", preset="bogus")[0]["played"] == "2"  # unknown: every preset


def test_a_correction_after_the_end_changes_the_figures(table, client):
    eventful_game(table)
    assert figures(client, "Cy")[0]["made"] == "3/4 (75%)"
    data = {"trump": "H"}
    for row, (bid, taken) in enumerate([(1, 1), (0, 1), (0, 0), (0, 0)]):  # Bob Cy Di Ann
        data[f"seats-{row}-bid"], data[f"seats-{row}-tricks"] = bid, taken
    assert client.post(table.url("/round/1/edit"), data=data).status_code == 302
    assert figures(client, "Cy")[0]["made"] == "2/4 (50%)"


def test_an_undo_after_the_figures_were_kept_changes_them_too(table, client):
    first_game = eventful_game(table)
    second_game(table)
    assert figures(client, "Cy")[0]["made"] == "3/5 (60%)"  # both games' lines kept
    table.gid = first_game
    data = {"trump": "H"}
    for row, (bid, taken) in enumerate([(1, 1), (0, 1), (0, 0), (0, 0)]):  # Bob Cy Di Ann
        data[f"seats-{row}-bid"], data[f"seats-{row}-tricks"] = bid, taken
    assert client.post(table.url("/round/1/edit"), data=data).status_code == 302
    assert figures(client, "Cy")[0]["made"] == "2/5 (40%)"
    assert client.post(table.url("/undo")).status_code in (200, 302)  # the correction
    cy, page = figures(client, "Cy")
    assert (cy["played"], cy["made"], cy["average-highest"]) == ("2", "3/5 (60%)", "15.5")
    # The close of round 4 undone (the round reopens): the game is being played again.
    assert client.post(table.url("/undo"), data={"reopen": "1"}).status_code in (200, 302)
    cy, page = figures(client, "Cy")  # so it is not counted
    assert (cy["played"], cy["made"], cy["won"]) == ("1", "0/1 (0%)", "0")
    assert pair_rows(page) == [["Ann", "1", "0", "1", "0"], ["Bob", "1", "0", "1", "0"],
                               ["Di", "1", "0", "1", "0"]]


def test_figures_follow_a_rename_and_stay_private_to_the_device(table, client, app):
    played(table)
    client.post("/players/rename", data={"name": "Cy", "to": "Cyryl"})
    assert figures(client, "Cyryl")[0]["made"] == "3/5 (60%)"
    assert figures(client, "cy")[0]["made"] == "3/5 (60%)"  # the old name leads there too
    stranger = app.test_client()
    assert stranger.get("/players/Ann").status_code == 404
    assert "Ann" not in stranger.get("/players/statistics.csv").get_data(as_text=True)


def test_a_game_whose_link_was_replaced_leaves_the_filters_too(table, client, app):
    """A phone that followed a game through a link replaced since keeps
    nothing of it: no figures, and not its rules among the filters (here
    beside a game it still follows)."""
    follower = app.test_client()

    def follow() -> None:
        share = client.get(table.url("/share")).get_data(as_text=True)
        url = re.search(r'value="([^"]+)" id="url-viewer"', share).group(1)
        assert follower.get(f"/g/{re.search(r'/g/([^/]+)', url).group(1)}/").status_code == 302

    estonian = eventful_game(table)
    follow()
    table.start(names=("Ann", "Bob", "Cy", "Di"), preset="cardgames", shape="custom", custom="1")
    table.play_round(1, [1, 2, 3, 0], 1, {1: 0, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    follow()
    filters = re.compile(r'<select id="filter-preset".*?</select>', re.S)
    shown = filters.search(follower.get("/players").get_data(as_text=True)).group(0)
    assert 'value="estonian"' in shown and 'value="cardgames"' in shown
    table.gid = estonian
    assert client.post(table.url("/share/rotate"), data={"role": "viewer"}).status_code == 302
    shown = filters.search(follower.get("/players").get_data(as_text=True)).group(0)
    assert 'value="estonian"' not in shown and 'value="cardgames"' in shown
    assert figures(follower, "Cy")[0]["played"] == "1"


def test_a_page_worked_out_once_is_shown_again_until_a_game_changes(table, client, app):
    """The figures are kept in the process for the same games at the same
    versions and dates (one query checks them), and worked out again when
    they differ (a write raises a version: see the correction and undo tests)."""
    from sqlalchemy import event

    played(table)
    seen = []
    with app.app_context():
        engine = db.engine
    listener = lambda *_args: seen.append(1)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        first = figures(client, "Cy")
        worked_out = len(seen)
        assert figures(client, "Cy") == first
        again = len(seen) - worked_out
        assert again < worked_out
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    with app.app_context():  # the first game's date moved (its start is checked too)
        game = db.session.scalars(db.select(Game).order_by(Game.id)).first()
        game.created_at = datetime(2020, 1, 1)
        db.session.commit()
    assert figures(client, "Cy", period="365")[0]["played"] == "1"
    assert figures(client, "Cy")[0]["played"] == "2"
