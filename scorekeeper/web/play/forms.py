"""Forms of the round screen. They check shape (a whole number in range); the
game domain checks the rules."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, FormField, StringField
from wtforms.validators import AnyOf, InputRequired, NumberRange

from ...game import TRUMP_CHOICES
from ..fields import WholeNumberField

#: Form value of "no trump" (a suit is its letter).
NO_TRUMP = "none"


def trump_from_form(value: str) -> str | None:
    """The stored trump for a submitted choice."""
    return None if value == NO_TRUMP else value


def trump_to_form(trump: str | None) -> str:
    return NO_TRUMP if trump is None else trump


TRUMP_FORM_CHOICES = [trump_to_form(t) for t in TRUMP_CHOICES]


class TrumpForm(FlaskForm):
    trump = StringField(
        _l("Trump"),
        validators=[
            InputRequired(_l("Choose a trump suit or “no trump”.")),
            AnyOf(TRUMP_FORM_CHOICES, message=_l("Choose a trump suit or “no trump”.")),
        ],
    )


def seat_field() -> WholeNumberField:
    return WholeNumberField(
        invalid_message=_l("Choose a player."), validators=[InputRequired(_l("Choose a player."))]
    )


def bid_field() -> WholeNumberField:
    return WholeNumberField(
        _l("Bid"),
        invalid_message=_l("Enter a bid as a whole number."),
        validators=[
            InputRequired(_l("Enter a bid as a whole number.")),
            NumberRange(min=0, message=_l("A bid cannot be negative.")),
        ],
    )


def tricks_field() -> WholeNumberField:
    return WholeNumberField(
        _l("Tricks"),
        invalid_message=_l("Enter the tricks as a whole number."),
        validators=[
            InputRequired(_l("Enter the tricks as a whole number.")),
            NumberRange(min=0, message=_l("Tricks cannot be negative.")),
        ],
    )


class BidForm(FlaskForm):
    seat = seat_field()
    bid = bid_field()


class TricksForm(FlaskForm):
    seat = seat_field()
    tricks = tricks_field()


class CloseForm(FlaskForm):
    """Closing a round or undoing: only the CSRF token."""


class SeatEntryForm(FlaskForm):
    """One player's row of the correction form."""

    class Meta:
        csrf = False  # a sub-form: the outer form carries the token

    bid = bid_field()
    tricks = tricks_field()


class CorrectionForm(FlaskForm):
    """A closed round entered again: trump, and each seat's bid and tricks."""

    trump = TrumpForm.trump
    seats = FieldList(FormField(SeatEntryForm), min_entries=0)

    def by_player(self, order: list[int]) -> tuple[dict[int, int], dict[int, int]]:
        """The bids and the tricks entered, by player id (rows in bidding order)."""
        bids = {p: row.bid.data for p, row in zip(order, self.seats.entries)}
        tricks = {p: row.tricks.data for p, row in zip(order, self.seats.entries)}
        return bids, tricks
