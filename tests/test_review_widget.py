"""The Review button: a finished game reviewed in slices on the clock, then the chart and each
marked move on the panel's board, and the position before it put back on the table."""

import itertools

from test_review import BLUNDER, blundered, random_game

from ausp_widget import Game
from ausp_widget.analysis.review import Reviewer
from ausp_widget.games.australian.hints import hint
from ausp_widget.widgets.review_panel import PAUSE
from ausp_widget.widgets.table import GameTable, ManualClock


def finished_after_the_blunder() -> Game:
    game = blundered()
    while game.status == "playing" and (move := hint(game).move) is not None:
        game.play(move)
    return game


def reviewing_table(seed: int = 222) -> tuple[GameTable, ManualClock]:
    """A table on the finished game, its review taking few samples (the test is about the panel)."""
    clock = ManualClock()
    table = GameTable(seed=seed, clock=clock)
    table.review_panel.samples = 6
    table.game = finished_after_the_blunder()
    return table, clock


def run_review(table: GameTable, clock: ManualClock) -> int:
    """Press Review and step the clock until the review is done; returns the ticks it took."""
    table.buttons["Review"].click()
    return run_review_ticks(table.review_panel, clock)


def test_review_waits_for_the_end_of_the_game_and_then_runs_in_slices_of_at_most_a_move():
    clock = ManualClock()
    table = GameTable(seed=222, clock=clock)
    assert table.buttons["Review"].disabled, "a game in play is not reviewed"
    assert "ausp-hidden" not in table.buttons["Review"]._dom_classes
    table.review_panel.samples = 6
    table.game = finished_after_the_blunder()
    assert table.game.status == "lost" and not table.buttons["Review"].disabled
    table.buttons["Review"].click()
    panel = table.review_panel
    assert panel.running and panel.progress.max == len(table.game.history)
    ticks, shown = 0, [panel.progress.value]
    while panel.running:
        clock.advance(PAUSE)
        ticks += 1
        shown.append(panel.progress.value)
        if panel.running:
            assert f"move {panel.progress.value} of" in panel.summary.value, "the summary says how far it is"
    steps = [b - a for a, b in itertools.pairwise(shown)]
    assert set(steps) <= {0, 1}, "a slice reviews at most one move, with progress"
    assert ticks >= len(table.game.history) == panel.progress.value
    assert bytes(panel.chart.value[:4]) == b"\x89PNG", "the chart is drawn"
    assert panel.review is not None and "blunder" in panel.summary.value


def run_review_ticks(panel, clock: ManualClock) -> int:
    ticks = 0
    while panel.running:
        clock.advance(PAUSE)
        ticks += 1
    return ticks


def test_each_marked_move_is_shown_with_the_move_played_and_the_better_one():
    table, clock = reviewing_table()
    run_review(table, clock)
    panel = table.review_panel
    marked = panel.review.marked
    blunder = next(i for i, m in enumerate(marked) if str(m.move) == BLUNDER)
    shown = panel.show_mark(blunder)
    assert shown.mark == "blunder" and f"<b>{BLUNDER}</b>" in panel.words.value
    assert f"<b>{shown.better}</b>" in panel.words.value and "would have kept 100%" in panel.words.value
    for chance in (shown.before_chance, shown.after_chance, shown.better_chance):
        assert f"{chance.brief()}" in panel.words.value, "each chance is shown with its interval"
    assert "(95% intervals)" in panel.words.value and "95% interval" in panel.summary.value
    classes = {view.card: view.face.classes for view in panel.board.card_views()}
    played = shown.move.card
    assert "ausp-selected" in classes[played], "the card played is marked as the moving group"
    assert "ausp-hint" in classes[shown.better.card], "the better move's card glows in the hint colour"
    assert panel.buttons["Next mark"].disabled == (blunder == len(marked) - 1)
    before = len(table.game.history)
    panel.buttons["Try from here"].click()
    assert len(table.game.history) == shown.number - 1 < before, (
        "the table shows the position before the move"
    )
    assert table.game.status == "playing" and "ausp-hidden" not in panel.box._dom_classes
    table.play(shown.better)
    assert table.game.history[-1][1] == shown.better
    table.new_game(5)
    assert "ausp-hidden" in panel.box._dom_classes and not panel.running, "a new game closes the review"


