"""Forms of the round screen. They check shape (a whole number in range); the
sheet checks the rules."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, FormField, IntegerField, SelectField
from wtforms.validators import InputRequired, NumberRange

from ..sheet import TRUMP_CHOICES

#: Form value of "no trump" (a suit is its letter).
NO_TRUMP = "none"


def trump_from_form(value: str) -> str | None:
    """The stored trump for a submitted choice."""
    return None if value == NO_TRUMP else value


def trump_to_form(trump: str | None) -> str:
    return NO_TRUMP if trump is None else trump


TRUMP_FORM_CHOICES = [trump_to_form(t) for t in TRUMP_CHOICES]


class TrumpForm(FlaskForm):
    trump = SelectField(
        _l("Trump"),
        choices=[(c, c) for c in TRUMP_FORM_CHOICES],
        validators=[InputRequired(_l("Choose a trump suit or “no trump”."))],
    )


class BidForm(FlaskForm):
    seat = IntegerField(validators=[InputRequired(_l("Choose a player."))])
    bid = IntegerField(
        _l("Bid"),
        validators=[
            InputRequired(_l("Enter a bid as a whole number.")),
            NumberRange(min=0, message=_l("A bid cannot be negative.")),
        ],
    )


class TricksForm(FlaskForm):
    seat = IntegerField(validators=[InputRequired(_l("Choose a player."))])
    tricks = IntegerField(
        _l("Tricks"),
        validators=[
            InputRequired(_l("Enter the tricks as a whole number.")),
            NumberRange(min=0, message=_l("Tricks cannot be negative.")),
        ],
    )


class CloseForm(FlaskForm):
    """Closing a round or undoing: only the CSRF token."""


class SeatEntryForm(FlaskForm):
    class Meta:
        csrf = False  # a sub-form: the outer form carries the token

    bid = IntegerField(
        _l("Bid"),
        validators=[
            InputRequired(_l("Enter a bid as a whole number.")),
            NumberRange(min=0, message=_l("A bid cannot be negative.")),
        ],
    )
    tricks = IntegerField(
        _l("Tricks"),
        validators=[
            InputRequired(_l("Enter the tricks as a whole number.")),
            NumberRange(min=0, message=_l("Tricks cannot be negative.")),
        ],
    )


class CorrectionForm(FlaskForm):
    """A closed round entered again: trump, and each seat's bid and tricks."""

    trump = TrumpForm.trump
    seats = FieldList(FormField(SeatEntryForm), min_entries=0)
