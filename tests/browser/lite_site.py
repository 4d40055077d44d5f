"""The classroom site (JupyterLite) for the browser test and `bench/site.py`: build it with
`make site`, serve it from a local static server, open a notebook, run it, time it.

A page's context sends every request through a proxy that is not there, except those to
127.0.0.1: nothing can leave, even from JupyterLite's service worker. What the page asked for
elsewhere is recorded, and the test fails on it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import pathlib
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import ClassVar

from jupyter_servers import free_port

REPO = pathlib.Path(__file__).resolve().parents[2]
SITE = REPO / "site"
# A closed port on this machine: a request that is not for 127.0.0.1 fails at once.
NOWHERE = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1,localhost"}

# The notebook's kernel is up and idle (JupyterLite exposes the app like JupyterLab does).
KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.context && w.context.isReady && w.sessionContext.session
            && w.sessionContext.session.kernel && w.sessionContext.kernelDisplayStatus === 'idle');
}"""


def build_site() -> pathlib.Path:
    """`make site`: builds only when a source changed (in `make test` it is already built)."""
    done = subprocess.run(["make", "-s", "site"], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"make site failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return SITE


class _Files(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs, whatever the machine's mime.types says."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args) -> None:  # quiet: a page load is hundreds of files
        pass

    def copyfile(self, source, outputfile) -> None:
        super().copyfile(source, outputfile)
        with self.server.count_lock:
            self.server.bytes_sent += os.fstat(source.fileno()).st_size


class StaticServer(http.server.ThreadingHTTPServer):
    """`url`, and `bytes_sent`: the file bytes served so far (what a class would download)."""

    def __init__(self, folder: pathlib.Path) -> None:
        super().__init__(("127.0.0.1", free_port()), functools.partial(_Files, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        self.bytes_sent = 0
        self.count_lock = threading.Lock()


@contextlib.contextmanager
def static_server(folder: pathlib.Path) -> Iterator[StaticServer]:
    """Serve `folder` on 127.0.0.1, as any static host would."""
    server = StaticServer(folder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def record_elsewhere(context) -> list[str]:
    """The list, kept up to date, of the context's requests for anywhere but 127.0.0.1. (No
    `context.route`: routing would turn the HTTP cache off, and the warm start uses it.)"""
    external: list[str] = []

    def record(request) -> None:
        if not request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            external.append(request.url)

    context.on("request", record)
    return external


def offline_context(browser, viewport: dict):
    """A browser context that can reach 127.0.0.1 only, and the requests it tried elsewhere."""
    context = browser.new_context(viewport=viewport, proxy=NOWHERE)
    return context, record_elsewhere(context)


def open_notebook(page, site_url: str, name: str) -> float:
    """Open notebook `name` in the site and wait for its kernel; returns the seconds it took."""
    start = time.monotonic()
    page.goto(f"{site_url}/lab/index.html?path={name}")
    page.wait_for_function(KERNEL_IDLE, timeout=120_000)
    return time.monotonic() - start


# Run every cell without waiting for them; resolves to the seconds until the first card or
# empty place of a board is on the page.
RUN_ALL_TO_FIRST_SPOT = """() => new Promise((resolve) => {
  const start = performance.now();
  const done = () => document.querySelector('.ausp-app [data-spot]');
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); resolve((performance.now() - start) / 1000); }
  });
  observer.observe(document.body, {childList: true, subtree: true});
  window.jupyterapp.commands.execute('notebook:run-all-cells');
})"""


def run_all_to_first_spot(page) -> float:
    """Seconds from "run all" to the first `[data-spot]` of a board drawn (the cells run on)."""
    return page.evaluate(RUN_ALL_TO_FIRST_SPOT)


def open_and_run(page, site_url: str, name: str) -> tuple[object, dict]:
    """Open notebook `name` in the site, wait for its kernel, run every cell and wait for the app;
    returns the app's locator and the seconds from opening to each stage."""
    start = time.monotonic()
    kernel = open_notebook(page, site_url, name)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    app = page.locator(".ausp-app").first
    app.wait_for(timeout=120_000)
    return app, {"kernel": kernel, "app": time.monotonic() - start}


# Run code in the current notebook's kernel; resolves to what it printed, and any error.
RUN_IN_KERNEL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}"""


def run_in_kernel(page, code: str) -> str:
    """What `code` prints in the kernel of the notebook on show (an error as its name and text)."""
    return page.evaluate(RUN_IN_KERNEL, code)
