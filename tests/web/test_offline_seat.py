"""A player's own phone with no network (issue 39; docs/offline.md): it keeps
its own bid and tricks with its link's rights only, draws its seat screen as
the server does, and what it downloads for that holds only what its link may
see: never another player's hidden bid. A viewer link gets no log at all.

The phone's side runs in a plain Python with only the standard library and
the engine bundle, as in tests/web/test_engine_bundle.py."""

from __future__ import annotations

import json
import re

import pytest
from game_links import links_of, seat_tokens
from page_text import as_drawn_offline
from test_engine_bundle import bundle, run_bare, unpacked  # noqa: F401  (fixtures)

from scorekeeper.web import engine

HTMX = {"HX-Request": "true"}
NAMES = ("Ann", "Bob", "Cy", "Di")
BOB = 1

SEAT_PLAY = """
import json
from scorekeeper.web.phone import Phone
stored, taps, seat = json.loads(open("input.json").read())
phone = Phone(stored, "en", RULES, GID, "TOKEN", seat=seat)
shown = [phone.tap(path, values) for path, values in taps]
print(json.dumps({"shown": shown, "version": phone.version}))
"""


def without_token(html: str) -> str:
    return re.sub(r'name="csrf_token" value="[^"]*"', "", html)


def seat_phone(app, unpacked, token: str, seat: int, taps: list) -> dict:
    """The seat phone's screens after each tap, from its link's own export."""
    phone = app.test_client()
    stored = json.loads(phone.get(f"/g/{token}/export.json").get_data(as_text=True))["stored"]
    (unpacked / "input.json").write_text(json.dumps([stored, taps, seat]))
    rules = {rule.endpoint: rule.rule for rule in app.url_map.iter_rules()
             if rule.endpoint in engine.PHONE_ENDPOINTS}
    return json.loads(run_bare(unpacked, f"RULES = {rules!r}\nGID = {token!r}\n" + SEAT_PLAY))


def settings_of(page: str) -> dict | None:
    found = re.search(r'id="offline-engine" defer\s+data-settings="([^"]+)"', page)
    return json.loads(found.group(1).replace("&#34;", '"').replace("&quot;", '"')) if found else None


def test_a_seat_links_round_screen_plays_on_as_that_seat_and_a_viewers_does_not(
        app, client, table):
    table.start()
    bob = seat_tokens(client, table)["Bob"]
    page = app.test_client().get(f"/g/{bob}/round/1").get_data(as_text=True)
    assert settings_of(page)["seat"] == BOB
    assert settings_of(client.get(table.url("/round/1")).get_data(as_text=True))["seat"] is None
    viewer = links_of(app, table.gid)["viewer"]
    assert settings_of(app.test_client().get(f"/g/{viewer}/round/1").get_data(as_text=True)) is None


def test_a_seat_phones_own_bid_offline_draws_the_servers_seat_panel(app, client, table, unpacked):
    table.start()
    table.trump(1, "S")
    bob = seat_tokens(client, table)["Bob"]
    tap = (f"/g/{bob}/round/1/bid", {"player": str(BOB), "bid": "3", "was": ""})
    shown = seat_phone(app, unpacked, bob, BOB, [tap])["shown"]
    server = app.test_client().post(tap[0], data=tap[1], headers=HTMX)
    assert shown[0]["status"] == server.status_code == 200
    assert 'id="seat-screen"' in shown[0]["panel"] and 'id="own-bid">3<' in shown[0]["panel"]
    assert without_token(shown[0]["panel"]) == without_token(
        as_drawn_offline(server.get_data(as_text=True)))


@pytest.mark.parametrize("path, values", [
    ("/round/1/bid", {"player": "2", "bid": "1", "was": ""}),
    ("/round/1/tricks", {"player": "2", "tricks": "1", "was": ""}),
    ("/round/1/trump", {"trump": "H", "was": "unset"}),
    ("/round/1/close", {}),
    ("/undo", {"seq": "1", "round": "1"}),
], ids=["another players bid", "another players tricks", "trump", "close", "undo"])
def test_a_seat_phone_offline_stores_nothing_its_link_may_not_enter(
        app, client, table, unpacked, path, values):
    table.start()
    table.trump(1, "S")
    bob = seat_tokens(client, table)["Bob"]
    phone = seat_phone(app, unpacked, bob, BOB, [(f"/g/{bob}{path}", values)])
    assert phone["shown"][0]["status"] == 403
    assert phone["version"] == 1  # the trump only: nothing of the tap was kept
    # As online: the server refuses it too.
    assert app.test_client().post(f"/g/{bob}{path}", data=values, headers=HTMX).status_code == 403


