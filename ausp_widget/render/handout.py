"""A printable handout made from the guide's own steps, so the paper matches what the class saw.

`handout("lesson.pdf")` writes an A4 PDF: a title page listing the lessons, then each lesson's
steps (title, words, the task as "Your move: …" and the position before any move), and at the
end an answer key with every task's answer and every position's deal number and moves, to
replay it in the app. A task's picture never shows its answer: no arrow and no outline, as on
the screen, and a step played on from a task starts a new page. Captions name the outlined
cards of the other steps, so a black-and-white print loses nothing.
"""

from __future__ import annotations

import os
import tempfile
import textwrap
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ausp_widget.core import registry
from ausp_widget.core.lesson import Step, steps
from ausp_widget.render.colours import ROLE_COLOURS

# matplotlib is imported where a page is drawn, so the texts (`answer_text`, `chosen_steps`)
# work where it is missing (the classroom site's browser kernel).

PAGE_W, PAGE_H = 8.27, 11.69  # A4 portrait, inches
MARGIN, FOOT = 0.55, 0.5  # side and top margin; room kept for the footer
WIDTH = PAGE_W - 2 * MARGIN
MAX_PICTURE = 3.3  # inches: two steps fit on a page
SMALLEST = 0.8  # a tall position shrinks no further (its step then has a page to itself)
LINE = 1.45 / 72  # inches per point of type
PALE = {"#ffffff", "#d8e8dc"}  # the table's writing, made for its green cloth
GREY = "#6b6b6b"
CHARS = 90  # characters per line of 10 pt text across the page (wider type: fewer)


def chosen_steps(mode: str = "solo", lessons: Sequence[str] | None = None) -> list[tuple[int, Step]]:
    """The guide's steps (numbered as the guide counts them, from 1), only `lessons` if given.
    Refuses an unknown mode or lesson with a ValueError that names it."""
    every = list(enumerate(steps(mode), start=1))  # a bad mode raises ValueError naming it
    if lessons is None:
        return every
    if isinstance(lessons, str):
        lessons = [lessons]
    lessons = list(lessons) if isinstance(lessons, Iterable) else lessons
    if not isinstance(lessons, list) or not all(isinstance(name, str) for name in lessons):
        raise TypeError(f"lessons is a list of lesson names (or None for all), not {lessons!r:.80}")
    known = list(dict.fromkeys(step.lesson for _, step in every))
    unknown = [name for name in lessons if name not in known]
    if unknown or not lessons:
        raise ValueError(
            f"no lesson called {', '.join(map(repr, unknown)) or '(none named)'} in the {mode!r} guide; "
            f"its lessons are: {', '.join(map(repr, known))}"
        )
    return [(n, step) for n, step in every if step.lesson in lessons]


def answer_text(step: Step) -> str:
    """A task's answer as the guide writes moves ("A♣ 2♣, K♠ 4, A♣ F")."""
    return ", ".join(str(m) for m in step.exercise.answer) if step.exercise is not None else ""


def replay_text(step: Step) -> str:
    """How to reach the step's position: its deal number and the moves played from it."""
    moves = [f"{'(bot) ' if player else ''}{move}" for player, move in step.position.history]
    if not moves:
        return f"deal {step.position.seed}, as dealt"
    count = f"{len(moves)} move" + ("s" if len(moves) > 1 else "")
    return f"deal {step.position.seed}, then {count}: " + ", ".join(moves)


class _Page:
    """One A4 page filled from the top; `y` is how far down the next line goes (inches). A `dry`
    page only measures: it says how much room a step will take before it is drawn."""

    def __init__(self, kind: str, dry: bool = False) -> None:
        if dry:
            self.figure = None
        else:
            from matplotlib.figure import Figure

            self.figure = Figure(figsize=(PAGE_W, PAGE_H), facecolor="white")
        if self.figure is not None:
            self.figure.set_label(kind)  # "title", "steps" or "key": what the page holds
        self.y = MARGIN
        self.steps = 0
        self.task: Step | None = None  # the last step laid out here, if it is a task

    @property
    def room(self) -> float:
        return PAGE_H - FOOT - self.y

    def write(self, text: str, size: float = 10, bold: bool = False, indent: float = 0.0, gap: float = 0.0):
        """Wrapped text, from the left margin (plus `indent` inches)."""
        width = int(CHARS * 10 / size * (0.9 if bold else 1.0) * (WIDTH - indent) / WIDTH)
        for line in textwrap.wrap(text, width) or [""]:
            if self.figure is not None:
                self.figure.text((MARGIN + indent) / PAGE_W, 1 - self.y / PAGE_H, line, fontsize=size,
                                 fontweight="bold" if bold else "normal", va="top", ha="left")  # fmt: skip
            self.y += size * LINE
        self.y += gap


