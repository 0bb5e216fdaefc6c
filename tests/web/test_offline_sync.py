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
from test_end_and_undealable_rounds import end

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


def test_the_panel_carries_the_last_changes_the_phone_keeps_its_log_with(app, client, started):
    """A round screen keeps the game's log for playing on without network: the
    panel a tap answers with (and the one the streams push) carries the
    game's last changes, as log.json gives them to the link, so the page
    keeps its log without asking (js/offline-engine.js). A viewer link, which
    keeps no log, gets none."""
    for player, bid in ((1, 3), (2, 2)):
        answer = client.post(f"/g/{started.gid}/round/1/bid", data={"player": player, "bid": bid,
                                                                    "was": ""}, headers=HTMX)
    tail = json.loads(re.search(r"data-log='([^']*)'", answer.get_data(as_text=True)).group(1))
    log = json.loads(client.get(f"/g/{started.gid}/log.json?after=0").get_data(as_text=True))
    assert len(tail) == 3 and tail == log["changes"][-3:]  # the trump and the two bids
    assert [(c["kind"], c["player"], c["value"]) for c in tail[1:]] == [("bid", 1, 3), ("bid", 2, 2)]
    polled = client.get(f"/g/{started.gid}/round/1/entry", headers=HTMX).get_data(as_text=True)
    assert json.loads(re.search(r"data-log='([^']*)'", polled).group(1)) == tail
    viewer = links_of(app, started.gid)["viewer"]
    watched = app.test_client().get(f"/g/{viewer}/round/1/entry", headers=HTMX)
    assert watched.status_code == 200 and "data-log" not in watched.get_data(as_text=True)


# -- a round closed meanwhile -------------------------------------------------------------

# Round 1 as another phone entered and closed it while this phone was offline.
ROUND_1 = {"order": [1, 2, 3, 0], "cards": 10, "bids": {1: 3, 2: 2, 3: 4, 0: 0},
           "tricks": {1: 3, 2: 3, 3: 4, 0: 0}}


@pytest.fixture
def closed(table):
    """Round 1 entered and closed on another phone; this phone had no network."""
    table.start()
    table.play_round(1, ROUND_1["order"], ROUND_1["cards"], ROUND_1["bids"], ROUND_1["tricks"])
    return table


def corrections(client, gid: str) -> list[dict]:
    """The corrections the game's JSON export holds, each the whole round entered again."""
    return [value for kind, _player, value in changes(client, gid) if kind == "correct"]


def said(body: str, conflict: str) -> tuple[str, str]:
    """An entry said with why it cannot be kept with one tap: its HTML and its text."""
    html = re.search(rf'<div class="conflict" id="{conflict}"\s+data-said>(.*?)</div>\s*</section>',
                     body, re.S).group(1)
    return html, " ".join(re.sub(r"<[^>]+>", " ", html).split())


