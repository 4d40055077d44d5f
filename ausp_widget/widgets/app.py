"""`AustralianPatience`: the one app, laid out as a rules site is: mode, guide, live game, rules.

The mode selector — two choices, the game (Australian, Indian Patience, any game registered)
and the opponent (Solo · Turn-based vs bot · Race vs bot), a pair a game lacks greyed out
with its reason — and the `mode` attribute are the same setting (mode "indian" plays the
sister game, Indian Patience): changing either starts a new live game of that mode (the same deal number) and
switches the guide and the rules panel to it. The app follows the table too: a game handed
to `app.game` (or `app.table.game`) or a mode set on the table brings the selector, the
guide and the rules to that game's mode. The guide's "Play now" hands over to the live game
in the same output by switching to its tab; nothing is cleared or redrawn. The live table and
the puzzle trainer are made when their tab is first opened (or `app.table`, `app.game` or
`app.puzzles` first asked for), so an app starts with only what its first tab shows; the parts
share one app-wide set of layout and style models (`parts.Parts`).
"""

from __future__ import annotations

import inspect
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from ausp_widget.core import registry
from ausp_widget.core.class_file import ClassFile, class_path
from ausp_widget.core.progress import Progress
from ausp_widget.core.protocol import PatienceGame as Game
from ausp_widget.core.registry import table_modes
from ausp_widget.core.ruletext import rules_html

from .guide import GuideView
from .mode_choice import ModeChoice
from .parts import Parts
from .setting import SettingError, TextTrait
from .still import Still
from .teaching import Teaching

if TYPE_CHECKING:  # the trainer is imported when its tab is first opened
    from .puzzle_trainer import PuzzleTrainer

try:
    from .table import GameTable
except ImportError as _error:  # the live table is a separate module; say so plainly if it is missing
    GameTable = None
    _TABLE_IMPORT_ERROR: ImportError | None = _error
else:
    _TABLE_IMPORT_ERROR = None

TABS = ("Guide", "Play", "Puzzles", "Rules")
GUIDE, PLAY, PUZZLES, RULES = range(4)


