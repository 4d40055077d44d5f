"""Time to a playable board on the classroom site (JupyterLite, the browser's own Python).

Builds the site (`make site`, a no-op when it is up to date), serves it from a local static
server, and opens notebooks/01_learn_and_play.ipynb in headless Chromium that can reach
127.0.0.1 only. Each round is a cold start (a new browser profile: empty cache) then a warm
one (the same profile, reloaded: files from the HTTP cache, the WebAssembly compiled again).
Timed from opening the page to: the kernel idle, then, after running every cell, a board
whose cards can be clicked.

Run: .venv/bin/python bench/site.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from jupyter_servers import launch_chromium  # noqa: E402
from lite_site import build_site, offline_context, open_and_run, static_server  # noqa: E402

NOTEBOOK = "01_learn_and_play.ipynb"


def one_start(page, url: str) -> dict:
    """Seconds from opening the notebook to its kernel idle, and to a board with cards to click."""
    start = time.monotonic()
    app, seconds = open_and_run(page, url, NOTEBOOK)
    app.locator("button.ausp-face").first.wait_for(timeout=60_000)
    seconds["board"] = time.monotonic() - start
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site = build_site()
    info = json.loads((site / "build-info.json").read_text())
    runs: dict[str, list[dict]] = {"cold": [], "warm": []}
    with static_server(site) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        for _ in range(args.rounds):
            context, external = offline_context(browser, {"width": 1400, "height": 1100})
            page = context.new_page()
            runs["cold"].append(one_start(page, url))
            page.close()
            runs["warm"].append(one_start(context.new_page(), url))
            context.close()
            if external:
                raise SystemExit(f"requests left 127.0.0.1: {external}")
        browser.close()
    print(f"site: {info['size_mb']} MB, Pyodide {info['pyodide']}, JupyterLite {info['jupyterlite_core']}")
    for kind, timings in runs.items():
        kernel = statistics.median(t["kernel"] for t in timings)
        board = [t["board"] for t in timings]
        print(
            f"site: {kind} start, median of {len(board)}: kernel idle {kernel:.1f} s, "
            f"playable board {statistics.median(board):.1f} s (range {min(board):.1f}–{max(board):.1f} s)"
        )


if __name__ == "__main__":
    main()
