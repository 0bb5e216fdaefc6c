"""The set-up form: players in seat order, a preset (maybe one of its
variants), and any part of it adjusted.

Every adjustment left empty means "as the preset says", so switching presets
needs no script to refill the form. :meth:`SetupForm.adjustments` reads them
as plain values and :meth:`SetupForm.ruleset` builds the effective ruleset
(:mod:`scorekeeper.game.rule_adjustments`); the rules engine then checks that
it can be played (:func:`scorekeeper.rules.plan_game`).
"""

from __future__ import annotations

import re

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_ngettext as _ln
from flask_wtf import FlaskForm
from wtforms import FieldList, HiddenField, RadioField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from ...game import MAX_PLAYERS_TWO_DECKS, MIN_PLAYERS, max_players
from ...rules import PRESETS, Preset, Ruleset, RulesError, UnknownPreset, find_preset
from ...rules.numbers import whole_from_text
from ..fields import WholeNumberField, without_control_characters
from ..wording.presets import PRESET_TITLES, default_preset
from ..wording.ruleset import (
    BIDDING_NAMES,
    HOOK_NAMES,
    IDENTICAL_NAMES,
    NO_CARD_LEFT_NAMES,
    REVOKE_PENALTY_NAMES,
    SCORING_NAMES,
    SHAPE_NAMES,
    TIE_BREAK_NAMES,
    TRUMP_METHOD_NAMES,
)
from ...game.names import NAME_LENGTH, name_key
from ...game.rule_adjustments import (
    NO_TRUMP_WORDS,
    SCORING_PARTS,
    RuleAdjustments,
    adjusted_ruleset,
    bad_cycle_token,
)

#: The longest custom list of cards per round the form takes.
CUSTOM_LENGTH = 400

AS_PRESET = SelectChoice("", _l("As the preset says"))
YES_NO = [AS_PRESET, SelectChoice("yes", _l("yes")), SelectChoice("no", _l("no"))]
#: The adjustments chosen from :data:`YES_NO`.
YES_NO_ADJUSTMENTS = ("no_trump_last_round", "must_trump", "progressive")


#: The largest number of points any custom scoring part or penalty takes.
POINTS = 1000
POINTS_MESSAGE = _l("Enter the points as a whole number.")
#: The longest trump cycle the form takes (in characters).
CYCLE_LENGTH = 60


def _pieces(text: str | None) -> list[str]:
    """A typed list of card counts cut at its spaces, commas and semicolons."""
    return [piece for piece in re.split(r"[\s,;]+", text or "") if piece]


def _card_count(piece: str) -> int | None:
    """One typed card count; a huge one stays a number, for "at most 52" to say so."""
    return whole_from_text(piece, most_digits=CUSTOM_LENGTH)


def typed_cycle(text: str) -> str:
    """A trump order as typed, with the page language's own words for no trump
    read as "NT": what the chips show ("BA", "SA", "ohne", "बिना ट्रम्प") and the
    words in full ("bez atu"). "NT" itself is taken in every language.

    The rules take "NT" only (:mod:`scorekeeper.game.rule_adjustments` knows
    no language); the longest word is tried first, so that "ohne Trumpf" is
    one entry and not "ohne" and a stray "Trumpf".
    """
    words = sorted({_("NT"), _("no trump")}, key=len, reverse=True)
    entry = "|".join(re.escape(word) for word in words)
    return re.sub(rf"(?<![^\s,;])(?:{entry})(?![^\s,;])",
                  # What the rules take already ("nt") stays as typed.
                  lambda typed: typed[0] if typed[0].upper() in NO_TRUMP_WORDS else "NT",
                  text or "", flags=re.IGNORECASE)


def whole(label, message, low: int = 1, high: int = 52) -> WholeNumberField:
    """An optional whole number from ``low`` to ``high``; empty means "as the preset says"."""
    return WholeNumberField(label, invalid_message=message,
                            validators=[Optional(), NumberRange(low, high)])


