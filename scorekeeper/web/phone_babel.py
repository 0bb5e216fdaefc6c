"""The phone's ``flask_babel``: the few functions of Flask-Babel that the
wording modules the phone runs use (:mod:`.wording.cards`, ``.game``,
``.history``, ``.ruleset``), over the standard library's ``gettext`` and the
page's compiled catalogue. The engine bundle ships this file as
``flask_babel.py`` (:mod:`scorekeeper.web.engine`); the server never imports
it. :func:`use` sets the catalogue (:class:`scorekeeper.web.phone.Phone`)."""

from __future__ import annotations

import gettext as stdlib_gettext
import json
from pathlib import Path
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


#: Each language's decimal mark and thousands separator, from Babel's locale
#: data (the bundle's ``scorekeeper/web/decimals.json``, made by ``web/engine.py``).
DECIMALS = Path(__file__).parent / "scorekeeper" / "web" / "decimals.json"


def format_decimal(number: Any, format: str = "0.00") -> str:
    """``number`` with two decimals, written as Babel writes it in the page's
    language for the two patterns the phone uses: ``0.00`` and, grouped in
    thousands, ``#,##0.00`` (an amount of money, :mod:`.wording.money`)."""
    marks = json.loads(DECIMALS.read_text(encoding="utf-8")) if DECIMALS.exists() else {}
    point, group = marks.get(_language, [".", ","])
    whole, fraction = f"{abs(number):.2f}".split(".")
    if format.startswith("#,##"):
        whole = f"{int(whole):,}".replace(",", group)
    return ("-" if number < 0 else "") + whole + point + fraction


def lazy_gettext(string: str, **values: Any) -> LazyString:
    return LazyString(gettext, string, **values)


def lazy_pgettext(context: str, string: str, **values: Any) -> LazyString:
    return LazyString(pgettext, context, string, **values)
