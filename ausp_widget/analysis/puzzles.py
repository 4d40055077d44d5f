"""Puzzles cut from real games: a position reached from a deal number, and a task checked by
the engine and the solver, never only against the stored line.

Four kinds:

- "win": win from here (a late position: the stock short, shown, or empty). Any move after
  which the solver can still win counts; `goal` is `Goal("won")`.
- "free": free a card in at most N moves; `goal` is a core `free_goal`.
- "home": get N more cards home in at most M moves; `goal` is a core "count" goal.
- "judge": winnable or not? `goal` is the answer (True or False); `judge(answer)` says
  whether the student is right, with the solver's line or the reason the position is lost.

A puzzle may be a study position (`open`, as chess puzzles show the whole board): its face-down
cards are shown face up (`study`), so what the solver knows is what the student sees. Indian
Patience's "win" and "judge" puzzles are (its hint player is stuck with cards still face down,
and the solver's line shows every card only in its last moves, where no move loses).

"free" and "home" tasks are judged by the lessons' search (any line of at most N moves, seeing
the stock a puzzle shows but no card a move turns up: `core.lookahead`), "win" tasks by the
solver (the task's `search` hook). `load` reads the shipped puzzles or one's own file, refusing
(`PuzzleFileError`) an entry that does not replay; `make` (`puzzles_make`) cuts new ones.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ausp_widget import data as shipped
from ausp_widget.core import registry
from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import deal_position
from ausp_widget.core.moves import Move
from ausp_widget.core.position_text import BOM
from ausp_widget.core.progress_checks import check_id
from ausp_widget.core.protocol import has_stock
from ausp_widget.core.replay import replayed
from ausp_widget.core.saves import short_repr
from ausp_widget.core.tasks import Feedback, Goal, Task, TaskRun

from . import solve

Kind = Literal["win", "free", "home", "judge"]
KINDS: tuple[str, ...] = ("win", "free", "home", "judge")
LEVELS = range(1, 6)
SOLVER_NODES = 200_000  # the budget of one check of a "win" try
SOLVER_SECONDS = 5.0
GOAL_KINDS = {"win": ("won",), "free": ("free",), "home": ("count",)}
ANSWERS = {"yes": True, "no": False}  # a "judge" puzzle's words, as the question asks for them
STUDY_WORDS = "A study position: every card is shown, the face-down ones too. "
QUOTED = 40  # characters of a student's answer repeated in feedback
# A puzzle's themes: what its solution or position shows (see `puzzles_cut.puzzle_themes`).
THEMES = frozenset(
    {
        "building",
        "draw",
        "empty column",
        "endgame",
        "foundation",
        "group move",
        "judging a position",
        "King",
        "stock left",
        "waste timing",
    }
)


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used: the message names the file and the entry (its number
    and id) and what is wrong, so a teacher can mend it."""


