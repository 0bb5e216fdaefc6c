"""The service worker and the offline page: what an installed phone has without a connection.

The worker is served from the site's root (``/sw.js``), not from ``/static/``,
so that its scope is every page. It caches the static files and the offline
page, and nothing else (see ``static/sw.js``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app, make_response, render_template, request, url_for

bp = Blueprint("offline", __name__)

#: The worker's source; the route puts its settings in front of it.
WORKER = "sw.js"
#: The offline page's template; its source counts in the worker's version.
OFFLINE_TEMPLATE = "offline/page.html"


#: Files fetched only by a round screen that may need them (Pyodide, vendored
#: by `make setup`, about 14 MB: scorekeeper/web/engine.py), cached by the
#: worker when fetched, never on install (a phone that only sets games up never
#: downloads them), and named by their version, so they count in no digest.
VENDORED = "vendor/"


def static_files() -> list[Path]:
    """Every file under ``static/`` but the worker's own source and the
    vendored ones, in a stable order."""
    folder = Path(current_app.static_folder)
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.relative_to(folder).as_posix() != WORKER
                  and not p.relative_to(folder).as_posix().startswith(VENDORED))


def worker_version(files: list[Path]) -> str:
    """A digest of what the worker caches and of the worker itself: a change
    to any of them makes a new worker, which replaces the old cache."""
    folder = Path(current_app.static_folder)
    template = Path(current_app.root_path) / (current_app.template_folder or "templates") / OFFLINE_TEMPLATE
    digest = hashlib.sha256()
    for name, path in [
        *((p.relative_to(folder).as_posix(), p) for p in files),
        (WORKER, folder / WORKER),
        (OFFLINE_TEMPLATE, template),
    ]:
        digest.update(f"{name}\0{path.stat().st_size}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, with its version and the list of what it caches."""
    folder = Path(current_app.static_folder)
    files = static_files()
    settings = {
        "version": worker_version(files),
        "static": url_for("static", filename=""),
        "engine": request.script_root + "/engine/",
        "root": request.script_root,
        "offline": url_for("offline.page"),
        "precache": [
            *(url_for("static", filename=p.relative_to(folder).as_posix()) for p in files),
            url_for("offline.page"),
        ],
    }
    source = (folder / WORKER).read_text(encoding="utf-8")
    response = make_response(f"self.SCOREKEEPER = {json.dumps(settings)};\n{source}")
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Service-Worker-Allowed"] = "/"
    # Browsers check for a new worker on every visit; let them always get the current one.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def page():
    """The page a phone shows, from the worker's cache, when a page cannot load."""
    response = make_response(render_template(OFFLINE_TEMPLATE))
    response.headers["Cache-Control"] = "no-cache"
    return response
