"""The board's words at a classroom projector's size (JupyterLab at 1280×800), on Yukon deal 4
after one move, when the table fills the window and the status line lies below it: the answers
of Winnable? and Hint show on the line under the cards; words that come and go move nothing
around the board; a double-click on a card that cannot go home says why; and a drag on a card
that cannot move drops an earlier selection."""

from __future__ import annotations

from board_dom import LIVE, board, card, columns, drag, strip, toast
from jupyter_servers import eventually, one_cell_notebook, open_notebook

PROJECTOR = {"width": 1280, "height": 800}
CODE = [
    "from ausp_widget import AustralianPatience",
    "app = AustralianPatience(mode='yukon', seed=4)",
    "app.play_now()",
    "app",
]
# Where the words under the cards, the board and the table's buttons lie, and what the
# notebook's panel shows of the page.
BOXES_JS = """(app) => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const panel = box(app.closest('.jp-WindowedPanel-outer'));
  panel.bottom = Math.min(panel.bottom, window.innerHeight);
  const live = app.querySelector('.ausp-live');
  const root = live.querySelector('.ausp-cardtable');
  const words = root.querySelector('.ausp-toast-words') || root.querySelector('.ausp-toast');
  return {
    panel,
    board: box(root.querySelector('.ausp-felt')),
    line: box(root.querySelector('.ausp-toast')),
    words: {...box(words), background: getComputedStyle(words).backgroundColor},
    buttons: [...live.querySelectorAll('button:not(.ausp-card)')].filter(e => e.offsetParent !== null)
      .map(e => ({name: e.innerText.trim(), ...box(e)})),
  };
}"""
LIT = "(root) => root.querySelectorAll('.ausp-selected, .ausp-target').length"


def boxes(app) -> dict:
    return app.evaluate(BOXES_JS)


def on_screen(app) -> dict:
    """Scroll the app to the top of the notebook's panel, as a class sees it; its boxes."""
    app.evaluate("e => e.scrollIntoView({block: 'start'})")
    app.page.wait_for_timeout(300)
    app.evaluate("e => e.scrollIntoView({block: 'start'})")
    return boxes(app)


def press(app, name: str) -> None:
    """Press one of the table's buttons where it is on show (no scrolling first)."""
    button = app.locator(".ausp-live button", has_text=name).first
    b = button.bounding_box()
    app.page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)


def answer(app) -> str:
    """The words on the board's line when they are an answer (Hint, Winnable?), else ""."""
    shown = board(app).locator(".ausp-toast.ausp-toast-answer")
    return shown.inner_text() if shown.count() else ""


def shown_whole(where: dict, panel: dict) -> bool:
    return where["top"] >= panel["top"] - 0.5 and where["bottom"] <= panel["bottom"] + 0.5


def places(found: dict) -> list:
    """Where the board and every button lie, for comparing before and after words come or go."""
    tops = [(b["name"], round(b["top"], 1)) for b in found["buttons"]]
    return [round(found["board"]["top"], 1), round(found["line"]["bottom"], 1), *tops]


def yukon_after_one_move(page, lab_url, notebook_dir, name: str):
    """Yukon deal 4 at the projector's size, 5♦ dragged onto 6♣: the table the reviewer met."""
    page.set_viewport_size(PROJECTOR)
    app = open_notebook(page, lab_url, one_cell_notebook(notebook_dir, name, CODE))
    page.evaluate("window.jupyterapp.commands.execute('notebook:hide-all-cell-code')")
    app.locator(f"{LIVE} .ausp-card").first.wait_for()
    on_screen(app)
    before = columns(app)
    drag(page, card(app, "five of diamonds"), card(app, "six of clubs"))
    eventually(page, lambda: columns(app) != before, seconds=20)
    page.wait_for_timeout(400)
    return app


def test_winnable_and_hint_answer_on_the_line_under_the_cards_at_a_projectors_size(
    page, lab_url, notebook_dir, shots
):
    app = yukon_after_one_move(page, lab_url, notebook_dir, "words_answers.ipynb")
    found = on_screen(app)
    status = app.locator(".ausp-status").bounding_box()
    assert status["y"] + status["height"] > found["panel"]["bottom"], "the status line is below the window"
    press(app, "Winnable?")
    eventually(page, lambda: answer(app), seconds=10)
    found = on_screen(app)
    assert shown_whole(found["line"], found["panel"]), found
    said = eventually(
        page, lambda: (lambda t: "inn" in t and not t.startswith("Thinking") and t)(answer(app)), seconds=60
    )
    assert said == app.locator(".ausp-status").inner_text().strip(), "the status line keeps it too"
    found = on_screen(app)
    shots(page, "words-winnable-answer")
    assert shown_whole(found["words"], found["panel"]), found
    assert found["words"]["background"] not in ("rgb(58, 16, 16)", "rgba(0, 0, 0, 0)"), "neutral, on show"
    page.wait_for_timeout(5000)  # longer than a refusal stays
    assert answer(app) == said, "an answer stays until the next move or words"
    press(app, "Hint")
    hint = eventually(page, lambda: (lambda t: t.startswith("Hint:") and t)(answer(app)), seconds=20)
    found = on_screen(app)
    shots(page, "words-hint")
    assert shown_whole(found["words"], found["panel"]), found
    assert app.locator(".ausp-status").inner_text().strip() == hint


