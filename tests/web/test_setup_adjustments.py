"""The set-up form and the adjustments as plain values: the form filled in with
:meth:`RuleAdjustments.as_form_data` reads back the same adjustments and
builds the same ruleset, sent as a plain form post too."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from adjustment_draws import adjustments_of, presets
from scorekeeper import create_app
from scorekeeper.game.rule_adjustments import RuleAdjustments, adjusted_ruleset
from scorekeeper.rules import Ruleset, RulesError, find_preset
from scorekeeper.storage.database import db
from scorekeeper.storage.models import Game
from scorekeeper.web.games.forms import ADJUSTMENTS, SetupForm


@pytest.fixture(scope="module")
def form_app():
    """An app for building forms only: nothing is stored, so one serves every draw."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": "sqlite://"})


def test_the_adjustments_are_the_forms_fields_under_adjust_and_the_variant():
    assert {field.name for field in dataclasses.fields(RuleAdjustments)} == {
        *ADJUSTMENTS, "variant"}


def built(preset, entered: RuleAdjustments):
    """The ruleset, or the kind of error that refuses it."""
    try:
        return adjusted_ruleset(preset, entered)
    except RulesError as error:
        return type(error)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_the_form_filled_in_with_the_form_data_reads_back_the_same_adjustments(form_app, data):
    preset = data.draw(presets, label="preset")
    entered = data.draw(adjustments_of(preset), label="adjustments")
    with form_app.test_request_context(method="POST"):
        form = SetupForm(formdata=MultiDict({"preset": preset.name, **entered.as_form_data()}))
        assert form.adjustments() == entered
        try:
            from_form = form.ruleset()
        except RulesError as error:
            from_form = type(error)
    assert from_form == built(preset, entered)


#: Adjustments of every kind, sent as the set-up page sends them.
SENT = [
    ("kachuful", RuleAdjustments(variant="no-trump-round", hook="off", decks=2)),
    ("ohhell", RuleAdjustments(length="quick", shape="custom", custom=(1, 2, 3))),
    ("planowanie", RuleAdjustments(scoring="custom", exact_per_trick=2, zero_bid="plus-hand",
                                   progressive=True, winner="lowest")),
    ("estonian", RuleAdjustments(trump_method="cycle", trump_cycle="♠ ♦ NT",
                                 no_trump_last_round=True, must_trump=True,
                                 revoke_penalty="revoker-loses", revoke_points=4)),
    ("piekielko", RuleAdjustments(variant="named-trump", start=2, peak=6, hook="from-cards",
                                  hook_min_cards=3, identical_cards="last-wins")),
    ("cardgames", RuleAdjustments(scoring="wizard", when_no_card_left="spades",
                                  bidding="simultaneous", hook="off")),
]


@pytest.mark.parametrize(("preset", "entered"), SENT, ids=[name for name, _ in SENT])
def test_a_game_set_up_with_the_form_data_plays_by_the_adjusted_rules(client, app, preset,
                                                                      entered):
    data = {f"players-{i}": name for i, name in enumerate(("Ann", "Bob", "Cy", "Di"))}
    data.update(preset=preset, first_dealer="0", action="start", **entered.as_form_data())
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    with app.app_context():
        stored = db.session.scalars(db.select(Game)).one().ruleset
    assert Ruleset.from_dict(stored) == adjusted_ruleset(find_preset(preset), entered)
