"""The round screen on a player's own phone: the round's facts, their own
bid chips (the hook's forbidden bid struck out when they bid last), whose
turn it is, the bids so far, then their own trick chips; and on the
scorers' screen, who has not bid or entered tricks yet."""

from __future__ import annotations

import re

import pytest

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Link

HTMX = {"HX-Request": "true"}


@pytest.fixture
def game(app, table):
    """Four players bidding in turn with the hook, Ann dealing round 1 (so Bob
    bids first and Ann last), and every player's own phone."""
    table.start()
    table.trump(1, "H")
    table.client.get(table.url("/share"))
    with app.app_context():
        table.seats = dict(db.session.execute(
            db.select(Link.player, Link.token).where(Link.role == "seat")).all())
    table.phones = {player: app.test_client() for player in table.seats}
    return table


def screen(game, player: int, htmx: bool = False) -> str:
    return game.phones[player].get(f"/g/{game.seats[player]}/round/1",
                                   headers=HTMX if htmx else {}).get_data(as_text=True)


def own_post(game, player: int, kind: str, value: int, htmx: bool = False):
    return game.phones[player].post(f"/g/{game.seats[player]}/round/1/{kind}",
                                    data={"player": player, kind: value},
                                    headers=HTMX if htmx else {})


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_a_players_screen_has_only_their_own_chips_and_says_whose_turn_it_is(game, htmx):
    bob, cy = screen(game, 1, htmx), screen(game, 2, htmx)
    assert 'id="bid-1"' in bob and not re.search(r'id="(bid|tricks)-[023]"', bob)
    assert 'id="your-turn"' in bob and "Your turn to bid." in bob
    assert 'id="your-turn"' not in cy and "Waiting for Bob to bid." in cy
    assert 'id="read-only"' not in bob and "<fieldset class=\"plain\" disabled>" not in bob
    assert own_post(game, 1, "bid", 0, htmx).status_code == (200 if htmx else 302)
    assert 'id="your-turn"' in screen(game, 2)
    bob = screen(game, 1)
    assert re.search(r"<span>Bob</span>\s*<b data-bid>0</b>", bob)


def test_the_dealer_bidding_last_sees_the_forbidden_bid_struck_out(game):
    rnd_cards = len(re.findall(r'name="bid" value="\d+"', screen(game, 1)))
    for player in (1, 2, 3):
        assert own_post(game, player, "bid", 0).status_code == 302
    ann = screen(game, 0)
    assert 'id="your-turn"' in ann
    assert re.search(rf'class="chip forbidden" name="bid" value="{rnd_cards - 1}" disabled', ann)


def test_after_the_bids_each_player_confirms_their_tricks_and_the_scorer_closes(game):
    cards = len(re.findall(r'name="bid" value="\d+"', screen(game, 1))) - 1
    for player in (1, 2, 3, 0):
        assert own_post(game, player, "bid", 0).status_code == 302
    bob = screen(game, 1)
    assert 'id="tricks-1"' in bob and 'id="bid-1"' not in bob
    assert own_post(game, 1, "tricks", cards).status_code == 302
    assert "Your tricks are in." in screen(game, 1)
    scorer = game.client.get(game.url("/round/1")).get_data(as_text=True)
    assert "No tricks yet: Cy, Di, Ann" in scorer
    for player in (2, 3, 0):
        assert own_post(game, player, "tricks", 0).status_code == 302
    assert game.close(1).status_code == 302
    assert game.client.get(game.url("/round/1")).status_code == 200


def test_the_scorers_screen_says_who_has_not_bid_and_fills_in_for_them(game):
    assert own_post(game, 1, "bid", 1).status_code == 302
    scorer = game.client.get(game.url("/round/1")).get_data(as_text=True)
    assert "Not bid yet: Cy, Di, Ann" in scorer
    assert game.bid(1, 2, 0).status_code == 302
    assert "Not bid yet: Di, Ann" in game.client.get(game.url("/round/1")).get_data(as_text=True)


