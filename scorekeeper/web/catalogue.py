"""The ``gettext`` and ``ngettext`` a template translates with, from one
catalogue: the server's (the page's language, see
:func:`scorekeeper.web.language.register_template_translations`) and the
phone's when it draws the round screen itself (:mod:`scorekeeper.web.phone`).
No Flask here: the phone has none."""

from __future__ import annotations

from typing import Any

from jinja2 import pass_eval_context
from markupsafe import Markup


def template_callables(catalogue: Any) -> dict[str, object]:
    """Jinja's "newstyle" ``gettext`` and ``ngettext`` over ``catalogue`` (one
    with ``ugettext`` and ``ungettext``, as Babel's, or ``gettext`` and
    ``ngettext``, as the standard library's): the text is always a format
    string, and with autoescape on, the values put into it are escaped."""
    one = getattr(catalogue, "ugettext", None) or catalogue.gettext
    many = getattr(catalogue, "ungettext", None) or catalogue.ngettext

    @pass_eval_context
    def gettext(eval_ctx, string: str, **values: object) -> str:
        text = one(string)
        return (Markup(text) if eval_ctx.autoescape else text) % values

    @pass_eval_context
    def ngettext(eval_ctx, singular: str, plural: str, num: int, **values: object) -> str:
        values.setdefault("num", num)
        text = many(singular, plural, num)
        return (Markup(text) if eval_ctx.autoescape else text) % values

    return {"gettext": gettext, "ngettext": ngettext}
