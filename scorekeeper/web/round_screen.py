"""The round screen as a response: the whole page, or its entry panel for
htmx. Drawn by the play blueprint after an entry and by the manage blueprint
after a fix made from the round screen, and by a round screen's stream
(:mod:`scorekeeper.web.pushed`), which sends the panel itself."""

from __future__ import annotations

from flask import make_response, render_template

from ..game import Sheet
from ..game.rounds import RoundSheet
from ..storage.models import Game
from . import access
from .rendered import kept_marked, kept_with_token
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
    plain = is_htmx() and rnd is sheet.current and not (error or notice or confirm_reopen)
    if plain:
        html = kept_with_token(PANEL, game, lambda: draw(PANEL, game, sheet, rnd), number)
    else:
        html = draw(template, game, sheet, rnd, error=error, notice=notice,
                    confirm_reopen=confirm_reopen)
    return vary(make_response(html, status))


def draw(template: str, game: Game, sheet: Sheet, rnd: RoundSheet, error: str | None = None,
         notice: str | None = None, confirm_reopen: int | None = None) -> str:
    """The round screen (``ROUND_PAGE``) or its panel (``PANEL``, with the
    undo bar out of band) of ``rnd``, from ``sheet`` as this link sees it,
    with what the answer says."""
    return render_template(template, game=game, sheet=sheet, rnd=rnd, error=error,
                           oob=template == PANEL, notice=notice, confirm_reopen=confirm_reopen,
                           undo_label=undo_label(game, sheet, rnd.number))


def open_panel(number: int) -> str | None:
    """The plain panel of round ``number`` as this request's link sees the
    game now, if that round is the open one (else None), as it is kept: with
    the CSRF token's mark (:func:`scorekeeper.web.rendered.kept_marked`)."""
    game = access.game()
    sheet = access.sheet()
    rnd = sheet.current
    if rnd is None or rnd.number != number:
        return None
    return kept_marked(PANEL, game, lambda: draw(PANEL, game, sheet, rnd), number)


def shown_round(sheet: Sheet) -> int:
    """The round a phone should look at now: the current one, or the last."""
    return (sheet.current or sheet.rounds[-1]).number
