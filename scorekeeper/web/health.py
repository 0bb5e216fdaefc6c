"""The health check a load balancer asks: ``GET /healthz``.

It answers 200 ``ok`` when the database answers a real question (a game, a
link and a change can be read: the tables are there, with the columns this
code reads) and 503 when it does not, as after a restore of a file that was
no Scorekeeper database. No link, no cookie, no rate limit: it reveals nothing about any game.
"""

from __future__ import annotations

from flask import Blueprint, make_response

from ..storage.games import answers
from .security import unlimited

bp = Blueprint("health", __name__)


@bp.get("/healthz")
@unlimited
def healthz():
    """200 when the database answers for the games, their links and changes; 503 if not."""
    if answers():
        response = make_response("ok\n", 200)
    else:
        response = make_response("database unreachable or not a Scorekeeper database\n", 503)
    response.mimetype = "text/plain"
    response.headers["Cache-Control"] = "no-store"
    return response