def _continues(task: Step, step: Step) -> bool:
    """Whether `step`'s position was played on from `task`'s (its picture may show the answer)."""
    before, after = tuple(task.position.history), tuple(step.position.history)
    return step.position.seed == task.position.seed and after[: len(before)] == before != after


def _natural_size(step: Step, task: bool) -> tuple[float, float]:
    """The picture's size in inches at the scale the figures are drawn for a screen."""
    width, height = _draw(step, task, None).get_size_inches()
    return float(width), float(height)


def _draw(step: Step, task: bool, ax) -> Any:
    """A task: the position as it starts, bare, as the guide shows it (an outline could give the
    answer away). A step to watch: its figure, arrow and all (showing the move is its point)."""
    if task:
        from ausp_widget.render.plot import plot_position

        return plot_position(step.position, player=step.player, ax=ax)
    return step.figure(ax=ax)


def _for_paper(ax, scale: float) -> None:
    from matplotlib.colors import to_hex

    """On white paper the table's pale and white writing (empty places, "+3 under", names)
    turns grey; type shrinks with the picture, so labels stay on their cards."""
    for text in ax.texts:
        text.set_fontsize(text.get_fontsize() * scale)
        if text.get_bbox_patch() is None and to_hex(text.get_color()) in PALE:
            text.set_color(GREY)
    for patch in ax.patches:
        if patch.get_facecolor()[3] == 0 and to_hex(patch.get_edgecolor()) in PALE:
            patch.set_edgecolor(GREY)


def _caption(step: Step) -> str:
    """A watched step's outlines in words, for a grey print."""
    arrow = f"The arrow shows the move {step.move}: the cards that move are outlined in blue, where they go "
    marks = "Outlined in orange: " + ", ".join(map(str, step.marks)) + "." if step.marks else ""
    return ((arrow + "in green. ") if step.move is not None else "") + marks


def _step_on(page: _Page, number: int, step: Step, lesson: int | None, size: tuple[float, float]) -> float:
    """Lay one step out from `page.y` (under its lesson's heading when `lesson` is its number);
    returns the height it took."""
    start, task = page.y, step.exercise is not None
    if lesson is not None:
        page.write(f"Lesson {lesson}: {step.lesson}", size=15, bold=True, gap=0.06)
    page.write(f"Step {number} · {step.title}", size=12, bold=True, gap=0.03)
    page.write(step.text, gap=0.04)
    if task:
        checkup = " (a check-up: no hints)" if step.exercise.checkup else ""
        page.write(f"Your move{checkup}: {step.task}", size=11, bold=True, gap=0.04)
    width, height = size
    scale = min(1.0, WIDTH / width, max(MAX_PICTURE / height, SMALLEST), (PAGE_H - 4.5) / height)
    w, h = width * scale, height * scale
    if page.figure is not None:
        ax = page.figure.add_axes(
            ((PAGE_W - w) / 2 / PAGE_W, 1 - (page.y + h) / PAGE_H, w / PAGE_W, h / PAGE_H)
        )
        ax.set_label(f"step {number}")
        _draw(step, task, ax)
        _for_paper(ax, scale)
    page.y += h + 0.04
    if task:
        page.write("Your moves: " + "_" * 64, gap=0.02)
    elif _caption(step):
        page.write(_caption(step), size=8.5, gap=0.02)
    page.y += 0.25
    page.steps += 1
    page.task = step if task else None
    return page.y - start


def _title_page(mode: str, lessons: list[tuple[str, int, int]]) -> _Page:
    from matplotlib.patches import Rectangle

    page = _Page("title")
    page.y = 1.6
    game, _ = registry.for_table_mode(mode)
    page.write(game.title, size=28, bold=True, gap=0.1)
    page.write(f"Lessons: {registry.table_modes()[mode]}", size=16, gap=0.4)
    for k, (name, tasks, first_page) in enumerate(lessons, start=1):
        extra = f"{tasks} task{'s' * (tasks != 1)}" if tasks else "to read"
        page.write(f"{k}.  {name}  ({extra}, page {first_page})", size=12, indent=0.3, gap=0.05)
    page.y += 0.4
    page.write("Each step shows a real deal. Work out each task on the picture before you turn to the "
               "answer key at the back; each position there has its deal number and the moves that reach "
               "it, so you can play it again in the app.", gap=0.25)  # fmt: skip
    for role, words in (("group", "the cards that move"), ("target", "where they go"),
                        ("mark", "the cards the words talk about")):  # fmt: skip
        page.figure.add_artist(Rectangle(((MARGIN + 0.3) / PAGE_W, 1 - (page.y + 0.16) / PAGE_H),
                                         0.35 / PAGE_W, 0.16 / PAGE_H, facecolor="white", linewidth=2.5,
                                         edgecolor=ROLE_COLOURS[role]))  # fmt: skip
        page.write(f"Outlined like this: {words}.", indent=0.8, gap=0.08)
    page.write("The captions name the outlined cards, so a black-and-white copy loses nothing.", size=9)
    return page


