"""Every app of a process shares each route as compiled (its parts, its
converters, its address builders: scorekeeper.web.urls.Rule), and each still
matches and builds its own addresses."""

from __future__ import annotations

from flask import url_for
from werkzeug.routing import Map

from scorekeeper import create_app
from scorekeeper.web.urls import Rule


def test_a_second_app_compiles_no_route_again_and_builds_the_same_addresses(app, tmp_path):
    other = create_app({**app.config, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/b.db"})
    first = {rule.endpoint: rule for rule in app.url_map.iter_rules()}
    second = {rule.endpoint: rule for rule in other.url_map.iter_rules()}
    assert first.keys() == second.keys()
    for endpoint, rule in first.items():
        assert rule is not second[endpoint]
        assert rule._build.__func__ is second[endpoint]._build.__func__, endpoint
        assert rule._build_unknown.__func__ is second[endpoint]._build_unknown.__func__
        assert rule._parts is second[endpoint]._parts and rule.arguments == second[endpoint].arguments
    for each in (app, other):
        with each.test_request_context():
            assert url_for("play.round_page", gid="abc", number=3) == "/g/abc/round/3"
            assert url_for("play.round_page", gid="x y", number=12, since=4) == \
                "/g/x%20y/round/12?since=4"
        adapter = each.url_map.bind("localhost")
        assert adapter.match("/g/abc/round/3") == ("play.round_page", {"gid": "abc", "number": 3})


def routes() -> Map:
    return Map([Rule("/list/", defaults={"page": 1}, endpoint="first"),
                Rule("/list/<int:page>", endpoint="list"),
                Rule("/list/", defaults={"page": 1, "size": 10}, endpoint="sized")])


def test_routes_that_differ_in_their_defaults_keep_routes_of_their_own():
    rules = {rule.endpoint: rule for rule in routes().iter_rules()}
    again = {rule.endpoint: rule for rule in routes().iter_rules()}
    assert rules["first"]._build.__func__ is not rules["sized"]._build.__func__
    assert rules["first"]._build.__func__ is again["first"]._build.__func__
    adapter = routes().bind("example.org")
    assert adapter.build("first", {"page": 1}) == "/list/"
    assert adapter.build("list", {"page": 2}) == "/list/2"
    assert adapter.build("sized", {"page": 1, "size": 10}) == "/list/"
    assert adapter.build("sized", {"page": 1, "size": 10, "q": "x"}) == "/list/?q=x"
    assert adapter.match("/list/7") == ("list", {"page": 7})
    assert adapter.match("/list/") == ("first", {"page": 1})
    assert rules["list"].arguments == {"page"} and rules["sized"].arguments == {"page", "size"}
