"""The live game: a table of card widgets over a `Game`, solo or against the bot.

The table observes its game (`Game.add_listener`), so a move made by a click, by the bot or
by a student's code (`table.game.play("J♥ Q♥")`) updates the view the same way. Every
update recomputes what each pooled card widget should show and sends only the widgets
whose face changed: nothing is rebuilt on a move. A move refused on the game from code
still raises for the caller, and the status line says why.

A click selects one of your cards and highlights its legal destinations; the next click
on a card or an empty place is the destination. The same table plays Indian Patience
(`GameTable(game="indian")` or mode "indian"): ten columns whose face-down cards show as
backs, protected cards marked, eight foundations, one card moving at a time. With two decks
a card can be on show twice, so there a selection is a place (a column or the waste), and
what a click means is looked up in the game's legal moves. The rules engine decides, and its message
is what the status line shows when a try is illegal. The bot plays one move per tick of an
injectable clock: `KernelClock` in a notebook, `ManualClock` in tests.
"""

from __future__ import annotations

import asyncio
import heapq
import html
import logging
import random
import threading
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Protocol

import ipywidgets as widgets
import traitlets

from ausp_widget.core.cards import SUIT_NAMES, SUITS, Card
from ausp_widget.core.errors import IllegalMoveError, NotationError
from ausp_widget.core.moves import DRAW, PASS, Move, to_column, to_foundation
from ausp_widget.games.australian.game import Game
from ausp_widget.games.australian.layout import MODES
from ausp_widget.games.indian.basics import COLUMNS as INDIAN_COLUMNS
from ausp_widget.games.indian.game import IndianGame
from ausp_widget.games.indian.moves import IndianMove

from .card import (
    FACE_DOWN_CARD,
    HIDDEN,
    CardView,
    empty_slot,
    face_down,
    face_up,
    foundation_label,
    protected_card,
)

COLUMNS = 7
FAN = 3  # waste cards on show: the top card and the two under it
POOL = 10  # card widgets made per column at first; a longer column grows its pool
LOG_LINES = 12
FIRST_PAUSE = 1.0  # seconds the bot waits before the first move of a game
MODE_OPTIONS = (
    ("Solo", "solo"),
    ("Turn-based vs bot", "turns"),
    ("Simultaneous vs bot", "simultaneous"),
    ("Indian Patience", "indian"),
)
TABLE_MODES = (*MODES, "indian")
"""The table's modes: the three Australian Patience modes, and "indian" for Indian Patience."""
GAMES = ("australian", "indian")
BUTTONS = ("Draw", "Pass", "Undo", "Redo", "Hint", "Winnable?", "Auto-finish", "Finish")
SOLVER_SECONDS = 10.0  # how long "Winnable?" thinks, in slices, before it says "undecided"
SOLVER_SLICE = 0.05  # seconds of search between two turns of the kernel's event loop
TIPS = {
    "Draw": "Turn the top card of your stock onto your waste",
    "Pass": "End your turn when your stock is empty",
    "Undo": "Take back your last move",
    "Redo": "Play again the move you took back",
    "Hint": "Show a good move and why",
    "Winnable?": "Ask the solver, which knows the order of the stock, whether this deal can still be won",
    "Auto-finish": "Play every remaining card to the foundations",
    "Finish": "Both stocks are empty: stop and count",
    "New game": "Deal the game with the number in the Deal field (empty: a random deal)",
}
logger = logging.getLogger(__name__)


# ---- clocks ------------------------------------------------------------------------------------
class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """What paces the bot: `call_later(seconds, callback)` returns something to `cancel()`."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...


class KernelClock:
    """Real time. In a Jupyter kernel the callback runs on the kernel's own asyncio loop,
    between two messages, so it never runs during a click and widget updates go out at
    once. Without a running loop (a plain script) a daemon thread waits instead, and the
    table's lock keeps that thread and the clicks apart."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            timer = threading.Timer(delay, callback)
            timer.daemon = True
            timer.start()
            return timer
        return loop.call_later(delay, callback)


class ManualClock:
    """A clock that moves only when told to: tests and benchmarks step the bot with `advance`."""

    def __init__(self) -> None:
        self.now = 0.0
        self._queue: list[tuple[float, int, _ManualTimer]] = []
        self._order = 0

    def call_later(self, delay: float, callback: Callable[[], None]) -> _ManualTimer:
        timer = _ManualTimer(self.now + max(0.0, delay), callback)
        self._order += 1
        heapq.heappush(self._queue, (timer.due, self._order, timer))
        return timer

    @property
    def pending(self) -> int:
        """Callbacks waiting (not cancelled)."""
        return sum(not timer.cancelled for _, _, timer in self._queue)

    @property
    def next_due(self) -> float | None:
        """Seconds until the next callback, or None when nothing waits."""
        live = [due for due, _, timer in self._queue if not timer.cancelled]
        return min(live) - self.now if live else None

    def advance(self, seconds: float) -> int:
        """Move time on by `seconds`, running every callback that falls due, in time order
        (including ones scheduled meanwhile); returns how many ran."""
        end = self.now + seconds
        ran = 0
        while self._queue and self._queue[0][0] <= end:
            due, _, timer = heapq.heappop(self._queue)
            if timer.cancelled:
                continue
            self.now = max(self.now, due)
            timer.cancelled = True
            timer.callback()
            ran += 1
        self.now = end
        return ran


class _ManualTimer:
    __slots__ = ("callback", "cancelled", "due")

    def __init__(self, due: float, callback: Callable[[], None]) -> None:
        self.due, self.callback, self.cancelled = due, callback, False

    def cancel(self) -> None:
        self.cancelled = True


# ---- layout pieces ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """Where a card widget sits: `area` is "column", "waste", "stock" or "foundation";
    `index` is the column, fan position or pile (0-based); `depth` the place in a column."""

    area: str
    player: int = 0
    index: int = 0
    depth: int = 0


@cache
def stylesheet() -> str:
    """The table's one stylesheet, shipped with the package."""
    return resources.files(__package__).joinpath("style.css").read_text(encoding="utf-8")


def _box(kind: type[widgets.Box], children, *classes: str) -> widgets.Box:
    box = kind(children)
    for name in classes:
        box.add_class(name)
    return box


