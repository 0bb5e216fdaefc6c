"""Every variant issue 30 added is offered under its preset on the set-up form,
with its one-line reason, and a game started with it stores the variant's rules
and names it (docs/rules.md section 9). Plain posts and htmx previews both."""

from __future__ import annotations

import html

import pytest

from scorekeeper.rules import Ruleset, find_preset
from test_setup import stored_game
from test_setup_rules import preview, start

SIX = tuple("ABCDEF")
# (preset, variant, players): each variant issue 30 added, for a table it is offered to
ADDED = [
    ("ohhell", "wikipedia-basic", tuple("ABCD")),
    ("ohhell", "squares", tuple("ABCD")),
    ("ohhell", "exact-penalty", tuple("ABCD")),
    ("ohhell", "ten-times", tuple("ABCD")),
    ("ohhell", "ten-times-penalty", tuple("ABCD")),
    ("ohhell", "ten-times-zero-five", tuple("ABCD")),
    ("ohhell", "cut-for-trump", tuple("ABCD")),
    ("contract-whist", "navy-order", ("Ann", "Bob")),
    ("contract-whist", "deck-allows", tuple("ABCDE")),
    ("piekielko", "named-by-leader", tuple("ABCD")),
    ("piekielko", "named-by-highest-bidder", tuple("ABCD")),
    ("piekielko", "hook", tuple("ABCD")),
    ("piekielko", "under-penalty", tuple("ABCD")),
    ("piekielko", "difference-penalty", tuple("ABCD")),
    ("piekielko", "progressive-misses", tuple("ABCD")),
    ("piekielko", "two-decks", SIX),
    ("estonian", "trick-points", tuple("ABCD")),
    ("estonian", "up-down", tuple("ABCD")),
    ("estonian", "down-up", tuple("ABCD")),
    ("kachuful", "zero-limit", SIX),
]


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(("name", "variant", "names"), ADDED)
def test_each_new_variant_is_offered_under_its_preset_with_its_reason(client, htmx, name,
                                                                     variant, names):
    page = preview(client, htmx, names=names, preset=name)
    chosen = find_preset(name).variant(variant)
    assert f'value="{variant}"' in page
    assert chosen.title in page and chosen.reason in page


@pytest.mark.parametrize(("name", "variant", "names"), ADDED)
def test_a_game_started_with_a_new_variant_stores_its_rules_and_names_it(client, app, name,
                                                                        variant, names):
    response, _page = start(client, names=names, preset=name, variant=variant)
    assert response.status_code == 302
    preset = find_preset(name)
    chosen = preset.variant(variant)
    assert Ruleset.from_dict(stored_game(app).ruleset) == chosen.apply(preset.ruleset)
    standings = html.unescape(client.get(response.headers["Location"] + "standings")
                              .get_data(as_text=True))
    assert f"{preset.title}: {chosen.title}" in standings


def test_kachufuls_zero_limit_is_not_offered_to_five_players(client):
    page = preview(client, False, names=tuple("ABCDE"), preset="kachuful")
    assert 'value="zero-limit"' not in page and 'value="fingers"' in page


def test_contract_whist_seats_two_and_refuses_five_without_its_variant(client):
    response, _page = start(client, names=("Ann", "Bob"), preset="contract-whist")
    assert response.status_code == 302
    response, page = start(client, names=tuple("ABCDE"), preset="contract-whist")
    assert response.status_code == 422
    assert "Contract Whist is for 2 to 4 players, not 5." in page
    assert "5 to 7 players: as many cards as the deck deals" in page


@pytest.mark.parametrize("lang, title", [
    ("pl", "Nikt nie deklaruje 0 więcej niż 5 razy z rzędu"),
    ("hi", "कोई भी लगातार 5 बार से ज़्यादा 0 की बोली नहीं लगाता"),
])
def test_a_new_variant_is_offered_in_the_tables_language(client, lang, title):
    client.post("/language", data={"lang": lang, "next": "/"})
    page = preview(client, False, names=SIX, preset="kachuful")
    assert title in page


def test_a_game_stored_before_issue_30_keeps_its_rules_and_reads_as_the_variant(client, app):
    """An Oh Hell game started when the preset scored Wikipedia's way: its
    stored rules are untouched, it scores as it did, and its rules read as the
    variant that is now that scoring."""
    from scorekeeper.storage.games import create_game
    from stored_rulesets import STORED

    with app.app_context():
        _game, link = create_game(["Ann", "Bob", "Cy", "Di"], "ohhell",
                                  Ruleset.from_dict(STORED), 0)
        token = link.token
    assert stored_game(app).ruleset == STORED
    table = f"/g/{token}"
    client.post(f"{table}/round/1/trump", data={"trump": "H"})
    for player, bid in ((1, 3), (2, 3), (3, 3), (0, 0)):
        client.post(f"{table}/round/1/bid", data={"player": player, "bid": bid})
    for player, taken in ((1, 3), (2, 5), (3, 1), (0, 1)):
        client.post(f"{table}/round/1/tricks", data={"player": player, "tricks": taken})
    assert client.post(f"{table}/round/1/close").status_code in (204, 302)
    standings = html.unescape(client.get(f"{table}/standings").get_data(as_text=True))
    assert "Oh Hell: Wikipedia's basic scoring: 1 a trick, 10 more when exact" in standings
    # 1 a trick and 10 more when exact, as then: Bob 13, Cy 5, Di 1, Ann 1 (the
    # preset's scoring now would give Cy and Di -2 and Ann -1).
    data = client.get(f"{table}/export.json").get_json()
    assert {row["player"]: row["total"] for row in data["standings"]} == {
        "Bob": 13, "Cy": 5, "Ann": 1, "Di": 1}
    assert stored_game(app).ruleset == STORED
