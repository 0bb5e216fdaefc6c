"""The game's other pages, drawn by the phone while it keeps the score itself
(:class:`scorekeeper.web.phone.Phone`, docs/offline.md): a round's screen
(closed, open, not begun), the correction of a closed round with its live
check, the end of the game, the players (sitting out, leaving, coming back)
and the standings with the round-by-round grid and chart.

Each page is the server's own template, drawn with a stand-in for
``base.html`` that gives its three blocks (title, menu, content) apart, for
the script to put in the page's place. Each plain form of those pages is
applied with the same function of :mod:`scorekeeper.game.entries` the
server's view calls, and answered as the view answers it: where to go next
(post/redirect/get, with the view's flashed message), or the same page with
the reason it was refused. A page or a form the phone cannot draw (joining,
adjustments, the schedule, the history) gives None: it needs the server.

Plain Python: no Flask, no WTForms. The correction form is read as
``CorrectionForm`` reads it, and drawn from a stand-in with the few
attributes ``play/_correction.html`` asks of it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from markupsafe import Markup, escape

from ..game import GameError, Refusals, entries
from ..game.roles import SCORER
from ..rules.numbers import whole_from_text
from .tap_values import trump_from_form, trump_to_form
from .wording.game import game_message
from .wording.history import history_text
from .wording.ruleset import START_RULE_NAMES

#: ``base.html`` on the phone: the page's blocks, apart.
SEPARATOR = "\x1e"
BASE = SEPARATOR.join("{% block " + name + " %}{% endblock %}"
                      for name in ("title", "nav", "content"))
#: A page of the game, after ``/g/<link>``.
PAGE = re.compile(r"^/?$|^/round/(?P<number>[0-9]+)(?P<edit>/edit)?$|^/(?P<name>standings|end|players)$")
#: A plain form of those pages, after ``/g/<link>``, and its entry function.
FORMS = {"/end": "end", "/players/sit-out": "sit_out", "/players/leave": "leave",
         "/players/back": "back", "/undo": "undo"}
EDIT = re.compile(r"^/round/(?P<number>[0-9]+)/edit$")
#: What a field of the correction form says when it is not a whole number (play/forms.py).
FIELD_ERRORS = {"bid": ("Enter a bid as a whole number.", "A bid cannot be negative."),
                "tricks": ("Enter the tricks as a whole number.", "Tricks cannot be negative.")}


class Field(SimpleNamespace):
    """One field of the correction form as its template reads it."""


class Drawn(SimpleNamespace):
    """A form field the template calls to draw it (``{{ join.after() }}``)."""

    def __call__(self) -> Markup:
        return self.html


def token_field(csrf: str) -> Markup:
    """A WTForms form's CSRF field, as the server's forms draw it."""
    return Markup('<input id="csrf_token" name="csrf_token" type="hidden" value="%s">') % csrf


def correction_form(rnd: Any, values: Mapping[str, str] | None, csrf: str) -> SimpleNamespace:
    """The correction form: the round as stored (``values`` None), or as sent."""
    seats = []
    for index, player in enumerate(rnd.order):
        row = {}
        for what in ("bid", "tricks"):
            name = f"seats-{index}-{what}"
            if values is None:
                stored = (rnd.bids if what == "bid" else rnd.tricks)[player]
                row[what] = Field(id=name, name=name, raw_data=[], data=stored, errors=[])
            else:
                raw = values.get(name)
                row[what] = Field(id=name, name=name, raw_data=[] if raw is None else [raw],
                                  data=None if raw is None else whole_from_text(raw, most_digits=3),
                                  errors=[])
        seats.append(SimpleNamespace(**row))
    trump = trump_to_form(rnd.trump) if values is None else values.get("trump")
    return SimpleNamespace(csrf_token=token_field(csrf), trump=SimpleNamespace(data=trump),
                           seats=seats)


def field_errors(phone: Any, form: SimpleNamespace) -> list[str]:
    """The correction form's errors of shape, as ``form_errors`` lists them."""
    errors = []
    for seat in form.seats:
        for what in ("bid", "tricks"):
            field = getattr(seat, what)
            if field.data is None or field.data < 0:
                field.errors = [phone.gettext(FIELD_ERRORS[what][field.data is not None])]
                errors += field.errors
    return errors


