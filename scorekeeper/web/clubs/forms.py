"""The clubs' forms: a new club, a member, a merge, an evening, and the
organiser's changes to a seating. They check shape only (a name given, a
number in range); the domain checks the rest (:mod:`scorekeeper.game.seating`)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import (BooleanField, DateField, HiddenField, RadioField, SelectChoice, SelectField,
                     SelectMultipleField, StringField, TextAreaField, TimeField)
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from ...game.leaderboard import RULES
from ...game.names import NAME_LENGTH
from ...game.roles import CLUB_ROLES
from ...game.season import MAX_EVENINGS, SEASON_RULES
from ...game.seating import MAX_EVENING_PLAYERS, MAX_TABLE, METHODS, MIN_TABLE
from ...rules import PRESETS
from ...storage.club_models import CLUB_NAME_LENGTH
from ...storage.invitations import ANSWERS
from ..fields import WholeNumberField, without_control_characters
from ..wording.presets import preset_title

NAME_GIVEN = _l("Enter a name.")
DATE_GIVEN = _l("Enter a date.")
TIME_GIVEN = _l("Enter a time.")
EVENINGS_GIVEN = _l("Enter a number of evenings from %(min)s to %(max)s.")
#: How the seating methods and the leaderboard's rules read in a menu.
METHOD_NAMES = {"random": _l("At random"), "standings": _l("By standings: the leaders together"),
                "new-opponents": _l("As many new opponents as possible")}
RULE_NAMES = {"total": _l("Total points across the evening"),
              "placement": _l("Placement points at each table")}
#: How a season's rules read in a menu (the number of evenings is asked apart).
SEASON_RULE_NAMES = {"total": _l("Total points across the season"),
                     "placement": RULE_NAMES["placement"],
                     "average": _l("Average per evening, from a minimum of evenings"),
                     "best": _l("The best evenings of each member")}


def season_rule_name(rule: str, evenings: int | None) -> str:
    """A season's rule in words, with its number of evenings."""
    if rule == "average":
        return ngettext("Average per evening, from %(num)s evening",
                        "Average per evening, from %(num)s evenings", evenings)
    if rule == "best":
        return ngettext("Each member’s best %(num)s evening",
                        "Each member’s best %(num)s evenings", evenings)
    return str(SEASON_RULE_NAMES[rule])


#: A marked friendly game or evening, wherever its results are shown.
FRIENDLY = _l("Friendly: counts in no rating and no league table.")
#: Room for 40 names a line each, and some spaces.
PLAYERS_LENGTH = MAX_EVENING_PLAYERS * (NAME_LENGTH + 2)


def lines_without_control_characters(value: str | None) -> str | None:
    """A text of one name a line, each line without control characters."""
    if not value:
        return value
    return "\n".join(without_control_characters(line) or "" for line in value.splitlines())


def table_number(label):
    """A table's number (1-based)."""
    message = _l("Enter a table’s number.")
    return WholeNumberField(label, invalid_message=message, validators=[
        InputRequired(message), NumberRange(min=1, max=MAX_EVENING_PLAYERS, message=message)])


def tidy(value: str | None) -> str | None:
    """A typed text without control characters, its spaces tidied."""
    value = without_control_characters(value)
    return None if value is None else " ".join(value.split())


class ClubForm(FlaskForm):
    name = StringField(_l("Club name"), filters=[tidy],
                       validators=[DataRequired(NAME_GIVEN), Length(max=CLUB_NAME_LENGTH)])


class MemberForm(FlaskForm):
    name = StringField(_l("Name"), filters=[tidy],
                       validators=[DataRequired(NAME_GIVEN), Length(max=NAME_LENGTH)])


class MergeForm(FlaskForm):
    name = StringField(_l("Member"), filters=[tidy], validators=[DataRequired(NAME_GIVEN),
                                                                 Length(max=NAME_LENGTH)])
    into = StringField(_l("Is the same person as"), filters=[tidy],
                       validators=[DataRequired(NAME_GIVEN), Length(max=NAME_LENGTH)])


def table_sizes_field() -> SelectMultipleField:
    """The table sizes the decks allow, as check boxes."""
    return SelectMultipleField(
        _l("Table sizes the decks allow"), coerce=int,
        choices=[SelectChoice(size, str(size)) for size in range(MIN_TABLE, MAX_TABLE + 1)],
        widget=ListWidget(prefix_label=False), option_widget=CheckboxInput(),
        validators=[InputRequired(_l("Choose at least one table size."))])


