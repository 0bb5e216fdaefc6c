"""The app's error pages, in the reader's language."""

from __future__ import annotations

from typing import Any

from flask import Flask, make_response, render_template
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadHost

from ..storage.database import db
from ..storage.games import GameNotFound
from .responses import is_htmx


def register_errorhandlers(app: Flask) -> None:
    def render_error(error: Any, title: str, status: int):
        db.session.rollback()
        return render_template("error.html", title=title, error=error), status

    @app.errorhandler(400)
    def bad_request(error):
        # A tampered form (a language or a button the page never offers); a
        # CSRF failure is a 400 too but has its own handler below.
        return render_error(
            error, _("The app did not understand that request. Go back, reload the page and "
                     "try again."), 400
        )

    @app.errorhandler(BadHost)
    def bad_host(error):
        # No address of this site can be built for a host name that is not one
        # (a label over 63 characters), so no page with links either: plain words.
        text = _("The app did not understand that request. Go back, reload the page and "
                 "try again.")
        return text, 400, {"Content-Type": "text/plain; charset=utf-8"}

    @app.errorhandler(404)
    @app.errorhandler(GameNotFound)
    def not_found(error):
        return render_error(error, _("Not found"), 404)

    @app.errorhandler(CSRFError)
    def csrf_error(error):
        response = make_response(render_error(
            error, _("This page has expired. Go back, reload it and try again."), 400
        ))
        if is_htmx():
            # htmx swaps no 400: reload the page instead, which brings a fresh token.
            response.headers["HX-Refresh"] = "true"
        return response

    @app.errorhandler(405)
    def method_not_allowed(error):
        return render_error(error, _("That action is not available here."), 405)

    @app.errorhandler(413)
    def too_large(error):
        return render_error(error, _("That upload is too large."), 413)

    @app.errorhandler(500)
    def server_error(error):
        return render_error(error, _("Something went wrong on our side."), 500)