def _key_pages(chosen: list[tuple[int, Step]]) -> list[_Page]:
    pages = [_Page("key")]
    pages[0].write("Answer key", size=18, bold=True, gap=0.15)
    for number, step in chosen:
        lines = [(f"Step {number} · {step.title}", True, 0.0)]
        if step.exercise is not None:
            lines.append(("Answer: " + answer_text(step), False, 0.25))
        lines.append(("Position: " + replay_text(step), False, 0.25))
        need = sum(len(textwrap.wrap(t, CHARS - 6)) for t, _, _ in lines) * 10 * LINE + 0.15
        if pages[-1].room < need:
            pages.append(_Page("key"))
        for text, bold, indent in lines:
            pages[-1].write(text, bold=bold, indent=indent)
        pages[-1].y += 0.12
    return pages


def handout_pages(mode: str = "solo", lessons: Sequence[str] | None = None) -> list[Any]:
    """The handout's pages as figures (title, steps, answer key), before anything is saved."""
    chosen = chosen_steps(mode, lessons)
    pages: list[_Page] = []
    contents: list[tuple[str, int, int]] = []  # lesson, tasks, first page
    previous = None
    for number, step in chosen:
        first = step.lesson != previous
        previous = step.lesson
        size = _natural_size(step, step.exercise is not None)
        need = _step_on(_Page("steps", dry=True), number, step, 0 if first else None, size)
        if (
            not pages
            or pages[-1].steps >= 2
            or pages[-1].room < need
            or (pages[-1].task is not None and _continues(pages[-1].task, step))
        ):
            pages.append(_Page("steps"))
        if first:
            contents.append((step.lesson, 0, len(pages) + 1))
        if step.exercise is not None:
            name, tasks, page = contents[-1]
            contents[-1] = (name, tasks + 1, page)
        _step_on(pages[-1], number, step, len(contents) if first else None, size)
    pages = [_title_page(mode, contents), *pages, *_key_pages(chosen)]
    for n, page in enumerate(pages, start=1):
        footer = f"{registry.table_modes()[mode]} lessons · page {n} of {len(pages)}"
        page.figure.text(0.5, 0.3 / PAGE_H, footer, fontsize=8, ha="center", va="bottom", color=GREY)
    return [page.figure for page in pages]


def handout(
    path: str | os.PathLike,
    mode: str = "solo",
    lessons: Sequence[str] | None = None,
    *,
    overwrite: bool = False,
) -> Path:
    """Write the handout for `mode` (only the named `lessons`, if given) as an A4 PDF at `path`.

    An existing file is left alone (FileExistsError) unless `overwrite=True`: a wrong path
    should not cost a teacher their notes. A bad mode or lesson name raises ValueError and
    nothing is written; the file appears only once it is complete."""
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path is where to write the PDF (a str or a Path), not {type(path).__name__}")
    path = Path(path)
    chosen_steps(mode, lessons)  # refuse bad names before touching the disk
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path} exists: pass overwrite=True to replace it")
    figures = handout_pages(mode, lessons)
    handle, scratch = tempfile.mkstemp(suffix=".pdf", dir=path.parent)
    os.close(handle)
    try:
        from matplotlib.backends.backend_pdf import PdfPages

        with PdfPages(scratch, metadata={"Title": f"{registry.table_modes()[mode]} lessons"}) as pdf:
            for figure in figures:
                pdf.savefig(figure)
        os.chmod(scratch, 0o644)  # a scratch file is private; a handout is for sharing
        os.replace(scratch, path)
    except BaseException:
        Path(scratch).unlink(missing_ok=True)
        raise
    return path


__all__ = ["answer_text", "chosen_steps", "handout", "handout_pages", "replay_text"]
