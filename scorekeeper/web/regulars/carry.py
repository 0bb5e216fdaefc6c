"""Carry games: all of this device's games out as one file, and such a file
(or one game's archive) in, checked change by change, all or nothing."""

from __future__ import annotations

import json

from flask import Blueprint, current_app, make_response, render_template, request
from flask_babel import gettext as _
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
    return render_template("regulars/carry.html", problems=[], done=None, games_here=[])


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
        if is_spreadsheet(upload.filename if upload is not None else None, raw):
            return answer([str(FILE_MESSAGES["csv"]) % {
                "single": _("Export JSON"), "standings": _("Standings")}], None, 422)
        return answer([str(FILE_MESSAGES["not-json"])], None, 422)
    try:
        carried = store.import_device_games(data, access.device_id())
    except store.CarryRefused as refused:
        return answer([carry_problem_text(p) for p in refused.problems], None, 422)
    done = " ".join([
        ngettext("%(num)s game imported.", "%(num)s games imported.", carried.imported)
        if carried.imported or not carried.elsewhere else "",
        ngettext("%(num)s game was on this phone already.",
                 "%(num)s games were on this phone already.",
                 carried.already) if carried.already else "",
        ngettext("%(num)s game is on this server already, but not on this phone: open it "
                 "through its link.",
                 "%(num)s games are on this server already, but not on this phone: open them "
                 "through their links.",
                 carried.elsewhere) if carried.elsewhere else ""]).strip()
    return answer([], done, 200, carried.here)


def is_spreadsheet(name: str | None, raw: bytes) -> bool:
    """Whether a file that is no JSON is a CSV (a game's spreadsheet export):
    so named, or a first line of cells."""
    if name and name.lower().endswith(".csv"):
        return True
    first = raw[:1000].decode("utf-8-sig", "replace").lstrip().split("\n", 1)[0]
    return bool(first) and first[0] not in "{[" and (";" in first or "," in first)


def answer(problems: list[str], done: str | None, status: int,
           here: list[tuple[str, list[str]]] = ()):
    """The carry page with the import's problems or what it did (and the games
    that were here already, each through the phone's link)."""
    return make_response(render_template("regulars/carry.html", problems=problems, done=done,
                                         games_here=here), status)
