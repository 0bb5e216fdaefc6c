"""One word per idea in each catalogue, the word docs/glossary.md gives.

The glossary has a table of ideas (a pattern that finds the idea in a
message's English) and, for each language, a row per idea: the pattern of the
word its catalogue uses and the patterns of words it must never use for that
idea. This test reads the page as a person does, so the page and the
catalogues cannot drift apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
LANGUAGES = ["pl", "et", "de", "fr", "es", "it", "pt", "hi"]
#: A pattern in a table cell: `...`, with "\|" standing for "|".
CELL_PATTERN = re.compile(r"`((?:[^`\\]|\\.)+)`")
NONE = "—"
#: A placeholder of a message ("%(round)s"): its name is English, never a word.
#: The check reads it as "#", a value, so that a pattern can say what may
#: follow a number (Estonian "5 tihti", never "5 tihi").
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
#: The count of a plural message, which its first form (the form for one) shows as 1.
COUNT = "%(num)s"


@dataclass(frozen=True)
class Row:
    """One language's word for one idea."""

    idea: str
    word: str
    says: re.Pattern
    never: tuple[re.Pattern, ...]


def patterns(cell: str) -> list[re.Pattern]:
    return [re.compile(p.replace(r"\|", "|"), re.I | re.M) for p in CELL_PATTERN.findall(cell)]


def cells(line: str) -> list[str]:
    """The cells of a table row; "\\|" inside a cell is not a border."""
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def tables(text: str) -> dict[str, list[list[str]]]:
    """Each section's table rows (header and rule left out), by the section's
    heading: "The ideas", or a language's code from "## Name (xx)"."""
    found: dict[str, list[list[str]]] = {}
    section = None
    for line in text.splitlines():
        heading = re.match(r"## (.*)$", line)
        if heading:
            code = re.search(r"\((\w\w)\)\s*$", heading.group(1))
            section = code.group(1) if code else heading.group(1)
            found[section] = []
        elif section and line.startswith("|") and not re.match(r"\|[-| ]+\|$", line):
            found[section].append(cells(line))
    return {name: rows[1:] for name, rows in found.items() if rows}


def read_glossary() -> tuple[dict[str, re.Pattern], dict[str, dict[str, Row]]]:
    sections = tables(GLOSSARY.read_text(encoding="utf-8"))
    ideas = {row[0]: patterns(row[1])[0] for row in sections["The ideas"]}
    words = {}
    for lang in LANGUAGES:
        words[lang] = {}
        for idea, word, says, never, _source in sections.get(lang, []):
            assert idea not in words[lang], f"{lang}: {idea} twice"
            (says_pattern,) = patterns(says)
            words[lang][idea] = Row(idea, word, says_pattern,
                                    () if never == NONE else tuple(patterns(never)))
    return ideas, words


IDEAS, WORDS = read_glossary()


def forms(message) -> list[str]:
    """A message's translations; in a plural's first form, the form for one
    in every catalogue here, the count is 1."""
    if not isinstance(message.string, tuple):
        return [message.string] if message.string else []
    return [s.replace(COUNT, "1") if i == 0 else s for i, s in enumerate(message.string) if s]


def catalogue(lang: str) -> list[tuple[str, list[str]]]:
    """Each message as its English (both forms of a plural, joined) and its translations."""
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        messages = [m for m in read_po(po, locale=lang) if m.id]
    return [(" ".join(m.id) if isinstance(m.id, tuple) else m.id, forms(m)) for m in messages]


def ideas_of(english: str) -> list[str]:
    return [idea for idea, pattern in IDEAS.items() if pattern.search(english)]


def misused(lang: str, english: str, translation: str) -> list[str]:
    """The words of ``translation`` the glossary rules out for the ideas its
    English names; a word that another idea of the same message uses (its
    "the catalogue says" pattern) does not count."""
    ideas = ideas_of(english)
    found = []
    for idea in ideas:
        text = PLACEHOLDER.sub("#", translation)
        for other in ideas:
            if other != idea:
                text = WORDS[lang][other].says.sub(" ", text)
        found += [f"{idea}: {hit.group(0)!r}" for never in WORDS[lang][idea].never
                  for hit in [never.search(text)] if hit]
    return found


