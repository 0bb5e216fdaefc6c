"""What a part of an address may be, checked once for every route.

Every ``<int:…>`` of a route is a whole number of ASCII digits that the
database's integer column can hold, and no other path segment carries a
control character (PostgreSQL cannot even compare a text with a NUL in it).
A segment that is neither matches no route: the answer is the app's 404 page,
before any view or query runs.

Each route is compiled once per process (:class:`Rule`), its address
builders with it, not again for every app.
"""

from __future__ import annotations

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
    """A route compiled once per process and shared by every app made in it:
    its parts (what the map's matcher is built from, each ``<…>``'s regular
    expression), its converters and its two address builders (what
    ``url_for`` calls).

    werkzeug parses each route and writes each builder as Python source and
    compiles it, for every route of every app: the builders alone were 84 %
    of the time :func:`create_app` took (40 ms on this machine), the parsing
    most of what was left (20 ms, then 7.7 ms with it shared), and the tests
    make an app for each test. All of it depends only on what the key
    of :data:`COMPILED` holds (the route's text, host or subdomain, slashes
    merged or not, defaults, the map's converters), and a builder takes the
    rule it builds for as its first argument, so one compiled route serves
    the same route in every app. What is shared is never changed once made
    (the converters keep the first map they were made for, which they do
    not use).
    """

    def compile(self) -> None:
        domain = self.host if self.map.host_matching else self.subdomain
        key = (self.rule, self.map.host_matching, domain, self.merge_slashes,
               repr(sorted((self.defaults or {}).items())),
               frozenset(self.map.converters.items()))
        compiled = COMPILED.get(key)
        if compiled is None:
            super().compile()
            compiled = COMPILED[key] = (self._parts, self._trace, self._converters,
                                        self._build.__func__, self._build_unknown.__func__)
        self._parts, self._trace, self._converters, build, build_unknown = compiled
        self.arguments.update(self._converters)
        self._build = build.__get__(self, None)
        self._build_unknown = build_unknown.__get__(self, None)


#: The routes compiled so far, by what they depend on: one per route of the
#: app, whatever the number of apps.
COMPILED: dict[tuple, tuple] = {}