class _Side:
    """One player's cards: stock and waste fan on the left, the columns (seven, or ten for
    Indian Patience) beside them."""

    def __init__(self, player: int, make: Callable[[Slot], CardView], columns: int = COLUMNS) -> None:
        self.player = player
        self._make = make
        self.stock = make(Slot("stock", player))
        self.fan = [make(Slot("waste", player, j)) for j in range(FAN)]
        self.columns = [[make(Slot("column", player, c, d)) for d in range(POOL)] for c in range(columns)]
        self.column_boxes = [
            _box(widgets.VBox, [view.button for view in column], "ausp-col") for column in self.columns
        ]
        caption = widgets.Label("The bot" if player else "You")
        caption.add_class("ausp-caption")
        piles = _box(
            widgets.VBox,
            [caption, self.stock.button, _box(widgets.HBox, [v.button for v in self.fan], "ausp-fan")],
            "ausp-piles",
        )
        self.box = _box(
            widgets.HBox,
            [piles, _box(widgets.HBox, self.column_boxes, "ausp-columns")],
            "ausp-side",
            "ausp-side-bot" if player else "ausp-side-you",
        )

    def grow(self, c: int, size: int) -> None:
        """Give column `c` at least `size` card widgets (a rare, long column)."""
        column = self.columns[c]
        column.extend(self._make(Slot("column", self.player, c, d)) for d in range(len(column), size))
        self.column_boxes[c].children = tuple(view.button for view in column)

    def views(self) -> Iterator[CardView]:
        yield self.stock
        yield from self.fan
        for column in self.columns:
            yield from column


@dataclass
class _Marks:
    """Highlight classes for this update, keyed by what they mark."""

    cards: dict[tuple[int, Card], list[str]]
    columns: dict[tuple[int, int], list[str]]
    piles: dict[int, list[str]]
    stocks: dict[int, list[str]]
    places: dict[tuple[str, int], list[str]] = None  # Indian Patience: ("column", c) or ("waste", 0)

    def __post_init__(self) -> None:
        if self.places is None:
            self.places = {}

    @classmethod
    def empty(cls) -> _Marks:
        return cls({}, {}, {}, {})

    def add(self, table: dict, key: Any, mark: str) -> None:
        table.setdefault(key, []).append(mark)


