"""The puzzle trainer: puzzles at the student's level, any correct line, a timer, hints, a shown
solution at a readable pace, a rating kept per student, the puzzle of the day, a CSV summary."""

from __future__ import annotations

import csv
import dataclasses

import pytest

from ausp_widget import AustralianPatience, puzzles
from ausp_widget.analysis.puzzles import from_dict
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.progress import Progress
from ausp_widget.core.rating import DEFAULT_RATING
from ausp_widget.widgets.puzzle_trainer import SOLUTION_PAUSE, PuzzleTrainer
from ausp_widget.widgets.table import ManualClock


@pytest.fixture
def store(tmp_path) -> Progress:
    return Progress(tmp_path / "progress.json")


def trainer_for(store: Progress, student: str | None = "Ana", **options) -> tuple[PuzzleTrainer, ManualClock]:
    clock = ManualClock()
    return PuzzleTrainer(student=student, progress=store, clock=clock, **options), clock


def open_kind(trainer: PuzzleTrainer, kind: str, level: int | None = None) -> puzzles.Puzzle:
    found = next(p for p in trainer.items if p.kind == kind and (level is None or p.level == level))
    return trainer.open_puzzle(found)


def test_a_new_student_starts_at_level_two_and_the_timer_runs(store):
    trainer, clock = trainer_for(store)
    assert trainer.rating == DEFAULT_RATING and trainer.puzzle.level == 2
    assert f"Puzzle {trainer.puzzle.id}" in trainer.heading.value and "level 2" in trainer.heading.value
    assert trainer.puzzle.words in trainer.question.value
    stock = trainer.puzzle.position.stock()
    assert (f"({len(stock)}): {stock[0]}" if stock else "empty") in trainer.stock_line.value, (
        "the stock is shown"
    )
    clock.advance(3.0)
    assert trainer.seconds == 3 and "0:03" in trainer.clock_face.value
    trainer.timer_shown.value = False
    assert "ausp-invisible" in trainer.clock_face._dom_classes, "hidden, it keeps its place"
    clock.advance(1.0)
    assert trainer.seconds == 4, "a hidden timer still counts"


def test_solving_cleanly_raises_the_rating_and_is_kept_for_the_student(store, tmp_path):
    trainer, clock = trainer_for(store)
    puzzle = open_kind(trainer, "free")
    clock.advance(5.0)
    for move in puzzle.solution:
        feedback = trainer.attempt(move)
    assert feedback.correct and feedback.done and "ausp-good" in trainer.feedback.value
    assert trainer.rating > DEFAULT_RATING
    clock.advance(5.0)
    assert trainer.seconds == 5, "the timer stops when the puzzle is solved"
    again = Progress(tmp_path / "progress.json", student="Ana")
    record = again.puzzle(puzzle.id)
    assert (record.tries, record.solved, record.best_seconds) == (1, 1, 5.0)
    assert again.rating == pytest.approx(trainer.rating)
    following = trainer.next_puzzle()
    assert following.id != puzzle.id and store.puzzle(following.id).tries == 0


def test_a_wrong_try_is_named_changes_nothing_and_halves_the_point(store):
    trainer, _clock = trainer_for(store)
    puzzle = open_kind(trainer, "free", level=2)
    before = trainer.run.game.to_text()
    wrong = trainer.attempt("K♠ F")
    assert not wrong.correct and trainer.run.game.to_text() == before and "ausp-bad" in trainer.feedback.value
    for move in puzzle.solution:
        trainer.attempt(move)
    assert trainer.rating == pytest.approx(DEFAULT_RATING + 40 * (0.5 - 0.5)), "½ against an even puzzle"


