// Compiles Pyodide's standard library ahead, with Pyodide's own Python (run by
// Node.js), so that a phone's first start of Python imports bytecode instead of
// compiling every module it starts with (docs/offline.md, "Vendoring").
//
//   node tools/stdlib_bytecode.mjs PYODIDE_DIR TARGET
//
// Pyodide's python_stdlib.zip holds the standard library as sources: its start
// alone imports 116 of them (asyncio, inspect, typing, logging, zipfile...),
// each compiled on the phone, in WebAssembly not yet compiled to fast code. TARGET
// is the same zip with each module's source replaced by its bytecode beside it
// (<module>.pyc, where zipimport looks first), every other file as it was.
// Without a source to check it against, each is an unchecked hash-based file:
// it is made again whenever the vendored Pyodide changes (the Makefile), and
// named after its version (scorekeeper/web/engine.py).
import { createRequire } from "module";
import { readFileSync, renameSync, writeFileSync } from "fs";
import { resolve } from "path";

const [pyodideDir, target] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = require(indexURL + "pyodide.js");
const python = await loadPyodide({ indexURL });
python.FS.writeFile("/tmp/sources.zip", readFileSync(indexURL + "python_stdlib.zip"));
const compiled = python.runPython(`
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

compiled = 0
with zipfile.ZipFile("/tmp/sources.zip") as sources, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as made:
    for entry in sources.infolist():
        data = sources.read(entry)
        if not entry.filename.endswith(".py"):
            made.writestr(entry, data)
            continue
        # Named as zipimport names a module read from Pyodide's own zip there.
        code = compile(data, "/lib/python312.zip/" + entry.filename, "exec", dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        made.writestr(zipfile.ZipInfo(entry.filename[:-3] + ".pyc", entry.date_time), pyc,
                      zipfile.ZIP_DEFLATED, 9)
        compiled += 1
compiled
`);
writeFileSync(target + ".partial", python.FS.readFile("/tmp/compiled.zip"));
renameSync(target + ".partial", target);
console.log(`${compiled} modules of Pyodide's standard library compiled: ${target}`);