def choices(names: dict) -> list[SelectChoice]:
    """The options of an adjustment: "as the preset says", then each value by name."""
    return [AS_PRESET, *(SelectChoice(value, label) for value, label in names.items())]


class SetupForm(FlaskForm):
    #: The name field a refusal of the whole list points at (set by :meth:`validate_players`).
    faulty_seat: int = 0

    players = FieldList(
        StringField(_l("Player"), validators=[Optional(), Length(max=NAME_LENGTH)],
                    filters=[without_control_characters]),
        min_entries=4,
        max_entries=MAX_PLAYERS_TWO_DECKS,
    )
    first_dealer = SelectField(_l("First dealer"), default="random", validate_choice=False)
    preset = RadioField(
        _l("Rules"), choices=[SelectChoice(name, PRESET_TITLES.get(name, p.title)) for name, p in PRESETS.items()], default=default_preset
    )
    variant = StringField(_l("Variant"), default="")
    #: Settling up: the stake per point as typed (the game domain reads it) and its symbol.
    stake = StringField(_l("Stake per point"), default="", validators=[Length(max=12)])
    stake_symbol = StringField(_l("Currency symbol (optional)"), default="",
                               validators=[Length(max=12)])
    #: The link of the game this one follows ("Change players or rules"): the
    #: new game joins its series.
    again = HiddenField(default="")
    shape = SelectField(_l("Schedule"), choices=choices(SHAPE_NAMES), default="")
    length = SelectField(_l("Length"), choices=[
        AS_PRESET,
        SelectChoice("quick", _l("Quick game: 5 rounds, same shape")),
    ], default="")
    start = whole(_l("Smallest hand"), _l("Enter the smallest hand as a whole number of cards."))
    peak = whole(_l("Largest hand"), _l("Enter the largest hand as a whole number of cards."))
    custom = StringField(_l("Cards per round (custom list)"), validators=[Length(max=CUSTOM_LENGTH)])
    hook = SelectField(_l("Hook rule"), choices=choices(HOOK_NAMES), default="")
    hook_min_cards = whole(_l("Hook rule from this many cards"),
                           _l("Enter a whole number of cards."))
    trump_method = SelectField(_l("How trump is chosen"), choices=choices(TRUMP_METHOD_NAMES), default="")
    trump_cycle = StringField(_l("Trumps in order, round by round"),
                              validators=[Length(max=CYCLE_LENGTH)])
    when_no_card_left = SelectField(_l("When no card is left to turn"),
                                    choices=choices(NO_CARD_LEFT_NAMES), default="")
    no_trump_last_round = SelectField(_l("No trump in the last round"), choices=YES_NO, default="")
    bidding = SelectField(_l("Order of bids"), choices=choices(BIDDING_NAMES), default="")
    must_trump = SelectField(
        _l("Must trump when out of the suit led"), choices=YES_NO, default=""
    )
    decks = SelectField(
        _l("Decks"), choices=[AS_PRESET, SelectChoice("1", _l("one deck")), SelectChoice("2", _l("two decks"))], default=""
    )
    identical_cards = SelectField(
        _l("Of two identical cards"), choices=choices(IDENTICAL_NAMES), default=""
    )
    scoring = SelectField(_l("Scoring system"), choices=[
        *choices(SCORING_NAMES), SelectChoice("custom", _l("Custom…"))], default="")
    exact_bonus = whole(_l("Bonus for an exact bid"), POINTS_MESSAGE, -POINTS, POINTS)
    exact_per_trick = whole(_l("Points per trick when exact"), POINTS_MESSAGE, -POINTS, POINTS)
    miss_per_trick = whole(_l("Points per trick when missed"), POINTS_MESSAGE, -POINTS, POINTS)
    over_penalty = whole(_l("Penalty per trick over the bid"), POINTS_MESSAGE, 0, POINTS)
    under_penalty = whole(_l("Penalty per trick under the bid"), POINTS_MESSAGE, 0, POINTS)
    zero_bid = SelectField(_l("A made bid of 0"), choices=[
        AS_PRESET, SelectChoice("as-exact", _l("scores like any exact bid")),
        SelectChoice("plus-hand", _l("scores 5 + cards in hand")),
        SelectChoice("fixed", _l("scores a fixed number of points")),
    ], default="")
    zero_bid_points = whole(_l("Points for a made 0"), POINTS_MESSAGE, -POINTS, POINTS)
    progressive = SelectField(_l("Each missed bid adds 1 more than the last"), choices=YES_NO,
                              default="")
    winner = SelectField(_l("Who wins"), choices=[
        AS_PRESET, SelectChoice("highest", _l("the highest total")),
        SelectChoice("lowest", _l("the lowest total")),
    ], default="")
    tie_break = SelectField(_l("Equal totals at the end"), choices=choices(TIE_BREAK_NAMES),
                            default="")
    revoke_penalty = SelectField(_l("Penalty for a proven revoke"),
                                 choices=choices(REVOKE_PENALTY_NAMES), default="")
    revoke_points = whole(_l("Points a revoke moves"), POINTS_MESSAGE, 1, POINTS)

    def names(self) -> list[str]:
        """The entered names in seat order, blanks dropped, spaces tidied."""
        return [" ".join(f.data.split()) for f in self.players if f.data and f.data.strip()]

    def player_errors(self) -> list[str]:
        """The errors of the player list and of each name, flattened."""
        flat: list[str] = []
        for error in self.players.errors:
            flat.extend(map(str, error) if isinstance(error, list) else [str(error)])
        return flat

    def filled_seats(self) -> list[int]:
        """The index of each name field that holds a name, in seat order (one per :meth:`names`)."""
        return [i for i, f in enumerate(self.players) if f.data and f.data.strip()]

    def validate_players(self, field) -> None:
        names = self.names()
        seats = self.filled_seats()
        decks = 2 if self.decks.data == "2" else 1
        most = max_players(decks)
        if len(names) < MIN_PLAYERS:
            blank = [i for i in range(len(self.players)) if i not in seats]
            self.faulty_seat = blank[0] if blank else 0
            raise ValidationError(_ln("Enter at least %(num)s player.",
                                      "Enter at least %(num)s players.", MIN_PLAYERS))
        if len(names) > most:
            self.faulty_seat = seats[most]
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
        for seat, name in zip(seats, names):
            if name_key(name) in seen:
                self.faulty_seat = seat
                raise ValidationError(_l("Two players are called %(name)s; tell them apart.",
                                         name=name))
            seen.add(name_key(name))

    def validate_custom(self, field) -> None:
        if self.shape.data == "custom" and not (field.data or "").strip():
            raise ValidationError(_l("List the cards per round, for example 1 2 3 2 1."))
        if any(_card_count(piece) is None for piece in _pieces(field.data)):
            raise ValidationError(_l("Use whole numbers separated by spaces or commas."))

    def custom_sizes(self) -> tuple[int, ...]:
        # The preview reads the list before the form is validated: only as much
        # of it as the form takes, and only the pieces that are whole numbers.
        numbers = map(_card_count, _pieces((self.custom.data or "")[:CUSTOM_LENGTH]))
        return tuple(n for n in numbers if n is not None)

    def chosen_preset(self) -> Preset:
        """The preset the table picked.

        :raise UnknownPreset: for a name no preset has (a tampered form).
        """
        return find_preset(self.preset.data)

    def validate_variant(self, field) -> None:
        try:
            names = [v.name for v in self.chosen_preset().variants]
        except UnknownPreset:
            return  # the preset field says what is wrong
        if field.data and field.data not in names:
            raise ValidationError(_l("Choose one of the variants these rules offer, or none."))

    def validate_length(self, field) -> None:
        if field.data == "quick" and self.peak.data:
            raise ValidationError(_l(
                "A quick game sets the largest hand itself: leave the largest hand empty, or "
                "play the whole game."))

    def validate_trump_cycle(self, field) -> None:
        text = typed_cycle(field.data).strip()
        bad = bad_cycle_token(text)
        if bad is not None:
            raise ValidationError(_l(
                "“%(entry)s” is not a suit: write S, H, D, C (or ♠ ♥ ♦ ♣), and NT for a "
                "round without trump.", entry=bad[:12]))
        method = self.trump_method.data
        preset_cycles = self._preset_trump_method() == "cycle"
        if text and method != "cycle" and not (preset_cycles and not method):
            raise ValidationError(_l(
                "A list of trumps needs “a fixed order of suits” as the trump."))
        if method == "cycle" and not text and not preset_cycles:
            raise ValidationError(_l("List the trumps in order, for example ♠ ♦ ♣ ♥, or S D C H."))

    def _preset_trump_method(self) -> str | None:
        try:
            return self.chosen_preset().ruleset.trump.method
        except UnknownPreset:
            return None

    def validate_scoring(self, field) -> None:
        if field.data != "custom" and self.custom_parts_entered():
            raise ValidationError(_l(
                "To build the scoring from parts, choose “Custom…” as the scoring."))

    def validate_zero_bid(self, field) -> None:
        # Here, not on the number: an empty number stops its own checks.
        if field.data == "fixed" and self.zero_bid_points.data is None:
            raise ValidationError(_l("Enter the points a made 0 scores."))

    def validate_zero_bid_points(self, field) -> None:
        if field.data is not None and self.zero_bid.data != "fixed":
            raise ValidationError(_l(
                "Choose “scores a fixed number of points” for a made 0 to use this number."))

    def validate_revoke_points(self, field) -> None:
        if field.data is not None and self.revoke_penalty.data == "none":
            raise ValidationError(_l("Without a penalty a revoke moves no points."))
        if field.data is not None and self.revoke_penalty.data == "tricks-to-harmed":
            raise ValidationError(_l("The laws of whist move 3 tricks: leave the points empty."))

    def custom_parts_entered(self) -> bool:
        """Whether any part of a custom scoring was filled in."""
        numbers = [*SCORING_PARTS, "exact_per_trick", "zero_bid_points"]
        return (any(getattr(self, name).data is not None for name in numbers)
                or any(getattr(self, name).data for name in ("zero_bid", "progressive", "winner")))

    def adjustments(self) -> RuleAdjustments:
        """The variant and every adjustment entered, as plain values
        (:meth:`RuleAdjustments.as_form_data` fills the fields in again)."""
        entered = {name: getattr(self, name).data for name in ADJUSTMENTS}
        for name in YES_NO_ADJUSTMENTS:
            entered[name] = entered[name] == "yes" if entered[name] else None
        decks = entered["decks"]
        entered.update(
            variant=self.variant.data or "", custom=self.custom_sizes(),
            trump_cycle=typed_cycle(self.trump_cycle.data),
            # The preview reads the form before it refuses any other number of decks.
            decks=int(decks) if decks in ("1", "2") else None,
        )
        return RuleAdjustments(**entered)

    def ruleset(self) -> Ruleset:
        """The chosen preset (and variant) with every adjustment applied.

        :raise RulesError: when the adjusted rules contradict each other.
        """
        return adjusted_ruleset(self.chosen_preset(), self.adjustments())


#: The fields under "Adjust the rules", in the order the page shows them: the
#: first of them in error is the one a refused form puts the keyboard on.
ADJUSTMENTS = (
    "shape", "length", "start", "peak", "custom", "trump_method", "when_no_card_left",
    "trump_cycle", "no_trump_last_round", "must_trump", "hook", "hook_min_cards", "bidding",
    "decks", "identical_cards", "scoring", "exact_bonus", "exact_per_trick", "miss_per_trick",
    "over_penalty", "under_penalty", "winner", "zero_bid", "zero_bid_points", "progressive",
    "tie_break", "revoke_penalty", "revoke_points",
)

__all__ = ["ADJUSTMENTS", "SetupForm", "RulesError"]


class JoinForm(FlaskForm):
    """The short code of a game, typed on the front page."""

    code = StringField(_l("Join code"), validators=[
        InputRequired(_l("Type the code that the other phone shows.")), Length(max=20)],
        filters=[without_control_characters])
