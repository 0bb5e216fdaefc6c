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
import json
import re
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import ChoiceLoader, DictLoader, Environment, FileSystemLoader, select_autoescape
from jinja2.bccache import Bucket, BytecodeCache

from ..game import Fold, GameError, Sheet, entries
from ..game.hidden import as_seen, looker_of
from ..game.history import history_of
from ..game.roles import SCORER, SEAT
from ..rules import Ruleset
from ..rules.numbers import whole_from_text
from . import phone_pages as pages
from .catalogue import template_callables
from .tap_values import seen_value, trump_from_form
from .wording.cards import suit_name, suit_symbol, trump_label
from .wording.money import money, stake_input
from .wording.game import duration_text, game_message
from .wording.history import undo_text
from .wording.presets import rules_summary
from .wording.ruleset import ruleset_lines

PACKAGE = Path(__file__).resolve().parents[1]
#: Jinja's bytecode of the templates, as the bundle ships it (web/engine.py's TEMPLATES_COMPILED).
SHIPPED = PACKAGE / "compiled-templates"
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


#: How each language writes a percentage ("{}%", "{}\xa0%"), from Babel's own
#: patterns: written into the bundle by :mod:`scorekeeper.web.engine`.
PERCENTS = PACKAGE / "web" / "percents.json"


def percent_of(language: str) -> Callable[[float], str]:
    """A share as a whole percentage, written as the server's Babel writes
    it in ``language`` ("50%", "50 %" in German): the phone has no Babel, the
    bundle holds each language's way (rounded half to even, as Babel does)."""
    ways = json.loads(PERCENTS.read_text()) if PERCENTS.exists() else {}
    way = ways.get(language, "{}%")
    return lambda fraction: way.format(round(fraction * 100))


