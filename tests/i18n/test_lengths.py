"""Column headings and menu items have a length budget that fits a 360 px phone.

The budgets are in letters (a mark drawn over or under a letter, such as
Devanagari's candrabindu or a combining accent, does not count: it takes no
width of its own; a vowel sign beside its letter does). They were measured on the
round's result table, the table view, the game's menu and the Share page of a
360 px phone at 16 px type, about 8.5 px a letter: a heading of a narrow
number column, a menu item in the row "Round · Standings · More", a heading
of the Share page beside its Copy button. They catch a word like
"Dichiarazione" (13 letters for a column of one digit) before a phone does;
the browser test (tests/browser/test_fits_every_page.py) measures the pages
themselves in every language.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
LANGUAGES = ["en", "pl", "et", "de", "fr", "es", "it", "pt", "hi"]

#: The most letters each may take, by what it labels.
BUDGETS = {
    # The headings of number columns: the result of a round, the table view.
    "Bid": 10, "Tricks": 10, "Points": 10, "Total": 10, "Player": 10,
    # The game's menu: the two screens of a round, and "More" beside them.
    "Round": 10, "Standings": 14, "More": 8,
    # Behind "More": one item a line.
    "Players": 16, "History": 16, "Share": 16, "Table view": 16, "End the game": 20,
    # The Share page's headings, beside the code and the links.
    "Join code": 22, "Scorer link": 22, "Viewer link": 22,
    # The round's facts, a label above a name or a suit.
    "Dealer": 14, "Leads": 14, "Trump": 10, "Cards each": 18, "Tricks left": 16,
}


def letters(text: str) -> int:
    """How many letters wide ``text`` is: a non-spacing mark takes no room."""
    return sum(1 for char in text if unicodedata.category(char) != "Mn")


def translations(lang: str) -> dict[str, str]:
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return {m.id: m.string for m in read_po(po, locale=lang) if isinstance(m.id, str) and m.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_headings_and_menu_items_keep_to_their_budget(lang):
    words = translations(lang)
    over = {msgid: f"{words[msgid]!r}: {letters(words[msgid])} letters of {budget}"
            for msgid, budget in BUDGETS.items() if letters(words[msgid]) > budget}
    assert not over, f"{lang}: {over}"


def test_a_long_heading_is_over_its_budget():
    assert letters("Dichiarazione") > BUDGETS["Bid"]
    assert letters("बोलियाँ") == 6  # ब ो ल ि य ा and ँ, which sits over the ा
