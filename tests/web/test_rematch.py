"""Play again: the next game in one tap, a series, and its standings."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from game_links import links_of

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
    series = without_headings(series[:series.index("</table>")])
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
    series = without_headings(page[page.index('id="series"'):])
    assert re.search(r"<tr><td>Cy</td><td class=\"num\">1</td><td class=\"num\">2</td>", series)


def without_headings(html: str) -> str:
    """The series' rows without each cell's heading (shown beside the figure
    when the rows are stacked on a phone)."""
    return re.sub(r'<span class="label" aria-hidden="true">[^<]*</span>', "", html)


class _FormFields(HTMLParser):
    """The values a browser would send of the set-up form, as the page shows them."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._first_option: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("radio", "checkbox"):
                if "checked" in a:
                    self.values[a["name"]] = a.get("value", "on")
            else:
                self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self._select, self._first_option = a.get("name"), None
        elif tag == "option" and self._select:
            if self._first_option is None:
                self._first_option = a.get("value", "")
                self.values.setdefault(self._select, self._first_option)
            if "selected" in a:
                self.values[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def sent_unchanged(page: str) -> dict[str, str]:
    form = page[page.index('action="/new"'):]
    parser = _FormFields()
    parser.feed(form[:form.index("</form>")])
    return parser.values


#: Set-ups with a variant and adjustments of every part of the rules.
ADJUSTED_SETUPS = [
    {"preset": "planowanie", "variant": "down-then-up", "hook": "not-final-round",
     "scoring": "trick-points", "must_trump": "yes", "revoke_penalty": "revoker-loses",
     "revoke_points": "5"},
    {"preset": "cardgames", "shape": "up-down", "start": "2", "peak": "6",
     "trump_method": "spades", "identical_cards": "last-wins", "decks": "2"},
    {"preset": "kachuful", "variant": "times-ten", "trump_cycle": "H S NT"},
    {"preset": "estonian", "length": "quick", "bidding": "simultaneous", "hook": "off"},
    {"preset": "estonian", "variant": "la-podrida", "scoring": "custom", "exact_bonus": "5",
     "miss_per_trick": "-1", "zero_bid": "fixed", "zero_bid_points": "7", "winner": "lowest",
     "progressive": "yes"},
    {"preset": "piekielko", "variant": "named-trump", "hook": "from-cards",
     "hook_min_cards": "3", "no_trump_last_round": "yes", "shape": "custom",
     "custom": "1 2 3 2"},
    {"preset": "ohhell", "trump_method": "cycle", "trump_cycle": "S D", "when_no_card_left":
     "spades", "revoke_penalty": "others-gain"},
    {"preset": "nomination-whist", "scoring": "custom", "exact_per_trick": "2",
     "over_penalty": "1", "under_penalty": "2"},
]


@pytest.mark.parametrize("setup", ADJUSTED_SETUPS, ids=lambda s: s["preset"])
def test_change_players_or_rules_sent_unchanged_gives_the_rules_of_play_again(table, client,
                                                                              app, setup):
    first = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="2", **setup)
    page = client.get(f"/new?again={first}").get_data(as_text=True)
    sent = sent_unchanged(page)
    assert [sent[f"players-{i}"] for i in range(4)] == ["Ann", "Bob", "Cy", "Di"]
    assert sent["preset"] == setup["preset"] and sent["first_dealer"] == "3"
    if "variant" in setup:  # (without one, a variant may say the same in fewer words)
        assert sent["variant"] == setup["variant"]
    second = new_gid(client.post("/new", data={**sent, "action": "start"}))
    old, new = game_of(app, first), game_of(app, second)
    assert new["ruleset"] == old["ruleset"]
    assert (new["preset"], new["names"], new["first_dealer"]) == (
        setup["preset"], ["Ann", "Bob", "Cy", "Di"], 3)


def test_the_set_up_filled_in_shows_each_adjustment_as_it_was_chosen(table, client):
    gid = table.start(**ADJUSTED_SETUPS[0])
    sent = sent_unchanged(client.get(f"/new?again={gid}").get_data(as_text=True))
    for name, value in ADJUSTED_SETUPS[0].items():
        assert sent[name] == value, name
    # Nothing the table left as the preset says is filled in.
    assert sent["shape"] == sent["decks"] == sent["bidding"] == ""


