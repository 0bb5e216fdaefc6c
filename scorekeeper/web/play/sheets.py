"""A game's score sheet to print (:file:`templates/play/sheet.html`, the
paper's style in :file:`static/css/print.css`): the schedule with each
round's dealer, cards and trump and columns for bids, tricks and points,
filled as far as the game is played. Through any of the game's links, with
that link's sight: a bid still hidden from it is left out. The view joins the
``play`` blueprint (:mod:`.routes`)."""

from __future__ import annotations

from flask import render_template

from .. import access
from .routes import bp


@bp.get("/sheet")
@access.viewer_may_see
def score_sheet(gid: str):
    return render_template("play/sheet.html", game=access.game(), sheet=access.sheet(),
                           prints=True)
