"""A proven revoke's penalty in the verdict, applied as adjustments (docs/rules.md
section 10), over both transports. The hand is the one of test_disputes: Di revokes
in trick 1."""

from __future__ import annotations

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
    assert len(items) == 2
    assert "the revoker loses 3 points" in items[0]
    assert "Not applied: another penalty was applied" in items[0]
    assert "Applied: see the adjustments" not in items[0]
    assert "every other player gains 3 points" in items[1]
    assert "Applied: see the adjustments" in items[1]
    assert "Apply as an adjustment" not in verdict


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
