"""A phone back online (issue 39, the sync side; docs/offline.md): its own taps
go through the one write path in order, each with the ``was`` it saw; an
entry never lands twice; what another phone changed meanwhile is refused
there and offered to settle, one tap per entry (``/round/<n>/conflicts``),
with the link's rights only; two phones offline at once both land; a seat
phone's offline log holds only what its link may see, and a viewer gets none.

The phones' taps are sent as ``js/offline-sync.js`` sends them: the fields as
tapped, with the HX-Request header (and as plain posts, where it matters).
"""

from __future__ import annotations

import json
import re

import pytest
from game_links import links_of, seat_tokens, stored

HTMX = {"HX-Request": "true"}


def changes(client, gid: str) -> list[tuple]:
    """The game's stored changes as its JSON export holds them: (kind, player, value)."""
    exported = json.loads(client.get(f"/g/{gid}/export.json").get_data(as_text=True))
    return [(c["kind"], c.get("player"), c["value"]) for c in exported["stored"]["changes"]]


def send_log(client, gid: str, taps: list[tuple[str, dict]]) -> list[int]:
    """A phone's own log sent in order, as js/offline-sync.js sends it: the status of each."""
    return [client.post(f"/g/{gid}{path}", data=fields, headers=HTMX).status_code
            for path, fields in taps]


def offline_bids(bids: dict[int, int], seen: dict[int, int] | None = None) -> list[tuple[str, dict]]:
    """Round 1's bids as a phone tapped them offline, each on the value its screen showed."""
    seen = seen or {}
    return [("/round/1/bid", {"player": player, "bid": bid, "was": seen.get(player, "")})
            for player, bid in bids.items()]


def conflicts(client, gid: str, query: str, htmx: bool = True):
    return client.get(f"/g/{gid}/round/1/conflicts?{query}", headers=HTMX if htmx else {})


def offered(body: str) -> list[tuple[str, str, str]]:
    """Each chip the conflicts answer offers: (its field, its value, its label)."""
    chips = re.findall(r'<button class="chip" name="(\w+)" value="([^"]*)" data-keeps="\w+">(.*?)</button>',
                       body, re.S)
    return [(name, value, " ".join(re.sub(r"<[^>]+>", " ", label).split())) for name, value, label in chips]


@pytest.fixture
def started(table):
    """cardgames, Ann deals round 1 (10 cards): Bob, Cy, Di bid before her; trump chosen."""
    table.start()
    assert table.trump(1, "S").status_code == 302
    return table


# -- nothing lost, nothing overwritten ---------------------------------------------


def test_a_phones_offline_bids_land_in_order_each_once_even_sent_twice(client, started):
    log = offline_bids({1: 3, 2: 2, 3: 4})
    assert send_log(client, started.gid, log) == [200, 200, 200]
    # The answer was lost on the way back: the phone sends its whole log again.
    assert send_log(client, started.gid, log) == [200, 200, 200]
    assert changes(client, started.gid) == [("trump", None, "S"), ("bid", 1, 3), ("bid", 2, 2),
                                            ("bid", 3, 4)]


def test_a_bid_another_phone_changed_meanwhile_is_refused_and_the_rest_of_the_log_lands(
        app, client, started):
    assert started.bid(1, 1, 2).status_code == 302  # phone B, online, while A is offline
    statuses = send_log(client, started.gid, offline_bids({1: 3, 2: 2}))
    assert statuses == [409, 200]
    assert changes(client, started.gid)[1:] == [("bid", 1, 2), ("bid", 2, 2)]


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_the_conflict_is_offered_with_both_values_and_the_one_to_keep_is_one_tap(
        app, client, started, htmx):
    started.bid(1, 1, 2)  # another phone: Bob bids 2; this phone had 3 offline
    answer = conflicts(client, started.gid, "bid=1:3", htmx)
    assert answer.status_code == 200 and "HX-Request" in answer.headers["Vary"]
    body = answer.get_data(as_text=True)
    assert offered(body) == [("bid", "3", "Bob: bid 3 on this phone"),
                             ("bid", "2", "Bob: bid 2 on another phone")]
    # One form, made on the value the round holds now: the write path checks it.
    assert re.search(r'<input type="hidden" name="was" value="2">', body)
    assert (" hx-post=" in body) == htmx and ("<html" in body) != htmx
    keep_mine = client.post(f"/g/{started.gid}/round/1/bid",
                            data={"player": 1, "bid": 3, "was": 2}, headers=HTMX if htmx else {})
    assert keep_mine.status_code == (200 if htmx else 302)
    assert changes(client, started.gid)[1:] == [("bid", 1, 2), ("bid", 1, 3)]
    # Settled: nothing left to offer.
    settled = conflicts(client, started.gid, "bid=1:3", htmx)
    assert settled.status_code == (204 if htmx else 302)


def test_keeping_the_other_phones_value_stores_nothing(app, client, started):
    started.bid(1, 1, 2)
    before = stored(app)
    keep_theirs = client.post(f"/g/{started.gid}/round/1/bid",
                              data={"player": 1, "bid": 2, "was": 2}, headers=HTMX)
    assert keep_theirs.status_code == 200 and stored(app) == before


def test_settling_on_a_value_a_third_phone_changed_since_is_refused_again(app, client, started):
    started.bid(1, 1, 2)
    body = conflicts(client, started.gid, "bid=1:3").get_data(as_text=True)
    assert 'name="was" value="2"' in body
    started.bid(1, 1, 5)  # a third phone, before the scorer taps
    before = stored(app)
    answer = client.post(f"/g/{started.gid}/round/1/bid",
                         data={"player": 1, "bid": 3, "was": 2}, headers=HTMX)
    assert answer.status_code == 409 and stored(app) == before
    assert offered(conflicts(client, started.gid, "bid=1:3").get_data(as_text=True))[1] == (
        "bid", "5", "Bob: bid 5 on another phone")


