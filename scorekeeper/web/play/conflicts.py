"""What a phone back online settles: the entries it set while it had no
network that another phone set otherwise meanwhile (docs/offline.md).

``js/offline-sync.js`` sends the phone's own taps through the write path in
order; an entry refused there as changed meanwhile (409) is asked about here
with the value the phone holds for it, and the answer offers each one that
still differs as one form of two chips, "on this phone" and "on another
phone". Either chip is an ordinary entry of the round screen (the same
address, its ``was`` the value the round holds now), so settling goes through
the one write path and a third phone's change meanwhile is refused again.

Only what the link may enter is offered (a seat link: its own player's bid and
tricks), and nothing hidden from it is compared or shown.
"""

from __future__ import annotations

from typing import Any

from flask import make_response, redirect, render_template, request, url_for

from ...game.conflicts import Unsettled, unsettled
from ...rules.numbers import whole_from_text
from ...storage.links import Access
from .. import access
from ..responses import is_htmx, round_or_404, vary
from ..tap_values import TRUMP_FORM_CHOICES, trump_from_form, trump_to_form
from ..wording.game import entry_label
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


def offered(conflict: Unsettled, name: str | None) -> dict[str, Any]:
    """One entry to settle as the fragment draws it: its form's fields and the
    label of each chip."""
    def label(value: Any) -> str:
        return entry_label(conflict.entry, name=name, value=value)
    return {"entry": conflict.entry, "player": conflict.player,
            "was": form_value(conflict.entry, conflict.theirs),
            "mine": (form_value(conflict.entry, conflict.mine), label(conflict.mine)),
            "theirs": (form_value(conflict.entry, conflict.theirs), label(conflict.theirs))}


@bp.get("/round/<int:number>/conflicts")
@access.seat_may_read
def conflicts(gid: str, number: int):
    """The entries of round ``number`` the query names that the round holds
    otherwise now, each offered to settle with one tap; 204 for htmx (a
    redirect to the round for a plain GET) when none is left, or the round is
    no longer the one being played. A viewer link, which enters nothing, is
    refused (403) before it comes here.
    """
    found = access.access()
    sheet = access.sheet()
    rnd = round_or_404(sheet, number)
    left = unsettled(rnd, asked_entries(request.args, found)) if rnd is sheet.current else []
    if not left:
        if is_htmx():
            return vary(make_response("", 204))
        return vary(redirect(url_for("play.round_page", gid=gid, number=number)))
    rows = [offered(conflict, None if conflict.player is None else sheet.name(conflict.player))
            for conflict in left]
    html = render_template(CONFLICTS if is_htmx() else CONFLICTS_PAGE, game=access.game(),
                           sheet=sheet, rnd=rnd, conflicts=rows, fragment=is_htmx())
    return vary(make_response(html))