class AustralianPatience(Still, widgets.VBox):
    """Learn and play Australian Patience: `app.game`, `app.mode`, `app.guide.step`, `app.guide.steps`.
    `demo=True` makes an app for showing or preparing a lesson: it answers as usual and records
    no one's progress."""

    mode = TextTrait("solo")

    def __init__(
        self, mode: str = "solo", seed: int | None = None, *, demo: bool = False, **table_options: Any
    ) -> None:
        if not isinstance(mode, str):
            raise TypeError(
                f"mode is one of {', '.join(table_modes())}, not {type(mode).__name__} {mode!r:.60}"
            )
        if mode not in table_modes():
            raise ValueError(f"mode must be one of {', '.join(table_modes())}, not {mode!r}")
        if GameTable is None:
            raise ImportError(
                "AustralianPatience needs the live table, ausp_widget.widgets.table, which could not be "
                f"imported: {_TABLE_IMPORT_ERROR}"
            )
        if not isinstance(demo, bool):
            raise TypeError(f"demo is True or False, not {type(demo).__name__} {demo!r:.60}")
        _check_table_options(table_options)
        self.parts = parts = Parts()
        super().__init__(layout=parts.layout)
        self.add_class("ausp-app")
        self.seed = seed
        self.selector = ModeChoice(mode, parts)
        large = large_cards(table_options)
        # One student's lessons and puzzles, in one file; a demonstration (a lesson prepared or
        # shown on a projector) keeps them in memory only, so it changes no one's progress.
        self.demo = demo
        self.store = Progress(memory=True) if demo else Progress()
        # Teacher mode and the quiz lock, in the class file the teacher's app writes.
        self.teaching = Teaching(self.store, ClassFile(class_path(self.store.path)))
        self.guide = GuideView(
            mode,
            on_play_now=self.play_now,
            large=large,
            on_try_here=self.try_here,
            progress=self.store,
            parts=parts,
            teaching=self.teaching,
        )
        self._puzzles: PuzzleTrainer | None = None
        self._table: GameTable | None = None
        table_options.setdefault("show_modes", False)  # the app's selector is the one mode control
        GameTable.check_options(mode, seed, **table_options)  # a bad option is refused now, not on Play
        self._table_options = table_options
        self.rules = parts.html(rules_html(mode), "ausp-rules-panel")
        # The table's and the trainer's places until their tabs are opened.
        self.tabs = parts.make(
            widgets.Tab, children=[self.guide, parts.html(), parts.html(), self.rules], titles=TABS
        )
        self.tabs.selected_index = GUIDE
        self.tabs.observe(self._on_tab, names="selected_index")
        self.heading = parts.html(_heading(mode))
        self.children = [self.heading, self.selector, self.tabs]
        self.set_trait("mode", mode)
        traitlets.link((self.selector, "value"), (self, "mode"))
        self.observe(self._on_mode, names="mode")

    @property
    def table(self) -> GameTable:
        """The live table (made, in its tab, when first asked for)."""
        if self._table is None:
            options = self._table_options
            table = GameTable(self.mode, self.seed, parts=self.parts, teaching=self.teaching, **options)
            self._table = table
            table.observe(self._on_table_mode, names="mode")
            table.observe(lambda _change: self._show_rules(), names="rule_options")
            traitlets.dlink((table, "large"), (self.guide, "large"))  # projector size for all
            if self._puzzles is not None:
                traitlets.dlink((table, "large"), (self._puzzles, "large"))
            self._place(PLAY, table)
        return self._table

    def _place(self, index: int, part: widgets.Widget) -> None:
        """Put a part made on demand in its tab, in place of the empty stand-in."""
        waiting = self.tabs.children[index]
        children = list(self.tabs.children)
        children[index] = part
        self.tabs.children = children
        self.parts.close(waiting)

    @property
    def puzzles(self) -> PuzzleTrainer:
        """The puzzle trainer of the mode's game (made, in its tab, when first asked for)."""
        if self._puzzles is None:
            from .puzzle_trainer import PuzzleTrainer

            trainer = PuzzleTrainer(
                puzzle_game(registry.for_table_mode(self.mode)[0].name),
                progress=self.store,
                large=self._table.large if self._table is not None else large_cards(self._table_options),
                active=self.tabs.selected_index == PUZZLES,
                parts=self.parts,
                teaching=self.teaching,
            )
            trainer.note = puzzles_note(self.mode, trainer.game)
            if self._table is not None:
                traitlets.dlink((self._table, "large"), (trainer, "large"))
            # one store: a student's name typed in the Puzzles tab also keeps their lessons
            trainer.student.observe(lambda _change: self.guide.refresh_progress(), names="value")
            self._puzzles = trainer
            self._place(PUZZLES, trainer)
        return self._puzzles

    def _on_tab(self, change) -> None:
        """A tab's part is made when the tab is first opened; the puzzles' timer runs only while
        their tab is on show."""
        if change.new == PLAY and self._table is None:
            try:
                self.table  # noqa: B018  (made now, on show)
            except Exception as error:  # another package's game that cannot be dealt: the tab
                # says why, where a click's error would reach only the kernel's log
                title = registry.for_table_mode(self.mode)[0].title
                words = escape(f"{title} cannot be played: {error}")
                self.tabs.children[PLAY].value = f"<p class='ausp-cannot-play'>{words}</p>"
        if change.new == PUZZLES or self._puzzles is not None:
            self.puzzles.set_trait("active", change.new == PUZZLES)

    @traitlets.validate("mode")
    def _valid_mode(self, proposal):
        mode = proposal["value"]
        if mode not in table_modes():
            raise SettingError(f"mode must be one of {', '.join(table_modes())}, not {mode!r}")
        table = self._table
        # The new game's guide, rules and deal are made first: one that fails leaves the mode,
        # the selector, the guide, the rules and the game on the table as they were.
        try:
            if mode != self.mode:
                self.guide.prepare(mode)
                rules_html(mode)
            if table is not None and registry.table_mode(table.game) != mode:
                table.switch_mode(mode, self._deal_number())
        except Exception:
            self.selector.value = self.mode  # a choice made in the selector is taken back
            raise
        return mode

    @property
    def game(self) -> Game:
        """The live game (moves played on it from code show on the table)."""
        return self.table.game

    @game.setter
    def game(self, game: Game) -> None:
        """Play `game` here (a position, a save): mode, guide and rules follow its mode."""
        self.table.game = game

    def _deal_number(self) -> int | None:
        """The deal on the table (a class keeps its deal across modes), else the one asked for."""
        seed = self._table.game.seed if self._table is not None else None
        return self.seed if seed is None else seed

    def _on_mode(self, change) -> None:
        mode = change["new"]
        table = self._table  # a table not made yet is made in the mode of its day
        if table is not None and registry.table_mode(table.game) != mode:  # not when the table changed it
            table.switch_mode(mode, self._deal_number())
        self.guide.mode = mode
        if self._puzzles is not None:
            self._puzzles.game = puzzle_game(registry.for_table_mode(mode)[0].name, self._puzzles.game)
            self._puzzles.note = puzzles_note(mode, self._puzzles.game)
        self._show_rules()
        self.heading.value = _heading(mode)

    def _show_rules(self) -> None:
        """The rules panel: the mode's rules, under the rule options of the game on the table."""
        options = self._table.rule_options if self._table is not None else {}
        self.rules.value = rules_html(self.mode, options)

    def _on_table_mode(self, change) -> None:
        """The table took another mode (a game was attached, or `table.mode` was set)."""
        self.mode = change["new"]

    def play_now(self) -> None:
        """Hand over from the guide to the live game: the game in progress, or a new deal
        once it is over."""
        if self.table.game.status != "playing":
            self.table.new_game(mode=self.mode)
        self.tabs.selected_index = PLAY

    def try_here(self, game: Game) -> None:
        """Put `game` on the live table and show it (a guide position, a game played from code)."""
        self.table.game = game
        self.tabs.selected_index = PLAY

    def still_figure(self) -> Any | None:
        """The picture a static page shows for the app: the board of the tab on show (the
        guide's step or the live game), none for the puzzles or the rules."""
        if self.tabs.selected_index == PLAY:
            return self.table.game.plot()
        return self.guide.figure() if self.tabs.selected_index == GUIDE else None

    def close(self) -> None:
        """Close the live table (which stops the bot), the guide and every widget inside."""
        table = getattr(self, "_table", None)  # absent when the app was refused as it was made
        if table is not None:
            table.close()
        parts = getattr(self, "parts", None)
        if parts is not None:
            if getattr(self, "_puzzles", None) is not None:  # absent when refused as it was made
                self._puzzles.close()
            for child in self.children:
                parts.close(child)
            parts.close_shared()
        super().close()


