"""Play again: the next game in one tap, a series, and its standings."""

from __future__ import annotations

import re

from scorekeeper.storage import links
from scorekeeper.storage.models import Game

ONE_ROUND = {"preset": "estonian", "shape": "custom", "custom": "1"}


def finish_one_round_game(table, dealer: int, bids: dict, tricks: dict):
    """Play the game's one round; the bidding starts left of ``dealer``."""
    order = [(dealer + k) % 4 for k in range(1, 5)]
    table.play_round(1, order, 1, bids, tricks, trump="none")


def new_gid(response) -> str:
    assert response.status_code == 302, response.get_data(as_text=True)
    return re.search(r"/g/([^/]+)/", response.headers["Location"]).group(1)


def game_of(app, token: str) -> Game:
    with app.app_context():
        game = links.open_link(token).game
        return {"series": game.series, "first_dealer": game.first_dealer,
                "names": [p.name for p in game.players], "ruleset": game.ruleset,
                "preset": game.preset}


def test_play_again_starts_the_same_table_with_the_next_dealer_in_a_series(table, client, app):
    first = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    finish_one_round_game(table, 0, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    page = client.get(table.url("/standings")).get_data(as_text=True)
    assert "Play again" in page and f"/new?again={first}" in page
    second = new_gid(client.post(table.url("/again")))
    assert second != first
    old, new = game_of(app, first), game_of(app, second)
    assert new["names"] == ["Ann", "Bob", "Cy", "Di"] and new["first_dealer"] == 1
    assert new["ruleset"] == old["ruleset"] and new["preset"] == "estonian"
    assert new["series"] is not None and new["series"] == old["series"]
    # A second tap on the first game starts nothing new.
    assert new_gid(client.post(table.url("/again"))) == second

    table.gid = second
    assert client.get(table.url("/round/1")).status_code == 200
    # Bob deals now, so Cy bids first; Cy wins the second game.
    finish_one_round_game(table, 1, {2: 1, 3: 0, 0: 0, 1: 0}, {2: 1, 3: 0, 0: 0, 1: 0})
    page = client.get(table.url("/standings")).get_data(as_text=True)
    series = page[page.index('id="series"'):]
    series = series[:series.index("</table>")]
    rows = re.findall(r"<tr><td>([^<]+)</td><td class=\"num\">(\d+)</td>"
                      r"<td class=\"num\">(\d+)</td><td class=\"num\">(-?\d+)</td></tr>", series)
    assert len(rows) == 4
    by_name = {name: (int(won), int(played)) for name, won, played, _points in rows}
    assert by_name == {"Bob": (1, 2), "Cy": (1, 2), "Ann": (0, 2), "Di": (0, 2)}
    assert [name for name, *_ in rows][:2] in (["Bob", "Cy"], ["Cy", "Bob"])


def test_play_again_is_for_scorers_of_finished_games_only(table, client, app):
    gid = table.start(**ONE_ROUND)
    assert client.post(table.url("/again")).status_code == 409
    finish_one_round_game(table, 0, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    with app.app_context():
        viewer = links.link_of(links.open_link(gid).game, links.VIEWER).token
    assert client.post(f"/g/{viewer}/again").status_code == 403
    assert "Play again" not in client.get(f"/g/{viewer}/standings").get_data(as_text=True)
    with app.app_context():
        assert Game.query.count() == 1


def test_change_players_or_rules_opens_the_set_up_filled_in(table, client):
    gid = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="3", **ONE_ROUND)
    page = client.get(f"/new?again={gid}").get_data(as_text=True)
    for index, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        assert f'name="players-{index}" value="{name}"' in page
    assert re.search(r'<option selected value="0">Ann</option>', page)
    assert re.search(r'value="estonian"\s+checked', page)
    # An unknown link fills in nothing.
    assert 'value="Ann"' not in client.get("/new?again=nope").get_data(as_text=True)


def test_the_kept_standings_still_draw_the_series_and_each_phones_form_afresh(table, client, app):
    """The standings keep their costly parts per version of the game; the series
    (which the next game changes) and the Play again form (its session's CSRF
    token) are drawn for every request."""
    first = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    finish_one_round_game(table, 0, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    first_page = client.get(table.url("/standings")).get_data(as_text=True)
    token = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
    other_phone = app.test_client()
    other_phone.get(f"/g/{first}/standings")  # the link remembered by the other phone
    other_page = other_phone.get(f"/g/{first}/standings").get_data(as_text=True)
    assert token.search(first_page).group(1) != token.search(other_page).group(1)

    second = new_gid(client.post(table.url("/again")))
    table.gid = second
    finish_one_round_game(table, 1, {2: 1, 3: 0, 0: 0, 1: 0}, {2: 1, 3: 0, 0: 0, 1: 0})
    # The first game has not changed, but its series has: its standings say so.
    page = client.get(f"/g/{first}/standings").get_data(as_text=True)
    series = page[page.index('id="series"'):]
    assert re.search(r"<tr><td>Cy</td><td class=\"num\">1</td><td class=\"num\">2</td>", series)
