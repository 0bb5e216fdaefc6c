"""Choosing the language: Accept-Language first, then the switcher's cookie;
and every kind of message (ours, WTForms', the rules engine's) in that language."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.wording.cards import card_label, card_name


def lang_of(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


@pytest.mark.parametrize(
    "header, lang, heading",
    [
        (None, "en", "New game"),
        ("pl-PL,pl;q=0.9,en;q=0.8", "pl", "Nowa gra"),
        ("et,en;q=0.5", "et", "Uus mäng"),
        ("fi-FI,et;q=0.7", "et", "Uus mäng"),
        ("ja-JP", "en", "New game"),
    ],
)
def test_the_first_visit_follows_the_browser(client, header, lang, heading):
    headers = {"Accept-Language": header} if header else {}
    page = client.get("/new", headers=headers).get_data(as_text=True)
    assert lang_of(page) == lang
    assert f"<h1>{heading}</h1>" in page


def test_every_page_offers_the_switcher_with_the_current_language_pressed(client):
    page = client.get("/", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    form = page[page.index("<footer"):page.index("</footer>")]
    assert 'action="/language"' in form and 'name="next" value="/"' in form
    for code, name in [("en", "English"), ("pl", "Polski"), ("et", "Eesti")]:
        assert f'value="{code}" lang="{code}"' in form and name in form
    assert re.search(r'value="pl" lang="pl"\s+aria-pressed="true"', form)
    assert re.search(r'value="en" lang="en"\s+aria-pressed="false"', form)


def test_switching_sets_a_long_lived_cookie_and_goes_back_to_the_page(client):
    response = client.post("/language", data={"lang": "et", "next": "/new?x=1"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/new?x=1"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=et;") and "Max-Age=63072000" in cookie
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


def test_the_choice_wins_over_the_browser_on_later_visits(client):
    client.post("/language", data={"lang": "et", "next": "/"})
    page = client.get("/new", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert lang_of(page) == "et" and "Uus mäng" in page
    client.post("/language", data={"lang": "en", "next": "/"})
    assert lang_of(client.get("/", headers={"Accept-Language": "pl"}).get_data(as_text=True)) == "en"


@pytest.mark.parametrize(
    "target",
    ["https://evil.example/", "//evil.example/x", "/\\evil.example", "http:/evil", "javascript:alert(1)",
     "/no/such/page", "", "/language", "new"],
)
def test_the_switcher_only_goes_back_to_pages_of_this_site(client, target):
    response = client.post("/language", data={"lang": "pl", "next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_after_a_refused_post_the_switcher_goes_back_to_the_page_it_was_on(client, table):
    table.start()
    response = client.post("/language", data={"lang": "pl", "next": table.url("/round/1/bid")},
                           headers={"Referer": f"http://localhost{table.url('/round/1')}"})
    assert response.headers["Location"] == table.url("/round/1")


def test_an_unknown_language_is_refused(client):
    assert client.post("/language", data={"lang": "ja", "next": "/"}).status_code == 400
    assert "lang=" not in client.post("/language", data={"lang": "ja"}).headers.get("Set-Cookie", "")


def test_the_switcher_needs_the_csrf_token(app):
    app.config["WTF_CSRF_ENABLED"] = True
    response = app.test_client().post("/language", data={"lang": "pl", "next": "/"})
    assert response.status_code == 400
    assert "lang=" not in response.headers.get("Set-Cookie", "")


@pytest.mark.parametrize(
    "lang, expected",
    [("en", "Field cannot be longer than 40 characters."),
     ("pl", "Wartość w polu nie może mieć więcej niż 40 znaków."),
     ("et", "Väli ei tohi olla üle 40 tähemärgi pikk.")],
)
def test_wtforms_own_messages_come_out_translated(client, lang, expected):
    data = {"players-0": "A" * 41, "players-1": "Bob", "preset": "estonian", "first_dealer": "0",
            "action": "start"}
    response = client.post("/new", data=data, headers={"Accept-Language": lang})
    assert response.status_code == 422
    assert expected in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "lang, extra, expected",
    [
        ("en", {"shape": "up", "peak": "14"}, "at most 13 cards each"),
        ("pl", {"shape": "up", "peak": "14"}, "każdy może dostać najwyżej 13 kart."),
        ("et", {"shape": "up", "peak": "14"}, "igaühele kõige rohkem 13 kaarti."),
        ("pl", {"shape": "custom", "custom": "0 1"}, "co najmniej 1 kartę"),
        ("et", {"shape": "down", "start": "5", "peak": "3"}, "Suurim käsi (3) on väiksem kui väikseim käsi (5)."),
    ],
)
def test_rules_engine_errors_reach_the_table_in_its_language(client, lang, extra, expected):
    data = {f"players-{i}": n for i, n in enumerate(("Ann", "Bob", "Cy", "Di"))}
    data.update(preset="cardgames", first_dealer="0", action="start", **extra)
    response = client.post("/new", data=data, headers={"Accept-Language": lang})
    assert response.status_code == 422
    assert expected in response.get_data(as_text=True)


def test_the_peak_error_keeps_its_english_and_gets_its_numbers(app):
    from scorekeeper.web.wording.rules import rules_message
    from scorekeeper.rules import InvalidSchedule, ScheduleSpec, round_sizes

    with pytest.raises(InvalidSchedule) as caught:
        round_sizes(ScheduleSpec("up", peak=14), players=4)
    error = caught.value
    assert str(error) == ("A largest hand of 14 cards needs 56 cards for 4 players, but one deck "
                          "has 52: at most 13 cards each.")
    assert error.kind == "peak-too-large"
    assert (error.details["peak"], error.details["needed"], error.details["limit"]) == (14, 56, 13)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert rules_message(error) == ("A largest hand of 14 cards needs 56 cards for 4 players, "
                                        "but one deck has 52 cards: at most 13 cards each.")


@pytest.mark.parametrize(
    "lang, presets",
    [
        ("en", ["Planowanie", "Piekiełko", "Oh Hell, 10 to 1 to 10", "Estonian rules"]),
        ("pl", ["Planowanie", "Piekiełko", "Oh Hell: od 10 do 1 i z powrotem", "Zasady estońskie"]),
        ("et", ["Planowanie", "Piekiełko", "Oh Hell: 10-st 1-ni ja tagasi", "Eesti reeglid"]),
    ],
)
def test_presets_carry_their_local_names(client, lang, presets):
    page = client.get("/new", headers={"Accept-Language": lang}).get_data(as_text=True)
    for title in presets:
        assert f"<strong>{title}</strong>" in page


@pytest.mark.parametrize(
    "lang, words",
    [
        ("pl", ["Rozdanie 1 z 19", "Rozdaje", "Atut", "Deklaracje", "Suma deklaracji 0 na 10 lew"]),
        ("et", ["Voor 1/19", "Jagaja", "Trump", "Pakkumised", "Pakkumiste summa 0, mängus 10 tihti"]),
    ],
)
def test_the_round_screen_speaks_the_tables_words(client, table, lang, words):
    table.start()
    page = client.get(table.url("/round/1"), headers={"Accept-Language": lang}).get_data(as_text=True)
    for word in words:
        assert word in page


@pytest.mark.parametrize(
    "lang, cards",
    [
        ("en", {"QH": "Q♥", "TD": "10♦", "AS": "A♠", "JC": "J♣", "2H": "2♥"}),
        ("pl", {"QH": "D♥", "TD": "10♦", "AS": "A♠", "JC": "W♣", "KD": "K♦"}),
        ("et", {"QH": "E♥", "TD": "10♦", "AS": "Ä♠", "JC": "S♣", "KD": "K♦"}),
    ],
)
def test_card_labels_use_each_languages_letters(app, lang, cards):
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert {text: card_label(text) for text in cards} == cards


@pytest.mark.parametrize(
    "lang, name", [("en", "queen of hearts"), ("pl", "dama kier"), ("et", "ärtu emand")]
)
def test_card_names_read_as_players_say_them(app, lang, name):
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert card_name("QH") == name


@pytest.mark.parametrize(
    "lang, date, share", [("en", "1/2/25", "(50%)"), ("pl", "2.01.2025", "(50%)"), ("et", "2.01.25", "(50%)")]
)
def test_dates_and_shares_follow_the_locale(client, table, app, lang, date, share):
    import datetime

    from scorekeeper.storage.database import db
    from scorekeeper.storage.models import Game

    table.start()
    table.play_round(1, [1, 2, 3, 0], 10, {1: 3, 2: 3, 3: 3, 0: 0}, {1: 3, 2: 3, 3: 4, 0: 0})
    table.play_round(2, [2, 3, 0, 1], 9, {2: 3, 3: 3, 0: 0, 1: 0}, {2: 3, 3: 3, 0: 3, 1: 0})
    with app.app_context():
        game = db.session.scalars(db.select(Game)).one()
        game.updated_at = datetime.datetime(2025, 1, 2, 15, 30)
        db.session.commit()
    index = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert date in index
    standings = client.get(table.url("/standings"), headers={"Accept-Language": lang}).get_data(as_text=True)
    assert share in standings


@pytest.mark.parametrize("lang, preset", [
    ("en", "cardgames"), ("pl", "planowanie"), ("et", "estonian"), ("hi", "kachuful"),
    ("de", "ohhell"), ("fr", "ohhell"), ("es", "ohhell"), ("it", "ohhell"), ("pt", "ohhell"),
])
def test_a_new_game_starts_from_the_preset_of_the_readers_language(client, lang, preset):
    page = client.get("/new", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert re.findall(r'name="preset" value="([\w-]+)" checked', page) == [preset]


def test_the_rank_letters_come_from_the_catalogue_with_a_note_for_translators():
    from pathlib import Path

    from babel.messages.pofile import read_po

    pot = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations" / "messages.pot"
    with open(pot, "rb") as f:
        template = read_po(f)
    for letter in "JQKA":
        message = template.get(letter, context="rank letter")
        assert message is not None and message.auto_comments, letter


def test_wtforms_own_messages_come_in_each_pages_language(app):
    """WTForms' messages are read once per language and process, and still
    follow each request's language."""
    from scorekeeper.web.manage.forms import JoinForm

    seen = {}
    for lang in ("pl", "en", "pl", "et"):
        with app.test_request_context("/", method="POST", data={"name": "x" * 50},
                                      headers={"Accept-Language": lang}):
            app.preprocess_request()
            form = JoinForm()
            form.validate()
            seen.setdefault(lang, set()).add(form.errors["name"][0])
    assert seen == {"pl": {"Wartość w polu nie może mieć więcej niż 40 znaków."},
                    "en": {"Field cannot be longer than 40 characters."},
                    "et": {"Väli ei tohi olla üle 40 tähemärgi pikk."}}


