"""Build the classroom site: JupyterLite with the Pyodide kernel, the notebooks, and the wheel of
this checkout, so a class runs the notebooks in the browser with nothing installed.

`make site` runs this in a venv of its own (pyproject's `site` dependency group), so the
JupyterLite add-ons never land in the venv that JupyterLab runs from. Everything comes from the
package registries, and nothing in the site points anywhere else:
- the Pyodide core from npm's `pyodide`, at the version the installed kernel expects, with its
  `pyodide-lock.json` emptied (its packages live on a CDN, and the lock add-on would point every
  one it cannot find there);
- the pure-Python wheels (micropip, ipywidgets, IPython, …) from PyPI, solved for Pyodide by the
  kernel's lock add-on (`uv`, never downloading a Python of its own) and copied into the site;
- `ausp_widget` built from the checkout; it declares ipywidgets, anywidget and filelock, so the
  lock holds them (and psygnal, typing_extensions) and importing it in a notebook loads what the
  widgets need (the site's copy then drops anywidget's Python and filelock, which it never
  imports in the browser: see `name_front_end`). matplotlib has no WebAssembly build on PyPI:
  plots say so.
The board is an anywidget: its front end is the labextension of the `site` group's anywidget,
and the kernel's anywidget is locked to that version (a different minor draws no board).
Downloads (pip's, npm's, uv's) are cached under `.site-cache/`, which `make clean` removes.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
# What the site's kernel needs besides the project (the kernel's own wheels ship with it).
SPECS = ["ausp_widget", "micropip", "packaging", "ipython", "comm", "jedi", "traitlets"]
# Front-end packages: JupyterLite serves their labextensions; the kernel has stand-ins.
EXCLUDES = ["widgetsnbextension", "jupyterlab-widgets"]
# Loaded while Pyodide starts, instead of one by one when the kernel first needs them.
PREFETCH = ["micropip", "packaging", "piplite", "jedi"]
# The kernel JupyterLite runs notebooks with (the Pyodide kernel's own spec).
SITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# The Pyodide core files a site needs (no source maps, type stubs or demo pages).
CORE_SUFFIXES = (".mjs", ".js", ".wasm", ".zip", ".json")
CORE_SKIP = {"package.json"}


def run(cmd: list[str], **options: Any) -> None:
    """Run a step, showing it, and stop the build if it fails."""
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run(cmd, check=True, **options)


def pyodide_core(cache: Path, lite: Path) -> str:
    """The npm `pyodide` core at the kernel's version, under `lite/static/pyodide`."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    npm = cache / "npm"
    tarball = npm / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        npm.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(npm),
             "--cache", str(npm / "cache")])  # fmt: skip
    target = lite / "static" / "pyodide"
    target.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = Path(member.name).name
            if member.isfile() and name.endswith(CORE_SUFFIXES) and name not in CORE_SKIP:
                (target / name).write_bytes(archive.extractfile(member).read())
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["packages"] = {}
    lock["info"]["version"] = PYODIDE_VERSION  # the lock add-on's reader wants it
    lock_path.write_text(json.dumps(lock, indent=1))
    return PYODIDE_VERSION


def project_wheel(lite: Path) -> Path:
    """The wheel of this checkout, in `lite/wheels`."""
    wheels = lite / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(REPO)])
    (wheel,) = wheels.glob("ausp_widget-*.whl")
    return wheel


def notebooks(lite: Path) -> list[str]:
    """The project's notebooks in the site's file browser, cells and saved outputs as they are,
    so a student sees each one ready before it runs. One that names no kernel is given the
    site's, or JupyterLite would open it on a "Select Kernel" dialog."""
    files = lite / "files"
    files.mkdir(parents=True)
    names = []
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        content = json.loads(notebook.read_text(encoding="utf-8"))
        metadata = content.setdefault("metadata", {})
        if not metadata.get("kernelspec"):
            metadata["kernelspec"] = SITE_KERNEL
        text = json.dumps(joined_lines(content), indent=1, ensure_ascii=False)
        (files / notebook.name).write_text(text + "\n", encoding="utf-8")
        names.append(notebook.name)
    return names


def joined_lines(notebook: dict[str, Any]) -> dict[str, Any]:
    """`notebook` with each text kept as a list of lines (as a notebook file may) made one
    string. JupyterLab's server joins them as it reads a notebook; JupyterLite hands the file
    over as it is, and would show a saved stream's lines run together with commas."""
    for cell in notebook.get("cells", []):
        cell["source"] = _joined(cell.get("source", ""))
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = _joined(output["text"])
            data = output.get("data", {})
            for mime, value in data.items():
                if not mime.endswith("json"):  # a JSON value is data, not lines
                    data[mime] = _joined(value)
    return notebook


def _joined(text: str | list[str]) -> str:
    return "".join(text) if isinstance(text, list) else text


