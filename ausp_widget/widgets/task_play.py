"""Clicks on a small board turned into tries at a task: the one path the lessons and the
puzzles share. Click a card, then where it should go (the card again sends it to a
foundation); a click on the stock draws; a card with no move is explained by the game, and
counts as a wrong try. What is no move at all (a face-down card, the stock dragged) the board
answers itself (`Board.no_move`) and never passes on; a place the game finds no card could
move from (its ValueError) is raised before anything is counted, and the board says it.
The marks show the selected group, where it may go, the move just made, and after two wrong
tries (or a hint asked for) the card to move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import DRAW, Move
from ausp_widget.core.protocol import PatienceGame as Game
from ausp_widget.core.protocol import PileRef, Place, has_stock, moves_from, pile_of, refusal
from ausp_widget.core.tasks import TaskRun

from .board import Intents
from .board_state import Spot, card_at
from .second_click import CANCELLED, home_move, on_own_pile
from .step_board import ROLE_CLASSES
from .words import THEIRS

Say = Callable[..., None]  # say(text, good=False | True | None)
KEY_WORDS = {  # a key with nothing to do on a task's board: what to use instead
    "draw": "There is no stock to draw from in this game.",
    "hint": "Hints are under the Hint or Show me button, and come by themselves after two wrong tries.",
    "undo": "Nothing is undone here: Try again puts the cards back as they were.",
    "redo": "Nothing is undone here: Try again puts the cards back as they were.",
}


class TaskPlay:
    """The selection and the clicks of one board; `attempt(move)` judges a try (and redraws)."""

    def __init__(
        self,
        attempt: Callable[[Move], Any],
        say: Say,
        render: Callable[[], None],
        hints_locked: Callable[[], bool] = lambda: False,
    ) -> None:
        self._attempt, self._say, self._render = attempt, say, render
        self._hints_locked = hints_locked  # a quiz: no card is pointed out, even one asked for before
        self.selected: Place | None = None

    def intents(self, task: Callable[[], TaskRun | None]) -> Intents:
        """The board's intents, each acting on the task `task()` returns (None: it said why not)."""

        def on(method: Callable[..., None]) -> Callable[..., None]:
            def handler(*args: Any) -> None:
                run = task()
                if run is not None:
                    method(run, *args)

            return handler

        return Intents(
            click=on(self.click),
            drop=on(self.drop),
            home=on(self.home),
            key=on(self.key),
            answered=lambda text: self._say(text, good=None),
            selecting=lambda: self.selected is not None,
        )

    def click(self, run: TaskRun, view: Spot) -> None:
        """A click on `view` while `run` is under way."""
        game, pile = run.game, view.pile
        if pile.owner == 1:
            self._theirs()
        elif pile.kind == "stock":
            self._attempt(DRAW)
        elif self.selected is None:
            self._select(run, game, view)
        else:
            self._drop(run, game, view)

    def drop(self, run: TaskRun, place: Place, pile: PileRef) -> None:
        """A card (and the cards on it) dragged from `place` onto `pile`: a try, as two clicks
        would make it (without the first click's highlight and words in between)."""
        self.selected = None
        if pile.owner == 1 or place.pile.owner == 1:
            self._theirs()
        elif self._pick(run, run.game, place, place.pile, announce=False):
            self._onto(run, run.game, pile)

    def key(self, run: TaskRun, action: str) -> None:
        """A key on the board: Escape drops the selection, D draws as a click on the stock
        does; the others are the buttons' (a lesson has no undo: Try again starts over)."""
        if action == "cancel":
            if self.selected is not None:
                self.selected = None
                self._render()
                self._say(CANCELLED, good=None)
        elif action == "draw" and has_stock(run.game):
            self.selected = None
            self._attempt(DRAW)
        else:
            self._say(KEY_WORDS.get(action, KEY_WORDS["draw"]), good=None)

    def _theirs(self) -> None:
        self.selected = None
        self._render()
        self._say(THEIRS)

    def home(self, run: TaskRun, place: Place) -> None:
        """A double-click: the card goes to a foundation when a rule allows it."""
        self.selected = None
        home = home_move(moves_from(run.game, place, 0))
        if home is None:
            card = card_at(run.game, place)
            if card is None:  # no move, and no try: the board says so
                raise IllegalMoveError("there is no card of yours there to send to a foundation")
            run.wrong += 1
            self._render()
            self._say(f"Not allowed: {_home_refused(run, card)}.")
            return
        self._attempt(home)

    def _select(self, run: TaskRun, game: Game, view: Spot) -> None:
        self._pick(run, game, view.place, view.pile)

    def _pick(
        self, run: TaskRun, game: Game, place: Place | None, pile: PileRef, announce: bool = True
    ) -> bool:
        """Select the card at `place`; whether it was selected (if not, the reason is said).
        `announce` shows the selection and asks where it goes (a click's first half)."""
        if place is None or pile.kind == "foundation":
            self._say("Click one of the cards you play first, then the place where it should go.")
            return False
        if not moves_from(game, place, 0):
            why = game.explain_stuck(place, 0)  # no card that could move raises: the board says it
            run.wrong += 1
            self._render()
            self._say(why)
            return False
        self.selected = place
        if announce:
            self._render()
            self._say("Now click where it should go (click it again to send it to a foundation).", good=None)
        return True

    def _drop(self, run: TaskRun, game: Game, view: Spot) -> None:
        """The second click (`on_own_pile`: one on the selected card's own pile is no try)."""
        selected = self.selected
        if on_own_pile(selected, view):
            home = home_move(moves_from(game, selected, 0)) if view.place == selected else None
            if home is not None:
                self._attempt(home)
            else:
                self.selected = None
                self._render()
                self._say(CANCELLED, good=None)
            return
        self._onto(run, game, view.pile)

    def _onto(self, run: TaskRun, game: Game, pile: PileRef) -> None:
        """The selected card onto `pile`: a try the task judges, or a place no move can reach."""
        selected = self.selected
        try:
            move = game.move_between(selected, pile, 0)
        except ValueError as error:  # a place no move can reach (the waste, a foundation's middle)
            self.selected = None
            run.wrong += 1
            self._render()
            self._say(f"Not allowed: {error}.")
            return
        self._attempt(move)

    def marks(self, run: TaskRun) -> dict[Place | PileRef, list[str]]:
        """The board's marks for the task as it stands."""
        game, marks = run.game, {}
        piles = game.piles()
        if self.selected is not None:
            pile = pile_of(piles, self.selected.pile)
            for depth in range(self.selected.depth, len(pile.cards)):
                marks[Place(self.selected.pile, depth)] = [ROLE_CLASSES["group"]]
            for move in moves_from(game, self.selected, 0):
                target = game.move_places(move, 0)[1]
                if target is not None:
                    marks.setdefault(target, []).append(ROLE_CLASSES["target"])
        elif run.played:
            for key in landed(game, run.played[-1]):
                marks.setdefault(key, []).append(ROLE_CLASSES["moved"])
        if run.hint_due and not run.helped and self.selected is None and not self._hints_locked():
            run.helped = True
        if run.helped and not run.done and self.selected is None and not self._hints_locked():
            line = run.next_moves()
            where = game.move_places(line[0], 0)[0] if line else None
            marks.setdefault(where or PileRef("stock", 0), []).append(ROLE_CLASSES["mark"])
        return marks


def landed(game: Game, move: Move) -> list[Place | PileRef]:
    """Where the cards of the move just played lie now, to mark them as moved."""
    piles = game.piles()
    if move.kind == "draw":
        waste = pile_of(piles, PileRef("waste", 0))
        return [Place(waste.ref, len(waste.cards) - 1)]
    for pile in piles:
        if pile.kind == "foundation" and pile.top == move.card:
            return [pile.ref]
        if pile.kind == "column" and pile.owner == 0 and move.card in pile.cards:
            start = pile.cards.index(move.card)
            return [Place(pile.ref, depth) for depth in range(start, len(pile.cards))]
    return []


def _home_refused(run: TaskRun, card: Any) -> str:
    """Why `card` cannot go home, in the game's own words (a covered card is said to be covered),
    which name no card the player cannot see."""
    return refusal(run.game, f"{card} F", run.task.goal.player) or f"{card} cannot go to a foundation now"
