"""Form fields shared by the blueprints."""

from __future__ import annotations

import unicodedata

from wtforms import IntegerField

from ..rules.numbers import whole_from_text

#: No whole number the table enters comes near this many digits; longer ones are
#: refused as not numbers at all (WTForms' NumberRange cannot compare numbers
#: beyond a float's range, and no database integer column holds them).
WHOLE_NUMBER_DIGITS = 18
#: WTForms' own message for a value that is not a number (its catalogue
#: translates it; ours does not need to).
NOT_A_NUMBER = "Not a valid integer value."


class WholeNumberField(IntegerField):
    """An integer field whose "not a number" message says what to enter.

    WTForms' own message ("Not a valid integer value.") names no field; the
    table needs to know which entry was wrong and what it wants instead.
    """

    def __init__(self, label=None, validators=None, invalid_message=None, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.invalid_message = invalid_message

    def process_formdata(self, valuelist):
        if valuelist and not valuelist[0].strip():
            # Left blank (spaces count as blank): InputRequired or Optional decides,
            # and InputRequired would take " " for an entry.
            self.data, self.raw_data = None, [""]
            return
        if valuelist:
            # ASCII digits only (int() takes "٣" and " 3 ", refuses "²"), and no
            # number of more digits than any column holds.
            self.data = whole_from_text(valuelist[0].strip(), WHOLE_NUMBER_DIGITS, negative=True)
            if self.data is None:
                raise ValueError(
                    str(self.invalid_message) if self.invalid_message else self.gettext(NOT_A_NUMBER)
                )


def without_control_characters(value: str | None) -> str | None:
    """A text field's value with control characters (NUL, escapes, line
    breaks) taken out: nobody types them in a name or a reason, and
    PostgreSQL refuses to store a NUL at all. Used as a WTForms filter."""
    if not value:
        return value
    return "".join(" " if char in "\t\r\n" else char for char in value
                   if char in "\t\r\n" or unicodedata.category(char) != "Cc")
