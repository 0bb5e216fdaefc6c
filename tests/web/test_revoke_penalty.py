"""A proven revoke's penalty in the verdict, applied as adjustments (docs/rules.md
section 10), over both transports. The hand is the one of test_disputes: Di revokes
in trick 1."""

from __future__ import annotations

import html
import json

import pytest

from test_disputes import (
    BIDS,
    CARDS,
    HTMX,
    ORDER,
    WRITTEN,
    closed_round_one,
    hand_url,
    page,
    play,
    start,
    totals,
)


@pytest.fixture
def revoked(table):
    """Round 1 closed as written, and its hand recorded: Di's revoke is proven."""
    closed_round_one(table)
    play(table, CARDS)
    return table


def apply(client, table, trick=1, choice=0, htmx=False):
    return client.post(hand_url(table, 1, "/penalty"), data={"trick": trick, "choice": choice},
                       headers=HTMX if htmx else {})


def test_the_verdict_offers_the_laws_of_whist_when_the_table_chose_no_penalty(revoked, client):
    text = page(client, revoked)
    verdict = text[text.index('id="verdict-penalties"'):]
    assert "Trick 1, Di: the revoker loses 3 points, as the laws of whist give it." in verdict
    assert "Trick 1, Di: every other player gains 3 points, as the laws of whist give it." in verdict
    assert "[EN-whist-laws]" not in verdict and "the laws of whist" in verdict and verdict.count("Apply as an adjustment</button>") == 2


@pytest.mark.parametrize("htmx", [False, True])
def test_applying_a_penalty_adjusts_the_scores_and_keeps_the_reason(revoked, client, htmx):
    table = revoked
    before = totals(client, table)
    response = apply(client, table, choice=1, htmx=htmx)
    if htmx:
        assert response.status_code == 204 and response.headers["HX-Redirect"].endswith("#verdict")
    else:
        assert response.status_code == 302 and response.headers["Location"].endswith("#verdict")
    after = totals(client, table)
    assert {name: after[name] - before[name] for name in after} == {
        "Ann": 3, "Bob": 3, "Cy": 3, "Di": 0}
    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    assert {a["reason"] for a in data["adjustments"]} == {
        "Revoke in round 1, trick 1: every other player gains 3 points (the laws of whist)"}
    # Exactly the penalty applied is marked so; the other is offered no more.
    verdict = page(client, table)
    verdict = verdict[verdict.index('id="verdict-penalties"'):]
    verdict = verdict[:verdict.index("</ul>")]
    items = verdict.split("<li>")[1:]
    assert len(items) == 3
    assert "the revoker loses 3 points" in items[0]
    assert "Not applied: another penalty was applied" in items[0]
    assert "Applied: see the adjustments" not in items[0]
    assert "every other player gains 3 points" in items[1]
    assert "Applied: see the adjustments" in items[1]
    assert "3 tricks go from the revoker to the player harmed" in items[2]
    assert "Not applied: another penalty was applied" in items[2]
    assert "Apply as an adjustment" not in verdict
    assert "Apply as a correction of the tricks" not in verdict


@pytest.mark.parametrize("htmx", [False, True])
def test_the_same_revoke_is_never_penalised_twice(revoked, client, htmx):
    table = revoked
    apply(client, table, choice=0)
    response = apply(client, table, choice=0, htmx=htmx)
    assert response.status_code == 422
    assert "The revoke in trick 1 has already been penalised." in response.get_data(as_text=True)
    assert totals(client, table)["Di"] == 11 - 3


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(("data", "message"), [
    ({"trick": 2, "choice": 0}, "The recorded hand proves no revoke in trick 2."),
    ({"trick": 1, "choice": 7}, "Choose one of the penalties offered."),
    ({"trick": "x", "choice": 0}, "Choose a revoke."),
])
def test_a_penalty_for_no_revoke_or_no_such_penalty_is_refused(revoked, client, htmx, data,
                                                               message):
    response = client.post(hand_url(revoked, 1, "/penalty"), data=data,
                           headers=HTMX if htmx else {})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_the_tables_own_penalty_is_the_one_offered_and_applied(table, client):
    start(table, revoke_penalty="revoker-loses", revoke_points="10")
    table.play_round(1, ORDER, 5, BIDS, WRITTEN)
    play(table, CARDS)
    text = page(client, table)
    assert "Trick 1, Di: the revoker loses 10 points, as the rules of this game give it." in text
    assert text.count("Apply as an adjustment</button>") == 1
    apply(client, table, choice=0)
    assert totals(client, table)["Di"] == 11 - 10