def keep(client, gid: str, fields: dict, htmx: bool = True):
    """A chip of a closed round's conflict tapped (its form's fields)."""
    return client.post(f"/g/{gid}/round/1/conflicts/keep", data=fields, headers=HTMX if htmx else {})


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_a_bid_of_a_round_closed_meanwhile_is_offered_and_kept_as_one_correction(
        app, client, closed, htmx):
    # This phone's bid, tapped offline on the open round, comes back after the close.
    assert send_log(client, closed.gid, [("/round/1/bid", {"player": 1, "bid": 5, "was": ""})]) == [409]
    assert corrections(client, closed.gid) == []
    answer = conflicts(client, closed.gid, "bid=1:5", htmx)
    assert answer.status_code == 200 and "HX-Request" in answer.headers["Vary"]
    body = answer.get_data(as_text=True)
    assert offered(body) == [("bid", "5", "Bob: bid 5 on this phone"),
                             ("bid", "3", "Bob: bid 3 on another phone")]
    assert "Round 1 closed" in body and 'name="was" value="3"' in body
    assert f'action="/g/{closed.gid}/round/1/conflicts/keep"' in body
    assert (" hx-post=" in body) == htmx and ("<html" in body) != htmx
    kept = keep(client, closed.gid, {"player": 1, "bid": 5, "was": 3}, htmx)
    assert kept.status_code == (200 if htmx else 302)
    if htmx:  # the panel of the round being played, saying what was corrected
        assert "Round 1 corrected" in kept.get_data(as_text=True)
        assert 'id="entry"' in kept.get_data(as_text=True)
    else:
        assert kept.headers["Location"].endswith(f"/g/{closed.gid}/round/1")
    # The answer lost on the way back, the tap sent again: it lands once.
    assert keep(client, closed.gid, {"player": 1, "bid": 5, "was": 3}, htmx).status_code == (
        200 if htmx else 302)
    correction, = corrections(client, closed.gid)
    assert correction["bids"] == {"1": 5, "2": 2, "3": 4, "0": 0}
    assert correction["tricks"] == {str(p): t for p, t in ROUND_1["tricks"].items()}
    exported = json.loads(client.get(f"/g/{closed.gid}/export.json").get_data(as_text=True))
    assert exported["rounds"][0]["bids"]["Bob"] == 5
    assert conflicts(client, closed.gid, "bid=1:5", htmx).status_code == (204 if htmx else 302)


def test_keeping_the_other_phones_value_of_a_closed_round_stores_nothing(app, client, closed):
    before = stored(app)
    assert keep(client, closed.gid, {"player": 1, "bid": 3, "was": 3}).status_code == 200
    assert stored(app) == before


def test_a_closed_rounds_entry_a_third_phone_corrected_since_is_refused_again(
        app, client, closed):
    assert 'name="was" value="3"' in conflicts(client, closed.gid, "bid=1:5").get_data(as_text=True)
    third = app.test_client()  # corrects Bob's bid to 6 before the scorer taps
    assert keep(third, closed.gid, {"player": 1, "bid": 6, "was": 3}).status_code == 200
    before = stored(app)
    refused = keep(client, closed.gid, {"player": 1, "bid": 5, "was": 3})
    assert refused.status_code == 409 and stored(app) == before
    assert "Changed meanwhile on another phone: Bob: bid 6" in refused.get_data(as_text=True)
    assert offered(conflicts(client, closed.gid, "bid=1:5").get_data(as_text=True))[1] == (
        "bid", "6", "Bob: bid 6 on another phone")


def test_the_trump_of_a_closed_round_is_offered_and_kept_as_a_correction(client, closed):
    body = conflicts(client, closed.gid, "trump=S").get_data(as_text=True)
    assert [(name, value) for name, value, _label in offered(body)] == [("trump", "S"),
                                                                        ("trump", "H")]
    assert keep(client, closed.gid, {"trump": "S", "was": "H"}).status_code == 200
    assert [c["trump"] for c in corrections(client, closed.gid)] == ["S"]


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_tricks_that_no_longer_add_up_alone_are_said_with_why_and_the_way_to_the_correction(
        app, client, closed, htmx):
    body = conflicts(client, closed.gid, "tricks=1:2", htmx).get_data(as_text=True)
    assert offered(body) == []  # no chip that could only fail
    html, text = said(body, "conflict-tricks-1")
    assert "Bob: 2 tricks on this phone" in text and "Bob: 3 tricks on another phone" in text
    assert "Tricks total 9, but 10 were played." in text
    assert f'href="/g/{closed.gid}/round/1/edit"' in html and "Correct round 1" in text
    assert "data-keeps-round" not in body  # one entry alone: nothing kept together either
    # Sent anyway: the correction form's own reason, and nothing stored.
    before = stored(app)
    refused = keep(client, closed.gid, {"player": 1, "tricks": 2, "was": 3}, htmx)
    assert refused.status_code == 422 and stored(app) == before
    assert "Tricks total 9, but 10 were played." in refused.get_data(as_text=True)


