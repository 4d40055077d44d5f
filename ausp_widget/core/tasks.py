"""What a lesson asks the student to do, and how a try is judged, for any game.

A `Goal` is a fact about a position ("A♣ is on a foundation", "J♥ lies on Q♥"), read from the
game's piles. A try is judged twice: by the game's own rules (its refusal names the rule a move
breaks, the same words the live table shows), and by the engine (a short search says whether
the goal can still be reached in the moves left). So any line that reaches the goal counts,
never only one stored answer. The search sees only what the table shows (`core.lookahead`):
the answer's own line is always good, and no verdict depends on a card a try would turn up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Literal

from .cards import Card
from .errors import IllegalMoveError, NotationError
from .lookahead import Blindfold
from .moves import Move
from .protocol import Pile, Place, cards_home
from .sight import Sight
from .stars import earned, stars_said, stars_why
from .text import capital
from .text import sentence as _sentence

Game = Any  # any game of the protocol (`ausp_widget.core.protocol.PatienceGame`)

GoalKind = Literal["home", "free", "on", "bottom", "empty", "drawn", "count", "won"]


@dataclass(frozen=True)
class Goal:
    """A fact about the student's (`player`'s) cards that a task asks them to make true.

    home: `count` copies of `card` on the foundations · free: `card` is the top card of a column
    (or home) · on: `card` lies directly on `onto` · bottom: `card` lies alone or under others at
    the bottom of a column · empty: `count` empty columns · drawn: the player's stock holds
    fewer than `count` cards (a card was turned up; its words name none: the stock is face
    down) · count: `count` of the player's cards on the foundations · won: the game is won.
    """

    kind: GoalKind
    card: Card | None = None
    onto: Card | None = None
    count: int = 1
    player: int = 0

    def __post_init__(self) -> None:
        if self.kind == "drawn" and self.card is not None:
            raise ValueError(
                "a 'drawn' goal counts the stock and names no card: Goal('drawn', count=len(game.stock()))"
            )

    def reached(self, game: Game, blindfold: Blindfold | None = None) -> bool:
        """Whether the goal holds in `game`; a card `blindfold` marks unknown counts for nothing."""
        piles = blindfold.masked(game.piles()) if blindfold else game.piles()
        if self.kind == "won":
            return game.status == "won"
        if self.kind == "home":
            return _home_copies(piles, self.card) >= self.count
        if self.kind == "count":
            return cards_home(piles, self.player) >= self.count
        if self.kind == "empty":
            return sum(1 for p in self._columns(piles) if not p.cards) >= self.count
        if self.kind == "drawn":
            return sum(p.size for p in piles if p.kind == "stock" and p.owner == self.player) < self.count
        if self.kind == "free" and _home_copies(piles, self.card) >= self.count:
            return True
        for pile in self._columns(piles):
            cards = pile.cards
            if self.kind == "free" and cards and cards[-1] == self.card:
                return True
            if self.kind == "bottom" and cards[:1] == (self.card,):
                return True
            if self.kind == "on" and any(a == self.onto and b == self.card for a, b in pairwise(cards)):
                return True
        return False

    def _columns(self, piles: tuple[Pile, ...]) -> Iterator[Pile]:
        return (p for p in piles if p.kind == "column" and p.owner == self.player)

    def words(self) -> str:
        """The goal as a short phrase, for feedback ("A♣ on a foundation")."""
        return {
            "home": f"{self.card} on a foundation",
            "free": f"{self.card} uncovered",
            "on": f"{self.card} on {self.onto}",
            "bottom": f"{self.card} at the head of a column",
            "empty": "an empty column" if self.count == 1 else f"{self.count} empty columns",
            "drawn": "a card turned up from the stock",
            "count": f"{self.count} of your cards on the foundations",
            "won": "every card on the foundations",
        }[self.kind]

    def more_home(self, game: Game) -> int:
        """For a count goal: how many more of the player's cards `game` must bring home."""
        return self.count - cards_home(game.piles(), self.player)

    def aim(self, game: Game | None = None) -> str:
        """The goal as what to do ("free A♣"), for saying what a move fails to do; a count of
        cards home is said as how many more `game` needs ("get 2 more of your cards…")."""
        if self.kind == "count" and game is not None:
            more = self.more_home(game)
            if more > 0:
                return f"get {more} more of your cards onto the foundations"
        return {
            "home": f"send {self.card} to a foundation",
            "free": f"free {self.card}",
            "on": f"put {self.card} on {self.onto}",
            "bottom": f"move {self.card} to the head of a column",
            "empty": "empty a column" if self.count == 1 else f"make {self.count} empty columns",
            "drawn": "turn up a card from the stock",
            "count": f"get {self.count} of your cards onto the foundations",
            "won": "win the game",
        }[self.kind]


