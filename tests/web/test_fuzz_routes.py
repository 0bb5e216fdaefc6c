"""Hostile input on every route answers with a page, never a server error.

The fuzzer (route_fuzzer.py) walks ``app.url_map``, so a new route is fuzzed
as soon as it exists, or the suite says it has no strategy. It runs seeded on
SQLite and on PostgreSQL (the throwaway cluster of conftest.py), with CSRF
off for the bulk and on for a real client's tokens, missing and forged ones.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import secrets
from itertools import islice

import pytest
from route_fuzzer import STRATEGIES, Fuzzer, Scene, SceneGame, form_fields_of, json_leaves
from route_fuzzer import normalized
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import HTTPException

from scorekeeper.web.games.forms import SetupForm

#: The same requests every run; FUZZ_SEED=<n> tries others.
SEED = int(os.environ.get("FUZZ_SEED", "24"))
#: The hand of tests/web/test_disputes.py: round 1, five cards, Ann deals.
HAND_ORDER, HAND_CARDS = [1, 2, 3, 0], ["AS", "KS", "2C", "4S", "5C", "6C"]


@pytest.fixture
def fuzz_app(app_on_each_database):
    """The app on each database, with limits no fuzzer reaches (a 429 would
    hide the route behind it)."""
    app_on_each_database.config.update(LIMIT_WRITES="1000000 per minute",
                                       LIMIT_NEW_GAMES="1000000 per hour",
                                       LIMIT_JOIN_TRIES="1000000 per minute")
    return app_on_each_database


@pytest.fixture
def client(fuzz_app):
    """The test client of the app on each database (the ``table`` fixture drives it)."""
    return fuzz_app.test_client()


def viewer_of(client, scorer: str) -> str:
    page = client.get(f"/g/{scorer}/share").get_data(as_text=True)
    return next(t for t in re.findall(r"/g/([\w-]+)/", page) if t != scorer)


def scene_game(table, rounds: list[int]) -> SceneGame:
    return SceneGame(table.gid, viewer_of(table.client, table.gid), rounds)


def setup_fields(app) -> dict[str, list]:
    """The set-up form's fields as WTForms names them, each with what it offers."""
    names = ["Ann", "Bob", "Cy", "Di"]
    with app.test_request_context():
        form = SetupForm(formdata=MultiDict(), meta={"csrf": False})
        fields: dict[str, list] = {f"players-{i}": [name] for i, name in enumerate(names)}
        for entry in form:
            if entry.name in ("players", "csrf_token"):
                continue
            offered = [str(choice.value) for choice in getattr(entry, "choices", None) or []]
            fields[entry.name] = offered or ["", "3"]
    fields.update(first_dealer=["random", "0", "3"], again=["", "scorer"],
                  action=["start", "preview", "add", "remove-1", "up-1", "down-2", "pick:Ann"])
    return fields


#: What :func:`a_club` names, as a scene's game holds it.
CLUB_KEYS = ("club", "club_viewer", "event", "season", "invitation")


def a_club(client) -> dict[str, str]:
    """A new club with an evening of eight (its first part seated, not started),
    a season and an evening announced: its organiser and viewer links and
    the ids of the evening, the season and the announcement."""
    made = client.post("/clubs/new", data={"name": "Club"})
    club = made.headers["Location"].split("/")[2]
    page = client.get(f"/clubs/{club}/").get_data(as_text=True)
    viewer = next(t for t in re.findall(r"/clubs/([\w-]+)/", page) if t != club)
    evening = client.post(f"/clubs/{club}/evenings/new", data={
        "name": "Friday", "players": "\n".join(f"P{n}" for n in range(1, 9)),
        "preset": "cardgames", "sizes": ["4"], "rule": "total"})
    season = client.post(f"/clubs/{club}/seasons/new", data={
        "name": "Autumn", "starts": "2026-01-01", "ends": "2030-12-31", "rule": "total"})
    invitation = client.post(f"/clubs/{club}/invitations/new", data={
        "name": "Next Friday", "day": "2030-01-04", "time": "19:30", "sizes": ["4"]})
    return {"club": club, "club_viewer": viewer,
            "event": evening.headers["Location"].rsplit("/", 1)[1],
            "season": season.headers["Location"].rsplit("/", 1)[1],
            "invitation": invitation.headers["Location"].rsplit("/", 1)[1]}