def test_show_solution_plays_a_move_at_a_time_and_counts_as_not_solved(store):
    trainer, clock = trainer_for(store)
    puzzle = open_kind(trainer, "free")
    line = trainer.show_solution()
    assert line and not trainer.run.played, "nothing moves at once"
    clock.advance(SOLUTION_PAUSE)
    assert len(trainer.run.played) == 1
    clock.advance(SOLUTION_PAUSE * len(line))
    assert trainer.run.done and not trainer.run.solved
    assert trainer.rating < DEFAULT_RATING and store.puzzle(puzzle.id).solved == 0
    assert trainer.buttons["Hint"].disabled and trainer.buttons["Show solution"].disabled


def test_hint_highlights_the_card_to_move(store):
    trainer, _clock = trainer_for(store)
    open_kind(trainer, "free")
    trainer.hint()
    marked = [v for v in trainer.board.card_views() if "ausp-hint" in v.face.classes]
    first = trainer.run.next_moves()[0]
    assert [v.card for v in marked] == [first.card] or (first.kind == "draw" and not marked)


def test_a_judge_puzzle_is_answered_with_the_buttons(store):
    trainer, _clock = trainer_for(store)
    puzzle = open_kind(trainer, "judge")
    assert "ausp-hidden" not in trainer.buttons["Winnable"]._dom_classes
    assert "ausp-hidden" in trainer.buttons["Hint"]._dom_classes
    trainer.buttons["Winnable" if puzzle.goal else "Lost"].click()
    assert trainer.result.correct and trainer.rating > DEFAULT_RATING
    assert trainer.buttons["Winnable"].disabled and trainer.buttons["Lost"].disabled
    assert "Not so" not in trainer.feedback.value


def test_showing_a_judge_puzzles_answer_says_it_and_scores_nothing(store):
    trainer, _clock = trainer_for(store)
    puzzle = open_kind(trainer, "judge")
    trainer.buttons["Show solution"].click()
    verdict = "can be won" if puzzle.goal else "is lost"
    assert f"This position {verdict}" in trainer.feedback.value and "Right" not in trainer.feedback.value
    assert not trainer.result.correct and trainer.rating < DEFAULT_RATING
    assert trainer.buttons["Winnable"].disabled and store.puzzle(puzzle.id).solved == 0


def test_students_share_one_file_with_their_own_ratings(store, tmp_path):
    trainer, _clock = trainer_for(store, student="Ana")
    for move in open_kind(trainer, "free").solution:
        trainer.attempt(move)
    ana = trainer.rating
    trainer.student.value = "Ben"
    assert trainer.rating == DEFAULT_RATING and "Ben" in trainer.standing.value
    trainer.student.value = "x" * 80
    assert trainer.student.value == "Ben" and "cannot be used" in trainer.feedback.value
    trainer.student.value = "Ana"
    assert trainer.rating == pytest.approx(ana)
    path = trainer.export_csv(tmp_path / "class.csv")
    rows = {row["student"]: row for row in csv.DictReader(path.open(encoding="utf-8"))}
    assert rows["Ana"]["puzzles_solved"] == "1"
    assert "Ben" not in rows or rows["Ben"]["tries"] == "0", "a student with no result has nothing to count"
    with pytest.raises(FileExistsError):
        trainer.export_csv(path)


def test_the_puzzle_of_the_day_is_the_one_for_the_date(store):
    trainer, _clock = trainer_for(store)
    shown = trainer.puzzle_of_the_day("2026-12-02")
    assert shown.id == puzzles.of_the_day("2026-12-02").id == trainer.puzzle.id


def test_the_level_menu_picks_the_level(store):
    trainer, _clock = trainer_for(store)
    trainer.level_menu.value = 4
    assert trainer.next_puzzle().level == 4


