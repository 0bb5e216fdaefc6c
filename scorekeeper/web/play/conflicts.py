"""What a phone back online settles: the entries it set while it had no
network that another phone set otherwise meanwhile (docs/offline.md).

``js/offline-sync.js`` sends the phone's own taps through the write path in
order; an entry refused there as changed meanwhile (409) is asked about here
with the value the phone holds for it, and the answer offers each one that
still differs as one form of two chips, "on this phone" and "on another
phone". Either chip is an ordinary entry of the round screen (the same
address, its ``was`` the value the round holds now), so settling goes through
the one write path and a third phone's change meanwhile is refused again.

A round closed meanwhile (another phone closed it, or this phone's own close
landed after its entry was refused) offers its entries too: there "on this
phone" is a correction of that round (``POST .../conflicts/keep``, the round's
other entries as it holds them, checked as the correction form checks them).
Where that correction cannot be made (one player's tricks no longer add up
to the cards, or a player's own link, which corrects nothing), the entry is
said with both values and why, and a scorer gets the way to the round's
correction instead of a chip that could only fail; where all of this
phone's entries of that round together make a correction that can be made,
one more form keeps them all with one tap (``POST .../conflicts/keep-round``).

A round the table ended the game before (another phone ended it meanwhile)
has no entry to keep: this phone's entries of it are said, as not kept. A
phone whose game is over sends nothing more from a round screen, so it opens
this page itself (js/offline-sync.js).

Only what the link may enter is offered (a seat link: its own player's bid and
tricks), and nothing hidden from it is compared or shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ...game import Conflict, GameError, Sheet, entries
from ...game.conflicts import Unsettled, unsettled
from ...game.entries import UNSEEN
from ...rules.numbers import whole_from_text
from ...storage import games as store
from ...storage.links import Access
from ...storage.models import Game
from .. import access
from ..responses import author, form_error, is_htmx, refusals, round_or_404, vary
from ..round_screen import render_round, shown_round
from ..tap_values import TRUMP_FORM_CHOICES, trump_from_form, trump_to_form
from ..undo import say_stored
from ..wording.game import entry_label
from ..wording.history import history_text
from .forms import BidForm, TricksForm, TrumpForm
from .routes import bp

#: The fragment offering each entry to settle, and the page around it (a plain GET).
CONFLICTS, CONFLICTS_PAGE = "play/_conflicts.html", "play/conflicts.html"


def asked_entries(args, found: Access) -> list[tuple[str, int | None, Any]]:
    """The entries the query names with this phone's value (``bid=<player>:<bid>``,
    ``tricks=<player>:<tricks>``, ``trump=<choice>``), in its order: only those
    the link may enter; anything else in it is left out."""
    asked: list[tuple[str, int | None, Any]] = []
    for entry, raw in args.items(multi=True):
        if entry == "trump" and found.can_write and raw in TRUMP_FORM_CHOICES:
            asked.append(("trump", None, trump_from_form(raw)))
        elif entry in ("bid", "tricks") and raw.count(":") == 1:
            player, value = (whole_from_text(part, most_digits=3) for part in raw.split(":"))
            if player is not None and value is not None and found.may_enter_for(player):
                asked.append((entry, player, value))
    return asked


def form_value(entry: str, value: Any) -> str:
    """A value as the round screen's form sends it."""
    return trump_to_form(value) if entry == "trump" else str(value)


def offered(conflict: Unsettled, name: str | None, cannot_keep: list[str]) -> dict[str, Any]:
    """One entry to settle as the fragment draws it: its form's fields, the
    label of each chip, and why this phone's value cannot be kept with one tap
    (none: it can)."""
    def label(value: Any) -> str:
        return entry_label(conflict.entry, name=name, value=value)
    return {"entry": conflict.entry, "player": conflict.player,
            "was": form_value(conflict.entry, conflict.theirs),
            "mine": (form_value(conflict.entry, conflict.mine), label(conflict.mine)),
            "theirs": (form_value(conflict.entry, conflict.theirs), label(conflict.theirs)),
            "cannot_keep": cannot_keep}