def keep_round_form(body: str) -> tuple[str, list[tuple[str, str]]]:
    """The one form that keeps every entry of a closed round at once: its
    address and its fields (the CSRF token aside)."""
    form = re.search(r'<form method="post" action="([^"]+)" class="conflict" id="conflict-round-1"'
                     r' data-keeps-round(.*?)</form>', body, re.S)
    fields = re.findall(r'<input type="hidden" name="([\w-]+)" value="([^"]*)">', form.group(2))
    assert "Together, this phone’s entries of round 1 add up." in form.group(2)
    assert "Keep all of them" in form.group(2)
    return form.group(1), [field for field in fields if field[0] != "csrf_token"]


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_tricks_that_add_up_only_together_are_kept_together_with_one_tap(
        app, client, closed, htmx):
    # Bob 2 and Cy 4 on this phone (Bob 3 and Cy 3 on the other): each alone is 9 or 11 of 10.
    body = conflicts(client, closed.gid, "tricks=1:2&tricks=2:4", htmx).get_data(as_text=True)
    assert offered(body) == []
    assert "Tricks total 9, but 10 were played." in body  # each said with why, as alone
    assert "Tricks total 11, but 10 were played." in body
    action, fields = keep_round_form(body)
    assert action == f"/g/{closed.gid}/round/1/conflicts/keep-round"
    assert fields == [("tricks-1", "2"), ("was-tricks-1", "3"), ("tricks-2", "4"),
                      ("was-tricks-2", "3")]
    assert (' hx-post="' + action) in body if htmx else "hx-post" not in body
    for _sent in range(2):  # the answer lost on the way back, the tap sent again: it lands once
        kept = client.post(action, data=dict(fields), headers=HTMX if htmx else {})
        assert kept.status_code == (200 if htmx else 302)
    if htmx:
        assert 'id="entry"' in kept.get_data(as_text=True)
    correction, = corrections(client, closed.gid)
    assert correction["tricks"] == {"1": 2, "2": 4, "3": 4, "0": 0}
    assert correction["bids"] == {str(p): b for p, b in ROUND_1["bids"].items()}
    assert conflicts(client, closed.gid, "tricks=1:2&tricks=2:4", htmx).status_code == (
        204 if htmx else 302)


def test_keeping_a_round_a_third_phone_corrected_since_is_refused_and_stores_nothing(
        app, client, closed):
    action, fields = keep_round_form(conflicts(client, closed.gid, "tricks=1:2&tricks=2:4")
                                     .get_data(as_text=True))
    third = app.test_client()  # Cy 5 and Di 2 before the scorer taps
    assert third.post(action, data={"tricks-2": 5, "was-tricks-2": 3, "tricks-3": 2,
                                    "was-tricks-3": 4}, headers=HTMX).status_code == 200
    before = stored(app)
    refused = client.post(action, data=dict(fields), headers=HTMX)
    assert refused.status_code == 409 and stored(app) == before
    assert "Changed meanwhile on another phone: Cy: 5 tricks" in refused.get_data(as_text=True)


def test_keeping_a_round_is_a_scorers_and_names_an_entry(app, client, closed):
    action = f"/g/{closed.gid}/round/1/conflicts/keep-round"
    fields = {"tricks-1": 2, "was-tricks-1": 3, "tricks-2": 4, "was-tricks-2": 3}
    others = [*seat_tokens(client, closed).values(), links_of(app, closed.gid)["viewer"]]
    before = stored(app)
    for token in others:
        assert app.test_client().post(action.replace(closed.gid, token), data=fields,
                                      headers=HTMX).status_code == 403
    empty = client.post(action, data={"tricks-x": 2, "tricks": "1:2", "was-tricks-1": 3},
                        headers=HTMX)
    assert empty.status_code == 422 and stored(app) == before
    assert "Nothing to keep: the form named no entry of round 1." in empty.get_data(as_text=True)


def test_a_bid_the_hook_rule_then_forbids_is_said_with_the_correction_forms_reason(client, closed):
    # Bob 4 instead of 3: the bids would add up to the 10 cards with Ann's 0.
    body = conflicts(client, closed.gid, "bid=1:4").get_data(as_text=True)
    assert offered(body) == []
    assert "Ann deals and may not bid 0: the bids would total 10 for 10 tricks." in body


