"""Cards and suits as the table reads them, in the page's language."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps

from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext

from ...rules import parse_card

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

#: The letters players write for the court cards and the ace, from the
#: catalogue of the page's language. The hand record format keeps its fixed
#: English letters (T J Q K A); these are only for showing cards. Ten is
#: written "10" everywhere. Polish: As, Król, Dama, Walet (A K D W); Estonian:
#: äss, kuningas, emand, soldat (Ä K E S); German A K D B; French A R D V.
RANK_LETTERS = {
    # TRANSLATORS: the one letter (or two) a card player of your language writes
    # for a jack on a score sheet or a card: English J, Polish W, German B, French V.
    11: lazy_pgettext("rank letter", "J"),
    # TRANSLATORS: the letter for a queen: English Q, Polish D, German D, French D.
    12: lazy_pgettext("rank letter", "Q"),
    # TRANSLATORS: the letter for a king: English K, Polish K, German K, French R.
    13: lazy_pgettext("rank letter", "K"),
    # TRANSLATORS: the letter for an ace: English A, Estonian Ä, German A, French A.
    14: lazy_pgettext("rank letter", "A"),
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


def per_language(words: Callable[[str | None], str]) -> Callable[[str | None], str]:
    """``words`` of a suit (or None), found once per language and kept: they
    depend on nothing else, and a round's panel asks for them again and again."""

    # A functools cache, not a store (scorekeeper/kept.py): pure, at most five
    # entries a language (bounded), nothing to invalidate.
    @cache
    def in_language(_locale, letter: str | None) -> str:
        return words(letter)  # in the page's language, which is ``_locale``

    @wraps(words)
    def kept(letter: str | None) -> str:
        return in_language(get_locale(), letter)

    kept.cache_clear = in_language.cache_clear
    return kept


@per_language
def suit_symbol(letter: str | None) -> str:
    return _("NT") if letter is None else SUIT_SYMBOLS[letter]


#: The suits' names on their own ("Trump: hearts").
SUIT_NAMES = {"C": _l("clubs"), "D": _l("diamonds"), "H": _l("hearts"), "S": _l("spades")}


@per_language
def suit_name(letter: str | None) -> str:
    """The suit's name in the page's language."""
    return _("no trump") if letter is None else str(SUIT_NAMES[letter])


@per_language
def trump_label(letter: str | None) -> str:
    """ "Trump: hearts", or "No trump": never "trump no trump"."""
    return _("No trump") if letter is None else _("Trump: %(suit)s", suit=suit_name(letter))


@per_language
def trump_phrase(letter: str | None) -> str:
    """The trump inside a sentence: "trump hearts", or "no trump" (never both words)."""
    return _("no trump") if letter is None else _("trump %(suit)s", suit=suit_name(letter))


def rank_label(rank: int) -> str:
    """A rank as players of the page's language write it: "D" for a Polish queen."""
    return str(RANK_LETTERS.get(rank, rank))


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
