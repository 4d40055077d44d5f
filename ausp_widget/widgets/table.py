"""The live game: a board, buttons, a status panel and the bot's pace, over any game.

The table observes its game (`add_listener`), so a move made by a click, by the bot or by a
student's code (`table.game.play("J♥ Q♥")`) updates the view the same way: the board is sent
its new state and redraws only the cards that changed. A click selects a place (a card and the cards on it)
and highlights the piles its legal moves reach; the next click names a pile, and the game
says what that means (`move_between`) and whether it is legal. The table never asks which
game it plays: everything that differs comes through the game protocol and the registry.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from ausp_widget.analysis.players import BOT_LEVELS, check_bot, make_bot
from ausp_widget.analysis.review import can_review
from ausp_widget.core import registry
from ausp_widget.core.errors import IllegalMoveError, NotationError, WrongTypeError, given
from ausp_widget.core.moves import Move
from ausp_widget.core.protocol import PatienceGame, Pile, PileRef, Place, has_stock
from ausp_widget.core.saves import check_seed
from ausp_widget.core.text import sentence

from . import words
from .board import Board, Intents, show, stylesheet
from .board_state import legal_dests, on_board
from .bot_pacing import FIRST_PAUSE, BotPacer
from .clock import Clock, KernelClock, ManualClock
from .controls import Controls
from .finding import FindingWidgets
from .mode_choice import ModeChoice
from .parts import Parts
from .selection import Selecting
from .setting import SWITCHES, SettingError, TextTrait, check_settings
from .solver_question import SolverQuestion, can_ask
from .start_gate import READY, StartGate
from .status import StatusPanel
from .still import Still
from .strip import Strip, Text, ToggleButtons
from .table_buttons import ButtonActions
from .table_opponent import Opponent
from .table_switch import ModeSwitch
from .teaching import Teaching

if TYPE_CHECKING:  # the review panel is imported when a game is first reviewed
    from .review_panel import ReviewPanel

logger = logging.getLogger(__name__)


class GameTable(Selecting, ButtonActions, Opponent, ModeSwitch, FindingWidgets, Still, widgets.VBox):
    """The live game: `GameTable(mode="solo", seed=42)`; `table.game` is the live game.

    Two-player modes put the bot's layout on top, the shared foundations in the middle and
    yours below. `clock` paces the bot (a `ManualClock` lets tests step it) and `bot` is
    "steady" (the game's own bot, the default), "strong" (`RolloutBot`, which plays each choice
    out first) or anything with `choose(view) -> Move | None`. `first` says who starts a
    turn-based game (0 you, 1 the bot, "random"). Against the bot a game waits for Start (a
    count of 3 on `clock`) before the bot moves, and in the race before your cards move too;
    `wait_for_start=False` starts every game at once, as code that drives a table may want.
    `show_modes=False` hides the table's own mode selector when an enclosing app has one.
    `game="indian"` (or its mode) plays Indian Patience; any registered game works the same
    way; choosing another mode mid-game keeps the game (`switch_mode`). `parts` shares an app's
    layout and style models (else the table has its own). `teaching` is an app's teacher mode
    (a quiz locks Hint and Winnable?; help used is kept for the class summary)."""

    mode = TextTrait("solo", help="a table mode (see `ausp_widget.core.registry.table_modes`)")
    rule_options = traitlets.Dict(help="the game's non-default rule options; a new deal keeps them")
    large = traitlets.Bool(False, help="large cards, for a projector")
    four_colour = traitlets.Bool(False, help="four-colour deck: ♣ green, ♦ blue, ♥ red, ♠ black")

    def __init__(
        self,
        mode: str = "solo",
        seed: int | None = None,
        *,
        large: bool = False,
        four_colour: bool = False,
        clock: Clock | None = None,
        bot: Any = None,
        first: int | str = 0,
        wait_for_start: bool = True,
        show_modes: bool = True,
        game: str | None = None,
        parts: Parts | None = None,
        teaching: Teaching | None = None,
        **kwargs: Any,
    ) -> None:
        switches = {"large": large, "four_colour": four_colour, "wait_for_start": wait_for_start}
        self.check_options(
            mode, seed, game=game, bot=bot, first=first, clock=clock, show_modes=show_modes, **switches
        )
        mode = _table_mode(game, mode)
        self._own_parts = parts is None
        self.parts = Parts() if parts is None else parts
        kwargs.setdefault("layout", self.parts.layout)
        super().__init__(**kwargs)
        self._lock = threading.RLock()
        self._closed = False
        self.clock: Clock = clock if clock is not None else KernelClock()
        self.first = first
        self.wait_for_start = wait_for_start
        self._bot_given = bot
        self.bot: Any = None
        self._game: PatienceGame | None = None
        self._syncing = False
        self._selected: Place | None = None
        self._selected_moves: frozenset[Move] = frozenset()
        self._selected_at = 0  # how many moves had been played when the place was selected
        self._hint: Move | None = None
        self._moved: dict[Place | PileRef, list[str]] = {}
        self._batching = False
        self._own_plays = 0  # > 0 while the table itself is playing a move
        self._last_piles: tuple[Pile, ...] = ()
        self.last_error: BaseException | None = None
        self._mode_selector: ModeChoice | None = None
        self._review_panel: ReviewPanel | None = None
        self.teaching = Teaching() if teaching is None else teaching
        self.teaching.follow(self._on_teaching)
        with self.hold_sync():  # the table goes to the browser whole, in one message
            self._build(show_modes)
            self.add_class("ausp-table")
            self.add_class("ausp-live")  # the live game, as against the guide's small board
            self.large, self.four_colour = large, four_colour
            self._apply_look()
            self.new_game(seed, mode)

    @staticmethod
    def check_options(mode: str = "solo", seed: int | None = None, **options: Any) -> None:
        """Refuse the deal number, mode or bot `GameTable(mode, seed, **options)` would refuse,
        before anything is made: an app makes its table when its tab is first opened (the app
        names an unknown option itself)."""
        if seed is not None:
            check_seed(seed)
        _table_mode(options.get("game"), mode)
        check_bot(options.get("bot"))
        flags = {name: options[name] for name in SWITCHES if name in options}
        check_settings(options.get("first", 0), options.get("clock"), **flags)

    # ---- building (once) ----------------------------------------------------------------------
    def _build(self, show_modes: bool) -> None:
        self.deal_field = Text("ausp-deal", description="Deal", placeholder="number")
        self.deal_field.on_submit(lambda _field: self._guard(self._on_button, "New game"))
        self.controls = Controls(lambda name: self._guard(self._on_button, name))
        self.buttons = self.controls.buttons
        self.pacer = BotPacer(self.clock, lambda: self._guard(self._bot_move), self._bot_should_act)
        self.speed = self.pacer.speed
        self.start_gate = StartGate(self.clock, self._guard, self._say, self._on_start)
        level = self._bot_given if isinstance(self._bot_given, str) else "steady"
        self.bot_level = ToggleButtons(
            "ausp-bot-level",
            options=[(f"{name.capitalize()} bot", name) for name in BOT_LEVELS],
            value=level,
            tooltips=["The bot of the rules: a fixed order of priorities", "Plays each choice out first"],
        )
        self.bot_level.observe(lambda change: self._guard(self._on_bot_level, change.new), names="value")
        self.panel = StatusPanel()
        self.info, self.status, self.banner, self.move_log = (
            self.panel.info,
            self.panel.status,
            self.panel.banner,
            self.panel.move_log,
        )
        self.board = Board(
            Intents(
                click=self._on_card_click,
                drop=self._on_drop,
                home=self._on_home,
                key=self._on_key,
                answered=self.panel.say,
                selecting=lambda: self._selected is not None,
                lift=self._on_lift,
            ),
            layout=self.parts.layout,
        )
        self.solver_question = SolverQuestion(self.clock, self._tell, self._show_error)
        # Every control around the board is drawn by two models: above it and below it.
        shared = {"on_error": lambda text: self._refuse(text), "layout": self.parts.layout}
        self.top = Strip(
            "ausp-topbar",
            controls=[
                self.deal_field,
                self.buttons["New game"],
                self.speed,
                self.bot_level,
                self.start_gate.button,
                self.start_gate.count,
                self.info,
                self.banner,
            ],
            **shared,
        )
        below = [*self.controls.row, self.status, self.move_log]
        self.foot = Strip("ausp-controls", controls=below, **shared)
        shown = [self.mode_selector] if show_modes else []  # else made only if asked for
        self.children = (*shown, self.top, self.board.box, self.foot)

    @contextmanager
    def _one_message(self) -> Iterator[None]:
        """Changes to the board and the controls around it go out together, one message each."""
        with self.board.widget.hold_sync(), self.top.hold_sync(), self.foot.hold_sync():
            yield

    @property
    def mode_selector(self) -> ModeChoice:
        """The table's own game and opponent choice (made when first asked for, where an app
        shows its own); its `value` is the table mode."""
        if self._mode_selector is None:
            selector = ModeChoice(self.mode, self.parts)
            selector.add_class("ausp-modes")
            selector.observe(self._on_selector, names="value")
            self._mode_selector = selector
        return self._mode_selector

    @property
    def review_panel(self) -> ReviewPanel:
        """The Review button's panel, made (below the move log) when first needed."""
        if self._review_panel is None:
            from .review_panel import ReviewPanel

            self._review_panel = ReviewPanel(self.clock, self._show_error, self._try_position, self.parts)
            self.children = (*self.children, self._review_panel.box)
        return self._review_panel

    # ---- the game ---------------------------------------------------------------------------------------
    @property
    def game(self) -> PatienceGame:
        """The live game; assign another game to play it here."""
        return self._game

    @game.setter
    def game(self, game: PatienceGame) -> None:
        try:
            registry.entry_for(game)
        except TypeError:
            takes = "table.game takes a game (Game.deal, .from_json or .from_text)"
            raise WrongTypeError(f"{takes}, not {given(game)}") from None
        with self._lock:
            self._attach(game)

    def new_game(self, seed: int | None = None, mode: str | None = None) -> PatienceGame:
        """Deal a new game (a random deal when `seed` is None) in `mode` (default: the current)."""
        entry, game_mode = registry.for_table_mode(self.mode if mode is None else mode)
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        game = registry.deal_like(self._game, entry, seed, mode=game_mode, first=self.first)
        with self._lock:
            self._attach(game)
        return game

    def play(self, move: Move | str) -> Move | None:
        """Play one of your moves from code, like a click: a refused move is explained in the
        status line (and returns None) instead of raising."""
        played: list[Move | None] = []
        self._guard(lambda: played.append(self._play_user(self._game.parse_move(move))))
        return played[0] if played else None

    def _attach(self, game: PatienceGame, keep_review: bool = False) -> None:
        with self._one_message():
            self._attach_now(game, keep_review)

    def _attach_now(self, game: PatienceGame, keep_review: bool) -> None:
        if self._game is not None:
            self._game.remove_listener(self._on_game_event)
        self.pacer.restart()
        self.start_gate.reset(self._needs_start(game))
        self.solver_question.cancel()
        if not keep_review and self._review_panel is not None:
            self._review_panel.cancel()
        self._game = game
        game.add_listener(self._on_game_event)
        self._selected, self._hint, self._moved = None, None, {}
        self._selected_moves, self._selected_at = frozenset(), 0
        self._finished = False  # ended with finish() (the log says so), not by a move
        self.bot = None
        if game.players > 1:
            self.bot = make_bot(self._bot_given, game)
            if hasattr(self.bot, "reset"):
                self.bot.reset()
        mode = registry.table_mode(game)
        self._syncing = True
        try:
            self.rule_options = game.rule_options()
            self.mode = mode
            if self._mode_selector is not None:
                self._mode_selector.value = mode
            self.deal_field.value = "" if game.seed is None else str(game.seed)
        finally:
            self._syncing = False
        self.board.new_deal()
        self.controls.arrange(game.mode, can_ask(game), can_review(game), has_stock(game))
        show(self.speed, game.players > 1)
        show(self.bot_level, game.players > 1 and not hasattr(self._bot_given, "choose"))
        self._render()
        if game.status != "playing":
            self._say(words.result_text(game))
        elif self.start_gate.waiting:
            self._say(f"{words.welcome(game)} {READY}")
        else:
            self._say(words.welcome(game))
        self.pacer.schedule(opening=not game.history)

    # ---- observing the game --------------------------------------------------------------------
    def _on_game_event(self, game: PatienceGame, event: str, move: Move | None) -> None:
        # Called inside play/undo/redo/finish, also for moves made from code: never raise.
        try:
            with self._lock, self._one_message():
                if game is not self._game:
                    return
                if event == "refused":
                    if not self._own_plays and game.refusal is not None:
                        reason = sentence(str(game.refusal))
                        self._say(f"{move} was refused. {reason}" if move is not None else reason)
                else:
                    self._after_change(event, move)
        except Exception as exc:
            self._show_error(exc)

    @contextmanager
    def _playing(self) -> Iterator[None]:
        """Mark a play made by the table itself (a click, a button, the bot)."""
        self._own_plays += 1
        try:
            yield
        finally:
            self._own_plays -= 1

    def _after_change(self, event: str, move: Move | None) -> None:
        game = self._game
        player = game.history[-1][0] if event in ("play", "redo") and game.history else 0
        if player == 0 or (self._hint is not None and self._hint not in game.legal_moves(0)):
            self._hint = None  # a bot move leaves your hint up while it still holds
        if event in ("play", "redo") and move is not None:
            said = game.describe(move, player)
            self._moved = self._bot_marks(move) if player == 1 else {}
            if player == 0 or game.mode == "turns":
                # In the simultaneous game the bot's moves go to the log and the highlight,
                # so they never wipe out what the status line is telling you.
                news = game.news(self._last_piles) if self._last_piles else ""
                turn = words.turn_text(game, player)
                self._say(("The bot " if player else "You ") + said + "." + turn + news)
            if player == 1:
                self._recheck_selection(move)
        elif event == "undo":
            self._moved = {}
            self._say(f"Took back {move}.")
        elif event == "finish":
            self._finished = True
        if not self._batching:
            self._render()
        if game.status != "playing":
            self._say(words.result_text(self._game))
        self.pacer.schedule()

    # ---- clicks ------------------------------------------------------------------------------------------
    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        """Run a callback: a refused move or bad input becomes a message in the status line,
        any other error is shown there too (and logged), never lost."""
        with self._lock:
            if self._closed:
                return
            try:
                with self._one_message():
                    action(*args)
            except (IllegalMoveError, NotationError, ValueError) as exc:
                self._refuse(sentence(str(exc)))
            except Exception as exc:
                self._show_error(exc)

    def _show_error(self, exc: BaseException) -> None:
        self.last_error = exc
        logger.error("error in the game table", exc_info=exc)
        self._say(f"Something went wrong: {type(exc).__name__}: {exc}")

    # ---- drawing the table ------------------------------------------------------------------------------
    def _render(self) -> int:
        """Bring the board and every control up to date; returns how many board spots changed."""
        game = self._game
        legal = game.legal_moves(0)
        piles = game.piles()
        self._last_piles = piles
        dests = legal_dests(game, 0, legal) if self._may_move() else {}
        changed = self.board.show(on_board(game, piles), self._marks(), game.protected_means, dests)
        mine = [] if self.start_gate.waiting else legal  # before Start: no Draw either
        self.controls.enable(game, mine, self._auto_finish_line() is not None, self.teaching.help_locked)
        over = game.status != "playing"
        self.panel.show(
            words.info_text(self._game, piles),
            words.result_text(self._game) if over else "",
            game.winner == 0,
            game.history,
            self._finished,
        )
        return changed

    @property
    def changed_cards(self) -> int:
        """How many board spots (cards and empty places) the last update changed."""
        return self.board.changed

    def _say(self, text: str) -> None:
        self.panel.say(text)
        self.board.say(text)

    def _tell(self, text: str) -> None:
        """Answer a question the player asked (Hint, Winnable?): in the status line, and on the
        line under the cards until the next move or words, which is on screen where the status
        line may be below the window."""
        self.panel.say(text)
        self.board.say(text, "answer")

    def _refuse(self, text: str) -> None:
        """Say why a move was refused, in the status line and over the board."""
        self.panel.say(text)
        self.board.say(text, "refused")

    # ---- looks and modes ---------------------------------------------------------------------------------
    @traitlets.observe("large", "four_colour")
    def _apply_look(self, _change: Any = None) -> None:
        classes = [c for c in self._dom_classes if c not in ("ausp-large", "ausp-four-colour")]
        classes += ["ausp-large"] * self.large + ["ausp-four-colour"] * self.four_colour
        self._dom_classes = tuple(classes)
        self.board.widget.large, self.board.widget.four_colour = self.large, self.four_colour

    @traitlets.validate("mode")
    def _valid_mode(self, proposal: Any) -> str:
        try:
            registry.for_table_mode(proposal["value"])
        except ValueError as error:  # it names the modes there are
            raise SettingError(str(error)) from None
        return proposal["value"]

    @traitlets.observe("mode")
    def _mode_changed(self, change: Any) -> None:
        if not self._syncing and self._game is not None and change.new != registry.table_mode(self._game):
            self._guard(self.switch_mode, change.new, self._game.seed)

    def _on_selector(self, change: Any) -> None:
        if not self._syncing:
            self.mode = change.new

    def _on_teaching(self, _change: traitlets.Bunch) -> None:
        """Teacher mode or the quiz lock changed: grey or free Hint and Winnable? now."""
        if self._game is not None and not self._closed:
            self._guard(self._render)

    def close(self) -> None:
        """Stop the bot, leave the game, and close every widget the table made (twice is fine)."""
        if getattr(self, "_closed", True):
            super().close()
            return
        with self._lock:
            self._closed = True
            self.pacer.restart()
            self.start_gate.cancel()
            self.solver_question.cancel()
            if self._review_panel is not None:
                self._review_panel.close()
            if self._game is not None:
                self._game.remove_listener(self._on_game_event)
            self.teaching.forget(self._on_teaching)
            self.board.close()
            parts = self.parts
            for child in self.children:
                parts.close(child)
            if self._mode_selector is not None:
                parts.close(self._mode_selector)
            if self.layout is not parts.layout:
                self.layout.close()
            if self._own_parts:
                parts.close_shared()
        super().close()


def _table_mode(game: str | None, mode: str) -> str:
    """The table mode for `GameTable(mode, game=...)`: any registered mode, or with a game
    named, one of that game's modes ("solo" meaning its solo mode)."""
    if game is None:
        registry.for_table_mode(mode)  # a ValueError naming the modes there are
        return mode
    entry = registry.entry(game)
    if mode in entry.modes:
        return mode
    solo = next((key for key, (game_mode, _) in entry.modes.items() if game_mode == "solo"), None)
    if mode == "solo" and solo is not None:
        return solo
    alone = all(game_mode == "solo" for game_mode, _ in entry.modes.values())
    kind = "a solo game: mode must be 'solo'" if alone else f"played in mode {', '.join(entry.modes)}"
    raise ValueError(f"{entry.title} is {kind}, not {mode!r}")


__all__ = ["FIRST_PAUSE", "Clock", "GameTable", "KernelClock", "ManualClock", "stylesheet"]
