"""The series standings read the finished games' kept lines: the same figures
as the games' sheets, and as many queries for a long series as for a short one."""

from __future__ import annotations

import re

from sqlalchemy import event

from scorekeeper.storage.stores import stores
from scorekeeper.storage.database import db

ONE_ROUND = {"preset": "estonian", "shape": "custom", "custom": "1"}


def play_one_round(table, game: int):
    """The game's one round: the player left of the dealer bids 1 and takes
    the trick (the dealer moves on one seat a game)."""
    dealer = game % 4
    order = [(dealer + k) % 4 for k in range(1, 5)]
    bids = {seat: 1 if seat == order[0] else 0 for seat in order}
    table.play_round(1, order, 1, bids, dict(bids), trump="none")


def play_again(table, client):
    response = client.post(table.url("/again"))
    assert response.status_code == 302
    table.gid = re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)


#: A cell's heading, beside its figure when the rows are stacked on a phone.
HEADING = r"<span class=\"label\" aria-hidden=\"true\">[^<]+</span>"
SERIES_ROW = re.compile(
    rf"<tr><td>([^<]+)</td><td class=\"num\">{HEADING}(\d+)(?: <span class=\"muted small\">"
    rf"\((\d+) of them shared\)</span>)?</td><td class=\"num\">{HEADING}(\d+)</td>"
    rf"<td class=\"num\">{HEADING}(-?\d+)</td></tr>")


def series_body(page: str) -> str:
    body = page[page.index('id="series"'):]
    return body[:body.index("</table>")]


def series_rows(page: str) -> dict[str, tuple[int, int, int]]:
    """Each player's games won (shared wins included), finished and points."""
    return {name: (int(won), int(played), int(points))
            for name, won, _shared, played, points in SERIES_ROW.findall(series_body(page))}


def series_shared(page: str) -> dict[str, int]:
    """Each player's shared wins, for those who have any."""
    return {name: int(shared) for name, _won, shared, *_rest in SERIES_ROW.findall(
        series_body(page)) if shared}


def statements_of(app, client, path: str) -> int:
    """How many SQL statements a GET of ``path`` runs on a server that has
    folded none of the games yet (another server, or one that has let them go)."""
    seen = []
    with app.app_context():
        engine = db.engine
        stores().folds.clear()
    listener = lambda *_args: seen.append(1)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        assert client.get(path).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    return len(seen)


def test_the_series_standings_cost_the_same_queries_for_two_games_or_six(table, client, app):
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    play_one_round(table, 0)
    play_again(table, client)
    play_one_round(table, 1)
    client.get(table.url("/standings"))  # the finished game's lines kept
    two = statements_of(app, client, table.url("/standings"))
    assert series_rows(client.get(table.url("/standings")).get_data(as_text=True)) == {
        "Bob": (1, 2, 21), "Cy": (1, 2, 21), "Ann": (0, 2, 20), "Di": (0, 2, 20)}
    for game in range(2, 6):
        play_again(table, client)
        play_one_round(table, game)
    client.get(table.url("/standings"))
    six = statements_of(app, client, table.url("/standings"))
    assert six == two
    # Bob, Cy, Di and Ann each bid 1 first in turn and made it (11); the others 10.
    assert series_rows(client.get(table.url("/standings")).get_data(as_text=True)) == {
        "Bob": (2, 6, 62), "Cy": (2, 6, 62), "Di": (1, 6, 61), "Ann": (1, 6, 61)}


def test_a_game_being_played_counts_for_its_points_and_a_correction_for_its_result(
        table, client):
    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    play_one_round(table, 0)
    first = table.gid
    play_again(table, client)
    page = client.get(table.url("/standings")).get_data(as_text=True)
    assert series_rows(page)["Bob"] == (1, 1, 11)
    # The first game corrected after its lines were kept: Cy took the trick, not Bob.
    table.gid = first
    data = {"trump": "none"}
    for row, (bid, taken) in enumerate([(1, 0), (0, 1), (0, 0), (0, 0)]):  # Bob Cy Di Ann
        data[f"seats-{row}-bid"], data[f"seats-{row}-tricks"] = bid, taken
    assert client.post(table.url("/round/1/edit"), data=data).status_code == 302
    page = client.get(table.url("/standings")).get_data(as_text=True)
    rows = series_rows(page)
    assert rows["Bob"] == (0, 1, 0) and rows["Cy"] == (0, 1, 0)
    # Ann and Di share the win (10 each): a win for each, said to be shared.
    assert rows["Ann"] == (1, 1, 10) and rows["Di"] == (1, 1, 10)
    assert series_shared(page) == {"Ann": 1, "Di": 1}
