"""Carry games: all of this device's games out as one file, and such a file
(or one game's archive) in, checked change by change, all or nothing."""

from __future__ import annotations

import json

from flask import Blueprint, abort, make_response, render_template, request
from flask_babel import ngettext
from flask_wtf import FlaskForm

from ...storage import carry as store
from .. import access
from ..responses import download
from ..wording.carry import FILE_MESSAGES, carry_problem_text

bp = Blueprint("carry", __name__, url_prefix="/carry")

#: The largest file an import takes (a thousand long games fit).
IMPORT_MB = 16


@bp.get("")
def carry_page():
    """Export this device's games, or import a file of games."""
    return render_template("regulars/carry.html", problems=[], done=None)


@bp.get("/games.json")
def export_all():
    """Every game on this device's list, as one file."""
    data = store.device_archive(access.device_id())
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return download(text, "application/json", "scorekeeper-games.json")


@bp.post("/import")
def import_file():
    """Import a file of games: every problem named, nothing stored unless all is well."""
    request.max_content_length = IMPORT_MB * 1024 * 1024
    if not FlaskForm().validate():  # pragma: no cover - CSRF errors are handled app-wide
        abort(400)
    upload = request.files.get("file")
    raw = upload.read() if upload is not None else b""
    problems: list[str] = []
    done = None
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        problems = [str(FILE_MESSAGES["not-json"])]
    else:
        try:
            carried = store.import_device_games(data, access.device_id())
        except store.CarryRefused as refused:
            problems = [carry_problem_text(p) for p in refused.problems]
        else:
            done = " ".join([
                ngettext("%(num)s game imported.", "%(num)s games imported.", carried.imported),
                ngettext("%(num)s game was here already.", "%(num)s games were here already.",
                         carried.already) if carried.already else ""]).strip()
    html = render_template("regulars/carry.html", problems=problems, done=done)
    return make_response(html, 422 if problems else 200)
