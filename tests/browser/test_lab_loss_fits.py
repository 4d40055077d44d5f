"""A lost game at a classroom projector's size (JupyterLab at 1280×800, side panel closed): the
result banner over the board says why in seven lines or more, yet the whole table still fits the
window as it did during play — the felt with the cards the explanation names, the line of words
under it and the Draw, Undo and Hint buttons — while the banner shows the start of the result and
keeps the whole explanation (its innerText) for reading on."""

from __future__ import annotations

import html
import re

from board_dom import LIVE, place, settled
from jupyter_servers import eventually, one_cell_notebook, open_notebook

PROJECTOR = {"width": 1280, "height": 800}
# Indian Patience deal 5 played by the hint to its end, given to the app one move (a draw)
# before the game is lost.
CODE = [
    "from ausp_widget import AustralianPatience, Game",
    "from ausp_widget.games.indian.hints import hint",
    "played = Game.deal(5, game='indian')",
    "moves = []",
    "while (h := hint(played)) is not None and h.move is not None:",
    "    played.play(h.move)",
    "    moves.append(h.move)",
    "game = Game.deal(5, game='indian')",
    "for move in moves[:-1]:",
    "    game.play(move)",
    "app = AustralianPatience(mode='indian', seed=5)",
    "app.try_here(game)",
    "app",
]
SETUP = """() => { const lab = window.jupyterapp;
  lab.commands.execute('notebook:hide-all-cell-code');
  if (!lab.shell.leftCollapsed) lab.commands.execute('application:toggle-left-area');
  if (!lab.shell.rightCollapsed) lab.commands.execute('application:toggle-right-area'); }"""
# What the notebook's panel shows of the page, and where the banner, the felt, the line of words
# under it and the table's buttons lie.
BOXES_JS = """(app) => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom};
  };
  const panel = box(app.closest('.jp-WindowedPanel-outer'));
  panel.bottom = Math.min(panel.bottom, window.innerHeight);
  const live = app.querySelector('.ausp-live');
  const root = live.querySelector('.ausp-cardtable');
  const banner = live.querySelector('.ausp-banner');
  return {
    panel,
    banner: {...box(banner), scrolled: banner.scrollTop, text: banner.innerText},
    felt: box(root.querySelector('.ausp-felt')),
    line: box(root.querySelector('.ausp-toast')),
    fits: root.dataset.fits,
    buttons: Object.fromEntries([...live.querySelectorAll('button:not(.ausp-card)')]
      .filter(e => e.offsetParent !== null).map(e => [e.innerText.trim(), box(e)])),
  };
}"""


def on_screen(app) -> dict:
    """Scroll the app to the top of the notebook's panel, as a class sees it; its boxes."""
    for _ in range(2):
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        app.page.wait_for_timeout(300)
    return app.evaluate(BOXES_JS)


def outside(found: dict) -> list[str]:
    """What of the table lies below (or above) the window."""
    panel = found["panel"]
    parts = {"felt": found["felt"], "words line": found["line"]}
    parts.update({f"{name} button": found["buttons"].get(name) for name in ("Draw", "Undo", "Hint")})
    return [
        f"{name} {box}"
        for name, box in parts.items()
        if box is None or box["top"] < panel["top"] - 0.5 or box["bottom"] > panel["bottom"] + 0.5
    ]


def explanation() -> str:
    """The whole result the kernel puts in the banner once the last move is played (the same
    play in this process)."""
    made: dict = {}
    exec("\n".join(CODE[:-1]), made)
    made["game"].play(made["moves"][-1])
    value = made["app"].table.banner.value
    return html.unescape(re.sub(r"<[^>]+>", "", value))


def test_a_lost_indian_game_keeps_the_whole_table_in_the_window(page, lab_url, notebook_dir, shots):
    whole = explanation()
    assert whole.startswith("Game lost") and len(whole) > 500, whole
    page.set_viewport_size(PROJECTOR)
    app = open_notebook(page, lab_url, one_cell_notebook(notebook_dir, "loss_fits.ipynb", CODE))
    page.evaluate(SETUP)
    app.locator(f"{LIVE} .ausp-card").first.wait_for(timeout=60_000)
    page.wait_for_timeout(800)
    during = on_screen(app)
    shots(page, "loss-fits-1-before")
    assert not outside(during), outside(during)
    assert during["fits"] == "yes", during

    stock = place(app, "stock/0/0")
    stock.scroll_into_view_if_needed()
    stock.click()
    banner = app.locator(".ausp-live .ausp-banner")
    eventually(page, lambda: banner.is_visible() and "Game lost" in banner.inner_text(), seconds=20)
    settled(page)
    page.wait_for_timeout(800)
    found = on_screen(app)
    shots(page, "loss-fits-2-lost")
    panel = found["panel"]
    assert not outside(found), outside(found)
    assert found["fits"] == "yes", "the board says nothing of being below the window"
    # The banner: its start on show, at the top of its own box, and every word of it kept.
    assert panel["top"] - 0.5 <= found["banner"]["top"] < found["banner"]["bottom"] <= panel["bottom"]
    assert found["banner"]["scrolled"] == 0
    assert found["banner"]["text"].strip().startswith("Game lost:"), found["banner"]["text"]
    assert " ".join(found["banner"]["text"].split()) == " ".join(whole.split())
    assert found["felt"]["top"] > found["banner"]["bottom"], "the board is under the banner"

    # Undo takes the draw back: the banner goes and the board takes back the room it had in play.
    app.locator(".ausp-live button", has_text="Undo").first.click()
    eventually(page, lambda: not banner.is_visible(), seconds=20)
    settled(page)
    page.wait_for_timeout(800)
    again = on_screen(app)
    shots(page, "loss-fits-3-undone")
    assert not outside(again), outside(again)
    assert abs(again["felt"]["bottom"] - during["felt"]["bottom"]) <= 2, (again["felt"], during["felt"])
