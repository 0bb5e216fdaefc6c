"""What a part of an address may be, checked once for every route.

Every ``<int:…>`` of a route is a whole number of ASCII digits that the
database's integer column can hold, and no other path segment carries a
control character (PostgreSQL cannot even compare a text with a NUL in it).
A segment that is neither matches no route: the answer is the app's 404 page,
before any view or query runs.
"""

from __future__ import annotations

from flask import Flask
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
