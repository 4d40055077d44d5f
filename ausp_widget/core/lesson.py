"""Guide steps as data, for any game: a title, plain words, a real position and a move, with
the moving group and its destination taken from the game itself (through the protocol).

Each game writes its own steps (`ausp_widget.games.<game>.guide`); views read steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from . import display, registry
from .cards import Card
from .errors import short_repr
from .moves import Move
from .replay import replayed
from .tasks import Goal, Task

Game = Any  # any game of the protocol (`ausp_widget.core.protocol.PatienceGame`)

GuideMode = Literal["solo", "turns", "simultaneous", "indian"]
SpotKind = Literal["card", "foundation", "column", "stock", "waste"]


@dataclass(frozen=True)
class Spot:
    """A place on the table: a card, foundation pile `number` (1-based), empty column `number`
    (1–7), or a player's stock or waste."""

    kind: SpotKind
    card: Card | None = None
    number: int | None = None
    player: int = 0


@dataclass(frozen=True, eq=False)
class Step:
    """One step of the guide. `position` is a real game; `move` (played by `player`) is legal
    in it. `group` is the moving group, `target` its destination, `marks` other cards the
    words talk about. Views must not change `position`: use `after` or a copy."""

    title: str
    text: str
    position: Game
    move: Move | None = None
    player: int = 0
    group: tuple[Card, ...] = ()
    target: Spot | None = None
    marks: tuple[Card, ...] = ()
    after: Game = field(default=None, repr=False)  # type: ignore[assignment]
    dim: bool = True
    exercise: Task | None = None
    lesson: str = ""

    @property
    def task(self) -> str | None:
        """What the student is asked to do, in words (None for a step to watch)."""
        return self.exercise.words if self.exercise is not None else None

    @property
    def highlights(self) -> tuple[Spot, ...]:
        """What to highlight: the moving group (cards of `player`), the destination, and the
        marked cards (always cards of your own layout, player 0)."""
        spots = [Spot("card", card=card, player=self.player) for card in self.group]
        if self.target is not None:
            spots.append(self.target)
        spots += [Spot("card", card=card, player=0) for card in self.marks]
        return tuple(dict.fromkeys(spots))

    @property
    def focus(self) -> tuple[Spot, ...]:
        """The cards the step talks about; a view dims the others (none when empty)."""
        return tuple(spot for spot in self.highlights if spot.kind == "card") if self.dim else ()

    def figure(self, after: bool = False, **options):
        """This step as a matplotlib figure (see `ausp_widget.render.plot.step_figure`)."""
        return display.draw("step_figure", self, after=after, **options)


# ---- highlights from the engine ---------------------------------------------------------------
def moving_group(game: Game, move: Move | str, player: int = 0) -> tuple[Card, ...]:
    """The cards `move` carries: the card with every card covering it (one card in a game
    that moves single cards), the top waste card, or for a draw the card about to turn up."""
    move = game.parse_move(move)
    if move.kind == "draw":
        return game.stock(player)[:1]
    if move.kind == "pass" or move.card is None:
        return ()
    source, _ = game.move_places(move, player)
    if source is None:
        return (move.card,)
    pile = next(p for p in game.piles() if p.ref == source.pile)
    return tuple(pile.cards[source.depth :])


def destination(game: Game, move: Move | str, player: int = 0) -> Spot | None:
    """Where `move` goes, as it would be played in `game` (a foundation move names its pile)."""
    move = game.parse_move(move)
    if move.kind == "draw":
        return Spot("waste", player=player)
    _, target = game.move_places(move, player)
    if target is None:
        return None
    if target.kind == "foundation":
        return Spot("foundation", number=target.index + 1)
    if move.kind == "tableau":
        return Spot("card", card=move.onto, player=player)
    return Spot("column", number=target.index + 1, player=player)


def make_step(
    title: str,
    text: str,
    position: Game,
    move: Move | str | None = None,
    player: int = 0,
    marks: Sequence[Card | str] = (),
    dim: bool = True,
) -> Step:
    """A step whose move is checked by playing it on a copy of `position` (an illegal move
    raises `IllegalMoveError` here, when the guide is made)."""
    after = position.copy()
    played = None
    if move is not None:
        group = moving_group(position, move, player)
        played = after.play(move, player)
        target = destination(position, played, player)
    else:
        group, target = (), None
    return Step(
        title,
        text,
        position,
        played,
        player,
        group,
        target,
        tuple(Card.parse(c) for c in marks),
        after,
        dim,
    )


def make_task(
    title: str,
    text: str,
    position: Game,
    task: str,
    goal: Goal,
    answer: Sequence[Move | str],
    *,
    checkup: bool = False,
    slack: int = 0,
    marks: Sequence[Card | str] = (),
    dim: bool = False,
) -> Step:
    """A step that asks the student to reach `goal`. `answer` is a shortest line, checked by
    playing it here, and by the engine's search (`check_task`) in the tests, for every lesson
    of every mode (a search each time a guide is made would slow every app's start); the step's
    `move` is its first move and `after` the position it reaches."""
    moves = tuple(position.parse_move(m) for m in answer)
    exercise = Task(task, goal, moves, checkup, slack)
    first = make_step(title, text, position, moves[0], goal.player, marks, dim)
    after = played(position, [(goal.player, str(m)) for m in moves])
    return replace(first, after=after, exercise=exercise)


def deal_position(
    game: str, seed: int, moves: Sequence[str | tuple[int, str]] = (), mode: str = "solo"
) -> Game:
    """A real position: deal number `seed` of `game` in `mode`, after `moves` (text, or
    (player, text)); its `seed` and `history` say how it was reached."""
    return played(registry.entry(game).deal(seed, mode=mode), moves)


def in_lesson(lesson: str, steps: Sequence[Step]) -> list[Step]:
    """The steps, each labelled as part of `lesson` (progress is kept per lesson)."""
    return [replace(step, lesson=lesson) for step in steps]


def played(game: Game, moves: Sequence[str | tuple[int, str]]) -> Game:
    """A copy of `game` after `moves` (text, or (player, text) for the bot's moves), each
    played through the game's rules (`core.replay`); an illegal move, or a move after the game
    is over, raises as `play` does."""
    return replayed(game, [entry if isinstance(entry, tuple) else (0, entry) for entry in moves])[0]


def steps(mode: GuideMode = "solo") -> list[Step]:
    """The guide for a table mode, from the game that plays it; made afresh on each call, so a
    view may keep its own list."""
    game, _ = registry.for_table_mode(mode)
    made = game.guide(mode)
    listed = isinstance(made, list)
    wrong = next((step for step in made if not isinstance(step, Step)), None) if listed else made
    if not listed or wrong is not None:
        among = " among its steps" if listed else ""
        raise TypeError(
            f"game {game.name!r}: its guide for {mode!r} gave {short_repr(wrong)}{among}, not a list "
            "of steps (ausp_widget.core.lesson.Step)"
        )
    return made


def figure(step: Step, after: bool = False, **options):
    """The step as a matplotlib figure (see `ausp_widget.render.plot.step_figure`)."""
    return display.draw("step_figure", step, after=after, **options)
