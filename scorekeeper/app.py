"""The Flask app factory: configuration, extensions, blueprints, error pages."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, make_response, render_template, request
from flask_babel import gettext as _

from . import config
from .extensions import babel, compress, csrf, db, migrate
from .templating import register_template_helpers


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (flaskr's factory).

    Settings come from the defaults below, then ``instance/config.py`` if it
    exists, then the environment (``SECRET_KEY``, ``DATABASE_URL``), then
    ``test_config``.
    """
    app = Flask(__name__, instance_relative_config=True)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=config.default_database_url(app.instance_path),
        LANGUAGES=config.LANGUAGES,
        BABEL_DEFAULT_LOCALE="en",
        COMPRESS_MIMETYPES=[
            "text/html", "text/css", "text/csv", "text/javascript", "application/javascript",
            "application/json", "image/svg+xml",
        ],
        # Static files are streamed; without gzip here a gzip-only client gets them raw.
        COMPRESS_ALGORITHM_STREAMING=["zstd", "br", "gzip", "deflate"],
        SEND_FILE_MAX_AGE_DEFAULT=7 * 24 * 3600,
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_mapping(config.from_environment())
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.persistent_secret_key(app.instance_path)

    register_extensions(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_template_helpers(app)
    return app


def select_locale() -> str | None:
    """The language of the page: the device's choice, else the browser's."""
    languages = babel_languages()
    chosen = request.cookies.get("lang")
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages)


def babel_languages() -> tuple[str, ...]:
    from flask import current_app

    return tuple(current_app.config["LANGUAGES"])


def register_extensions(app: Flask) -> None:
    from . import models  # noqa: F401  (the models must be known to migrations)

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "migrations"))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    compress.init_app(app)


def register_blueprints(app: Flask) -> None:
    from .disputes.routes import bp as disputes_bp
    from .games.routes import bp as games_bp
    from .manage.routes import bp as manage_bp
    from .language import bp as language_bp
    from .offline import bp as offline_bp
    from .play.routes import bp as play_bp

    app.register_blueprint(games_bp)
    app.register_blueprint(play_bp)
    app.register_blueprint(manage_bp)
    app.register_blueprint(language_bp)
    app.register_blueprint(disputes_bp)
    app.register_blueprint(offline_bp)


def register_errorhandlers(app: Flask) -> None:
    from flask_wtf.csrf import CSRFError

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

    @app.errorhandler(404)
    def not_found(error):
        return render_error(error, _("Not found"), 404)

    @app.errorhandler(CSRFError)
    def csrf_error(error):
        response = make_response(render_error(
            error, _("This page has expired. Go back, reload it and try again."), 400
        ))
        if request.headers.get("HX-Request") == "true":
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
