"""How hard a puzzle is, as one number: its own module, so that cutting puzzles
(`puzzles_make`) and checking a stored one (`difficulty`) measure it the same way.

Difficulty is measured against a blind player, who picks uniformly among the sensible
moves (every legal move but those the game itself calls pointless: a King, or a lone card,
shuffled from one empty column to another) and never looks ahead. If such a player reaches
the goal with chance p, the puzzle asks for log2(1/p) bits of insight: the surprisal of the
solution, a classic measure of how hard a puzzle is. One number takes in what the solver's
work shows: every move of a longer line thins p again, so does every move that loses — at
each step of the line, not only the first — and a goal reached by many lines keeps p high.
The pointless moves are left out because no player weighs them: counted in, a position with
two empty columns and a King would look hard only for its shuffles. Nothing here asks the
hint player, so the benchmark that measures the hint player level by level
(`bench/puzzles.py`) is not circular.

- "free" and "home": p is exact, a memoised recursion over every sensible line of at most
  the par moves, for an eager blind player: whenever a card can go home it sends one home
  (any of them) with chance `EAGER`, else it picks among the other sensible moves; with no
  card to send home it picks among them all. A beginner's rule of thumb, "cards home first",
  so a task whose line needs a move away from the foundations first, or a card kept back,
  counts as harder than one a blind player stumbles on by sending cards home; the plain blind
  player ordered puzzles by how many moves there are, not by how far the line runs against
  that habit, and its levels did not get harder for a player it never asked (Indian
  Patience). Search effort adds `EFFORT` bits per tenfold more positions in the tree of
  every legal line (the search that proves the losing moves lose); it mostly orders puzzles
  of equal p, which the small trees make common.
- "win": p is the share of `BLIND_PLAYS` blind games (one fixed seed, so the same position
  always gets the same difficulty) that win, as (wins + ½)/(games + 1) so that it is never
  0; plus log10 of the positions the solver searched, its effort to find the line.
- "judge": "winnable or not?" is hard when the position points the wrong way. A winnable one
  that blind games seldom win looks lost: log2(1/p) as above. A lost one where blind games
  still bring many cards home looks alive: log2(1/(1 − f)), f being the mean share of the
  cards still out that they get home. Both add log2 of the legal moves (each a line the
  student must follow before answering) and the solver's effort, log10 of its positions.

`difficulty(puzzle)` works the number out again from a puzzle as stored.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ausp_widget.core.tasks import Goal

from . import solve
from .puzzles import Puzzle

__all__ = [
    "after_move",
    "blind_chance",
    "blind_games",
    "decide",
    "difficulty",
    "eager_chance",
    "judge_difficulty",
    "search_difficulty",
    "sensible",
    "win_difficulty",
]

MAX_PLIES = 300  # the longest game played forward, or played blind
NODES = 60_000  # the solver's budget for one check while making puzzles
SECONDS = 3.0
BLIND_PLAYS = {"australian": 200, "indian": 40}  # blind games from a "win" or "judge" puzzle
BLIND_SEED = 0
EFFORT = 0.25  # bits per tenfold more positions in a "free" or "home" puzzle's search tree
EAGER = 0.9  # the "free"/"home" blind player's chance of sending a card home when one can go


def decide(position: Any) -> Any:
    """The solver's verdict within the budget every check of puzzle making has."""
    return solve(position, time_limit=SECONDS, node_limit=NODES)


def difficulty(puzzle: Puzzle) -> float:
    """`puzzle`'s difficulty worked out again from its position, goal and solution, as `make`
    works it out (see the module's docstring); higher is harder."""
    position = puzzle.position
    if puzzle.kind in ("free", "home"):
        assert isinstance(puzzle.goal, Goal)
        return search_difficulty(position, puzzle.goal, len(puzzle.solution), {})
    result = decide(position)
    return win_difficulty(position, result) if puzzle.kind == "win" else judge_difficulty(position, result)


def search_difficulty(position: Any, goal: Goal, par: int, tree: dict) -> float:
    """Bits of the sensible blind player's chance within `par` moves, and the search effort:
    `tree` (filled here when empty) memoises every line of legal moves."""
    every = blind_chance(position, goal, par, tree, every=True)
    chance = eager_chance(position, goal, par) or every
    return _bits(chance) + EFFORT * math.log10(1 + len(tree))


