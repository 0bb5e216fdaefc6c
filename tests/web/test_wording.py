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
RAISED = re.compile(r'(?:GameError|Conflict|NoSuchRound|HandNotReady)\("([a-z-]+)"')


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
               "change": "tricks", "round": 2, "value": 3, "current": 2, "trick": 2}
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
    assert english == ("Trump: hearts", "no trump")
    assert polish != english and "kier" in polish[0]


def test_every_stored_kind_of_change_has_its_history_words():
    from scorekeeper.game.checking import KINDS
    from scorekeeper.web.wording.history import WORDING

    assert set(WORDING) | {"undo"} == set(KINDS)
