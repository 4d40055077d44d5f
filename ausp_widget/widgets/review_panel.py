"""The Review button's panel: a finished game reviewed in slices of about a tenth of a second
on the clock (so the kernel keeps answering clicks, with a progress bar), each marked move
shown as soon as it is found, on a small board: the move played, where it went, and the move
that would have kept more, so a student reads the first verdicts while the rest are worked
out. The chart of the chance over the game follows at the end. "Try from here" puts that
position on the live table.
Each chance is the one `win_chance` gives for that position with the same settings, shown with
its 95% interval: one figure for one position, wherever a class reads it."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ausp_widget.analysis.chance import DEFAULT_NODES, DEFAULT_SAMPLES
from ausp_widget.analysis.review import MoveReview, Review, Reviewer
from ausp_widget.core.display import NO_PLOTS, NoFigure
from ausp_widget.core.lesson import Spot, destination, moving_group
from ausp_widget.core.protocol import PatienceGame

from .board import show
from .clock import Clock, Timer
from .parts import Parts
from .step_board import StepBoard
from .strip import HTML, Button, Progress, Strip

SAMPLES = DEFAULT_SAMPLES  # sampled orders of the hidden cards a move, as `review` and `win_chance` take
PAUSE = 0.001  # seconds between two slices of the review: the kernel answers clicks in between
SLICE = 0.1  # seconds of work a slice: a move is judged in one or more (each sampled order is one step)
CHART_DPI = 90  # the chart of the chance over the game, as the panel shows it


class ReviewPanel:
    """Reviews a game in slices and shows the result; `box` is the panel (hidden until used)."""

    def __init__(
        self,
        clock: Clock,
        on_error: Callable[[BaseException], None],
        try_position: Callable[[PatienceGame], None],
        parts: Parts,
    ) -> None:
        self.clock, self._on_error, self._try_position = clock, on_error, try_position
        self.parts = parts
        self._timer: Timer | None = None
        self.reviewer: Reviewer | None = None
        self.review: Review | None = None  # the finished review
        self.marked: tuple[MoveReview, ...] = ()  # the marked moves found so far
        self.samples, self.node_limit = SAMPLES, DEFAULT_NODES  # `win_chance`'s own settings
        self.index = 0  # which marked move is on show
        # The bar and the summary over the chart, and the buttons under the board, each drawn
        # by one strip: the panel costs the browser a few models, not one per control.
        self.progress = Progress(description="Reviewing")
        self.summary = HTML("ausp-review-summary", "ausp-block")
        self.chart = parts.make(widgets.Image, "ausp-review-chart", format="png")
        self.words = parts.html("", "ausp-review-words")
        self.buttons = {}
        for name, tip in (
            ("Previous mark", "The marked move before this one"),
            ("Next mark", "The next marked move"),
            ("Try from here", "Put this position on the table and play it again"),
            ("Close review", "Hide the review"),
        ):
            button = Button("ausp-button", description=name, tooltip=tip)
            button.on_click(lambda _button, name=name: self._guard(self._press, name))
            self.buttons[name] = button
        self.board = StepBoard(parts=parts)
        self.head = Strip("ausp-review-head", controls=[self.progress, self.summary], layout=parts.layout)
        self.steps = Strip("ausp-review-controls", controls=list(self.buttons.values()), layout=parts.layout)
        self.box = parts.box(
            widgets.VBox, [self.head, self.chart, self.words, self.board.box, self.steps], "ausp-review"
        )
        show(self.box, False)

    # ---- running the review in slices --------------------------------------------------------
    def start(self, game: PatienceGame, still_current: Callable[[], bool]) -> None:
        """Review `game` (a copy is taken: the table may move on) a slice per tick."""
        self.cancel()
        self.reviewer = Reviewer(game, samples=self.samples, node_limit=self.node_limit)
        self.review, self.marked, self.index = None, (), 0
        self.progress.max = max(self.reviewer.total, 1)
        self.progress.value = 0
        self.summary.value = f"Reviewing {self.reviewer.total} moves…"
        for part in (self.chart, self.words, self.board.box, self.steps):
            show(part, False)
        show(self.progress, True)
        show(self.box, True)

        def tick() -> None:
            self._timer = None
            if not still_current() or self.reviewer is None:
                return
            try:
                entry = self.reviewer.work(SLICE)
            except Exception as exc:
                self._on_error(exc)
                return
            self.progress.value = self.reviewer.done
            if entry is not None and entry.mark:
                self._found(entry)
            if self.reviewer.finished:
                self._finish(self.reviewer.result())
            else:
                self.summary.value = _so_far(self.reviewer.done, self.reviewer.total, self.marked)
                self._timer = self.clock.call_later(PAUSE, tick)

        self._timer = self.clock.call_later(PAUSE, tick)

    def cancel(self) -> None:
        """Stop a review under way and hide the panel (a new game, or the table closing)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        show(self.box, False)

    @property
    def running(self) -> bool:
        return self._timer is not None

    def _found(self, entry: MoveReview) -> None:
        """A marked move found while the review runs: the first opens the marked-move controls on
        it; later ones join the list without moving the student off the one they are reading."""
        self.marked += (entry,)
        if len(self.marked) == 1:
            for part in (self.words, self.board.box, self.steps):
                show(part, True)
            self.show_mark(0)
        else:
            self._label(self.marked[self.index])

    def _finish(self, review: Review) -> None:
        self.review = review
        show(self.progress, False)
        marked = self.marked = review.marked
        found = _counts(marked) if marked else "no move lost enough to mark"
        self.summary.value = (
            f"<b>Review</b> of {len(review.moves)} moves ({review.samples} sampled orders of the hidden "
            f"cards a move, {review.seconds:.1f} s): {found}.<br>"
            + (f"<b>Why it was lost:</b> {escape(review.ending)}<br>" if review.ending else "")
            + "<i>The win chance: of all the ways the cards you could not see might lie, the share from "
            "which the game can still be won. A move can only keep it or lower it; a draw shows which "
            "way the cards lie, so it can go up or down by luck, and luck is never marked. Each figure is "
            "the position's own win chance, as <code>win_chance</code> gives it, with its 95% interval.</i>"
        )
        chart = review.plot(size=(7.0, 2.6))
        if isinstance(chart, NoFigure):  # no matplotlib here: the words say so, the rest works
            self.summary.value += f"<br><i>{NO_PLOTS}</i>"
        else:
            self.chart.value = chart.png(CHART_DPI)
        show(self.chart, not isinstance(chart, NoFigure))
        for part in (self.words, self.board.box, self.steps):
            show(part, bool(marked))
        if marked:  # the student stays on the marked move they were reading
            self._label(marked[self.index])

    # ---- stepping through the marked moves ------------------------------------------------------
    def show_mark(self, index: int) -> MoveReview:
        """Show the `index`-th marked move (0-based) on the panel's board."""
        marked = self.marked
        if not marked:
            raise ValueError("there is no marked move to show")
        if not 0 <= index < len(marked):
            raise ValueError(
                f"there are {len(marked)} marked moves: ask for 0 to {len(marked) - 1}, not {index}"
            )
        self.index = index
        entry = marked[index]
        position = self.position_before(entry)
        roles: dict[Spot, str] = {
            Spot("card", card=c, player=0): "group" for c in moving_group(position, entry.move)
        }
        target = destination(position, entry.move)
        if target is not None:
            roles[target] = "target"
        if entry.better is not None:
            for card in moving_group(position, entry.better):
                roles.setdefault(Spot("card", card=card, player=0), "mark")
        self.board.show(position, roles, None)
        self._label(entry)
        return entry

    def _label(self, entry: MoveReview) -> None:
        """The words on the marked move on show, and which way the student can step from it."""
        self.words.value = _words(entry, self.index, len(self.marked), self.review is None)
        self.buttons["Previous mark"].disabled = self.index == 0
        self.buttons["Next mark"].disabled = self.index == len(self.marked) - 1

    def position_before(self, entry: MoveReview) -> PatienceGame:
        """The reviewed game as it stood before `entry`'s move (a fresh copy)."""
        return self.reviewer.position_before(entry.number)

    def _press(self, name: str) -> None:
        if name == "Close review":
            self.cancel()
        elif name == "Try from here":
            self._try_position(self.position_before(self.marked[self.index]))
        else:
            self.show_mark(self.index + (1 if name == "Next mark" else -1))

    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except Exception as exc:
            self._on_error(exc)

    def close(self) -> None:
        self.cancel()
        self.board.board.close()
        self.parts.close(self.box)