def _quoted(text: object) -> str:
    """A student's answer as feedback repeats it: cut to `QUOTED` characters."""
    words = str(text)
    return words if len(words) <= QUOTED else words[: QUOTED - 1] + "…"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: deal `seed` of `game` after `moves` (the history that reaches the
    position), what to do (`kind`, `goal`), a `solution` line (move texts), its `level`
    (1–5), `themes` and `difficulty` (bits of insight against a blind player, from the solver's
    work: see `puzzle_difficulty`; higher is harder)."""

    id: str
    game: str
    seed: int
    moves: tuple[str, ...]
    kind: Kind
    goal: Goal | bool
    solution: tuple[str, ...]
    level: int
    themes: tuple[str, ...] = ()
    difficulty: float = 0.0
    open: bool = False  # a study position: its face-down cards are shown face up (`study`)

    @property
    def position(self) -> Any:
        """The puzzle's position, a fresh game each time (replayed from the deal; its
        face-down cards turned face up when it is a study position)."""
        game = deal_position(self.game, self.seed, self.moves)
        return study(game) if self.open else game

    @property
    def words(self) -> str:
        """The question, for the student (a study position says that every card is shown)."""
        return STUDY_WORDS + self._question() if self.open else self._question()

    def _question(self) -> str:
        if self.kind == "judge":
            return "Can this position still be won? Answer yes or no."
        if self.kind == "win":
            stocked = has_stock(self.position)
            return "Win from here: every card is face up" + (" and the stock is shown." if stocked else ".")
        assert isinstance(self.goal, Goal)
        n = len(self.solution)
        within = f"in {n} move{'s' if n > 1 else ''}" if n else "now"
        if self.kind == "free":
            return f"Free {self.goal.card} {within}."
        more = self.goal.more_home(self.position)
        return f"Get {more} more card{'s' if more > 1 else ''} home {within}."

    def task(self) -> Task:
        """The puzzle as a core `Task`, for a `TaskRun` (a "judge" puzzle has none: `judge`)."""
        if self.kind == "judge" or not isinstance(self.goal, Goal):
            raise ValueError(f"puzzle {self.id} asks winnable or not: answer it with judge(True/False)")
        position = self.position
        answer = tuple(_replay(position, self.solution))
        if self.kind == "win":
            return Task(self.words, self.goal, answer, slack=0, stock_seen=True, search=solver_line)
        return Task(self.words, self.goal, answer, stock_seen=True)  # a puzzle shows its stock

    def judge(self, answer: bool | str) -> Feedback:
        """Whether `answer` (True or "yes": winnable; False or "no") is right, with the solver's
        line or why it is lost. "yes" and "no" are read in any case, as the question asks."""
        if self.kind != "judge":
            raise ValueError(f"puzzle {self.id} is a {self.kind!r} puzzle: play it through task()")
        if isinstance(answer, str):
            answer = ANSWERS.get(answer.strip().lower(), answer)
        if not isinstance(answer, bool):
            raise ValueError(
                f"the answer is True or 'yes' (winnable), False or 'no' (lost), not {short_repr(answer)}"
            )
        right = answer == self.goal
        return Feedback(right, f"{'Right' if right else 'Not so'}: {self.answer_words()}", done=True)

    def answer_words(self) -> str:
        """A "judge" puzzle's answer in words: the solver's winning line, or why it is lost."""
        if self.goal:
            line = ", ".join(self.solution)
            return f"this position can be won. A winning line ({len(self.solution)} moves): {line}."
        return f"this position is lost. {lost_reason(self.position)}"

    def check(self, answer: Any) -> Feedback:
        """Judge an answer: a line of moves (texts or `Move`s; one text is one move) for "win",
        "free" and "home" puzzles — any line that reaches the goal is correct, and the first
        wrong move is answered with the rule it breaks or what it fails to do — or True/False
        ("yes"/"no") for a "judge" puzzle."""
        if self.kind == "judge":
            return self.judge(answer)
        moves = [answer] if isinstance(answer, (str, Move)) else answer
        if not isinstance(moves, (list, tuple)) or not moves:
            raise ValueError(f"an answer is a move or a list of moves, not {short_repr(answer)}")
        run = TaskRun(self.task(), self.position)
        for number, move in enumerate(moves, start=1):
            feedback = run.attempt(move)
            if not feedback.correct:
                where = f"Move {number} ({_quoted(move)})" if len(moves) > 1 else _quoted(move)
                return Feedback(False, f"{where}: {feedback.text}", feedback.move, rule=feedback.rule)
            if feedback.done:
                played = ", ".join(str(m) for m in run.played)
                return Feedback(True, f"Correct: {played} — {self.goal.words()}.", feedback.move, done=True)
        aim = self.goal.aim(run.game)  # a count said as how many more cards the line needs
        return Feedback(False, f"Every move is legal, but the goal is not reached yet: {aim}.")

    def to_dict(self) -> dict[str, Any]:
        goal: Any = self.goal
        if isinstance(goal, Goal):
            goal = {"kind": goal.kind, "card": str(goal.card) if goal.card else None, "count": goal.count}
        return {
            "id": self.id,
            "game": self.game,
            "seed": self.seed,
            "moves": list(self.moves),
            "kind": self.kind,
            "goal": goal,
            "solution": list(self.solution),
            "level": self.level,
            "themes": list(self.themes),
            "difficulty": round(self.difficulty, 3),
            **({"open": True} if self.open else {}),
        }


FACE_DOWN_MARK = re.compile(r"\[([^\]\s]+)\]")  # "[9♠]", a face-down card in a position's text


def hidden(position: Any) -> bool:
    """Whether a column holds a face-down card."""
    return any(None in p.cards for p in position.piles() if p.kind == "column")


def study(position: Any) -> Any:
    """`position` with every face-down card turned face up, as a study position shows it (as
    chess puzzles show the whole board): the student sees all the solver sees. A card so
    turned up is an ordinary face-up card, as in its game's position text without the
    brackets that mark a face-down one; a position with none comes back as it is."""
    if not hidden(position):
        return position
    opened = type(position).from_text(FACE_DOWN_MARK.sub(r"\1", position.to_text()))
    opened.seed = position.seed  # the deal it came from, as the board tells one deal from another
    return opened


def solver_line(game: Any, goal: Goal, limit: int) -> tuple[Move, ...] | None:
    """The `Task.search` of a "win" puzzle: the solver's winning line from `game`, None when
    the solver proves the game lost, and () when it reached no verdict in its budget (the
    try is given the benefit of the doubt). `limit` is not used: a full search."""
    if goal.reached(game):
        return ()
    if game.status != "playing":
        return None
    result = solve(game, time_limit=SOLVER_SECONDS, node_limit=SOLVER_NODES)
    if result.winnable is False:
        return None
    return tuple(result.moves)


def lost_reason(position: Any) -> str:
    """Why a lost position is lost, in words: the moves it offers, each leading nowhere."""
    moves = [str(m) for m in position.legal_moves()]
    result = solve(position, time_limit=SOLVER_SECONDS, node_limit=SOLVER_NODES)
    counted = f"{result.nodes} position" + ("" if result.nodes == 1 else "s")
    searched = f"The solver searched every line from here ({counted})"
    if not moves:
        return f"No move is left: {position.lost_because}."
    shown = ", ".join(moves[:8]) + (" …" if len(moves) > 8 else "")
    return (
        f"{searched}: whichever of the {len(moves)} moves you start with ({shown}), "
        "some card can never reach a foundation."
    )


def _replay(position: Any, line: tuple[str, ...]) -> list[Move]:
    return replayed(position, [(0, text) for text in line])[1]


# ---- reading and writing ----------------------------------------------------------------------
def data_file(game: str) -> Path | Any:
    return shipped.file(f"puzzles_{game}.json")


def load(game: str = "australian", level: int | None = None, path: str | Path | None = None) -> list[Puzzle]:
    """The shipped puzzles of `game` (or those in the file `path`), of one `level` or all,
    easiest first. Every entry is checked as it is read: its fields, an id of its own, a deal
    number from 0 up, and its moves and solution replayed through the engine to its goal; a
    bad file or entry raises a `PuzzleFileError` (a `ValueError`) naming the file, the entry
    and what is wrong. The shipped files are checked once per session."""
    registry.entry(game)  # a ValueError listing the games there are
    check_level(level)
    items = _shipped(game) if path is None else _read(Path(path), game)
    chosen = [p for p in items if level is None or p.level == level]
    return sorted(chosen, key=lambda p: (p.level, p.difficulty, p.id))


@cache
def _shipped(game: str) -> tuple[Puzzle, ...]:
    source, name = data_file(game), f"puzzles_{game}.json"
    if not source.is_file():
        if shipped.remake_command(name):  # a set that ships: its file and the command remaking it
            raise shipped.missing(name)
        raise PuzzleFileError(f"{registry.entry(game).title} has no puzzle set ({name} does not ship)")
    return _read(source, game)


def _read(source: Path | Any, game: str) -> tuple[Puzzle, ...]:
    """Every puzzle in a file, each replayed from its deal; a `PuzzleFileError` names what is wrong."""
    try:
        data = json.loads(source.read_text(encoding="utf-8").removeprefix(BOM))
    except FileNotFoundError:
        raise PuzzleFileError(f"there is no puzzle file {source}") from None
    except IsADirectoryError:
        raise PuzzleFileError(f"the puzzle file {source} is a folder, not a file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleFileError(f"the puzzle file {source} cannot be read: {error}") from None
    except json.JSONDecodeError as error:
        raise PuzzleFileError(f"the puzzle file {source} is not JSON: {error}") from None
    except RecursionError:
        raise PuzzleFileError(f"the puzzle file {source} is not JSON this reads: nested too deeply") from None
    entries = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise PuzzleFileError(f"the puzzle file {source} has no list of 'puzzles'")
    if "game" in data and data["game"] != game:
        raise PuzzleFileError(
            f"the puzzle file {source} has 'game' {short_repr(data['game'])}: it must be {game!r}, "
            f"the game its puzzles are for{_load_as(data['game'])}"
        )
    items, seen = [], {}
    for number, entry in enumerate(entries, start=1):
        try:
            puzzle = from_dict(entry, number)
            if puzzle.game != game:
                raise ValueError(f"puzzle entry {number} ({puzzle.id}) is not a {game} puzzle")
            if puzzle.id in seen:
                raise ValueError(f"puzzle entry {number} has the id {puzzle.id!r} of entry {seen[puzzle.id]}")
            replay_check(puzzle, f"puzzle entry {number} ({puzzle.id})")
        except ValueError as error:
            raise PuzzleFileError(f"in the puzzle file {source}: {error}") from None
        seen[puzzle.id] = number
        items.append(puzzle)
    return tuple(items)


def replay_check(puzzle: Puzzle, name: str) -> None:
    """A `ValueError` unless the puzzle's moves replay from its deal and its solution is legal
    and reaches its goal: a puzzle the trainer can put on the board and answer."""
    try:
        game = puzzle.position
    except ValueError as error:
        raise ValueError(f"{name}: its moves do not replay from deal {puzzle.seed}: {error}") from None
    try:
        for text in puzzle.solution:
            game.play(text)
    except ValueError as error:
        raise ValueError(f"{name}: its solution is not legal from its position: {error}") from None
    goal = puzzle.goal
    if isinstance(goal, Goal) and not goal.reached(game):
        raise ValueError(f"{name}: its solution does not reach its goal ({goal.aim()})")
    if goal is True and game.status != "won":
        raise ValueError(f"{name}: a winnable position's solution must win the game")


def of_the_day(day: date | str | None = None, game: str = "australian") -> Puzzle:
    """The same puzzle for everyone on a date (today by default), for a class to solve together:
    picked from the shipped puzzles by a hash of the date, so no two nearby days repeat a pattern."""
    if day is None:
        day = date.today()
    elif isinstance(day, str):
        try:
            day = datetime.fromisoformat(day.strip()).date()  # "2026-12-02", or with a time
        except ValueError:
            raise ValueError(
                f"a day is a date or its ISO text such as '2026-12-02', not {short_repr(day)}"
            ) from None
    elif isinstance(day, datetime):
        day = day.date()  # a time of day means its day: the same puzzle all day
    elif not isinstance(day, date):
        raise ValueError(f"a day is a date or its ISO text such as '2026-12-02', not {short_repr(day)}")
    items = sorted(load(game), key=lambda p: p.id)
    digest = hashlib.sha256(f"{game}:{day.isoformat()}".encode()).digest()
    return items[int.from_bytes(digest[:8], "big") % len(items)]


def check_level(level: object) -> None:
    if level is not None and (type(level) is not int or level not in LEVELS):  # not True, nor 1.0
        raise ValueError(f"level is a whole number from 1 to 5 (or None for all), not {level!r}")


def from_dict(entry: object, number: int = 0) -> Puzzle:
    """A puzzle from its JSON form; a `ValueError` names the entry and the field that is wrong."""
    name = f"puzzle entry {number}"
    if not isinstance(entry, dict):
        raise ValueError(f"{name} is not an object")
    if "id" not in entry:
        raise ValueError(f"{name} has no 'id'")
    ident = check_id(f"{name}: its 'id'", entry["id"], "a puzzle's id")
    name = f"{name} ({ident})"

    def field(key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in entry:
            raise ValueError(f"{name} has no {key!r}")
        value = entry[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise ValueError(f"{name}: {key!r} must be {_kind_words(kind)}, not {value!r}")
        return value

    kind = field("kind", str)
    if kind not in KINDS:
        raise ValueError(f"{name}: 'kind' must be one of {', '.join(KINDS)}, not {kind!r}")
    game = field("game", str)
    try:
        registry.entry(game)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    level = field("level", int)
    if level not in LEVELS:
        raise ValueError(f"{name}: 'level' must be from 1 to 5, not {level!r}")
    moves, solution, themes = (field(k, list) for k in ("moves", "solution", "themes"))
    for key, values in (("moves", moves), ("solution", solution), ("themes", themes)):
        if not all(isinstance(v, str) for v in values):
            raise ValueError(f"{name}: {key!r} must be a list of texts")
    unknown = next((t for t in themes if t not in THEMES), None)
    if unknown is not None:
        raise ValueError(
            f"{name}: 'themes' has {short_repr(unknown)}, not a theme; a theme is one of "
            + ", ".join(sorted(THEMES, key=str.lower))
        )
    opened = entry.get("open", False)
    if not isinstance(opened, bool):
        raise ValueError(
            f"{name}: 'open' (a study position, every card shown) is true or false, not {opened!r}"
        )
    seed = field("seed", int)
    if seed < 0:
        raise ValueError(f"{name}: 'seed' (the deal number) must be from 0 up, not {seed}")
    return Puzzle(
        id=ident,
        game=game,
        seed=seed,
        moves=tuple(moves),
        kind=kind,
        goal=_goal_from(entry.get("goal"), kind, name),
        solution=tuple(solution),
        level=level,
        themes=tuple(themes),
        difficulty=_difficulty(field("difficulty", (int, float)), name),
        open=opened,
    )


def _difficulty(value: int | float, name: str) -> float:
    """An entry's difficulty: a finite number from 0 up (true or false is not a number here)."""
    wanted = "'difficulty' must be a number from 0 up"
    if isinstance(value, bool):
        raise ValueError(f"{name}: {wanted}, not {value!r}")
    try:
        number = float(value)
    except OverflowError:
        raise ValueError(f"{name}: {wanted} that is not too large, not {short_repr(value)}") from None
    if not math.isfinite(number) or number < 0:
        raise ValueError(f"{name}: {wanted}, not {short_repr(value)}")
    return number