def test_the_student_named_in_the_puzzles_tab_keeps_their_lessons_too():
    app = AustralianPatience(seed=3)
    step = next(i for i, s in enumerate(app.guide.steps) if s.task)
    lesson = app.guide.steps[step].lesson
    app.puzzles.student.value = "Cleo"
    app.guide.go(step)
    app.guide.attempt(app.guide.steps[step].exercise.answer[0])
    assert app.guide.progress[lesson].solved >= 1

    def label() -> str:
        return next(text for text, _ in app.guide.lessons.options if f" {lesson} (" in text)

    cleo = str(app.guide.progress[lesson])
    assert cleo in label()
    app.puzzles.student.value = "Dan"
    assert app.guide.progress[lesson].solved == 0, "Dan has not done Cleo's lesson"
    assert str(app.guide.progress[lesson]) in label() and cleo not in label(), "the lesson list shows Dan's"
    app.close()


def test_the_app_has_a_puzzles_tab_that_follows_the_game(store):
    app = AustralianPatience(seed=3)
    assert "Puzzles" in app.tabs.titles
    assert app.puzzles.game == "australian"
    app.mode = "indian"
    assert app.puzzles.game == "indian" and app.puzzles.puzzle.game == "indian"
    app.close()


def test_a_progress_location_that_cannot_be_written_still_answers_the_puzzle(tmp_path):
    (tmp_path / "notes").write_text("a file where a folder should be")
    trainer, _clock = trainer_for(Progress(tmp_path / "notes" / "progress.json"))
    puzzle = open_kind(trainer, "free")
    for move in puzzle.solution:
        feedback = trainer.attempt(move)
    assert feedback.correct and feedback.done and "ausp-good" in trainer.feedback.value
    assert "progress is not being kept" in trainer.feedback.value, "a quiet line says why"
    assert trainer.store.puzzle(puzzle.id).solved == 1 and trainer.rating > DEFAULT_RATING
    judge = open_kind(trainer, "judge")
    assert trainer.answer(judge.goal).correct and "not being kept" in trainer.feedback.value


def judge_wrongly(trainer: PuzzleTrainer) -> puzzles.Puzzle:
    """Open a "winnable or not?" puzzle and give the wrong answer."""
    puzzle = open_kind(trainer, "judge")
    feedback = trainer.answer(not puzzle.goal)
    assert not feedback.correct
    return puzzle


def solve_cleanly(trainer: PuzzleTrainer) -> None:
    puzzle = trainer.puzzle
    if puzzle.kind == "judge":
        assert trainer.answer(puzzle.goal).correct
        return
    for move in puzzle.solution:
        feedback = trainer.attempt(move)
    assert feedback.correct and feedback.done


def test_a_missed_puzzle_comes_back_after_three_others_until_solved_cleanly(store, tmp_path):
    trainer, _ = trainer_for(store)
    missed = judge_wrongly(trainer)
    others = []
    for _ in range(3):
        others.append(trainer.next_puzzle())
        assert trainer.puzzle.id != missed.id, "not before three other puzzles"
        solve_cleanly(trainer)
    back = trainer.next_puzzle()
    assert back.id == missed.id
    assert "Back again: you missed this puzzle 3 puzzles ago" in trainer.feedback.value
    assert "1 missed to come back" in trainer.by_theme.value
    # a restart keeps it: the miss is in the progress file
    again, _ = trainer_for(Progress(tmp_path / "progress.json"))
    assert again.store.due_again() == [missed.id]
    solve_cleanly(trainer)
    assert store.due_again(0) == [] and not store.puzzle(missed.id).pending
    assert trainer.next_puzzle().id != missed.id


def test_a_solve_with_a_hint_does_not_clear_a_miss(store):
    trainer, _ = trainer_for(store)
    puzzle = open_kind(trainer, "free")
    trainer.hint()
    solve_cleanly(trainer)
    assert store.puzzle(puzzle.id).pending, "solved with help: it comes back to be solved alone"
    assert store.puzzle(puzzle.id).solved == 1


def test_results_by_theme_put_the_weakest_theme_first(store):
    trainer, _ = trainer_for(store)
    missed = judge_wrongly(trainer)
    solved = open_kind(trainer, "free")
    solve_cleanly(trainer)
    themes = trainer.by_themes()
    for theme in missed.themes:
        assert themes[theme][1] >= 1
    for theme in set(solved.themes) - set(missed.themes):
        assert themes[theme] == (1, 1)
    shares = [clean / tried for clean, tried in themes.values()]
    assert shares == sorted(shares) and trainer.by_theme.value.startswith("<span")


