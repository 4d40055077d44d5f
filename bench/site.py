"""Time to a playable board on the classroom site (JupyterLite, the browser's own Python).

Builds the site (`make site`, a no-op when it is up to date), serves it from a local static
server, and opens notebooks/01_learn_and_play.ipynb in headless Chromium that can reach
127.0.0.1 only. Each round is a cold start (a new browser profile: empty cache) then a warm
one (the browser started again on the same profile, as on a student's second visit: files
from its disk cache, Python started again).
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
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from jupyter_servers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from lite_site import NOWHERE, build_site, open_and_run, record_elsewhere, static_server  # noqa: E402

NOTEBOOK = "01_learn_and_play.ipynb"


def one_start(page, server) -> dict:
    """Seconds from opening the notebook to its kernel idle, and to a board with cards to click;
    megabytes the server sent (what the page did not have in its cache)."""
    sent = server.bytes_sent
    start = time.monotonic()
    app, seconds = open_and_run(page, server.url, NOTEBOOK)
    app.locator("button.ausp-face").first.wait_for(timeout=60_000)
    seconds["board"] = time.monotonic() - start
    seconds["mb"] = (server.bytes_sent - sent) / 1e6
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site = build_site()
    info = json.loads((site / "build-info.json").read_text())
    runs: dict[str, list[dict]] = {"cold": [], "warm": []}
    with static_server(site) as server, sync_playwright() as p:
        for _ in range(args.rounds):
            with tempfile.TemporaryDirectory(prefix="ausp-profile-") as profile:
                for kind in ("cold", "warm"):  # the second time, the same profile and its disk cache
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                        proxy=NOWHERE, viewport={"width": 1400, "height": 1100},
                    )  # fmt: skip
                    external = record_elsewhere(context)
                    runs[kind].append(one_start(context.new_page(), server))
                    context.close()
                    if external:
                        raise SystemExit(f"requests left 127.0.0.1: {external}")
    print(f"site: {info['size_mb']} MB, Pyodide {info['pyodide']}, JupyterLite {info['jupyterlite_core']}")
    for kind, timings in runs.items():
        kernel = statistics.median(t["kernel"] for t in timings)
        board = [t["board"] for t in timings]
        mb = statistics.median(t["mb"] for t in timings)
        print(
            f"site: {kind} start, median of {len(board)}: kernel idle {kernel:.1f} s, "
            f"playable board {statistics.median(board):.1f} s (range {min(board):.1f}–{max(board):.1f} s), "
            f"{mb:.1f} MB from the server"
        )


if __name__ == "__main__":
    main()