class EventForm(FlaskForm):
    name = StringField(_l("Name of the evening"), filters=[tidy],
                       validators=[DataRequired(NAME_GIVEN), Length(max=CLUB_NAME_LENGTH)])
    players = TextAreaField(_l("Who is here (one name a line)"),
                            filters=[lines_without_control_characters],
                            validators=[InputRequired(_l("Enter the players who are here.")),
                                        Length(max=PLAYERS_LENGTH)])
    preset = SelectField(_l("Rules"), validators=[InputRequired()])
    sizes = table_sizes_field()
    rule = RadioField(_l("Leaderboard"), choices=[SelectChoice(rule, RULE_NAMES[rule]) for rule in RULES],
                      default="total")
    friendly = BooleanField(_l("Friendly evening"), description=FRIENDLY)
    #: The invitation whose members who said yes the evening seats.
    invitation = HiddenField(validators=[Optional(), Length(max=32)])

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.preset.choices = [SelectChoice(name, preset_title(name)) for name in PRESETS]

    def names(self) -> list[str]:
        """The names typed, one a line (blank lines left out)."""
        lines = (self.players.data or "").splitlines()
        return [name[:NAME_LENGTH] for name in (" ".join(line.split()) for line in lines) if name]


class MethodForm(FlaskForm):
    method = SelectField(_l("Seat them"), choices=[SelectChoice(m, METHOD_NAMES[m]) for m in METHODS],
                         default="random")


def player_name(label) -> StringField:
    """A seated player's name, as the organiser picks it."""
    return StringField(label, filters=[tidy], validators=[DataRequired(NAME_GIVEN),
                                                          Length(max=NAME_LENGTH)])


class MoveForm(FlaskForm):
    name = player_name(_l("Player"))
    table = table_number(_l("To table"))


class SwapForm(FlaskForm):
    name = player_name(_l("Swap two players"))
    other = player_name(_l("With"))


class FixForm(FlaskForm):
    table = table_number(_l("Table"))
    names = TextAreaField(_l("Its players (one name a line)"), filters=[lines_without_control_characters],
                          validators=[InputRequired(_l("Enter the players of the table.")),
                                      Length(max=MAX_TABLE * (NAME_LENGTH + 2))])

    def players(self) -> list[str]:
        return [" ".join(line.split()) for line in (self.names.data or "").splitlines()
                if line.strip()]


class LinkForm(FlaskForm):
    role = SelectField(choices=[SelectChoice(role, role) for role in CLUB_ROLES])


def date_field(label) -> DateField:
    """A day, required (a date the browser's picker gives, or typed as 2026-12-06)."""
    return DateField(label, invalid_value_message=DATE_GIVEN, validators=[InputRequired(DATE_GIVEN)])


class SeasonForm(FlaskForm):
    name = StringField(_l("Name of the season"), filters=[tidy],
                       validators=[DataRequired(NAME_GIVEN), Length(max=CLUB_NAME_LENGTH)])
    starts = date_field(_l("First day"))
    ends = date_field(_l("Last day"))
    rule = RadioField(_l("League table"), default="total", choices=[
        SelectChoice(rule, SEASON_RULE_NAMES[rule]) for rule in SEASON_RULES])
    evenings = WholeNumberField(
        _l("Evenings: the minimum for an average, or how many of the best count"),
        validators=[Optional(), NumberRange(min=1, max=MAX_EVENINGS, message=EVENINGS_GIVEN)])


class FriendlyForm(FlaskForm):
    """Mark an evening, or one of its games (``game``: its public id), friendly or not."""

    friendly = BooleanField()
    game = HiddenField(validators=[Optional(), Length(max=32)])


class InvitationForm(FlaskForm):
    name = StringField(_l("Name of the evening"), filters=[tidy],
                       validators=[DataRequired(NAME_GIVEN), Length(max=CLUB_NAME_LENGTH)])
    day = date_field(_l("Date"))
    time = TimeField(_l("Time"), invalid_value_message=TIME_GIVEN,
                     validators=[InputRequired(TIME_GIVEN)])
    sizes = table_sizes_field()


class AnswerForm(FlaskForm):
    answer = RadioField(choices=[SelectChoice(said, said) for said in ANSWERS])