def test_the_glossary_has_every_idea_in_every_language():
    assert len(IDEAS) >= 20
    for lang in LANGUAGES:
        assert set(WORDS[lang]) == set(IDEAS), (lang, set(IDEAS) ^ set(WORDS[lang]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_uses_a_word_the_glossary_rules_out(lang):
    wrong = [f"{english[:60]!r} → {translation[:80]!r}: {hits}"
             for english, translations in catalogue(lang) for translation in translations
             for hits in [misused(lang, english, translation)] if hits]
    assert not wrong, f"{lang}: {len(wrong)} messages\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossarys_word_is_the_one_the_catalogue_uses(lang):
    """At least half of an idea's messages say it with the glossary's word: the
    page records what the catalogue says, not a wish."""
    messages = catalogue(lang)
    rare = {}
    for idea, pattern in IDEAS.items():
        about = [" ".join(t) for english, t in messages if pattern.search(english)]
        using = [t for t in about if WORDS[lang][idea].says.search(t)]
        if about and len(using) * 2 < len(about):
            rare[idea] = f"{len(using)} of {len(about)}"
    assert not rare, f"{lang}: {rare}"


def test_the_check_finds_a_word_the_glossary_rules_out():
    """The checks can fail: a bet in Spanish, a second word for close in
    Estonian, typed text in German, a quantity for the menu's "More" in Hindi;
    while the word of another idea of the same message is left alone (a चाल,
    a card played, is the hand record's word, never the lead's)."""
    assert misused("es", "Your bid", "Tu apuesta") == ["bid: 'apuest'"]
    assert misused("et", "Round %(number)s closed", "Voor %(number)s suletud")
    assert misused("de", "Connected again: everything tapped is saved.", "Alles Getippte ist gespeichert.")
    assert misused("hi", "More", "ज़्यादा") == ["more: 'ज़्यादा'"]
    assert misused("hi", "%(name)s leads", "अगली चाल: %(name)s") == ["lead: 'चाल'"]
    assert not misused("hi", "Export the hand: %(name)s leads", "चालें एक्सपोर्ट: पहला पत्ता %(name)s")


@pytest.mark.parametrize("lang, english, translation, found", [
    # Spanish trumps with "fallar": a missed bid is "no cumplida".
    ("es", "Points per trick when missed", "Puntos por baza si se falla", ["missed: 'fall'"]),
    ("es", "A made 4 scores 40, a missed 4 loses 40.", "Un 4 cumplido vale 40, un 4 fallado pierde 40.",
     ["missed: 'fall'"]),
    ("fr", "missed: %(per)s a trick", "ratée : %(per)s par pli", ["missed: 'raté'"]),
    ("it", "Points per trick when missed", "Punti per presa se fallita", ["missed: 'fallit'"]),
    ("et", "A missed bid loses the bid", "Möödapakkumine kaotab pakkumise", ["missed: 'Mööda'"]),
    ("et", "10 → 1 → 10 · hook rule · 10 + bid, minus a miss",
     "10 → 1 → 10 · jagaja piirang · 10 + pakkumine, miinus möödalask", ["missed: 'mööda'"]),
    # Estonian counts tricks in the partitive: "5 tihti", "kolm tihti".
    ("et", "Bids total %(bids)s for %(num)s tricks", "Pakkumiste summa %(bids)s, mängus %(num)s tihi",
     ["trick: '# tihi'"]),
    ("et", "The laws of whist move 3 tricks: leave the points empty.",
     "Vistiseadused liigutavad 3 tihi: jäta punktid tühjaks.", ["trick: '3 tihi'"]),
    ("et", "three tricks go from the revoker to the player harmed",
     "kolm tihi läheb masti tunnistamata jätjalt kahju saanud mängijale", ["trick: 'kolm tihi'"]),
    ("pl", "diamonds", "kara", ["diamonds: 'kara'"]),
    ("pl", "The hook and the dealer", "Haczyk i rozdający", ["hook: 'Haczyk'"]),
    ("et", "The hook and the dealer", "Konks ja jagaja", ["hook: 'Konks'"]),
    ("de", "The hook and the dealer", "Der Haken und der Geber", ["hook: 'Haken'"]),
    ("fr", "The hook and the dealer", "Le crochet et le donneur", ["hook: 'crochet'"]),
    ("es", "The hook and the dealer", "El gancho y quien reparte", ["hook: 'gancho'"]),
    ("it", "The hook and the dealer", "Il gancio e il mazziere", ["hook: 'gancio'"]),
    ("pt", "The hook and the dealer", "O gancho e o carteador", ["hook: 'gancho'"]),
    ("hi", "The hook and the dealer", "हुक और बाँटने वाला", ["hook: 'हुक'"]),
    ("it", "Up to the largest hand, then down", "Su fino alle più carte in mano, poi giù",
     ["hand: 'più carte in mano'"]),
])
def test_the_check_finds_a_second_word_for_one_idea(lang, english, translation, found):
    """Each finding of the December 2026 words review where one idea had two
    words is caught in the words the catalogue then had."""
    assert misused(lang, english, translation) == found


@pytest.mark.parametrize("lang, english, translation", [
    ("es", "Must trump", "Obligación de fallar"),  # fallar is trumping
    ("et", "%(name)s: %(num)s trick", "%(name)s: 1 tihi"),  # the form for one
    ("et", "missed: %(per)s a trick", "täitmata: %(per)s tihi eest"),  # before a postposition
    ("et", "Wikipedia's basic scoring: 1 a trick, 10 more when exact",
     "Vikipeedia põhiarvestus: 1 tihi eest, täpse täitmise eest 10 lisaks"),
    ("hi", "Hook rule", "बाँटने वाले की पाबंदी: हुकुम"),  # हुकुम, spades
    ("pl", "Hook rule", "Kara za niedołożenie"),  # a penalty, where no diamond is meant
])
def test_the_right_word_is_left_alone(lang, english, translation):
    assert not misused(lang, english, translation)


def test_the_count_reads_as_one_in_the_form_for_one():
    class Plural:
        string = ("%(num)s tihi", "%(num)s tihti")
    assert forms(Plural) == ["1 tihi", "%(num)s tihti"]
