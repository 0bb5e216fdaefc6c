"""The round screen kept by the phone itself while it has no network.

This module runs in the phone's browser (Pyodide, started by
``static/js/offline-engine.js`` from the engine bundle of
:mod:`scorekeeper.web.engine`), and in plain Python in the tests. It holds
the game's change log as the phone last had it from the server (the
``stored`` part of the game's JSON export), applies each tap with the same
entry functions the server stores them with (:mod:`scorekeeper.game.entries`,
which ask :mod:`scorekeeper.rules`), folds the log into the sheet
(:class:`scorekeeper.game.Fold`) and draws the entry panel and the standings
from the server's own templates (Jinja2, the page's catalogue). No rule is
written here a second time.

The taps themselves are the phone's own log (kept by the JavaScript, sent to
the server in order when the connection is back, each with its ``was``
check). Nothing here speaks to the server or the browser: no Flask, no DOM.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ..game import Fold, GameError, Sheet, entries
from ..game.history import history_of
from ..game.roles import SCORER
from ..rules import Ruleset
from .catalogue import template_callables
from .tap_values import seen_value, trump_from_form
from .wording.cards import suit_name, suit_symbol, trump_label
from .wording.game import duration_text, game_message
from .wording.history import undo_text

PACKAGE = Path(__file__).resolve().parents[1]
#: A tap's address: the round screen's forms (``/round/<n>/<what>``) and Undo.
TAP = re.compile(r"/round/(?P<number>[0-9]+)/(?P<what>trump|bid|tricks|close)$|/(?P<undo>undo)$")


class Change(SimpleNamespace):
    """A change of the log as the fold reads it (the fields of a stored change)."""


def change_of(data: Mapping[str, Any]) -> Change:
    """A change of the JSON export, with its time read back."""
    created = data.get("created_at")
    when = datetime.fromisoformat(created.rstrip("Z")) if created else None
    return Change(seq=data["seq"], kind=data["kind"], round=data.get("round"),
                  player=data.get("player"), value=data.get("value"), created_at=when,
                  author=data.get("author"), by_player=bool(data.get("by_player")))


def catalogue_of(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (none for English, the source)."""
    path = PACKAGE / "translations" / language / "LC_MESSAGES" / "messages.mo"
    if language == "en" or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as mo:
        return gettext.GNUTranslations(mo)


def url_maker(rules: Mapping[str, str], root: str = "") -> Callable[..., str]:
    """A ``url_for`` for the endpoints the panel links to, from the server's
    own URL rules (``/g/<gid>/round/<int:number>/bid``): each ``<...>``
    filled in by name, the other values as the query."""
    def url_for(endpoint: str, **values: Any) -> str:
        def fill(match: re.Match[str]) -> str:
            return quote(str(values.pop(match["name"])), safe="")
        path = re.sub(r"<(?:[^:<>]+:)?(?P<name>[^<>]+)>", fill, rules[endpoint])
        query = {name: value for name, value in values.items() if value is not None}
        return root + path + ("?" + urlencode(query) if query else "")
    return url_for


def percent(fraction: float) -> str:
    """A share as a whole percentage (the server's Babel writes it in the
    page's way: "50 %" in German; the phone has no Babel)."""
    return f"{round(fraction * 100)}%"


