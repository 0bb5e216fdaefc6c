"""Forms of the game-management pages. They check shape; the game domain checks the game."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ...rules import SCORING_PRESETS
from ...rules.numbers import whole_from_text
from ...game.names import NAME_LENGTH
from ..fields import WholeNumberField, without_control_characters
from ..wording.ruleset import SCORING_NAMES, SHAPE_NAMES, START_RULE_NAMES

FIRST_SEAT = "first"


def player_field(label=_l("Player")):
    return WholeNumberField(label, invalid_message=_l("Choose a player."),
                            validators=[InputRequired(_l("Choose a player."))])


class JoinForm(FlaskForm):
    name = StringField(_l("Name"), validators=[
        InputRequired(_l("Enter the new player's name.")), Length(max=40)],
        filters=[without_control_characters])
    after = SelectField(_l("Sits after"), validate_choice=False)
    start_rule = SelectField(
        _l("Starting score"),
        choices=[SelectChoice(k, v) for k, v in START_RULE_NAMES.items()], default="zero")
    start_number = WholeNumberField(
        _l("Starting score"), invalid_message=_l("Enter the starting score as a whole number."),
        validators=[Optional(), NumberRange(-10000, 10000)])

    def after_player(self) -> int | None:
        return None if self.after.data == FIRST_SEAT else whole_from_text(self.after.data, most_digits=9)

    def validate_after(self, field) -> None:
        from wtforms.validators import ValidationError

        if field.data != FIRST_SEAT and whole_from_text(field.data, most_digits=9) is None:
            raise ValidationError(_l("Choose where the new player sits."))


class ConfirmForm(FlaskForm):
    """A button that only needs the CSRF token."""


class PlayerForm(FlaskForm):
    player = player_field()


class EndForm(FlaskForm):
    """End the game after a round: the one being played, or the one before."""

    after = WholeNumberField(invalid_message=_l("Choose a round."),
                             validators=[InputRequired(_l("Choose a round."))])


class DecksForm(FlaskForm):
    """How many decks the table shuffles together from now on."""

    decks = WholeNumberField(invalid_message=_l("Play with one deck or two."),
                             validators=[InputRequired(_l("Play with one deck or two."))])


class SitOutForm(FlaskForm):
    player = player_field()
    round = WholeNumberField(_l("Round"), invalid_message=_l("Choose a round."),
                             validators=[InputRequired(_l("Choose a round."))])


class RoundSizeForm(FlaskForm):
    """Insert a round, or change or remove one not yet begun."""

    op = SelectField(choices=[SelectChoice("insert"), SelectChoice("set"), SelectChoice("remove")],
                     validators=[InputRequired()])
    round = WholeNumberField(_l("Round"), invalid_message=_l("Choose a round."),
                             validators=[InputRequired(_l("Choose a round."))])
    cards = WholeNumberField(_l("Cards"), invalid_message=_l("Enter a whole number of cards."))

    def validate_cards(self, field) -> None:
        """Removing a round needs no card count; inserting or changing one does."""
        from wtforms.validators import ValidationError

        if self.op.data != "remove" and field.data is None:
            raise ValidationError(_l("Enter how many cards each player gets."))

    def operation(self) -> dict:
        """The schedule change as the game stores it."""
        op = {"op": self.op.data, "round": self.round.data}
        if self.op.data != "remove":
            op["cards"] = self.cards.data
        return op


class RebuildForm(FlaskForm):
    shape = SelectField(
        _l("Shape"), choices=[SelectChoice(k, v) for k, v in SHAPE_NAMES.items() if k != "custom"])
    start = WholeNumberField(_l("Smallest hand"), invalid_message=_l("Enter a whole number of cards."),
                             validators=[Optional(), NumberRange(1, 52)])
    peak = WholeNumberField(_l("Largest hand"), invalid_message=_l("Enter a whole number of cards."),
                            validators=[Optional(), NumberRange(1, 52)])


class AdjustForm(FlaskForm):
    player = player_field()
    points = WholeNumberField(
        _l("Points"), invalid_message=_l("Enter the points as a whole number, e.g. 5 or -5."),
        validators=[InputRequired(_l("Enter the points as a whole number, e.g. 5 or -5.")),
                    NumberRange(-10000, 10000)])
    reason = StringField(_l("Reason"), validators=[
        InputRequired(_l("Say why: the reason is shown in the grid and the export.")),
        Length(max=80)], filters=[without_control_characters])


class ScoringForm(FlaskForm):
    scoring = SelectField(_l("Scoring"), choices=[SelectChoice(n, SCORING_NAMES.get(n, n))
                                                  for n in SCORING_PRESETS])


class AuthorForm(FlaskForm):
    name = StringField(_l("Your name on this device"), validators=[Length(max=NAME_LENGTH)],
                       filters=[without_control_characters])
