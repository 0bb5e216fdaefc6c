"""Carry games: all of this device's games out as one file, and such a file
(or one game's archive) in, checked change by change, all or nothing."""

from __future__ import annotations

import json

from flask import Blueprint, current_app, make_response, render_template, request
from flask_babel import ngettext
from werkzeug.exceptions import RequestEntityTooLarge

from ...storage import carry as store
from .. import access
from ..extensions import csrf
from ..responses import download
from ..wording.carry import FILE_MESSAGES, carry_problem_text

bp = Blueprint("carry", __name__, url_prefix="/carry")

#: The largest file an import takes: about 115 games of 19 rounds, checked and
#: stored in about 4 s (bench/import.py; the import limits keep the check that short).
IMPORT_MB = 4


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
@csrf.exempt  # checked in the view, once the import's own size limit is in force
def import_file():
    """Import a file of games: every problem named, nothing stored unless all is well.

    The app's body limit (1 MiB) would apply while the app-wide CSRF check
    reads the form, before this view could raise it: the check is made here,
    after the limit is :data:`IMPORT_MB`, so a phone can import its own export.
    """
    request.max_content_length = IMPORT_MB * 1024 * 1024
    try:
        if current_app.config["WTF_CSRF_ENABLED"]:
            csrf.protect()  # a CSRFError: the app-wide "page expired" answer
        upload = request.files.get("file")
    except RequestEntityTooLarge:
        return answer([str(FILE_MESSAGES["too-large"]) % {"mb": IMPORT_MB}], None, 413)
    raw = upload.read() if upload is not None else b""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return answer([str(FILE_MESSAGES["not-json"])], None, 422)
    try:
        carried = store.import_device_games(data, access.device_id())
    except store.CarryRefused as refused:
        return answer([carry_problem_text(p) for p in refused.problems], None, 422)
    done = " ".join([
        ngettext("%(num)s game imported.", "%(num)s games imported.", carried.imported),
        ngettext("%(num)s game was on this phone already.",
                 "%(num)s games were on this phone already.",
                 carried.already) if carried.already else ""]).strip()
    return answer([], done, 200)


def answer(problems: list[str], done: str | None, status: int):
    """The carry page with the import's problems or what it did."""
    return make_response(render_template("regulars/carry.html", problems=problems, done=done),
                         status)
