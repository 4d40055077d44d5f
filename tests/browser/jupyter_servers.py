"""Start and stop a throw-away JupyterLab or Voilà server, and Debian's headless Chromium.

Used by the browser tests' fixtures and by `bench/browser.py`, so both run the same setup.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

REPO = pathlib.Path(__file__).resolve().parents[2]
# JupyterLab as `make lab` starts it (the Makefile's LAB_OPTIONS), so the tests test what a user gets:
# the defaults in lab-settings/ (widget state saved with each save), and trust that lasts one run of
# the server (a notebook reopened after a restart opens as it did the first time).
LAB_SETTINGS_DIR = REPO / "lab-settings"
LAB_OPTIONS = [f"--LabApp.app_settings_dir={LAB_SETTINGS_DIR}", "--NotebookNotary.db_file=:memory:"]
# The layout `make lab` starts with the first time: the side panels closed, ready for a projector.
FIRST_LAYOUT = LAB_SETTINGS_DIR / "workspaces" / "default-37a8.jupyterlab-workspace"

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.context && w.context.isReady && w.sessionContext.session
            && w.sessionContext.session.kernel && w.sessionContext.kernelDisplayStatus === 'idle');
}"""


# The notebook `name` in JupyterLab's main area, made current, its kernel idle: its panel's id.
# (JupyterLab may reopen notebooks of an earlier test in background tabs, with kernels of their own.)
OURS_READY = """(name) => {
  const lab = window.jupyterapp;
  if (!lab || !lab.shell) return false;
  const ours = Array.from(lab.shell.widgets('main')).find(w => w.context && w.context.path.endsWith(name));
  if (!ours) return false;
  if (lab.shell.currentWidget !== ours) lab.shell.activateById(ours.id);
  const session = ours.sessionContext;
  return ours.context.isReady && session.session && session.session.kernel
    && session.kernelDisplayStatus === 'idle' && lab.shell.currentWidget === ours && ours.id;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float, log: pathlib.Path, any_status=False) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited rc={proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except urllib.error.HTTPError:
            if any_status:
                return
            time.sleep(0.25)
        except OSError:
            time.sleep(0.25)
    raise TimeoutError(f"{url} not up after {timeout}s:\n{log.read_text()[-3000:]}")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def isolated_env(home: pathlib.Path) -> dict:
    """Jupyter dirs of its own: no user settings leak in; no autosave, news or windowing."""
    settings = home / "lab-settings"
    user_settings = {
        "notebook-extension/tracker": {"windowingMode": "none"},
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        "docmanager-extension/plugin": {"autosave": False},
    }
    for name, value in user_settings.items():
        path = settings / "@jupyterlab" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    workspaces = home / "workspaces"
    workspaces.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIRST_LAYOUT, workspaces / FIRST_LAYOUT.name)
    return dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
    )


@contextlib.contextmanager
def _server(cmd: list[str], cwd: pathlib.Path, env: dict, log: pathlib.Path, probe: str, any_status: bool):
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_http(probe, proc, 90, log, any_status=any_status)
        yield
    finally:
        stop(proc)


@contextlib.contextmanager
def lab_server(root: pathlib.Path, env: dict, log: pathlib.Path) -> Iterator[str]:
    port = free_port()
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--IdentityProvider.token=", "--ServerApp.password=", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--port={port}", f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        *LAB_OPTIONS,
    ]  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    with _server(cmd, root, env, log, f"{url}/api/status", any_status=False):
        yield url


@contextlib.contextmanager
def notebook7_server(root: pathlib.Path, env: dict, log: pathlib.Path) -> Iterator[str]:
    """The classic-style Notebook 7 front end (built on JupyterLab's components)."""
    port = free_port()
    cmd = [
        sys.executable, "-m", "notebook", "--no-browser",
        "--IdentityProvider.token=", "--ServerApp.password=", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--port={port}", f"--ServerApp.root_dir={root}",
        "--JupyterNotebookApp.expose_app_in_browser=True",
    ]  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    with _server(cmd, root, env, log, f"{url}/api/status", any_status=False):
        yield url


@contextlib.contextmanager
def voila_server(notebook: pathlib.Path, env: dict, log: pathlib.Path) -> Iterator[str]:
    port = free_port()
    cmd = [
        sys.executable, "-m", "voila", str(notebook), "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
    ]  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    # Voilà has no status page, and GET / runs the notebook: any answer means it is up.
    with _server(cmd, notebook.parent, env, log, f"{url}/voila/api/status-probe", any_status=True):
        yield url


def launch_chromium(playwright):
    if not pathlib.Path(CHROMIUM).exists():
        raise FileNotFoundError(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def open_notebook(page, lab_url: str, name: str, path: str = "lab/tree"):
    """Open a notebook, wait for its kernel, run every cell; returns the app's locator.
    (`path` is "notebooks" for Notebook 7.)"""
    page.goto(f"{lab_url}/{path}/{name}")
    if path == "lab/tree":
        panel = page.wait_for_function(OURS_READY, arg=name, timeout=90_000).json_value()
        app = page.locator(f"[id='{panel}'] .ausp-app").first
    else:  # Notebook 7 shows one notebook per page
        page.wait_for_function(KERNEL_IDLE, timeout=90_000)
        app = page.locator(".ausp-app").first
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    app.wait_for(timeout=120_000)  # the cells above the app run first; a busy machine is slow
    return app


def one_cell_notebook(folder: pathlib.Path, name: str, lines: list[str]) -> str:
    """Write a notebook of one code cell (a Python 3 kernel) for a test to open; returns its name."""
    import nbformat

    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("\n".join(lines))],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    )
    nbformat.write(nb, folder / name)
    return name


def eventually(page, check, seconds: float = 15):
    """Poll `check` until it returns something true (the kernel answers asynchronously): soon
    after a first miss (most answers take a few milliseconds), then every 100 ms, for
    `seconds` of waiting in all (the checks' own time not counted)."""
    waited, pause = 0, 10
    while waited < seconds * 1000:
        value = check()
        if value:
            return value
        page.wait_for_timeout(pause)
        waited += pause
        pause = min(2 * pause, 100)
    raise AssertionError(f"still not true after {seconds} s: {check()!r}")
