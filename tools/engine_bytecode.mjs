// Compiles the engine bundle's Python ahead, with the phone's own Python
// (Pyodide, run by Node.js), so that a phone's first start of Python reads
// bytecode instead of compiling every module (docs/offline.md).
//
//   node tools/engine_bytecode.mjs PYODIDE_DIR FOLDER
//
// FOLDER holds the bundle's .py files (tools/engine_bytecode.py writes them);
// each gets its __pycache__/<name>.cpython-3XX.pyc beside it, hash-checked:
// Python on the phone compares the source's hash with the one in the file and
// compiles the source itself where they differ, so a file compiled from an
// older source is never run.
import { createRequire } from "module";

const [pyodideDir, folder] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { loadPyodide } = require(pyodideDir.replace(/\/?$/, "/") + "pyodide.js");
const python = await loadPyodide({ indexURL: pyodideDir.replace(/\/?$/, "/") });
python.FS.mkdir("/engine");
python.FS.mount(python.FS.filesystems.NODEFS, { root: folder }, "/engine");
const failed = python.runPython(`
import compileall, py_compile
not compileall.compile_dir("/engine", quiet=1,
                           invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
`);
process.exit(failed ? 1 : 0);