@pytest.mark.parametrize(
    ("call", "kind", "words"),
    [
        (lambda t: t.open_puzzle(123), TypeError, "puzzle is a Puzzle or a puzzle's id .*not int 123"),
        (lambda t: t.open_puzzle(None), TypeError, "puzzle is a Puzzle or a puzzle's id"),
        (lambda t: t.open_puzzle("no-such-puzzle"), ValueError, "puzzle must be the id of one of the"),
        (lambda t: t.puzzle_of_the_day(20261202), TypeError, "day is a date or its ISO text"),
        (lambda t: t.puzzle_of_the_day("someday"), ValueError, "a day is a date or its ISO text"),
        (lambda t: t.answer("yes"), TypeError, "winnable is True or False, not str 'yes'"),
        (lambda t: t.answer(1), TypeError, "winnable is True or False, not int 1"),
    ],
)
def test_the_trainers_doors_check_their_arguments_and_change_nothing(store, call, kind, words):
    trainer, _clock = trainer_for(store)
    before = trainer.puzzle, trainer.result, store.turn, trainer.feedback.value
    with pytest.raises(kind, match=words):
        call(trainer)
    assert (trainer.puzzle, trainer.result, store.turn, trainer.feedback.value) == before


# A game that does not exist, and an Australian line that does not replay on a Yukon deal.
@pytest.mark.parametrize(("game", "error"), [("nope", ValueError), ("yukon", IllegalMoveError)])
def test_another_games_puzzle_that_cannot_be_opened_changes_nothing(store, game, error):
    trainer, _ = trainer_for(store)
    shown, items = trainer.puzzle, list(trainer.items)
    with pytest.raises(error):
        trainer.open_puzzle(dataclasses.replace(trainer.items[3], game=game))
    assert trainer.game == "australian" and trainer.puzzle is shown and trainer.items == items


def test_another_games_puzzle_opens_with_that_games_puzzles(store):
    trainer, _ = trainer_for(store)
    indian = puzzles.load("indian")[0]
    assert trainer.open_puzzle(indian) is indian
    assert trainer.game == "indian" and trainer.puzzle is indian and trainer.items == puzzles.load("indian")


def test_the_class_summary_by_theme_counts_each_theme_and_the_misses_waiting(store, tmp_path):
    trainer, _clock = trainer_for(store, student="Ana")
    shipped = puzzles.load("australian")
    solved = trainer.open_puzzle(next(p for p in shipped if p.kind == "free" and p.themes))
    for move in solved.solution:
        trainer.attempt(move)
    missed = trainer.open_puzzle(next(p for p in shipped if p.kind == "judge" and p.themes))
    trainer.answer(not missed.goal)
    rows = {row["theme"]: row for row in trainer.theme_rows() if row["student"] == "Ana"}
    assert set(rows) == set(solved.themes) | set(missed.themes)
    for theme, row in rows.items():
        assert row["puzzles_tried"] == (theme in solved.themes) + (theme in missed.themes)
        assert row["puzzles_solved"] == (theme in solved.themes)
        assert row["misses_waiting"] == (theme in missed.themes), "a miss not yet made good waits"
    path = trainer.export_themes_csv(tmp_path / "themes.csv")
    written = list(csv.DictReader(path.open(encoding="utf-8")))
    assert {(row["theme"], row["misses_waiting"]) for row in written} == {
        (theme, str(row["misses_waiting"])) for theme, row in rows.items()
    }


