"""Click → DOM-update latency of the live table in a real JupyterLab (headless Chromium).

Opens notebooks/01_learn_and_play.ipynb, runs it, and plays 30 moves of deal 4 by clicking:
a card then its destination for a tableau move, the card twice for a foundation move, the
Draw button otherwise. Each click is timed inside the page, from the click to the frame in
which the table shows its effect (the selection highlight, or the moved cards).

Run: .venv/bin/python bench/browser.py [--moves 30]
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import statistics
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from jupyter_servers import isolated_env, lab_server, launch_chromium, open_notebook  # noqa: E402

from ausp_widget import Game  # noqa: E402

# Click an element and resolve, in ms, at the first animation frame where `changed()` holds.
TIMED_CLICK = """async ([selector, kind]) => {
  const root = document.querySelector('.ausp-app .ausp-live .ausp-side-you');
  const snapshot = () => Array.from(root.querySelectorAll('button.ausp-face'))
      .filter(b => b.offsetParent !== null).map(b => b.title + '|' + b.className).join(';');
  const find = () => kind === 'button'
      ? Array.from(document.querySelectorAll('.ausp-app button')).find(b => b.innerText.trim() === selector)
      : root.querySelector(`button[title="${selector}"]`);
  for (let tries = 0; !find() && tries < 200; tries++) {  // the previous update may still be arriving
    await new Promise(r => setTimeout(r, 10));
  }
  const target = find();
  if (!target) throw new Error('nothing to click: ' + selector);
  const before = snapshot();
  const start = performance.now();
  target.click();
  return await new Promise((resolve, reject) => {
    const limit = start + 10000;
    const check = () => {
      if (snapshot() !== before) resolve(performance.now() - start);
      else if (performance.now() > limit) reject(new Error('no update after clicking ' + selector));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}"""


def choose(game: Game):
    """A card move when there is one (foundation moves first), else draw."""
    moves = game.legal_moves()
    for kind in ("foundation", "tableau", "column"):
        for move in moves:
            if move.kind == kind and kind != "column":
                return move
    return next((m for m in moves if m.kind == "draw"), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    work = pathlib.Path(tempfile.mkdtemp(prefix="ausp-bench-"))
    shutil.copy(REPO / "notebooks" / "01_learn_and_play.ipynb", work)
    env = isolated_env(work / "home")
    game = Game.deal(4)
    timings: list[float] = []
    with lab_server(work, env, work / "lab.log") as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1400, "height": 1100})
        page.set_default_timeout(60_000)
        app = open_notebook(page, url, "01_learn_and_play.ipynb")
        app.get_by_role("tab", name="Play").click()
        app.locator('.ausp-live .ausp-side-you button[title="stock, 24 cards: click to draw"]').wait_for()
        played = 0
        while played < args.moves:
            move = choose(game)
            if move is None:
                break
            if move.kind == "draw":
                timings.append(page.evaluate(TIMED_CLICK, ["Draw", "button"]))
            else:
                timings.append(page.evaluate(TIMED_CLICK, [move.card.name, "card"]))
                second = move.card if move.kind == "foundation" else move.onto
                timings.append(page.evaluate(TIMED_CLICK, [second.name, "card"]))
            game.play(move)
            played += 1
        browser.close()
    shutil.rmtree(work, ignore_errors=True)
    timings.sort()
    p95 = timings[min(len(timings) - 1, round(0.95 * (len(timings) - 1)))]
    print(f"browser: {played} moves, {len(timings)} clicks in JupyterLab (headless Chromium)")
    print(f"browser: click -> DOM update median {statistics.median(timings):.0f} ms, p95 {p95:.0f} ms")


if __name__ == "__main__":
    main()