def home_goal(position: Game, card: Card | str, player: int = 0) -> Goal:
    """ "Send `card` home": one more copy of it on the foundations than `position` has."""
    card = Card.parse(card) if isinstance(card, str) else card
    return Goal("home", card, count=_home_copies(position.piles(), card) + 1, player=player)


def free_goal(position: Game, card: Card | str, player: int = 0) -> Goal:
    """ "Free `card`": its copy in the columns on top of its column (or sent home)."""
    card = Card.parse(card) if isinstance(card, str) else card
    return Goal("free", card, count=_home_copies(position.piles(), card) + 1, player=player)


def _home_copies(piles: tuple[Pile, ...], card: Card | None) -> int:
    return sum(p.cards.count(card) for p in piles if p.kind == "foundation")


# ---- the engine's part: can the goal still be reached? ----------------------------------------
def shortest_line(
    game: Game, goal: Goal, limit: int, blindfold: Blindfold | None = None
) -> tuple[Move, ...] | None:
    """A shortest line of at most `limit` moves by `goal.player` that reaches `goal`, or None.

    Iterative deepening over the legal moves, remembering positions already searched to a
    depth (moves that do not touch each other reach the same position in either order). With
    a `blindfold` the search uses only what the table shows: a card it turns up stays unknown.
    Without one it knows every card (for checking a task as it is made)."""
    if goal.reached(game, blindfold):
        return ()
    for depth in range(1, limit + 1):
        line = _search(game, goal, depth, {}, blindfold)
        if line is not None:
            return tuple(line)
    return None


def _search(
    game: Game, goal: Goal, depth: int, searched: dict, blindfold: Blindfold | None
) -> list[Move] | None:
    key = game.piles()
    if searched.get(key, -1) >= depth:
        return None
    searched[key] = depth
    for move in game.legal_moves(goal.player):
        if blindfold and not blindfold.allows(game, move, goal.player):
            continue
        after = game.copy()  # a copy, not undo: moves against the bot cannot be taken back
        after.play(move, goal.player)
        seen = blindfold.after(key, after, move, goal.player) if blindfold else None
        if goal.reached(after, seen):
            return [move]
        if depth > 1:
            rest = _search(after, goal, depth - 1, searched, seen)
            if rest is not None:
                return [move, *rest]
    return None