def build_scene(app, client, table) -> Scene:
    """Games set up, mid-round, with a recorded hand, finished; a replaced link."""
    games = {}
    table.start()
    games["setup"] = games["fresh"] = scene_game(table, [1, 2])
    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 4, 2: 3, 3: 1, 0: 1}, {1: 4, 2: 3, 3: 1, 0: 2})
    table.trump(2, "S")
    table.bid(2, 2, 1)
    table.bid(2, 3, 0)
    games["mid-round"] = scene_game(table, [1, 2, 3])
    table.start(shape="custom", custom="5 4", scoring="standard")
    table.play_round(1, HAND_ORDER, 5, dict.fromkeys(HAND_ORDER, 1), {1: 1, 2: 1, 3: 1, 0: 2})
    for card in HAND_CARDS:
        client.post(table.url("/round/1/hand/card"), data={"card": card})
    games["hand"] = scene_game(table, [1, 2])
    record = client.get(table.url("/round/1/hand/record.json")).get_data()
    table.start(names=("Ann", "Łucja", "Cy", "Di"), preset="estonian", shape="custom",
                custom="1", first_dealer="0")
    table.play_round(1, [1, 2, 3, 0], 1, {1: 1, 2: 0, 3: 0, 0: 1}, {1: 1, 2: 0, 3: 0, 0: 0},
                     trump="none")
    games["finished"] = scene_game(table, [1])
    table.start()
    old_viewer = viewer_of(client, table.gid)
    client.post(table.url("/share/rotate"), data={"role": "viewer"})
    club = a_club(client)
    for game in games.values():
        for key, value in club.items():
            setattr(game, key, value)
    return Scene(games, old_viewer, setup_fields(app), client.get("/carry/games.json").get_data(),
                 record)


@pytest.fixture
def scene(fuzz_app, client, table) -> Scene:
    return build_scene(fuzz_app, client, table)


def renew_fresh_game(scene: Scene, table, rule) -> None:
    """A new game for a route that replaces or deletes the links it is sent through
    (its viewer link is another game's: finding its own takes a page with QR codes),
    and a new club too for such a route of a club (``rule``'s; a game's route
    keeps the club it had: making one is the dearest part of the fuzzer's run).
    Only once a request may have written through the one there is
    (:meth:`Scene.spend`): a read or a refused write leaves it as it was made.
    A club's route never runs on the club every game of the scene shares."""
    fresh, club_route = scene.games["fresh"], rule.rule.startswith("/clubs/")
    if not scene.fresh_spent and not (club_route and fresh.club == scene.games["setup"].club):
        return
    scene.fresh_spent = False
    config = table.client.application.config
    csrf, config["WTF_CSRF_ENABLED"] = config["WTF_CSRF_ENABLED"], False
    table.start()
    club = (a_club(table.client) if club_route
            else {key: getattr(fresh, key) for key in CLUB_KEYS})
    config["WTF_CSRF_ENABLED"] = csrf
    scene.games["fresh"] = SceneGame(table.gid, scene.games["setup"].viewer, [1, 2], **club)


def fuzz(app, client, table, scene: Scene, rules, fuzzer: Fuzzer, prepare=None, part=(0, 1)):
    """Send every request of the fuzzer for ``rules``; the server errors, and how many were sent.

    ``part`` (k, n) sends only the requests of the k-th of n shares of the rules
    (see ``share_of``): the others' are drawn and dropped, so that the random
    source moves on as in one run over every rule and the n parts together send
    what that run sends."""
    errors: list[str] = []
    sent = 0
    shares = share_of(rules, part[1])
    for rule, share in zip(rules, shares):
        strategy = STRATEGIES[rule.endpoint]
        for method in sorted(rule.methods - {"OPTIONS"}) + [not_allowed(rule)]:
            requests = fuzzer.requests(rule, method, strategy)
            requests = requests if method in rule.methods else islice(requests, 3)
            if share != part[0]:
                for _ in requests:  # the random source moves on as if they were sent
                    pass
                continue
            if strategy.fresh_game:
                renew_fresh_game(scene, table, rule)
            for request in requests:
                if prepare:
                    prepare(request)
                sent += 1
                status = None
                try:
                    status = request.send(client).status_code
                except Exception as error:  # noqa: BLE001 - any exception is the finding
                    errors.append(f"{rule.endpoint}: raised {error!r:.200} on {request}")
                else:
                    if status >= 500:
                        errors.append(f"{rule.endpoint}: answered {status} on {request}")
                if strategy.fresh_game:
                    scene.spend(request, status)
                    renew_fresh_game(scene, table, rule)
    return errors, sent


