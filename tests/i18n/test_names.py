"""No message that shows a player's name needs the name's gender or case.

A name comes from the table as it was typed: "Zośka" or "Marek", "Mari" or
"Jaan". A message around it must read right for both, with the name as it is:
no past tense or adjective agreeing with it (Polish "wyszedł/wyszła",
"ostatni/ostatnia"), no noun of one gender beside it ("Nuevo jugador: Lucía"),
no ending or preposition the name would have to take (Estonian "Jaani link",
German "Lukas’ Link", French "de Anne").

A test cannot judge grammar, so this one is honest about what it does:

1. every such message, in every language, is in a reviewed list,
   ``tests/i18n/names/<lang>.txt``, word for word: a new or changed message
   fails until a person has read it with both names and copied it there;
2. each message is run with a woman's and a man's name and searched for the
   traps each language is known for; a word that looks like a trap but is
   about something else (a card, a round) is allowed only by a note under the
   message in the reviewed list, saying why.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
REVIEWED = Path(__file__).resolve().parent / "names"
LANGUAGES = ["pl", "et", "de", "fr", "es", "it", "pt", "hi"]

#: A woman's and a man's name in each language; Andrea is a man in Italy, and
#: Anne, starting with a vowel, shows a French "de" that should elide.
NAMES = {
    "pl": ("Zośka", "Marek"), "et": ("Mari", "Jaan"), "de": ("Anna", "Lukas"),
    "fr": ("Anne", "Marc"), "es": ("Lucía", "Andrés"), "it": ("Giulia", "Andrea"),
    "pt": ("Ana", "João"), "hi": ("सीता", "राहुल"),
}
#: The placeholders that hold a player's name (or a list of names).
NAME_PLACEHOLDERS = {"name", "names", "dealer", "old", "new"}
#: Messages with such a placeholder that holds something else.
NOT_A_PLAYER = {"scoring: %(name)s"}  # the name of a scoring system
#: Messages without a placeholder that the pages draw beside a name: a badge
#: after it ("Zośka · deals"), or a label before it ("Dealer: Zośka").
BESIDE_A_NAME = {
    "deals": "after", "leads": "after", "bids last": "after", "bids now": "after",
    "leader": "after", "left": "after", "left before round %(number)s": "after",
    "plays from round %(number)s": "after", "does not play this round": "after",
    "starting score": "after", "Sits out round %(number)s": "after", "Leaves the game": "after",
    "Back in the game": "after",
    "Dealer": "before", "Leads": "before",
}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")

#: What gives a name a gender or a case, by language: (pattern, what it is).
#: "{name}" stands for the name as it was run, escaped.
TRAPS = {
    "pl": [
        (r"\b\w+(?:ł|ła|łem|łam|łeś|łaś)\b", "a past tense, which agrees with its subject"),
        (r"\b(?:ostatni|ostatnia|pierwszy|pierwsza|nowy|nowa|gotowy|gotowa|sam|sama|winny|winna)\b",
         "an adjective that agrees with the player"),
        (r"\b(?:rozdający|rozdająca|zapisujący|zapisująca|gracz|graczka|zwycięzca|zwyciężczyni)\b",
         "a noun of one gender for the player"),
        (r"\b(?:gracza|graczowi|graczem|dla|od|do|u|bez|przez|przy|ze?|o|po|za|przed|nad|pod|na|w)\s+{name}",
         "a word that puts the name in a case"),
    ],
    "et": [
        (r"{name}\s+(?:lingi|link|pakkumi\w*|tihi\w*|käsi|käe|koht|koha|nimi|nime|järel|kõrval|eest|juurde|"
         r"juures|poolt|asemel|jaoks|kohta|pärast|taga|ees)\b",
         "a noun or postposition that wants the name in the genitive (Jaani, not Jaan)"),
    ],
    "de": [
        (r"\b(?:Spieler|Spielerin|Geber|Geberin|Gewinner|Gewinnerin|Schreiber|Schreiberin|neuer|neue)\b\s*:?\s*{name}",
         "a noun or adjective of one gender for the player"),
        (r"\b(?:er|ihm|ihn|sein|seine|seinen|seinem|seiner|ihre|ihren|ihrem|ihrer)\b",
         "a pronoun of one gender for the player"),
    ],
    "fr": [
        (r"\b(?:de|que|le|la|ce|se|ne|je|me|te)\s+{name}", "a word that elides before a vowel (d'Anne, not de Anne)"),
        (r"\b(?:il|elle|lui|celui|celle)\b", "a pronoun of one gender for the player"),
        (r"\b(?:prêt|prête|assis|assise|seul|seule|nouveau|nouvelle|premier|première|dernier|dernière|"
         r"joueur|joueuse|donneur|donneuse|gagnant|gagnante|marqueur|marqueuse)\b",
         "a noun or adjective of one gender for the player"),
        (r"\b(?:est|était|sera)\s+\w+(?:é|ée|i|ie|is|ise|u|ue)\b", "a participle that agrees with the player"),
    ],
    "es": [
        (r"\b(?:él|ella|listo|lista|sentado|sentada|nuevo|nueva|primero|primera|último|última|jugador|jugadora|"
         r"repartidor|repartidora|ganador|ganadora|solo|sola)\b",
         "a pronoun, noun or adjective of one gender for the player"),
        (r"\b(?:del|al|el|la)\s+{name}", "an article before the name"),
    ],
    "it": [
        (r"\b(?:lui|lei|pronto|pronta|seduto|seduta|nuovo|nuova|primo|prima|ultimo|ultima|giocatore|giocatrice|"
         r"mazziere|vincitore|vincitrice|stato|stata|solo|sola)\b",
         "a pronoun, noun, adjective or participle of one gender for the player"),
        (r"\b(?:del|al|il|la|lo|della|alla)\s+{name}", "an article before the name"),
    ],
    "pt": [
        (r"\b(?:ele|ela|pronto|pronta|sentado|sentada|novo|nova|primeiro|primeira|último|última|jogador|jogadora|"
         r"carteador|carteadora|vencedor|vencedora|sozinho|sozinha)\b",
         "a pronoun, noun or adjective of one gender for the player"),
        (r"\b(?:do|da|no|na|pelo|pela|ao|à|o|a)\s+{name}", "an article before the name"),
    ],
    "hi": [
        (r"(?:ता|ती|ते)\s+(?:है|हैं|था|थी|थे)", "a verb that agrees with its subject"),
        (r"\S+(?:ेगा|ेगी|ेंगे|ेंगी)(?=\s|।|$)", "a future tense, which agrees with its subject"),
        (r"(?:^|\s)(?:गया|गई|गयी|गए|चुका|चुकी|चुके|वाला|वाली)(?=\s|।|$)", "a form that agrees with its subject"),
        (r"\b(?:नया|नई|नयी)\s", "an adjective that agrees with the player"),
    ],
}
#: Every language: an ending glued to the name ("Jaani", "Lukas’", "Anna's").
GLUED = (r"{name}(?:[’']\w*|-\w|\w)", "an ending glued to the name")


def catalogue(lang: str) -> dict[str, list[str]]:
    """Each message's English (its singular) and its translation, each plural form."""
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return {(m.id if isinstance(m.id, str) else m.id[0]):
                list(m.string) if isinstance(m.string, tuple) else [m.string]
                for m in read_po(po, locale=lang) if m.id}