def lite_config(lite: Path, out: Path) -> None:
    version = importlib.metadata.version
    config = {
        "LiteBuildConfig": {"contents": ["files"], "output_dir": str(out), "no_sourcemaps": True},
        "PyodideLockAddon": {
            "enabled": True,
            "specs": SPECS,
            # The same ipywidgets and anywidget as the labextensions the site serves. Neither may
            # be in `specs`: the add-on drops the constraint of a package named there.
            "constraints": [f"ipywidgets=={version('ipywidgets')}", f"anywidget=={version('anywidget')}"],
            "wheels": ["wheels"],
            "excludes_extra": EXCLUDES,
            "prefetch_extra": PREFETCH,
        },
    }
    (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
    # The page exposes `window.jupyterapp`, as JupyterLab's `expose_app_in_browser` does, so the
    # browser test and the benchmark can wait for the kernel and run every cell.
    page = {"jupyter-config-data": {"exposeAppInBrowser": True}}
    (lite / "jupyter-lite.json").write_text(json.dumps(page, indent=2))


def major_minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


def check_offline(out: Path) -> list[str]:
    """Every wheel the site's lock names is a file inside the site, and the kernel's anywidget
    is the front end's minor version (the front end registers only its own)."""
    lock_path = out / "static" / "pyodide-lock" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    problems = []
    for name, package in lock["packages"].items():
        file_name = package["file_name"]
        if "://" in file_name or not (lock_path.parent / file_name).resolve().is_file():
            problems.append(f"{name}: {file_name}")
    settings = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel["pyodideUrl"].startswith("./"):
        problems.append(f"pyodideUrl: {kernel['pyodideUrl']}")
    front_end = out / "extensions" / "anywidget" / "package.json"
    front = json.loads(front_end.read_text())["version"] if front_end.is_file() else "none"
    locked = lock["packages"].get("anywidget", {}).get("version", "none")
    if "none" in (locked, front) or major_minor(locked) != major_minor(front):
        problems.append(f"anywidget: {locked} in the lock, {front} in the front end")
    return problems


def name_front_end(lock_dir: Path) -> None:
    """The site's copy of the package names the anywidget front end the site serves
    (`widgets/front_end_version.txt`, read by `widgets/esm.py`), and no longer pulls anywidget's
    Python (with psygnal, a fifth of a second of every start) into the browser's Python: the
    package never imports it. A notebook that imports anywidget itself still gets it. filelock
    goes too: the browser's Python is one process, where the package takes no file locks."""
    lock_path = lock_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    ours = lock["packages"]["ausp-widget"]
    ours["depends"] = [name for name in ours["depends"] if name not in ("anywidget", "filelock")]
    wheel = (lock_dir / ours["file_name"]).resolve()
    served = lock["packages"]["anywidget"]["version"]
    with zipfile.ZipFile(wheel, "a") as archive:
        archive.writestr("ausp_widget/widgets/front_end_version.txt", served)
    ours["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, indent=2))


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def build(out: Path, cache: Path) -> dict:
    """Build the site into `out`. One build at a time, and `out` is swapped in whole at the end,
    so a server (or a test) serving it never sees a half-built site."""
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        started = time.monotonic()
        # A clean build each time (about 10 s): JupyterLite's task state lives in the lite folder
        # and would skip steps whose output was removed. The downloads stay cached.
        lite = cache / "lite"
        shutil.rmtree(lite, ignore_errors=True)
        lite.mkdir(parents=True)
        partial = cache / "site.partial"
        shutil.rmtree(partial, ignore_errors=True)
        pyodide = pyodide_core(cache, lite)
        wheel = project_wheel(lite)
        names = notebooks(lite)
        lite_config(lite, partial)
        env = dict(os.environ, UV_PYTHON_DOWNLOADS="never", UV_CACHE_DIR=str(cache / "uv"))
        lite_cli = Path(sys.executable).with_name("jupyter-lite")
        run(
            [str(lite_cli), "build", "--lite-dir", str(lite), "--output-dir", str(partial)], cwd=lite, env=env
        )
        problems = check_offline(partial)
        if problems:
            raise SystemExit(f"the site would fetch from outside itself or not draw its board: {problems}")
        from site_bytecode import compile_wheels  # beside this script

        name_front_end(partial / "static" / "pyodide-lock")

        compiled = compile_wheels(partial / "static" / "pyodide-lock", partial / "static" / "pyodide")
        info = {
            "pyodide": pyodide,
            "jupyterlite_core": importlib.metadata.version("jupyterlite-core"),
            "jupyterlite_pyodide_kernel": importlib.metadata.version("jupyterlite-pyodide-kernel"),
            "ipywidgets": importlib.metadata.version("ipywidgets"),
            "anywidget": importlib.metadata.version("anywidget"),
            "wheel": wheel.name,
            "compiled": compiled,
            "notebooks": names,
            "build_seconds": round(time.monotonic() - started, 1),
            "size_mb": round(size_mb(partial), 1),
        }
        (partial / "build-info.json").write_text(json.dumps(info, indent=2))
        old = cache / "site.old"
        shutil.rmtree(old, ignore_errors=True)
        if out.exists():
            shutil.move(out, old)
        shutil.move(partial, out)
        shutil.rmtree(old, ignore_errors=True)
        return info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "site", help="the site folder (default: site/)")
    parser.add_argument("--cache", type=Path, default=REPO / ".site-cache", help="downloads and work files")
    args = parser.parse_args()
    info = build(args.out.resolve(), args.cache.resolve())
    print(f"site: {args.out} ({info['size_mb']} MB, built in {info['build_seconds']} s)")
    print(f"serve it with: python -m http.server -d {args.out} 8000, then open http://127.0.0.1:8000/lab/")


if __name__ == "__main__":
    main()
