"""Words a player understands, in every language: a whole game is played
(a correction, an undo, a player joining and leaving, an adjustment, a
dispute, a switch of scoring) and every page it has is read in each
language, looking for what a player should never see: the codes of presets,
variants and options, the tags of the published texts, doubled words, and
English left on a page in another language."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.config import LANGUAGES
from scorekeeper.rules import PRESETS, SCORING_PRESETS

NAMES = ["Zośka", "Łukasz", "Jüri", "Ania"]
#: The codes a page may carry in a form's value or an address, never in its text.
CODES = sorted(
    {*PRESETS, *SCORING_PRESETS,
     *(v.name for p in PRESETS.values() for v in p.variants),
     "turned-card", "dealer-last-card", "not-final-round", "from-cards", "in-turn",
     "revoker-loses", "others-gain", "first-wins", "last-wins", "up-down", "down-up"},
    key=len, reverse=True,
)
#: Codes that are also plain English words ("with the hook rule").
CODES = [code for code in CODES if code not in {"hook", "fingers", "simultaneous"}]
#: A web address shown as a source ("www.pagat.com/exact/ohhell.html").
ADDRESS = re.compile(r"\S+\.\w+/\S*")
#: Words of a source's tag: [PL-planowanie], [EN-whist-laws].
SOURCE_TAG = re.compile(r"\[[A-Z]{2}-[\w-]+\]")
#: Words that say the same twice ("trump no trump", "atut bez atu").
DOUBLED = [
    # A word's letters include combining marks (the vowel signs of Devanagari),
    # which \w alone would take for the end of a word.
    re.compile(r"(?<![\w\u0300-\u036f\u0900-\u097f])([\w\u0300-\u036f\u0900-\u097f]+) \1"
               r"(?![\w\u0300-\u036f\u0900-\u097f])", re.I),
    re.compile(r"\btrumps?\W+(no trump|trumbita)", re.I),
    re.compile(r"\batut\W+bez atu", re.I),
    re.compile(r"\bundone\b.*\bundone\b", re.I),
    re.compile(r"closed and scored undone", re.I),
]
#: English words that would only be on a page in another language by mistake.
ENGLISH = re.compile(
    r"\b(Round|Dealer|Trump|Tricks|Bids?|Players?|Standings|History|Scoring|Undo|"
    r"adjusted|points?|the|and|with)\b")
#: Words that are the same in English and some of the languages (or names).
SHARED = {"et": {"Trump"}, "de": {"Trump"}, "fr": {"point", "points"}}


def visible_text(page: str) -> str:
    """What a person reads, one line per piece of text between tags (and one
    per label of an attribute a person hears or sees); scripts and the
    values of forms gone."""
    page = re.sub(r"<(script|style)\b.*?</\1>", "\n", page, flags=re.S)
    labels = re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', page)
    pieces = [*re.split(r"<[^>]+>", page), *labels]
    return "\n".join(" ".join(html.unescape(p).split()) for p in pieces if p.strip())


def play_a_whole_game(client, table) -> dict[str, str]:
    """A short game of every kind of entry; the pages to read, by name."""
    table.start(names=NAMES, preset="planowanie", shape="custom", custom="2 1 13",
                first_dealer="0")
    table.play_round(1, [1, 2, 3, 0], 2, {1: 1, 2: 0, 3: 0, 0: 0}, {1: 1, 2: 0, 3: 1, 0: 0},
                     trump="S")
    # A correction, rows in bidding order (seats 1, 2, 3, 0).
    edit = client.post(table.url("/round/1/edit"), data={
        "trump": "H", **{f"seats-{row}-bid": b for row, b in enumerate([1, 0, 0, 0])},
        **{f"seats-{row}-tricks": t for row, t in enumerate([1, 1, 0, 0])}})
    assert edit.status_code == 302, edit.get_data(as_text=True)
    table.play_round(2, [2, 3, 0, 1], 1, {2: 0, 3: 0, 0: 0, 1: 0}, {2: 1, 3: 0, 0: 0, 1: 0},
                     trump="C")
    table.undo()
    table.close(2)
    client.post(table.url("/adjust"), data={"player": 1, "points": 5, "reason": "Bonus"})
    client.post(table.url("/players/join"), data={"name": "Õie", "after": "0",
                                                   "start_rule": "average"})
    client.post(table.url("/players/leave"), data={"player": 4})
    client.post(table.url("/scoring"), data={"scoring": "trick-points"})
    return {
        "set-up": "/new",
        "front": "/",
        "round 1": table.url("/round/1"),
        "round 3": table.url("/round/3"),
        "correction": table.url("/round/1/edit"),
        "standings": table.url("/standings"),
        "players": table.url("/players"),
        "schedule": table.url("/schedule"),
        "compare": table.url("/compare"),
        "history": table.url("/history"),
        "share": table.url("/share"),
        "hand": table.url("/round/1/hand/"),
        "csv": table.url("/export.csv"),
        "rules csv": table.url("/rules.csv"),
    }


def problems(text: str, lang: str) -> list[str]:
    found = []
    text = ADDRESS.sub(" ", text)
    for code in CODES:
        if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text):
            found.append(f"code {code!r}")
    found += [f"source tag {tag}" for tag in SOURCE_TAG.findall(text)]
    for line in text.splitlines():
        for pattern in DOUBLED:
            match = pattern.search(line)
            if match and not re.fullmatch(r"[\d\s]+", match.group(0)):
                found.append(f"doubled words {match.group(0)!r}")
    if lang != "en":
        english = {m for m in ENGLISH.findall(text)} - SHARED.get(lang, set())
        found += [f"English word {word!r}" for word in sorted(english)]
    return found


@pytest.fixture
def pages(client, table):
    return play_a_whole_game(client, table)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_of_a_whole_game_shows_a_code_a_doubled_word_or_english(client, pages, lang):
    client.set_cookie("lang", lang)
    found = {}
    for name, path in pages.items():
        response = client.get(path)
        assert response.status_code == 200, (name, path)
        page = response.get_data(as_text=True)
        is_csv = name.endswith("csv")
        text = page if is_csv else visible_text(page)
        if is_csv:  # the ruleset as JSON, for programs, is the one place of the codes
            text = "\n".join(line for line in text.splitlines() if "rules.json" not in line)
        else:
            assert f'<html lang="{lang}"' in page
        issues = problems(text.replace("Scorekeeper", ""), lang)
        if issues:
            found[name] = issues
    assert not found, f"{lang}: {found}"


def test_the_walk_finds_a_code_when_there_is_one():
    """The checks themselves can fail: each kind of problem is found."""
    assert problems("Zasady: planowanie", "pl") == ["code 'planowanie'"]
    assert problems("Źródło [PL-planowanie]", "pl") == ["source tag [PL-planowanie]"]
    assert problems("Atut: atut bez atu", "pl")
    assert problems("Trump: trump no trump", "en")
    assert problems("Runde 1 closed and scored undone", "en")
    assert problems("Runde 1: Dealer Ann", "de") == ["English word 'Dealer'"]
    assert not problems("Rozdanie 1 z 19: 10 10 9 kart", "pl")
