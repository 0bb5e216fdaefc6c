"""The set-up form: players in seat order, a preset, and any part of it adjusted.

Every adjustment left empty means "as the preset says", so switching presets
needs no script to refill the form. :meth:`SetupForm.ruleset` builds the
effective ruleset; the rules engine then checks that it can be played.
"""

from __future__ import annotations

import dataclasses
import re

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_ngettext as _ln
from flask_wtf import FlaskForm
from wtforms import FieldList, RadioField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ...game import MAX_PLAYERS_TWO_DECKS, MIN_PLAYERS, max_players
from ..fields import WholeNumberField, without_control_characters
from ..wording.ruleset import (
    BIDDING_NAMES,
    HOOK_NAMES,
    IDENTICAL_NAMES,
    PRESET_TITLES,
    SHAPE_NAMES,
    TRUMP_METHOD_NAMES,
)
from ...rules import (
    PRESETS,
    SCORING_PRESETS,
    HookRule,
    Ruleset,
    RulesError,
    ScheduleSpec,
    find_preset,
    find_scoring,
)

NAME_LENGTH = 40
#: The longest custom list of cards per round the form takes.
CUSTOM_LENGTH = 400

AS_PRESET = SelectChoice("", _l("As the preset says"))
YES_NO = [AS_PRESET, SelectChoice("yes", _l("yes")), SelectChoice("no", _l("no"))]


def choices(names: dict) -> list[SelectChoice]:
    """The options of an adjustment: "as the preset says", then each value by name."""
    return [AS_PRESET, *(SelectChoice(value, label) for value, label in names.items())]