def test_a_game_set_up_from_change_players_or_rules_joins_the_series(table, client, app):
    first = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    finish_one_round_game(table, 0, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    sent = sent_unchanged(client.get(f"/new?again={first}").get_data(as_text=True))
    assert sent["again"] == first
    sent["players-3"] = "Eve"  # the table changes a player
    second = new_gid(client.post("/new", data={**sent, "action": "start"}))
    assert game_of(app, first)["series"] is not None
    assert game_of(app, second)["series"] == game_of(app, first)["series"]
    assert 'id="series"' in client.get(f"/g/{second}/standings").get_data(as_text=True)


def test_only_a_scorer_link_puts_a_new_game_in_its_series(table, client, app):
    first = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    viewer = links_of(app, first)["viewer"]
    sent = sent_unchanged(client.get(f"/new?again={first}").get_data(as_text=True))
    for token in (viewer, "nope"):
        second = new_gid(client.post("/new", data={**sent, "again": token, "action": "start"}))
        assert game_of(app, second)["series"] is None
    assert game_of(app, first)["series"] is None




def test_play_again_first_shows_the_seats_the_first_dealer_and_the_rules_and_starts_nothing(
        table, client, app):
    gid = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    assert client.get(table.url("/again")).status_code == 409
    finish_one_round_game(table, 0, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    standings = client.get(table.url("/standings")).get_data(as_text=True)
    assert f'href="/g/{gid}/again"' in standings
    page = client.get(table.url("/again")).get_data(as_text=True)
    assert re.findall(r"<li>(\w+)</li>", page[page.index('id="next-seats"'):]) == [
        "Ann", "Bob", "Cy", "Di"]
    assert "Deals first: Bob" in page and "Start the next game" in page
    with app.app_context():
        viewer = links.link_of(links.open_link(gid).game, links.VIEWER).token
        assert Game.query.count() == 1
    assert client.get(f"/g/{viewer}/again").status_code == 403


# -- each player's own phone follows them into the next game (issue 38) --

HTMX = {"HX-Request": "true"}


def test_a_players_own_phone_on_the_result_follows_them_into_the_next_game_as_their_seat(
        table, client, app):
    from game_links import seat_tokens

    first = table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    bob = seat_tokens(client, table)["Bob"]
    finish_one_round_game(table, 0, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    phone = app.test_client()  # Bob's own phone, on the result
    result = phone.get(f"/g/{bob}/standings").get_data(as_text=True)
    assert f'hx-get="/g/{bob}/next"' in result
    assert phone.get(f"/g/{bob}/next", headers=HTMX).status_code == 204  # nothing yet

    second = new_gid(client.post(table.url("/again")))
    asked = phone.get(f"/g/{bob}/next", headers=HTMX)
    assert asked.status_code == 204
    token = re.fullmatch(r"/g/([^/]+)/", asked.headers["HX-Redirect"]).group(1)
    assert token not in (first, second)
    with app.app_context():
        seat = links.open_link(token)
        assert seat.role == links.SEAT and seat.game.players[seat.player].name == "Bob"
        assert links.open_link(second).game_id == seat.game_id
    assert phone.get(f"/g/{bob}/next").headers["Location"] == f"/g/{token}/"  # a plain GET
    # Through it: Bob's screen, his own bid and no one else's.
    assert phone.get(f"/g/{token}/").status_code == 302
    assert 'id="seat-screen"' in phone.get(f"/g/{token}/round/1").get_data(as_text=True)
    table.gid = second
    table.trump(1, "none")
    for player in (2, 3, 0):  # Bob deals now: he bids last
        table.bid(1, player, 0)
    assert phone.post(f"/g/{token}/round/1/bid", data={"player": 1, "bid": 0},
                      headers=HTMX).status_code == 200
    assert phone.post(f"/g/{token}/round/1/bid", data={"player": 0, "bid": 0},
                      headers=HTMX).status_code == 403
    # Opened again, the old result no longer asks: the phone has followed.
    assert "/next" not in phone.get(f"/g/{bob}/standings").get_data(as_text=True)


def test_only_a_players_own_link_follows_and_only_into_their_own_seat(table, client, app):
    from game_links import seat_tokens

    table.start(names=("Ann", "Bob", "Cy", "Di"), first_dealer="0", **ONE_ROUND)
    tokens = seat_tokens(client, table)
    viewer = links_of(app, table.gid)["viewer"]
    finish_one_round_game(table, 0, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 0: 0})
    client.post(table.url("/again"))
    for token in (viewer, table.gid):
        assert "/next" not in client.get(f"/g/{token}/standings").get_data(as_text=True)
        told = client.get(f"/g/{token}/next", headers=HTMX)  # nothing, ever
        assert told.status_code == 204 and "HX-Redirect" not in told.headers
    players = {}
    for name, token in tokens.items():
        moved = client.get(f"/g/{token}/next", headers=HTMX).headers["HX-Redirect"]
        with app.app_context():
            seat = links.open_link(moved.strip("/").split("/")[1])
            players[name] = seat.game.players[seat.player].name
    assert players == {"Ann": "Ann", "Bob": "Bob", "Cy": "Cy", "Di": "Di"}


def test_a_player_who_left_is_not_carried_into_the_next_game(table, client):
    from game_links import seat_tokens

    table.start(names=("Ann", "Bob", "Cy", "Di", "Ed"), first_dealer="0",
                preset="estonian", shape="custom", custom="1,1")
    ed = seat_tokens(client, table)["Ed"]
    order = [1, 2, 3, 4, 0]
    table.play_round(1, order, 1, {1: 1, 2: 0, 3: 0, 4: 0, 0: 0}, {1: 1, 2: 0, 3: 0, 4: 0, 0: 0},
                     trump="none")
    assert client.post(table.url("/players/leave"), data={"player": "4"}).status_code == 302
    table.play_round(2, [2, 3, 0, 1], 1, {2: 1, 3: 0, 0: 0, 1: 0}, {2: 1, 3: 0, 0: 0, 1: 0},
                     trump="none")
    client.post(table.url("/again"))
    assert client.get(f"/g/{ed}/next", headers=HTMX).status_code == 204
    assert "HX-Redirect" not in client.get(f"/g/{ed}/next", headers=HTMX).headers
