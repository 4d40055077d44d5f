"""The card board in a real JupyterLab, played as card players play: a whole deal won by mouse
drags along the solver's winning line, a drop the rules refuse, a double-click home, moves by
keyboard alone, a finger's drag, the projector size, and the gestures that do nothing: each says
why, in words under the cards."""

from __future__ import annotations

import json

import pytest
from board_dom import LIVE, SETTLED, board, card, columns, drag, place, strip, toast, touch_drag
from jupyter_servers import eventually, one_cell_notebook, open_notebook

from ausp_widget import Game, solve
from ausp_widget.core.protocol import Place
from ausp_widget.widgets.board_state import pile_id, place_id


def table_notebook(folder, name: str, code: str) -> str:
    """A notebook whose one cell shows a live table inside an `.ausp-app` box."""
    lines = [
        "import ipywidgets as w",
        "from ausp_widget.widgets.table import GameTable",
        code,
        "w.VBox([t]).add_class('ausp-app')",
    ]
    return one_cell_notebook(folder, name, lines)


def names(game: Game) -> list[list[str]]:
    return [
        [c.name if c is not None else "face-down card" for c in column] for column in game.visible_tableau()
    ]


def tableau(game: Game) -> list[list[str]]:
    return [[c.name for c in column] for column in game.tableau()]


def version(app) -> int:
    return int(board(app).get_attribute("data-version") or 0)


def target_of(game: Game, move) -> str:
    """The spot a player drops on for `move`: the top card of the pile it goes to, or the pile's
    empty place."""
    _source, pile = game.move_places(move, 0)
    cards = next(p for p in game.piles() if p.ref == pile).cards
    return place_id(Place(pile, len(cards) - 1)) if cards else pile_id(pile)


def test_a_whole_deal_won_by_mouse_drags_along_the_solvers_line(page, lab_url, notebook_dir, shots):
    line = solve(Game.deal(6), time_limit=30).moves
    assert line, "deal 6 is winnable"
    name = table_notebook(notebook_dir, "board_drags.ipynb", "t = GameTable(seed=6)")
    # Without slides (a player's reduced-motion setting): each card, the waste's too, lies at
    # its own height at once, so the top card is the one a drag picks up.
    page.emulate_media(reduced_motion="reduce")
    app = open_notebook(page, lab_url, name)
    game = Game.deal(6)
    eventually(page, lambda: columns(app) == tableau(game), seconds=20)
    latencies, frames = [], []
    for move in line:
        before = version(app)
        if move.kind == "draw":
            x, y = strip(place(app, "stock/0/0"))
            page.mouse.click(x, y)
        else:
            source, _pile = game.move_places(move, 0)
            drag(page, place(app, place_id(source)), place(app, target_of(game, move)))
            frames += json.loads(board(app).get_attribute("data-drag-frames") or "[]")
        game.play(move)
        try:
            eventually(page, lambda before=before: version(app) > before, seconds=10)
        except AssertionError:
            shots(page, "board-drags-stuck")
            raise AssertionError(
                f"{move} (move {len(game.history)}) did not reach the board: "
                f"{board(app).get_attribute('data-last-drag')!r}, "
                f"{app.locator('.ausp-status').inner_text()!r}"
            ) from None
        assert columns(app) == tableau(game), f"after {move}"
        latencies.append(float(board(app).get_attribute("data-latency")))
    assert game.status == "won"
    eventually(page, lambda: "won" in app.locator(".ausp-banner").inner_text().lower(), seconds=10)
    assert app.locator(f'{LIVE} [data-spot^="foundation/"].ausp-face').count() == 8  # two per pile
    latencies.sort()
    print(f"drags: {len(line)} moves, board redrawn {latencies[len(latencies) // 2]:.0f} ms (median) after")
    print(f"drag frames: {len(frames)}, longest {max(frames):.1f} ms")
    shots(page, "board-won")


