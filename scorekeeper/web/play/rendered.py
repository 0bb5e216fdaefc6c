"""What a game's screens draw once per version of the game, and keep.

The standings of a long game cost more to draw (the grid and the chart) than
anything else a phone asks for, and the entry panel is what every phone at a
table asks for again after each tap; both change only when the game does.
They are drawn for one version of the game, one link (its addresses are in
it), its rights and one language, and kept in this process (the newest
version of at most :data:`KEPT_PAGES` of them). What differs between two
requests is drawn for every request: the standings' forms and the series; in
a kept panel, the CSRF token is swapped for the asking session's own. The key
holds the game's version, read with the link on every request, so a kept
drawing is never older than the game: another server's write raises the
version and it is drawn again. A phone's poll that finds the game changed
is answered from a kept panel of the version read with the link without
loading the game (:func:`kept_panel`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app, render_template
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ...storage.kept import kept_or_made, kept_value
from ...storage.models import Game
from .. import access

#: How many drawings one process keeps (each the newest version of its game's).
KEPT_PAGES = 2000
#: What stands for the CSRF token in a kept drawing.
TOKEN_MARK = "\x00csrf\x00"


def place(name: str, *key: Any) -> tuple:
    """Where a drawing of this link's game is kept: for its rights and language too."""
    link = access.access()
    return (name, link.game_id, link.token, link.role, str(get_locale()), *key)


def kept(name: str, game: Game, draw: Callable[[], Any], *key: Any) -> Any:
    """``draw()`` for this version of ``game``, this link, its rights and
    language (and ``key``), drawn once and kept."""
    return kept_or_made("scorekeeper.pages", KEPT_PAGES, place(name, *key), game.version, draw)


def kept_with_token(name: str, game: Game, draw: Callable[[], str], *key: Any) -> str:
    """As :func:`kept`, for HTML whose forms carry the CSRF token: kept with a
    mark in its place, served with the asking session's token."""
    token = generate_csrf()
    return kept(name, game, lambda: draw().replace(token, TOKEN_MARK), *key).replace(
        TOKEN_MARK, token)


def kept_panel(name: str, *key: Any) -> str | None:
    """The drawing :func:`kept_with_token` keeps, if there is one of the
    game's version read with the link (nothing else is loaded), with this
    session's token; else None."""
    found = kept_value("scorekeeper.pages", place(name, *key), access.access().version)
    return None if found is None else found.replace(TOKEN_MARK, generate_csrf())


def page_with_kept_content(template: str, cached: str, blocks: tuple[str, ...], game: Game,
                           **context: Any) -> str:
    """``template`` drawn with its ``blocks`` from the kept ones; ``cached``
    extends ``template`` and puts ``kept[name]`` in each of those blocks. What
    is not in them (a form's CSRF token, what other games change) is drawn for
    every request."""

    def draw() -> dict[str, Markup]:
        values = dict(context, game=game)
        current_app.update_template_context(values)
        source = current_app.jinja_env.get_template(template)
        return {name: Markup("".join(source.blocks[name](source.new_context(values))))
                for name in blocks}

    return render_template(cached, game=game, kept=kept(template, game, draw), **context)