def shows_a_name(msgid: str) -> bool:
    return msgid in BESIDE_A_NAME or (
        msgid not in NOT_A_PLAYER and bool(NAME_PLACEHOLDERS & set(PLACEHOLDER.findall(msgid))))


def with_names(msgid: str, form: str, name: str, other: str) -> str:
    """The message as a page shows it, with ``name`` as the player."""
    values = {key: "7" for key in PLACEHOLDER.findall(form)}
    values.update({key: name for key in NAME_PLACEHOLDERS & set(values)})
    if "names" in values:
        values["names"] = f"{name}, {other}"
    if "other" in values and "name" in values:  # "Zośka deals round 3, not Marek"
        values["other"] = other
    text = form % values
    side = BESIDE_A_NAME.get(msgid)
    return f"{name} · {text}" if side == "after" else f"{text}: {name}" if side == "before" else text


def read_reviewed(lang: str) -> dict[str, tuple[list[str], set[str]]]:
    """The reviewed list: each message's English, its translations, and the
    words a note under it allows ("# allowed: word — why")."""
    reviewed: dict[str, tuple[list[str], set[str]]] = {}
    msgid = None
    for line in (REVIEWED / f"{lang}.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or (line.startswith("#") and msgid is None):
            continue
        if line.startswith("= "):
            reviewed[msgid][0].append(line[2:])
        elif line.startswith("  # allowed: "):
            reviewed[msgid][1].add(line.removeprefix("  # allowed: ").split(" — ")[0])
        elif line.startswith("  #"):
            continue
        else:
            msgid = line
            assert msgid not in reviewed, f"{lang}: {msgid!r} twice"
            reviewed[msgid] = ([], set())
    return reviewed


def traps_in(lang: str, text: str, name: str) -> list[tuple[str, str]]:
    """(the words found, what they are) for each trap of the language in ``text``."""
    found = []
    for pattern, what in [*TRAPS[lang], GLUED]:
        # A trap about the words around the name is looked for with the name
        # out of the way: "सीता है" is not a verb's "ता है".
        where = text if "{name}" in pattern else text.replace(name, "§")
        for hit in re.finditer(pattern.format(name=re.escape(name)), where):
            found.append((hit.group(0), what))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_with_a_name_is_in_the_reviewed_list(lang):
    current = {msgid: forms for msgid, forms in catalogue(lang).items() if shows_a_name(msgid)}
    reviewed = {msgid: forms for msgid, (forms, _allowed) in read_reviewed(lang).items()}
    assert len(current) > 60
    unread = sorted(f"{msgid}\n= " + "\n= ".join(forms) for msgid, forms in current.items()
                    if reviewed.get(msgid) != forms)
    gone = sorted(set(reviewed) - set(current))
    assert not unread, (
        f"{lang}: read these with {' and '.join(NAMES[lang])} and copy them into "
        f"tests/i18n/names/{lang}.txt:\n\n" + "\n\n".join(unread))
    assert not gone, f"{lang}: no longer in the catalogue, take them out of names/{lang}.txt: {gone}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_gives_a_name_a_gender_or_a_case(lang):
    reviewed = read_reviewed(lang)
    woman, man = NAMES[lang]
    wrong = []
    for msgid, forms in catalogue(lang).items():
        if not shows_a_name(msgid):
            continue
        allowed = reviewed.get(msgid, ([], set()))[1]
        for form in forms:
            for name, other in ((woman, man), (man, woman)):
                text = with_names(msgid, form, name, other)
                wrong += [f"{text!r}: {word!r}, {what}"
                          for word, what in traps_in(lang, text, name) if word.strip() not in allowed]
    assert not wrong, f"{lang}:\n" + "\n".join(sorted(set(wrong)))


@pytest.mark.parametrize("lang, text, name", [
    ("pl", "Zośka rozdaje i deklaruje ostatni", "Zośka"),
    ("pl", "Zośka wyszedł", "Zośka"),
    ("pl", "Czekamy na deklarację gracza Zośka.", "Zośka"),
    ("et", "Jaan lingi aadress", "Jaan"),
    ("de", "Adresse von Lukas’ Link", "Lukas"),
    ("de", "Neuer Spieler: Anna", "Anna"),
    ("fr", "On attend l’annonce de Anne.", "Anne"),
    ("es", "Nuevo jugador: Lucía", "Lucía"),
    ("it", "Giulia è pronto", "Giulia"),
    ("pt", "O link da Ana", "Ana"),
    ("hi", "सीता अगली चाल चलेगा", "सीता"),
])
def test_the_traps_are_found(lang, text, name):
    """The checks can fail: each known trap is found in a message that has it."""
    assert traps_in(lang, text, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_stand_where_the_pages_put_them(lang):
    """A badge follows the name, a label precedes it, a list names both."""
    woman, man = NAMES[lang]
    assert with_names("deals", "x", woman, man) == f"{woman} · x"
    assert with_names("Dealer", "x", woman, man) == f"x: {woman}"
    assert with_names("%(names)s share the win!", "%(names)s!", woman, man) == f"{woman}, {man}!"
