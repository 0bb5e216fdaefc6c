"""Set-up keeps the presets' word, offers their variants, and takes every option the
engine has (docs/rules.md sections 3, 4, 7, 9 and 10). The preview is an htmx
fragment and also a plain post of the whole form; both are run."""

from __future__ import annotations

import html
import re

import pytest
from flask_babel import gettext

from scorekeeper.rules import RevokePenalty, Ruleset, Scoring
from test_setup import setup_data, stored_game

HTMX = {"HX-Request": "true"}


def preview(client, htmx, **data):
    """The preview of the form as typed: the htmx fragment, or the plain page."""
    data = setup_data(**data)
    if htmx:
        data["action"] = "preview"
        response = client.post("/new/preview", data=data, headers=HTMX)
    else:
        response = client.post("/new", data={**data, "action": "preview"})
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def start(client, **data):
    response = client.post("/new", data=setup_data(**data))
    return response, html.unescape(response.get_data(as_text=True))


# --- presets keep their word -------------------------------------------------------

# (preset, players, words of the refusal) for each case of the issue
REFUSED = [
    ("planowanie", "ABCDE", ["Planowanie is for 2 to 4 players, not 5.",
                             "For 5 players, these rules fit: Piekiełko; Oh Hell, 10 to 1 to 10;",
                             "Or adjust the schedule or the decks."]),
    ("estonian", "AB", ["Estonian rules is for 3 to 7 players, not 2.",
                        "For 2 players, these rules fit: Planowanie; Contract Whist."]),
    ("piekielko", "AB", ["Piekiełko is for 3 to 7 players, not 2."]),
    ("cardgames", "AB", ["Oh Hell, 10 to 1 to 10 is for 3 to 5 players, not 2."]),
    ("cardgames", "ABCDEF", [
        "Oh Hell, 10 to 1 to 10 is for 3 to 5 players, not 6.",
        "Or keep them with a variant: Two decks for 6 or 7 players (Ten cards each needs 60 "
        "or 70 cards;",
        "One deck, topping out at 8 or 7 cards (The same down-and-up shape with one deck: 8 "
        "cards at the top for 6 players and 7 for 7"]),
]


@pytest.mark.parametrize(("preset", "names", "words"), REFUSED)
def test_a_preset_outside_its_range_is_refused_naming_the_range_and_what_fits(
        client, app, preset, names, words):
    response, page = start(client, names=tuple(names), preset=preset)
    assert response.status_code == 422
    for text in words:
        assert text in page
    assert f'value="{names[0]}"' in page  # nothing typed is lost
    assert page.count(words[0]) == 1  # said once


@pytest.mark.parametrize("htmx", [False, True])
def test_the_preview_says_the_refusal_before_the_game_starts(client, htmx):
    page = preview(client, htmx, names=tuple("ABCDEF"))
    assert "Oh Hell, 10 to 1 to 10 is for 3 to 5 players, not 6." in page


@pytest.mark.parametrize(("extra", "summary"), [
    ({"decks": "2", "names": tuple("ABCDEFGH"), "preset": "estonian"},
     "Estonian rules, adjusted: two decks"),
    ({"variant": "two-decks", "names": tuple("ABCDEF")},
     "Oh Hell, 10 to 1 to 10: Two decks for 6 or 7 players"),
    ({"variant": "one-deck-capped", "names": tuple("ABCDEFG")},
     "Oh Hell, 10 to 1 to 10: One deck, topping out at 8 or 7 cards"),
    ({"shape": "up", "peak": "10", "names": tuple("ABCDE"), "preset": "planowanie"},
     "Planowanie, adjusted: schedule up; largest hand 10 cards"),
])
def test_an_adjusted_schedule_or_decks_plays_with_any_number_and_says_so(client, app, extra,
                                                                         summary):
    for htmx in (False, True):
        assert f'<strong>{summary}</strong>' in preview(client, htmx, **extra)
    response, _page = start(client, **extra)
    assert response.status_code == 302
    standings = html.unescape(client.get(response.headers["Location"] + "standings")
                              .get_data(as_text=True))
    assert f"<dd>{summary}</dd>" in standings