class SetupForm(FlaskForm):
    players = FieldList(
        StringField(_l("Player"), validators=[Optional(), Length(max=NAME_LENGTH)],
                    filters=[without_control_characters]),
        min_entries=4,
        max_entries=MAX_PLAYERS_TWO_DECKS,
    )
    first_dealer = SelectField(_l("First dealer"), default="random", validate_choice=False)
    preset = RadioField(
        _l("Rules"), choices=[SelectChoice(name, PRESET_TITLES.get(name, p.title)) for name, p in PRESETS.items()], default="cardgames"
    )
    shape = SelectField(_l("Schedule"), choices=choices(SHAPE_NAMES), default="")
    start = WholeNumberField(
        _l("Smallest hand"),
        invalid_message=_l("Enter the smallest hand as a whole number of cards."),
        validators=[Optional(), NumberRange(1, 52)],
    )
    peak = WholeNumberField(
        _l("Largest hand"),
        invalid_message=_l("Enter the largest hand as a whole number of cards."),
        validators=[Optional(), NumberRange(1, 52)],
    )
    custom = StringField(_l("Cards per round (custom list)"), validators=[Length(max=CUSTOM_LENGTH)])
    hook = SelectField(_l("Hook rule"), choices=choices(HOOK_NAMES), default="")
    hook_min_cards = WholeNumberField(
        _l("Hook rule from this many cards"),
        invalid_message=_l("Enter a whole number of cards."),
        validators=[Optional(), NumberRange(1, 52)],
    )
    scoring = SelectField(
        _l("Scoring"), choices=[AS_PRESET, *(SelectChoice(n) for n in SCORING_PRESETS)], default=""
    )
    trump_method = SelectField(_l("Trump"), choices=choices(TRUMP_METHOD_NAMES), default="")
    no_trump_last_round = SelectField(_l("No trump in the last round"), choices=YES_NO, default="")
    bidding = SelectField(_l("Bidding"), choices=choices(BIDDING_NAMES), default="")
    must_trump = SelectField(
        _l("Must trump when out of the suit led"), choices=YES_NO, default=""
    )
    decks = SelectField(
        _l("Decks"), choices=[AS_PRESET, SelectChoice("1", _l("one deck")), SelectChoice("2", _l("two decks"))], default=""
    )
    identical_cards = SelectField(
        _l("Of two identical cards"), choices=choices(IDENTICAL_NAMES), default=""
    )

    def names(self) -> list[str]:
        """The entered names in seat order, blanks dropped, spaces tidied."""
        return [" ".join(f.data.split()) for f in self.players if f.data and f.data.strip()]

    def player_errors(self) -> list[str]:
        """The errors of the player list and of each name, flattened."""
        flat: list[str] = []
        for error in self.players.errors:
            flat.extend(map(str, error) if isinstance(error, list) else [str(error)])
        return flat

    def validate_players(self, field) -> None:
        from wtforms.validators import ValidationError

        names = self.names()
        decks = 2 if self.decks.data == "2" else 1
        most = max_players(decks)
        if len(names) < MIN_PLAYERS:
            raise ValidationError(_ln("Enter at least %(num)s player.",
                                      "Enter at least %(num)s players.", MIN_PLAYERS))
        if len(names) > most:
            raise ValidationError(
                _ln("At most %(num)s player can play with one deck; choose two decks for up "
                    "to %(two)s.",
                    "At most %(num)s players can play with one deck; choose two decks for up "
                    "to %(two)s.", most, two=MAX_PLAYERS_TWO_DECKS)
                if decks == 1
                else _ln("At most %(num)s player can play.", "At most %(num)s players can play.",
                         most)
            )
        seen = set()
        for name in names:
            if name.casefold() in seen:
                raise ValidationError(_l("Two players are called %(name)s; tell them apart.",
                                         name=name))
            seen.add(name.casefold())

    def validate_custom(self, field) -> None:
        from wtforms.validators import ValidationError

        if self.shape.data == "custom" and not (field.data or "").strip():
            raise ValidationError(_l("List the cards per round, for example 1 2 3 2 1."))
        if field.data and not re.fullmatch(r"[\d\s,;]*", field.data):
            raise ValidationError(_l("Use whole numbers separated by spaces or commas."))

    def custom_sizes(self) -> tuple[int, ...]:
        # The preview reads the list before the form is validated: only as much
        # of it as the form takes (int() refuses a number of thousands of digits).
        return tuple(int(n) for n in re.findall(r"\d+", (self.custom.data or "")[:CUSTOM_LENGTH]))

    def ruleset(self) -> Ruleset:
        """The chosen preset with every adjustment applied.

        :raise RulesError: when the adjusted rules contradict each other.
        """
        base = find_preset(self.preset.data).ruleset
        schedule = base.schedule
        if self.shape.data or self.start.data or self.peak.data:
            shape = self.shape.data or schedule.shape
            schedule = ScheduleSpec(
                shape,
                start=self.start.data or schedule.start,
                peak=self.peak.data if self.peak.data else schedule.peak,
                peak_by_players=() if self.peak.data else schedule.peak_by_players,
                cards=self.custom_sizes() if shape == "custom" else (),
            )
        trump = base.trump
        if self.trump_method.data:
            trump = dataclasses.replace(trump, method=self.trump_method.data)
        if self.no_trump_last_round.data:
            trump = dataclasses.replace(trump, no_trump_last_round=self.no_trump_last_round.data == "yes")
        hook = base.hook
        if self.hook.data:
            hook = HookRule(self.hook.data, min_cards=self.hook_min_cards.data or hook.min_cards)
        changes = {"schedule": schedule, "trump": trump, "hook": hook}
        if self.scoring.data:
            changes["scoring"] = find_scoring(self.scoring.data)
        if self.bidding.data:
            changes["bidding"] = self.bidding.data
        if self.must_trump.data:
            changes["must_trump"] = self.must_trump.data == "yes"
        if self.decks.data:
            changes["decks"] = int(self.decks.data)
        if self.identical_cards.data:
            changes["identical_cards"] = self.identical_cards.data
        return dataclasses.replace(base, **changes)


__all__ = ["SetupForm", "RulesError"]


class JoinForm(FlaskForm):
    """The short code of a game, typed on the front page."""

    code = StringField(_l("Join code"), validators=[
        InputRequired(_l("Type the code that the other phone shows.")), Length(max=20)],
        filters=[without_control_characters])
