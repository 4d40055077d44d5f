"""Every table fits a 1280×800 projector in JupyterLab: solo, turn-based, the race, Indian
Patience and Yukon, 30 moves in, each scrolled to its app's top, show the whole board and its
buttons inside the notebook's panel, and every face-up card's corner index whole and readable
(bench/board_fit.py measures deals 1–200 the same way)."""

from __future__ import annotations

import pytest
from board_dom import columns, drag, place
from jupyter_servers import eventually, one_cell_notebook, open_notebook

from ausp_widget.core.protocol import Place
from ausp_widget.widgets.board_state import pile_id, place_id

PROJECTOR = {"width": 1280, "height": 800}
LEGIBLE = 20  # px: the least corner index a projector's cards draw (board.js, `legible`)

# Moves played in the kernel before the table is shown: the bot's for each player in Australian
# Patience (by turns in the race, which waits for Start, so the bot stays still), the hint's in
# the games without a bot.
PLAY = """
from ausp_widget import AustralianPatience
from ausp_widget.analysis.players import make_bot
from ausp_widget.core import registry


def table(mode, seed, moves):
    app = AustralianPatience(mode=mode, seed=seed, large=True)
    app.play_now()
    game = app.table.game
    entry = registry.entry_for(game)
    bots = [make_bot("steady", game) for _ in range(2)] if entry.bot is not None else []
    for i in range(moves):
        if not bots:
            move = entry.hint(game, 0).move
            if move is None:
                break
            game.play(move)
            continue
        turn = len(game.history) % 2  # the race: the two move by turns here, as in the bench
        players = [0] if mode == "solo" else [game.turn] if game.turn is not None else [turn, 1 - turn]
        for player in players:
            move = bots[player].choose(game.view(player))
            if move is not None:
                game.play(move, player) if mode != "solo" else game.play(move)
                break
    app.add_class(f"ausp-fit-{mode}-{seed}")
    return app
"""
# Deal 8, 30 moves in (the bench's play): every mode's table fits the projector with its buttons;
# and the bench's tallest tables at 30 moves on deals 1-200: the race of deal 44 (a column of 16
# cards) and Yukon's deal 33 (a column of 30, laid out in two lanes).
TABLES = [(mode, 8, 30) for mode in ("solo", "turns", "simultaneous", "indian", "yukon")]
TABLES += [("simultaneous", 44, 30), ("yukon", 33, 30)]

# Where the board and every button of the live table lie, and what the notebook's panel shows.
BOXES_JS = """(app) => {
  const panel = app.closest('.jp-WindowedPanel-outer').getBoundingClientRect();
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const live = app.querySelector('.ausp-live');
  const root = live.querySelector('.ausp-cardtable');
  const corners = [...root.querySelectorAll('.ausp-corner')]
    .map(e => parseFloat(getComputedStyle(e).fontSize));
  // Every face-up card's corner index on show: what the page draws at its rank, its suit and
  // the foot of its index (a J's hook) is that card, not one over it.
  const hidden = [...root.querySelectorAll('.ausp-card.ausp-face')]
    .filter(card => !card.dataset.spot.startsWith('foundation'))
    .filter(card => {
      const corner = card.querySelector('.ausp-corner').getBoundingClientRect();
      const suit = card.querySelector('.ausp-corner-suit').getBoundingClientRect();
      const size = parseFloat(getComputedStyle(card.querySelector('.ausp-corner')).fontSize);
      const middle = corner.top + 0.5 * size;
      const points = [[corner.left + 3, middle], [(suit.left + suit.right) / 2, middle],
                      [corner.left + 3, corner.top + 0.98 * size], [suit.right - 2, corner.top + 0.2 * size]];
      return points.some(([x, y]) => document.elementFromPoint(x, y)?.closest('.ausp-card') !== card);
    })
    .map(card => card.getAttribute('aria-label'));
  return {
    hidden,
    panel: {top: panel.top, bottom: Math.min(panel.bottom, window.innerHeight),
            left: panel.left, right: panel.right},
    board: box(root),
    buttons: [...live.querySelectorAll('button:not(.ausp-card)')].filter(e => e.offsetParent !== null)
      .map(e => ({name: e.innerText.trim(), ...box(e)})),
    corner: Math.min(...corners),
    cards: root.querySelectorAll('.ausp-card').length,
  };
}"""


