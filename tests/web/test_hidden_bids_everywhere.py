"""A bid still hidden reaches no phone that may not see it, in any answer.

Two copies of one game differ only in one hidden bid (7 in one, 2 in the
other). Every phone that may not see that bid asks both copies for the same
things: every GET route of the app (walked from ``app.url_map``, so a new
route is asked as soon as it exists), as a page and as an htmx fragment, in
every round, with the query parameters the routes read; the live streams (a
change, and a round screen's panel); the exports. Every answer must be the
same in both copies, but for its CSRF tokens: an answer that differs shows
something of the hidden bid (its value, a total, a forbidden bid, the undo
bar's words...), however it came to be drawn. Then every write of the game
is sent with an empty form, and its refusal must not tell either.

The phones: the scorer (for a player's own bid), the viewer link, the table
view, each other player's own link, and a phone that typed the players' code
("who are you?"); for a bid the scorer entered, every phone but the scorers'.
The bid is looked for in force, undone by the scorer, and changed by its
player since: a bid once made stays the player's secret until every bid is in.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from datetime import datetime

import pytest
from page_text import without_tokens
from route_fuzzer import STRATEGIES

from scorekeeper import create_app
from scorekeeper.storage import models
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Link

HTMX = {"HX-Request": "true"}
NAMES = ("Ann", "Bob", "Cy", "Di")
#: What the copies share with the test's app.
SHARED_SETTINGS = ("TESTING", "SECRET_KEY", "WTF_CSRF_ENABLED", "SQLALCHEMY_ENGINE_OPTIONS")
#: The one time the game's changes are stored at, in both copies.
FROZEN = datetime(2026, 12, 6, 20, 15)


class FrozenClock(datetime):
    @classmethod
    def now(cls, tz=None):
        return FROZEN.replace(tzinfo=tz)


@pytest.fixture(autouse=True)
def frozen_time(monkeypatch):
    """Every change stored at the same time: the copies differ in the bid only."""
    monkeypatch.setattr(models, "datetime", FrozenClock)


@dataclass
class Phone:
    """One phone: the link it reaches the game by, and its cookies."""

    token: str
    cookies: dict[str, str] = field(default_factory=dict)


def start_game(app, table) -> dict[str, Phone]:
    """An Estonian game where everyone bids at once: round 1 (3 cards) played,
    round 2 (9 cards) dealt with its trump, Cy's bid made on her own phone; the
    phones that will look, by who they are."""
    table.start(names=NAMES, preset="estonian", variant="simultaneous", shape="custom",
                custom="3 9", first_dealer="0")
    table.play_round(1, [1, 2, 3, 0], 3, {1: 1, 2: 1, 3: 0, 0: 0}, {1: 1, 2: 1, 3: 0, 0: 1})
    assert table.trump(2, "S").status_code == 302
    page = table.client.get(table.url("/share")).get_data(as_text=True)
    with app.app_context():
        seats = dict(db.session.execute(db.select(Link.player, Link.token).where(
            Link.role == "seat")).all())
        viewer = db.session.scalar(db.select(Link.token).where(Link.role == "viewer"))
    phones = {"scorer": Phone(table.gid)}
    for player, token in seats.items():
        client = app.test_client()
        assert client.get(f"/g/{token}/").status_code == 302  # kept on the phone's list
        phones[NAMES[player]] = Phone(token, cookies_of(client))
    watcher = app.test_client()
    watcher.get(f"/g/{viewer}/table")
    phones["viewer"] = Phone(viewer, cookies_of(watcher))
    code = re.sub(r"\s", "", re.search(r'id="players-code">([^<]+)<', page).group(1))
    joiner = app.test_client()
    assert joiner.post("/join", data={"code": code}).status_code == 302
    phones["players' code"] = Phone(viewer, cookies_of(joiner))
    phones["scorer"].cookies = cookies_of(table.client)
    seat_bid(app.test_client(), phones["Cy"], 2, 4)
    return phones


def cookies_of(client) -> dict[str, str]:
    return {cookie.key: cookie.value for cookie in client._cookies.values()}


def client_of(app, phone: Phone):
    client = app.test_client()
    for key, value in phone.cookies.items():
        client.set_cookie(key, value)
    return client


def seat_bid(client, phone: Phone, player: int, bid: int) -> None:
    response = client.post(f"/g/{phone.token}/round/2/bid",
                           data={"player": player, "bid": bid, "was": ""})
    assert response.status_code == 302, response.get_data(as_text=True)


def copies(app, tmp_path) -> list:
    """Two apps on two copies of ``app``'s database as it is now."""
    with app.app_context():
        uri = app.config["SQLALCHEMY_DATABASE_URI"]
        db.session.remove()
        db.engine.dispose()  # the WAL folded into the file
    made = []
    for name in ("seven", "two"):
        path = tmp_path / f"{name}.sqlite3"
        shutil.copyfile(uri.removeprefix("sqlite:///"), path)
        made.append(create_app({**{key: app.config[key] for key in SHARED_SETTINGS},
                                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                                "LIVE_STREAM_SECONDS": 0}))
    return made


