"""The correction screen is the live screen: the dealer's forbidden bid struck
out as the other bids are chosen, and a way back to the round being played."""

from __future__ import annotations

import re

import pytest

ORDER = [1, 2, 3, 0]  # Bob, Cy, Di; Ann deals round 1 (10 cards, hook rule on)
BIDS = {1: 4, 2: 3, 3: 1, 0: 1}
TRICKS = {1: 4, 2: 3, 3: 1, 0: 2}


def chosen(bids, trump="H", tricks=TRICKS):
    """The correction form's fields, rows in bidding order."""
    data = {"trump": trump}
    for row, seat in enumerate(ORDER):
        data[f"seats-{row}-bid"] = bids[seat]
        data[f"seats-{row}-tricks"] = tricks[seat]
    return data


def struck(page: str) -> list[str]:
    """The values of the chips struck out as forbidden."""
    return re.findall(r'class="chip pick forbidden"[^>]*><input type="radio" name="([^"]+)" '
                      r'value="(\d+)"', page)


@pytest.fixture
def played(table):
    table.start()
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    return table


def test_the_form_strikes_out_the_dealers_forbidden_bid_as_the_round_stands(played):
    page = played.client.get(played.url("/round/1/edit")).get_data(as_text=True)
    assert struck(page) == [("seats-3-bid", "2")]  # 4 + 3 + 1 = 8 of 10: not 2


@pytest.mark.parametrize("htmx", [False, True])
def test_each_change_of_a_bid_strikes_out_the_new_forbidden_bid_and_stores_nothing(
        played, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = played.client.get(played.url("/round/1/edit"),
                                 query_string=chosen({**BIDS, 1: 2}), headers=headers)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "HX-Request" in response.headers["Vary"]
    assert struck(page) == [("seats-3-bid", "4")]  # 2 + 3 + 1 = 6: not 4
    assert ('<h1>' in page) is not htmx  # htmx gets the form alone
    history = played.client.get(played.url("/history")).get_data(as_text=True)
    assert "corrected" not in history


def test_a_forbidden_bid_already_chosen_stays_chosen_struck_and_says_why(played):
    page = played.client.get(played.url("/round/1/edit"),
                             query_string=chosen({**BIDS, 0: 2}),
                             headers={"HX-Request": "true"}).get_data(as_text=True)
    assert struck(page) == [("seats-3-bid", "2")]
    assert re.search(r'value="2" checked\s+aria-label="2 \(forbidden', page)
    assert "Ann deals and may not bid 2" in page


def test_without_the_hook_rule_nothing_is_struck_out(table):
    table.start(hook="off")
    table.play_round(1, ORDER, 10, BIDS, TRICKS)
    page = table.client.get(table.url("/round/1/edit")).get_data(as_text=True)
    assert struck(page) == []


def test_after_a_saved_correction_the_round_screen_leads_back_to_the_round_being_played(played):
    response = played.client.post(played.url("/round/1/edit"), data=chosen({**BIDS, 1: 6}))
    assert response.status_code == 302
    page = played.client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Round 1 corrected" in page
    assert re.search(r'id="to-current" href="/g/[^/]+/round/2">Go to round 2</a>', page)
