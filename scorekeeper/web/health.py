"""The health check a load balancer asks: ``GET /healthz``.

It answers 200 ``ok`` when one query reaches the database and 503 when it does
not. No link, no cookie, no rate limit: it reveals nothing about any game.
"""

from __future__ import annotations

from flask import Blueprint, make_response
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..storage.database import db
from .security import limiter

bp = Blueprint("health", __name__)


@bp.get("/healthz")
@limiter.exempt
def healthz():
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        response = make_response("database unreachable\n", 503)
    else:
        response = make_response("ok\n", 200)
    response.mimetype = "text/plain"
    response.headers["Cache-Control"] = "no-store"
    return response
