"""What a part of an address may be, checked once for every route.

Every ``<int:…>`` of a route is a whole number of ASCII digits that the
database's integer column can hold, and no other path segment carries a
control character (PostgreSQL cannot even compare a text with a NUL in it).
A segment that is neither matches no route: the answer is the app's 404 page,
before any view or query runs.

Each route's address builders are compiled once per process (:class:`Rule`),
not again for every app.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from werkzeug import routing
from werkzeug.routing import IntegerConverter, UnicodeConverter, ValidationError

#: The largest value of a database ``INTEGER`` (PostgreSQL's, the smaller one):
#: no round, seat or page number of a real game comes near it.
LARGEST_STORED_INTEGER = 2**31 - 1


def has_control_character(text: str) -> bool:
    """True when ``text`` holds a NUL or another control character below U+0020."""
    return any(ord(char) < 32 or char == "\x7f" for char in text)


class StoredIntegerConverter(IntegerConverter):
    """``<int:…>``: ASCII digits only ("²" and "٣" are no round numbers) and at
    most :data:`LARGEST_STORED_INTEGER`."""

    regex = r"[0-9]+"

    def __init__(self, map, fixed_digits=0, min=None, max=LARGEST_STORED_INTEGER, signed=False):
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


class PlainTextConverter(UnicodeConverter):
    """The default ``<…>`` segment (a link's token, a player's name): any text
    without control characters."""

    def to_python(self, value: str) -> str:
        if has_control_character(value):
            raise ValidationError()
        return value


def register_url_converters(app: Flask) -> None:
    """Use these converters for every route added from now on (the blueprints'):
    call it before they are registered."""
    app.url_map.converters.update(int=StoredIntegerConverter, default=PlainTextConverter,
                                  string=PlainTextConverter)


class Rule(routing.Rule):
    """A route whose two address builders (what ``url_for`` calls) are
    compiled once per process and shared by every app made in it.

    werkzeug writes each builder as Python source and compiles it, for every
    route of every app: that was 84 % of the time :func:`create_app` took
    (40 ms on this machine), and the tests make an app for each test. A
    builder depends only on what the key of :data:`BUILDERS` holds (the
    route's text and parts, its defaults, the converters), and it takes the
    rule it builds for as its first argument, so one compiled builder serves
    the same route in every app.
    """

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        key = (self.rule, tuple(self._trace), repr(sorted((self.defaults or {}).items())),
               frozenset(self.map.converters.items()), append_unknown)
        builder = BUILDERS.get(key)
        if builder is None:
            builder = BUILDERS[key] = super()._compile_builder(append_unknown)
        return builder


#: The builders compiled so far, by what they depend on: one pair per route
#: of the app, whatever the number of apps.
BUILDERS: dict[tuple, Callable[..., tuple[str, str]]] = {}
