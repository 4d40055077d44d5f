"""Pointer-up → board-updated latency of the live table in a real JupyterLab (headless Chromium),
and the frames of each drag.

Opens notebooks/01_learn_and_play.ipynb, runs it, and plays moves of deal 4 as a player does:
a card move by dragging the card onto its destination with the mouse, a draw by clicking the
stock, and every fourth card move by clicking the card and then its destination instead. The
board times itself: from the intent sent at pointer-up to the end of the redraw of the state that
answers it (`data-latency`); while a card is dragged it records the interval between animation
frames (`data-drag-frames`), which shows whether a drag ever waits for the kernel (it should not:
the legal destinations are in the browser before the card is picked up).

Targets: median < 50 ms from pointer-up to the board updated; drag frames near 16.7 ms.

Run: .venv/bin/python bench/browser.py [--moves 40]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import statistics
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from board_dom import board, click, drag, place  # noqa: E402
from jupyter_servers import isolated_env, lab_server, launch_chromium, open_notebook  # noqa: E402

from ausp_widget import Game  # noqa: E402
from ausp_widget.core.protocol import Place  # noqa: E402
from ausp_widget.widgets.board_state import pile_id, place_id  # noqa: E402


def choose(game: Game):
    """A card move when there is one (foundation moves first), else draw."""
    moves = game.legal_moves()
    for kind in ("foundation", "tableau", "column"):
        for move in moves:
            if move.kind == kind and kind != "column":
                return move
    return next((m for m in moves if m.kind == "draw"), None)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    work = pathlib.Path(tempfile.mkdtemp(prefix="ausp-bench-"))
    shutil.copy(REPO / "notebooks" / "01_learn_and_play.ipynb", work)
    env = isolated_env(work / "home")
    game = Game.deal(4)
    latencies: list[float] = []
    frames: list[float] = []
    drags = clicks = 0
    with lab_server(work, env, work / "lab.log") as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1400, "height": 1100})
        page.set_default_timeout(60_000)
        app = open_notebook(page, url, "01_learn_and_play.ipynb")
        app.get_by_role("tab", name="Play").click()
        table = board(app)
        place(app, "stock/0/0").wait_for()

        def timed(act) -> None:
            drawn = int(table.get_attribute("data-drawn") or 0)
            act()
            page.wait_for_function(
                "([el, n]) => Number(el.dataset.drawn || 0) > n", arg=[table.element_handle(), drawn]
            )
            latencies.append(float(table.get_attribute("data-latency")))

        played = 0
        while played < args.moves:
            move = choose(game)
            if move is None:
                break
            if move.kind == "draw":
                timed(lambda: click(page, place(app, "stock/0/0")))
            else:
                source, pile = game.move_places(move, 0)
                cards = next(p for p in game.piles() if p.ref == pile).cards
                target = place_id(Place(pile, len(cards) - 1)) if cards else pile_id(pile)
                if played % 4 == 3:  # click, then click where it goes (a second click: home)
                    timed(lambda s=source: click(page, place(app, place_id(s))))
                    second = source if move.kind == "foundation" else None
                    goal = place(app, place_id(second) if second else target)
                    timed(lambda goal=goal: click(page, goal))
                    clicks += 1
                else:
                    timed(lambda s=source, t=target: drag(page, place(app, place_id(s)), place(app, t)))
                    frames += json.loads(table.get_attribute("data-drag-frames") or "[]")
                    drags += 1
            game.play(move)
            played += 1
        browser.close()
    shutil.rmtree(work, ignore_errors=True)
    print(
        f"browser: {played} moves of deal 4 in JupyterLab (headless Chromium): "
        f"{drags} drags, {clicks} by clicks"
    )
    print(
        f"browser: pointer-up -> board updated: median {statistics.median(latencies):.0f} ms, "
        f"p95 {percentile(latencies, 0.95):.0f} ms, max {max(latencies):.0f} ms over {len(latencies)} updates"
    )
    print(
        f"browser: frames while dragging: {len(frames)}, median {statistics.median(frames):.1f} ms, "
        f"p95 {percentile(frames, 0.95):.1f} ms, max {max(frames):.1f} ms"
    )


if __name__ == "__main__":
    main()
