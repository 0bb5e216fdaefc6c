"""Forms of the round screen. They check shape (a whole number in range); the
game domain checks the rules."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, FormField, StringField
from wtforms.validators import AnyOf, InputRequired, NumberRange, Optional

from ...rules.numbers import whole_from_text
from ..fields import WholeNumberField
from ..tap_values import TRUMP_FORM_CHOICES, seen_value


class SeenForm(FlaskForm):
    """A live entry that says what the phone's screen showed for it (``was``):
    empty for nothing entered yet, or the value; absent, no check is made."""

    was = StringField()

    def seen(self) -> Any:
        """What the phone saw, as the game domain compares it."""
        return seen_value(self.was.raw_data[0] if self.was.raw_data else None)


class TrumpForm(SeenForm):
    trump = StringField(
        _l("Trump"),
        validators=[
            InputRequired(_l("Choose a trump suit or “no trump”.")),
            AnyOf(TRUMP_FORM_CHOICES, message=_l("Choose a trump suit or “no trump”.")),
        ],
    )


def player_field() -> WholeNumberField:
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


class BidForm(SeenForm):
    player = player_field()
    bid = bid_field()


class TricksForm(SeenForm):
    player = player_field()
    tricks = tricks_field()


class CloseForm(FlaskForm):
    """Closing a round: only the CSRF token."""


class StakeForm(FlaskForm):
    """The stake per point as typed, and its currency symbol; the game domain
    reads the amount (:func:`scorekeeper.game.settling.minor_units`)."""

    stake = StringField(_l("Stake per point"))
    symbol = StringField(_l("Currency symbol (optional)"))


class UndoForm(FlaskForm):
    """Undo names the entry the phone's screen shows as the last one
    (``seq``); ``reopen`` confirms undoing the close of a round."""

    seq = WholeNumberField(validators=[Optional(), NumberRange(min=1)],
                           invalid_message=_l("The screen is out of date; reload it."))
    reopen = StringField()


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

    def chosen_bids(self, order: list[int]) -> dict[int, int | None]:
        """The bids chosen so far, by player id, as sent (None where none is
        a whole number): what the dealer's forbidden bid depends on."""
        def chosen(field) -> int | None:
            text = field.raw_data[0] if field.raw_data else field.data
            return whole_from_text(str(text), most_digits=3)
        return {p: chosen(row.bid) for p, row in zip(order, self.seats.entries)}

    def by_player(self, order: list[int]) -> tuple[dict[int, int], dict[int, int]]:
        """The bids and the tricks entered, by player id (rows in bidding order)."""
        bids = {p: row.bid.data for p, row in zip(order, self.seats.entries)}
        tricks = {p: row.tricks.data for p, row in zip(order, self.seats.entries)}
        return bids, tricks