def test_a_russian_solitaire_deal_won_by_mouse_drags_with_its_hidden_cards_turned_as_it_goes(
    page, lab_url, notebook_dir, shots
):
    """A game of the Yukon family the board was never told about: it draws the backs, turns them
    as the columns empty, and takes the solver's line drag by drag."""
    line = solve(Game.deal(14, game="russian"), time_limit=30).moves
    assert line, "Russian deal 14 is winnable"
    name = table_notebook(notebook_dir, "board_russian.ipynb", "t = GameTable('russian', seed=14)")
    page.emulate_media(reduced_motion="reduce")  # no slides to wait for (they have a test of their own)
    app = open_notebook(page, lab_url, name)
    game = Game.deal(14, game="russian")
    eventually(page, lambda: columns(app) == names(game), seconds=20)
    assert sum(column.count("face-down card") for column in columns(app)) == 21
    for move in line:
        before = version(app)
        source, _pile = game.move_places(move, 0)
        drag(page, place(app, place_id(source)), place(app, target_of(game, move)))
        game.play(move)
        eventually(page, lambda before=before: version(app) > before, seconds=10)
        assert columns(app) == names(game), f"after {move}"
    assert game.status == "won"
    eventually(page, lambda: "won" in app.locator(".ausp-banner").inner_text().lower(), seconds=10)
    shots(page, "board-russian-won")


def test_a_refused_drop_snaps_back_and_says_why(page, lab_url, notebook_dir, shots):
    name = table_notebook(notebook_dir, "board_refused.ipynb", "t = GameTable(seed=4)")
    app = open_notebook(page, lab_url, name)
    game = Game.deal(4)
    eventually(page, lambda: columns(app) == tableau(game), seconds=20)
    before, shown = version(app), columns(app)
    # 6♥ onto 7♠: not its suit. The cards slide back, the reason is shown, nothing moved.
    drag(page, card(app, "six of hearts"), card(app, "seven of spades"))
    eventually(page, lambda: "same suit" in toast(app) or "suit" in toast(app), seconds=10)
    reason = toast(app)
    assert "6♥" in reason and reason in app.locator(".ausp-status").inner_text()
    page.wait_for_timeout(400)
    assert columns(app) == shown and version(app) == before
    six = card(app, "six of hearts").bounding_box()
    seven_hearts = card(app, "seven of hearts").bounding_box()
    assert abs(six["x"] - seven_hearts["x"]) > 20, "6♥ is back in its own column"
    shots(page, "board-refused")


def test_a_double_click_sends_an_exposed_ace_home(page, lab_url, notebook_dir, shots):
    seed = next(s for s in range(1, 500) if any(col[-1].rank == 1 for col in Game.deal(s).tableau()))
    game = Game.deal(seed)
    ace = next(col[-1] for col in game.tableau() if col[-1].rank == 1)
    name = table_notebook(notebook_dir, "board_home.ipynb", f"t = GameTable(seed={seed})")
    app = open_notebook(page, lab_url, name)
    eventually(page, lambda: columns(app) == tableau(game), seconds=20)
    before = version(app)
    game.play(f"{ace} F")
    for attempt in range(2):  # a double-click that landed while the page still moved is tried again
        x, y = strip(card(app, ace.name))
        page.mouse.dblclick(x, y)
        try:
            eventually(page, lambda: columns(app) == tableau(game), seconds=10)
            break
        except AssertionError as error:
            if attempt:  # what the board said, for whoever reads a failure on a busy machine
                raise AssertionError(f"{error}; the board said {toast(app)!r}") from None
    assert version(app) > before
    home = app.locator(f'{LIVE} [data-spot^="foundation/"].ausp-face')
    assert home.count() == 1 and home.get_attribute("aria-label").startswith(ace.name)
    shots(page, "board-home")


