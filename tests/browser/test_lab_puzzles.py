"""The puzzle trainer in a real JupyterLab: the Puzzles tab of the app, a yes/no puzzle answered,
a puzzle played on its board (one move dragged with the mouse, the others clicked card by card),
and the rating moving."""

from __future__ import annotations

import re

from board_dom import GUIDE, board, card, click, drag, place, steady_box
from jupyter_servers import eventually, open_notebook

from ausp_widget import Move, puzzles
from ausp_widget.core.protocol import Place
from ausp_widget.widgets.board_state import pile_id, place_id


def click_card(page, trainer, name: str) -> None:
    """Click a card on the trainer's board where a player would: its visible top strip."""
    click(page, card(trainer, name, GUIDE))


def click_move(page, trainer, move: Move) -> None:
    if move.kind == "draw":
        click(page, trainer.locator(f'{GUIDE} [data-spot^="stock/0/"]').first)
        return
    click_card(page, trainer, move.card.name)
    picked = card(trainer, move.card.name, GUIDE)  # as a player does: the card lights up first
    eventually(page, lambda: "ausp-selected" in (picked.get_attribute("class") or ""), seconds=10)
    if move.kind == "foundation":
        click_card(page, trainer, move.card.name)  # the card again sends it home
    elif move.kind == "tableau":
        click_card(page, trainer, move.onto.name)
    else:
        click(page, place(trainer, f"column/0/{move.column - 1}", GUIDE))


def target_of(game, move: Move) -> str:
    """The spot a player drops on for `move`: the top card of the pile it goes to, or its empty place."""
    _source, pile = game.move_places(move, 0)
    cards = next(p for p in game.piles() if p.ref == pile).cards
    return place_id(Place(pile, len(cards) - 1)) if cards else pile_id(pile)


def drag_move(page, trainer, game, move: Move) -> None:
    """Play `move` by a mouse drag: its card pressed on its strip, dropped on where it goes."""
    source, _pile = game.move_places(move, 0)
    target = place(trainer, target_of(game, move), GUIDE)
    drag(page, place(trainer, place_id(source), GUIDE), target)


def version(trainer) -> int:
    """How many positions the trainer's board has shown: it goes up with each move played."""
    return int(board(trainer, GUIDE).get_attribute("data-version") or 0)


def rating(trainer) -> int:
    return int(re.search(r"rating (\d+)", trainer.locator(".ausp-standing").inner_text()).group(1))


def test_the_puzzles_tab_answers_and_plays_puzzles(page, lab_url, shots):
    app = open_notebook(page, lab_url, "01_learn_and_play.ipynb")
    app.get_by_role("tab", name="Puzzles").click()
    trainer = app.locator(".ausp-trainer")
    trainer.wait_for()
    level_two = [p for p in puzzles.load("australian") if p.level == 2]
    start = rating(trainer)
    assert start == 1000 and shown_puzzle(page, trainer) in level_two

    # Yes-or-no puzzles first (two of level 2, reached by Next puzzle), then one to play on the board.
    answered = 0
    puzzle = shown_puzzle(page, trainer)
    for _ in range(60):
        if puzzle.kind == "judge":
            trainer.get_by_role("button", name="Winnable" if puzzle.goal else "Lost").click()
            eventually(page, lambda: "Right" in trainer.locator(".ausp-feedback").inner_text(), seconds=20)
            answered += 1
        if answered == 2:
            break
        puzzle = next_puzzle(page, trainer)
    assert answered == 2, "two judge puzzles came by pressing Next puzzle"
    assert rating(trainer) > start, "right answers raise the rating"
    shots(page, "puzzle-1-start", trainer)
    trainer.screenshot(path=str(shots.folder / "puzzle-trainer.png"))  # the README's picture

    def playable(p: puzzles.Puzzle) -> bool:  # a short line with a move onto a card to drag
        moves = [p.position.copy().parse_move(text) for text in p.solution]
        return p.kind in ("free", "home") and any(m.kind == "tableau" for m in moves)

    puzzle = next_puzzle(page, trainer)
    for _ in range(60):
        if playable(puzzle):
            break
        puzzle = next_puzzle(page, trainer)

    # The puzzle's line: the first move onto another card dragged with the mouse, the rest clicked.
    game = puzzle.position.copy()
    line = [game.parse_move(text) for text in puzzle.solution]
    dragged = next((m for m in line if m.kind == "tableau"), None)
    assert dragged is not None, f"{puzzle.id} has no move onto a card to drag: {puzzle.solution}"
    feedback = trainer.locator(".ausp-feedback")
    for move in line:
        before = version(trainer)
        if move is dragged:
            moving = card(trainer, move.card.name, GUIDE)
            start_box = steady_box(moving)  # a new puzzle's board may still be coming in
            drag_move(page, trainer, game, move)
            game.play(move)
            onto = card(trainer, move.onto.name, GUIDE)
            # The card lies on the card it was dropped on, in that card's column, a strip lower.
            eventually(
                page,
                lambda moving=moving, onto=onto: (
                    abs(moving.bounding_box()["x"] - onto.bounding_box()["x"]) < 1
                    and moving.bounding_box()["y"] > onto.bounding_box()["y"]
                ),
                seconds=10,
            )
            assert abs(moving.bounding_box()["x"] - start_box["x"]) > 20, "the dragged card left its column"
            assert "ausp-moved" in (moving.get_attribute("class") or ""), "the card just moved is marked"
            assert "Not allowed" not in feedback.inner_text(), feedback.inner_text()
            shots(page, "puzzle-1b-dragged", trainer)
        else:
            click_move(page, trainer, move)
            game.play(move)
        try:
            eventually(page, lambda before=before: version(trainer) > before, seconds=10)
        except AssertionError:
            shots(page, "puzzle-stuck", trainer)
            raise AssertionError(f"{move} did not reach the board: {feedback.inner_text()!r}") from None
    eventually(page, lambda: "well done" in feedback.inner_text(), seconds=10)
    assert "ausp-good" in feedback.get_attribute("class")
    shots(page, "puzzle-2-solved", trainer)
    timer = trainer.locator(".ausp-timer")
    assert re.search(r"\d+:\d\d", timer.inner_text())
    trainer.get_by_role("button", name="Timer").click()
    eventually(page, lambda: timer.evaluate("e => getComputedStyle(e).visibility") == "hidden", seconds=5)


