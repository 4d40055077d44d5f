"""The illustrated guide: steps with Prev / Next, auto-play, and a small layout per step.

Each step first shows its position with the moving group and its destination highlighted
and the other cards dimmed; "Show move" (or the auto-play's next tick) then applies the
move. The small layout is the live table's own board, drawn smaller, so the guide and the game
lay the cards out the same way, and moving between steps only restyles the cards that
differ. The last step offers "Play now", which calls the app back to start a live game.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
import traitlets

from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import Spot, Step, steps
from ausp_widget.core.lesson import figure as guide_figure
from ausp_widget.core.protocol import PatienceGame as Game
from ausp_widget.core.protocol import Pile, PileRef, Place, place_of
from ausp_widget.core.registry import table_modes

from .board import Board, close_tree
from .card import CardView
from .table import stylesheet

# The live table's highlight classes, so a step looks like the same move made in the game:
# the moving group as a selected card, its destination as a legal target, other cards the
# words talk about as a hint, and the group after the move as a moved card.
ROLE_CLASSES = {"group": "ausp-selected", "target": "ausp-target", "mark": "ausp-hint", "moved": "ausp-moved"}
DIM = "ausp-guide-dim"
# The small board reuses the table's stylesheet (card faces, columns, highlights) at a
# smaller size; only the dimming and the sizes are the guide's own.
GUIDE_CSS = """
.ausp-table.ausp-guide-board { --ausp-w: 44px; --ausp-h: 62px; --ausp-strip: 18px; --ausp-fan: 16px;
  --ausp-corner: 12px; --ausp-pip: 24px; --ausp-radius: 5px; }
.ausp-table .jupyter-widgets.jupyter-button.ausp-card.ausp-guide-dim {
  filter: grayscale(1) contrast(0.3) brightness(1.3); }
.ausp-table.ausp-guide-board .jupyter-widgets.jupyter-button.ausp-card.ausp-back {
  font-size: 8px; padding: 2px; }
.ausp-table.ausp-guide-board .ausp-board { gap: 6px; padding: 8px; }
.ausp-table.ausp-guide-board.ausp-large { --ausp-w: 72px; --ausp-h: 101px; --ausp-strip: 27px;
  --ausp-fan: 40px; --ausp-corner: 18px; --ausp-pip: 40px; --ausp-radius: 6px; }
"""


class StepBoard:
    """The guide's board: the live table's own `Board`, drawn small, with a step's roles
    (moving group, destination, marked cards) as highlights and the other cards dimmed."""

    def __init__(self) -> None:
        self.board = Board(lambda _view: None, pool=4)  # a step's columns are short; longer ones grow
        self.box = widgets.VBox([widgets.HTML(f"<style>{stylesheet()}{GUIDE_CSS}</style>"), self.board.box])
        self.box.add_class("ausp-table")
        self.box.add_class("ausp-guide-board")

    @property
    def foundation_row(self) -> widgets.HBox:
        return self.board.foundations

    @property
    def views(self) -> dict[tuple, CardView]:
        """The card widgets by where they sit: ("stock", p), ("waste", p, j), ("column", p, c, d)
        and ("foundation", k) with k from 1, as the moves name the piles."""
        found: dict[tuple, CardView] = {}
        for p, side in self.board.sides.items():
            found[("stock", p)] = side.stock
            found.update({("waste", p, j): view for j, view in enumerate(side.fan)})
            for c, column in enumerate(side.columns):
                found.update({("column", p, c, d): view for d, view in enumerate(column)})
        count = self.board.shape[1] if self.board.shape else 0
        found.update({("foundation", k + 1): view for k, view in enumerate(self.board.piles[:count])})
        return found

    def show(self, game: Game, roles: dict[Spot, str], focus: set[tuple[int, Card]] | None) -> int:
        """Show `game` with these highlights; returns how many card widgets changed."""
        piles = game.piles()
        self.board.arrange(piles)
        return self.board.show(piles, step_marks(piles, roles, focus), game.protected_means)

    def card_views(self) -> list[CardView]:
        """The card widgets now showing a card (for tests and for the browser)."""
        return [view for view in self.views.values() if view.card is not None and not view.hidden]


def step_marks(
    piles: tuple[Pile, ...], roles: dict[Spot, str], focus: set[tuple[int, Card]] | None
) -> dict[Place | PileRef, list[str]]:
    """The board's marks for a step: each role's class on its place, the rest dimmed."""
    marks: dict[Place | PileRef, list[str]] = {}
    for spot, role in roles.items():
        marks.setdefault(_key(piles, spot), []).append(ROLE_CLASSES[role])
    if focus is not None:
        for pile in piles:
            if pile.kind == "stock" and pile.ref not in marks:
                marks[pile.ref] = [DIM]
            if pile.kind not in ("column", "waste"):
                continue
            for depth, card in enumerate(pile.cards):
                place = Place(pile.ref, depth)
                if card is not None and (pile.owner, card) not in focus and place not in marks:
                    marks[place] = [DIM]
    return marks


def _key(piles: tuple[Pile, ...], spot: Spot) -> Place | PileRef:
    """Where a guide `Spot` is on the board: a card's place, or a pile."""
    if spot.kind == "foundation":
        return PileRef("foundation", None, spot.number - 1)
    if spot.kind == "column":
        return PileRef("column", spot.player, spot.number - 1)
    if spot.kind != "card":
        return PileRef(spot.kind, spot.player)
    place = place_of(piles, spot.card, owner=spot.player)
    if place is not None:
        return place
    home = next((p.ref for p in piles if p.kind == "foundation" and p.top is spot.card), None)
    return home or PileRef("stock", spot.player)  # the card a draw is about to turn up


