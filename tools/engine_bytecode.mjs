// Compiles the engine bundle ahead, with the phone's own Python (Pyodide, run
// by Node.js), so that a phone's first start of Python neither compiles every
// module nor every template (docs/offline.md).
//
//   node tools/engine_bytecode.mjs PYODIDE_DIR FOLDER
//
// FOLDER holds the bundle's files (tools/engine_bytecode.py writes them) and
// is seen at /engine, where the phone unpacks the bundle. Each .py file gets
// its __pycache__/<name>.cpython-3XX.pyc beside it, hash-checked: Python on
// the phone compares the source's hash with the one in the file and compiles
// the source itself where they differ. Every template the phone draws is
// compiled too (scorekeeper.web.phone.warm), and Jinja's bytecode of each is
// written to FOLDER/jinja/<key>: Jinja on the phone takes it only while the
// template's source is the one it was compiled from (its checksum).
import { createRequire } from "module";

const [pyodideDir, folder] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const indexURL = pyodideDir.replace(/\/?$/, "/");
const { loadPyodide } = require(indexURL + "pyodide.js");
const python = await loadPyodide({ indexURL });
python.FS.mkdir("/engine");
python.FS.mount(python.FS.filesystems.NODEFS, { root: folder }, "/engine");
const failed = python.runPython(`
import compileall, os, py_compile, sys
failed = not compileall.compile_dir(
    "/engine", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
sys.path.insert(0, "/engine")
from scorekeeper.web import phone
phone.warm()
os.makedirs("/engine/jinja", exist_ok=True)
for key, code in phone.COMPILED.kept.items():
    with open(f"/engine/jinja/{key}", "wb") as kept:
        kept.write(code)
failed
`);
process.exit(failed ? 1 : 0);