def hidden_bids_game(app, table) -> dict[str, str]:
    """Everyone bids at once (estonian, simultaneous): round 1 played, round 2
    dealt; Cy bid 4 on her own phone, the scorer entered Di's 2: both hidden
    from Bob until every bid is in. Each player's own link, by name."""
    table.start(names=NAMES, preset="estonian", variant="simultaneous", shape="custom",
                custom="3 9", first_dealer="0")
    table.play_round(1, [1, 2, 3, 0], 3, {1: 1, 2: 1, 3: 0, 0: 0}, {1: 1, 2: 1, 3: 0, 0: 1})
    assert table.trump(2, "S").status_code == 302
    seats = seat_tokens(table.client, table)
    cy = app.test_client()
    assert cy.post(f"/g/{seats['Cy']}/round/2/bid",
                   data={"player": 2, "bid": 4, "was": ""}).status_code == 302
    assert table.bid(2, 3, 2).status_code == 302
    return seats


def test_a_seat_phones_offline_log_never_carries_another_players_hidden_bid(app, table, unpacked):
    seats = hidden_bids_game(app, table)
    bob = app.test_client()
    log = bob.get(f"/g/{seats['Bob']}/log.json").get_json()["changes"]
    kept = json.loads(bob.get(f"/g/{seats['Bob']}/export.json").get_data(as_text=True))["stored"]
    for changes in (log, kept["changes"]):
        assert [c for c in changes if c["kind"] == "bid" and c["round"] == 2] == []
        assert changes[-1]["kind"] == "trump" and changes[-1]["round"] == 2
    after = bob.get(f"/g/{seats['Bob']}/log.json?after={log[-1]['seq']}").get_json()["changes"]
    assert after == []
    # Bob bids on his phone offline: his own bid, the others' still unknown to it.
    tap = (f"/g/{seats['Bob']}/round/2/bid", {"player": "1", "bid": "3", "was": ""})
    panel = seat_phone(app, unpacked, seats["Bob"], BOB, [tap])["shown"][0]["panel"]
    assert 'id="own-bid">3<' in panel
    assert not re.search(r"<b data-bid>[24]</b>", panel)
    # Cy's own phone keeps her own bid, and not Di's the scorer entered.
    cy_log = app.test_client().get(f"/g/{seats['Cy']}/log.json").get_json()["changes"]
    assert [(c["player"], c["value"]) for c in cy_log if c["kind"] == "bid" and c["round"] == 2] == [
        (2, 4)]


def test_a_viewer_link_gets_no_log_at_all(app, table):
    hidden_bids_game(app, table)
    viewer = links_of(app, table.gid)["viewer"]
    for path in ("/log.json", "/log.json?after=0", "/log.json?after=3"):
        answer = app.test_client().get(f"/g/{viewer}{path}")
        assert answer.status_code == 403
        assert answer.headers["Content-Type"].startswith("text/html")


SEAT_PAGES = """
import json
from scorekeeper.web.phone import Phone
stored, seat = json.loads(open("input.json").read())
phone = Phone(stored, "en", RULES, GID, "TOKEN", seat=seat)
asked = [phone.page(f"/g/{GID}" + path) for path in ("/standings", "/players", "/round/1/correct", "/end")]
posted = [phone.post(f"/g/{GID}" + path, values) for path, values in (
    ("/players/sit-out", {"player": "2", "round": "2"}), ("/end", {"round": "1"}),
    ("/round/1/correct", {"trump": "S"}))]
print(json.dumps({"asked": asked, "posted": posted, "changes": len(phone.changes)}))
"""


def test_a_seat_phone_offline_draws_no_scorers_page_and_takes_no_scorers_form(
        app, client, table, unpacked):
    """The scorer's pages a phone draws offline (corrections, the players, the
    end) are a scorer's: a player's own phone leaves them to the server, which
    refuses its link, and keeps nothing."""
    table.start()
    table.trump(1, "S")
    bob = seat_tokens(client, table)["Bob"]
    stored = json.loads(app.test_client().get(f"/g/{bob}/export.json").get_data(as_text=True))["stored"]
    (unpacked / "input.json").write_text(json.dumps([stored, BOB]))
    rules = {rule.endpoint: rule.rule for rule in app.url_map.iter_rules()
             if rule.endpoint in engine.PHONE_ENDPOINTS}
    shown = json.loads(run_bare(unpacked, f"RULES = {rules!r}\nGID = {bob!r}\n" + SEAT_PAGES))
    assert shown["asked"] == [None] * 4
    assert shown["posted"] == [None] * 3
    assert shown["changes"] == len(stored["changes"])  # nothing kept