def _heading(mode: str) -> str:
    name = registry.for_table_mode(mode)[0].title
    return f"<h2 style='margin:4px 0'>{name}</h2>"


def large_cards(table_options: dict[str, Any]) -> bool:
    """Whether the app was asked for projector-size cards (the table's `large`, for all parts)."""
    return bool(table_options.get("large"))


def _check_table_options(options: dict[str, Any]) -> None:
    """A misspelt option would be passed on and ignored: name it instead."""
    known = [
        name
        for name, parameter in inspect.signature(GameTable).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and name not in ("show_modes", "game", "parts")
    ]
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise TypeError(
            f"AustralianPatience takes mode, seed and {', '.join(['demo', *known])}; not {', '.join(unknown)}"
        )


def puzzles_note(mode: str, shown: str) -> str:
    """What the Puzzles tab says over another game's puzzles: the game played has none."""
    played = registry.for_table_mode(mode)[0]
    if played.name == shown:
        return ""
    return f"{played.title} has no puzzles yet: these are {registry.entry(shown).title}'s."


def puzzle_game(name: str, current: str | None = None) -> str:
    """The game whose puzzles the Puzzles tab shows while the game `name` is played: its own
    set, or for a game that has none yet the set on show (`current`), else the first game's
    that has one."""
    from ausp_widget.analysis.puzzles import data_file

    if data_file(name).is_file():
        return name
    if current is not None:
        return current
    return next((e.name for e in registry.games() if data_file(e.name).is_file()), name)