class Compiled(BytecodeCache):
    """The templates compiled once per process, for every :class:`Phone`
    made in it: the phone compiles them in the background (:func:`warm`),
    before the connection drops, not on its first screen offline. The bundle
    holds them compiled ahead by this very Python (``tools/engine_bytecode.py``,
    in :data:`SHIPPED`): Jinja takes a template's bytecode only while its
    magic (Jinja's and Python's versions) and its source's checksum are
    the template's, and compiles it otherwise."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])
        elif (SHIPPED / bucket.key).is_file():
            bucket.bytecode_from_string((SHIPPED / bucket.key).read_bytes())

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


COMPILED = Compiled()


def environment() -> Environment:
    """The phone's Jinja: the server's templates, ``base.html`` given its blocks apart."""
    return Environment(loader=ChoiceLoader([DictLoader({"base.html": pages.BASE}),
                                            FileSystemLoader(PACKAGE / "templates")]),
                       autoescape=select_autoescape(), extensions=["jinja2.ext.i18n"],
                       bytecode_cache=COMPILED)


def warm() -> None:
    """Compile every template the phone has (the bundle's), so that the snapshot of
    Python's memory made after it holds them compiled (js/offline-python.js)."""
    env = environment()
    for name in env.list_templates():
        env.get_template(name)


class Phone:
    """One game as this phone keeps it while it has no network.

    ``stored`` is the ``stored`` part of the game's JSON export (its ruleset,
    players, first dealer and changes); ``rules`` the URL rules of
    :data:`scorekeeper.web.engine.PHONE_ENDPOINTS`; ``gid`` the link's token
    and ``csrf`` the page's CSRF token, for the forms drawn. ``seat`` is the
    player of a player's own link (None: a scorer's), which enters that
    player's bid and tricks only, as online. ``friendly``: a club's friendly
    game, which its standings say (a fact of the club, not of the log).
    """

    def __init__(self, stored: Mapping[str, Any], language: str, rules: Mapping[str, str],
                 gid: str, csrf: str, root: str = "", seat: int | None = None,
                 friendly: bool = False) -> None:
        self.seat, self.friendly = seat, friendly
        self.start = (Ruleset.from_dict(stored["ruleset"]),
                      [p["name"] for p in sorted(stored["players"], key=lambda p: p["seat"])],
                      stored["first_dealer"])
        self.changes = [change_of(data) for data in stored["changes"]]
        self.fold = Fold(*self.start).extend(self.changes)
        self.gid, self.language, self.root = gid, language, root
        catalogue = catalogue_of(language)
        self.use_catalogue = lambda: _use_catalogue(catalogue, language)
        self.use_catalogue()
        self.env = environment()
        self.env.filters["percentformat"] = percent_of(language)
        self.env.globals.update(
            url_for=url_maker(rules, root), csrf_token=lambda: csrf, suit_symbol=suit_symbol,
            suit_name=suit_name, trump_label=trump_label, duration_text=duration_text,
            whole_from_text=whole_from_text, current_lang=lambda: language,
            ruleset_lines=ruleset_lines, rules_summary=rules_summary, money=money,
            stake_input=stake_input, **template_callables(catalogue))
        self.preset = stored.get("preset", "")
        self.pages = pages.Pages(self, csrf)

    @property
    def sheet(self) -> Sheet:
        return self.fold.sheet

    @property
    def seen(self) -> Sheet:
        """The sheet as this link sees it, as the server draws it (a bid still
        hidden from it left out: :func:`scorekeeper.game.hidden.as_seen`)."""
        role = SCORER if self.seat is None else SEAT
        return as_seen(self.sheet, looker_of(role, self.seat))

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
        if not self.may_enter(found, values):
            return self.screen(status=403)  # as online: not this link's entry, nothing stored
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

    def may_enter(self, found: re.Match[str], values: Mapping[str, str]) -> bool:
        """Whether this link may make the tap: a scorer's any, a player's own
        link only its player's bid and tricks (``access.seat_may_enter``)."""
        if self.seat is None:
            return True
        return found["what"] in ("bid", "tricks") and values.get("player") == str(self.seat)

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

    def append(self, built: Any) -> None:
        """Number the new changes after the log's last, as the server's write
        does (an entry function gives one change or a list of them)."""
        built = built if isinstance(built, list) else [built]
        now = datetime.now(timezone.utc).replace(tzinfo=None)
        new = [Change(seq=self.version + offset, kind=change.kind, round=change.round,
                      player=change.player, value=change.value, created_at=now, author=None,
                      by_player=self.seat is not None)
               for offset, change in enumerate(built, start=1)]
        self.changes.extend(new)
        self.fold = self.fold.extend(new)

    def page(self, path: str, query: Mapping[str, str] | None = None) -> dict[str, Any] | None:
        """A page of the game (``path`` after ``/g/<link>``): :mod:`.phone_pages`.
        A scorer's pages only: a player's own phone draws its round screen alone."""
        if self.seat is not None:
            return None
        self.use_catalogue()
        return self.pages.page(self.within(path), query)

    def post(self, path: str, values: Mapping[str, str]) -> dict[str, Any] | None:
        """A plain form of a page of the game: :meth:`.phone_pages.Pages.post`;
        None (held for the server) on a player's own phone, whose link enters
        only its bid and tricks."""
        if self.seat is not None:
            return None
        return self.pages.post(self.within(path), values)

    def within(self, path: str) -> str:
        """``path`` after the game's address (``/g/<link>``), as the pages read it."""
        prefix = f"{self.root}/g/{self.gid}"
        return path[len(prefix):] if path.startswith(prefix + "/") or path == prefix else path

    def history(self) -> list:
        """The game's history as the server words it (each change, undone ones too)."""
        return history_of(*self.start, self.changes)

    # -- drawing ------------------------------------------------------------------

    def gettext(self, string: str, **values: Any) -> str:
        return self.env.globals["gettext"](SimpleNamespace(autoescape=False), string, **values)

    def undo_label(self, sheet: Sheet, shown: int | None) -> str | None:
        """What Undo takes back now, in words, as the server's undo bar says it
        on the screen of round ``shown``."""
        return undo_text(sheet, self.history, shown)

    def context(self, rnd: Any, **extra: Any) -> dict[str, Any]:
        sheet = self.seen
        game = SimpleNamespace(version=self.version)
        return {"game": game, "sheet": sheet, "rnd": rnd, "gid": self.gid,
                "can_write": self.seat is None, "own_player": self.seat,
                "role": SCORER if self.seat is None else SEAT,
                "undo_label": self.undo_label(sheet, rnd.number), **extra}

    def screen(self, error: str | None = None, notice: str | None = None,
               confirm_reopen: int | None = None, status: int = 200) -> dict[str, Any]:
        """The round screen of the round being played (or the last one, the
        game over): its entry panel with the undo bar and the notice of the
        last round scored (``panel``, as the server's htmx answer), the
        standings (``standings``), and the facts of its heading (``head``)."""
        sheet = self.seen
        rnd = sheet.current or sheet.rounds[-1]
        context = self.context(rnd, error=error, notice=notice, confirm_reopen=confirm_reopen)
        panel = self.env.get_template("play/_entry.html").render(oob=True, **context)
        standings = self.env.get_template("play/_standings_head.html").render(under_round=True, **context)
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