def test_moves_by_keyboard_alone(page, lab_url, notebook_dir, shots):
    name = table_notebook(notebook_dir, "board_keys.ipynb", "t = GameTable(seed=4)")
    app = open_notebook(page, lab_url, name)
    game = Game.deal(4)
    eventually(page, lambda: columns(app) == tableau(game), seconds=20)
    board(app).focus()
    # The stops run: foundations, stock, waste, then columns 1–7. Left from the first stop wraps
    # to column 7, whose exposed card is 6♥; Enter picks it up; two more lefts reach column 5 (7♥).
    page.keyboard.press("ArrowLeft")
    focused = board(app).locator(".ausp-focus")
    assert focused.get_attribute("aria-label").startswith("six of hearts")
    page.keyboard.press("Enter")
    eventually(page, lambda: "ausp-selected" in (card(app, "six of hearts").get_attribute("class") or ""))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused.get_attribute("aria-label").startswith("seven of hearts")
    shots(page, "board-keys-selected")
    page.keyboard.press("Enter")
    game.play("6♥ 7♥")
    eventually(page, lambda: columns(app) == tableau(game), seconds=10)
    live = board(app).locator("[aria-live]")
    assert "6♥" in live.inner_text(), "the move is read out"
    before = version(app)
    page.keyboard.press("d")  # draw
    game.play("draw")
    eventually(page, lambda: version(app) > before, seconds=10)
    page.keyboard.press("u")  # undo the draw
    game.undo()
    eventually(page, lambda: app.locator('[data-spot="waste/0/0"]').count() == 1, seconds=10)
    shots(page, "board-keys-done")


@pytest.fixture
def touch_page(browser):
    """A page on a touch screen (pointer events of type touch), offline like the others."""
    context = browser.new_context(viewport={"width": 1024, "height": 1300}, has_touch=True)
    context.route(lambda url: not url.startswith("http://127.0.0.1"), lambda route: route.abort())
    tab = context.new_page()
    tab.set_default_timeout(60_000)
    yield tab
    context.close()


def test_a_finger_drags_a_card_on_a_touch_screen(touch_page, lab_url, notebook_dir, shots):
    page = touch_page
    name = table_notebook(notebook_dir, "board_touch.ipynb", "t = GameTable(seed=4)")
    app = open_notebook(page, lab_url, name)
    game = Game.deal(4)
    eventually(page, lambda: columns(app) == tableau(game), seconds=20)
    touch_drag(page, card(app, "six of hearts"), card(app, "seven of hearts"))
    game.play("6♥ 7♥")
    eventually(page, lambda: columns(app) == tableau(game), seconds=10)
    shots(page, "board-touch")


def test_the_projector_size_draws_larger_cards(page, lab_url, notebook_dir, shots):
    name = table_notebook(notebook_dir, "board_large.ipynb", "t = GameTable(seed=4, large=True)")
    page.set_viewport_size({"width": 1280, "height": 800})
    app = open_notebook(page, lab_url, name)
    eventually(page, lambda: columns(app) == tableau(Game.deal(4)), seconds=20)
    width = card(app, "six of hearts").bounding_box()["width"]
    corner = (
        card(app, "six of hearts")
        .locator(".ausp-corner")
        .evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    )
    # Held to the window's height with its buttons (tests/browser/test_lab_fit.py), a projector
    # card is never under 59 px, its index never under 20 px.
    assert width >= 59 and corner >= 20, (width, corner)
    shots(page, "board-projector")


SLIDING = """(root) => document.getAnimations().filter(
  (a) => a.transitionProperty === 'transform' && root.contains(a.effect.target)).length"""
# Counts the slides that start on the board from now on: a slide lasts a fraction of a second,
# which a look now and then may miss on a busy machine; the event never is.
COUNT_SLIDES = """(root) => {
  root.slides = 0;
  root.addEventListener('transitionrun', (e) => { if (e.propertyName === 'transform') root.slides++; });
}"""