def share_of(rules, parts: int) -> list[int]:
    """Each rule's share (0 to ``parts`` - 1), in the rules' order, dealt in turn:
    the rules that make a fresh game around each request (the dearest) apart from
    the others, so that every share gets as many of each."""
    dealt = {True: 0, False: 0}
    shares = []
    for rule in rules:
        fresh = STRATEGIES[rule.endpoint].fresh_game
        shares.append(dealt[fresh] % parts)
        dealt[fresh] += 1
    return shares


def not_allowed(rule) -> str:
    """A method the rule does not take (the app must answer 405, not fail)."""
    return next(m for m in ("PUT", "POST", "GET") if m not in rule.methods)


def all_rules(app, endpoints=None):
    return sorted((rule for rule in app.url_map.iter_rules()
                   if endpoints is None or rule.endpoint in endpoints), key=lambda r: r.rule)


# --- The fuzzer covers everything --------------------------------------------------


def test_every_route_has_a_fuzz_strategy(app):
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert sorted(endpoints - set(STRATEGIES)) == [], "routes the fuzzer does not know"
    assert sorted(set(STRATEGIES) - endpoints) == [], "strategies for routes that are gone"


def test_every_form_field_a_page_shows_is_fuzzed(fuzz_app, client, scene):
    adapter = fuzz_app.url_map.bind("localhost")
    pages = ["/", "/new", "/players", "/players/Ann", "/carry", "/clubs/new"]
    club = scene.games["setup"]
    pages += [f"/clubs/{club.club}/", f"/clubs/{club.club}/evenings/new",
              f"/clubs/{club.club}/evenings/{club.event}", f"/clubs/{club.club}/seasons/new",
              f"/clubs/{club.club}/invitations/new", f"/clubs/{club.club}/members/P1"]
    for game in scene.games.values():
        pages += [f"/g/{game.scorer}/{path}" for path in (
            "round/1", "round/2", "round/1/edit", "round/1/hand/", "round/1/hand/import",
            "players", "schedule", "compare", "share", "standings", "delete", "history")]
    forms = form_fields_of({page: client.get(page).get_data(as_text=True) for page in pages})
    missing = []
    for (method, action), names in forms.items():
        try:
            endpoint = adapter.match(action, method=method)[0]
        except HTTPException:
            missing.append(f"a form sends to {method} {action!r}: no route")
            continue
        strategy = STRATEGIES[endpoint]
        known = set(scene.setup_fields if "setup" in strategy.form else strategy.form)
        known |= set(strategy.files) | set(strategy.query) | {"csrf_token"}
        missing += [f"{endpoint}: {name}" for name in names if normalized(name) not in known]
    assert len(forms) > 30, "the pages showed fewer forms than they have"
    assert missing == []


# --- No server error ---------------------------------------------------------------


#: The fuzzer's run in parts, so that pytest-xdist's workers share it (it was
#: the suite's longest test, on each database); each part sends a quarter of the
#: routes' requests.
PARTS = 4


@pytest.mark.parametrize("part", range(PARTS), ids=lambda k: f"part {k + 1} of {PARTS}")
def test_no_route_answers_hostile_input_with_a_server_error(fuzz_app, client, table, scene, part):
    errors, sent = fuzz(fuzz_app, client, table, scene, all_rules(fuzz_app),
                        Fuzzer(scene, random.Random(SEED)), part=(part, PARTS))
    print(f"\nfuzz: {sent} requests, {len(errors)} server errors")
    assert errors == [], "\n".join(errors)