def why_not_kept(sheet: Sheet, number: int, conflict: Unsettled, found: Access) -> list[str]:
    """Why keeping this phone's value of an entry of closed round ``number``
    would be refused: a player's own link corrects no closed round; for a
    scorer, every reason the correction would be refused (checked on the
    sheet, nothing stored)."""
    if not found.can_write:
        return [_("Round %(number)s is closed; the scorer corrects it.", number=number)]
    try:
        entries.corrected_entry(sheet, number, conflict.entry, conflict.player, conflict.mine)
    except GameError as error:
        return refusals(error)
    return []


def name_of(sheet: Sheet, player: int | None) -> str | None:
    """The player an entry is of, by name (None: the trump's)."""
    return None if player is None else sheet.name(player)


def left_out(sheet: Sheet, asked: list[tuple[str, int | None, Any]]) -> list[str]:
    """The entries this phone set in a round the table ended the game before
    (another phone ended it meanwhile), in words: each said as not kept,
    nothing to tap."""
    return [entry_label(entry, name=name_of(sheet, player), value=value)
            for entry, player, value in asked]


@bp.get("/round/<int:number>/conflicts")
@access.seat_may_read
def conflicts(gid: str, number: int):
    """The entries of round ``number`` the query names that the round holds
    otherwise now, each offered to settle with one tap; 204 for htmx (a
    redirect to the round for a plain GET) when none is left, or the round is
    neither the one being played nor closed. In a round the table ended the
    game before, every entry named is said as not kept. A viewer link, which
    enters nothing, is refused (403) before it comes here.
    """
    found = access.access()
    sheet = access.sheet()
    asked = asked_entries(request.args, found)
    together = None
    if sheet.ended_before(number):
        rnd, rows = None, left_out(sheet, asked)
    else:
        rnd = round_or_404(sheet, number)
        playing = rnd is sheet.current
        found_conflicts = unsettled(rnd, asked) if playing or rnd.closed else []
        rows = [offered(conflict, name_of(sheet, conflict.player),
                        [] if playing else why_not_kept(sheet, number, conflict, found))
                for conflict in found_conflicts]
        if not playing and found.can_write and any(row["cannot_keep"] for row in rows):
            together = kept_together(sheet, number, found_conflicts)
    if not rows:
        if is_htmx():
            return vary(make_response("", 204))
        return vary(redirect(url_for("play.round_page", gid=gid, number=number)))
    html = render_template(CONFLICTS if is_htmx() else CONFLICTS_PAGE, game=access.game(),
                           sheet=sheet, rnd=rnd, number=number, conflicts=rows,
                           together=together, fragment=is_htmx())
    return vary(make_response(html))


def kept_together(sheet: Sheet, number: int,
                  found: list[Unsettled]) -> list[tuple[str, str]] | None:
    """Where some of this phone's entries of closed round ``number`` cannot be
    kept one by one but can all together (two players' tricks that add up
    only with each other): the fields of the one form that keeps them all
    (:func:`keep_round`: each entry under its own name, ``tricks-<player>``,
    ``bid-<player>`` or ``trump``, and what the round holds now under
    ``was-`` and that name); None where they cannot (checked on the sheet,
    nothing stored)."""
    try:
        entries.corrected_entries(sheet, number, [(c.entry, c.player, c.mine, c.theirs)
                                                  for c in found])
    except GameError:
        return None
    return [field for c in found for field in (
        (field_name(c.entry, c.player), form_value(c.entry, c.mine)),
        (f"was-{field_name(c.entry, c.player)}", form_value(c.entry, c.theirs)))]


def field_name(entry: str, player: int | None) -> str:
    """An entry's field in the form of :func:`kept_together`."""
    return entry if player is None else f"{entry}-{player}"


#: A field of that form: a player's bid or tricks, or the trump.
KEPT_FIELD = re.compile(r"(?P<entry>bid|tricks)-(?P<player>[0-9]{1,3})$|trump$")


