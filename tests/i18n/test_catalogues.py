"""The catalogues: every message of the app translated in every language,
placeholders kept, plural forms right.

The messages are extracted afresh from the code in the test (the same
babel.cfg and keywords as ``make translations-update``), so a new string
without a translation fails here, not on a phone at the table.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po

from scorekeeper.config import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def polish_form(n: int) -> int:
    """1 lewa, 2-4 (but not 12-14) lewy, else lew: the three Polish forms."""
    if n == 1:
        return 0
    return 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2


#: For each language: how many plural forms, and which form each count takes.
PLURAL_FORMS = {
    "en": (2, lambda n: 0 if n == 1 else 1),
    "et": (2, lambda n: 0 if n == 1 else 1),
    "pl": (3, polish_form),
    "de": (2, lambda n: 0 if n == 1 else 1),
    # Spanish, Italian, French and Portuguese: "de" before a noun for a million
    # and its multiples (un millón de puntos), CLDR's "many" form.
    "es": (3, lambda n: 0 if n == 1 else 1 if n != 0 and n % 1_000_000 == 0 else 2),
    "it": (3, lambda n: 0 if n == 1 else 1 if n != 0 and n % 1_000_000 == 0 else 2),
    "fr": (3, lambda n: 0 if n in (0, 1) else 1 if n != 0 and n % 1_000_000 == 0 else 2),
    # Brazilian Portuguese (the catalogue's variety) writes 0 with the plural:
    # "0 vazas", "0 pontos" (French keeps "0 pli", "0 point").
    "pt": (3, lambda n: 0 if n == 1 else 1 if n != 0 and n % 1_000_000 == 0 else 2),
    "hi": (2, lambda n: 0 if n <= 1 else 1),
}


def makefile_keywords() -> dict:
    """The extraction keywords of ``make translations-update``, so both agree."""
    line = re.search(r"^BABEL_KEYWORDS := (.*)$", (ROOT / "Makefile").read_text(), re.M).group(1)
    specs = re.findall(r"-k (\S+)", line)
    return {**DEFAULT_KEYWORDS, **parse_keywords(specs)}


@pytest.fixture(scope="module")
def extracted() -> set:
    """Every message of the code and the templates: (context, msgid) pairs."""
    with open(ROOT / "babel.cfg") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=makefile_keywords()
    ):
        found.add((context, message if isinstance(message, str) else message[0]))
    assert len(found) > 100  # the extraction really ran over the app
    return found


def catalogue(lang: str):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=lang)


def key(message) -> tuple:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_template_is_up_to_date_with_the_code(extracted):
    with open(TRANSLATIONS / "messages.pot", "rb") as pot:
        template = {key(m) for m in read_po(pot) if m.id}
    assert not extracted - template, "new messages: run make translations-update"
    assert not template - extracted, "messages gone from the code: run make translations-update"


def test_nine_languages_are_offered_with_english_the_fallback():
    assert set(LANGUAGES) == {"en", "pl", "et", "de", "fr", "es", "it", "pt", "hi"}
    assert LANGUAGES[0] == "en"
    assert set(PLURAL_FORMS) == set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_app_is_translated(extracted, lang):
    messages = {key(m): m for m in catalogue(lang) if m.id}
    untranslated = sorted(
        str(k) for k in extracted
        if k not in messages
        or "fuzzy" in messages[k].flags
        or not all(messages[k].string if isinstance(messages[k].string, tuple) else [messages[k].string])
    )
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated: {untranslated[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_holds_no_stale_messages(extracted, lang):
    stale = sorted(str(key(m)) for m in catalogue(lang) if m.id and key(m) not in extracted)
    assert not stale, f"{lang}: run make translations-update; stale: {stale[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_every_placeholder(lang):
    wrong = []
    for message in catalogue(lang):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            wanted = placeholders(message.id[0]) | placeholders(message.id[1])
            forms = list(message.string)
        else:
            wanted = placeholders(message.id)
            forms = [message.string]
        for form in forms:
            if form and placeholders(form) != wanted:
                wrong.append((message.id, form))
            elif form:
                try:  # a stray % breaks formatting at run time (Jinja formats every string)
                    form % {name: 1 for name in wanted}
                except (ValueError, TypeError, KeyError) as error:
                    wrong.append((message.id, f"{form} ({error})"))
    assert not wrong, f"{lang}: {wrong[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_declared_and_every_plural_has_them_all(lang):
    cat = catalogue(lang)
    count, form_of = PLURAL_FORMS[lang]
    header = dict(cat.mime_headers)["Plural-Forms"]
    declared = int(re.search(r"nplurals=(\d+)", header).group(1))
    plural = gettext.c2py(re.search(r"plural=(.*?);?$", header).group(1))
    assert declared == count
    counts = [*range(300), 1_000_000, 2_000_000, 1_000_001]
    assert [plural(n) for n in counts] == [form_of(n) for n in counts]
    for message in cat:
        if isinstance(message.id, tuple):
            assert len(message.string) == count, message.id


@pytest.mark.parametrize(
    "lang, count, word",
    [
        ("pl", 1, "1 lewę"), ("pl", 2, "2 lewy"), ("pl", 4, "4 lewy"), ("pl", 5, "5 lew"),
        ("pl", 12, "12 lew"), ("pl", 13, "13 lew"), ("pl", 22, "22 lewy"), ("pl", 0, "0 lew"),
        ("et", 1, "1 tihi"), ("et", 5, "5 tihti"), ("en", 1, "1 trick"), ("en", 2, "2 tricks"),
        ("pt", 0, "0 vazas"), ("pt", 1, "1 vaza"), ("fr", 0, "0 pli"), ("es", 0, "0 bazas"),
    ],
)
def test_counted_words_take_the_right_plural_form(app, lang, count, word):
    from flask_babel import ngettext

    with app.test_request_context(headers={"Accept-Language": lang}):
        text = ngettext("Bids total %(bids)s for %(num)s trick",
                        "Bids total %(bids)s for %(num)s tricks", count, bids=0)
    assert text.endswith(word) or f" {word}" in text, text


@pytest.mark.parametrize(
    "lang, count, text",
    [("pl", 1, "1 rozdanie"), ("pl", 3, "3 rozdania"), ("pl", 19, "19 rozdań"),
     ("et", 1, "1 voor,"), ("et", 19, "19 vooru,"), ("en", 1, "1 round:"), ("en", 19, "19 rounds:")],
)
def test_round_counts_read_right(app, lang, count, text):
    from scorekeeper.web.wording.ruleset import rounds_text

    with app.test_request_context(headers={"Accept-Language": lang}):
        assert rounds_text([1] * count).startswith(text)