def _words(entry: MoveReview, index: int, count: int, so_far: bool = False) -> str:
    of = f"{count} so far" if so_far else f"{count}"
    text = (
        f"<b>Marked move {index + 1} of {of}</b> — move {entry.number}, <b>{entry.move}</b>, "
        f"was a <b>{entry.mark}</b>: of the sampled orders of the hidden cards, "
        f"{entry.before_chance.brief()} could be won before it and {entry.after_chance.brief()} "
        "after it (95% intervals)."
    )
    if entry.better is not None and entry.better_chance is not None:
        where = "the stock" if entry.better.kind == "draw" else "its card"
        text += (
            f" <b>{entry.better}</b> ({where} glows in the hint colour) would have kept "
            f"{entry.better_chance.brief()} open."
        )
    return text


def _so_far(done: int, total: int, marked: tuple[MoveReview, ...]) -> str:
    """The summary while the review runs: how far it is, and what it has found."""
    if not marked:
        return f"Reviewing move {done} of {total}… so far no move lost enough to mark."
    latest = marked[-1]
    about = f"move {latest.number}: {latest.move}, {100 * latest.before:.0f}% → {100 * latest.after:.0f}%"
    if latest.better is not None and latest.better_after is not None:
        about += f"; {latest.better} kept {100 * latest.better_after:.0f}%"
    which = "latest " if len(marked) > 1 else ""
    return f"Reviewing move {done} of {total}… so far: {_counts(marked)} ({which}{escape(about)})."


def _counts(marked: tuple[MoveReview, ...]) -> str:
    """How many moves of each mark, worst first ("1 blunder, 2 mistakes")."""
    names = ("blunder", "mistake", "inaccuracy")
    return ", ".join(_count(n, name) for name in names if (n := sum(m.mark == name for m in marked)))


def _count(number: int, mark: str) -> str:
    plural = {"inaccuracy": "inaccuracies"}.get(mark, mark + "s")
    return f"{number} {mark if number == 1 else plural}"
