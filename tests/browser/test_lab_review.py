"""The Review button in a real JupyterLab: a finished game reviewed, its chart drawn, the
marked move shown on the panel's board and tried again on the table."""

from __future__ import annotations

from jupyter_servers import eventually, open_notebook


def test_review_after_a_finished_game_shows_the_chart_and_the_marked_move(page, lab_url, shots):
    app = open_notebook(page, lab_url, "04_analysis.ipynb")
    table = app.locator(".ausp-live")
    review = table.get_by_role("button", name="Review")
    review.wait_for(timeout=60_000)
    eventually(page, lambda: review.is_enabled(), seconds=20)
    review.click()
    panel = table.locator(".ausp-review")
    eventually(page, lambda: "Reviewing" in panel.inner_text(), seconds=10)
    chart = panel.locator("img.ausp-review-chart")
    chart.wait_for(state="visible", timeout=90_000)
    width = chart.evaluate("img => img.naturalWidth")
    assert width > 300, f"the chart is a real picture, not {width} px wide"
    words = panel.locator(".ausp-review-words")
    eventually(page, lambda: "mistake" in words.inner_text() or "blunder" in words.inner_text(), seconds=10)
    text = words.inner_text()
    assert "10♠ J♠" in text and "would have kept" in text, text
    board = panel.locator(".ausp-guide-board")
    assert board.locator(".ausp-selected").count() >= 1, "the move played is highlighted"
    assert board.locator(".ausp-hint, .ausp-target").count() >= 1
    shots(page, "04-review", panel)

    panel.get_by_role("button", name="Try from here").click()
    log_says = table.locator(".ausp-status")
    eventually(page, lambda: "before the marked move" in log_says.inner_text(), seconds=10)
    assert panel.is_visible(), "the review stays open beside the position"
    assert table.get_by_role("button", name="Draw").is_enabled(), "the game is in play again"
