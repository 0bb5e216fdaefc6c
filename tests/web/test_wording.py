"""Every error kind the game domain (or the storage layer) raises has its words in\nevery language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorekeeper.game
import scorekeeper.storage
from scorekeeper.game import GameError
from scorekeeper.web.wording.game import GAME_MESSAGES, game_message

#: Where the errors are raised: the domain, and the storage layer (two phones at once).
SOURCES = [Path(scorekeeper.game.__file__).parent, Path(scorekeeper.storage.__file__).parent]
RAISED = re.compile(r'(?:GameError|Conflict|NoSuchRound|HandNotReady|SeatingError)\("([a-z-]+)"')


def raised_kinds() -> set[str]:
    return {kind for folder in SOURCES for path in folder.glob("*.py")
            for kind in RAISED.findall(path.read_text())}


def test_the_scan_finds_the_kinds_the_domain_raises():
    assert {"forbidden-bid", "hand-changed", "no-such-round", "hand-full"} <= raised_kinds()


@pytest.mark.parametrize("kind", sorted(raised_kinds()))
@pytest.mark.parametrize("lang", ["en", "pl", "et"])
def test_every_kind_is_worded_with_its_details(app, kind, lang):
    details = {"number": 3, "count": 19, "current": 2, "cards": 5, "players": 4, "seat": 1,
               "name": "Zoë", "bid": 2, "total": 6, "left": 1, "n": 7, "first": 3, "last": 9,
               "most": 13, "text": "ZZ", "num": 5, "card": "QH", "entry": "bid",
               "change": "tricks", "round": 2, "value": 3, "current": 2, "trick": 2, "limit": 5,
               "part": 2, "low": 3, "high": 7, "size": 8, "sizes": "4, 5", "table": 4,
               "min": 1, "max": 99}
    with app.test_request_context(headers={"Accept-Language": lang}):
        text = game_message(GameError(kind, **details))
    assert text and kind not in text and "%(" not in text


def test_no_wording_is_left_without_a_kind_that_raises_it():
    plural = {"hand-complete", "hand-full", "changed-meanwhile", "undo-stale"}
    assert set(GAME_MESSAGES) | plural == raised_kinds()


def test_the_words_of_a_suit_are_kept_per_language(app, monkeypatch):
    from scorekeeper.web.wording import cards

    for words in (cards.trump_label, cards.suit_name):
        words.cache_clear()  # what earlier tests had kept
    with app.test_request_context("/", headers={"Accept-Language": "pl"}):
        polish = cards.trump_label("H"), cards.suit_name(None)
    with app.test_request_context("/"):
        english = cards.trump_label("H"), cards.suit_name(None)
        asked = []
        monkeypatch.setattr(cards, "_", lambda *args, **kwargs: asked.append(args) or "?")
        assert (cards.trump_label("H"), cards.suit_name(None)) == english  # kept: not asked again
        assert cards.trump_label("D") == "?" and asked  # a new suit is
    for words in (cards.trump_label, cards.suit_name):
        words.cache_clear()  # the "?" kept above is no word of any later test
    assert english == ("Trump: hearts", "no trump")
    assert polish != english and "kier" in polish[0]


def test_every_stored_kind_of_change_has_its_history_words():
    from scorekeeper.game.checking import KINDS
    from scorekeeper.web.wording.history import WORDING

    assert set(WORDING) | {"undo"} == set(KINDS)


#: Details of each kind of change as the history gives them (game/history.py),
#: and what its words must name: the player, or the round, or the figure.
HISTORY_DETAILS = {
    "trump": ({"round": 3, "before": "H", "after": "S"}, "3"),
    "bid": ({"round": 3, "name": "Zoë", "before": 1, "after": 2}, "Zoë"),
    "tricks": ({"round": 3, "name": "Zoë", "before": None, "after": 2}, "Zoë"),
    "close": ({"round": 3}, "3"),
    "correct": ({"round": 3, "trump": None, "changed": [("Zoë", "bid", 1, 2)]}, "Zoë"),
    "join": ({"round": 4, "name": "Zoë", "after": "Ann", "points": 0}, "Zoë"),
    "leave": ({"round": 4, "name": "Zoë"}, "Zoë"),
    "back": ({"round": 6, "name": "Zoë"}, "Zoë"),
    "sitout": ({"round": 4, "name": "Zoë"}, "Zoë"),
    "adjust": ({"name": "Zoë", "points": -10, "reason": "revoke"}, "Zoë"),
    "scoring": ({"before": "standard", "after": "pagat"}, "→"),
    "schedule": ({"op": "remove", "round": 5, "before": 7}, "5"),
    "end": ({"round": 5, "planned": 19}, "19"),
    "decks": ({"after": 2}, "2"),
    "name": ({"undo": False, "before": "Zoe", "after": "Zoë"}, "Zoë"),
    "stake": ({"per_point": 25, "symbol": "€"}, "25\u00a0€"),
}
LANGUAGES = ["en", "pl", "de", "fr", "es", "it", "pt", "et", "hi"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_undo_names_every_kind_of_change_in_every_language(app, lang):
    """The undo bar names anything but a live entry by its history line: every
    kind is worded, naming what it was about, in each of the nine languages."""
    from scorekeeper.game import HistoryEntry
    from scorekeeper.web.wording.history import WORDING, history_text

    assert set(HISTORY_DETAILS) == set(WORDING)
    with app.test_request_context(headers={"Accept-Language": lang}):
        for kind, (details, named) in HISTORY_DETAILS.items():
            entry = HistoryEntry(1, kind, details)
            text = history_text(entry)
            undone = history_text(HistoryEntry(2, "undo", {"undone": entry}))
            assert named in text and "%(" not in text and text in undone, (kind, text)
