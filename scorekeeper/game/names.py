"""A player's name: how long it may be, and when two names are the same.

"The same name" is one idea everywhere (set-up, a late joiner, a rename, an
imported game, a hand record, the statistics): case, accents and spaces
aside, so that "Łucja" and "lucja " are one player.
"""

from __future__ import annotations

import unicodedata

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
    """A name as it is compared: case, accents and spaces aside ("Łucja" and
    "lucja" are the same key)."""
    return plain_letters(" ".join(name.split()).casefold())


def same_name(one: str, other: str) -> bool:
    """Whether two names are the same player's."""
    return name_key(one) == name_key(other)