def test_a_seat_phone_is_told_the_scorer_corrects_a_closed_round_and_may_not_correct_it(
        app, client, closed):
    bob = seat_tokens(client, closed)["Bob"]
    phone = app.test_client()
    body = phone.get(f"/g/{bob}/round/1/conflicts?bid=1:5&bid=2:4", headers=HTMX).get_data(
        as_text=True)
    assert offered(body) == [] and 'id="conflict-bid-2"' not in body  # Cy's is not his
    html, text = said(body, "conflict-bid-1")
    assert text == ("Bob: bid 5 on this phone Bob: bid 3 on another phone "
                    "Round 1 is closed; the scorer corrects it.")
    assert "/edit" not in html
    before = stored(app)
    assert phone.post(f"/g/{bob}/round/1/conflicts/keep", data={"player": 1, "bid": 5, "was": 3},
                      headers=HTMX).status_code == 403
    assert stored(app) == before


# -- a game ended meanwhile ---------------------------------------------------------------


def test_a_round_the_game_was_ended_before_says_this_phones_entries_were_not_kept(
        app, client, closed):
    # Round 2 (Bob deals) was being played on this phone, with no network;
    # meanwhile another phone ended the game after round 1.
    assert end(closed, 1).status_code == 302
    before = stored(app)
    taps = [("/round/2/trump", {"trump": "H", "was": "unset"}),
            ("/round/2/bid", {"player": 2, "bid": 4, "was": ""})]
    answers = [client.post(f"/g/{closed.gid}{path}", data=fields, headers=HTMX) for path, fields in taps]
    assert [a.status_code for a in answers] == [409, 409]
    assert all(a.headers["Scorekeeper-Over"] == "game" for a in answers)  # js/offline-sync.js reads it
    assert stored(app) == before
    # js/offline-sync.js then opens the entries' page: each said, nothing to tap.
    page = client.get(f"/g/{closed.gid}/round/2/conflicts?trump=H&bid=2:4")
    assert page.status_code == 200
    text = " ".join(re.sub(r"<[^>]+>", " ", page.get_data(as_text=True)).split())
    assert ("While this phone had no connection, the game was ended after round 1 on another "
            "phone: what this phone entered in round 2 was not kept.") in text
    assert "Trump: hearts on this phone" in text and "Cy: bid 4 on this phone" in text
    assert offered(page.get_data(as_text=True)) == []
    assert f'href="/g/{closed.gid}/standings"' in page.get_data(as_text=True)
    # A round past the end that this phone set nothing in: to the result.
    assert client.get(f"/g/{closed.gid}/round/2/conflicts?other=1").status_code == 302
    assert client.get(f"/g/{closed.gid}/round/2/conflicts?bid=2:4", headers=HTMX).status_code == 200


def test_the_last_rounds_entry_of_a_game_finished_meanwhile_is_offered_as_a_correction(
        app, client, table):
    table.start()
    assert end(table, 1).status_code == 302  # "finish after this round": round 1 is the last
    # Bob bids 5 on this phone, with no network; another phone bids 3 for him and closes round 1.
    table.play_round(1, ROUND_1["order"], ROUND_1["cards"], ROUND_1["bids"], ROUND_1["tricks"])
    answer = client.post(f"/g/{table.gid}/round/1/bid", data={"player": 1, "bid": 5, "was": ""},
                         headers=HTMX)
    assert answer.status_code == 409 and answer.headers["Scorekeeper-Over"] == "game"
    page = conflicts(client, table.gid, "bid=1:5", htmx=False)
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert offered(body) == [("bid", "5", "Bob: bid 5 on this phone"),
                             ("bid", "3", "Bob: bid 3 on another phone")]
    kept = keep(client, table.gid, {"player": 1, "bid": 5, "was": 3}, htmx=False)
    assert kept.status_code == 302
    correction, = corrections(client, table.gid)
    assert correction["bids"]["1"] == 5


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
