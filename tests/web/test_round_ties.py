"""The tie rules through the web (issue 30): Oh Hell's ``extra-hands`` variant
adds a round when the last planned round ends with a tie for first, the round
screen says why, the history shows it, and Undo takes it back with the close;
the set-up form's "Equal totals at the end" adjusts any preset's tie rule."""

from __future__ import annotations

import html
import json

ANN, BOB, CY = 0, 1, 2
NAMES = ("Ann", "Bob", "Cy")


def _start_two_rounds(table, **adjust) -> None:
    table.start(names=NAMES, preset="ohhell", shape="custom", custom="1 2", hook="off", **adjust)


def _tie_after_round_two(table) -> None:
    """Ann 11 + 10 = 21, Cy 10 + 11 = 21, Bob 10 - 1 = 9 (Oh Hell's scoring)."""
    table.play_round(1, [BOB, CY, ANN], 1, {ANN: 1, BOB: 0, CY: 0}, {ANN: 1, BOB: 0, CY: 0})
    table.play_round(2, [CY, ANN, BOB], 2, {ANN: 0, BOB: 0, CY: 1}, {ANN: 0, BOB: 1, CY: 1})


def test_a_tie_after_the_last_round_adds_a_round_the_screen_explains(table):
    _start_two_rounds(table, variant="extra-hands")
    _tie_after_round_two(table)
    assert table.client.get(table.url("/")).headers["Location"].endswith("/round/3")
    page = html.unescape(table.client.get(table.url("/round/3")).get_data(as_text=True))
    assert 'id="tie-round"' in page
    assert "the best total was shared after the last round" in page
    history = html.unescape(table.client.get(table.url("/history")).get_data(as_text=True))
    assert ("Round 3 of 2 cards added: the best total was shared after the last round"
            in history)
    # Ann leads after round 3: the game is over.
    table.play_round(3, [ANN, BOB, CY], 2, {ANN: 0, BOB: 0, CY: 0}, {ANN: 0, BOB: 0, CY: 2})
    standings = html.unescape(table.client.get(table.url("/standings")).get_data(as_text=True))
    assert "Ann" in standings
    assert table.client.get(table.url("/")).headers["Location"].endswith("/standings")


def test_undo_takes_the_added_round_back_and_reopens_the_last_round(table):
    _start_two_rounds(table, variant="extra-hands")
    _tie_after_round_two(table)
    asked = table.undo()
    assert asked.status_code == 422
    assert "Undoing now reopens round 2" in html.unescape(asked.get_data(as_text=True))
    response = table.undo(reopen="1")
    assert response.headers["Location"].endswith("/round/2")
    assert table.client.get(table.url("/")).headers["Location"].endswith("/round/2")
    assert table.client.get(table.url("/round/3")).status_code == 404


def test_without_the_rule_a_tie_is_shared_and_the_game_ends(table):
    _start_two_rounds(table)
    _tie_after_round_two(table)
    assert table.client.get(table.url("/")).headers["Location"].endswith("/standings")


def test_the_set_up_form_sets_the_tie_rule_of_any_preset(table):
    table.start(names=NAMES, preset="cardgames", shape="custom", custom="1 2", hook="off",
                tie_break="extra-hands")
    _tie_after_round_two(table)
    assert table.client.get(table.url("/")).headers["Location"].endswith("/round/3")


def test_most_bid_from_the_form_names_one_winner_of_equal_totals(table):
    table.start(names=NAMES, preset="ohhell", shape="custom", custom="1 2", hook="off",
                tie_break="most-bid")
    # Ann 11 - 2 = 9 having bid 1 + 2, Cy 10 - 1 = 9 having bid 0 + 1, Bob 10 - 2 = 8.
    table.play_round(1, [BOB, CY, ANN], 1, {ANN: 1, BOB: 0, CY: 0}, {ANN: 1, BOB: 0, CY: 0})
    table.play_round(2, [CY, ANN, BOB], 2, {ANN: 2, BOB: 0, CY: 1}, {ANN: 0, BOB: 2, CY: 0})
    standings = html.unescape(table.client.get(table.url("/standings")).get_data(as_text=True))
    assert standings.count("★") == 1
    assert "Ann <span" in standings
    data = json.loads(table.client.get(table.url("/export.json")).get_data(as_text=True))
    assert [(s["player"], s["total"], s["rank"], s["shared"]) for s in data["standings"]] == [
        ("Ann", 9, 1, False), ("Cy", 9, 2, False), ("Bob", 8, 3, False)]