def test_planowanie_starts_at_13_and_offers_17_only_to_two_or_three(client, app):
    three = preview(client, False, names=("Ann", "Bob", "Cy"), preset="planowanie")
    assert "13 rounds: 13 12 11 10 9 8 7 6 5 4 3 2 1 cards" in three
    assert 'value="from-17"' in three
    four = preview(client, True, names=("Ann", "Bob", "Cy", "Di"), preset="planowanie")
    assert 'value="from-17"' not in four and 'value="down-then-up"' in four
    response, page = start(client, names=("Ann", "Bob", "Cy", "Di"), preset="planowanie",
                           variant="from-17")
    assert response.status_code == 422
    assert "The variant “Start at 17 cards” is for 2 to 3 players, not 4." in page
    response, _page = start(client, names=("Ann", "Bob", "Cy"), preset="planowanie",
                            variant="from-17")
    assert response.status_code == 302
    assert Ruleset.from_dict(stored_game(app).ruleset).schedule.peak_for(3) == 17


@pytest.mark.parametrize("htmx", [False, True])
def test_the_variants_shown_are_the_chosen_presets_for_the_players_typed(client, htmx):
    page = preview(client, htmx, names=tuple("ABCDEF"))
    variants = page[page.index('id="variants"'):]
    assert 'value="two-decks"' in variants and 'value="one-deck-capped"' in variants
    assert "6–7 players" in variants and "[PL-piekielko]" not in variants
    if htmx:  # the chosen preset's details and variants come along, out of band
        about = page[page.index('<div id="about" hx-swap-oob="true">'):]
        assert '<fieldset id="variants">' in about and "Ten cards each needs 60 or 70 cards" in about
    # A variant of the preset chosen before is forgotten when the preset changes.
    other = preview(client, htmx, names=tuple("ABCD"), preset="kachuful", variant="two-decks")
    assert 'value="times-ten"' in other and 'value="two-decks"' not in other


def test_a_variant_of_another_preset_is_refused_in_place(client):
    response, page = start(client, preset="piekielko", variant="one-deck-capped")
    assert response.status_code == 422
    assert "Choose one of the variants these rules offer, or none." in page


@pytest.mark.parametrize("htmx", [False, True])
def test_each_preset_shows_where_to_read_it_but_not_its_sources_tag(client, htmx):
    """The chosen preset's details (in a fold under the list) name its source."""
    for preset, source, address in [
            ("ohhell", "[EN-pagat-ohhell]", "www.pagat.com/exact/ohhell.html"),
            ("nomination-whist", "[EN-nommy]", "www.nommy.co.uk/nommyrules.htm"),
            ("contract-whist", "[EN-godtland-contract-whist]", "www.godtlandsoftware.com"),
            ("kachuful", "[EN-wikipedia-kachufool]", "en.wikipedia.org/wiki/Kachufool")]:
        page = preview(client, htmx, preset=preset)
        assert source not in page and f"Source: {address}" in page


# --- every option of the engine -------------------------------------------------


def stored_rules(client, app, **data) -> Ruleset:
    response, page = start(client, **data)
    assert response.status_code == 302, page[page.find('class="error"'):][:400]
    return Ruleset.from_dict(stored_game(app).ruleset)


def test_when_no_card_is_left_to_turn_is_on_the_form(client, app):
    rules = stored_rules(client, app, preset="piekielko", when_no_card_left="dealer-last-card",
                         no_trump_last_round="no")
    assert (rules.trump.when_no_card_left, rules.trump.no_trump_last_round) == (
        "dealer-last-card", False)


@pytest.mark.parametrize(("typed", "cycle"), [
    ("S D C H", ("S", "D", "C", "H")),
    ("♠♥ nt d", ("S", "H", None, "D")),
    ("h, c; d s -", ("H", "C", "D", "S", None)),
])
def test_a_trump_cycle_is_typed_as_letters_or_symbols(client, app, typed, cycle):
    rules = stored_rules(client, app, trump_method="cycle", trump_cycle=typed)
    assert (rules.trump.method, rules.trump.cycle) == ("cycle", cycle)


