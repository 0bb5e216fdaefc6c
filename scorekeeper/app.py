"""The Flask app factory: configuration, extensions, blueprints, error pages.

It is the one place that puts the layers together: the storage layer
(:mod:`scorekeeper.storage`) and the web (:mod:`scorekeeper.web`), which
both use the game domain (:mod:`scorekeeper.game`) and the rules engine
(:mod:`scorekeeper.rules`). Templates, static files, translations and
migrations sit beside this module, in the package's own folders.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask

from . import config
from .cli import register_commands
from .storage.database import db, migrate
from .storage.kept import open_stores
from .storage.watch import register_watch
from .web.access import register_access
from .web.errors import register_errorhandlers
from .web.extensions import babel, compress, csrf
from .web.language import register_form_messages, register_template_translations, select_locale
from .web.monitoring import log_request_error, register_monitoring
from .web.rendered import register_kept_pages
from .web.security import DEFAULTS as SECURITY_DEFAULTS
from .web.security import register_limits, register_security
from .web.templating import register_template_helpers
from .web.urls import register_url_converters


class Scorekeeper(Flask):
    """Flask, whose log of an error names the endpoint, never the path: a
    game's path holds its link's secret, and the README promises that no
    address is logged."""

    def log_exception(self, exc_info) -> None:
        log_request_error(exc_info)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (flaskr's factory).

    Settings come from the defaults below, then ``instance/config.py`` if it
    exists, then the environment (``SECRET_KEY``, ``DATABASE_URL``), then
    ``test_config``.
    """
    app = Scorekeeper(__name__, instance_relative_config=True)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(SECURITY_DEFAULTS)
    app.config.from_mapping(config.KEPT_SIZES)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=config.default_database_url(app.instance_path),
        # A database error's message would carry the statement's values, a
        # link's token among them, into the error log.
        SQLALCHEMY_ENGINE_OPTIONS={"hide_parameters": True},
        LANGUAGES=config.LANGUAGES,
        BABEL_DEFAULT_LOCALE="en",
        COMPRESS_MIMETYPES=[
            "text/html", "text/css", "text/csv", "text/javascript", "application/javascript",
            "application/json", "image/svg+xml",
            # Pyodide's core (scorekeeper/web/engine.py): 10 MB, about 3 MB compressed.
            "application/wasm",
        ],
        # Static files are streamed; without gzip here a gzip-only client gets them raw.
        COMPRESS_ALGORITHM_STREAMING=["zstd", "br", "gzip", "deflate"],
        SEND_FILE_MAX_AGE_DEFAULT=7 * 24 * 3600,
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
        # How often a SQLite server's watch asks which watched games changed
        # (scorekeeper/storage/watch.py; PostgreSQL is told at once).
        WATCH_INTERVAL=0.1,
        # How long one live stream lasts before the browser opens it again (web/live.py).
        LIVE_STREAM_SECONDS=600.0,
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_mapping(config.from_environment())
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.persistent_secret_key(app.instance_path)
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = config.default_ratelimit_url(
            app.config["SQLALCHEMY_DATABASE_URI"], app.instance_path)

    if "SHARED_PAGES" not in app.config:
        app.config["SHARED_PAGES"] = config.default_shared_pages(
            app.config["SQLALCHEMY_DATABASE_URI"], app.instance_path)

    register_extensions(app)
    register_security(app)
    register_monitoring(app)
    register_url_converters(app)
    register_blueprints(app)
    register_kept_pages(app)
    register_watch(app)
    register_limits(app)  # before the links are opened: a refused write reads nothing
    register_access(app)
    register_errorhandlers(app)
    register_template_helpers(app)
    register_commands(app)
    return app


def register_extensions(app: Flask) -> None:
    from .storage import club_models, models  # noqa: F401  (the models must be known to migrations)

    db.init_app(app)
    with app.app_context():  # the engine is made: storage keeps its values by it
        open_stores(db.engine, folds=app.config["KEPT_FOLDS"],
                    figures=app.config["KEPT_FIGURES"])
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "migrations"))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    register_form_messages(app)
    register_template_translations(app)
    compress.init_app(app)


def register_blueprints(app: Flask) -> None:
    from .web.clubs import evenings  # noqa: F401  (its views join the clubs blueprint)
    from .web.clubs.routes import bp as clubs_bp
    from .web.disputes.routes import bp as disputes_bp
    from .web.engine import bp as engine_bp
    from .web.games.routes import bp as games_bp
    from .web.health import bp as health_bp
    from .web.language import bp as language_bp
    from .web.manage.routes import bp as manage_bp
    from .web.offline import bp as offline_bp
    from .web.play.routes import bp as play_bp
    from .web.regulars.carry import bp as carry_bp
    from .web.regulars.players import bp as players_bp

    app.register_blueprint(games_bp)
    app.register_blueprint(play_bp)
    app.register_blueprint(manage_bp)
    app.register_blueprint(language_bp)
    app.register_blueprint(disputes_bp)
    app.register_blueprint(offline_bp)
    app.register_blueprint(engine_bp)
    app.register_blueprint(health_bp)
    app.register_blueprint(carry_bp)
    app.register_blueprint(players_bp)
    app.register_blueprint(clubs_bp)
