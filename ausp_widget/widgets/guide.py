"""The guide: a course of lessons on the live table's own board, with steps to watch and steps
to do.

A step to watch shows its position with the moving group and its destination highlighted;
"Show move" (or the auto-play) applies the move. A task step asks the student for a move: they
click a card and a destination on the board, exactly as in the live game, or call
`attempt("J♥ Q♥")`. A wrong try changes nothing and is answered with the game's own reason
(the rule it breaks) or with what the move fails to do; after two wrong tries the card to move
is highlighted; "Show me" plays the answer only when asked. Progress (lessons done, stars) is
kept across kernel restarts (`ausp_widget.core.progress`). "Play now" hands over to the live
game and "Try from here" opens the step's position there.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from html import escape

import ipywidgets as widgets
import traitlets

from ausp_widget.core.lesson import Spot, Step, steps
from ausp_widget.core.lesson import figure as guide_figure
from ausp_widget.core.lesson_progress import LessonProgress, lessons_progress, task_id
from ausp_widget.core.progress import Progress
from ausp_widget.core.protocol import PatienceGame as Game
from ausp_widget.core.registry import for_table_mode, table_modes
from ausp_widget.core.saves import short_repr
from ausp_widget.core.stars import MEANING
from ausp_widget.core.tasks import Feedback, TaskRun
from ausp_widget.core.teaching import HINT, SOLUTION

from .board import show
from .clock import Clock, KernelClock, Timer
from .parts import Parts
from .setting import SettingError, TextTrait, WholeTrait
from .step_board import DIM, ROLE_CLASSES, StepBoard  # noqa: F401  (the names tests use)
from .strip import HTML, Button, Dropdown, FloatSlider, Label, Strip, ToggleButton
from .task_play import TaskPlay
from .teaching import LOCKED, LOCKED_TIP, Teaching

STARS = "★★★"
SHOW_ME_TIP = "play the answer on the board"


class GuideView(widgets.VBox):
    """The guide for one mode: `step` (index into `steps`), `shown` (a watched step's move
    applied), `attempt(move)` for a task, `progress` per lesson, and `figure()`.

    A step's title and words are one widget (`title`, also `text`), and so are a task's words
    and the answer to a try (`task_words`, also `feedback`): each pair always shows together."""

    step = WholeTrait(0)
    shown = traitlets.Bool(False)
    mode = TextTrait("solo")
    large = traitlets.Bool(False, help="larger cards on the step board, for a projector")
    playing = traitlets.Bool(False, help="auto-play: the kernel steps the guide every `speed` seconds")

    def __init__(
        self,
        mode: str = "solo",
        on_play_now: Callable[[], None] | None = None,
        large: bool = False,
        progress: Progress | None = None,
        on_try_here: Callable[[Game], None] | None = None,
        clock: Clock | None = None,
        parts: Parts | None = None,
        teaching: Teaching | None = None,
        **kwargs,
    ) -> None:
        if mode not in table_modes():
            raise ValueError(f"mode must be one of {', '.join(table_modes())}, not {mode!r}")
        self._own_parts = parts is None
        self.parts = parts = Parts() if parts is None else parts
        kwargs.setdefault("layout", parts.layout)
        super().__init__(**kwargs)
        self.add_class("ausp-guide")
        self.on_play_now = on_play_now
        self.on_try_here = on_try_here
        self.store = progress if progress is not None else Progress()
        self.clock = clock if clock is not None else KernelClock()
        self._timer: Timer | None = None
        self.steps: list[Step] = steps(mode)
        self._prepared: tuple[str, list[Step]] | None = None  # the next mode's guide, made first
        self.runs: dict[int, TaskRun] = {}
        self.teaching = Teaching(self.store) if teaching is None else teaching
        self.clicks = TaskPlay(self.attempt, self._say, self._render, lambda: not self.teaching.allows(HINT))
        self._syncing = False
        self._task_line, self._said = "", ""
        button = partial(Button, "ausp-guide-button")
        toggle = partial(ToggleButton, "ausp-guide-button")
        self.prev_button = button(description="Prev", icon="arrow-left", tooltip="previous step")
        self.next_button = button(description="Next", icon="arrow-right", tooltip="next step")
        self.show_button = toggle(description="Show move", tooltip="apply this step's move")
        self.counter = Label("ausp-counter")
        self.lessons = Dropdown("ausp-auto-width", description="Lesson")
        # Auto-play runs on the kernel's clock, not a browser timer: it starts however and whenever
        # it is switched on (before the guide is drawn, after a reload, from code).
        self.play = toggle(description="Auto-play", icon="play", tooltip="step on by itself")
        traitlets.link((self.play, "value"), (self, "playing"))
        self.speed = FloatSlider(
            "ausp-guide-speed",
            min=0.5, max=6.0, step=0.5, value=2.0, description="Seconds", readout_format=".1f",
        )  # fmt: skip
        self.title = self.text = HTML("ausp-block")
        self.task_words = self.feedback = HTML("ausp-task", "ausp-block")
        self.show_me = button(description="Show me", icon="eye", tooltip=SHOW_ME_TIP)
        self.try_again = button(description="Try again", icon="undo", tooltip="start this task afresh")
        self.board = StepBoard(self.clicks.intents(self._task), parts=parts)
        self.play_now = button(description="Play now", button_style="success", icon="play")
        self.try_here = button(
            description="Try from here", icon="external-link", tooltip="open this position in the live game"
        )
        self.prev_button.on_click(lambda _b: self.go(self.step - 1))
        self.next_button.on_click(lambda _b: self.go(self.step + 1))
        self.play_now.on_click(lambda _b: self._play_now())
        self.try_here.on_click(lambda _b: self.try_from_here())
        self.show_me.on_click(lambda _b: self.show_answer())
        self.try_again.on_click(lambda _b: self.restart_task())
        self.show_button.observe(self._on_show_button, names="value")
        self.observe(self._on_playing, names="playing")
        self.lessons.observe(self._on_lesson_chosen, names="value")
        # The controls and words around the board: three models, however many controls.
        line = partial(Strip, layout=parts.layout)
        where = line("ausp-guide-controls", controls=[self.lessons, self.play_now, self.try_here])
        steps_row = [self.prev_button, self.counter, self.next_button, self.show_button, self.play]
        controls = line("ausp-guide-controls", controls=[*steps_row, self.speed])
        words = line("ausp-guide-words", controls=[self.title, self.task_words, self.show_me, self.try_again])
        self.strips = (where, controls, words)
        self.children = [*self.strips, self.board.box]
        self.set_trait("mode", mode)
        self.observe(self._on_mode, names="mode")
        self.observe(self._on_large, names="large")
        self.large = large
        self.observe(self._render, names=["step", "shown"])
        self.teaching.follow(self._render)
        self._fill_lessons()
        self._render()

    # ---- navigation --------------------------------------------------------------------------
    @traitlets.validate("step")
    def _valid_step(self, proposal):
        value = proposal["value"]
        if not 0 <= value < max(1, len(self.steps)):  # a game without a guide stays at step 0
            raise SettingError(f"step must be 0 to {max(0, len(self.steps) - 1)}, not {value}")
        return value

    @traitlets.validate("mode")
    def _valid_mode(self, proposal):
        if proposal["value"] not in table_modes():
            raise SettingError(f"mode must be one of {', '.join(table_modes())}, not {proposal['value']!r}")
        return proposal["value"]

    def go(self, index: int) -> None:
        """Go to step `index` (clamped to the guide), its move not yet applied; anything but a
        whole number is refused before the guide moves."""
        try:
            if isinstance(index, bool):
                raise TypeError
            index = operator.index(index)
        except TypeError:
            raise TypeError(
                f"go takes a step index, a whole number from 0 to {len(self.steps) - 1} "
                f"(app.guide.steps lists the steps), not {short_repr(index)}"
            ) from None
        index = max(0, min(index, len(self.steps) - 1))
        self.clicks.selected = None
        with self.hold_trait_notifications():
            self.shown = False
            self.step = index

    @property
    def current(self) -> Step:
        return self.steps[self.step]

    def prepare(self, mode: str) -> None:
        """Make the guide of `mode` before the app changes to it, so a game whose guide cannot
        be made is refused while everything still shows the game before it."""
        self._prepared = (mode, steps(mode))

    def _on_mode(self, change) -> None:
        mode = change["new"]
        prepared, self._prepared = self._prepared, None
        self.steps = prepared[1] if prepared is not None and prepared[0] == mode else steps(mode)
        self.runs = {}
        self._fill_lessons()
        if self.step == 0 and not self.shown:
            self._render()
        else:
            self.go(0)

    def _on_large(self, change) -> None:
        self.board.set_large(change["new"])

    def _on_show_button(self, change) -> None:
        if self.steps and self.show_button.value != self.shown:
            self.shown = change["new"] and self.current.move is not None and self.current.task is None

    # ---- auto-play ---------------------------------------------------------------------------
    def _on_playing(self, change) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if change["new"]:
            self._timer = self.clock.call_later(self.speed.value, self._tick)

    def _tick(self) -> None:
        """One beat of the auto-play: show this step's move, else go to the next step; stop at
        the last step and at a task (the class makes that move)."""
        self._timer = None
        if not self.playing:
            return
        if not self.steps:  # a game without a guide: nothing to step through
            self.playing = False
            return
        step = self.current
        if step.move is not None and step.task is None and not self.shown:
            self.shown = True
        elif self.step < len(self.steps) - 1:
            self.go(self.step + 1)
            if self.current.task is not None:
                self.playing = False
                self._say("Auto-play stops here: this step is for you to do.", good=None)
                return
        else:
            self.playing = False
            return
        self._timer = self.clock.call_later(self.speed.value, self._tick)

    def _on_lesson_chosen(self, change) -> None:
        if not self._syncing and change["new"] is not None and change["new"] != self.step:
            self.go(change["new"])

    def _play_now(self) -> None:
        self.playing = False
        if self.on_play_now is not None:
            self.on_play_now()

    def try_from_here(self) -> Game:
        """The position on show as a new game to play on (the live game, in the app)."""
        self.playing = False
        if not self.steps:
            raise ValueError(f"{self._game_title()} has no guide: there is no position to try")
        game = self._on_board().copy()
        if self.on_try_here is not None:
            self.on_try_here(game)
        return game

    def figure(self, step: int | Step | None = None, after: bool | None = None, **options):
        """A step as a matplotlib figure, for slides and handouts (see `Step.figure`):
        by default the step on show, before or after its move as the view shows it now."""
        if step is None:
            step = self.step
        if isinstance(step, int) and not self.steps:
            raise IndexError(f"{self._game_title()} has no guide: there is no step to draw")
        if isinstance(step, int):
            if not 0 <= step < len(self.steps):
                raise IndexError(f"step must be 0 to {len(self.steps) - 1}, not {step}")
            current = step == self.step
            step = self.steps[step]
        else:
            current = step is self.current
        if after is None:
            after = self.shown if current else False
        return guide_figure(step, after=after, **options)

    # ---- tasks -----------------------------------------------------------------------------
    def _run(self) -> TaskRun | None:
        if not self.steps:  # a game without a guide has no tasks
            return None
        step = self.current
        if step.exercise is None:
            return None
        if self.step not in self.runs:
            self.runs[self.step] = TaskRun(step.exercise, step.position)
        return self.runs[self.step]

    def attempt(self, move) -> Feedback:
        """Try `move` (text or a `Move`) on this step's task: the same path a click takes."""
        run = self._run()
        if not self.steps:
            feedback = Feedback(False, f"{self._game_title()} has no guide: there is no task to try.")
        elif run is None:
            feedback = Feedback(False, "This step is to watch, not to play: press Show move, or Next.")
        else:
            feedback = run.attempt(move)
            if feedback.done:
                self._record(run)
            elif not feedback.correct and run.hint_due and self.teaching.allows(HINT):
                hint = " Hint: the highlighted card is the one to move." if run.next_moves() else ""
                feedback = Feedback(False, feedback.text + hint, rule=feedback.rule)
        self.clicks.selected = None
        self._render()
        self._say(feedback.text, good=feedback.correct)
        return feedback

    def show_answer(self) -> tuple:
        """ "Show me": play the rest of a shortest line to the goal on the board."""
        run = self._run()
        if run is None or run.done:
            return ()
        if not self.teaching.allows(SOLUTION):
            self._render()
            self._say(LOCKED[SOLUTION], good=None)
            return ()
        step = self.current
        self.teaching.used(task_id(self._game_name(), step.lesson, step.title), SOLUTION)
        line = run.show()
        self.clicks.selected = None
        self._render()
        self._say("The answer: " + ", ".join(str(m) for m in line) + ". Press Try again to do it yourself.")
        return line

    def restart_task(self) -> None:
        """Put the task's position back and start it afresh."""
        run = self._run()
        if run is not None:
            run.reset()
            self.clicks.selected = None
            self._render()
            self._say("")

    def _record(self, run: TaskRun) -> None:
        step = self.current
        self.store.record(task_id(self._game_name(), step.lesson, step.title), run.solved, run.stars)
        self._fill_lessons()

    @property
    def progress(self) -> dict[str, LessonProgress]:
        """Each lesson of this guide: tasks solved, done or not, stars (kept across restarts)."""
        return lessons_progress(self._game_name(), self.steps, self.store)

    def refresh_progress(self) -> None:
        """Show the lesson list for the store's student (another student was chosen)."""
        self._fill_lessons()

    def _game_name(self) -> str:
        return for_table_mode(self.mode)[0].name

    def _game_title(self) -> str:
        return for_table_mode(self.mode)[0].title

    def _fill_lessons(self) -> None:
        progress, options = self.progress, []
        for index, step in enumerate(self.steps):
            if index == 0 or step.lesson != self.steps[index - 1].lesson:
                mark = "✓ " if progress[step.lesson].done and progress[step.lesson].tasks else ""
                options.append((f"{len(options) + 1}. {mark}{step.lesson} ({progress[step.lesson]})", index))
        self._syncing = True
        try:
            self.lessons.options = options
            self.lessons.value = max((i for _, i in options if i <= self.step), default=None)
        finally:
            self._syncing = False

    # ---- clicks on the board -------------------------------------------------------------------
    def _task(self) -> TaskRun | None:
        """The task a move on the board is for; None (and the reason said) when there is none."""
        run = self._run()
        if run is None:
            self._say("This step is to watch: the cards move with Show move. Task steps ask for your move.")
            return None
        if run.done:
            self._say("This task is done: press Next to go on, or Try again.")
            return None
        return run

    # ---- drawing -------------------------------------------------------------------------------
    def roles(self) -> dict[Spot, str]:
        """The highlighted places of a watched step, with their role."""
        step = self.current
        roles: dict[Spot, str] = {}
        if step.move is not None and step.task is None:
            for card in step.group:
                roles[Spot("card", card=card, player=step.player)] = "moved" if self.shown else "group"
            if not self.shown and step.target is not None:
                roles[step.target] = "target"
        for card in step.marks:
            roles.setdefault(Spot("card", card=card, player=0), "mark")
        return roles

    def _on_board(self) -> Game:
        run = self.runs.get(self.step)
        if run is not None and self.current.exercise is not None:
            return run.game
        return self.current.after if self.shown else self.current.position

    def _render(self, _change=None) -> None:
        strips = getattr(self, "strips", ())
        with ExitStack() as held:  # each strip's changes go out as one message
            for strip in strips:
                held.enter_context(strip.hold_sync())
            self._render_now()

    def _render_now(self) -> None:
        stepped = bool(self.steps)
        for part in (self.lessons, self.try_here, self.prev_button, self.next_button, self.play, self.speed):
            show(part, stepped)
        show(self.board.box, stepped)
        if not stepped:
            self._render_no_guide()
            return
        step, run = self.current, self._run()
        last = self.step == len(self.steps) - 1
        self.counter.value = f"Step {self.step + 1} of {len(self.steps)}"
        title = f"<h3 style='margin:4px 0'>{escape(step.title)}</h3>"
        self.title.value = title + f"<p style='margin:2px 0 6px'>{escape(step.text)}</p>"
        self.prev_button.disabled = self.step == 0
        self.next_button.disabled = last
        self.show_button.disabled = step.move is None or run is not None
        if self.show_button.value != self.shown:
            self.show_button.value = self.shown
        for part in (self.task_words, self.show_me, self.try_again):
            show(part, run is not None)
        show(self.show_button, run is None)
        if run is not None:
            checkup = " (a check-up: no hints)" if step.exercise.checkup else ""
            stars = ""
            if run.done:
                mean = escape(MEANING, quote=True)
                shown = (
                    f"<span class='ausp-stars' title='{mean}'>{STARS[: run.stars]}</span>"
                    if run.solved
                    else ""
                )
                stars = f" {shown} <span class='ausp-stars-why'>{escape(run.stars_why)}</span>"
            self._task_line = f"<div><b>Your move{checkup}:</b> {escape(step.task)}{stars}</div>"
            self._show_task()
            self.show_me.disabled = run.done or step.exercise.checkup  # a press reads the lock afresh
            self.show_me.tooltip = LOCKED_TIP if self.teaching.help_locked else SHOW_ME_TIP
            self.try_again.disabled = not run.played and not run.wrong
            self.board.show_marks(run.game, self.clicks.marks(run))
        else:
            focus = {(s.player, s.card) for s in step.focus} or None
            self.board.show(self._on_board(), self.roles(), focus)
        if self.lessons.options:
            self._syncing = True
            try:
                self.lessons.value = max(i for _, i in self.lessons.options if i <= self.step)
            finally:
                self._syncing = False
        if run is None or not (run.played or run.wrong):
            self._say("")

    def _render_no_guide(self) -> None:
        """A game without a guide: the tab says so and offers only Play now."""
        self.counter.value = ""
        words = f"{self._game_title()} has no guide: press Play now to play it."
        self.title.value = f"<p style='margin:2px 0 6px'>{escape(words)}</p>"
        for part in (self.show_button, self.task_words, self.show_me, self.try_again):
            show(part, False)
        self._say("")

    def _say(self, text: str, good: bool | None = False) -> None:
        kind = {True: "ausp-good", False: "ausp-bad", None: "ausp-note"}[good] if text else "ausp-note"
        said = f"<div class='ausp-feedback {kind}'>{escape(text)}</div>" if text else ""
        if self.store.problem:  # a quiet line under the answer: the lesson goes on without its file
            note = escape(f"Lesson progress: {self.store.problem}.")
            said += f"<div class='ausp-feedback ausp-note'>{note}</div>"
        self._said = said
        self._show_task()
        if text and hasattr(self, "board"):  # read out, and a refusal shown over the cards
            self.board.board.say(text, "refused" if good is False else "said")

    def _show_task(self) -> None:
        """The task's words with the answer to the last try under them."""
        value = self._task_line + self._said
        if self.task_words.value != value:
            self.task_words.value = value

    def close(self) -> None:
        """Stop the auto-play and close the step board and every control."""
        if hasattr(self, "board"):
            self.playing = False
            self.teaching.forget(self._render)
            self.board.board.close()
            for child in self.children:
                self.parts.close(child)
            if self.layout is not self.parts.layout:
                self.layout.close()
            if self._own_parts:
                self.parts.close_shared()
        super().close()
