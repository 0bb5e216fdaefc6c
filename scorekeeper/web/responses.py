"""What every blueprint answers with: htmx or a plain post, the device's
author name, a form's first error, a refused entry in words, a download.

One module for these, so that no blueprint borrows another's internals.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from flask import Response, abort, make_response, redirect, request
from flask_babel import gettext as _

from ..game import GameError, NoSuchRound, Refusals, RoundSheet, Sheet
from ..game.names import NAME_LENGTH, plain_letters
from ..rules import RulesError
from .fields import without_control_characters
from .wording.game import game_message
from .wording.rules import rules_message


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def vary(response: Response) -> Response:
    """Responses differ for htmx and plain requests: say so to caches."""
    response.vary.add("HX-Request")
    return response


def go_to(url: str) -> Response:
    """Redirect a plain post; tell htmx to load the page instead of swapping."""
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return vary(response)
    return vary(redirect(url))


def author() -> str | None:
    """The name this device gave for the person entering, if any.

    The cookie is the device's to change: it is tidied and cut to what a
    change stores, so that no cookie can make a write fail.
    """
    name = " ".join((without_control_characters(request.cookies.get("author")) or "").split())
    return name[:NAME_LENGTH] or None


def form_error(form) -> str:
    """The first error of a form, its sub-forms included."""
    for errors in form.errors.values():
        for error in errors:
            return error if isinstance(error, str) else _first_error_in(error)
    return _("Something in the form is missing.")


def form_errors(form) -> list[str]:
    """Every error of a form, its sub-forms included, in the form's order."""
    found: list[str] = []

    def collect(errors) -> None:
        if isinstance(errors, str):
            found.append(errors)
        elif isinstance(errors, dict):
            for value in errors.values():
                collect(value)
        elif isinstance(errors, list):
            for value in errors:
                collect(value)

    collect(form.errors)
    return found or [_("Something in the form is missing.")]


def _first_error_in(errors) -> str:
    if isinstance(errors, dict):
        for value in errors.values():
            return _first_error_in(value)
    if isinstance(errors, list) and errors:
        return _first_error_in(errors[0])
    return str(errors)


def refusal(error: GameError | RulesError) -> str:
    """Why an entry was refused, in the page's language."""
    if isinstance(error, GameError):
        return game_message(error)
    return rules_message(error)


def refusals(error: GameError) -> list[str]:
    """Every reason an entry was refused, in the page's language (a whole
    round entered again is refused for all that is wrong with it)."""
    return [refusal(one) for one in error.errors] if isinstance(error, Refusals) else [
        refusal(error)]


def round_or_404(sheet: Sheet, number: int) -> RoundSheet:
    """The round with this number.

    :raise 404: when the game has no such round.
    """
    try:
        return sheet.round(number)
    except NoSuchRound:
        abort(404)


def ascii_filename(name: str) -> str:
    """The file name for a browser that cannot read ``filename*``: "Łukasz" as "Lukasz"."""
    plain = "".join(c for c in plain_letters(name) if c.isascii())
    return re.sub(r"[^A-Za-z0-9.-]+", "", plain)


def content_disposition(name: str) -> str:
    """An attachment named ``name`` with every letter (RFC 6266 and RFC 5987's
    ``filename*``), and a plain ASCII name for older programs."""
    return f'attachment; filename="{ascii_filename(name)}"; filename*=UTF-8\'\'{quote(name, safe="")}'


def download(text: str, mimetype: str, filename: str) -> Response:
    response = make_response(text)
    response.headers["Content-Type"] = f"{mimetype}; charset=utf-8"
    response.headers["Content-Disposition"] = content_disposition(filename)
    return response
