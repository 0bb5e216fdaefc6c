"""Compile the engine bundle's Python ahead, with the phone's own Python.

    .venv/bin/python tools/engine_bytecode.py

Writes the bundle's files to a temporary folder, has Pyodide (run by Node.js,
``tools/engine_bytecode.mjs``) compile each module to hash-checked bytecode
and each template the phone draws to Jinja's bytecode, and keeps them in
:data:`scorekeeper.web.engine.BYTECODE`, where the bundle takes each module's
file whose source it still matches, and the templates' (``make setup`` runs
this; docs/offline.md).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.web import engine

HERE = Path(__file__).resolve().parent


def main() -> int:
    app = create_app({"SECRET_KEY": "compile", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    package = Path(app.root_path)
    target = package / "static" / engine.BYTECODE
    with tempfile.TemporaryDirectory() as folder:
        files = engine.bundle_files(app, with_bytecode=False)
        for name, data in files:
            (Path(folder) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(folder) / name).write_bytes(data)
        subprocess.run(["node", str(HERE / "engine_bytecode.mjs"),
                        str(package / "static" / engine.PYODIDE_DIR), folder], check=True)
        modules = sorted(Path(folder).rglob("__pycache__/*.pyc"))
        templates = sorted((Path(folder) / "jinja").iterdir())
        partial = target.with_suffix(".partial")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_STORED) as archive:
            for path in modules:
                archive.write(path, path.relative_to(folder).as_posix())
            for path in templates:
                archive.write(path, engine.TEMPLATES_COMPILED + path.name)
        partial.replace(target)
    sources = sum(name.endswith(".py") for name, _data in files)
    print(f"{len(modules)} of {sources} modules and {len(templates)} templates compiled: "
          f"{target.relative_to(package.parent)}")
    return 0 if len(modules) == sources and templates else 1


if __name__ == "__main__":
    sys.exit(main())