def test_templates_translate_as_jinja_newstyle_gettext_does(app):
    """The page's own _ and ngettext (bound once per template) mean what
    Flask-Babel's do: the text is a format string, values are escaped, and
    ngettext's count is %(num)s unless given."""
    from flask import render_template_string
    from flask_babel import gettext, ngettext

    source = ("{{ _('Round %(number)s', number='<b>') }}|{{ _('Trump') }}|"
              "{{ ngettext('%(num)s trick', '%(num)s tricks', 2) }}|"
              "{{ ngettext('Bids total %(bids)s for %(num)s trick', "
              "'Bids total %(bids)s for %(num)s tricks', 1, bids=3) }}")
    with app.test_request_context("/", headers={"Accept-Language": "pl"}):
        polish = render_template_string(source)
        assert "{{" not in polish
        html = render_template_string("{% autoescape true %}" + source + "{% endautoescape %}")
        babel = [gettext("Round %(number)s", number="&lt;b&gt;"), gettext("Trump"),
                 ngettext("%(num)s trick", "%(num)s tricks", 2),
                 ngettext("Bids total %(bids)s for %(num)s trick",
                          "Bids total %(bids)s for %(num)s tricks", 1, bids=3)]
    assert polish.split("|") == babel
    assert polish.split("|")[0].startswith("Rozdanie") and polish.split("|")[1] != "Trump"
    assert html == polish
    with app.test_request_context("/"):
        english = render_template_string(source)
    assert english == "Round &lt;b&gt;|Trump|2 tricks|Bids total 3 for 1 trick"