def test_only_entries_that_still_differ_are_offered_each_once_with_the_phones_last_value(
        client, started):
    started.bid(1, 1, 2)
    started.bid(1, 2, 1)
    # Bob: 3 then 4 on this phone; Cy: 1 on both; Di: nothing on the other phone.
    body = conflicts(client, started.gid, "bid=1:3&bid=2:1&bid=1:4&bid=3:0").get_data(as_text=True)
    assert [label for _n, _v, label in offered(body)] == ["Bob: bid 4 on this phone",
                                                          "Bob: bid 2 on another phone"]


def test_tricks_and_the_trump_are_offered_too(client, table):
    table.start()
    table.trump(1, "H")
    for player, bid in ((1, 3), (2, 2), (3, 4), (0, 0)):
        assert table.bid(1, player, bid).status_code == 302
    table.tricks(1, 1, 2)
    body = conflicts(client, table.gid, "tricks=1:3&trump=S").get_data(as_text=True)
    names = [(name, value) for name, value, _label in offered(body)]
    assert names == [("tricks", "3"), ("tricks", "2"), ("trump", "S"), ("trump", "H")]
    assert "Bob: 3 tricks on this phone" in [label for *_x, label in offered(body)]


def test_a_round_no_longer_being_played_offers_nothing(client, table):
    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 3, 2: 2, 3: 4, 0: 0}, {1: 3, 2: 3, 3: 4, 0: 0})
    assert conflicts(client, table.gid, "bid=1:5").status_code == 204
    assert conflicts(client, table.gid, "bid=1:5", htmx=False).status_code == 302


@pytest.mark.parametrize("query", ["bid=x:1", "bid=1", "bid=9:1", "tricks=1:%C2%B2", "trump=Z",
                                   "bid=1:1:1", "other=1:2", ""])
def test_a_query_that_names_no_entry_of_the_round_offers_nothing(client, started, query):
    started.bid(1, 1, 2)
    assert conflicts(client, started.gid, query).status_code == 204


# -- two phones offline at once ---------------------------------------------------------


def test_two_phones_offline_at_once_both_land_and_the_same_entry_is_offered_to_the_later(
        app, client, started):
    scorer_b = app.test_client()  # the same scorer link on a second phone
    # Phone A kept Bob's and Cy's bids offline, phone B Cy's and Di's.
    a_log = offline_bids({1: 3, 2: 2})
    b_log = offline_bids({2: 1, 3: 4})
    assert send_log(client, started.gid, a_log) == [200, 200]
    assert send_log(scorer_b, started.gid, b_log) == [409, 200]  # Cy: A's 2 came first
    assert changes(client, started.gid)[1:] == [("bid", 1, 3), ("bid", 2, 2), ("bid", 3, 4)]
    body = conflicts(scorer_b, started.gid, "bid=2:1").get_data(as_text=True)
    assert [label for *_x, label in offered(body)] == ["Cy: bid 1 on this phone",
                                                       "Cy: bid 2 on another phone"]
    # Phone A's own offer: nothing, its entries stand.
    assert conflicts(client, started.gid, "bid=1:3&bid=2:2").status_code == 204


# -- a seat phone ------------------------------------------------------------------------


def test_a_seat_phone_is_offered_only_its_own_players_entries(app, client, started):
    bob = seat_tokens(client, started)["Bob"]
    started.bid(1, 1, 2)
    started.bid(1, 2, 1)
    phone = app.test_client()
    body = phone.get(f"/g/{bob}/round/1/conflicts?bid=1:3&bid=2:4", headers=HTMX).get_data(
        as_text=True)
    assert [label for *_x, label in offered(body)] == ["Bob: bid 3 on this phone",
                                                       "Bob: bid 2 on another phone"]
    # Settling goes through the seat's own rights: its own bid.
    assert phone.post(f"/g/{bob}/round/1/bid", data={"player": 1, "bid": 3, "was": 2},
                      headers=HTMX).status_code == 200
    assert phone.get(f"/g/{bob}/round/1/conflicts?bid=2:4&trump=H",
                     headers=HTMX).status_code == 204


def test_a_viewer_link_is_refused_the_conflicts_and_the_log(app, client, started):
    viewer = links_of(app, started.gid)["viewer"]
    for path in ("/round/1/conflicts?bid=1:3", "/log.json"):
        answer = app.test_client().get(f"/g/{viewer}{path}", headers=HTMX)
        assert answer.status_code == 403
        assert "changes" not in answer.get_data(as_text=True)


def test_a_seat_phones_log_is_the_games_log_as_its_link_sees_it(app, client, started):
    bob = seat_tokens(client, started)["Bob"]
    started.bid(1, 1, 3)
    kept = app.test_client().get(f"/g/{bob}/log.json").get_json()["changes"]
    exported = json.loads(client.get(f"/g/{started.gid}/export.json").get_data(as_text=True))
    assert kept == exported["stored"]["changes"]


def test_no_trump_chosen_on_another_phone_is_offered_and_kept_with_one_tap(client, table):
    table.start()
    assert table.trump(1, "none").status_code == 302  # another phone: no trump
    body = conflicts(client, table.gid, "trump=S").get_data(as_text=True)
    assert [(name, value) for name, value, _label in offered(body)] == [("trump", "S"),
                                                                        ("trump", "none")]
    assert 'name="was" value="none"' in body
    keep_mine = client.post(f"/g/{table.gid}/round/1/trump", data={"trump": "S", "was": "none"},
                            headers=HTMX)
    assert keep_mine.status_code == 200
    assert changes(client, table.gid)[-1] == ("trump", None, "S")