@pytest.mark.parametrize("part", range(2), ids=lambda k: f"part {k + 1} of 2")
def test_head_answers_as_get_on_every_route(fuzz_app, client, table, scene, part):
    """Every page through every game's scorer link, each of its rounds where a
    round is asked for: HEAD answers with GET's status (half the routes a part)."""
    different = []
    rules = all_rules(fuzz_app)
    for rule, share in zip(rules, share_of(rules, 2)):
        if "GET" not in rule.methods or share != part:
            continue
        for name, game in scene.games.items():
            if STRATEGIES[rule.endpoint].fresh_game:
                renew_fresh_game(scene, table, rule)
                game = scene.games["fresh"]
            for number in game.rounds if "<int:number>" in rule.rule else [0]:
                path = rule.rule.replace("<gid>", game.scorer).replace("<int:number>", str(number))
                path = path.replace("<name>", "Ann").replace("<path:filename>", "favicon.svg")
                path = path.replace("<club>", game.club).replace("<event>", game.event)
                path = path.replace("<season>", game.season).replace(
                    "<invitation>", game.invitation).replace("<game>", "0" * 32)
                statuses = (client.get(path).status_code, client.head(path).status_code)
                if statuses[0] != statuses[1]:
                    different.append(f"{path} ({name}): GET {statuses[0]}, HEAD {statuses[1]}")
    assert different == []


def csrf_token(client) -> str:
    page = client.get("/new").get_data(as_text=True)
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


CSRF_WAYS = ["form", "htmx header", "missing", "forged"]


@pytest.mark.parametrize("way", CSRF_WAYS)
def test_with_csrf_on_every_post_answers_without_a_server_error(fuzz_app, client, table, scene,
                                                                 way):
    """CSRF as a real client meets it: the token of a page the app drew, sent
    in the form or (htmx) in a header; none; or one the app never made. One
    way a test; the requests of the ways before it are drawn and dropped, so
    that each way sends what it sent when one test sent all four."""
    fuzz_app.config["WTF_CSRF_ENABLED"] = True
    token = csrf_token(client)
    prepare = {"form": lambda r: r.form.append(("csrf_token", token)),
               "htmx header": lambda r: r.headers.update({"X-CSRFToken": token,
                                                          "HX-Request": "true"}),
               "missing": lambda r: None,
               "forged": lambda r: r.form.append(("csrf_token", token[:-4] + "AAAA"))}[way]
    posts = [rule for rule in all_rules(fuzz_app) if "POST" in rule.methods]
    errors, expired = [], set()
    fuzzer = Fuzzer(scene, random.Random(SEED))
    for _ in CSRF_WAYS[:CSRF_WAYS.index(way)]:
        for rule in posts:
            for _request in islice(fuzzer.requests(rule, "POST", STRATEGIES[rule.endpoint]), 2):
                pass
    for rule in posts:
        if STRATEGIES[rule.endpoint].fresh_game:
            renew_fresh_game(scene, table, rule)
        for request in islice(fuzzer.requests(rule, "POST", STRATEGIES[rule.endpoint]), 2):
            prepare(request)
            client.delete_cookie("lang")  # a fuzzed /language may have chosen another
            response = request.send(client)
            scene.spend(request, response.status_code)
            if response.status_code >= 500:
                errors.append(f"{way}: {request}: {response.status_code}")
            # A session cookie the fuzzer made up holds no token: a real one is void with it.
            made_up = way in ("form", "htmx header") and "session" in request.cookies
            if response.status_code == 400 and b"expired" in response.get_data() and not made_up:
                expired.add(rule.endpoint)
    assert errors == []
    if way in ("form", "htmx header"):
        assert expired == set(), "a real token was refused"
    else:
        assert expired == {rule.endpoint for rule in posts}, "no token, no write"


# --- The game import: what the fuzzer found there ---------------------------------------


def fresh_archive(client, table, change) -> bytes:
    """This device's export of one game, made new (id and tokens), with ``change`` applied."""
    table.start()
    data = json.loads(client.get("/carry/games.json").get_data())
    data["games"] = data["games"][:1]
    for path, node, key in list(json_leaves(data)):
        if key in ("id", "token") and isinstance(node[key], str):
            node[key] = secrets.token_hex(16)
    change(data["games"][0])
    return json.dumps(data).encode()


def import_file(client, contents: bytes):
    return client.post("/carry/import", data={"file": (io.BytesIO(contents), "games.json")})


def test_an_imported_game_dealing_more_cards_than_a_deck_holds_is_refused(client, table):
    contents = fresh_archive(client, table,
                             lambda game: game["ruleset"]["schedule"].update(peak=10**40))
    assert import_file(client, contents).status_code == 422


def test_an_imported_name_with_a_nul_is_not_stored_as_it_came(client, table):
    contents = fresh_archive(client, table,
                             lambda game: game["players"][0].update(name="A\x00nn"))
    response = import_file(client, contents)
    assert response.status_code < 500
    assert "\\u0000" not in client.get("/carry/games.json").get_data(as_text=True)
