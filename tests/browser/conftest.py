"""A throw-away JupyterLab (and Voilà) server and Debian's headless Chromium, driven by Playwright.

Every request that leaves 127.0.0.1 is aborted and recorded, so the tests behave the same
offline and online. Screenshots of each stage go to the test's tmp dir.
"""

from __future__ import annotations

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

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
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
# Voilà's page template asks a CDN for two icon-font stylesheets; their failure is harmless.
ALLOWED_EXTERNAL = ("font-awesome", "fontawesome")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


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


@pytest.fixture(scope="session")
def notebook_dir(tmp_path_factory) -> pathlib.Path:
    """A copy of the notebooks, so a test run never writes into the repository."""
    target = tmp_path_factory.mktemp("notebooks")
    for notebook in (REPO / "notebooks").glob("*.ipynb"):
        shutil.copy(notebook, target)
    return target


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory) -> dict:
    home = tmp_path_factory.mktemp("jupyter-home")
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
    return dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
    )


@pytest.fixture(scope="session")
def lab_url(jupyter_env, notebook_dir, tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("lab-log") / "lab.log"
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--IdentityProvider.token=", "--ServerApp.password=", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--port={port}", f"--ServerApp.root_dir={notebook_dir}",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]  # fmt: skip
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=notebook_dir, env=jupyter_env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{url}/api/status", proc, 90, log)
        yield url
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def voila_url(jupyter_env, notebook_dir, tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("voila-log") / "voila.log"
    cmd = [
        sys.executable, "-m", "voila", str(notebook_dir / "01_learn_and_play.ipynb"), "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
    ]  # fmt: skip
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=notebook_dir, env=jupyter_env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{url}/voila/api/status-probe", proc, 90, log, any_status=True)
        yield url
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def browser():
    if not pathlib.Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    external: list[str] = []

    def offline(route):
        external.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith("http://127.0.0.1"), offline)
    tab = context.new_page()
    tab.set_default_timeout(60_000)
    tab.external_requests = external
    yield tab
    unexpected = [u for u in external if not any(name in u for name in ALLOWED_EXTERNAL)]
    context.close()
    assert not unexpected, f"requests left 127.0.0.1: {unexpected}"
