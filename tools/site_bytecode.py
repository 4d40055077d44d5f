"""Compiled Python inside the classroom site's wheels, so the browser's Python starts sooner.

A wheel carries Python source, and the browser's Python compiles every module it imports from
source on every visit (nothing it writes outlasts the page): for the app that is ipywidgets and
some eighty modules of the package, most of the imports' time once the kernel is ready. The site
build therefore compiles each module of the wheels the app imports with the site's own Python
(Pyodide, run here by Node.js from the site's files, so the bytecode is that Python's exact
version) and adds it beside the source as `__pycache__/NAME.cpython-3XY.pyc`. The files are
"unchecked hash" bytecode: the browser's Python takes them without comparing them with the
source's time stamps, which unpacking a wheel does not keep. Each wheel's new SHA-256 goes into
the site's lock, which the browser checks. Without Node.js the wheels stay as they are: the
site works the same, and starts a little slower.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

COMPILED = ("ausp-widget", "ipywidgets")
"""The lock's packages whose modules the app imports at its start."""

# Runs in Node.js: loads the site's Pyodide and rewrites each wheel given with its bytecode added.
SCRIPT = r"""
import { loadPyodide } from "PYODIDE_MJS";
import fs from "node:fs";
const py = await loadPyodide({ indexURL: "PYODIDE_DIR/" });
for (const path of process.argv.slice(2)) {
  py.FS.writeFile("/tmp/in.whl", fs.readFileSync(path));
  py.runPython(`
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
with zipfile.ZipFile('/tmp/in.whl') as old, zipfile.ZipFile('/tmp/out.whl', 'w', zipfile.ZIP_DEFLATED) as new:
    for info in old.infolist():
        data = old.read(info)
        new.writestr(info, data)
        if info.filename.endswith('.py') and '.dist-info/' not in info.filename:
            code = compile(data, info.filename, 'exec', dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            new.writestr(importlib.util.cache_from_source(info.filename), pyc)
`);
  fs.writeFileSync(path, py.FS.readFile("/tmp/out.whl"));
}
"""


def compile_wheels(lock_dir: Path, pyodide_dir: Path) -> list[str]:
    """Add bytecode to the lock's `COMPILED` wheels and update their SHA-256 in the lock; returns
    the packages compiled (none when Node.js is missing)."""
    node = shutil.which("node")
    if node is None:
        print("site: Node.js not found, the wheels keep only their source (the site starts slower)")
        return []
    lock_path = lock_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = {name: lock["packages"][name] for name in COMPILED if name in lock["packages"]}
    wheels = {name: (lock_dir / package["file_name"]).resolve() for name, package in packages.items()}
    with tempfile.TemporaryDirectory() as work:
        script = Path(work) / "compile.mjs"
        script.write_text(
            SCRIPT.replace("PYODIDE_MJS", str(pyodide_dir / "pyodide.mjs")).replace(
                "PYODIDE_DIR", str(pyodide_dir)
            )
        )
        subprocess.run([node, str(script), *map(str, wheels.values())], check=True, timeout=600)
    for name, wheel in wheels.items():
        packages[name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, indent=2))
    return list(wheels)