def test_a_scorer_alone_sees_no_missing_line_before_anything_is_entered(table):
    table.start()
    table.trump(1, "H")
    page = table.client.get(table.url("/round/1")).get_data(as_text=True)
    assert 'id="missing-bids"' not in page and 'id="seat-screen"' not in page


SWITCH = "data-vibrate-switch"


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_the_vibrate_switch_shows_where_bids_are_made_in_turn(game, htmx):
    bob, cy = screen(game, 1, htmx), screen(game, 2, htmx)
    assert SWITCH in bob and SWITCH in cy
    assert 'data-your-turn="1"' in bob


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_no_vibrate_switch_nor_turn_to_vibrate_for_when_everyone_bids_at_once(app, table, htmx):
    table.start(preset="estonian", variant="simultaneous")
    table.trump(1, "S")
    table.client.get(table.url("/share"))
    with app.app_context():
        bob = db.session.scalar(db.select(Link.token).where(Link.role == "seat",
                                                            Link.player == 1))
    page = app.test_client().get(f"/g/{bob}/round/1", headers=HTMX if htmx else {})
    body = page.get_data(as_text=True)
    assert 'id="your-turn"' in body and "everyone bids at once" in body
    assert SWITCH not in body and "data-your-turn" not in body


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_no_vibrate_switch_for_a_player_who_has_left(app, table, htmx):
    table.start()
    table.client.get(table.url("/share"))  # Cy's own link, made while she plays
    with app.app_context():
        cy = db.session.scalar(db.select(Link.token).where(Link.role == "seat",
                                                           Link.player == 2))
    assert table.client.post(table.url("/players/leave"), data={"player": 2}).status_code == 302
    body = app.test_client().get(f"/g/{cy}/round/1", headers=HTMX if htmx else {}).get_data(
        as_text=True)
    assert "You do not play this round." in body and SWITCH not in body


def seat_tokens(app) -> dict[int, str]:
    with app.app_context():
        return dict(db.session.execute(
            db.select(Link.player, Link.token).where(Link.role == "seat")).all())


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_a_hidden_bid_begins_the_round_and_the_round_scored_notice_goes(app, table, htmx):
    """The Estonian last round has no trump to enter: its first bid begins
    it, hidden or not, on every phone."""
    table.start(preset="estonian", variant="simultaneous", shape="custom", custom="3 2")
    table.play_round(1, [1, 2, 3, 0], 3, {1: 1, 2: 1, 3: 0, 0: 0}, {1: 1, 2: 1, 3: 0, 0: 1})
    table.client.get(table.url("/share"))
    seats = seat_tokens(app)
    phones = {player: app.test_client() for player in seats}
    headers = HTMX if htmx else {}
    assert "Round 1 scored" in phones[2].get(f"/g/{seats[2]}/round/2").get_data(as_text=True)
    bob = phones[1].post(f"/g/{seats[1]}/round/2/bid", data={"player": 1, "bid": 1, "was": ""})
    assert bob.status_code == 302
    for page in (phones[2].get(f"/g/{seats[2]}/round/2", headers=headers),
                 table.client.get(table.url("/round/2"), headers=headers)):
        body = page.get_data(as_text=True)
        assert "data-hidden-bid" in body and "Round 1 scored" not in body


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_a_player_who_joined_after_a_round_is_not_shown_its_points(app, table, htmx):
    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    joined = table.client.post(table.url("/players/join"),
                               data={"name": "Eve", "after": "3", "start_rule": "zero"})
    assert joined.status_code == 302
    table.client.get(table.url("/share"))
    seats = seat_tokens(app)
    eve = next(player for player in seats if player not in (0, 1, 2, 3))
    headers = HTMX if htmx else {}
    body = app.test_client().get(f"/g/{seats[eve]}/round/2", headers=headers).get_data(
        as_text=True)
    assert 'id="seat-screen"' in body and "Round 1 scored" not in body and "Bob +14" not in body
    for page in (app.test_client().get(f"/g/{seats[1]}/round/2", headers=headers),
                 table.client.get(table.url("/round/2"), headers=headers)):
        body = page.get_data(as_text=True)
        assert "Round 1 scored" in body and "Bob +14" in body
