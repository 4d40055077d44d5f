"""The card board as a person meets it in the browser: cards found by their accessible names,
clicked on their visible strip, dragged with the mouse or a finger, double-clicked home, played
by keyboard. Shared by the browser tests and the benchmarks.

Every card and empty place on the board is an element with `data-spot` (its id, e.g.
"column/0/2#3") and an `aria-label` ("jack of hearts, column 3").
"""

from __future__ import annotations

LIVE = ".ausp-live .ausp-cardtable"
GUIDE = ".ausp-guide-board .ausp-cardtable"

# A player's columns as the board shows them: each column's card names, bottom first.
COLUMNS_JS = """(root, player) => {
  const columns = [];
  for (const node of root.querySelectorAll('[data-spot^="column/' + player + '/"]')) {
    const [pile, depth] = node.dataset.spot.split('#');
    const c = Number(pile.split('/')[2]);
    while (columns.length <= c) columns.push([]);
    if (depth !== undefined) columns[c].push([Number(depth), node.getAttribute('aria-label').split(',')[0]]);
  }
  return columns.map((column) => column.sort((a, b) => a[0] - b[0]).map((x) => x[1]));
}"""


def board(app, where: str = LIVE):
    """The board's root element inside an app's locator."""
    return app.locator(where).first


def columns(app, where: str = LIVE, player: int = 0) -> list[list[str]]:
    """A player's columns, as card names bottom first ("face-down card" for a back)."""
    return board(app, where).evaluate(COLUMNS_JS, player)


def card(app, name: str, where: str = LIVE):
    """A card by its spoken name ("six of hearts"), on this board."""
    return board(app, where).locator(f'[data-spot][aria-label^="{name},"]').first


def place(app, spot: str, where: str = LIVE):
    """A spot by its id ("column/0/4", "foundation/-/1", "stock/0/0")."""
    return board(app, where).locator(f'[data-spot="{spot}"]').first


SETTLED = "() => document.getAnimations().every((a) => a.playState !== 'running')"
# Two frames: a state that has just arrived has started its cards' slides by then.
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def settled(page) -> None:
    """Wait until no card is sliding (a state just drawn starts its slides within two frames)."""
    page.evaluate(FRAMES)
    page.wait_for_function(SETTLED)


def steady_box(locator) -> dict:
    """Where a spot is once it has stopped moving: no card sliding, and the same box two frames
    apart (a late redraw or a line of text above the board can still shift it)."""
    page = locator.page
    settled(page)
    box = locator.bounding_box()
    for _ in range(40):
        page.evaluate(FRAMES)
        again = locator.bounding_box()
        if again == box:
            return box
        settled(page)
        box = again
    return box


TOP_BARS, STATUS_BAR = 100, 40  # px of JupyterLab's menus and toolbar above, its status bar below


def strip(locator) -> tuple[float, float]:
    """Where a player grabs a card: on its visible top strip (covered cards overlap), once the
    cards have stopped moving, scrolled into view first as a player would (a mouse click lands
    only within the window)."""
    box = steady_box(locator)
    window = locator.page.viewport_size
    # Only a card out of sight (or under the notebook's toolbar or the status bar) is scrolled to.
    if box["y"] < TOP_BARS or box["y"] + 24 > window["height"] - STATUS_BAR:
        locator.scroll_into_view_if_needed()
        box = steady_box(locator)
    return box["x"] + min(14, box["width"] / 4), box["y"] + 8


def click(page, locator) -> None:
    x, y = strip(locator)
    page.mouse.click(x, y)


def drag(page, source, target, steps: int = 8) -> None:
    """Press on `source`'s strip, move to the middle of `target`, release: a mouse drag."""
    x0, y0 = strip(source)
    box = steady_box(target)
    x1, y1 = box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 30)
    page.mouse.move(x0, y0)
    page.mouse.down()
    for k in range(1, steps + 1):
        page.mouse.move(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
    page.mouse.up()


def touch_drag(page, source, target, steps: int = 8) -> None:
    """The same drag with a finger: pointer events of type touch (a touch-enabled context)."""
    x0, y0 = strip(source)
    box = target.bounding_box()
    x1, y1 = box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 30)
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, steps + 1):
        point = {"x": x0 + (x1 - x0) * k / steps, "y": y0 + (y1 - y0) * k / steps}
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def toast(app, where: str = LIVE) -> str:
    """The words shown under the cards (a refusal), or "" when none is on show: read in one
    step, so words fading between a count and a read never leave the read waiting for them."""
    shown = board(app, where).locator(".ausp-toast.ausp-toast-on")
    return "".join(shown.evaluate_all("(nodes) => nodes.map((node) => node.innerText)"))


def latency(app, where: str = LIVE) -> float | None:
    """Milliseconds from the last intent sent to the board redrawn, as the board measured it."""
    value = board(app, where).get_attribute("data-latency")
    return float(value) if value else None