def win_difficulty(position: Any, result: Any) -> float:
    """A "win" puzzle's: the bits of the blind games' chance, and the solver's effort."""
    wins, _ = blind_games(position)
    return _bits(wins) + math.log10(1 + result.nodes)


def judge_difficulty(position: Any, result: Any) -> float:
    """A "judge" puzzle's: how far the position points the wrong way, its choices, the solver's effort."""
    wins, brought = blind_games(position)
    misleading = _bits(wins) if result.winnable else _bits(1 - min(brought, 0.999))
    return misleading + math.log2(len(position.legal_moves())) + math.log10(1 + result.nodes)


def blind_chance(
    position: Any, goal: Goal, moves: int, memo: dict | None = None, every: bool = False
) -> float:
    """The chance that a blind player reaches `goal` from `position` within `moves` moves:
    exact, memoised on the position and the moves left. The player picks uniformly among the
    sensible moves (`sensible`), or among every legal move when `every` is true."""
    if goal.reached(position):
        return 1.0
    if moves < 1 or position.status != "playing":
        return 0.0
    memo = {} if memo is None else memo
    key = (position.piles(), moves)
    if key not in memo:
        choices = position.legal_moves() if every else sensible(position)
        chances = [blind_chance(after_move(position, m), goal, moves - 1, memo, every) for m in choices]
        memo[key] = sum(chances) / len(chances) if chances else 0.0
    return memo[key]


def eager_chance(position: Any, goal: Goal, moves: int, memo: dict | None = None) -> float:
    """The chance that the eager blind player reaches `goal` from `position` within `moves`
    moves: exact, memoised. Among the `sensible` moves it sends a card home (uniformly among
    those that do) with chance `EAGER` when one can go and another move is there too, and
    otherwise picks uniformly."""
    if goal.reached(position):
        return 1.0
    if moves < 1 or position.status != "playing":
        return 0.0
    memo = {} if memo is None else memo
    key = (position.piles(), moves)
    if key not in memo:
        choices = sensible(position)
        home = [m for m in choices if _sends_home(position, m)]
        rest = [m for m in choices if m not in home]

        def mean(chosen: list) -> float:
            return sum(eager_chance(after_move(position, m), goal, moves - 1, memo) for m in chosen) / len(
                chosen
            )

        if home and rest:
            memo[key] = EAGER * mean(home) + (1 - EAGER) * mean(rest)
        else:
            memo[key] = mean(choices) if choices else 0.0
    return memo[key]


def _sends_home(position: Any, move: Any) -> bool:
    """Whether `move` puts a card on a foundation."""
    if move.kind in ("draw", "pass"):
        return False
    _, target = position.move_places(move, 0)
    return target is not None and target.kind == "foundation"


def sensible(position: Any) -> list:
    """The legal moves less those the game calls pointless (`useful_moves` leaves out a King,
    or a lone card, shuffled from one empty column to another): every card move that changes
    something, and the draw. All the legal moves when that leaves none."""
    legal = position.legal_moves()
    useful = set(position.useful_moves())
    return [m for m in legal if m in useful or m.kind in ("draw", "pass")] or legal


def blind_games(position: Any, plays: int | None = None, seed: int = BLIND_SEED) -> tuple[float, float]:
    """Blind games from `position` (uniform among the `sensible` moves, at most `MAX_PLIES`
    moves each): their chance to win, (wins + ½)/(games + 1), and the mean share of the cards
    still out that they bring home. The same seed gives the same games."""
    plays = BLIND_PLAYS.get(position.name, 40) if plays is None else plays
    rng = random.Random(seed)
    home = _cards_home(position)
    out = sum(p.size for p in position.piles()) - home
    wins = brought = 0
    for _ in range(plays):
        game = position.copy()
        for _ply in range(MAX_PLIES):
            choices = sensible(game) if game.status == "playing" else []
            if not choices:
                break
            game.play(rng.choice(choices))
        wins += game.status == "won"
        brought += _cards_home(game) - home
    return (wins + 0.5) / (plays + 1), brought / max(1, out * plays)


def _bits(chance: float) -> float:
    return math.log2(1 / chance)


def after_move(position: Any, move: Any) -> Any:
    """A copy of `position` with `move` played."""
    after = position.copy()
    after.play(move)
    return after


def _cards_home(position: Any) -> int:
    return sum(p.size for p in position.piles() if p.kind == "foundation")
