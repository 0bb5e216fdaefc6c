"""A player's name: how long it may be, and when two names are the same.

"The same name" is one idea everywhere (set-up, a late joiner, a rename, an
imported game, a hand record, the statistics, a club's members): case and
spaces aside, and written the same in Unicode (NFC), so that "Łucja" and
"łucja " are one player. Accents are letters: in Estonian, Finnish, German
or Polish "Tõnu" and "Tonu", "Märt" and "Mart" are two people. Two names
that differ only by such letters are merely offered as one person
(:func:`look_alikes`); the table decides.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: The longest name a game stores (the models' name columns are this long).
NAME_LENGTH = 40

#: Letters that Unicode does not split into a plain letter and a mark.
LETTERS_WITHOUT_DECOMPOSITION = {
    "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i",
}
_PLAIN = str.maketrans(LETTERS_WITHOUT_DECOMPOSITION)


def plain_letters(text: str) -> str:
    """``text`` without accents: "Łukasz Nowák" as "Lukasz Novak"."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def name_key(name: str) -> str:
    """A name as it is compared: case and spaces aside, in one Unicode form
    ("Märt" and "MÄRT " are the same key, "Märt" and "Mart" are not)."""
    folded = " ".join(unicodedata.normalize("NFC", name).split()).casefold()
    return unicodedata.normalize("NFC", folded)


def same_name(one: str, other: str) -> bool:
    """Whether two names are the same player's."""
    return name_key(one) == name_key(other)


def look_alikes(names: Iterable[str]) -> dict[str, str]:
    """Each name that differs from an earlier one only by accents (and case),
    to that earlier one: the merges to offer, never to make unasked
    ("Märt" after "Mart": is it the same person?). The names in order of
    precedence, the best known first.

    >>> look_alikes(["Mart", "Tõnu", "Märt", "Tonu", "mart"])
    {'Märt': 'Mart', 'Tonu': 'Tõnu'}
    """
    first: dict[str, str] = {}
    keys: set[str] = set()
    offers = {}
    for name in names:
        if name_key(name) in keys:
            continue  # the same name again: one person already
        keys.add(name_key(name))
        loose = plain_letters(name_key(name))
        if loose in first:
            offers[name] = first[loose]
        else:
            first[loose] = name
    return offers