def _goal_from(goal: object, kind: str, name: str) -> Goal | bool:
    if kind == "judge":
        if not isinstance(goal, bool):
            raise ValueError(f"{name}: a judge puzzle's 'goal' is true or false, not {goal!r}")
        return goal
    if not isinstance(goal, dict) or goal.get("kind") not in GOAL_KINDS[kind]:
        raise ValueError(f"{name}: a {kind} puzzle's 'goal' is a {GOAL_KINDS[kind][0]!r} goal, not {goal!r}")
    card = goal.get("card")
    count = goal.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError(f"{name}: the goal's 'count' must be a whole number of at least 1, not {count!r}")
    try:
        parsed = Card.parse(card) if card is not None else None
    except ValueError as error:
        raise ValueError(f"{name}: the goal's card: {error}") from None
    if kind == "free" and parsed is None:
        raise ValueError(f"{name}: a free puzzle's goal names a card")
    return Goal(goal["kind"], parsed, count=count)


def _kind_words(kind: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", str: "a text", list: "a list", float: "a number"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def save(puzzles: list[Puzzle], path: str | Path, **about: Any) -> None:
    """Write `puzzles` as JSON (with `about`: the generator's seed, level cut points…), whole or
    not at all: the text goes to a file beside `path` that then takes its place, so a run
    stopped mid-write leaves the file as it was before, never half written."""
    data = {**about, "puzzles": [p.to_dict() for p in puzzles]}
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    target = Path(path)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())
        os.chmod(name, target.stat().st_mode & 0o777 if target.is_file() else 0o644)
        os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def _load_as(name: object) -> str:
    """How to load a set of the registered game a puzzle file names, in words ("" for none)."""
    if isinstance(name, str) and name in {entry.name for entry in registry.games()}:
        return f" (a set of {name!r} loads with game={name!r})"
    return ""
