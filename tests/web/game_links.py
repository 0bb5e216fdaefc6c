"""What the link tests share: every route of a game, and everything a write
could store (so that a refused request can be shown to store nothing)."""

from __future__ import annotations

import re

from page_text import without_tokens

from scorekeeper.storage.database import db
from scorekeeper.storage.models import Change, Game, HandEvent, JoinCode, Link


def stored(app) -> tuple:
    """Everything a write could add or change: rows of every table, and the links."""
    with app.app_context():
        count = lambda model: db.session.scalar(db.select(db.func.count()).select_from(model))
        tokens = sorted(db.session.scalars(db.select(Link.token)))
        return (count(Game), count(Change), count(HandEvent), count(JoinCode), tokens,
                sorted(db.session.scalars(db.select(Link.replaced_at.is_(None)))))


def game_routes(app) -> list[tuple[str, str, str]]:
    """(endpoint, method, path) of every route of a game, with round 1 where it has one."""
    routes = []
    for rule in app.url_map.iter_rules():
        if "gid" not in rule.arguments:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            path = rule.rule.replace("<gid>", "{gid}").replace("<int:number>", "1")
            routes.append((rule.endpoint, method, path))
    return sorted(routes)


def links_of(app, token: str) -> dict[str, str]:
    """The scorer and viewer links in force of the game ``token`` reaches, by role
    (with each seat link made so far under "seat": the last one's token)."""
    with app.app_context():
        game_id = db.session.scalar(db.select(Link.game_id).where(Link.token == token))
        return {link.role: link.token for link in db.session.scalars(db.select(Link).where(
            Link.game_id == game_id, Link.replaced_at.is_(None)))}


def seat_tokens(client, game) -> dict[str, str]:
    """Each player's own link, by name, as the scorer's Share screen lists them."""
    page = client.get(game.url("/share")).get_data(as_text=True)
    found = re.findall(r'<span class="seat-name">([^<]+)</span>.*?/g/([A-Za-z0-9_-]+)/"',
                       page, re.S)
    return dict(found)


def assert_replaced_everywhere(app, token: str, send) -> None:
    """Every route of the game through the replaced link ``token`` answers 410,
    says so, shows no player and stores nothing (``send(client, method, path,
    endpoint, token)`` makes each request as the calling test does)."""
    for endpoint, method, path in game_routes(app):
        before = stored(app)
        response = send(app.test_client(), method, path, endpoint, token)
        body = response.get_data(as_text=True)
        assert response.status_code == 410, (endpoint, method, response.status_code)
        assert "This link was replaced" in body and "Ann" not in without_tokens(body)
        assert stored(app) == before, endpoint
