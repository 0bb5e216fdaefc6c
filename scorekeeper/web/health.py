"""The health check a load balancer asks: ``GET /healthz``.

It answers 200 ``ok`` when the database answers a real question (a game, a
link and a change can be read: the tables are there, with the columns this
code reads) and 503 when it does not, as after a restore of a file that was
no Scorekeeper database. No link, no cookie, no rate limit: it reveals nothing about any game.
"""

from __future__ import annotations

from flask import Blueprint, make_response
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from ..storage.database import db
from ..storage.models import Change, Game, Link
from .security import unlimited

bp = Blueprint("health", __name__)


@bp.get("/healthz")
@unlimited
def healthz():
    """200 when the database answers for the games, their links and changes; 503 if not."""
    try:
        db.session.execute(select(Game.id, Game.public_id, Game.version).limit(1)).all()
        db.session.execute(select(Link.id, Link.token, Link.role).limit(1)).all()
        db.session.execute(select(Change.id, Change.seq, Change.kind).limit(1)).all()
    except SQLAlchemyError:
        db.session.rollback()
        response = make_response("database unreachable or not a Scorekeeper database\n", 503)
    else:
        response = make_response("ok\n", 200)
    response.mimetype = "text/plain"
    response.headers["Cache-Control"] = "no-store"
    return response