def kept_in_form(form, found: Access) -> list[tuple[str, int | None, Any, Any]]:
    """The entries the form of :func:`kept_together` names, each ``(entry,
    player, value, was)`` as :func:`scorekeeper.game.entries.corrected_entries`
    takes them (``was`` unseen where the form has none); only those the
    link may enter, anything else in it left out."""
    kept: list[tuple[str, int | None, Any, Any]] = []
    for name, raw in form.items():
        field = KEPT_FIELD.match(name)
        if field is None:
            continue
        seen = form.get(f"was-{name}", "")
        if field["entry"] is None:
            if found.can_write and raw in TRUMP_FORM_CHOICES:
                kept.append(("trump", None, trump_from_form(raw), trump_from_form(seen)
                             if seen in TRUMP_FORM_CHOICES else UNSEEN))
            continue
        player, value = (whole_from_text(part, most_digits=3) for part in (field["player"], raw))
        was = whole_from_text(seen, most_digits=3)
        if player is not None and value is not None and found.may_enter_for(player):
            kept.append((field["entry"], player, value, UNSEEN if was is None else was))
    return kept


#: The form of each entry a closed round's conflict keeps, by its field's name.
ENTRY_FORMS = {"trump": TrumpForm, "bid": BidForm, "tricks": TricksForm}


@bp.post("/round/<int:number>/conflicts/keep")
def keep_in_closed_round(gid: str, number: int):
    """Settle one entry of closed round ``number`` (its chip's field, with
    ``player`` and ``was``, as the round screen sends an entry): a correction
    of that round through the one write path, checked as the correction form
    checks it, on the value the round holds now (a third phone's change
    meanwhile: 409; the value it holds already: nothing stored). Answered as
    an entry of the round screen: the panel of the round being played, saying
    what was corrected, or why nothing was (409, 422); a plain post goes to
    the round's screen.
    """
    game = access.game()
    entry = next((name for name in ENTRY_FORMS if name in request.form), "bid")
    form = ENTRY_FORMS[entry]()
    if not form.validate():
        return render_round(game, access.sheet(), shown_round(access.sheet()),
                            form_error(form), 422)
    value = trump_from_form(form.trump.data) if entry == "trump" else form[entry].data
    player = None if entry == "trump" else form.player.data
    return corrected(game, number, entries.corrected_entry, entry, player, value, form.seen())


def corrected(game: Game, number: int, build: Callable[..., Any], *args: Any):
    """A correction of closed round ``number`` built by ``build(sheet, number,
    *args)`` of :mod:`scorekeeper.game.entries`, stored through the one write
    path; answered as an entry of the round screen (the panel of the round
    being played, saying what was corrected, or why nothing was: 409, 422);
    a plain post goes to the round's screen."""
    before = access.sheet().version
    try:
        sheet = store.record(game, build, number, *args, author=author())
    except GameError as error:
        sheet = access.sheet()
        return render_round(game, sheet, shown_round(sheet), " ".join(refusals(error)),
                            409 if isinstance(error, Conflict) else 422)
    stored = sheet.version != before
    if not is_htmx():
        if stored:
            say_stored(game)
        return redirect(url_for("play.round_page", gid=access.access().token, number=number))
    notice = history_text(store.load_history(game)[-1]) if stored else None
    return render_round(game, sheet, shown_round(sheet), notice=notice)


@bp.post("/round/<int:number>/conflicts/keep-round")
def keep_round(gid: str, number: int):
    """Keep every entry this phone set in closed round ``number`` at once (the
    form of :func:`kept_together`), as one correction of that round through
    the one write path, each checked on the value its form says the round
    held (``was-<entry>``: a third phone's change meanwhile is 409). A
    scorer's link only. Answered as :func:`keep_in_closed_round` is."""
    game = access.game()
    kept = kept_in_form(request.form, access.access())
    if not kept:
        return render_round(game, access.sheet(), shown_round(access.sheet()),
                            _("Nothing to keep: the form named no entry of round %(number)s.",
                              number=number), 422)
    return corrected(game, number, entries.corrected_entries, kept)
