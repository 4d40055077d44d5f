"""The Review button in a real JupyterLab: a finished game reviewed, its chart drawn, the
marked move shown on the panel's board (the cards that moved, where they went, the better
move in the hint colour) and tried again on the table."""

from __future__ import annotations

from board_dom import GUIDE, board, columns
from jupyter_servers import eventually, one_cell_notebook, open_notebook


def marked(review_board, mark: str) -> list[str]:
    """The spoken names of the spots on the review's board that carry `mark`."""
    return review_board.locator(f"[data-spot].{mark}").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )


# Each column's cards drawn one above the other, at one x (none left mid-slide or astray).
ALIGNED_JS = """(root) => {
  const xs = {};
  for (const node of root.querySelectorAll('[data-spot^="column/"]')) {
    const pile = node.dataset.spot.split('#')[0];
    (xs[pile] = xs[pile] || []).push(Math.round(node.getBoundingClientRect().left));
  }
  return Object.entries(xs).filter(([, x]) => Math.max(...x) - Math.min(...x) > 1).map(([p]) => p);
}"""


# Notebook 04's table: deal 79 played by the hints to its loss, handed to the table to review.
CODE = [
    "from ausp_widget import AustralianPatience, Game",
    "from ausp_widget.games.australian.hints import hint",
    "played = Game.deal(79)",
    "while played.status == 'playing' and (move := hint(played).move) is not None:",
    "    played.play(move)",
    "app = AustralianPatience(seed=79)",
    "app.try_here(played)",
    "app",
]


def test_review_after_a_finished_game_shows_the_chart_and_the_marked_move(page, lab_url, notebook_dir, shots):
    app = open_notebook(page, lab_url, one_cell_notebook(notebook_dir, "review.ipynb", CODE))
    table = app.locator(".ausp-live")
    review = table.get_by_role("button", name="Review", exact=True)
    review.wait_for(timeout=60_000)
    eventually(page, lambda: review.is_enabled(), seconds=20)
    # The lost game says why, in the rules' words, before any review.
    banner = table.locator(".ausp-banner")
    eventually(page, lambda: "8♠ is buried under J♠" in banner.inner_text(), seconds=10)
    assert "only a King may fill an empty column" in banner.inner_text()
    shots(page, "04-lost-explained", banner)
    review.click()
    panel = table.locator(".ausp-review")
    eventually(page, lambda: "Reviewing" in panel.inner_text(), seconds=10)
    chart = panel.locator("img.ausp-review-chart")
    # Verdicts come as they are found: move 1's blunder shows while the review still runs.
    eventually(page, lambda: "so far: 1 blunder (move 1: 10♠ J♠" in panel.inner_text(), seconds=30)
    assert not chart.is_visible(), "the first verdicts show before the whole review is done"
    assert panel.locator("progress.ausp-sprogress").is_visible(), "the progress bar shows while it runs"
    shots(page, "04-review-under-way", panel)
    chart.wait_for(state="visible", timeout=90_000)
    width = chart.evaluate("img => img.naturalWidth")
    assert width > 300, f"the chart is a real picture, not {width} px wide"
    words = panel.locator(".ausp-review-words")
    eventually(page, lambda: "mistake" in words.inner_text() or "blunder" in words.inner_text(), seconds=10)
    text = words.inner_text()
    assert "10♠ J♠" in text and "would have kept" in text, text
    eventually(page, lambda: "Why it was lost:" in panel.inner_text(), seconds=30)
    assert "8♠ is buried under J♠" in panel.inner_text()

    # The panel's own board: the position before the marked move, 10♠ (the move played) selected,
    # J♠ (where it went) the target, the better move (here a draw: the stock) in the hint colour.
    review_board = board(panel, GUIDE)
    eventually(page, lambda: review_board.locator("[data-spot]").count() > 20, seconds=10)
    assert any(c and c[-1] == "ten of spades" for c in columns(panel, GUIDE)), columns(panel, GUIDE)
    selected = marked(review_board, "ausp-selected")
    assert selected and all(s.startswith("ten of spades,") for s in selected), selected
    targets = marked(review_board, "ausp-target")
    assert targets and targets[0].startswith("jack of spades,"), targets
    hints = marked(review_board, "ausp-hint")
    assert hints, "the better move glows in the hint colour"
    if "the stock glows" in text:
        assert any(h.startswith("stock") for h in hints), hints
    shots(page, "04-review", panel)

    panel.get_by_role("button", name="Try from here").click()
    log_says = table.locator(".ausp-status")
    eventually(page, lambda: "before the marked move" in log_says.inner_text(), seconds=10)
    assert panel.is_visible(), "the review stays open beside the position"
    assert table.get_by_role("button", name="Draw", exact=True).is_enabled(), "the game is in play again"
    # The live table now shows that position: the same columns as the review's board.
    eventually(page, lambda: columns(app) == columns(panel, GUIDE), seconds=10)
    eventually(page, lambda: board(app).evaluate(ALIGNED_JS) == [], seconds=5)
    shots(page, "04-review-tried", board(app))
