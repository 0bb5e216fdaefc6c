"""The round screen as a response: the whole page, or its entry panel for
htmx. Drawn by the play blueprint after an entry and by the manage blueprint
after a fix made from the round screen."""

from __future__ import annotations

from flask import make_response, render_template

from ..game import Sheet
from ..storage.models import Game
from . import access
from .rendered import kept_with_token
from .responses import is_htmx, round_or_404, vary
from .undo import undo_label

#: The live panel of the round screen (htmx), and the whole screen.
PANEL, ROUND_PAGE = "play/_entry.html", "play/round.html"


def render_round(game: Game, sheet: Sheet, number: int, error: str | None = None,
                 status: int = 200, notice: str | None = None, confirm_reopen: int | None = None):
    """The round screen, or only its entry panel for htmx (with the undo bar
    out of band). ``notice`` says what was done; ``confirm_reopen`` asks
    before an undo reopens that round. The plain panel of the open round, the
    same for every phone on the link, is drawn once per version and kept.
    The bids still hidden from this link are not in what it draws."""
    sheet = access.seen(sheet)
    rnd = round_or_404(sheet, number)
    template = PANEL if is_htmx() else ROUND_PAGE

    def draw() -> str:
        return render_template(
            template, game=game, sheet=sheet, rnd=rnd, error=error, oob=is_htmx(),
            notice=notice, confirm_reopen=confirm_reopen, undo_label=undo_label(game, sheet))

    plain = is_htmx() and rnd is sheet.current and not (error or notice or confirm_reopen)
    html = kept_with_token(template, game, draw, number) if plain else draw()
    return vary(make_response(html, status))


def shown_round(sheet: Sheet) -> int:
    """The round a phone should look at now: the current one, or the last."""
    return (sheet.current or sheet.rounds[-1]).number
