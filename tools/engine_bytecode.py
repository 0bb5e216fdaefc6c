"""Compile the engine bundle's Python ahead, with the phone's own Python.

    .venv/bin/python tools/engine_bytecode.py

Writes the bundle's ``.py`` files to a temporary folder, has Pyodide (run by
Node.js, ``tools/engine_bytecode.mjs``) compile each to hash-checked bytecode,
and keeps the bytecode in :data:`scorekeeper.web.engine.BYTECODE`, where
the bundle takes each file whose source it still matches (``make setup`` runs
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
        sources = [(name, data) for name, data in engine.bundle_files(app) if name.endswith(".py")]
        for name, data in sources:
            (Path(folder) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(folder) / name).write_bytes(data)
        subprocess.run(["node", str(HERE / "engine_bytecode.mjs"),
                        str(package / "static" / engine.PYODIDE_DIR), folder], check=True)
        compiled = sorted(Path(folder).rglob("__pycache__/*.pyc"))
        partial = target.with_suffix(".partial")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_STORED) as archive:
            for path in compiled:
                archive.write(path, path.relative_to(folder).as_posix())
        partial.replace(target)
    print(f"{len(compiled)} of {len(sources)} modules compiled to bytecode: {target.relative_to(package.parent)}")
    return 0 if len(compiled) == len(sources) else 1


if __name__ == "__main__":
    sys.exit(main())
