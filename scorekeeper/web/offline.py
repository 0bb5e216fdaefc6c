"""The service worker and the offline page: what an installed phone has without a connection.

The worker is served from the site's root (``/sw.js``), not from ``/static/``,
so that its scope is every page. It caches the static files and the offline
page, and nothing else (see ``static/sw.js``).
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
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
    vendored ones (whose folder is not walked), in a stable order."""
    folder = current_app.static_folder
    found = []
    for root, folders, names in os.walk(folder):
        inside = os.path.relpath(root, folder).replace(os.sep, "/").removeprefix(".")
        if not inside:
            folders[:] = [name for name in folders if f"{name}/" != VENDORED]
            names = [name for name in names if name != WORKER]
        found += [os.path.join(root, name) for name in names]
    return sorted(Path(path) for path in found)


def worker_version(files: list[Path]) -> str:
    """A digest of what the worker caches and of the worker itself: a change
    to any of them makes a new worker, which replaces the old cache. Every
    page a browser opens asks for the worker again, so the digest is taken
    once for the files as they are (by name, size and time of change), not
    again on every visit."""
    folder = Path(current_app.static_folder)
    template = Path(current_app.root_path) / (current_app.template_folder or "templates") / OFFLINE_TEMPLATE
    named = [*((p.relative_to(folder).as_posix(), p) for p in files),
             (WORKER, folder / WORKER), (OFFLINE_TEMPLATE, template)]
    return _digest(tuple((name, str(path), stat.st_mtime_ns, stat.st_size)
                         for name, path in named for stat in [path.stat()]))


@lru_cache(maxsize=16)
def _digest(files: tuple[tuple[str, str, int, int], ...]) -> str:
    digest = hashlib.sha256()
    for name, path, _changed, size in files:
        digest.update(f"{name}\0{size}\0".encode())
        digest.update(Path(path).read_bytes())
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
