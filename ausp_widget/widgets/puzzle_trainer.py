"""The puzzle trainer: practice at the student's level, on the lessons' own board.

Each puzzle is a real position (a deal number and moves) with a task; the student plays it
by clicking, exactly as in the lessons (`TaskPlay`), or answers yes or no for "winnable or
not?". A puzzle also shows the stock's order, next card first: the answer may depend on it,
and a puzzle is a full-information exercise. Any line that reaches the goal counts: the
engine and the solver judge, never the stored line. A timer (which can be hidden) runs while
the puzzle is open; Hint highlights the card to move; Show solution plays a solution at a
readable pace. The first result on each puzzle moves the student's rating (`core.rating`),
and the next puzzle is chosen at the level the rating points to. Results and rating are kept
per student name in the lessons' progress file, and a teacher can export a class summary as
CSV.
"""

from __future__ import annotations

import datetime
from functools import partial
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from ausp_widget.analysis.class_themes import THEME_FIELDS, shipped_puzzles, theme_rows
from ausp_widget.analysis.puzzles import Puzzle, load, of_the_day
from ausp_widget.core.errors import WrongTypeError, given, short_repr
from ausp_widget.core.files import dated_new_file
from ausp_widget.core.moves import Move
from ausp_widget.core.progress import Progress
from ausp_widget.core.progress_summary import export_csv
from ausp_widget.core.rating import level_for
from ausp_widget.core.registry import entry
from ausp_widget.core.tasks import Feedback, TaskRun
from ausp_widget.core.teaching import HINT, SOLUTION

from .board import show
from .clock import Clock, KernelClock, Later
from .parts import Parts
from .puzzle_choice import due_back, next_at_level
from .puzzle_results import PuzzleResults
from .puzzle_words import by_themes, heading_words, standing_words, stock_words, theme_words
from .step_board import StepBoard
from .strip import HTML, Button, Dropdown, Strip, Text, ToggleButton
from .task_play import TaskPlay
from .teaching import LOCKED, LOCKED_TIP, TeacherToggles, Teaching

SOLUTION_PAUSE = 0.8  # seconds between two moves of a shown solution
HINT_TIP = "Highlight the card to move"
SOLUTION_TIP = "Play a solution on the board, one move at a time"
AUTO = 0  # the level menu's "at my rating"


