"""The round screen as a response: the whole page, or its entry panel for
htmx. Drawn by the play blueprint after an entry and by the manage blueprint
after a fix made from the round screen, and by a round screen's stream
(:mod:`scorekeeper.web.pushed`), which sends the panel itself."""

from __future__ import annotations

from flask import flash, make_response, redirect, render_template, url_for

from ..game import Sheet
from ..game.rounds import RoundSheet
from ..storage import carry, clubs
from ..storage.links import SCORER, SEAT
from ..storage.models import Game
from . import access, engine
from .rendered import kept_marked, kept_with_token
from .security import ENGINE_POLICY
from .responses import is_htmx, round_or_404, vary
from .undo import undo_label

#: The live panel of the round screen (htmx), and the whole screen.
PANEL, ROUND_PAGE = "play/_entry.html", "play/round.html"
#: What takes the entry panel's place once the game is over.
OVER_PANEL = "play/_over.html"


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
        return vary(make_response(html, status))
    # Only the whole round screen of a link that enters plays on without
    # network (docs/offline.md): a scorer's, or a player's own with its rights.
    found = access.access()
    offline = engine.phone_settings(found.player if found.role == SEAT else None,
                                    clubs.is_friendly(game)) if \
        template == ROUND_PAGE and rnd is sheet.current and found.role in (SCORER, SEAT) else None
    html = draw(template, game, sheet, rnd, error=error, notice=notice,
                confirm_reopen=confirm_reopen, offline_engine=offline)
    response = vary(make_response(html, status))
    if offline:
        response.headers["Content-Security-Policy"] = ENGINE_POLICY
        # The service worker keeps this screen to open the game with no network (static/sw.js).
        response.headers["Scorekeeper-Offline"] = "round"
    return response


def render_over(game: Game, why: str):
    """The answer to an entry on a game that is over (the table ended it on
    another phone meanwhile): ``why`` in place of the entry panel, with the
    way to the result, as a 409 htmx swaps; a plain post goes to the result,
    which says it."""
    if is_htmx():
        response = make_response(render_template(OVER_PANEL, game=game, error=why), 409)
        # A phone sending what it kept offline opens its entries' page itself (js/offline-sync.js).
        response.headers["Scorekeeper-Over"] = "game"
        return vary(response)
    flash(why)
    return vary(redirect(url_for("play.standings", gid=access.access().token)))


def draw(template: str, game: Game, sheet: Sheet, rnd: RoundSheet, error: str | None = None,
         notice: str | None = None, confirm_reopen: int | None = None,
         offline_engine: dict | None = None) -> str:
    """The round screen (``ROUND_PAGE``) or its panel (``PANEL``, with the
    undo bar out of band) of ``rnd``, from ``sheet`` as this link sees it,
    with what the answer says; the whole screen with ``offline_engine``
    plays on without network (:func:`scorekeeper.web.engine.phone_settings`)."""
    return render_template(template, game=game, sheet=sheet, rnd=rnd, error=error,
                           oob=template == PANEL, notice=notice, confirm_reopen=confirm_reopen,
                           undo_label=undo_label(game, sheet, rnd.number),
                           offline_engine=offline_engine,
                           log_tail=log_tail(game, sheet) if template == PANEL or offline_engine
                           else None)


#: How many of the game's latest changes the panel carries (:func:`log_tail`):
#: more than one write stores (the last tricks filled in and the close).
LOG_TAIL = 4


def log_tail(game: Game, sheet: Sheet) -> list[dict] | None:
    """The game's latest changes, as this link may read them (as
    ``log.json`` gives them), for a link whose round screen keeps the log
    to play on without network (a scorer's, a player's own), in its entry
    panel and in the round screen that plays on without network: the page adds
    them to its log when they follow on from it, with no request of its own
    (js/offline-engine.js). None for a viewer link."""
    if access.access().role not in (SCORER, SEAT):
        return None
    return carry.changes_seen(game, access.looker(), max(0, sheet.version - LOG_TAIL))


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
