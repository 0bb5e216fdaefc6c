"""Setting up a game: players in seat order, a preset, adjustments, the staircase preview."""

from __future__ import annotations

import pytest

from scorekeeper.storage.database import db
from scorekeeper.storage import links
from scorekeeper.storage.models import Game
from scorekeeper.rules import Ruleset


def setup_data(names=("Ann", "Bob", "Cy", "Di"), **extra):
    data = {f"players-{i}": name for i, name in enumerate(names)}
    data.update(preset="cardgames", first_dealer="0", action="start")
    data.update(extra)
    return data


def stored_game(app) -> Game:
    with app.app_context():
        game = db.session.scalars(db.select(Game)).one()
        db.session.expunge(game)
        return game


def test_the_setup_page_lists_every_preset_by_name_without_its_sources_tag(client):
    page = client.get("/new").get_data(as_text=True)
    for name, title, tag in [("planowanie", "Planowanie", "[PL-planowanie]"),
                             ("piekielko", "Piekiełko", "[PL-piekielko]"),
                             ("cardgames", "Oh Hell, 10 to 1 to 10", "[PL-cardgames]"),
                             ("estonian", "Estonian rules", "[ET-full]")]:
        assert f'value="{name}"' in page and f"<strong>{title}</strong>" in page
        assert tag not in page
    assert "19 rounds: 10 9 8 7 6 5 4 3 2 1 2 3 4 5 6 7 8 9 10 cards" in page


def test_starting_a_game_stores_players_in_seat_order_with_an_unguessable_address(client, app):
    response = client.post("/new", data=setup_data(names=("Łucja", "Päivi", "  Bob  ", "", "Cy")))
    assert response.status_code == 302
    game = stored_game(app)
    with app.app_context():
        game = db.session.get(Game, game.id)
        assert [p.name for p in game.players] == ["Łucja", "Päivi", "Bob", "Cy"]
        assert game.preset == "cardgames" and game.first_dealer == 0
        assert Ruleset.from_dict(game.ruleset).scoring.name == "trick-points"
        scorer = links.link_of(game, "scorer")
        assert links.link_of(game, "viewer").token != scorer.token
    # The address is the scorer link: 128 random bits, not the game's id.
    assert len(scorer.token) >= 22 and scorer.token != game.public_id
    assert response.headers["Location"] == f"/g/{scorer.token}/"


def test_the_first_dealer_can_be_drawn_at_random(client, app):
    client.post("/new", data=setup_data(first_dealer="random"))
    assert stored_game(app).first_dealer in range(4)


@pytest.mark.parametrize(
    "names, message",
    [
        (("Ann",), "Enter at least 2 players"),
        (("Ann", "ann"), "Two players are called ann"),
        (tuple("ABCDEFGH"), "At most 7 players can play with one deck"),
        (("A" * 41, "Bob"), "Field cannot be longer than 40 characters"),
    ],
)
def test_bad_player_lists_are_refused_and_the_names_kept(client, names, message):
    response = client.post("/new", data=setup_data(names=names, preset="estonian"))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    assert f'value="{names[0]}"' in page


def test_a_schedule_the_deck_cannot_deal_is_refused_with_what_fits(client):
    response = client.post("/new", data=setup_data(names=tuple("ABCDEF"), preset="cardgames",
                                                   shape="down-up", peak="9"))
    assert response.status_code == 422
    assert "54 cards for 6 players" in response.get_data(as_text=True)


def test_eight_players_may_play_with_two_decks(client, app):
    response = client.post("/new", data=setup_data(names=tuple("ABCDEFGH"), preset="estonian", decks="2",
                                                   shape="up", peak="5"))
    assert response.status_code == 302
    assert Ruleset.from_dict(stored_game(app).ruleset).decks == 2


def test_every_part_of_the_preset_can_be_adjusted(client, app):
    response = client.post("/new", data=setup_data(
        shape="custom", custom="1, 2 3;3", hook="from-cards", hook_min_cards="3",
        scoring="wizard", trump_method="spades", no_trump_last_round="yes",
        bidding="simultaneous", must_trump="yes", identical_cards="last-wins",
    ))
    assert response.status_code == 302
    rules = Ruleset.from_dict(stored_game(app).ruleset)
    assert rules.schedule.shape == "custom" and rules.schedule.cards == (1, 2, 3, 3)
    assert (rules.hook.mode, rules.hook.min_cards) == ("from-cards", 3)
    assert rules.scoring.name == "wizard" and rules.trump.method == "spades"
    assert rules.trump.no_trump_last_round and rules.bidding == "simultaneous"
    assert rules.must_trump and rules.identical_cards == "last-wins"


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"shape": "custom"}, "List the cards per round"),
        ({"shape": "custom", "custom": "1 two 3"}, "Use whole numbers separated by spaces or commas"),
        ({"shape": "custom", "custom": "0 1"}, "at least 1 card"),
        ({"shape": "up", "peak": "14"}, "at most 13 cards each"),
        ({"peak": "ten"}, "Enter the largest hand as a whole number of cards"),
        ({"shape": "down", "start": "5", "peak": "3"}, "smaller than the smallest hand"),
    ],
)
def test_impossible_adjustments_are_refused_with_the_reason(client, extra, message):
    response = client.post("/new", data=setup_data(**extra))
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_preview_follows_the_adjustments(client, htmx):
    data = setup_data(preset="piekielko", action="preview")
    if htmx:
        response = client.post("/new/preview", data=data, headers={"HX-Request": "true"})
        assert response.get_data(as_text=True).lstrip().startswith('<div id="preview"')
    else:
        response = client.post("/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "13 rounds: 1 2 3 4 5 6 7 8 9 10 11 12 13 cards" in page
    assert "No trump in round 13" in page


def test_players_can_be_added_moved_and_removed_without_losing_names(client):
    page = client.post("/new", data=setup_data(action="add")).get_data(as_text=True)
    assert 'name="players-4"' in page
    page = client.post("/new", data=setup_data(action="up-2")).get_data(as_text=True)
    assert page.index('value="Cy"') < page.index('value="Bob"')
    page = client.post("/new", data=setup_data(action="remove-0")).get_data(as_text=True)
    assert 'value="Ann"' not in page and 'value="Bob"' in page


def test_an_unknown_setup_action_is_a_bad_request(client):
    assert client.post("/new", data=setup_data(action="explode")).status_code == 400


def test_the_preview_also_offers_the_names_typed_so_far_as_first_dealer(client):
    response = client.post("/new/preview", data=setup_data(names=("Ann", "Bob", "Cy")),
                           headers={"HX-Request": "true"})
    page = response.get_data(as_text=True)
    assert 'id="first_dealer"' in page and 'hx-swap-oob="true"' in page
    assert '<option selected value="0">Ann</option><option value="1">Bob</option><option value="2">Cy</option></select>' in page