def shown_puzzle(page, trainer, exclude: str = "") -> puzzles.Puzzle:
    """The puzzle on show, read from its heading ("Puzzle aus-…"), once it is not `exclude`."""
    by_id = {p.id: p for p in puzzles.load("australian")}

    def heading():
        found = re.search(r"Puzzle (aus-\S+)", trainer.inner_text())
        return found and found.group(1) in by_id and found.group(1) != exclude and found.group(1)

    return by_id[eventually(page, heading, seconds=15)]


def next_puzzle(page, trainer) -> puzzles.Puzzle:
    """Press "Next puzzle" and wait for its heading: until then the old puzzle is still on show,
    and a button pressed would answer it."""
    shown = shown_puzzle(page, trainer)
    trainer.get_by_role("button", name="Next puzzle").click()
    return shown_puzzle(page, trainer, exclude=shown.id)


def test_a_missed_puzzle_comes_back_in_the_browser(page, lab_url, shots):
    app = open_notebook(page, lab_url, "01_learn_and_play.ipynb")
    app.get_by_role("tab", name="Puzzles").click()
    trainer = app.locator(".ausp-trainer")
    trainer.wait_for()
    student = trainer.get_by_role("textbox").first  # a student of this test's own
    student.fill("Mia Miss")
    student.press("Enter")
    feedback = trainer.locator(".ausp-feedback").first
    eventually(page, lambda: "Mia Miss" in feedback.inner_text(), seconds=10)

    # A "winnable or not?" puzzle answered wrongly: a miss.
    missed = next_puzzle(page, trainer)
    for _ in range(60):  # skipping walks through the level, which holds judge puzzles
        if missed.kind == "judge":
            break
        missed = next_puzzle(page, trainer)
    assert missed.kind == "judge", "no judge puzzle came by pressing Next puzzle"
    next_button = trainer.get_by_role("button", name="Next puzzle")
    where = next_button.bounding_box()
    trainer.get_by_role("button", name="Lost" if missed.goal else "Winnable").click()
    eventually(page, lambda: "ausp-bad" in (feedback.get_attribute("class") or ""), seconds=20)
    eventually(page, lambda: "1 missed to come back" in trainer.locator(".ausp-by-theme").inner_text())
    # The feedback and the miss noted take lines kept for them: the buttons stay under the pointer.
    moved = next_button.bounding_box()["y"] - where["y"]
    assert abs(moved) < 1, f"Next puzzle moved {moved:.0f} px down as the answer was marked"

    # Three other puzzles finished (answered, or their solution shown), then the miss is back.
    for _ in range(3):
        other = next_puzzle(page, trainer)
        assert other.id != missed.id, "a miss waits for three other puzzles"
        if other.kind == "judge":
            trainer.get_by_role("button", name="Winnable" if other.goal else "Lost").click()
        else:
            trainer.get_by_role("button", name="Show solution").click()
        eventually(page, lambda: feedback.inner_text().strip(), seconds=20)
    back = next_puzzle(page, trainer)
    assert back.id == missed.id
    eventually(page, lambda: "Back again" in feedback.inner_text(), seconds=10)
    assert "missed to come back" in trainer.locator(".ausp-by-theme").inner_text()
    shots(page, "puzzle-3-back-again", trainer)