class GuideView(widgets.VBox):
    """The guide for one mode: `step` (index into `steps`), `shown` (the move applied) and
    `figure()`, the step on show as a matplotlib figure."""

    step = traitlets.Int(0)
    shown = traitlets.Bool(False)
    mode = traitlets.Unicode("solo")
    large = traitlets.Bool(False, help="larger cards on the step board, for a projector")

    def __init__(
        self,
        mode: str = "solo",
        on_play_now: Callable[[], None] | None = None,
        large: bool = False,
        **kwargs,
    ) -> None:
        if mode not in table_modes():
            raise ValueError(f"mode must be one of {', '.join(table_modes())}, not {mode!r}")
        super().__init__(**kwargs)
        self.add_class("ausp-guide")
        self.on_play_now = on_play_now
        self.steps: list[Step] = steps(mode)
        self._syncing = False
        self.prev_button = widgets.Button(description="Prev", icon="arrow-left", tooltip="previous step")
        self.next_button = widgets.Button(description="Next", icon="arrow-right", tooltip="next step")
        self.show_button = widgets.ToggleButton(description="Show move", tooltip="apply this step's move")
        self.counter = widgets.Label()
        self.play = widgets.Play(interval=2000, min=0, max=1, step=1, description="Auto-play")
        self.speed = widgets.FloatSlider(
            value=2.0, min=0.5, max=6.0, step=0.5, description="Seconds", readout_format=".1f",
            layout={"width": "240px"},
        )  # fmt: skip
        self.title = widgets.HTML()
        self.text = widgets.HTML()
        self.board = StepBoard()
        self.play_now = widgets.Button(description="Play now", button_style="success", icon="play")
        self.play_now.layout.display = "none"
        self.prev_button.on_click(lambda _b: self.go(self.step - 1))
        self.next_button.on_click(lambda _b: self.go(self.step + 1))
        self.play_now.on_click(lambda _b: self._play_now())
        self.show_button.observe(self._on_show_button, names="value")
        self.play.observe(self._on_tick, names="value")
        self.speed.observe(self._on_speed, names="value")
        controls = widgets.HBox([self.prev_button, self.counter, self.next_button, self.show_button])
        # The Play control does not draw its description, so a label says what it does.
        self.play_label = widgets.Label("Auto-play", layout={"width": "auto"})
        self.play_label.add_class("ausp-play-label")
        auto = widgets.HBox([self.play_label, self.play, self.speed])
        self.children = [
            controls,
            auto,
            self.title,
            self.text,
            self.board.box,
            self.play_now,
        ]
        self.set_trait("mode", mode)
        self.observe(self._on_mode, names="mode")
        self.observe(self._on_large, names="large")
        self.large = large
        self.observe(self._render, names=["step", "shown"])
        self._reset_play()
        self._render()

    # ---- navigation --------------------------------------------------------------------------
    @traitlets.validate("step")
    def _valid_step(self, proposal):
        value = proposal["value"]
        if not 0 <= value < len(self.steps):
            raise traitlets.TraitError(f"step must be 0 to {len(self.steps) - 1}, not {value}")
        return value

    @traitlets.validate("mode")
    def _valid_mode(self, proposal):
        if proposal["value"] not in table_modes():
            raise traitlets.TraitError(
                f"mode must be one of {', '.join(table_modes())}, not {proposal['value']!r}"
            )
        return proposal["value"]

    def go(self, index: int) -> None:
        """Go to step `index` (clamped to the guide), its move not yet applied."""
        index = max(0, min(index, len(self.steps) - 1))
        with self.hold_trait_notifications():
            self.shown = False
            self.step = index
        self._sync_play()

    @property
    def current(self) -> Step:
        return self.steps[self.step]

    def _on_mode(self, change) -> None:
        self.steps = steps(change["new"])
        self._reset_play()
        if self.step == 0 and not self.shown:
            self._render()
        else:
            self.go(0)

    def _on_large(self, change) -> None:
        box = self.board.box
        (box.add_class if change["new"] else box.remove_class)("ausp-large")

    def _reset_play(self) -> None:
        self._syncing = True
        try:
            self.play.playing = False
            self.play.max = 2 * len(self.steps) - 1
            self.play.value = 2 * self.step + self.shown
        finally:
            self._syncing = False

    def _sync_play(self) -> None:
        self._syncing = True
        try:
            self.play.value = 2 * self.step + self.shown
        finally:
            self._syncing = False

    def _on_tick(self, change) -> None:
        if self._syncing:
            return
        step, shown = divmod(change["new"], 2)
        with self.hold_trait_notifications():
            self.step = min(step, len(self.steps) - 1)
            self.shown = bool(shown) and self.steps[self.step].move is not None

    def _on_speed(self, change) -> None:
        self.play.interval = int(change["new"] * 1000)

    def _on_show_button(self, change) -> None:
        if self.show_button.value != self.shown:
            self.shown = change["new"] and self.current.move is not None
            self._sync_play()

    def _play_now(self) -> None:
        self.play.playing = False
        if self.on_play_now is not None:
            self.on_play_now()

    def figure(self, step: int | Step | None = None, after: bool | None = None, **options):
        """A step as a matplotlib figure, for slides and handouts (see `Step.figure`):
        by default the step on show, before or after its move as the view shows it now."""
        if step is None:
            step = self.step
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

    # ---- drawing -------------------------------------------------------------------------------
    def roles(self) -> dict[Spot, str]:
        """The highlighted places of the current view, with their role."""
        step = self.current
        roles: dict[Spot, str] = {}
        if step.move is not None:
            for card in step.group:
                roles[Spot("card", card=card, player=step.player)] = "moved" if self.shown else "group"
            if not self.shown and step.target is not None:
                roles[step.target] = "target"
        for card in step.marks:
            roles.setdefault(Spot("card", card=card, player=0), "mark")
        return roles

    def _render(self, _change=None) -> None:
        step = self.current
        last = self.step == len(self.steps) - 1
        game = step.after if self.shown else step.position
        self.counter.value = f"Step {self.step + 1} of {len(self.steps)}"
        self.title.value = f"<h3 style='margin:4px 0'>{_escape(step.title)}</h3>"
        self.text.value = f"<p style='margin:2px 0 6px'>{_escape(step.text)}</p>"
        self.prev_button.disabled = self.step == 0
        self.next_button.disabled = last
        self.show_button.disabled = step.move is None
        self.show_button.description = f"Show move: {step.move}" if step.move is not None else "Show move"
        if self.show_button.value != self.shown:
            self.show_button.value = self.shown
        self.play_now.layout.display = None if last else "none"
        focus = {(s.player, s.card) for s in step.focus} or None
        self.board.show(game, self.roles(), focus)

    def close(self) -> None:
        """Stop the auto-play and close the step board and every control."""
        if hasattr(self, "board"):
            self.play.playing = False
            self.board.board.close()
            for child in self.children:
                close_tree(child)
            self.layout.close()
        super().close()


def _escape(text: str) -> str:
    from html import escape

    return escape(text)