def test_words_that_come_and_go_move_nothing_and_a_new_drag_drops_the_selection(
    page, lab_url, notebook_dir, shots
):
    app = yukon_after_one_move(page, lab_url, notebook_dir, "words_still.ipynb")
    root = board(app)
    still = places(on_screen(app))
    x, y = strip(card(app, "eight of spades"))
    page.mouse.click(x, y)
    eventually(page, lambda: root.evaluate(LIT) >= 2, seconds=10)  # 8♠ selected, 9♥ lit
    on_screen(app)
    drag(page, card(app, "two of hearts"), card(app, "nine of hearts"))  # 2♥ cannot move
    refusal = eventually(page, lambda: toast(app), seconds=10)
    assert refusal.startswith("2♥ cannot move"), refusal
    found = on_screen(app)
    shots(page, "words-long-refusal")
    assert places(found) == still, "the words under the cards moved the board or its buttons"
    assert found["words"]["bottom"] - found["words"]["top"] > 40, "two lines of the refusal on show"
    assert root.evaluate(LIT) == 0, "a drag on another card drops the earlier selection"
    eventually(page, lambda: toast(app) == "", seconds=10)
    assert places(on_screen(app)) == still, "the words going moved the board or its buttons"


def test_a_double_click_on_a_card_that_cannot_go_home_says_why(page, lab_url, notebook_dir, shots):
    app = yukon_after_one_move(page, lab_url, notebook_dir, "words_home.ipynb")
    on_screen(app)
    x, y = strip(card(app, "eight of spades"))  # it may move onto 9♥, but not home
    page.mouse.dblclick(x, y)
    said = eventually(page, lambda: toast(app), seconds=10)
    shots(page, "words-double-click-not-home")
    assert "foundation" in said and "8♠" in said, said
    assert app.locator(".ausp-status").inner_text().strip() != "Selection cancelled."
    assert board(app).evaluate(LIT) == 0


def test_a_double_click_on_the_stock_is_one_draw_and_says_what_was_drawn(page, lab_url, notebook_dir, shots):
    page.set_viewport_size(PROJECTOR)
    code = [*CODE[:1], "app = AustralianPatience(seed=8)", *CODE[2:]]
    app = open_notebook(page, lab_url, one_cell_notebook(notebook_dir, "stock_twice.ipynb", code))
    app.locator(f"{LIVE} .ausp-card").first.wait_for()
    stock = card(app, "stock")
    stock.scroll_into_view_if_needed()
    x, y = strip(stock)
    page.mouse.dblclick(x, y)
    status = app.locator(".ausp-status")
    eventually(page, lambda: "drew" in status.inner_text(), seconds=10)
    page.wait_for_timeout(1000)  # a second draw, or a refusal of the second click, would show by now
    shots(page, "words-double-click-stock")
    assert status.inner_text().strip() == "You drew Q♣.", status.inner_text()
    assert "23 in the stock" in app.locator(".ausp-info").inner_text()
    assert app.locator(".ausp-log").inner_text().split() == ["1.", "You:", "draw"]
    assert card(app, "queen of clubs").count() == 1
    assert card(app, "nine of diamonds").count() == 0, "the second card of the stock stays in it"


# The side captions' words as drawn (their glyphs, not their boxes) and the board's right edge.
CAPTIONS_JS = """(app) => {
  const root = app.querySelector('.ausp-live .ausp-cardtable');
  const felt = root.querySelector('.ausp-felt').getBoundingClientRect();
  return [...root.querySelectorAll('.ausp-caption')].map(c => {
    const range = document.createRange();
    range.selectNodeContents(c);
    const r = range.getBoundingClientRect();
    return {text: c.innerText, left: r.left, right: r.right, edge: felt.right};
  });
}"""


def test_the_bots_caption_stays_on_the_board_beside_jupyterlabs_file_browser(
    page, lab_url, notebook_dir, shots
):
    # Turn-based deal 8 at a projector's size with the file browser open: after six draws the
    # bot's column 5 is long, and the tables stand side by side with the foundations between
    # them, the bot's stock and waste at the board's right edge, its caption under them.
    page.set_viewport_size(PROJECTOR)
    turns = ["app = AustralianPatience(mode='turns', seed=8)", "app.table.speed.value = 4"]  # the bot quick
    code = [*CODE[:1], *turns, *CODE[2:]]
    app = open_notebook(page, lab_url, one_cell_notebook(notebook_dir, "caption_edge.ipynb", code))
    page.evaluate("window.jupyterapp.shell.activateById('filebrowser')")
    app.locator(f"{LIVE} .ausp-card").first.wait_for()
    info, log = app.locator(".ausp-info"), app.locator(".ausp-log")
    for _ in range(6):
        eventually(page, lambda: "your turn" in info.inner_text(), seconds=60)
        before = log.inner_text()
        app.get_by_role("button", name="Draw", exact=True).click()
        # the draw is logged at once (the bot may answer it faster than a look at the info line)
        eventually(page, lambda before=before: log.inner_text() != before, seconds=20)
    eventually(page, lambda: "your turn" in info.inner_text(), seconds=60)
    page.wait_for_timeout(500)  # the cards' slide
    shots(page, "words-caption-at-the-edge")
    captions = {c["text"]: c for c in app.evaluate(CAPTIONS_JS)}
    assert set(captions) == {"You", "The bot"}, captions
    bot = captions["The bot"]
    assert bot["right"] <= bot["edge"] + 0.5, f"'The bot' runs off the board: {bot}"
