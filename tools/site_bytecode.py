"""Compiled Python inside the classroom site, so the browser's Python starts sooner.

The browser's Python compiles every module it imports from source on every visit (nothing it
writes outlasts the page): Pyodide's standard library ships as source only, and so does every
wheel. For the kernel's own start (IPython and the standard library) that is seconds; for the
app, ipywidgets and some eighty modules of the package, most of the imports' time once the kernel
is ready. The site build therefore compiles each module with the site's own Python (Pyodide, run
here by Node.js from the site's files, so the bytecode is that Python's exact version): in every
wheel of the lock, beside the source as `__pycache__/NAME.cpython-3XY.pyc`, and in the standard
library's zip as `NAME.pyc` beside `NAME.py`, where the zip importer looks first. The files are
"unchecked hash" bytecode: the browser's Python takes them without comparing them with the
source's time stamps, which unpacking a wheel does not keep. The source stays, for tracebacks.
Each wheel's new SHA-256 goes into the site's lock, which the browser checks. Without Node.js
the files stay as they are: the site works the same, and starts slower.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

STDLIB = "python_stdlib.zip"
"""The standard library's zip in the Pyodide folder (its modules are imported from inside it)."""

# Runs in Node.js: loads the site's Pyodide and rewrites each zip given with bytecode added. A
# wheel's bytecode goes where a folder's would (`__pycache__`); the standard library's goes beside
# each module, where the zip importer looks, compiled under the name it is imported from.
SCRIPT = r"""
import { loadPyodide } from "PYODIDE_MJS";
import fs from "node:fs";
const py = await loadPyodide({ indexURL: "PYODIDE_DIR/" });
for (const path of process.argv.slice(2)) {
  py.FS.writeFile("/tmp/in.zip", fs.readFileSync(path));
  py.globals.set("stdlib", path.endsWith("/STDLIB"));
  py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
zipped = next(p for p in sys.path if p.endswith('.zip')) + '/'  # where the standard library is
with zipfile.ZipFile('/tmp/in.zip') as old, zipfile.ZipFile('/tmp/out.zip', 'w', zipfile.ZIP_DEFLATED) as new:
    for info in old.infolist():
        data = old.read(info)
        new.writestr(info, data)
        if not info.filename.endswith('.py') or '.dist-info/' in info.filename:
            continue
        name = zipped + info.filename if stdlib else info.filename
        try:
            code = compile(data, name, 'exec', dont_inherit=True)
        except SyntaxError:  # a test's deliberately broken file: left as source
            continue
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        new.writestr(info.filename + 'c' if stdlib else importlib.util.cache_from_source(info.filename), pyc)
`);
  fs.writeFileSync(path, py.FS.readFile("/tmp/out.zip"));
}
""".replace("STDLIB", STDLIB)


def compile_wheels(lock_dir: Path, pyodide_dir: Path) -> list[str]:
    """Add bytecode to every wheel of the lock and to the standard library, and update the
    wheels' SHA-256 in the lock; returns what was compiled (nothing when Node.js is missing)."""
    node = shutil.which("node")
    if node is None:
        print("site: Node.js not found, the site's Python keeps only source (it starts slower)")
        return []
    lock_path = lock_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = {name: p for name, p in lock["packages"].items() if p["file_name"].endswith(".whl")}
    wheels = {name: (lock_dir / package["file_name"]).resolve() for name, package in packages.items()}
    stdlib = pyodide_dir / STDLIB
    with tempfile.TemporaryDirectory() as work:
        script = Path(work) / "compile.mjs"
        script.write_text(
            SCRIPT.replace("PYODIDE_MJS", str(pyodide_dir / "pyodide.mjs")).replace(
                "PYODIDE_DIR", str(pyodide_dir)
            )
        )
        zips = [*map(str, wheels.values()), str(stdlib)]
        subprocess.run([node, str(script), *zips], check=True, timeout=1200)
    for name, wheel in wheels.items():
        packages[name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, indent=2))
    return [*wheels, STDLIB]
