"""The phone's ``flask_babel``: the few functions of Flask-Babel that the
wording modules the phone runs use (:mod:`.wording.cards`, ``.game``,
``.history``, ``.ruleset``), over the standard library's ``gettext`` and the
page's compiled catalogue. The engine bundle ships this file as
``flask_babel.py`` (:mod:`scorekeeper.web.engine`); the server never imports
it. :func:`use` sets the catalogue (:class:`scorekeeper.web.phone.Phone`)."""

from __future__ import annotations

import gettext as stdlib_gettext
from typing import Any

_catalogue: stdlib_gettext.NullTranslations = stdlib_gettext.NullTranslations()
_language = "en"


def use(catalogue: stdlib_gettext.NullTranslations, language: str) -> None:
    """Translate with ``catalogue`` (the page's language) from now on."""
    global _catalogue, _language
    _catalogue, _language = catalogue, language


def get_locale() -> str:
    return _language


def gettext(string: str, **values: Any) -> str:
    text = _catalogue.gettext(string)
    return text % values if values else text


def ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    values.setdefault("num", num)
    return _catalogue.ngettext(singular, plural, num) % values


def pgettext(context: str, string: str, **values: Any) -> str:
    text = _catalogue.pgettext(context, string)
    return text % values if values else text


class LazyString:
    """A text translated when it is used, in the language of that moment."""

    def __init__(self, function: Any, *args: Any, **values: Any) -> None:
        self.function, self.args, self.values = function, args, values

    def __str__(self) -> str:
        return self.function(*self.args, **self.values)

    def __html__(self) -> str:
        return str(self)

    def __mod__(self, other: Any) -> str:
        return str(self) % other


#: The languages of the app that write 2.5 (the others write 2,5).
DECIMAL_POINT = ("en", "hi")


def format_decimal(number: Any, format: str = "0.00") -> str:
    """``number`` with two decimals and the page's decimal mark, no grouping
    (the phone words only a stake with it, an amount below 100)."""
    text = f"{number:.2f}"
    return text if _language in DECIMAL_POINT else text.replace(".", ",")


def lazy_gettext(string: str, **values: Any) -> LazyString:
    return LazyString(gettext, string, **values)


def lazy_pgettext(context: str, string: str, **values: Any) -> LazyString:
    return LazyString(pgettext, context, string, **values)
