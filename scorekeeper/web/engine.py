"""The engine bundle: the project's own Python a phone runs when it has no
network (docs/offline.md).

One zip per app version, built once per process from the files themselves
and served at an address that names its digest, cached for a year: the
``rules`` and ``game`` packages (standard library only), the few web modules
the phone draws with (:mod:`.phone`, the wording of its errors and labels,
the form values), the round screen's templates, the compiled catalogues, and
Jinja2 and MarkupSafe as the server itself runs them (their pure-Python
files and licences, from the installed packages: the phone draws with the
very Jinja the server does; MarkupSafe's C speed-up is left out, its
pure-Python fallback is used), and each module's bytecode compiled by
Pyodide itself where ``make setup`` made it (:func:`bytecode_of`). Pyodide's
core is vendored by ``make setup`` from the npm registry into
``static/vendor/`` (:data:`PYODIDE_DIR`); nothing comes from a CDN.

The round screen (a scorer's link) names these in its ``offline-engine``
script; no other page does, so no other page ever loads Pyodide.
"""

from __future__ import annotations

import _imp
import functools
import hashlib
import io
import json
import zipfile
from importlib import metadata
from pathlib import Path, PurePosixPath

from babel.numbers import format_percent, get_decimal_symbol, get_group_symbol
from flask import Blueprint, Flask, Response, abort, current_app, make_response, request, url_for

from .security import ENGINE_POLICY

bp = Blueprint("engine", __name__, url_prefix="/engine")

#: The Pyodide release vendored by the Makefile (PYODIDE_VERSION there; a test
#: checks they agree), under the static folder.
PYODIDE_VERSION = "0.27.8"
PYODIDE_DIR = f"vendor/pyodide-{PYODIDE_VERSION}"
#: The files of Pyodide's core a phone needs to start.
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")

#: The project's Python in the bundle: whole packages, then single modules
#: (paths under ``scorekeeper/``). ``game/ratings.py`` needs openskill, which
#: the phone does not have: it is left out (nothing the phone runs imports it).
PACKAGES = ("rules", "game")
LEFT_OUT = ("game/ratings.py",)
MODULES = ("__init__.py", "web/__init__.py", "web/catalogue.py", "web/phone.py",
           "web/phone_pages.py", "web/tap_values.py", "web/wording/__init__.py",
           "web/wording/cards.py", "web/wording/game.py", "web/wording/history.py",
           "web/wording/money.py", "web/wording/presets.py", "web/wording/ruleset.py")
#: The templates the phone draws the round screen with, and what they include.
TEMPLATES = ("_macros.html", "play/_entry.html", "play/_bid_chips.html", "play/_missing.html",
             "play/_unfit.html", "play/_seat.html", "play/_undo.html", "play/_scored.html",
             "play/_standings_head.html", "play/_round_head.html",
             # The game's other pages (web/phone_pages.py).
             "play/round.html", "play/_result.html", "play/_nav.html", "play/edit.html",
             "play/_correction.html", "play/standings.html", "play/_standings_body.html",
             "play/_chart.html", "manage/end.html", "manage/players.html", "games/_again.html",
             "play/_settling.html", "play/_transfers.html", "play/_friendly.html")
#: The phone's stand-in for Flask-Babel (:mod:`.phone_babel`), at the top of the bundle.
BABEL_SHIM = ("web/phone_babel.py", "flask_babel.py")
#: The libraries the phone draws with, as installed for the server.
LIBRARIES = ("jinja2", "markupsafe")

#: The endpoints the phone's templates link to (:func:`scorekeeper.web.phone.url_maker`).
PHONE_ENDPOINTS = ("play.trump", "play.bid", "play.tricks", "play.close", "play.undo",
                   "play.entry_panel", "play.round_page", "play.edit_round", "manage.fit",
                   "manage.decks", "manage.schedule", "play.game_home", "play.standings",
                   "play.events", "play.table_view", "play.next_game", "play.export_csv",
                   "play.export_rules_csv", "play.export_json", "manage.players",
                   "manage.history", "manage.end", "manage.end_game", "manage.sit_out",
                   "manage.leave", "manage.back", "manage.join", "manage.adjust",
                   "manage.compare", "games.share", "games.play_again", "games.new_game",
                   "disputes.hand_page", "play.score_sheet", "play.stake")
#: How each language writes a percentage, for the phone (``web/percents.json``).
PERCENTS = "scorekeeper/web/percents.json"
#: Each language's decimal mark and thousands separator, for the phone's amounts of money.
DECIMALS = "scorekeeper/web/decimals.json"