def apply_tricks(client, table, harmed=None, htmx=False):
    data = {"trick": 1, "choice": 2, **({} if harmed is None else {"harmed": harmed})}
    return client.post(hand_url(table, 1, "/penalty"), data=data, headers=HTMX if htmx else {})


def _round_one_tricks(client, table):
    data = json.loads(client.get(table.url("/export.json")).get_data(as_text=True))
    (first,) = [r for r in data["rounds"] if r["number"] == 1]
    return first["tricks"]


def test_the_verdict_offers_the_three_tricks_with_the_trick_winner_proposed(revoked, client):
    text = page(client, revoked)
    verdict = text[text.index('id="verdict-penalties"'):]
    assert ("Trick 1, Di: 3 tricks go from the revoker to the player harmed, as the laws of "
            "whist give it.") in verdict
    # Di wrote down 1 trick: only that one can move, to Bob (his ace takes trick 1).
    assert "Tricks: Bob 1 → 2, Di 1 → 0" in verdict
    assert '<option value="1" selected>Bob</option>' in verdict
    assert '<option value="3"' not in verdict  # not the revoker
    assert "Apply as a correction of the tricks</button>" in verdict


@pytest.mark.parametrize("htmx", [False, True])
def test_the_three_tricks_correct_the_round_in_one_tap_and_undo_takes_them_back(revoked, client, htmx):
    table = revoked
    before = _round_one_tricks(client, table)
    response = apply_tricks(client, table, harmed=2, htmx=htmx)
    assert response.status_code in (204, 302), response.get_data(as_text=True)
    assert _round_one_tricks(client, table) == {**before, "Cy": before["Cy"] + 1, "Di": 0}
    history = html.unescape(client.get(table.url("/history")).get_data(as_text=True))
    assert ("Round 1 corrected: Cy: tricks 1 → 2, Di: tricks 1 → 0 — Revoke in round 1, "
            "trick 1: 3 tricks go from the revoker to the player harmed (the laws of whist)"
            in history)
    verdict = page(client, table)
    assert "tricks are corrected and scored again (see the history)" in verdict
    again = apply_tricks(client, table)
    assert again.status_code == 422
    assert "has already been penalised" in again.get_data(as_text=True)
    assert table.undo().status_code in (200, 302)
    assert _round_one_tricks(client, table) == before


def test_the_revoker_cannot_be_named_to_get_the_tricks(revoked, client):
    refused = apply_tricks(client, revoked, harmed=3)
    assert refused.status_code == 422
    assert "Choose another player than the revoker to get the tricks." in refused.get_data(
        as_text=True)


def test_a_revoke_penalty_is_listed_in_the_history_under_its_round(revoked, client):
    table = revoked
    assert apply(client, table, choice=1).status_code == 302
    client.post(table.url("/adjust"), data={"player": 0, "points": 5, "reason": "Birthday"})
    text = client.get(table.url("/history")).get_data(as_text=True)
    round_one = text[text.index('id="history-1"'):]
    round_one = round_one[:round_one.index("</details>")]
    game = text[text.index('id="history-game"'):]
    game = game[:game.index("</details>")]
    assert round_one.count("Revoke in round 1, trick 1: every other player gains 3 points") == 3
    assert "Revoke in round 1" not in game
    assert "Birthday" in game and "Birthday" not in round_one  # other adjustments: the game's