# ---- the table ------------------------------------------------------------------------------------------
class GameTable(widgets.VBox):
    """The live game: `GameTable(mode="solo", seed=42)`; `table.game` is the live `Game`.

    Two-player modes put the bot's layout on top, the shared foundations in the middle and
    yours below. `clock` paces the bot (a `ManualClock` lets tests step it) and `bot` is
    anything with `choose(view) -> Move | None` (the SPEC §2 bot by default). `first` says who
    starts a turn-based game (0 you, 1 the bot, "random"); `show_modes=False` hides the
    table's own mode selector when an enclosing app has one (`table.mode` still works).
    `game="indian"` (or mode "indian") plays Indian Patience, the two-deck sister game.
    """

    mode = traitlets.Enum(
        TABLE_MODES,
        default_value="solo",
        help="solo, turns, simultaneous, or indian (Indian Patience); a new game",
    )
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
        show_modes: bool = True,
        game: str = "australian",
        **kwargs: Any,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"game must be 'australian' or 'indian', not {game!r}")
        if game == "indian":
            if mode not in ("solo", "indian"):
                raise ValueError(f"Indian Patience is a solo game: mode must be 'solo', not {mode!r}")
            mode = "indian"
        super().__init__(**kwargs)
        self._lock = threading.RLock()
        self.clock: Clock = clock if clock is not None else KernelClock()
        self.first = first
        self._bot_given = bot
        self.bot: Any = None
        self._game: Game | None = None
        self._syncing = False
        self._selected: Card | None = None
        self._selected_from: int | str | None = None  # Indian Patience: the selected card's column or "waste"
        self._seen: tuple | None = None  # Indian Patience: protected, face-down and stock before a move
        self._selected_moves: frozenset[Move] = frozenset()
        self._selected_at = 0  # how many moves had been played when the card was selected
        self._hint: Move | None = None
        self._moved: _Marks = _Marks.empty()
        self._timer: Timer | None = None
        self._generation = 0
        self._batching = False
        self._own_plays = 0  # > 0 while the table itself is playing a move
        self._lines: deque[str] = deque(maxlen=LOG_LINES)
        self._numbered = 0
        self.last_error: BaseException | None = None
        self.changed_cards = 0
        self._build()
        _show(self.mode_selector, show_modes)
        self.add_class("ausp-table")
        self.large, self.four_colour = large, four_colour
        self._apply_look()
        self.new_game(seed, mode)

    # ---- building (once) ----------------------------------------------------------------------
    def _build(self) -> None:
        self._card_layout = widgets.Layout()  # shared by every card: one model, not hundreds
        self._card_style = widgets.ButtonStyle()
        style = widgets.HTML(f"<style>{stylesheet()}</style>")
        style.add_class("ausp-style")
        self.mode_selector = widgets.ToggleButtons(
            options=MODE_OPTIONS, value="solo", style=widgets.ToggleButtonsStyle(button_width="auto")
        )
        self.mode_selector.add_class("ausp-modes")
        self.mode_selector.observe(self._on_selector, names="value")
        self.deal_field = widgets.Text(description="Deal", placeholder="number")
        self.deal_field.add_class("ausp-deal")
        self.buttons: dict[str, widgets.Button] = {}
        for name in (*BUTTONS, "New game"):
            button = widgets.Button(description=name, tooltip=TIPS[name])
            button.add_class("ausp-button")
            button.on_click(lambda _b, name=name: self._guard(self._on_button, name))
            self.buttons[name] = button
        self.speed = widgets.FloatSlider(
            value=1.0, min=0.25, max=4.0, step=0.25, description="Bot speed", readout_format=".2f"
        )
        self.speed.tooltip = "the bot's moves per second"
        self.speed.add_class("ausp-speed")
        self.speed.observe(self._on_speed, names="value")
        self.info = widgets.Label()
        self.info.add_class("ausp-info")
        self.status = widgets.Label()
        self.status.add_class("ausp-status")
        self.banner = widgets.HTML()
        self.banner.add_class("ausp-banner")
        self.banner.add_class("ausp-hidden")
        self.move_log = widgets.HTML()
        self.move_log.add_class("ausp-log")
        self._sides: list[_Side] = [_Side(0, self._make_card)]
        self._australian_side = self._sides[0]
        self._indian_side: _Side | None = None  # made when an Indian game is first played
        self._piles: list[CardView] = []
        self._pile_names: list[widgets.Label] = []  # "F1" … "F8" under the two-player piles
        self._pile_boxes: list[widgets.VBox] = []
        self._foundations = _box(widgets.HBox, [], "ausp-foundations")
        self._board = _box(widgets.VBox, [], "ausp-board")
        top = _box(
            widgets.HBox,
            [self.mode_selector, self.deal_field, self.buttons["New game"], self.speed],
            "ausp-topbar",
        )
        controls = _box(widgets.HBox, [self.buttons[name] for name in BUTTONS], "ausp-controls")
        self.children = (
            style,
            top,
            self.info,
            self.banner,
            self._board,
            controls,
            self.status,
            self.move_log,
        )

    def _make_card(self, slot: Slot) -> CardView:
        return CardView(slot, self._on_card_click, self._card_layout, self._card_style)

    def _arrange(self, mode: str) -> None:
        """Lay out the board for a mode (on a new game only, never on a move)."""
        indian = mode == "indian"
        if indian and self._indian_side is None:
            self._indian_side = _Side(0, self._make_card, INDIAN_COLUMNS)
        self._sides[0] = self._indian_side if indian else self._australian_side
        classes = [c for c in self._dom_classes if c != "ausp-indian"]
        self._dom_classes = tuple([*classes, "ausp-indian"] if indian else classes)
        piles = 4 if mode == "solo" else 8
        while len(self._piles) < piles:
            k = len(self._piles)
            self._piles.append(self._make_card(Slot("foundation", 0, k)))
            name = widgets.Label(f"F{k + 1}")  # the name every message uses for this pile
            name.add_class("ausp-pile-name")
            self._pile_names.append(name)
            self._pile_boxes.append(_box(widgets.VBox, [self._piles[k].button, name], "ausp-pile"))
        for name in self._pile_names:
            _show(name, mode != "solo")
        self._foundations.children = tuple(self._pile_boxes[:piles])
        alone = mode in ("solo", "indian")
        if not alone and len(self._sides) == 1:
            self._sides.append(_Side(1, self._make_card))
        mine = self._sides[0].box
        board = (self._foundations, mine) if alone else (self._sides[1].box, self._foundations, mine)
        if self._board.children != board:
            self._board.children = board
        for name in ("Pass", "Finish", "Undo", "Redo", "Winnable?"):
            shown = mode in {"Pass": ("turns",), "Finish": ("simultaneous",), "Winnable?": ("solo",)}.get(
                name, ("solo", "indian")
            )
            _show(self.buttons[name], shown)
        _show(self.speed, mode in ("turns", "simultaneous"))

    # ---- the game ---------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game; assign another `Game` to play it here."""
        return self._game

    @game.setter
    def game(self, game: Game | IndianGame) -> None:
        if not isinstance(game, Game | IndianGame):
            raise TypeError(f"a GameTable plays a Game, not {type(game).__name__}")
        with self._lock:
            self._attach(game)

    def new_game(self, seed: int | None = None, mode: str | None = None) -> Game:
        """Deal a new game (a random deal when `seed` is None) in `mode` (default: the current)."""
        mode = self.mode if mode is None else mode
        if mode not in TABLE_MODES:
            raise ValueError(f"mode must be one of {', '.join(TABLE_MODES)}, not {mode!r}")
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        game = Game.deal(seed, game="indian") if mode == "indian" else Game.deal(seed, mode, first=self.first)
        with self._lock:
            self._attach(game)
        return game

    def play(self, move: Move | str) -> Move | None:
        """Play one of your moves from code, like a click: a refused move is explained in the
        status line (and returns None) instead of raising."""
        played: list[Move] = []
        parse = IndianMove.parse if self._indian else Move.parse
        self._guard(lambda: played.append(self._play_user(parse(move))))
        return played[0] if played and played[0] is not None else None

    def _attach(self, game: Game) -> None:
        old = self._game
        if old is not None:
            old.remove_listener(self._on_game_event)
        self._cancel_bot()
        self._generation += 1
        self._game = game
        game.add_listener(self._on_game_event)
        self._selected, self._hint, self._moved = None, None, _Marks.empty()
        self._selected_from = None
        self._seen = _indian_state(game)
        self._lines.clear()
        self._numbered = 0
        self.bot = None
        if game.mode != "solo":
            self.bot = self._bot_given if self._bot_given is not None else _default_bot()
            if hasattr(self.bot, "reset"):
                self.bot.reset()
        self._syncing = True
        try:
            self.mode = table_mode(game)
            self.mode_selector.value = table_mode(game)
            self.deal_field.value = "" if game.seed is None else str(game.seed)
        finally:
            self._syncing = False
        self._arrange(table_mode(game))
        self._render()
        self._say(self._welcome() if game.status == "playing" else self._result_text())
        self._schedule_bot()

    def _welcome(self) -> str:
        game = self._game
        deal = f"Deal {game.seed}" if game.seed is not None else "This game"
        if self._indian:
            return (
                f"{deal} of Indian Patience. Click the top card of a column or the waste, then where it "
                "should go: one card at a time."
            )
        if game.mode == "solo":
            return f"{deal}. Click one of your cards, then where it should go."
        if game.mode == "turns":
            opener = "You start: move, then Draw to end your turn." if game.turn == 0 else "The bot starts."
            return f"{deal} against the bot, turn by turn. {opener}"
        return f"{deal} against the bot, both at once: the bot plays on its own clock."

    # ---- observing the game --------------------------------------------------------------------
    def _on_game_event(self, game: Game, event: str, move: Move | None) -> None:
        # Called inside Game.play/undo/redo/finish, also for moves made from code: never raise.
        try:
            with self._lock:
                if game is not self._game:
                    return
                if event == "refused":
                    self._refused(move, game.refusal)
                else:
                    self._after_change(event, move)
        except Exception as exc:
            self._show_error(exc)

    def _refused(self, move: Move | None, error: BaseException | None) -> None:
        """A move played on the game from code was refused (the caller gets the error too):
        say why in the status line. Nothing changed, so nothing is redrawn. The table's own
        clicks, buttons and bot report their refusals themselves, in their own words."""
        if self._own_plays or error is None:
            return
        reason = _sentence(str(error))
        self._say(f"{move} was refused. {reason}" if move is not None else reason)

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
            words = describe(move, game, player)
            self._moved = self._marks_for_bot(move) if player == 1 else _Marks.empty()
            self._note(("The bot" if player else "You") + f": {move}")
            if player == 0 or game.mode == "turns":
                # In the simultaneous game the bot's moves go to the log and the highlight,
                # so they never wipe out what the status line is telling you.
                news = self._indian_news()
                self._say(
                    ("The bot " if player else "You ") + words + "." + self._turn_change_text(player) + news
                )
        elif event == "undo":
            self._moved = _Marks.empty()
            self._note(f"Undo: {move}")
            self._say(f"Took back {move}.")
        elif event == "finish":
            self._note("Finished and counted")
        self._seen = _indian_state(game)
        if self._selected is not None and not self._moves_for(self._selected):
            self._selected = None
        if not self._batching:
            self._render()
        if game.status != "playing":
            self._say(self._result_text())
        self._schedule_bot()

    def _turn_change_text(self, player: int) -> str:
        """ " Your turn." when the bot's move handed the turn over (and the other way round)."""
        game = self._game
        if game.mode != "turns" or game.status != "playing" or game.turn == player:
            return ""
        return " Your turn." if game.turn == 0 else " The bot's turn."

    def _marks_for_bot(self, move: Move) -> _Marks:
        """Where the bot's last move landed, to highlight it until its next one."""
        marks = _Marks.empty()
        game = self._game
        if move.kind == "draw":
            marks.add(marks.cards, (1, game.waste(1)[-1]), "ausp-moved")
        elif move.kind == "pass":
            marks.add(marks.stocks, 1, "ausp-moved")
        else:
            where, index, _ = game.locate(move.card, 1)
            if where == "foundation" and index is not None:
                marks.add(marks.piles, index - 1, "ausp-moved")
            else:
                marks.add(marks.cards, (1, move.card), "ausp-moved")
        return marks

    # ---- clicks ------------------------------------------------------------------------------------------
    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        """Run a callback: a refused move or bad input becomes a message in the status line,
        any other error is shown there too (and logged), never lost."""
        with self._lock:
            try:
                action(*args)
            except (IllegalMoveError, NotationError, ValueError) as exc:
                self._say(_sentence(str(exc)))
            except Exception as exc:
                self._show_error(exc)

    def _show_error(self, exc: BaseException) -> None:
        self.last_error = exc
        logger.error("error in the game table", exc_info=exc)
        self._say(f"Something went wrong: {type(exc).__name__}: {exc}")

    def _on_card_click(self, view: CardView) -> None:
        self._guard(self._card_clicked, view)

    def _card_clicked(self, view: CardView) -> None:
        game, slot = self._game, view.slot
        if game.status != "playing":
            self._say(self._result_text() + " Click New game to play again.")
            return
        if slot.player == 1:
            self._drop_selection()
            self._say("Those are the bot's cards: you play the cards at the bottom of the table.")
            return
        if game.mode == "turns" and game.turn != 0:
            self._say("Wait for your turn: the bot is playing.")
            return
        if slot.area == "stock":
            self._drop_selection()
            self._play_user(DRAW)
        elif self._indian:
            if self._selected is None:
                self._select_indian(view)
            else:
                self._drop_indian(view)
        elif self._selected is None:
            self._select(view)
        else:
            self._drop_on(view)

    def _select(self, view: CardView) -> None:
        card, slot, game = view.card, view.slot, self._game
        if card is None:
            self._say("Click one of your cards first, then the place where it should go.")
            return
        if slot.area == "foundation":
            self._say(f"{card} is on a foundation: cards never leave a foundation.")
            return
        if slot.area == "waste" and card is not game.waste(0)[-1]:
            self._say(_sentence(self._reason(to_foundation(card)) or f"{card} cannot move"))
            return
        moves = self._moves_for(card)
        if not moves:
            self._say(self._why_stuck(card))
            return
        self._selected, self._selected_moves = card, frozenset(moves)
        self._selected_at = len(game.history)
        self._hint = None
        self._render()
        where, column, depth = game.locate(card, 0)
        group = len(game.tableau(0)[column - 1]) - depth if where == "tableau" else 1
        carried = f" and the {group - 1} card{'s' if group > 2 else ''} on it" if group > 1 else ""
        home = (
            " Click it again to send it to a foundation."
            if any(m.kind == "foundation" for m in moves)
            else ""
        )
        self._say(f"{card}{carried} selected: click a highlighted place.{home}")

    def _drop_on(self, view: CardView) -> None:
        selected, card, slot = self._selected, view.card, view.slot
        if card is selected and slot.area != "foundation":
            home = next((m for m in self._moves_for(selected) if m.kind == "foundation"), None)
            if home is None:
                self._drop_selection()
                self._say("Selection cancelled.")
            else:
                self._play_user(home)
            return
        if slot.area == "column" and card is not None and self._in_selected_group(card):
            self._drop_selection()
            self._say("Selection cancelled.")
            return
        if slot.area == "waste" and card is None:
            self._drop_selection()
            self._say("Nothing moves onto the waste: cards only leave it.")
            return
        self._play_user(self._move_to(selected, slot, card))

    def _move_to(self, selected: Card, slot: Slot, card: Card | None) -> Move:
        """The move meant by clicking `slot` (showing `card`) with `selected` in hand."""
        if slot.area == "foundation":
            if self._game.mode == "solo" and SUITS[slot.index] == selected.suit:
                return to_foundation(selected)
            return Move("foundation", selected, pile=slot.index + 1)
        if card is None:
            return to_column(selected, slot.index + 1)
        return Move("tableau", selected, onto=card)

    def _in_selected_group(self, card: Card) -> bool:
        game = self._game
        where, column, depth = game.locate(self._selected, 0)
        if where != "tableau":
            return False
        return card in game.tableau(0)[column - 1][depth:]

    def _play_user(self, move: Move) -> Move | None:
        """Play one of your moves; a refusal is explained, and a race lost to the bot said so."""
        game = self._game
        expected, since = self._selected_moves, self._selected_at
        self._selected, self._selected_moves = None, frozenset()
        try:
            with self._playing():
                return game.play(move, 0)
        except IllegalMoveError as exc:
            taker = self._taker(move, since) if move in expected else None
            self._render()
            self._say(self._too_late(move, taker) if taker is not None else _sentence(str(exc)))
            return None

    def _taker(self, move: Move, since: int) -> Move | None:
        """The bot's move, played since you selected, that took the foundation space `move`
        wanted: its card of the same rank on the same pile (the bot only ever takes spaces)."""
        if move.kind != "foundation":
            return None
        for player, played in reversed(self._game.history[since:]):
            if (
                player == 1
                and played.kind == "foundation"
                and played.card.suit == move.card.suit
                and played.card.rank == move.card.rank
                and (move.pile is None or played.pile == move.pile)
            ):
                return played
        return None

    def _too_late(self, move: Move, taker: Move) -> str:
        """A lost race in words: who took the space, and where the card can still go."""
        text = (
            f"Too late: the bot put its {taker.card} on F{taker.pile} while you were choosing, "
            f"so your {move.card} stays where it was."
        )
        still = [m for m in self._moves_for(move.card) if m.kind == "foundation"]
        if still:
            text += f" It can still go to F{still[0].pile}." if still[0].pile else " It can still go home."
        return text

    def _drop_selection(self) -> None:
        if self._selected is not None:
            self._selected, self._selected_moves = None, frozenset()
            self._render()

    def _moves_for(self, card: Card) -> list[Move]:
        if self._indian and card is self._selected:
            return self._indian_moves()
        return [m for m in self._game.legal_moves(0) if m.card is card]

    def _reason(self, move: Move) -> str | None:
        """The engine's reason why `move` is refused now (tried on a copy), or None if legal."""
        try:
            self._game.copy().play(move, 0)
        except IllegalMoveError as exc:
            return str(exc)
        return None

    def _why_stuck(self, card: Card) -> str:
        """Why a card has no move now, in the engine's words for the move it would want."""
        game = self._game
        heights = [len(pile) for pile, suit in zip(game.foundations, _pile_suits(game)) if suit == card.suit]
        if card.rank - 1 in heights:
            reason = self._reason(to_foundation(card))
        elif card.rank < 13:
            parent = Card(card.rank + 1, card.suit)
            reason = self._out_of_reach(card, parent) or self._reason(Move("tableau", card, onto=parent))
        else:
            reason = f"a King moves only into an empty column, and none is empty (or {card} heads its column)"
        return f"{card} cannot move now: {reason or 'no legal move'}."

    def _out_of_reach(self, card: Card, parent: Card) -> str | None:
        """Why `card` cannot join `parent` when the parent is not in the tableau: said for
        someone who clicked `card`, not for someone who typed a move onto the stock."""
        game = self._game
        where, _, _ = game.locate(parent, 0)
        if where == "stock":
            return f"it can only go onto {parent}, which is still in the stock"
        if where == "waste":
            top = game.waste(0)[-1]
            if top is parent:
                return (
                    f"it can only go onto {parent}, which is on the waste, and nothing moves onto the waste"
                )
            return f"it can only go onto {parent}, which lies under {top} on the waste"
        return None

    # ---- Indian Patience: a selection is a place, since a card can be on show twice ---------------
    @property
    def _indian(self) -> bool:
        return getattr(self._game, "game", "australian") == "indian"

    def _places(self) -> dict[int | str, Card]:
        """The cards that may move now, by place: column number 1–10, or "waste"."""
        game = self._game
        places: dict[int | str, Card] = {c + 1: col[-1] for c, col in enumerate(game.tableau(0)) if col}
        if game.waste(0):
            places["waste"] = game.waste(0)[-1]
        return places

    def _source_of(self, move: Move) -> int | str | None:
        """Where a card move takes its card from (a legal move names it when the card is twice on show)."""
        source = getattr(move, "source", None)
        if source is not None:
            return source
        return next((place for place, card in self._places().items() if card is move.card), None)

    def _target_of(self, move: Move) -> tuple[str, int] | None:
        """Where a legal card move puts its card: ("pile", k) or ("column", c), both 0-based."""
        game = self._game
        if move.kind == "foundation":
            if move.pile:
                return ("pile", move.pile - 1)
            heights = [len(pile) for pile in game.foundations]
            for k, suit in enumerate(_pile_suits(game)):
                if suit == move.card.suit and heights[k] == move.card.rank - 1:
                    return ("pile", k)
            return None
        if move.kind == "column":
            return ("column", move.column - 1)
        if move.kind == "tableau":
            source, protected = self._source_of(move), game.protected(0)
            for c, col in enumerate(game.tableau(0)):
                if col and col[-1] is move.onto and c + 1 != source and not protected[c]:
                    return ("column", c)
        return None

    def _indian_moves(self) -> list[Move]:
        """The legal moves of the selected card from the selected place."""
        selected, source = self._selected, self._selected_from
        return [m for m in self._game.legal_moves(0) if m.card is selected and self._source_of(m) == source]

    def _select_indian(self, view: CardView) -> None:
        card, slot, game = view.card, view.slot, self._game
        if view.face is FACE_DOWN_CARD:
            self._say("That card is face down: it turns up when the cards on it are gone.")
            return
        if card is None:
            self._say("Click one of your cards first, then the place where it should go.")
            return
        if slot.area == "foundation":
            self._say(f"{card} is on a foundation: cards never leave a foundation.")
            return
        if slot.area == "waste":
            top = game.waste(0)[-1]
            if slot.index != len(game.waste(0)[-FAN:]) - 1:
                self._say(f"{card} cannot move: only the top waste card moves, and {card} lies under {top}.")
                return
            source: int | str = "waste"
        else:
            column = game.tableau(0)[slot.index]
            if slot.depth != len(column) - 1:
                cover = column[slot.depth + 1]
                self._say(
                    f"{card} cannot move: in Indian Patience only the top card of a column moves, one card "
                    f"at a time, and {card} is covered by {cover}."
                )
                return
            source = slot.index + 1
        self._selected, self._selected_from = card, source
        moves = self._indian_moves()
        if not moves:
            self._selected, self._selected_from = None, None
            self._say(self._why_stuck_indian(card, source))
            return
        self._selected_moves, self._selected_at = frozenset(moves), len(game.history)
        self._hint = None
        self._render()
        protected = source != "waste" and game.protected(0)[source - 1]
        note = " It is protected: it may only go to a foundation." if protected else ""
        home = (
            " Click it again to send it to a foundation."
            if any(m.kind == "foundation" for m in moves)
            else ""
        )
        self._say(f"{card} selected: click a highlighted place.{note}{home}")

    def _why_stuck_indian(self, card: Card, source: int | str) -> str:
        """Why the card at `source` has no move, in the engine's words."""
        game = self._game
        home = self._reason(IndianMove("foundation", card, pile=0, source=source))
        if source != "waste" and game.protected(0)[source - 1]:
            return _sentence(f"{card} is protected: it may only go to a foundation, and {home}")
        if card.rank == 13:
            where = "a King goes to a foundation or an empty column, and no column is empty"
        else:
            where = "no other column ends with a card one rank higher in another suit that is free to take it"
        return _sentence(f"{card} cannot move now: {where}; and {home}")

    def _drop_indian(self, view: CardView) -> None:
        selected, source, slot, game = self._selected, self._selected_from, view.slot, self._game
        own = (slot.area == "column" and source == slot.index + 1) or (
            slot.area == "waste" and source == "waste"
        )
        if own:
            on_top = view.card is selected and (
                slot.area == "waste" or slot.depth == len(game.tableau(0)[slot.index]) - 1
            )
            home = next((m for m in self._indian_moves() if m.kind == "foundation"), None)
            if on_top and home is not None:
                self._play_user(home)
            else:
                self._drop_selection()
                self._say("Selection cancelled.")
            return
        if slot.area == "waste":
            self._drop_selection()
            self._say("Nothing moves onto the waste: cards only leave it.")
            return
        target = ("pile" if slot.area == "foundation" else "column", slot.index)
        meant = next((m for m in self._indian_moves() if self._target_of(m) == target), None)
        if meant is None:  # not legal: let the engine say why
            if slot.area == "foundation":
                meant = IndianMove("foundation", selected, pile=slot.index + 1, source=source)
            else:
                meant = IndianMove("column", selected, column=slot.index + 1, source=source)
        self._play_user(meant)

    def _indian_news(self) -> str:
        """What a move turned over in Indian Patience: a protected card, a column dealt again, grace."""
        game, before = self._game, self._seen
        now = _indian_state(game)
        if before is None or now is None:
            return ""
        (protected0, down0, stock0), (protected, down, stock) = before, now
        news = []
        tableau = game.tableau(0)
        for c in range(len(tableau)):
            if protected[c] and not protected0[c]:
                news.append(
                    f" {tableau[c][0]} turned up in column {c + 1}: it is protected, "
                    "so it may only go to a foundation."
                )
            if down[c] and not down0[c]:
                news.append(
                    f" Column {c + 1} was dealt again from the stock: one card face down, two face up."
                )
        if stock0 and not stock and any(protected0):
            news.append(" The stock is used up: protected cards are free now.")
        return "".join(news)

    # ---- buttons --------------------------------------------------------------------------------------
    def _on_button(self, name: str) -> None:
        self._drop_selection()
        game = self._game
        if name == "Draw":
            self._play_user(DRAW)
        elif name == "Pass":
            self._play_user(PASS)
        elif name == "Undo":
            game.undo()
        elif name == "Redo":
            game.redo()
        elif name == "Hint":
            self._show_hint()
        elif name == "Winnable?":
            self._ask_solver()
        elif name == "Auto-finish":
            self._auto_finish()
        elif name == "Finish":
            game.finish()
        elif name == "New game":
            self._new_game_from_field()

    def _ask_solver(self) -> None:
        """Search in short slices on the clock, so the kernel keeps answering clicks; a move or a
        new game in the meantime makes the answer stale, and it is dropped."""
        from ausp_widget.games.australian.solver import Solver

        game = self._game
        asked, generation = game.to_text(), self._generation
        solver = Solver(game)
        self._say("Thinking… (the solver knows the order of the stock: this is analysis, not a hint)")

        def think() -> None:
            with self._lock:
                if generation != self._generation or self._game is not game or game.to_text() != asked:
                    return
                try:
                    verdict = solver.run(seconds=SOLVER_SLICE)
                except Exception as exc:
                    self._show_error(exc)
                    return
                if verdict is None and solver.elapsed < SOLVER_SECONDS:
                    self.clock.call_later(0.0, think)
                    return
                self._say(_solver_answer(verdict, solver.result.moves, solver.elapsed))

        self.clock.call_later(0.0, think)

    def _new_game_from_field(self) -> None:
        text = self.deal_field.value.strip().lstrip("#")
        if text and not (text.isdigit() and text.isascii()):
            self._say(
                f"The deal number must be a whole number such as 42, not {self.deal_field.value.strip()!r}: "
                "the game goes on unchanged."
            )
            return
        self.new_game(int(text) if text else None)

    def _show_hint(self) -> None:
        game = self._game
        if game.status != "playing":
            self._say(self._result_text())
            return
        if game.mode == "turns" and game.turn != 0:
            self._say("Wait for your turn: the bot is playing.")
            return
        advice = _hint_for(game)
        if advice is None or getattr(advice, "move", None) is None:
            reason = getattr(advice, "reason", "") if advice is not None else ""
            self._say(_sentence(reason or "No hint: there is nothing useful left to do."))
            return
        move = advice.move
        if move.kind == "foundation" and not move.pile and game.mode != "solo":
            move = game.copy().play(move, 0)  # name the pile, as the legal moves do
        self._hint = move
        self._render()
        self._say(f"Hint: {move}. {_sentence(advice.reason)}")

    def _auto_finish(self) -> None:
        line = self._auto_finish_line()
        if line is None:
            self._say(
                "Auto-finish plays the last cards home once your stock is empty and every card "
                "left can go to a foundation in order; that is not the case yet."
            )
            return
        self._batching = True
        try:
            with self._playing():
                for move in line:
                    self._game.play(move, 0)
        finally:
            self._batching = False
        self._render()
        self._say(
            self._result_text() if self._game.status != "playing" else f"Played {len(line)} cards home."
        )

    def _auto_finish_line(self) -> list[Move] | None:
        """The foundation moves that take all your remaining cards home, if that is all that
        is left (your stock empty); else None. Tried on a copy: nothing here changes."""
        game = self._game
        if game.status != "playing" or game.stock(0) or not game.legal_moves(0):
            return None
        trial = game.copy()
        line: list[Move] = []
        while True:
            home = next((m for m in trial.legal_moves(0) if m.kind == "foundation"), None)
            if home is None:
                break
            line.append(trial.play(home, 0))
        done = not trial.waste(0) and not any(trial.tableau(0))
        return line if done and line else None

    # ---- the bot ----------------------------------------------------------------------------------------
    def _bot_should_act(self) -> bool:
        game = self._game
        if self.bot is None or game.mode == "solo" or game.status != "playing":
            return False
        return game.mode == "simultaneous" or game.turn == 1

    def _schedule_bot(self) -> None:
        if self._timer is None and self._bot_should_act():
            generation = self._generation
            delay = 1.0 / max(self.speed.value, 0.05)
            if not self._game.history:
                delay += FIRST_PAUSE  # the table is on screen before the bot opens
            self._timer = self.clock.call_later(delay, lambda: self._bot_tick(generation))

    def _on_speed(self, _change: Any) -> None:
        with self._lock:
            if self._timer is not None:  # the waiting move follows the new pace at once
                self._cancel_bot()
                self._schedule_bot()

    def _cancel_bot(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _bot_tick(self, generation: int) -> None:
        with self._lock:
            if generation != self._generation:
                return  # a tick from a game that was replaced
            self._timer = None
            self._guard(self._bot_move)

    def _bot_move(self) -> None:
        if not self._bot_should_act():
            return
        game = self._game
        move = self.bot.choose(game.view(1))
        if move is None:  # simultaneous: the bot waits for something to change
            if not game.stock(0) and not game.stock(1):
                self._say("The bot has nothing left to do. Play on, or click Finish to end and count.")
            return
        with self._playing():
            game.play(move, 1)  # the listener shows it and schedules the next tick

    # ---- drawing the table ------------------------------------------------------------------------------
    def _render(self) -> int:
        """Bring every card widget and control up to date; returns how many card widgets changed."""
        game = self._game
        legal = game.legal_moves(0)
        marks = self._marks(legal)
        changed = 0
        for side in self._sides[: game.players]:
            changed += self._render_side(side, marks)
        changed += self._render_foundations(marks)
        self._render_controls(legal)
        self.changed_cards = changed
        return changed

    def _marks(self, legal: list[Move]) -> _Marks:
        game = self._game
        marks = _Marks(
            {k: list(v) for k, v in self._moved.cards.items()},
            {},
            {k: list(v) for k, v in self._moved.piles.items()},
            {k: list(v) for k, v in self._moved.stocks.items()},
        )
        if self._indian:
            self._indian_marks(marks)
            return marks
        selected = self._selected
        if selected is not None:
            where, column, depth = game.locate(selected, 0)
            group = game.tableau(0)[column - 1][depth:] if where == "tableau" else (selected,)
            for card in group:
                marks.add(marks.cards, (0, card), "ausp-selected")
            for move in legal:
                if move.card is selected:
                    self._mark_destination(marks, move, "ausp-target")
        if self._hint is not None:
            hint = self._hint
            if hint.kind in ("draw", "pass"):
                marks.add(marks.stocks, 0, "ausp-hint")
            else:
                marks.add(marks.cards, (0, hint.card), "ausp-hint")
                self._mark_destination(marks, hint, "ausp-hint")
        return marks

    def _indian_marks(self, marks: _Marks) -> None:
        """Selection, destinations and hint by place: a card's twin elsewhere stays unmarked."""

        def mark_place(source: int | str | None, mark: str) -> None:
            if source is not None:
                marks.add(marks.places, ("waste", 0) if source == "waste" else ("column", source - 1), mark)

        def mark_target(move: Move, mark: str) -> None:
            target = self._target_of(move)
            if target is not None:
                kind, index = target
                marks.add(
                    marks.piles if kind == "pile" else marks.places, index if kind == "pile" else target, mark
                )

        if self._selected is not None:
            mark_place(self._selected_from, "ausp-selected")
            for move in self._indian_moves():
                mark_target(move, "ausp-target")
        hint = self._hint
        if hint is not None:
            if hint.kind == "draw":
                marks.add(marks.stocks, 0, "ausp-hint")
            else:
                mark_place(self._source_of(hint), "ausp-hint")
                mark_target(hint, "ausp-hint")

    def _mark_destination(self, marks: _Marks, move: Move, mark: str) -> None:
        if move.kind == "foundation":
            if move.pile:
                marks.add(marks.piles, move.pile - 1, mark)
            else:
                suits = _pile_suits(self._game)
                pile = next(k for k, s in enumerate(suits) if s == move.card.suit)
                marks.add(marks.piles, pile, mark)
        elif move.kind == "tableau":
            marks.add(marks.cards, (0, move.onto), mark)
        elif move.kind == "column":
            marks.add(marks.columns, (0, move.column - 1), mark)

    def _render_side(self, side: _Side, marks: _Marks) -> int:
        game, p = self._game, side.player
        theirs = p == 1
        changed = 0
        stock = len(game.stock(p))
        stock_marks = marks.stocks.get(p, ())
        if stock:
            changed += side.stock.show(face_down(stock, stock_marks, theirs=theirs))
        else:
            label = "the bot's stock, empty" if theirs else "stock, empty"
            changed += side.stock.show(empty_slot("stock", label, label + ": one pass only", stock_marks))
        waste = game.waste(p)
        shown = waste[-FAN:]
        indian = self._indian
        for j, view in enumerate(side.fan):
            if j < len(shown):
                card = shown[j]
                if indian:
                    card_marks = marks.places.get(("waste", 0), ()) if j == len(shown) - 1 else ()
                else:
                    card_marks = marks.cards.get((p, card), ())
                face = face_up(card, card_marks, theirs=theirs)
                changed += view.show(face, card)
            elif j == 0:
                label = "the bot's waste, empty" if theirs else "waste, empty"
                changed += view.show(empty_slot("waste", label, label))
            else:
                changed += view.show(HIDDEN)
        if indian:
            return changed + self._render_indian_columns(side, marks)
        for c, column in enumerate(game.tableau(p)):
            if len(column) > len(side.columns[c]):
                side.grow(c, len(column))
            for d, view in enumerate(side.columns[c]):
                if d < len(column):
                    card = column[d]
                    changed += view.show(face_up(card, marks.cards.get((p, card), ()), theirs=theirs), card)
                elif d == 0:
                    label = f"{'the bot’s ' if theirs else ''}empty column {c + 1}"
                    tip = label + ("" if theirs else ": only a King may move here")
                    changed += view.show(empty_slot("column", label, tip, marks.columns.get((p, c), ())))
                else:
                    changed += view.show(HIDDEN)
        return changed

    def _render_indian_columns(self, side: _Side, marks: _Marks) -> int:
        """Ten columns: face-down cards as backs (never named), the protected card marked."""
        game, changed = self._game, 0
        protected = game.protected(0)
        for c, column in enumerate(game.visible_tableau(0)):
            if len(column) > len(side.columns[c]):
                side.grow(c, len(column))
            top_marks = marks.places.get(("column", c), ())
            for d, view in enumerate(side.columns[c]):
                if d < len(column):
                    card = column[d]
                    card_marks = top_marks if d == len(column) - 1 else ()
                    if card is None:
                        changed += view.show(FACE_DOWN_CARD)
                    elif protected[c]:
                        changed += view.show(protected_card(card, card_marks), card)
                    else:
                        changed += view.show(face_up(card, card_marks), card)
                elif d == 0:
                    label = f"empty column {c + 1}"
                    tip = label + ": any single card may move here"
                    changed += view.show(empty_slot("column", label, tip, top_marks))
                else:
                    changed += view.show(HIDDEN)
        return changed

    def _render_foundations(self, marks: _Marks) -> int:
        game = self._game
        named = len(game.foundations) == 8
        changed = 0
        for k, (pile, owners, suit) in enumerate(
            zip(game.foundations, game.foundation_owners, _pile_suits(game))
        ):
            view = self._piles[k]
            pile_marks = marks.piles.get(k, ())
            if pile:
                face = face_up(pile[-1], pile_marks, theirs=owners[-1] == 1)
                changed += view.show(face, pile[-1])
            else:
                label = foundation_label(suit, k + 1 if named else None)
                tip = f"{label}: it starts with the ace of {SUIT_NAMES[suit]}"
                changed += view.show(empty_slot("foundation", label, tip, pile_marks, suit))
        return changed

    def _render_controls(self, legal: list[Move]) -> None:
        game = self._game
        playing = game.status == "playing"
        buttons = self.buttons
        buttons["Draw"].disabled = DRAW not in legal
        buttons["Pass"].disabled = PASS not in legal
        buttons["Undo"].disabled = not game.can_undo or game.mode != "solo"
        buttons["Redo"].disabled = not game.can_redo or game.mode != "solo"
        buttons["Hint"].disabled = not playing
        buttons["Winnable?"].disabled = not playing or isinstance(game, IndianGame) or game.mode != "solo"
        buttons["Finish"].disabled = not (playing and game.mode == "simultaneous") or any(
            game.stock(p) for p in range(game.players)
        )
        buttons["Auto-finish"].disabled = self._auto_finish_line() is None
        self.info.value = self._info_text()
        result = "" if playing else self._result_text()
        if self.banner.value != result:
            with self.banner.hold_sync():
                self.banner.value = f"<div>{html.escape(result)}</div>" if result else ""
                _show(self.banner, bool(result))
                for name in ("ausp-won", "ausp-lost"):
                    if name in self.banner._dom_classes:
                        self.banner.remove_class(name)
                if result:
                    self.banner.add_class("ausp-won" if game.winner == 0 else "ausp-lost")
        self.move_log.value = "".join(f"<div>{html.escape(line)}</div>" for line in reversed(self._lines))

    def _info_text(self) -> str:
        game = self._game
        if game.mode == "solo":
            deal = f"Deal {game.seed} · " if game.seed is not None else ""
            name = "Indian Patience · " if self._indian else ""
            total = _card_total(game)
            text = f"{name}{deal}{game.scores[0]} of {total} cards home · {len(game.stock(0))} in the stock"
            if self._indian and any(game.protected(0)):
                text += " · dotted gold frame: protected, it may only go to a foundation"
            return text
        mine, theirs = game.scores
        text = f"You {mine} · The bot {theirs}"
        if game.status != "playing":
            return text + " · game over"
        if game.mode == "turns":
            return text + (" · your turn" if game.turn == 0 else " · the bot's turn")
        return text + " · both play at once"

    def _result_text(self) -> str:
        game = self._game
        status = game.status
        if status == "playing":
            return "The game is still on."
        if game.mode == "solo":
            total = _card_total(game)
            if status == "won":
                return f"You won: all {total} cards are on the foundations!"
            lost = "no card can reach a foundation any more" if self._indian else "no useful move is left"
            return (
                f"Game lost: the stock is empty and {lost}; "
                f"{game.scores[0]} of {total} cards reached the foundations."
            )
        mine, theirs = game.scores
        verdict = {0: "You win!", 1: "The bot wins.", None: "A tie."}[game.winner]
        return f"Game over: you {mine}, the bot {theirs}. {verdict}"

    def _note(self, line: str) -> None:
        self._numbered += 1
        self._lines.append(f"{self._numbered}. {line}")

    def _say(self, text: str) -> None:
        self.status.value = text

    # ---- looks -------------------------------------------------------------------------------------------
    @traitlets.observe("large", "four_colour")
    def _look_changed(self, _change: Any) -> None:
        self._apply_look()

    def _apply_look(self) -> None:
        classes = [c for c in self._dom_classes if c not in ("ausp-large", "ausp-four-colour")]
        if self.large:
            classes.append("ausp-large")
        if self.four_colour:
            classes.append("ausp-four-colour")
        self._dom_classes = tuple(classes)

    @traitlets.observe("mode")
    def _mode_changed(self, change: Any) -> None:
        if not self._syncing and self._game is not None and change.new != table_mode(self._game):
            self._guard(self.new_game, self._game.seed, change.new)

    def _on_selector(self, change: Any) -> None:
        if not self._syncing:
            self.mode = change.new

    # ---- finding widgets (for tests and for code that drives the table) -----------------------------
    def card_views(self, player: int | None = None) -> list[CardView]:
        """Every card widget on show (placeholders included), optionally one player's only."""
        views: list[CardView] = []
        for side in self._sides[: self._game.players]:
            if player is None or side.player == player:
                views.extend(v for v in side.views() if not v.hidden)
        if player in (None, 0):
            views.extend(self._piles[: len(self._game.foundations)])
        return views

    def card_view(self, card: Card | str, player: int = 0) -> CardView:
        """The widget showing one of `player`'s cards (tableau, waste or foundation)."""
        card = Card.parse(card)
        for view in self.card_views(player):
            if view.card is card and view.slot.area != "foundation":
                return view
        for k, view in enumerate(self._piles[: len(self._game.foundations)]):
            if view.card is card and self._game.foundation_owners[k][-1] == player:
                return view
        raise LookupError(f"{card} is not on show for player {player} (it may be in the stock)")

    def column_view(self, column: int, player: int = 0) -> CardView:
        """The placeholder of an empty column (1–7), or the first card widget of a full one."""
        return self._sides[player].columns[column - 1][0]

    def pile_view(self, pile: int) -> CardView:
        """The widget of foundation `pile` (1-based, as in `F1`)."""
        return self._piles[pile - 1]

    def stock_view(self, player: int = 0) -> CardView:
        return self._sides[player].stock

    def close(self) -> None:
        if not hasattr(self, "_lock"):  # refused before it was built
            super().close()
            return
        with self._lock:
            self._cancel_bot()
            self._generation += 1
            if self._game is not None:
                self._game.remove_listener(self._on_game_event)
        super().close()


# ---- helpers -----------------------------------------------------------------------------------------------
def describe(move: Move, game: Game, player: int) -> str:
    """A played move in words, for the status line: "moved J♥ onto Q♥"."""
    if move.kind == "draw":
        waste = game.waste(player)
        return f"drew {waste[-1]}" if waste else "drew"
    if move.kind == "pass":
        return "passed"
    if move.kind == "foundation":
        pile = move.pile
        if not pile and getattr(game, "game", "australian") == "indian":  # name the pile it went to
            pile = next((k for k, p in enumerate(game.foundations, 1) if p and p[-1] is move.card), None)
        return f"put {move.card} on {'F' + str(pile) if pile else 'its foundation'}"
    if move.kind == "column":
        if getattr(game, "game", "australian") == "indian" and len(game.tableau(player)[move.column - 1]) > 1:
            return f"moved {move.card} onto column {move.column}"
        return f"moved {move.card} into column {move.column}"
    return f"moved {move.card} onto {move.onto}"


def table_mode(game: Game | IndianGame) -> str:
    """The table's mode for a game: "indian" for Indian Patience, else the game's own mode."""
    return "indian" if getattr(game, "game", "australian") == "indian" else game.mode


def _indian_state(game: Game | IndianGame) -> tuple | None:
    """What the Indian news compares: protected and face-down columns, and whether stock is left."""
    if getattr(game, "game", "australian") != "indian":
        return None
    return game.protected(0), game.face_down(0), bool(game.stock(0))


def _card_total(game: Game | IndianGame) -> int:
    return 104 if getattr(game, "game", "australian") == "indian" else 52


def _pile_suits(game: Game) -> list[str]:
    return [game.pile_suit(k) for k in range(1, len(game.foundations) + 1)]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _show(widget: widgets.DOMWidget, shown: bool) -> None:
    if shown and "ausp-hidden" in widget._dom_classes:
        widget.remove_class("ausp-hidden")
    elif not shown and "ausp-hidden" not in widget._dom_classes:
        widget.add_class("ausp-hidden")


def _default_bot() -> Any:
    from ausp_widget.games.australian.bot import Bot

    return Bot()


def _hint_for(game: Game) -> Any:
    """The hint for your next move (ausp_widget.games.australian.hints), or a plain fallback when that module
    is not installed: a foundation move, then any useful move, then a draw."""
    if getattr(game, "game", "australian") == "indian":
        from ausp_widget.games.indian.hints import hint as indian_hint

        return indian_hint(game)
    try:
        from ausp_widget.games.australian.hints import hint
    except ImportError:
        return _fallback_hint(game)
    if game.mode == "solo":
        return hint(game)
    try:
        return hint(game)
    except (NotImplementedError, ValueError):  # hints written for the solo game only
        return _fallback_hint(game)


@dataclass(frozen=True)
class _Advice:
    move: Move | None
    reason: str


def _fallback_hint(game: Game) -> _Advice:
    legal = game.legal_moves(0)
    useful = game.useful_moves(0)
    for move in useful:
        if move.kind == "foundation":
            return _Advice(move, f"{move.card} can go home: foundations are the goal")
    if useful:
        return _Advice(useful[0], "it is a legal move that changes the layout")
    if DRAW in legal:
        return _Advice(DRAW, "no card move helps: turn up the next stock card")
    if PASS in legal:
        return _Advice(PASS, "your stock is empty and no move helps")
    return _Advice(None, "there is nothing useful left to do")


__all__ = [
    "TABLE_MODES",
    "Clock",
    "GameTable",
    "KernelClock",
    "ManualClock",
    "Slot",
    "describe",
    "stylesheet",
    "table_mode",
]


def _solver_answer(verdict: bool | None, line: list[Move], seconds: float) -> str:
    knows = "by someone who knew the order of the stock"
    if verdict is True:
        start = " ".join(str(move) for move in line[:3])
        return f"Still winnable {knows}: a winning line starts {start} ({len(line)} moves, {seconds:.1f} s)."
    if verdict is False:
        return f"This deal can no longer be won, not even {knows} ({seconds:.1f} s)."
    return f"Undecided after {seconds:.0f} s of search: the solver could not settle it in time."
