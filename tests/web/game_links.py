"""What the link tests share: every route of a game, and everything a write
could store (so that a refused request can be shown to store nothing)."""

from __future__ import annotations

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
