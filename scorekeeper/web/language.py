"""Choosing the language of the interface on this device.

The first visit follows the browser's Accept-Language (see
:func:`select_locale`); the switcher at the foot of every page posts here,
and a long-lived ``lang`` cookie remembers the choice.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, current_app, redirect, request, url_for
from babel import support
from flask_babel import get_locale, get_translations
from wtforms.i18n import messages_path
from werkzeug.exceptions import HTTPException

from .catalogue import template_callables

bp = Blueprint("language", __name__)

#: How long the device remembers the choice: two years.
COOKIE_AGE = 2 * 365 * 24 * 3600


def select_locale() -> str | None:
    """The language of the page: the device's choice, else the browser's."""
    languages = tuple(current_app.config["LANGUAGES"])
    chosen = request.cookies.get("lang")
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages)


class FormMessages:
    """WTForms' own messages ("Field cannot be longer than 40 characters.") in
    the page's language, each catalogue read once per process. Flask-WTF would
    read it from disk for every request with a form; it takes this one from
    ``request.wtforms_translations`` instead (see :func:`register_form_messages`)."""

    def __init__(self) -> None:
        self.catalogues: dict[str, support.Translations] = {}

    def catalogue(self) -> support.Translations:
        locale = get_locale()
        key = str(locale)
        found = self.catalogues.get(key)
        if found is None:
            found = self.catalogues[key] = support.Translations.load(
                messages_path(), [locale], domain="wtforms")
        return found

    def ugettext(self, string: str) -> str:
        return self.catalogue().ugettext(string)

    def ungettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalogue().ungettext(singular, plural, n)


def register_form_messages(app) -> None:
    messages = FormMessages()

    @app.before_request
    def form_messages() -> None:
        request.wtforms_translations = messages


def register_template_translations(app: Flask) -> None:
    """Templates translate with the page's catalogue, found once for each
    template drawn: Flask-Babel's own ``_`` and ``ngettext`` look it up again
    for every string (a round's panel has about thirty). They keep Jinja's
    "newstyle" meaning: the text is always a format string, and with
    autoescape on, the values put into it are escaped."""

    @app.context_processor
    def page_translations() -> dict[str, object]:
        return template_callables(get_translations())


def current_lang() -> str:
    """The language code of the page being made ("en", "pl", "et")."""
    locale = get_locale()
    return str(locale.language) if locale else "en"


def safe_path(target: str | None) -> str | None:
    """``target`` if it is a page of this site that answers GET, else None.

    Only a path is accepted (no scheme, no host, no ``//host``, no
    backslashes), so the redirect cannot lead to another site; and a path of a
    POST-only endpoint (a refused form re-rendered in place) is refused too.
    """
    if not target or "\\" in target or any(ord(c) < 32 for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or target.startswith("//"):
        return None
    adapter = current_app.url_map.bind("localhost")
    try:
        adapter.match(parts.path, method="GET")
    except HTTPException:
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def back_path() -> str:
    """Where to go after switching: the page the switcher was on."""
    for candidate in (request.form.get("next"), request.referrer):
        if candidate and candidate.startswith(request.host_url):
            candidate = "/" + candidate[len(request.host_url):]
        path = safe_path(candidate)
        if path:
            return path
    return url_for("games.index")


@bp.post("/language")
def choose():
    """Remember the chosen language on this device and go back to the page."""
    lang = request.form.get("lang")
    if lang not in current_app.config["LANGUAGES"]:
        abort(400)
    response = redirect(back_path(), code=303)
    response.set_cookie(
        "lang", lang, max_age=COOKIE_AGE, samesite="Lax", httponly=True,
        secure=request.is_secure,
    )
    return response