def requests_of(app, token: str, rounds: list[int]) -> list[tuple[str, str, dict]]:
    """Every GET a phone through ``token`` can make: each route of the app,
    each round, each player's name, each value of the query parameters the
    route reads, as a page and as an htmx fragment; the streams from the
    start, for the game and for each round screen. Then every POST of the
    game's routes with an empty form (refused: the page with why), but those
    that replace or delete the game's links."""
    gets, posts = [], []
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if rule.endpoint == "static" or rule.arguments - {"gid", "number", "name"}:
            continue  # a club's pages: no club here
        strategy = STRATEGIES[rule.endpoint]
        for number in rounds if "number" in rule.arguments else [0]:
            for name in NAMES if "name" in rule.arguments else [""]:
                path = rule.rule.replace("<gid>", token).replace(
                    "<int:number>", str(number)).replace("<name>", name)
                if "POST" in rule.methods and "gid" in rule.arguments and not strategy.fresh_game:
                    posts.append(path)
                if "GET" not in rule.methods:
                    continue
                gets.append(path)
                gets += [f"{path}?{key}={value}" for key, values in strategy.query.items()
                         for value in values]
                if rule.endpoint == "play.events":
                    gets += [f"{path}?since=0&round={n}" for n in rounds]
                if rule.endpoint == "games.new_game":
                    gets.append(f"{path}?again={token}")
    return [(method, path, headers) for method, paths in (("GET", gets), ("POST", posts))
            for path in paths for headers in ({}, HTMX)]


def answers(app, phone: Phone, rounds: list[int]) -> dict[str, str]:
    """What the phone gets for each of its requests (its status and body)."""
    client = client_of(app, phone)
    got = {}
    for method, path, headers in requests_of(app, phone.token, rounds):
        response = client.open(path, method=method, headers=headers)
        body = response.get_data(as_text=True)
        got[f"{method} {path} {headers}"] = f"{response.status_code}\n{without_tokens(body)}"
    app.extensions["watch"].end_all()
    return got


def differences(first: dict[str, str], second: dict[str, str]) -> list[str]:
    """The requests answered differently, each with the first lines that differ."""
    found = []
    for request, body in first.items():
        if second[request] != body:
            lines = [(a, b) for a, b in zip(body.splitlines(), second[request].splitlines())
                     if a != b]
            found.append(f"{request}: {lines[:2]}")
    return found


def last_change(copy) -> int:
    """The number of the game's latest change: a walk that wrote moved it."""
    with copy.app_context():
        return db.session.scalar(db.select(db.func.max(Change.seq)))


def bob_bids(copy, phones, bid: int) -> None:
    """Bob bids on his own phone."""
    seat_bid(client_of(copy, phones["Bob"]), phones["Bob"], 1, bid)


def bob_bids_and_the_scorer_undoes_it(copy, phones, bid: int) -> None:
    bob_bids(copy, phones, bid)
    undone = client_of(copy, phones["scorer"]).post(f"/g/{phones['scorer'].token}/undo")
    assert undone.status_code == 302


def bob_bids_and_changes_his_bid(copy, phones, bid: int) -> None:
    bob_bids(copy, phones, bid)
    changed = client_of(copy, phones["Bob"]).post(
        f"/g/{phones['Bob'].token}/round/2/bid", data={"player": 1, "bid": 5, "was": bid})
    assert changed.status_code == 302


def the_scorer_enters_dis_bid(copy, phones, bid: int) -> None:
    seat_bid(client_of(copy, phones["scorer"]), phones["scorer"], 3, bid)


#: The scorer looks last: not every empty form of its is refused (its two
#: undos take back Bob's bid and Cy's), so a phone after it would see round 2
#: without them, not as the case left it. The others' walks write nothing.
EVERY_OTHER_PHONE = ["viewer", "Ann", "Cy", "Di", "players' code", "scorer"]


@pytest.mark.parametrize("bids, lookers", [
    (bob_bids, EVERY_OTHER_PHONE),
    (bob_bids_and_the_scorer_undoes_it, EVERY_OTHER_PHONE),
    (bob_bids_and_changes_his_bid, EVERY_OTHER_PHONE),
    (the_scorer_enters_dis_bid, ["viewer", "Ann", "Bob", "Cy", "players' code"]),
], ids=["a players own bid", "undone", "changed", "a bid the scorer entered"])
def test_no_phone_gets_anything_of_a_bid_hidden_from_it(app, table, tmp_path, bids, lookers):
    phones = start_game(app, table)
    seven, two = copies(app, tmp_path)
    for copy, bid in ((seven, 7), (two, 2)):
        bids(copy, phones, bid)
    found, left = [], last_change(seven)
    for looker in lookers:
        in_seven = answers(seven, phones[looker], [1, 2])
        in_two = answers(two, phones[looker], [1, 2])
        assert len(in_seven) > 150
        assert looker == "scorer" or last_change(seven) == left, f"{looker} saw another state"
        found += [f"{looker}: {line}" for line in differences(in_seven, in_two)]
    assert found == [], "\n".join(found)


def test_the_copies_differ_where_the_bid_may_be_seen(app, table, tmp_path):
    """The comparison can fail: the bidder's own phone sees the bid, so its
    answers differ between the copies."""
    phones = start_game(app, table)
    seven, two = copies(app, tmp_path)
    for copy, bid in ((seven, 7), (two, 2)):
        bob_bids(copy, phones, bid)
    own = differences(answers(seven, phones["Bob"], [2]), answers(two, phones["Bob"], [2]))
    assert any(line.startswith(f"GET /g/{phones['Bob'].token}/round/2 {{}}") for line in own), own