#: The bundle's Python compiled ahead by the phone's own Python (Pyodide in
#: Node.js: ``tools/engine_bytecode.py``, run by ``make setup``), under the
#: static folder; gitignored like Pyodide, and never required.
BYTECODE = f"vendor/engine-bytecode-{PYODIDE_VERSION}.zip"
#: Pyodide's standard library with each module compiled ahead by Pyodide itself
#: (``tools/stdlib_bytecode.mjs``, run by ``make setup``), under the static folder:
#: given to the phone in place of Pyodide's own ``python_stdlib.zip``, of sources,
#: where it was made (:func:`stdlib_file`). Gitignored, and never required.
STDLIB_BYTECODE = f"vendor/stdlib-bytecode-{PYODIDE_VERSION}.zip"
#: A bytecode file's flags when Python checks its source's hash before running it.
CHECKED_HASH = (3).to_bytes(4, "little")
#: Where the bundle holds Jinja's bytecode of each template the phone draws,
#: one file per cache key (read by :class:`scorekeeper.web.phone.Compiled`).
TEMPLATES_COMPILED = "scorekeeper/compiled-templates/"

#: The worker Python runs in on the phone (under the static folder), served
#: from this blueprint at the bundle's address with the policy that lets it
#: compile WebAssembly; its source counts in the bundle's digest.
WORKER = "js/offline-python.js"

#: A year: the address changes with every change of what it holds.
LONG_CACHE = "public, max-age=31536000, immutable"
#: The phone's Cache Storage that keeps Python's memory snapshot (docs/offline.md).
SNAPSHOT_CACHE = "python-started"


def bundle_files(app: Flask, with_bytecode: bool = True) -> list[tuple[str, bytes]]:
    """Every file of the bundle, as (its path in the zip, its bytes), in a
    stable order; ``with_bytecode=False``: but what :data:`BYTECODE` adds."""
    package = Path(app.root_path)
    files: dict[str, Path] = {}
    for name in PACKAGES:
        for path in sorted((package / name).glob("*.py")):
            relative = path.relative_to(package).as_posix()
            if relative not in LEFT_OUT:
                files["scorekeeper/" + relative] = path
    for relative in MODULES:
        files["scorekeeper/" + relative] = package / relative
    templates = package / (app.template_folder or "templates")
    for relative in TEMPLATES:
        files["scorekeeper/templates/" + relative] = templates / relative
    for mo in sorted((package / "translations").glob("*/LC_MESSAGES/messages.mo")):
        files["scorekeeper/" + mo.relative_to(package).as_posix()] = mo
    files[BABEL_SHIM[1]] = package / BABEL_SHIM[0]
    for library in LIBRARIES:
        for path in library_files(library):
            files[path.as_posix().split("site-packages/", 1)[-1]] = path
    made = {PERCENTS: percents(package), DECIMALS: decimals(package)}
    read = {name: path.read_bytes() for name, path in files.items()}
    bytecode = bytecode_of(read, Path(app.static_folder) / BYTECODE) if with_bytecode else []
    return sorted([*read.items(), *made.items(), *bytecode])


def bytecode_of(sources: dict[str, bytes], archive: Path) -> list[tuple[str, bytes]]:
    """The bytecode files of ``archive`` whose module's source is in the
    bundle as it was compiled (the hash each holds is the source's): a phone
    starting Python from nothing imports them instead of compiling the
    sources, and those of a source changed since are left out. Python on the
    phone checks the hash again before it runs one. And the templates'
    bytecode, which Jinja on the phone takes only while a template's source
    is the one it was compiled from (its checksum)."""
    if not archive.is_file():
        return []
    kept = []
    with zipfile.ZipFile(archive) as compiled:
        for name in compiled.namelist():
            if name.startswith(TEMPLATES_COMPILED):
                kept.append((name, compiled.read(name)))
                continue
            path = PurePosixPath(name)  # <folder>/__pycache__/<module>.<python>.pyc
            source = sources.get((path.parent.parent / f"{path.name.split('.')[0]}.py").as_posix())
            data = compiled.read(name)
            # Keyed as Python 3.12 keys it, by the bytecode's own magic number
            # (importlib.util.source_hash, built on _imp's, keys by this Python's).
            if (path.parent.name == "__pycache__" and source is not None
                    and data[4:8] == CHECKED_HASH
                    and data[8:16] == _imp.source_hash(int.from_bytes(data[:4], "little"), source)):
                kept.append((name, data))
    return kept


def languages_of(package: Path) -> list[str]:
    return ["en"] + sorted(path.parent.parent.name
                           for path in package.glob("translations/*/LC_MESSAGES/messages.mo"))


def percents(package: Path) -> bytes:
    """Each language's way of writing a percentage, from Babel's patterns
    (what Flask-Babel's ``format_percent`` gives for 42 %, the number left open)."""
    ways = {language: format_percent(0.42, locale=language).replace("42", "{}")
            for language in languages_of(package)}
    return json.dumps(ways, ensure_ascii=False, sort_keys=True).encode()


