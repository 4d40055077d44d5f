"""The puzzle trainer in a real JupyterLab: the Puzzles tab of the app, a yes/no puzzle answered,
a puzzle played by clicking cards, and the rating moving."""

from __future__ import annotations

import re

from jupyter_servers import eventually, open_notebook

from ausp_widget import Card, Move, puzzles


def click_card(trainer, card: Card) -> None:
    """Click a card on the trainer's board where a player would: its visible top strip."""
    trainer.locator(f'.ausp-guide-board button[title="{card.name}"]').first.click(position={"x": 12, "y": 6})


def click_move(trainer, move: Move) -> None:
    if move.kind == "draw":
        trainer.locator('.ausp-guide-board button[title^="stock"]').first.click()
        return
    click_card(trainer, move.card)
    if move.kind == "foundation":
        click_card(trainer, move.card)  # the card again sends it home
    elif move.kind == "tableau":
        click_card(trainer, move.onto)
    else:
        trainer.locator(f'.ausp-guide-board button[title^="empty column {move.column}:"]').first.click()


def rating(trainer) -> int:
    return int(re.search(r"rating (\d+)", trainer.locator(".ausp-standing").inner_text()).group(1))


def test_the_puzzles_tab_answers_and_plays_puzzles(page, lab_url, shots):
    app = open_notebook(page, lab_url, "01_learn_and_play.ipynb")
    app.get_by_role("tab", name="Puzzles").click()
    trainer = app.locator(".ausp-trainer")
    trainer.wait_for()
    level_two = [p for p in puzzles.load("australian") if p.level == 2]
    start = rating(trainer)
    assert start == 1000 and level_two[0].id in trainer.inner_text()

    # Yes-or-no puzzles first (the easiest level-2 ones), then one to play on the board.
    for puzzle in level_two:
        eventually(page, lambda puzzle=puzzle: puzzle.id in trainer.inner_text(), seconds=10)
        if puzzle.kind != "judge":
            break
        trainer.get_by_role("button", name="Winnable" if puzzle.goal else "Lost").click()
        eventually(page, lambda: "Right" in trainer.locator(".ausp-feedback").inner_text(), seconds=20)
        trainer.get_by_role("button", name="Next puzzle").click()
    assert rating(trainer) > start, "right answers raise the rating"
    shots(page, "puzzle-1-start", trainer)
    trainer.screenshot(path=str(shots.folder / "puzzle-trainer.png"))  # the README's picture
    for text in puzzle.solution:
        click_move(trainer, Move.parse(text))
        page.wait_for_timeout(150)
    feedback = trainer.locator(".ausp-feedback")
    eventually(page, lambda: "well done" in feedback.inner_text(), seconds=10)
    assert "ausp-good" in feedback.get_attribute("class")
    shots(page, "puzzle-2-solved", trainer)
    timer = trainer.locator(".ausp-timer")
    assert re.search(r"\d+:\d\d", timer.inner_text())
    trainer.get_by_role("button", name="Timer").click()
    eventually(page, lambda: timer.evaluate("e => getComputedStyle(e).visibility") == "hidden", seconds=5)
