"""Forms of the hand recorder. They check shape only (a card's text is short,
a player id a whole number); whether a card may be played is the rules engine's
question, and it is never refused for breaking a rule, only flagged."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..fields import WholeNumberField

#: A pasted record larger than this is surely not one hand.
MAX_RECORD_CHARS = 200_000


class AtForm(FlaskForm):
    """A tap on the hand: ``at`` is how many cards the phone saw played, so a
    double tap or a stale screen cannot record twice."""

    at = WholeNumberField(
        invalid_message=_l("The screen is out of date; reload it."),
        validators=[Optional(), NumberRange(min=0)],
    )


class CardForm(AtForm):
    card = StringField(
        _l("Card"),
        validators=[InputRequired(_l("Tap a card.")), Length(max=12, message=_l("Tap a card."))],
    )


class DealForm(FlaskForm):
    player = WholeNumberField(
        invalid_message=_l("Choose a player."), validators=[InputRequired(_l("Choose a player."))]
    )
    card = StringField(
        _l("Card"),
        validators=[InputRequired(_l("Tap a card.")), Length(max=12, message=_l("Tap a card."))],
    )


class PenaltyForm(FlaskForm):
    """Apply a penalty the verdict offers: the revoke's trick and the penalty's place."""

    trick = WholeNumberField(
        invalid_message=_l("Choose a revoke."),
        validators=[InputRequired(_l("Choose a revoke.")), NumberRange(min=1, max=104)],
    )
    choice = WholeNumberField(
        invalid_message=_l("Choose one of the penalties offered."),
        validators=[InputRequired(_l("Choose one of the penalties offered.")),
                    NumberRange(min=0, max=9)],
    )
    #: For the penalty that moves tricks: the player the table names as harmed
    #: (empty: the one the verdict proposes).
    harmed = WholeNumberField(
        invalid_message=_l("Choose the player who gets the tricks."),
        validators=[Optional(), NumberRange(min=0, max=1000)],
    )


class ImportForm(FlaskForm):
    """A hand record (docs/hand-record.md) as a file or pasted text."""

    file = FileField(_l("Hand record file (JSON)"))
    text = TextAreaField(
        _l("Or paste the hand record"),
        validators=[Length(max=MAX_RECORD_CHARS, message=_l("The pasted text is too long."))],
    )

    def record_text(self) -> str:
        """The uploaded file's text if a file was chosen, else the pasted text.

        :raise UnicodeDecodeError: when the file is not UTF-8 text.
        """
        upload = self.file.data
        if upload is not None and getattr(upload, "filename", ""):
            return upload.read().decode("utf-8-sig")
        return self.text.data or ""