def decimals(package: Path) -> bytes:
    """Each language's decimal mark and thousands separator, from Babel's
    locale data (what Flask-Babel's ``format_decimal`` writes with)."""
    marks = {language: [get_decimal_symbol(language), get_group_symbol(language)]
             for language in languages_of(package)}
    return json.dumps(marks, ensure_ascii=False, sort_keys=True).encode()


def library_files(name: str) -> list[Path]:
    """The pure-Python files and the licence of an installed library."""
    distribution = metadata.distribution(name)
    found = []
    for entry in distribution.files or []:
        text = str(entry)
        if (text.startswith(name + "/") and text.endswith(".py")) or "LICENSE" in text:
            found.append(Path(entry.locate()).resolve())
    return found


@functools.cache
def bundle(root_path: str) -> tuple[str, bytes]:
    """The bundle's digest and its zip, made once per process (per app version).

    A functools cache, not a store (scorekeeper/kept.py): the files do not
    change while the server runs, and one app (one ``root_path``) is one entry.
    """
    files = bundle_files(current_app)
    digest = hashlib.sha256()
    digest.update(worker_source(current_app.static_folder))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files:
            digest.update(f"{name}\0{len(data)}\0".encode())
            digest.update(data)
            # A fixed date: the same files make the same zip.
            archive.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data,
                             compress_type=zipfile.ZIP_DEFLATED)
    return digest.hexdigest()[:16], buffer.getvalue()


@functools.cache
def worker_source(static_folder: str) -> bytes:
    """The worker's script, read once per process (per app version) like the bundle."""
    return (Path(static_folder) / WORKER).read_bytes()


def is_vendored() -> bool:
    """Whether Pyodide's core is in the static folder (``make setup`` puts it there)."""
    folder = Path(current_app.static_folder) / PYODIDE_DIR
    return all((folder / name).is_file() for name in PYODIDE_FILES)


def stdlib_file() -> str:
    """The standard library a phone's Python starts with, under the static
    folder: compiled ahead where ``make setup`` made it (a start of Python
    from nothing then compiles none of the modules it imports, 116 in
    ``loadPyodide`` alone, which took 0.8–0.9 s instead of 2.1–2.5 s in
    Node.js), Pyodide's own sources otherwise."""
    if (Path(current_app.static_folder) / STDLIB_BYTECODE).is_file():
        return STDLIB_BYTECODE
    return f"{PYODIDE_DIR}/python_stdlib.zip"


def phone_settings(seat: int | None = None, friendly: bool = False) -> dict[str, object] | None:
    """What the round screen's ``offline-engine`` script needs, or None when
    Pyodide is not vendored here (the round screen then works online only);
    ``seat``: the player of a player's own link (None: a scorer's);
    ``friendly``: a club's friendly game (its standings say so)."""
    if not is_vendored():
        return None
    version, _zip = bundle(current_app.root_path)
    rules = {rule.endpoint: rule.rule for rule in current_app.url_map.iter_rules()
             if rule.endpoint in PHONE_ENDPOINTS}
    bundle_url = url_for("engine.bundle_zip", version=version)
    stdlib = stdlib_file()
    stdlib_url = url_for("static", filename=stdlib)
    return {
        "pyodide": url_for("static", filename=PYODIDE_DIR + "/"),
        "stdlib": stdlib_url,
        "files": [url_for("static", filename=f"{PYODIDE_DIR}/{name}") for name in PYODIDE_FILES
                  if name != "python_stdlib.zip"] + [stdlib_url],
        "bundle": bundle_url,
        # Where the phone keeps Python's snapshot (js/offline-python.js): one per
        # bundle, Pyodide and standard library (a snapshot's Python holds the
        # listing of the zip it was started with, and reads its modules by it).
        "snapshot": {"cache": SNAPSHOT_CACHE,
                     "key": f"{bundle_url}?pyodide={PYODIDE_VERSION}&stdlib={Path(stdlib).name}"},
        "worker": url_for("engine.worker", version=version),
        "rules": rules,
        "root": request.script_root,
        "seat": seat,
        "friendly": friendly,
    }


@bp.get("/<version>/engine.zip")
def bundle_zip(version: str) -> Response:
    """The engine bundle of this app version; another version is not here (404)."""
    current, data = bundle(current_app.root_path)
    if version != current:
        abort(404)
    response = make_response(data)
    response.headers["Content-Type"] = "application/zip"
    response.headers["Cache-Control"] = LONG_CACHE
    return response


@bp.get("/<version>/python.js")
def worker(version: str) -> Response:
    """The worker Python runs in on the phone (``static/js/offline-python.js``),
    of this app version, allowed to compile WebAssembly and nothing more."""
    current, _data = bundle(current_app.root_path)
    if version != current:
        abort(404)
    response = make_response(worker_source(current_app.static_folder))
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Cache-Control"] = LONG_CACHE
    response.headers["Content-Security-Policy"] = ENGINE_POLICY
    return response
