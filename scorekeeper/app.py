"""The Flask app factory: configuration, extensions, blueprints, error pages.

It is the one place that puts the layers together: the storage layer
(:mod:`scorekeeper.storage`) and the web (:mod:`scorekeeper.web`), which
both use the game domain (:mod:`scorekeeper.game`) and the rules engine
(:mod:`scorekeeper.rules`). Templates, static files, translations and
migrations sit beside this module, in the package's own folders.
"""

from __future__ import annotations

import copy
import os
from typing import Any

from flask import Flask

from . import config
from .cli import register_commands
from .storage.database import db, migrate
from .storage.stores import open_stores
from .storage.watch import register_watch
from .web.access import register_access
from .web.errors import register_errorhandlers
from .web.extensions import babel, compress, csrf
from .web.language import register_form_messages, register_template_translations, select_locale
from .web.live import register_refusals
from .web.monitoring import log_request_error, register_monitoring
from .web.rendered import register_kept_pages
from .web.security import register_limits, register_security
from .web.templating import register_template_helpers
from .web.urls import Rule, register_url_converters


class Scorekeeper(Flask):
    """Flask, whose log of an error names the endpoint, never the path: a
    game's path holds its link's secret, and the README promises that no
    address is logged. Its routes share their compiled address builders
    with every other app of the process (:class:`~scorekeeper.web.urls.Rule`)."""

    url_rule_class = Rule

    def log_exception(self, exc_info) -> None:
        log_request_error(exc_info)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (flaskr's factory).

    Settings come from their defaults (:data:`scorekeeper.config.DEFAULTS`),
    then ``instance/config.py`` if it exists, then the environment
    (``SECRET_KEY``, ``DATABASE_URL``, ...), then ``test_config``; the ones
    derived from the others last (:func:`scorekeeper.config.fill_derived`).
    """
    app = Scorekeeper(__name__, instance_relative_config=True)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(copy.deepcopy(config.DEFAULTS))  # its lists and dicts the app's own
    app.config["SQLALCHEMY_DATABASE_URI"] = config.default_database_url(app.instance_path)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_mapping(config.from_environment())
    if test_config is not None:
        app.config.from_mapping(test_config)
    config.fill_derived(app.config, app.instance_path)

    register_extensions(app)
    register_security(app)
    register_monitoring(app)
    register_url_converters(app)
    register_blueprints(app)
    register_kept_pages(app)
    register_watch(app)
    register_refusals(app)  # a stream refused while full: before the limits and the link
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
    from .web.clubs import evenings, invitations, seasons  # noqa: F401  (views of the clubs blueprint)
    from .web.play import sheets  # noqa: F401  (its view joins the play blueprint)
    from .web.clubs.routes import bp as clubs_bp
    from .web.disputes.routes import bp as disputes_bp
    from .web.engine import bp as engine_bp
    from .web.games.routes import bp as games_bp
    from .web.health import bp as health_bp
    from .web.language import bp as language_bp
    from .web.manage.routes import bp as manage_bp
    from .web.offline import bp as offline_bp
    from .web.play import conflicts  # noqa: F401  (its view joins the play blueprint)
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