def test_a_result_for_a_puzzle_no_longer_shipped_keeps_its_place_in_the_theme_table(store):
    from ausp_widget.analysis.class_themes import NOT_SHIPPED, theme_rows

    store.student = "Ben"
    store.record_puzzle("gone-1", solved=False, seconds=None)
    rows = theme_rows(store.puzzle_results(), puzzles.load("australian"))
    assert [(r["student"], r["theme"], r["puzzles_tried"]) for r in rows] == [("Ben", NOT_SHIPPED, 1)]


def test_the_class_summary_button_saves_both_tables_beside_the_notebook_never_over_a_file(
    store, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    trainer, _clock = trainer_for(store, student="Ana")
    for _ in range(2):
        trainer.buttons["Class summary (CSV)"].click()
    made = sorted(path.name for path in tmp_path.glob("class-*.csv"))
    assert len(made) == 4 and sum(name.startswith("class-themes-") for name in made) == 2
    second = [name for name in made if name.endswith("-2.csv")]
    assert len(second) == 2 and all(name in trainer.feedback.value for name in second)


def test_a_study_position_shows_every_card_face_up_and_says_so(store):
    trainer, _ = trainer_for(store)
    indian = next(p for p in puzzles.load("indian") if any(v == 1 for v in p.position.face_down()))
    hidden = [v.face.description for v in _after_open(trainer, indian)]
    assert "face-down card" in hidden, "a puzzle shown as it is keeps its face-down cards"
    line = dataclasses.replace(indian, open=True)
    shown = [v.face.description for v in _after_open(trainer, line)]
    assert "face-down card" not in shown and len(shown) == len(hidden)
    assert "study position" in trainer.question.value.lower() and "every card" in trainer.question.value


def _after_open(trainer: PuzzleTrainer, puzzle: puzzles.Puzzle) -> list:
    trainer.open_puzzle(puzzle)
    return trainer.board.board.views()


def test_next_puzzle_without_an_answer_walks_on_through_the_level(store):
    trainer, _clock = trainer_for(store)
    level = [p.id for p in trainer.items if p.level == trainer.level]
    seen = [trainer.puzzle.id]
    for _ in range(min(len(level), 12) - 1):
        seen.append(trainer.next_puzzle().id)
    assert len(set(seen)) == len(seen), f"a skipped puzzle came back before the level was seen: {seen}"


def test_a_puzzle_opened_again_is_practice_and_moves_the_rating_once(store):
    trainer, _ = trainer_for(store)
    puzzle = open_kind(trainer, "free")
    solve_cleanly(trainer)
    after_first = trainer.rating
    assert after_first > DEFAULT_RATING
    for _ in range(3):
        trainer.open_puzzle(puzzle.id)
        solve_cleanly(trainer)
    assert trainer.rating == after_first, "a solve learnt by heart lifts no rating"
    assert store.puzzle(puzzle.id).tries == 4 and store.puzzle(puzzle.id).solved == 4


@pytest.mark.parametrize("leave", ["Try again", "reopen", "another puzzle first"])
def test_a_wrong_try_or_a_hint_still_counts_after_the_puzzle_is_started_again(store, leave):
    trainer, _ = trainer_for(store)
    puzzle = open_kind(trainer, "free", level=2)
    trainer.attempt("K♠ F")
    assert trainer.run.wrong == 1
    if leave == "Try again":
        trainer.buttons["Try again"].click()
    elif leave == "reopen":
        trainer.open_puzzle(puzzle.id)
    else:
        trainer.next_puzzle()
        trainer.open_puzzle(puzzle.id)
    solve_cleanly(trainer)
    assert store.puzzle(puzzle.id).pending, "a wrong try before: not a clean solve"
    assert trainer.rating == pytest.approx(DEFAULT_RATING), "½ against an even puzzle, as without leaving"


def test_a_click_on_the_empty_stock_is_no_try(store):
    trainer, _ = trainer_for(store)
    puzzle = next(p for p in trainer.items if p.kind != "judge" and not p.position.stock())
    trainer.open_puzzle(puzzle)
    feedback = trainer.attempt("draw")
    assert not feedback.correct and "stock is empty" in feedback.text
    assert trainer.run.wrong == 0


def test_a_shown_solution_names_each_move_once_it_is_on_the_board(store):
    trainer = PuzzleTrainer("yukon", student="Ana", progress=store, clock=(clock := ManualClock()))
    own = {  # a puzzle of one's own whose line plays a card its first move turns up (the shipped
        # sets have none: the maker refuses an answer that needs a card the table hides)
        **{"id": "yuk-21879-3-free", "game": "yukon", "seed": 21879, "kind": "free", "level": 3},
        **{"moves": ["2♦ 3♠", "Q♥ K♣", "6♦ 7♠"], "goal": {"kind": "free", "card": "Q♥", "count": 1}},
        **{"solution": ["10♣ J♦", "6♠ 7♦", "K♦ 3"], "themes": [], "difficulty": 8.283},
    }
    puzzle = trainer.open_puzzle(from_dict(own))
    assert "[6♠]" in puzzle.position.to_text(), "a card of the line lies face down at the start"
    line = trainer.show_solution()
    assert "6♠" not in trainer.feedback.value
    for count in range(1, len(line) + 1):
        clock.advance(SOLUTION_PAUSE)
        said = trainer.feedback.value
        assert all(str(move) in said for move in line[:count]), said
        assert not any(str(move) in said for move in line[count:] if str(move) not in map(str, line[:count]))
    assert trainer.run.done


def test_the_board_takes_no_move_while_a_solution_plays(store):
    trainer, clock = trainer_for(store)
    puzzle = open_kind(trainer, "free")
    line = trainer.show_solution()
    clock.advance(SOLUTION_PAUSE)
    feedback = trainer.attempt(line[1] if len(line) > 1 else line[0])
    assert "The solution is being played" in feedback.text and trainer.run.wrong == 0
    clock.advance(SOLUTION_PAUSE * len(line))
    assert [str(m) for m in trainer.run.played] == [str(m) for m in line]
    assert store.puzzle(puzzle.id).tries == 1


@pytest.mark.parametrize("game", ["chess", "Indian"])
def test_a_game_refused_leaves_the_trainer_on_its_game(store, game):
    trainer, _ = trainer_for(store)
    before = (trainer.game, trainer.puzzle, trainer.items)
    with pytest.raises(Exception, match="game"):
        trainer.game = game
    assert (trainer.game, trainer.puzzle, trainer.items) == before


def test_text_that_is_no_move_gets_no_hint_after_wrong_tries(store):
    trainer, _ = trainer_for(store)
    open_kind(trainer, "free", level=2)
    trainer.attempt("K♠ F")
    second = trainer.attempt("K♠ F")
    assert "Hint:" in second.text, "after two wrong tries, the hint"
    feedback = trainer.attempt("zz")
    assert feedback.text.startswith("That is not a move") and "Hint:" not in feedback.text
    assert trainer.run.wrong == 2


@pytest.mark.parametrize(
    ("game", "puzzle_id", "selected", "below"),
    [
        ("yukon", "yuk-419994-29-free", "column/0/3#7", "column/0/3#0"),  # a face-down card under it
        ("australian", "aus-293433-25-free", "2♦", "3♦"),  # a face-up card under it
    ],
)
def test_a_click_below_the_selected_card_in_its_own_column_drops_the_selection_and_is_no_try(
    store, game, puzzle_id, selected, below
):
    trainer = PuzzleTrainer(game=game, progress=store, clock=ManualClock())
    trainer.open_puzzle(puzzle_id)
    board = trainer.board.board
    before = trainer.run.game.to_text()

    def spot(name: str):
        return next(s for s in board.views(0) if s.id == name or (s.card is not None and str(s.card) == name))

    spot(selected).click()
    spot(below).click()
    assert trainer.run.wrong == 0 and trainer.run.game.to_text() == before
    assert board.widget.notice["text"] == "Selection cancelled."