#: Each language's no-trump word as its chips show it, and in full.
NO_TRUMP_WORDS = {
    "en": ("NT", "no trump"), "pl": ("BA", "bez atu"), "et": ("trumbita", "trumbita"),
    "de": ("ohne", "ohne Trumpf"), "fr": ("SA", "sans atout"), "es": ("ST", "sin triunfo"),
    "it": ("SA", "senza atout"), "pt": ("ST", "sem trunfo"), "hi": ("बिना ट्रम्प", "बिना ट्रम्प"),
}


@pytest.mark.parametrize("lang", list(NO_TRUMP_WORDS))
@pytest.mark.parametrize("form", ["chip", "full", "NT"])
def test_the_trump_order_takes_the_pages_own_word_for_no_trump(client, app, lang, form):
    """A table types what its chips show: "S BA H" in Polish, "S ohne H" in
    German; "NT" is taken in every language."""
    chip, full = NO_TRUMP_WORDS[lang]
    word = {"chip": chip, "full": full, "NT": "nt"}[form]
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert (chip, full) == (gettext("NT"), gettext("no trump"))  # the words the page shows
    response = client.post("/new", headers={"Accept-Language": lang}, data=setup_data(
        trump_method="cycle", trump_cycle=f"S {word}, H {word.upper()}"))
    assert response.status_code == 302, html.unescape(response.get_data(as_text=True))[:300]
    assert Ruleset.from_dict(stored_game(app).ruleset).trump.cycle == ("S", None, "H", None)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_preview_takes_the_pages_own_word_for_no_trump(client, htmx):
    client.set_cookie("lang", "pl")
    page = preview(client, htmx, preset="planowanie", trump_method="cycle", trump_cycle="♠ BA ♥")
    assert "to nie kolor" not in page
    trumps = page[page.index('id="preview-trumps"'):][:900]
    assert re.findall(r'aria-label="([\w ]+)"', trumps)[:4] == ["piki", "bez atu", "kiery", "piki"]


@pytest.mark.parametrize("typed", ["BA", "S ohne"])
def test_another_languages_word_for_no_trump_is_refused(client, typed):
    response, page = start(client, trump_method="cycle", trump_cycle=typed)
    assert response.status_code == 422
    assert f"“{typed.split()[-1]}” is not a suit" in page


@pytest.mark.parametrize("htmx", [False, True])
def test_a_cycles_trumps_show_in_the_preview_before_the_deal(client, htmx):
    page = preview(client, htmx, preset="kachuful")
    trumps = page[page.index('id="preview-trumps"'):][:900]
    assert re.findall(r'aria-label="(\w+)"', trumps)[:5] == [
        "spades", "diamonds", "clubs", "hearts", "spades"]


@pytest.mark.parametrize(("extra", "message"), [
    ({"trump_method": "cycle", "trump_cycle": "S X H"},
     "“X” is not a suit: write S, H, D, C (or ♠ ♥ ♦ ♣), and NT for a round without trump."),
    ({"trump_method": "cycle"}, "List the trumps in order, for example ♠ ♦ ♣ ♥, or S D C H."),
    ({"trump_cycle": "S H"}, "A list of trumps needs “a fixed order of suits” as the trump."),
    ({"length": "quick", "peak": "7"}, "A quick game sets the largest hand itself"),
    ({"exact_bonus": "5"}, "To build the scoring from parts, choose “Custom…” as the scoring."),
    ({"scoring": "custom", "zero_bid": "fixed"}, "Enter the points a made 0 scores."),
    ({"scoring": "custom", "zero_bid_points": "7"},
     "Choose “scores a fixed number of points” for a made 0 to use this number."),
    ({"scoring": "custom", "over_penalty": "-2"}, "Number must be between 0 and 1000."),
    ({"scoring": "custom", "exact_bonus": "ten"}, "Enter the points as a whole number."),
    ({"revoke_penalty": "none", "revoke_points": "5"},
     "Without a penalty a revoke moves no points."),
    ({"revoke_penalty": "tricks-to-harmed", "revoke_points": "5"},
     "The laws of whist move 3 tricks: leave the points empty."),
])
def test_a_bad_option_gets_its_own_message_and_keeps_what_was_typed(client, extra, message):
    response, page = start(client, **extra)
    assert response.status_code == 422
    assert message in page
    for field, value in extra.items():
        if field in ("trump_cycle", "peak", "exact_bonus", "zero_bid_points", "over_penalty",
                     "revoke_points"):
            assert f'value="{value}"' in page, field
        else:
            assert f'<option selected value="{value}">' in page, field