def outside(boxes: dict) -> list[str]:
    """What of the board and the buttons lies outside the notebook's panel as shown."""
    view = boxes["panel"]
    found = []
    for name, b in [("the board", boxes["board"]), *((f"button {b['name']}", b) for b in boxes["buttons"])]:
        if b["top"] < view["top"] - 0.5 or b["bottom"] > view["bottom"] + 0.5:
            shows = f"{view['top']:.0f}..{view['bottom']:.0f}"
            found.append(f"{name} spans {b['top']:.0f}..{b['bottom']:.0f}, the panel shows {shows}")
        if b["left"] < view["left"] - 0.5 or b["right"] > view["right"] + 0.5:
            found.append(f"{name} spans {b['left']:.0f}..{b['right']:.0f} across")
    return found


@pytest.fixture
def projector_page(page):
    page.set_viewport_size(PROJECTOR)
    return page


def projector_tables(page, lab_url, notebook_dir, name: str, tables: list) -> None:
    """Open a notebook of one app per table (mode, deal, moves) at 1280×800, as a class sees it:
    the side areas closed (JupyterLab's first layout, as `make lab` starts it), the code hidden."""
    lines = [PLAY, *(f"display(table({mode!r}, {seed}, {moves}))" for mode, seed, moves in tables)]
    first = open_notebook(page, lab_url, one_cell_notebook(notebook_dir, name, lines))
    page.evaluate("window.jupyterapp.commands.execute('notebook:hide-all-cell-code')")
    apps = first.locator("xpath=ancestor::*[contains(@class, 'jp-Notebook')][1]").locator(".ausp-app")
    eventually(page, lambda: apps.count() == len(tables), seconds=60)


def test_every_table_and_its_buttons_fit_a_projector(projector_page, lab_url, notebook_dir, shots):
    page = projector_page
    projector_tables(page, lab_url, notebook_dir, "fit_projector.ipynb", TABLES)
    shell = page.evaluate("(({shell}) => [shell.leftCollapsed, shell.rightCollapsed])(window.jupyterapp)")
    assert shell == [True, True], "JupyterLab's first layout should have its side panels closed"
    failures = []
    for mode, seed, moves in TABLES:
        app = page.locator(f".ausp-fit-{mode}-{seed}").first
        app.locator(".ausp-live .ausp-card").first.wait_for()
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(600)  # the cards have slid into place
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(100)
        boxes = app.evaluate(BOXES_JS)
        shots(page, f"fit-{mode}-{seed}-{moves}")
        failures += [f"{mode} deal {seed} at {moves} moves: {problem}" for problem in outside(boxes)]
        if boxes["hidden"]:
            failures.append(f"{mode} deal {seed}: the index of {boxes['hidden']} is covered")
        if boxes["corner"] < LEGIBLE:
            failures.append(f"{mode} deal {seed}: a corner index of {boxes['corner']} px")
        if boxes["cards"] < 20:
            failures.append(f"{mode} deal {seed}: only {boxes['cards']} cards on show")
    assert not failures, "\n".join(failures)


def your_columns(game) -> list[list[str]]:
    """The player's columns as the board names them, bottom first."""
    piles = [p for p in game.piles() if p.kind == "column" and p.owner in (0, None)]
    return [[c.name if c is not None else "face-down card" for c in p.cards] for p in piles]


def a_move_from_the_deepest_column(game):
    """A card move of the player's, from as deep in their longest column as one starts (the
    group it carries the largest: in Yukon, across both lanes of a column laid out in two)."""
    longest = max((p for p in game.piles() if p.kind == "column"), key=lambda p: len(p.cards)).ref
    moves = [m for m in game.legal_moves(0) if m.card is not None]
    placed = [(m, *game.move_places(m, 0)) for m in moves]
    return min(placed, key=lambda mp: (mp[1].pile != longest, mp[1].depth))


