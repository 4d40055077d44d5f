"""The illustrated guide: steps with Prev / Next, auto-play, and a small layout per step.

Each step first shows its position with the moving group and its destination highlighted
and the other cards dimmed; "Show move" (or the auto-play's next tick) then applies the
move. The small layout is made of the same pooled card widgets as the live table, so the
guide and the game look alike, and moving between steps only restyles the cards that
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
from ausp_widget.core.registry import table_modes

from .card import (
    FACE_DOWN_CARD,
    CardView,
    Face,
    empty_slot,
    face_down,
    face_up,
    foundation_label,
    protected_card,
)
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
"""


class _SmallBoard:
    """A fixed set of card widgets for one or two layouts and the foundations."""

    def __init__(self) -> None:
        self.views: dict[tuple, CardView] = {}
        self.columns: dict[tuple[int, int], widgets.VBox] = {}
        self.blocks: dict[int, widgets.VBox] = {}
        self.foundation_row = widgets.HBox()
        self.foundation_row.add_class("ausp-foundations")
        self.inner = widgets.VBox()
        self.inner.add_class("ausp-board")
        self.box = widgets.VBox([widgets.HTML(f"<style>{stylesheet()}{GUIDE_CSS}</style>"), self.inner])
        self.box.add_class("ausp-table")
        self.box.add_class("ausp-guide-board")
        self.players = 0
        self.piles = 0
        self.width = 0  # columns per layout: seven, or ten for Indian Patience

    def _view(self, slot: tuple) -> CardView:
        view = self.views.get(slot)
        if view is None:
            view = self.views[slot] = CardView(slot, lambda _view: None)
        return view

    def _pile(self, k: int, named: bool) -> widgets.Widget:
        """Foundation pile `k`, with its name (F1 … F8) under it when piles are numbered."""
        button = self._view(("foundation", k)).button
        if not named:
            return button
        name = widgets.Label(f"F{k}")
        name.add_class("ausp-pile-name")
        box = widgets.VBox([button, name])
        box.add_class("ausp-pile")
        return box

    def _shape(self, players: int, piles: int, width: int = 7) -> None:
        """Arrange the widgets for this many layouts, foundations and columns (only when that changes)."""
        if (players, piles, width) == (self.players, self.piles, self.width):
            return
        self.players, self.piles, self.width = players, piles, width
        self.foundation_row.children = [self._pile(k, named=piles == 8) for k in range(1, piles + 1)]
        blocks = []
        for p in range(players):
            top = widgets.HBox([self._view(("stock", p)).button, self._view(("waste", p)).button])
            top.add_class("ausp-foundations")
            columns = []
            for c in range(width):
                column = self.columns.get((p, c))
                if column is None:
                    column = self.columns[(p, c)] = widgets.VBox()
                    column.add_class("ausp-col")
                columns.append(column)
            label = widgets.Label("The bot" if p == 1 else "You")
            label.add_class("ausp-caption")
            parts = [label] if players == 2 else []
            if players == 1:
                top.children = [*top.children, widgets.HBox(layout={"width": "44px"}), self.foundation_row]
            row = widgets.HBox(columns)
            row.add_class("ausp-columns")
            blocks.append(widgets.VBox([*parts, top, row]))
        if players == 2:
            self.inner.children = [blocks[1], self.foundation_row, blocks[0]]
        else:
            self.inner.children = blocks

    def show(self, game: Game, roles: dict[Spot, str], focus: set[tuple[int, Card]] | None) -> int:
        """Show `game`; returns how many card widgets changed."""
        indian = getattr(game, "game", "australian") == "indian"
        self._shape(game.players, len(game.foundations), len(game.tableau(0)))
        if indian != ("ausp-indian" in self.box._dom_classes):  # empty columns show no K there
            (self.box.add_class if indian else self.box.remove_class)("ausp-indian")
        if indian:  # face-down cards show as backs; the protected card is marked
            shown_tableau, protected = game.visible_tableau(0), game.protected(0)
        changed = 0

        def marks(spot: Spot, dim_it: bool) -> tuple[str, ...]:
            role = roles.get(spot)
            extra = (ROLE_CLASSES[role],) if role else ()
            return (*extra, DIM) if dim_it and not role else extra

        def dimmed(player: int, card: Card) -> bool:
            return focus is not None and (player, card) not in focus

        for p in range(game.players):
            theirs = p == 1
            stock = game.stock(p)
            spot = Spot("stock", player=p)
            if stock and Spot("card", card=stock[0], player=p) in roles:
                spot = Spot("card", card=stock[0], player=p)
            face: Face = (
                face_down(len(stock), marks(spot, focus is not None), theirs=theirs)
                if stock
                else empty_slot("stock", "stock, empty", "no redeal", marks(spot, False))
            )
            changed += self._view(("stock", p)).show(face)
            waste = game.waste(p)
            if waste:
                top = waste[-1]
                face = face_up(top, marks(Spot("card", card=top, player=p), dimmed(p, top)), theirs=theirs)
                changed += self._view(("waste", p)).show(face, top)
            else:
                face = empty_slot("waste", "waste, empty", "waste", marks(Spot("waste", player=p), False))
                changed += self._view(("waste", p)).show(face)
            for c, column in enumerate(shown_tableau if indian else game.tableau(p)):
                box = self.columns[(p, c)]
                needed = max(len(column), 1)
                if len(box.children) < needed:
                    box.children = [self._view(("column", p, c, d)).button for d in range(needed)]
                for d in range(len(box.children)):
                    view = self._view(("column", p, c, d))
                    if d < len(column) and column[d] is None:
                        changed += view.show(FACE_DOWN_CARD)
                    elif d < len(column):
                        card = column[d]
                        card_marks = marks(Spot("card", card=card, player=p), dimmed(p, card))
                        if indian and protected[c]:
                            face = protected_card(card, card_marks)
                        else:
                            face = face_up(card, card_marks, theirs=theirs)
                        changed += view.show(face, card)
                    elif d == 0:
                        spot = Spot("column", number=c + 1, player=p)
                        face = empty_slot(
                            "column",
                            f"column {c + 1}, empty",
                            "any single card" if indian else "only a King",
                            marks(spot, False),
                        )
                        changed += view.show(face)
                    else:
                        changed += view.show(Face("", "", ("ausp-card", "ausp-hidden")))
        for k, (pile, owners) in enumerate(zip(game.foundations, game.foundation_owners), start=1):
            spot = Spot("foundation", number=k)
            view = self._view(("foundation", k))
            if pile:
                # the pile itself (a destination), or the card on top of it (a move shown)
                role = roles.get(spot) or roles.get(Spot("card", card=pile[-1], player=owners[-1]))
                extra = (ROLE_CLASSES[role],) if role else ()
                changed += view.show(face_up(pile[-1], extra, theirs=owners[-1] == 1), pile[-1])
            else:
                suit = game.pile_suit(k)
                label = foundation_label(suit, k if len(game.foundations) == 8 else None)
                changed += view.show(empty_slot("foundation", label, label, marks(spot, False), suit))
        return changed

    def card_views(self) -> list[CardView]:
        """The card widgets now showing a card (for tests and for the browser)."""
        return [view for view in self.views.values() if view.card is not None and not view.hidden]


class GuideView(widgets.VBox):
    """The guide for one mode: `step` (index into `steps`), `shown` (the move applied) and
    `figure()`, the step on show as a matplotlib figure."""

    step = traitlets.Int(0)
    shown = traitlets.Bool(False)
    mode = traitlets.Unicode("solo")

    def __init__(self, mode: str = "solo", on_play_now: Callable[[], None] | None = None, **kwargs) -> None:
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
        self.board = _SmallBoard()
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


def _escape(text: str) -> str:
    from html import escape

    return escape(text)