# ---- a task and one go at it ------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """What a step asks: `words` for the student, the `goal`, the author's `answer` (a shortest
    line, checked by the engine when the lesson is made) and whether it is a `checkup`, played
    without hints. A line may take `slack` moves more than the answer and still count.

    `search(game, goal, limit)` finds a line to the goal (None: it cannot be reached); by
    default `shortest_line`. A goal too far for a depth-limited search (winning from a late
    position) supplies a full search here, and then the move budget does not limit a line.

    `stock_seen` says the stock's order is on show (a puzzle shows it; a lesson does not), so
    the lookahead that judges a try may read it."""

    words: str
    goal: Goal
    answer: tuple[Move, ...]
    checkup: bool = False
    slack: int = 0
    stock_seen: bool = False
    search: Callable[[Game, Goal, int], tuple[Move, ...] | None] | None = field(
        default=None, compare=False, repr=False
    )

    @property
    def par(self) -> int:
        """The fewest moves that reach the goal."""
        return len(self.answer)


def check_task(position: Game, task: Task) -> None:
    """Refuse a task whose answer is illegal, misses the goal, or is not a shortest line."""
    game = position.copy()
    for move in task.answer:
        game.play(move, task.goal.player)
    if not task.goal.reached(game):
        raise ValueError(f"the answer {_line(task.answer)} does not reach {task.goal.words()}")
    shorter = shortest_line(position, task.goal, task.par - 1) if task.par > 1 else None
    if task.par == 0 or shorter is not None:
        raise ValueError(
            f"{task.goal.words()} is reached in fewer moves than the answer {_line(task.answer)}"
            + (f": {_line(shorter)}" if shorter else "")
        )


@dataclass(frozen=True)
class Feedback:
    """The verdict on one try: `correct`, the words for the student, the move as played (None
    when refused) and whether the goal is now `done`. `rule` is True when the game's rules
    refused the move, False when it was legal but does not lead to the goal."""

    correct: bool
    text: str
    move: Move | None = None
    done: bool = False
    rule: bool = False

    def __post_init__(self) -> None:
        """Every verdict reads as a sentence, whatever it starts with (a move such as `draw`)."""
        object.__setattr__(self, "text", capital(self.text))

    def __bool__(self) -> bool:
        return self.correct


@dataclass
class TaskRun:
    """One go at a task from its position: the moves kept so far, the wrong tries, and whether
    the student asked for help. A wrong try changes nothing."""

    task: Task
    start: Game
    game: Game = field(init=False)
    played: list[Move] = field(default_factory=list)
    wrong: int = 0
    helped: bool = False  # a hint was shown
    shown: bool = False  # "Show me" played the answer

    def __post_init__(self) -> None:
        self.game = self.start.copy()

    @property
    def done(self) -> bool:
        return self.task.goal.reached(self.game)

    @property
    def solved(self) -> bool:
        """Done by the student (not by "Show me")."""
        return self.done and not self.shown

    @property
    def stars(self) -> int:
        """3 for the fewest moves with no wrong try; one less for each wrong try, extra move or
        hint, down to 1 (`earned()`); 0 until solved by the student."""
        return earned(self.wrong, self._extra, self.helped) if self.solved else 0

    @property
    def stars_words(self) -> str:
        """The stars in words, with what cost the missing ones ("" until the task is done)."""
        if not self.done:
            return ""
        return stars_said(self.stars, self.wrong, self._extra, self.helped, self.shown)

    @property
    def stars_why(self) -> str:
        """Why the stars are what they are, without the stars ("" until the task is done)."""
        return stars_why(self.wrong, self._extra, self.helped, self.shown) if self.done else ""

    @property
    def _extra(self) -> int:
        """Moves played beyond the fewest."""
        return max(0, len(self.played) - self.task.par)

    @property
    def hint_due(self) -> bool:
        """After two wrong tries a hint shows the card to move (never in a check-up)."""
        return self.wrong >= 2 and not self.done and not self.task.checkup

    def next_moves(self) -> tuple[Move, ...]:
        """A shortest line from here to the goal: the rest of the answer while the moves kept so
        far are its start, else a line found from what the table shows."""
        if self._on_answer:
            return self.task.answer[len(self.played) :]
        budget = self.task.par + self.task.slack - len(self.played)
        return self._look(self.game, max(budget, 0), Blindfold(self.task.stock_seen)) or ()

    @property
    def _on_answer(self) -> bool:
        return tuple(self.played) == self.task.answer[: len(self.played)]

    def _look(self, game: Game, limit: int, blindfold: Blindfold) -> tuple[Move, ...] | None:
        """A line from `game` to the goal: the task's own full search when it has one (a puzzle
        whose every card is on show), else one that uses only what the table shows."""
        if self.task.search is not None:
            return self.task.search(game, self.task.goal, limit)
        return shortest_line(game, self.task.goal, limit, blindfold)

    def attempt(self, move: Move | str) -> Feedback:
        """Judge a try: the game's rules first, then whether the goal can still be reached.

        The answer's next move is good while the moves kept so far are the answer's start.
        Any other try is judged by a search from what the table shows, so two tables that
        look the same get the same verdict, whatever their face-down cards."""
        if self.done:
            return Feedback(False, "This task is already done: press Next to go on.")
        player, goal = self.task.goal.player, self.task.goal
        trial = self.game.copy()
        try:
            played = trial.play(move, player)
        except NotationError as error:  # a slip of the pen, not a try: it costs nothing
            return Feedback(False, f"That is not a move: {_sentence(error)}")
        except IllegalMoveError as error:
            if not _draws_nothing(trial, move, player):  # a click on an empty stock is no try
                self.wrong += 1
            return Feedback(False, f"Not allowed: {_sentence(error)}", rule=True)
        blindfold = Blindfold(self.task.stock_seen).after(self.game.piles(), trial, played, player)
        on_answer = self._on_answer and self.task.answer[len(self.played) : len(self.played) + 1] == (played,)
        if goal.reached(trial, blindfold) or (on_answer and len(self.played) + 1 == self.task.par):
            self.game = trial
            self.played.append(played)
            said = _seen(trial, f"{played}: well done, {goal.words()}.", f"{played}: well done.")
            return Feedback(True, said, played, done=True)
        left = self.task.par + self.task.slack - len(self.played) - 1
        if self.task.search is not None:
            left = max(left, 1)  # a full search: the budget does not limit the line
        if on_answer or (left > 0 and self._look(trial, left, blindfold) is not None):
            self.game = trial
            self.played.append(played)
            said = _seen(
                trial, f"{played}: good. Keep going, {goal.aim(trial)}.", f"{played}: good. Keep going."
            )
            return Feedback(True, said, played)
        self.wrong += 1
        hides = self.task.search is None and blindfold.hides(self.game.piles())
        missed = _misses(played, self.task, left, self.task.goal.aim(self.game), hides)
        return Feedback(False, _seen(self.game, missed, _misses(played, self.task, left, VEILED_AIM, hides)))

    def show(self) -> tuple[Move, ...]:
        """Play the rest of a shortest line (the student asked to be shown)."""
        line = self.next_moves()
        for move in line:
            self.game.play(move, self.task.goal.player)
        self.played += line
        self.shown = True
        return line

    def reset(self) -> None:
        """Start the task again from its position (stars are earned afresh)."""
        self.game, self.played, self.wrong = self.start.copy(), [], 0
        self.helped = self.shown = False

    def hint_place(self) -> Place | None:
        """Where the card to move lies (None for a draw, or when nothing is left to do)."""
        line = self.next_moves()
        if not line:
            return None
        source, _ = self.game.move_places(line[0], self.task.goal.player)
        return source


VEILED_AIM = "do what this step asks"
"""What a try fails to do, said without the goal's cards when the table does not show them
(a goal about the top stock card, still face down)."""


def _seen(game: Game, text: str, instead: str) -> str:
    """`text` when it names only cards `game`'s table shows, else `instead` (no feedback names
    a card face down or in the stock: it would give the answer away, and more)."""
    return Sight.of_game(game).say(text, instead)


def _misses(played: Move, task: Task, left: int, aim: str, hides: bool) -> str:
    """What a legal move fails to do (`aim`: the goal as what to do); the move is taken back.
    While the table `hides` cards, the search could use only the cards on show, and says so."""
    if task.search is not None:
        return f"{played} is legal, but it does not help: after it, no line of play could {aim}. Try another."
    shown = " with the cards on show" if hides else ""
    if left <= 0:
        return f"{played} is legal, but it does not {aim}{shown}. Try another move."
    moves = "the one move" if left == 1 else f"the {left} moves"
    could_not = f"after it, {moves} left could not {aim}{shown}"
    return f"{played} is legal, but it does not help: {could_not}. Try another."


def _line(moves: tuple[Move, ...] | None) -> str:
    return ", ".join(str(m) for m in moves or ()) or "(no moves)"


def _draws_nothing(game: Any, move: Move | str, player: int) -> bool:
    """Whether `move` is a draw from an empty stock: a click on a place where nothing lies."""
    try:
        kind = move.kind if isinstance(move, Move) else game.parse_move(move).kind
    except (NotationError, IllegalMoveError):
        return False
    return kind == "draw" and not game.stock(player)
