"""Cards and suits as the table reads them, in the page's language."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext

from ...rules import parse_card
from ..language import current_lang

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