def test_a_new_game_stops_a_review_under_way():
    table, clock = reviewing_table()
    table.buttons["Review"].click()
    clock.advance(PAUSE)
    reviewed = table.review_panel.reviewer.done
    table.new_game(3)
    assert not table.review_panel.running
    clock.advance(1.0)
    assert table.review_panel.reviewer.done == reviewed <= 1, "nothing more was reviewed"


def test_the_reviewer_rebuilds_the_position_before_any_move():
    game = finished_after_the_blunder()
    reviewer = Reviewer(game, samples=2)
    for number in (1, 10, len(game.history)):
        position = reviewer.position_before(number)
        assert [m for _, m in position.history] == [m for _, m in game.history[: number - 1]]
    for wrong in (0, len(game.history) + 1):
        try:
            reviewer.position_before(wrong)
        except ValueError as error:
            assert f"not {wrong}" in str(error)
        else:
            raise AssertionError("a move number outside the game is refused")


def test_review_is_offered_only_where_it_can_run_at_a_students_pace():
    indian = GameTable(game="indian", seed=3, clock=ManualClock())
    assert "ausp-hidden" in indian.buttons["Review"]._dom_classes
    turns = GameTable(mode="turns", seed=3, clock=ManualClock())
    assert "ausp-hidden" in turns.buttons["Review"]._dom_classes


def test_without_matplotlib_the_review_says_so_and_still_shows_the_marked_moves(monkeypatch):
    from ausp_widget.analysis.review import Review
    from ausp_widget.core.display import NO_PLOTS, NoFigure

    monkeypatch.setattr(Review, "plot", lambda self, **options: NoFigure())
    table, clock = reviewing_table()
    run_review(table, clock)
    panel = table.review_panel
    assert NO_PLOTS in panel.summary.value and "ausp-hidden" in panel.chart._dom_classes
    first = panel.review.marked[0]
    assert f"<b>{first.move}</b>" in panel.words.value and first.mark in panel.words.value


def test_marked_moves_show_as_they_are_found_and_a_new_one_leaves_the_student_where_they_are():
    clock = ManualClock()
    table = GameTable(seed=6, clock=clock)
    table.review_panel.samples = 6
    table.game = random_game(6)  # a random player's game: several moves marked
    table.buttons["Review"].click()
    panel = table.review_panel
    while not panel.marked:
        clock.advance(PAUSE)
    first = panel.marked[0]
    assert panel.running and panel.review is None, "the review is still under way"
    assert panel.progress.value == first.number < panel.progress.max
    for part in (panel.progress, panel.words, panel.board.box, panel.steps):
        assert "ausp-hidden" not in part._dom_classes
    assert f"<b>{first.move}</b>" in panel.words.value and "Marked move 1 of 1 so far" in panel.words.value
    found = f"so far: 1 {first.mark} (move {first.number}: {first.move}, {100 * first.before:.0f}% → "
    assert found in panel.summary.value and f"{first.better} kept" in panel.summary.value
    assert panel.buttons["Next mark"].disabled and panel.buttons["Previous mark"].disabled

    while len(panel.marked) < 2:
        clock.advance(PAUSE)
    assert panel.index == 0 and f"<b>{first.move}</b>" in panel.words.value, "the student stays on the first"
    assert "Marked move 1 of 2 so far" in panel.words.value and not panel.buttons["Next mark"].disabled
    assert "latest move" in panel.summary.value
    panel.buttons["Next mark"].click()
    second = panel.marked[1]
    assert panel.index == 1 and f"<b>{second.move}</b>" in panel.words.value
    panel.buttons["Try from here"].click()
    assert len(table.game.history) == second.number - 1 and panel.running, (
        "the review goes on beside the table"
    )

    run_review_ticks(panel, clock)
    assert panel.review is not None and panel.marked == panel.review.marked and len(panel.marked) >= 2
    assert panel.index == 1 and "of 2 so far" not in panel.words.value
    assert f"Marked move 2 of {len(panel.marked)}</b>" in panel.words.value