class PuzzleTrainer(widgets.VBox):
    """Puzzles at the student's level: `puzzle`, `attempt(move)`, `answer(True/False)`,
    `hint()`, `show_solution()`, `next_puzzle()`, `open_puzzle(id)`, `puzzle_of_the_day()`,
    `rating`, and `export_csv(path)` / `export_themes_csv(path)` for a class summary (one row per
    student, or per student and theme)."""

    game = traitlets.Unicode("australian", help="whose puzzles: a game's name")
    large = traitlets.Bool(False, help="larger cards, for a projector")
    active = traitlets.Bool(True, help="on show: the timer runs only while the trainer is looked at")
    note = traitlets.Unicode(
        "", help="a line over the puzzle: whose set this is, when the game played has none"
    )

    def __init__(
        self,
        game: str = "australian",
        student: str | None = None,
        *,
        progress: Progress | None = None,
        clock: Clock | None = None,
        large: bool = False,
        active: bool = True,
        parts: Parts | None = None,
        teaching: Teaching | None = None,
        **kwargs: Any,
    ) -> None:
        entry(game)  # a ValueError naming the games there are
        self._own_parts = parts is None
        self.parts = Parts() if parts is None else parts
        kwargs.setdefault("layout", self.parts.layout)
        super().__init__(**kwargs)
        self.add_class("ausp-trainer")  # the guide's looks (GUIDE_CSS), not its name
        self.store = progress if progress is not None else Progress()
        if student is not None:
            self.store.student = student
        self.clock = clock if clock is not None else KernelClock()
        self._timer = Later(self.clock)  # the next second of the puzzle's timer
        self._showing = Later(self.clock)  # the next move of a solution being shown
        self.items: list[Puzzle] = []
        self.puzzle: Puzzle | None = None
        self.run: TaskRun | None = None
        self.seconds = 0
        self.result: Feedback | None = None  # the first verdict on the puzzle on show
        self.results = PuzzleResults(self.store)
        self.teaching = Teaching(self.store) if teaching is None else teaching
        self.clicks = TaskPlay(self.attempt, self._say, self._render, lambda: not self.teaching.allows(HINT))
        self._build()
        self.teaching.follow(self._on_teaching)
        self.set_trait("game", game)
        self.observe(self._on_game, names="game")
        self.observe(lambda change: self._apply_large(), names="large")
        self.observe(lambda change: self._render(), names="note")
        self.large = large
        self.set_trait("active", active)
        self.observe(
            lambda change: self._start_timer() if change.new else self._timer.cancel(), names="active"
        )
        self._load_items()
        self.next_puzzle()

    # ---- building (once) ----------------------------------------------------------------------
    def _build(self) -> None:
        """The words and controls above the board in one strip, the rest below it in another:
        two widget models however many controls they hold."""
        self.student = Text(
            value=self.store.student, description="Student", placeholder="your name", continuous_update=False
        )
        self.student.observe(lambda change: self._on_student(change.new), names="value")
        self.level_menu = Dropdown(
            "ausp-auto-width",
            options=[("At my rating", AUTO)] + [(f"Level {n}", n) for n in range(1, 6)],
            value=AUTO,
            description="Level",
        )
        self.standing = HTML("ausp-standing")
        self.by_theme = HTML("ausp-by-theme", "ausp-block")
        self.heading = HTML()
        self.clock_face = HTML("ausp-timer")
        self.timer_shown = ToggleButton(value=True, description="Timer", icon="clock-o")
        self.timer_shown.observe(lambda change: self._render(), names="value")
        self.question = HTML("ausp-block")
        self.stock_line = HTML("ausp-stock-line", "ausp-block")
        self.feedback = HTML("ausp-feedback-line", "ausp-block")
        self.buttons = {}
        for name, tip, action in (
            ("Hint", HINT_TIP, self.hint),
            ("Show solution", SOLUTION_TIP, self.show_solution),
            ("Try again", "Put the puzzle back as it was", self.restart),
            ("Next puzzle", "A new puzzle at your level", self.next_puzzle),
            ("Winnable", "This position can still be won", lambda: self.answer(True)),
            ("Lost", "This position can no longer be won", lambda: self.answer(False)),
            ("Puzzle of the day", "Today's puzzle: the same for everyone", self.puzzle_of_the_day),
            ("Class summary (CSV)", "Save every student's results as a CSV file here", self._export_here),
        ):
            button = Button("ausp-guide-button", description=name, tooltip=tip)
            button.on_click(lambda _button, action=action: self._guard(action))
            self.buttons[name] = button
        self.board = StepBoard(self.clicks.intents(self._task), parts=self.parts)
        names = ("Hint", "Show solution", "Try again", "Winnable", "Lost", "Next puzzle")
        extra = ("Puzzle of the day", "Class summary (CSV)")
        self.teacher = TeacherToggles(self.teaching, lambda text: self._say(text, good=None))
        line = partial(Strip, "ausp-guide-controls", layout=self.parts.layout, on_error=self._say)
        self.strips = (
            line(
                controls=[
                    *(self.student, self.level_menu, self.standing, self.by_theme),
                    *(self.heading, self.clock_face, self.timer_shown),
                    *(self.question, self.stock_line, self.feedback),
                    *(self.buttons[name] for name in names),
                ]
            ),
            line(controls=[*(self.buttons[name] for name in extra), *self.teacher.row]),
        )
        self.children = [self.strips[0], self.board.box, self.strips[1]]

    # ---- choosing puzzles ------------------------------------------------------------------------
    def _load_items(self) -> None:
        self.items = load(self.game)

    @traitlets.validate("game")
    def _valid_game(self, proposal: Any) -> str:
        """A game with a puzzle set, or the trainer stays on the game it has (and says why)."""
        load(proposal["value"])  # a game without a set is refused here (a set is read once)
        return proposal["value"]

    def _on_game(self, change: Any) -> None:
        self._load_items()
        self.next_puzzle()

    @property
    def rating(self) -> float:
        return self.store.rating

    @property
    def level(self) -> int:
        """The level the next puzzle is taken from: the one chosen, or the rating's."""
        return self.level_menu.value or level_for(self.rating)

    def next_puzzle(self) -> Puzzle:
        """A missed puzzle whose turn to come back has come (see `Progress.due_again`); else one
        at the student's level: one never tried first, then one not yet solved."""
        current = None if self.puzzle is None else self.puzzle.id
        back = due_back(self.items, current, self.store.due_again())
        if back is None:
            return self.open_puzzle(next_at_level(self.items, self.level, current, self.store.puzzle))
        puzzle = self.open_puzzle(back)
        ago = self.store.turn - self.store.puzzle(puzzle.id).missed
        self._say(
            f"Back again: you missed this puzzle {ago} puzzles ago. Solve it cleanly (no wrong "
            "try, no hint) and it is cleared.",
            good=None,
        )
        return puzzle

    def puzzle_of_the_day(self, day: datetime.date | str | None = None) -> Puzzle:
        """The same puzzle for everyone on a date (today by default)."""
        if day is not None and not isinstance(day, datetime.date | str):
            raise WrongTypeError(f"day is a date or its ISO text such as '2026-12-02', not {given(day)}")
        return self.open_puzzle(of_the_day(day, self.game))

    def open_puzzle(self, puzzle: Puzzle | str) -> Puzzle:
        """Put a puzzle (or the puzzle with this id) on the board, the timer from 0. What can fail
        (the argument, another game's puzzles, the replay) comes first: nothing changes, not even the game."""
        if isinstance(puzzle, str):
            found = next((p for p in self.items if p.id == puzzle), None)
            if found is None:
                raise ValueError(
                    f"puzzle must be the id of one of the {self.game} puzzles, not {short_repr(puzzle)}"
                )
            puzzle = found
        elif not isinstance(puzzle, Puzzle):
            raise WrongTypeError(
                f"puzzle is a Puzzle or a puzzle's id (text such as 'aus-527933-96-win'), not {given(puzzle)}"
            )
        items = load(puzzle.game) if puzzle.game != self.game else None
        position = puzzle.position
        run = None if puzzle.kind == "judge" else TaskRun(puzzle.task(), position)
        if items is not None:
            self.set_trait("game", puzzle.game)
            self.items = items
        self._showing.cancel()
        self._carry_over()
        self.puzzle, self.result, self.seconds = puzzle, None, 0
        self.run = run
        self.clicks.selected = None
        self._start_timer()
        self._render()
        self._say("")
        return puzzle

    # ---- answering ---------------------------------------------------------------------------
    def attempt(self, move: Move | str) -> Feedback:
        """Try one move: the same path a click takes (a wrong try changes nothing)."""
        if self.run is None:
            feedback = Feedback(
                False, "This puzzle asks whether the position can be won: answer with the buttons."
            )
        elif self._showing.waiting:  # not a try: the board plays the solution
            feedback = Feedback(False, "The solution is being played: watch it, then press Try again.")
        elif self.run.done:
            feedback = Feedback(False, "This puzzle is done: press Next puzzle, or Try again.")
        else:
            wrong = self.run.wrong
            feedback = self.run.attempt(move)
            counted = self.run.wrong > wrong  # text that is no move is no try, and earns no hint
            if feedback.done:
                self._finish(feedback)
            elif counted and self.run.hint_due and self.teaching.allows(HINT):
                feedback = Feedback(False, feedback.text + " Hint: the highlighted card is the one to move.")
        self.clicks.selected = None
        self._render()
        self._say(feedback.text, good=feedback.correct)
        return feedback

    def answer(self, winnable: bool) -> Feedback:
        """Answer a "winnable or not?" puzzle; the solver's line or the reason it is lost follows."""
        if not isinstance(winnable, bool):
            raise WrongTypeError(f"winnable is True or False, not {given(winnable)}")
        if self.puzzle is None or self.puzzle.kind != "judge":
            feedback = Feedback(False, "This puzzle is played on the board: make the moves it asks for.")
        else:
            feedback = self.puzzle.check(winnable)
            self._finish(feedback)
        self._render()
        self._say(feedback.text, good=feedback.correct)
        return feedback

    def hint(self) -> None:
        """Highlight the card to move (a solve with a hint earns half a point)."""
        if self.run is None or self.run.done:
            self._say("There is no move to hint at here.", good=None)
            return
        if not self.teaching.allows(HINT):
            self._render()
            self._say(LOCKED[HINT], good=None)
            return
        self.run.helped = True
        self.teaching.used(self.puzzle.id, HINT)
        self.clicks.selected = None
        self._render()
        self._say("The highlighted card is the one to move next.", good=None)

    def show_solution(self) -> tuple[Move, ...]:
        """Play a solution on the board, one move per `SOLUTION_PAUSE` seconds (no points)."""
        if self.puzzle is None or (self.puzzle.kind != "judge" and (self.run is None or self.run.done)):
            return ()
        if not self.teaching.allows(SOLUTION):
            self._render()
            self._say(LOCKED[SOLUTION], good=None)
            return ()
        self.teaching.used(self.puzzle.id, SOLUTION)
        if self.puzzle.kind == "judge":
            answer = self.puzzle.answer_words()
            self._finish(Feedback(False, answer, done=True))
            self._render()
            self._say(answer[0].upper() + answer[1:], good=None)
            return ()
        run = self.run
        line = run.next_moves()
        run.shown = True
        self._finish(Feedback(False, "shown", done=True))
        self._say("The solution, move by move:", good=None)
        self._play_line(list(line))
        return line

    def _play_line(self, line: list[Move]) -> None:
        """Play `line`, saying each move once it is on the board: a move named before would name
        a card that an earlier move of the line has yet to turn up."""
        said: list[str] = []

        def step() -> None:
            if not line or self.run is None:
                return
            move = line.pop(0)
            self.run.played.append(self.run.game.play(move, self.run.task.goal.player))
            said.append(str(move))
            self._render()
            self._say(f"The solution: {', '.join(said)}{'.' if not line else ' …'}", good=None)
            if line:
                self._showing.call(SOLUTION_PAUSE, step)

        self._showing.call(SOLUTION_PAUSE, step)

    def restart(self) -> None:
        """Put the puzzle back as it was (a result already counted stays counted)."""
        self._showing.cancel()
        self._carry_over()
        if self.run is not None:
            self.run.reset()
        self.clicks.selected = None
        self._render()
        self._say("")

    def _finish(self, feedback: Feedback) -> None:
        """The first verdict on a puzzle moves the rating and is kept in the progress file."""
        self._timer.cancel()
        if self.result is not None or self.puzzle is None:
            return
        self.result = feedback
        solved = feedback.correct and (self.run is None or self.run.solved)
        self.results.record(self.puzzle.id, self.puzzle.level, solved, self.run, float(self.seconds))

    def _carry_over(self) -> None:
        if self.puzzle is not None and self.result is None:
            self.results.left(self.puzzle.id, self.run)

    # ---- the timer -----------------------------------------------------------------------------
    def _start_timer(self) -> None:
        self._timer.cancel()
        if self.active and self.result is None and not (self.run is not None and self.run.done):
            self._timer.call(1.0, self._tick)

    def _tick(self) -> None:
        self.seconds += 1
        self._show_clock()
        self._timer.call(1.0, self._tick)

    # ---- students and the class ------------------------------------------------------------------
    def _on_student(self, name: str) -> None:
        try:
            self.store.student = name.strip()
        except ValueError as error:
            self.student.value = self.store.student
            self._say(f"That name cannot be used: {error}.")
            return
        self.results.new_student()
        self._render()
        self._say(f"Results now go to {self.store.student or 'the unnamed student'}.", good=None)

    def export_csv(self, path: str | Path, overwrite: bool = False) -> Path:
        """Every student's results in this progress file, as a CSV file for the teacher."""
        return self.store.export_csv(path, overwrite=overwrite)

    def theme_rows(self) -> list[dict[str, str | int]]:
        """Each student's puzzle results by theme, with the misses waiting to come back."""
        return theme_rows(self.store.puzzle_results(), shipped_puzzles())

    def export_themes_csv(self, path: str | Path, overwrite: bool = False) -> Path:
        """`theme_rows` as a CSV file for the teacher."""
        return export_csv(self.theme_rows(), path, overwrite=overwrite, fields=THEME_FIELDS)

    def _export_here(self) -> None:
        """The button: new files in the notebook's folder, never over an existing one."""
        summary = self.export_csv(dated_new_file("class-summary"))
        themes = self.export_themes_csv(dated_new_file("class-themes"))
        self._say(f"Saved the class summary as {summary}, and results by theme as {themes}.", good=True)

    # ---- clicks and drawing ------------------------------------------------------------------------
    def _task(self) -> TaskRun | None:
        """The puzzle a move on the board is for; None (and the reason said) when there is none."""
        if self.run is None:
            self._say("Look, then answer with the buttons: can this position still be won?", good=None)
        elif self.run.done:
            self._say("This puzzle is done: press Next puzzle, or Try again.", good=None)
        else:
            return self.run
        return None

    def _on_teaching(self, _change: Any) -> None:
        self._guard(self._render)

    def _render(self) -> None:
        puzzle, run = self.puzzle, self.run
        if puzzle is None:
            return
        note = f"<div class='ausp-note'>{escape(self.note)}</div>" if self.note else ""
        self.heading.value = note + heading_words(puzzle)
        self.question.value = f"<p style='margin:2px 0'><b>{escape(puzzle.words)}</b></p>"
        self.standing.value = standing_words(self.store)
        self.by_theme.value = theme_words(self.items, self.store)
        self._show_clock()
        judge = puzzle.kind == "judge"
        done = self.result is not None if judge else run.done
        for name in ("Winnable", "Lost"):
            show(self.buttons[name], judge)
            self.buttons[name].disabled = done
        show(self.buttons["Hint"], not judge)
        locked = self.teaching.help_locked
        for name, tip in (("Hint", HINT_TIP), ("Show solution", SOLUTION_TIP)):
            self.buttons[name].disabled = done  # a press reads the lock afresh
            self.buttons[name].tooltip = LOCKED_TIP if locked else tip
        show(self.buttons["Try again"], not judge)
        self.buttons["Try again"].disabled = judge or not (run.played or run.wrong)
        game = puzzle.position if run is None else run.game
        self.stock_line.value = stock_words(game)
        self.board.show_marks(game, {} if run is None else self.clicks.marks(run))

    def by_themes(self) -> dict[str, tuple[int, int]]:
        """The student's results by theme, in this game's puzzles (see `puzzle_words.by_themes`)."""
        return by_themes(self.items, self.store)

    def _show_clock(self) -> None:
        minutes, seconds = divmod(self.seconds, 60)
        self.clock_face.value = f"Time {minutes}:{seconds:02d}"
        shown = self.timer_shown.value
        if shown == ("ausp-invisible" in self.clock_face._dom_classes):  # hidden, it keeps its place
            (self.clock_face.remove_class if shown else self.clock_face.add_class)("ausp-invisible")

    def _apply_large(self) -> None:
        self.board.set_large(self.large)

    def _say(self, text: str, good: bool | None = False) -> None:
        kind = {True: "ausp-good", False: "ausp-bad", None: "ausp-note"}[good]
        said = f"<div class='ausp-feedback {kind}'>{escape(text)}</div>" if text else ""
        if self.store.problem:  # a quiet line under the answer: the puzzle goes on without its file
            note = escape(f"Progress: {self.store.problem}.")
            said += f"<div class='ausp-feedback ausp-note'>{note}</div>"
        self.feedback.value = said
        if text and hasattr(self, "board"):  # read out, and a refusal shown over the cards
            self.board.board.say(text, "refused" if good is False else "said")

    def _guard(self, action: Any) -> None:
        try:
            action()
        except ValueError as error:
            self._say(str(error))

    def close(self) -> None:
        """Stop the timer and a solution on show, and close every widget inside."""
        if hasattr(self, "board"):
            self._timer.cancel()
            self._showing.cancel()
            self.teaching.forget(self._on_teaching)
            self.board.board.close()
            for child in self.children:
                self.parts.close(child)
            if self.layout is not self.parts.layout:
                self.layout.close()
            if self._own_parts:
                self.parts.close_shared()
        super().close()