class Pages:
    """The pages and plain forms of one phone's game (``phone``: the
    :class:`scorekeeper.web.phone.Phone` that holds it, which imports this module)."""

    def __init__(self, phone: Any, csrf: str) -> None:
        self.phone, self.csrf = phone, csrf
        self.flashed: list[str] = []

    # -- pages ----------------------------------------------------------------

    def page(self, path: str, query: Mapping[str, str] | None = None, error: str | None = None,
             status: int = 200, **extra: Any) -> dict[str, Any] | None:
        """The page at ``path`` (after the game's address) as the server
        draws it: ``title``, ``nav`` and ``main`` (its content), and ``path``
        (where the server would have sent the phone); None when only the
        server can draw it."""
        query = query or {}
        found = PAGE.match(path)
        if found is None:
            return None
        sheet = self.phone.sheet
        if found["number"] is None and found["name"] is None:  # the game's address
            shown = sheet.current or sheet.rounds[-1]
            path = f"/round/{shown.number}" if sheet.current else "/standings"
            return self.page(path)
        if found["name"] == "standings":
            return self.standings(path)
        if found["name"] == "end":
            return self.draw("manage/end.html", path, "manage.end", error=error, status=status)
        if found["name"] == "players":
            return self.draw("manage/players.html", path, "manage.players", error=error,
                             status=status, join=self.stand_in_join(), adjust=self.stand_in_adjust())
        number = int(found["number"])
        if not 1 <= number <= len(sheet.rounds):
            return None
        rnd = sheet.rounds[number - 1]
        if found["edit"] and rnd.closed:
            checking = "trump" in query
            form = extra.pop("form", None) or correction_form(rnd, query if checking else None,
                                                              self.csrf)
            # The bids chosen so far, as CorrectionForm.chosen_bids reads them.
            forbidden = rnd.forbidden_with({p: seat.bid.data if not seat.bid.raw_data else
                                            whole_from_text(seat.bid.raw_data[0], most_digits=3)
                                            for p, seat in zip(rnd.order, form.seats)})
            return self.draw("play/edit.html", path, "play.edit_round", rnd=rnd, form=form,
                             errors=extra.pop("errors", []), forbidden=forbidden, status=status)
        path = f"/round/{number}"
        return self.draw("play/round.html", path, "play.round_page", rnd=rnd, error=error,
                         status=status, confirm_reopen=extra.get("confirm_reopen"),
                         undo_label=self.phone.undo_label(sheet, number), offline_engine=None)

    def standings(self, path: str) -> dict[str, Any]:
        phone = self.phone
        context = {"game": self.game(), "sheet": phone.sheet, "gid": phone.gid, "can_write": True}
        parts = {name: Markup(phone.env.get_template(f"play/_standings_{name}.html").render(
            **context)) for name in ("head", "body")}
        return self.draw("play/standings.html", path, "play.standings", series=None,
                         follows=False, friendly=phone.friendly, **parts)

    def game(self) -> SimpleNamespace:
        """The game as the pages' templates read it (its version, its preset)."""
        return SimpleNamespace(version=self.phone.version, preset=self.phone.preset)

    def draw(self, template: str, path: str, endpoint: str, status: int = 200,
             **context: Any) -> dict[str, Any]:
        phone = self.phone
        full = f"{phone.root}/g/{phone.gid}{path}"
        flashed, self.flashed = self.flashed, []
        request = SimpleNamespace(endpoint=endpoint, path=full, view_args={"gid": phone.gid},
                                  cookies={}, method="GET")
        context.setdefault("undo_label", phone.undo_label(phone.sheet, None))
        html = phone.env.get_template(template).render(
            game=self.game(), sheet=phone.sheet, gid=phone.gid, can_write=True, role=SCORER,
            own_player=None, request=request,
            get_flashed_messages=lambda: flashed, **context)
        title, nav, main = html.split(SEPARATOR)
        return {"status": status, "path": full, "title": title, "nav": nav, "main": main,
                "version": phone.version}

    def stand_in_join(self) -> SimpleNamespace:
        """The join form, drawn as the server draws it empty (joining needs the server)."""
        def select(name: str, options: list[tuple[str, str]], chosen: str) -> Drawn:
            rows = "".join(f'<option {"selected " if value == chosen else ""}value="{escape(value)}">'
                           f"{escape(label)}</option>" for value, label in options)
            return Drawn(id=name, html=Markup(f'<select id="{name}" name="{name}">{rows}</select>'))
        sheet = self.phone.sheet
        seats = [("first", self.phone.gettext("the first seat"))] + [
            (str(pid), sheet.name(pid)) for pid in sheet.circle if sheet.is_present(pid)]
        rules = [(key, str(label)) for key, label in START_RULE_NAMES.items()]
        return SimpleNamespace(
            name=SimpleNamespace(data=None), start_number=SimpleNamespace(raw_data=[]),
            after=select("after", seats, str(sheet.circle[-1]) if sheet.circle else ""),
            start_rule=select("start_rule", rules, "zero"), csrf_token=token_field(self.csrf))

    def stand_in_adjust(self) -> SimpleNamespace:
        return SimpleNamespace(
            player=SimpleNamespace(data=None), points=SimpleNamespace(raw_data=[]),
            reason=SimpleNamespace(data=None), csrf_token=token_field(self.csrf))

    # -- plain forms -------------------------------------------------------------

    def post(self, path: str, values: Mapping[str, str]) -> dict[str, Any] | None:
        """Apply a plain form of a game page: where the server would send the
        phone next (``go``, with the page drawn there), or the page again with
        the reason (status 422); None when only the server can take it."""
        phone = self.phone
        phone.use_catalogue()
        edit = EDIT.match(path)
        if edit:
            return self.correct(int(edit["number"]), values)
        what = FORMS.get(path)
        if what is None:
            return None
        if what == "undo":
            return self.undo(values)
        number = whole_from_text(values.get("after" if what == "end" else "player", ""),
                                 most_digits=3)
        try:
            if number is None:
                raise GameError("no-such-player" if what != "end" else "no-such-round")
            if what == "end":
                built = entries.end_game(phone.sheet, number)
            elif what == "sit_out":
                rnd = whole_from_text(values.get("round", ""), most_digits=3)
                built = entries.sit_out(phone.sheet, number, rnd if rnd is not None else 0)
            else:
                built = getattr(entries, what)(phone.sheet, number)
        except GameError as error:
            page = "/end" if what == "end" else "/players"
            return self.page(page, error=game_message(error), status=422)
        phone.append(built)
        return self.go("/" if what == "end" else "/players")

    def correct(self, number: int, values: Mapping[str, str]) -> dict[str, Any] | None:
        phone = self.phone
        sheet = phone.sheet
        if not 1 <= number <= len(sheet.rounds) or not sheet.rounds[number - 1].closed:
            return self.go(f"/round/{number}")
        rnd = sheet.rounds[number - 1]
        form = correction_form(rnd, values, self.csrf)
        if sum(1 for name in values if name.startswith("seats-") and name.endswith("-bid")) != len(
                rnd.order):
            errors = [game_message(GameError("correction-incomplete"))]
        else:
            errors = field_errors(phone, form)
        if not errors:
            bids = {p: seat.bid.data for p, seat in zip(rnd.order, form.seats)}
            taken = {p: seat.tricks.data for p, seat in zip(rnd.order, form.seats)}
            try:
                phone.append(entries.correction(sheet, number, trump_from_form(
                    values.get("trump", "")), bids, taken))
            except Refusals as refused:
                errors = [game_message(error) for error in refused.errors]
            except GameError as refused:
                errors = [game_message(refused)]
        if errors:
            return self.page(f"/round/{number}/edit", form=form, errors=errors,
                             status=422)
        self.flashed.append(history_text(phone.history()[-1]))
        return self.go(f"/round/{number}")

    def undo(self, values: Mapping[str, str]) -> dict[str, Any]:
        """Undo from a page with no entry panel: it comes back to that page (``next``)."""
        phone = self.phone
        before = phone.sheet
        seq = whole_from_text(values.get("seq", ""), most_digits=6)
        try:
            built = entries.undo(before, seq, bool(values.get("reopen")))
        except GameError as error:
            shown = (before.current or before.rounds[-1]).number
            if error.kind == "undo-reopens":
                return self.page(f"/round/{shown}", confirm_reopen=error.details["number"],
                                 status=422)
            return self.page(f"/round/{shown}", error=game_message(error), status=422)
        label = phone.undo_label(before, None)
        phone.append(built)
        if built:
            self.flashed.append(phone.gettext("Undone: %(entry)s", entry=label or ""))
        prefix = f"{phone.root}/g/{phone.gid}"
        back = values.get("next", "")
        shown = (phone.sheet.current or phone.sheet.rounds[-1]).number
        return self.go(back[len(prefix):] if back.startswith(prefix + "/") else f"/round/{shown}")

    def go(self, path: str) -> dict[str, Any]:
        """Where the server's answer sends the phone, drawn (post/redirect/get)."""
        page = self.page(path)
        assert page is not None
        return {**page, "go": page["path"]}
