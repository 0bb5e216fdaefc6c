"""Helpers that every template may use."""

from __future__ import annotations

from flask import Flask
from flask_babel import format_datetime, format_decimal, get_locale
from flask_babel import gettext as _

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def suit_symbol(letter: str | None) -> str:
    return "NT" if letter is None else SUIT_SYMBOLS[letter]


def suit_name(letter: str | None) -> str:
    """The suit's name in the page's language."""
    names = {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades")}
    return _("no trump") if letter is None else names[letter]


def current_lang() -> str:
    locale = get_locale()
    return str(locale.language) if locale else "en"


def register_template_helpers(app: Flask) -> None:
    from .describe import describe

    app.jinja_env.globals.update(
        suit_symbol=suit_symbol, suit_name=suit_name, current_lang=current_lang, describe=describe,
        format_datetime=format_datetime, format_decimal=format_decimal,
    )