def test_a_quick_game_keeps_the_shape_in_five_rounds(client, app):
    rules = stored_rules(client, app, length="quick")
    assert [rules.schedule.shape, rules.schedule.start, rules.schedule.peak] == ["down-up", 1, 3]
    page = preview(client, True, length="quick", preset="planowanie")
    assert "5 rounds: 5 4 3 2 1 cards" in page
    assert "Planowanie, adjusted: quick game: 5 rounds" in page


def test_custom_scoring_is_built_from_parts_over_the_presets_scoring(client, app):
    rules = stored_rules(client, app, scoring="custom", exact_bonus="20", exact_per_trick="2",
                         miss_per_trick="0", over_penalty="1", under_penalty="3",
                         zero_bid="fixed", zero_bid_points="15", progressive="yes",
                         winner="lowest")
    scoring = rules.scoring
    assert scoring.name == "custom"
    assert (scoring.exact_bonus, scoring.exact_points_per_bid, scoring.exact_points_per_trick,
            scoring.miss_points_per_trick) == (20, 0, 2, 0)
    assert (scoring.over_penalty_per_trick, scoring.under_penalty_per_trick) == (1, 3)
    assert (scoring.zero_bid_points, scoring.progressive_misses, scoring.lowest_wins) == (
        15, True, True)


def test_a_custom_part_left_empty_keeps_the_presets_value(client, app):
    scoring = stored_rules(client, app, scoring="custom", exact_bonus="5").scoring
    # cardgames scores trick points: 10 + t when exact, t when missed; the bonus becomes 5.
    assert scoring == Scoring("custom", exact_bonus=5, exact_points_per_trick=1,
                              miss_points_per_trick=1)


def test_a_revoke_penalty_is_a_table_option(client, app):
    rules = stored_rules(client, app, revoke_penalty="others-gain")
    assert rules.revoke_penalty == RevokePenalty("others-gain", 3)


def test_the_laws_three_tricks_are_a_revoke_penalty_of_the_form(client, app):
    rules = stored_rules(client, app, revoke_penalty="tricks-to-harmed")
    assert rules.revoke_penalty == RevokePenalty("tricks-to-harmed", 3)
    page = preview(client, False, revoke_penalty="tricks-to-harmed")
    assert "revoke penalty: 3 tricks go from the revoker to the player harmed" in page


@pytest.mark.parametrize(("rule", "summary"), [
    ("most-bid", "adjusted: of equal totals, who bid the most wins"),
    ("extra-hands", "adjusted: equal totals play further hands at the largest deal")])
def test_the_tie_rule_is_an_adjustment_of_the_form(client, app, rule, summary):
    assert stored_rules(client, app, tie_break=rule).tie_break == rule
    page = preview(client, False, tie_break=rule)
    assert "Equal totals at the end" in page
    assert summary in page


@pytest.mark.parametrize("htmx", [False, True])
def test_the_preview_sums_up_every_change(client, htmx):
    page = preview(client, htmx, scoring="custom", exact_bonus="5", miss_per_trick="0",
                   revoke_penalty="revoker-loses", revoke_points="10")
    assert ("Oh Hell, 10 to 1 to 10, adjusted: scoring: Custom scoring (exact: 5 + 1 a "
            "trick; missed: 0 a trick; highest total wins); revoke penalty: the revoker "
            "loses 10 points") in page
