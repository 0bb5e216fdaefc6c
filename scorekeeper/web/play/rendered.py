"""Pages of a game drawn once per version of the game and kept.

The standings of a long game cost more to draw (the grid and the chart) than
anything else a phone asks for, and they change only when the game does. The
page's costly blocks are drawn for one version of the game, one link (its
addresses are in it), its rights and one language, and kept in this process
(at most :data:`KEPT_PAGES`); the rest of the page (CSRF token, cookies,
theme) is drawn for every request. The key holds the game's version, read
with the link on every request, so a kept block is never older than the game:
another server's write raises the version and the block is drawn again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from flask import current_app, render_template
from flask_babel import get_locale
from markupsafe import Markup

from ...storage.models import Game
from .. import access

#: How many drawn blocks one process keeps.
KEPT_PAGES = 500


def page_with_kept_content(template: str, cached: str, blocks: tuple[str, ...], game: Game,
                           **context: Any) -> str:
    """``template`` drawn with its ``blocks`` from the kept ones; ``cached``
    extends ``template`` and puts ``kept[name]`` in each of those blocks. What
    is not in them (a form's CSRF token, what other games change) is drawn for
    every request."""
    pages: OrderedDict = current_app.extensions.setdefault("scorekeeper.pages", OrderedDict())
    link = access.access()
    key = (template, game.public_id, game.version, link.token, link.role, str(get_locale()))
    kept = pages.get(key)
    if kept is None:
        values = dict(context, game=game)
        current_app.update_template_context(values)
        source = current_app.jinja_env.get_template(template)
        kept = {name: Markup("".join(source.blocks[name](source.new_context(values))))
                for name in blocks}
        pages[key] = kept
        while len(pages) > KEPT_PAGES:
            pages.popitem(last=False)
    return render_template(cached, game=game, kept=kept, **context)