class Phone:
    """One game as this phone keeps it while it has no network.

    ``stored`` is the ``stored`` part of the game's JSON export (its ruleset,
    players, first dealer and changes); ``rules`` the URL rules of
    :data:`scorekeeper.web.engine.PHONE_ENDPOINTS`; ``gid`` the link's token
    and ``csrf`` the page's CSRF token, for the forms drawn.
    """

    def __init__(self, stored: Mapping[str, Any], language: str, rules: Mapping[str, str],
                 gid: str, csrf: str, root: str = "") -> None:
        self.start = (Ruleset.from_dict(stored["ruleset"]),
                      [p["name"] for p in sorted(stored["players"], key=lambda p: p["seat"])],
                      stored["first_dealer"])
        self.changes = [change_of(data) for data in stored["changes"]]
        self.fold = Fold(*self.start).extend(self.changes)
        self.gid, self.language = gid, language
        catalogue = catalogue_of(language)
        self.use_catalogue = lambda: _use_catalogue(catalogue, language)
        self.use_catalogue()
        self.env = Environment(loader=FileSystemLoader(PACKAGE / "templates"),
                               autoescape=select_autoescape(), extensions=["jinja2.ext.i18n"])
        self.env.filters["percentformat"] = percent
        self.env.globals.update(
            url_for=url_maker(rules, root), csrf_token=lambda: csrf, suit_symbol=suit_symbol,
            suit_name=suit_name, trump_label=trump_label, duration_text=duration_text,
            **template_callables(catalogue))

    @property
    def sheet(self) -> Sheet:
        return self.fold.sheet

    @property
    def version(self) -> int:
        return self.fold.version

    # -- taps -------------------------------------------------------------------

    def tap(self, path: str, values: Mapping[str, str]) -> dict[str, Any]:
        """Apply one tap (the form's address and fields, as sent to the
        server) and draw the screen again: what :meth:`screen` gives, with the
        refusal in words when the entry was refused (nothing stored then).
        """
        self.use_catalogue()
        found = TAP.search(path)
        if found is None:
            raise ValueError(f"not a tap of the round screen: {path}")
        sheet = self.sheet
        try:
            built = self.build(sheet, found, values)
        except GameError as error:
            if error.kind == "undo-reopens":
                return self.screen(confirm_reopen=error.details["number"], status=422)
            return self.screen(error=game_message(error), status=409 if isinstance(
                error, entries.Conflict) else 422)
        self.append(built)
        notice = None
        if found["undo"] and built:  # named as the bar named it, on the screen now shown
            shown = (self.sheet.current or self.sheet.rounds[-1]).number
            notice = self.gettext("Undone: %(entry)s", entry=self.undo_label(sheet, shown) or "")
        return self.screen(notice=notice)

    def build(self, sheet: Sheet, found: re.Match[str], values: Mapping[str, str]) -> list:
        """The changes a tap stores, from the same entry functions as the server's."""
        was = seen_value(values.get("was"))
        if found["undo"]:
            seq = values.get("seq")
            return entries.undo(sheet, int(seq) if seq else None, bool(values.get("reopen")))
        number = int(found["number"])
        what = found["what"]
        if what == "trump":
            return entries.trump(sheet, number, trump_from_form(values["trump"]), was)
        if what == "bid":
            return entries.bid(sheet, number, int(values["player"]), int(values["bid"]), was)
        if what == "tricks":
            return entries.tricks(sheet, number, int(values["player"]), int(values["tricks"]),
                                  was)
        filled = (int(values["player"]), int(values["tricks"])) if "player" in values else None
        return entries.close(sheet, number, filled)

    def append(self, built: list) -> None:
        """Number the new changes after the log's last, as the server's write does."""
        now = datetime.now(timezone.utc).replace(tzinfo=None)
        new = [Change(seq=self.version + offset, kind=change.kind, round=change.round,
                      player=change.player, value=change.value, created_at=now, author=None,
                      by_player=False)
               for offset, change in enumerate(built, start=1)]
        self.changes.extend(new)
        self.fold = self.fold.extend(new)

    # -- drawing ------------------------------------------------------------------

    def gettext(self, string: str, **values: Any) -> str:
        return self.env.globals["gettext"](SimpleNamespace(autoescape=False), string, **values)

    def undo_label(self, sheet: Sheet, shown: int | None) -> str | None:
        """What Undo takes back now, in words, as the server's undo bar says it
        on the screen of round ``shown``."""
        return undo_text(sheet, lambda: history_of(*self.start, self.changes), shown)

    def context(self, rnd: Any, **extra: Any) -> dict[str, Any]:
        sheet = self.sheet
        game = SimpleNamespace(version=self.version)
        return {"game": game, "sheet": sheet, "rnd": rnd, "gid": self.gid, "can_write": True,
                "own_player": None, "role": SCORER, "undo_label": self.undo_label(sheet, rnd.number),
                **extra}

    def screen(self, error: str | None = None, notice: str | None = None,
               confirm_reopen: int | None = None, status: int = 200) -> dict[str, Any]:
        """The round screen of the round being played (or the last one, the
        game over): its entry panel with the undo bar and the notice of the
        last round scored (``panel``, as the server's htmx answer), the
        standings (``standings``), and the facts of its heading (``head``)."""
        sheet = self.sheet
        rnd = sheet.current or sheet.rounds[-1]
        context = self.context(rnd, error=error, notice=notice, confirm_reopen=confirm_reopen)
        panel = self.env.get_template("play/_entry.html").render(oob=True, **context)
        standings = self.env.get_template("play/_standings_head.html").render(**context)
        return {
            "status": status, "version": self.version, "round": rnd.number,
            "finished": sheet.current is None, "panel": panel, "standings": standings,
            "head": {
                "title": self.gettext("Round %(number)s of %(count)s", number=rnd.number,
                                      count=len(sheet.rounds)),
                "cards": rnd.cards, "dealer": sheet.players[rnd.dealer],
                "leads": sheet.players[rnd.leader],
            },
            "totals": {sheet.players[s.player]: s.total for s in sheet.standings},
        }


def _use_catalogue(catalogue: gettext.NullTranslations, language: str) -> None:
    """The wording modules translate with the phone's catalogue (through the
    bundle's ``flask_babel``, :mod:`scorekeeper.web.phone_babel`); on the
    server, in the tests, they keep Flask-Babel's."""
    try:
        import flask_babel
    except ImportError:  # pragma: no cover - the bundle always has one
        return
    use = getattr(flask_babel, "use", None)
    if use is not None:
        use(catalogue, language)
