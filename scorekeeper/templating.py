"""Helpers that every template may use."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import format_datetime, format_decimal, get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext

from .rules.cards import parse_card

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

#: The letters players write for the court cards and the ace, by language.
#: The hand record format keeps its fixed English letters (T J Q K A); these
#: are only for showing cards. Ten is written "10" everywhere.
#: Polish: As, Król, Dama, Walet. Estonian: äss, kuningas, emand, soldat
#: (Estonian bridge and card-game texts write Ä K E S).
RANK_LETTERS = {
    "en": {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"},
    "pl": {10: "10", 11: "W", 12: "D", 13: "K", 14: "A"},
    "et": {10: "10", 11: "S", 12: "E", 13: "K", 14: "Ä"},
}

#: The rank names, for screen readers (see :func:`card_name`).
RANK_NAMES = {11: _l("jack"), 12: _l("queen"), 13: _l("king"), 14: _l("ace")}
#: The suit as part of a card's name ("queen of hearts", "dama kier", "ärtu emand").
CARD_SUIT_NAMES = {
    "C": lazy_pgettext("card", "clubs"),
    "D": lazy_pgettext("card", "diamonds"),
    "H": lazy_pgettext("card", "hearts"),
    "S": lazy_pgettext("card", "spades"),
}


def suit_symbol(letter: str | None) -> str:
    return _("NT") if letter is None else SUIT_SYMBOLS[letter]


def suit_name(letter: str | None) -> str:
    """The suit's name in the page's language."""
    names = {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades")}
    return _("no trump") if letter is None else names[letter]


def current_lang() -> str:
    locale = get_locale()
    return str(locale.language) if locale else "en"


def rank_label(rank: int) -> str:
    """A rank as players of the page's language write it: "D" for a Polish queen."""
    letters = RANK_LETTERS.get(current_lang(), RANK_LETTERS["en"])
    return letters.get(rank, str(rank))


def card_label(card_text: str) -> str:
    """A card written canonically ("QH", "TD", "10d") as the table reads it.

    The rank in the page's language and the suit symbol: "Q♥" in English,
    "D♥" in Polish, "E♥" in Estonian; "10♦" for "TD" in all three.

    :raise InvalidCard: when ``card_text`` is not a card.
    """
    card = parse_card(card_text)
    return rank_label(card.rank) + SUIT_SYMBOLS[card.suit.value]


def card_name(card_text: str) -> str:
    """A card's full name in the page's language, for screen readers.

    "queen of hearts" in English, "dama kier" in Polish, "ärtu emand" in Estonian.

    :raise InvalidCard: when ``card_text`` is not a card.
    """
    card = parse_card(card_text)
    rank = RANK_NAMES.get(card.rank, str(card.rank))
    return _("%(rank)s of %(suit)s", rank=rank, suit=CARD_SUIT_NAMES[card.suit.value])


def here() -> str:
    """The path of this page, for forms that come back to it (the language switcher)."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
    return request.path


def register_template_helpers(app: Flask) -> None:
    from .describe import describe, preset_summary, preset_title
    from .language import LANGUAGE_NAMES

    app.jinja_env.globals.update(
        suit_symbol=suit_symbol, suit_name=suit_name, current_lang=current_lang, describe=describe,
        format_datetime=format_datetime, format_decimal=format_decimal, card_label=card_label, card_name=card_name,
        rank_label=rank_label, preset_title=preset_title, preset_summary=preset_summary,
        language_names=LANGUAGE_NAMES, here=here,
    )