def test_cards_slide_and_a_reduced_motion_setting_stops_them(page, lab_url, notebook_dir, shots):
    name = table_notebook(notebook_dir, "board_motion.ipynb", "t = GameTable(seed=4)")
    app = open_notebook(page, lab_url, name)
    eventually(page, lambda: columns(app) == tableau(Game.deal(4)), seconds=20)
    page.wait_for_function(SETTLED)
    x, y = strip(place(app, "stock/0/0"))
    board(app).evaluate(COUNT_SLIDES)
    page.mouse.click(x, y)  # the drawn card slides from the stock to the waste
    eventually(page, lambda: board(app).evaluate("(root) => root.slides") > 0, seconds=5)
    page.wait_for_function(SETTLED)
    page.emulate_media(reduced_motion="reduce")
    drawn = int(board(app).get_attribute("data-drawn"))
    page.mouse.click(x, y)
    eventually(page, lambda: int(board(app).get_attribute("data-drawn")) > drawn, seconds=5)
    assert board(app).evaluate(SLIDING) == 0, "no sliding for a player who asked for less motion"


FELT_BOX = """(root) => {
  const r = root.querySelector('.ausp-felt').getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""
# What is drawn at a point of the page: the spot of the card there, if any.
SPOT_AT = """([x, y]) => {
  const e = document.elementFromPoint(x, y);
  const s = e && e.closest('[data-spot]');
  return s ? s.dataset.spot : null;
}"""
# The words under the board and every card, empty place and foundation drawn: none may overlap.
WORDS_OVER = """(root) => {
  const line = root.querySelector('.ausp-toast').getBoundingClientRect();
  return [...root.querySelectorAll('.ausp-card')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.left < line.right && r.right > line.left && r.top < line.bottom && r.bottom > line.top;
  }).map((e) => e.dataset.spot);
}"""


def test_every_gesture_that_does_nothing_says_why_and_no_words_hide_a_card(
    page, lab_url, notebook_dir, shots
):
    name = table_notebook(notebook_dir, "board_edges.ipynb", "t = GameTable(seed=4)")
    app = open_notebook(page, lab_url, name)
    game = Game.deal(4)
    eventually(page, lambda: columns(app) == tableau(game), seconds=20)
    root, shown, before = board(app), columns(app), version(app)

    # A drag of a card with no move (7♠): it does not lift, and the board says why, in the words
    # a click on it gets.
    drag(page, card(app, "seven of spades"), place(app, "foundation/-/0"))
    eventually(page, lambda: toast(app), seconds=10)
    dragged = toast(app)
    x, y = strip(card(app, "seven of spades"))
    page.mouse.click(x, y)
    eventually(page, lambda: app.locator(".ausp-status").inner_text().strip() == dragged, seconds=10)
    assert "7♠" in dragged, dragged

    # A card carried below the felt's bottom edge, over the buttons and the words under the
    # board, is drawn whole there: no box around the board cuts it off.
    x, y = strip(card(app, "six of hearts"))
    felt = root.evaluate(FELT_BOX)
    below = (x, felt["y"] + felt["height"] + 90)
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, 9):
        page.mouse.move(x, y + (below[1] - y) * k / 8)
    at = page.evaluate(SPOT_AT, list(below))
    shots(page, "board-edges-carried")
    assert at is not None and at.startswith("column/0/6"), f"the card in the hand is cut off: {at}"

    # Dropped on bare felt (a place no card lies): it goes back, and the board says why.
    page.mouse.move(felt["x"] + 4, felt["y"] + felt["height"] - 4, steps=4)  # a corner: no pile
    page.mouse.up()
    eventually(page, lambda: toast(app).startswith("Drop the card on a lit place"), seconds=5)
    page.wait_for_timeout(400)
    assert columns(app) == shown and version(app) == before, "nothing was played"

    # The words stand under the cards: no card, empty place or foundation is behind them.
    assert root.evaluate(WORDS_OVER) == [], "the board's words cover cards"
    line = root.locator(".ausp-toast").bounding_box()
    assert line["y"] >= felt["y"] + felt["height"] - 0.5, (line, felt)
    shots(page, "board-edges-words")