# The race of deal 8 (the player's side) and Yukon's deal 33 with its column of 30 in two lanes.
PLAYED = [("turns", 8, 30), ("yukon", 33, 30)]


def test_the_tightest_tables_still_play_by_dragging_a_card(projector_page, lab_url, notebook_dir, shots):
    page = projector_page
    projector_tables(page, lab_url, notebook_dir, "fit_play.ipynb", PLAYED)
    made: dict = {}
    exec(PLAY, made)  # the same play in this process: the position the kernel shows
    for mode, seed, moves in PLAYED:
        game = made["table"](mode, seed, moves).table.game
        app = page.locator(f".ausp-fit-{mode}-{seed}").first
        eventually(page, lambda app=app, game=game: columns(app) == your_columns(game), seconds=20)
        move, source, pile = a_move_from_the_deepest_column(game)
        cards = next(p for p in game.piles() if p.ref == pile).cards
        target = place_id(Place(pile, len(cards) - 1)) if cards else pile_id(pile)
        drag(page, place(app, place_id(source)), place(app, target))
        game.play(move, 0)
        eventually(page, lambda app=app, game=game: columns(app) == your_columns(game), seconds=10)
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)  # the cards have slid into place
        shots(page, f"fit-played-{mode}-{seed}")


SIDE_PANEL = "window.jupyterapp.commands.execute('application:toggle-left-area')"
# Whether the live table fits the window, and the words under it.
FIT_NOTE = """(app) => [app.querySelector('.ausp-live .ausp-cardtable').dataset.fits,
                        app.querySelector('.ausp-live .ausp-toast').textContent]"""


def test_with_the_side_panel_open_two_tables_fit_or_say_how_to_see_them_whole(
    projector_page, lab_url, notebook_dir, shots
):
    """With JupyterLab's side panel open the cell is too narrow for two tables side by side with
    the foundations between them: the race of deal 8 still fits, its wastes squared up, and so
    does the race of deal 44, its 16-card column going on in a second lane. In a window narrower
    still, deal 44's table runs below the window and the board says how to see it whole; with
    the window back and the panel closed again it fits and the words go
    (bench/board_fit.py --cell 797)."""
    page = projector_page
    races = [("simultaneous", 8, 30), ("simultaneous", 44, 30)]
    projector_tables(page, lab_url, notebook_dir, "fit_side_panel.ipynb", races)
    fits, long = (page.locator(f".ausp-fit-simultaneous-{seed}").first for seed in (8, 44))
    long.locator(".ausp-live .ausp-card").first.wait_for()
    assert long.evaluate(FIT_NOTE) == ["yes", ""]
    page.evaluate(SIDE_PANEL)
    for app, seed in ((fits, 8), (long, 44)):
        eventually(page, lambda app=app: app.evaluate(FIT_NOTE) == ["yes", ""])
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(600)
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(100)
        shots(page, f"fit-side-panel-open-{seed}")
        assert not outside(app.evaluate(BOXES_JS)), outside(app.evaluate(BOXES_JS))
    page.set_viewport_size({"width": 1100, "height": PROJECTOR["height"]})
    _, words = eventually(page, lambda: (lambda f: f[0] == "no" and f)(long.evaluate(FIT_NOTE)))
    assert "side panel (Ctrl+B)" in words, words
    long.locator(".ausp-live .ausp-toast").evaluate("e => e.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(600)
    shots(page, "fit-side-panel-open-narrow-44")
    page.set_viewport_size(PROJECTOR)
    page.evaluate(SIDE_PANEL)
    eventually(page, lambda: long.evaluate(FIT_NOTE) == ["yes", ""])
    long.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(600)
    long.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(100)
    assert not outside(long.evaluate(BOXES_JS)), outside(long.evaluate(BOXES_JS))
