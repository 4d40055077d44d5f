"""Cutting one puzzle from one deal: the hint player's game played forward (and, for "win" and
"judge", the solver's winning line from its last winnable position), and a position along it
that offers a task a student can get wrong.

A position is kept only when it offers at least two legal moves and at least one of them
loses the goal (after it the goal can no longer be reached in the moves left, or the solver
proves the game lost); for "free" and "home", a move other than a pointless one
(`puzzle_difficulty.sensible`) must lose somewhere along the way, or no player could go wrong.

The positions along a line are played forward once on one game and snapshotted at the plies
that may be tried, never replayed from the deal for each candidate: a solver's line can run to
thousands of moves, and replaying it for every candidate cost seconds each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ausp_widget.core.cards import Card
from ausp_widget.core.lesson import deal_position, moving_group
from ausp_widget.core.lookahead import Blindfold
from ausp_widget.core.protocol import cards_home
from ausp_widget.core.tasks import Goal, free_goal, shortest_line

from . import hint
from .puzzle_difficulty import (
    MAX_PLIES,
    after_move,
    blind_chance,
    decide,
    judge_difficulty,
    search_difficulty,
    win_difficulty,
)
from .puzzles import Puzzle, hidden, study

KING = Card.parse("K♠").rank
# The longest solution of a "win" puzzle (its last 20 or so send cards home), and the plies
# of the solver's line a "win" or "judge" puzzle is cut from: an Indian game is twice as long
# (two decks, one card a move), and along its line a move that loses is seldom among the last
# 55 but common before.
WIN_LINE = {"australian": 55, "indian": 90}  # any other game: the Australian figure
SHORT = 4  # the longest solution of a "free" or "home" puzzle
# Tuned per game; any other game (Yukon, a plug-in) takes the frugal "indian" figures, whose
# solver is the costliest to ask.
LATE_STOCK = {"australian": 8, "indian": 4}  # "win": a short stock or an empty one
JUDGE_STOCK = {"australian": 12, "indian": 6}
SCAN_STOCK = {"australian": 24, "indian": 8}  # how far back to look for a winnable position
SCANS = {"australian": 120, "indian": 12}
SCAN_STRIDE = {"australian": 1, "indian": 3}  # plies between two positions the scan asks about
TRIES = {"australian": 40, "indian": 8}  # positions tried per deal
# ... and for a study game's "win" and "judge" puzzles: each try, at an empty stock with every
# card shown, is a quick one for the solver (a few hundredths of a second), and one in 60 gives a puzzle
STUDY_TRIES = 90
# Games whose "win" and "judge" puzzles may be study positions, their face-down cards shown
# face up (`puzzles.study`): in Indian Patience the hint player is stuck with 4–9 cards face
# down and the solver's line shows every card only in its last moves, where none loses; in Yukon
# no "win" puzzle came from 30 deals without them; any other game's puzzles show every card as
# it is.
STUDY = frozenset({"indian", "yukon"})


def _tuned(table: dict[str, int], game: str) -> int:
    """A game's figure in one of the tables above (the frugal one for a game not tuned)."""
    return table.get(game, table["indian"])


def _win_line(game: str) -> int:
    """A game's longest "win" solution (`WIN_LINE`)."""
    return WIN_LINE.get(game, WIN_LINE["australian"])


# ---- playing a deal forward -------------------------------------------------------------------
def playout(game: str, deal: int) -> tuple[list[str], list[Any]]:
    """The hint player's moves on deal `deal` until it wins, is stuck or repeats a position,
    and the position before each move and after the last (`positions[k]` after `moves[:k]`)."""
    position = deal_position(game, deal)
    moves: list[str] = []
    positions = [position.copy()]
    seen = {position.piles()}
    while position.status == "playing" and len(moves) < MAX_PLIES:
        move = hint(position).move
        if move is None:
            break
        moves.append(str(position.play(move)))
        positions.append(position.copy())
        key = position.piles()
        if key in seen:
            break
        seen.add(key)
    return moves, positions


def snapshots(start: Any, moves: Sequence[str], plies: Iterable[int]) -> dict[int, Any]:
    """The positions after `moves[:k]` from `start`, for each k in `plies`: the moves played
    once on one copy, a snapshot taken at each ply asked for."""
    wanted = set(plies)
    game = start.copy()
    found = {0: game.copy()} if 0 in wanted else {}
    for k, text in enumerate(moves[: max(wanted, default=0)], start=1):
        game.play(text)
        if k in wanted:
            found[k] = game.copy()
    return found


def cut(game: str, deal: int, kind: str, rng: random.Random) -> Puzzle | None:
    """A puzzle of `kind` from the hint player's game on `deal`, or None when none fits."""
    moves, positions = playout(game, deal)
    want = want_won(rng) if kind == "judge" else None
    if kind in ("win", "judge"):
        line = winning_line(game, moves, positions)
        if line is None:
            return None
        moves, (start, ply0) = line
        plies = [k for k in range(len(moves)) if len(moves) - k <= _win_line(game)][::-1]
        if kind == "judge" or game in STUDY:  # a study game's last moves seldom lose: try any ply
            rng.shuffle(plies)
        later = snapshots(start, moves[ply0:], [k - ply0 for k in plies if k >= ply0])
        at = {k: positions[k] if k < ply0 else later[k - ply0] for k in plies}
    else:
        plies = list(range(len(moves) + 1))
        rng.shuffle(plies)
        at = dict(enumerate(positions))
    cutter = {"win": _win, "free": _free, "home": _home}.get(kind)
    tries = 0
    for ply in plies:
        position = at[ply].copy()
        if position.status != "playing" or len(position.legal_moves()) < 2:
            continue
        opened = kind == "win" and hidden(position)
        if (
            kind in ("win", "judge") and hidden(position) and game not in STUDY
        ):  # the student must see every card
            continue
        tries += 1
        if tries > (STUDY_TRIES if kind in ("win", "judge") and game in STUDY else _tuned(TRIES, game)):
            break
        history = moves[:ply]
        if cutter is None:
            found = _judge(position, bool(want), rng, study if game in STUDY else _as_it_is)
            if found is not None:
                history = [*history, found[0]]
                position = after_move(position, found[0])
                opened = game in STUDY and hidden(position)
                position = study(position)
                found = found[1:]
        else:
            position = study(position) if opened else position
            found = cutter(position, rng)
        if found is not None:
            goal, solution, difficulty = found
            line = tuple(str(m) for m in solution)
            return Puzzle(
                id=f"{game[:3]}-{deal}-{len(history)}-{kind}",
                game=game,
                seed=deal,
                moves=tuple(history),
                kind=kind,  # type: ignore[arg-type]
                goal=goal,
                solution=line,
                level=1,
                themes=puzzle_themes(kind, position, line),
                difficulty=round(difficulty, 3),
                open=opened,
            )
    return None


def want_won(rng: random.Random) -> bool:
    """Whether the next judge puzzle should be winnable (half of them are tried so)."""
    return rng.random() < 0.5


def winning_line(
    game: str, moves: list[str], positions: list[Any]
) -> tuple[list[str], tuple[Any, int]] | None:
    """The hint player's moves up to its last position the solver can still win, then the
    solver's winning line from there (a real game that wins), with that position and its ply
    (where the line's positions are to be played forward from); None when none was found."""
    stock = len(positions[0].stock())
    stride = _tuned(SCAN_STRIDE, game)
    for checked, ply in enumerate(range(len(moves), -1, -stride)):
        left = stock - sum(m == "draw" for m in moves[:ply])
        if left > _tuned(SCAN_STOCK, game):
            break
        position = positions[ply]
        if position.status == "won":
            return moves[:ply], (position, ply)
        if checked > _tuned(SCANS, game):
            break
        result = decide(position)
        if result.winnable:
            return moves[:ply] + [str(m) for m in result.moves], (position, ply)
    return None


def _as_it_is(position: Any) -> Any:
    """A position shown as it is (a game whose puzzles are never study positions)."""
    return position


def _first_moves(position: Any, lost: Callable[[Any], bool | None]) -> tuple[int, int, int] | None:
    """(legal moves, losing ones, undecided ones) over the position's first moves."""
    legal = position.legal_moves()
    losing = undecided = 0
    for move in legal:
        after = position.copy()
        after.play(move)
        verdict = lost(after)
        losing += verdict is True
        undecided += verdict is None
    return len(legal), losing, undecided


def _win(position: Any, rng: random.Random) -> tuple[Goal, tuple, float] | None:
    if len(position.stock()) > _tuned(LATE_STOCK, position.name):
        return None
    result = decide(position)
    if result.winnable is not True or not 3 <= len(result.moves) <= _win_line(position.name):
        return None

    def lost(after: Any) -> bool | None:
        verdict = decide(after)
        return None if verdict.winnable is None else not verdict.winnable and after.status != "won"

    _, losing, undecided = _first_moves(position, lost)
    if losing < 1 or undecided:
        return None
    return Goal("won"), tuple(result.moves), win_difficulty(position, result)


def from_the_table(position: Any, goal: Goal, moves: int) -> bool:
    """Whether a line of `moves` moves reaches `goal` without a card the table hides: a line
    found only by knowing a face-down card would ask the student to guess it (a puzzle shows
    its stock, so the stock's order counts as seen)."""
    return shortest_line(position, goal, moves, Blindfold(stock_seen=True)) is not None


def _search_task(position: Any, goal: Goal) -> tuple[Goal, tuple, float] | None:
    line = shortest_line(position, goal, SHORT)
    if line is None or len(line) < 2 or not from_the_table(position, goal, len(line)):
        return None
    tree: dict = {}  # every line of legal moves: the search that proves a first move loses
    firsts = [
        blind_chance(after_move(position, m), goal, len(line) - 1, tree, every=True)
        for m in position.legal_moves()
    ]
    if min(firsts) > 0:  # no first move loses
        return None
    if blind_chance(position, goal, len(line)) == 1:  # only the pointless moves lose
        return None
    return goal, line, search_difficulty(position, goal, len(line), tree)


def _free(position: Any, rng: random.Random) -> tuple[Goal, tuple, float] | None:
    buried = [
        card
        for pile in position.piles()
        if pile.kind == "column" and pile.owner == 0
        for card in pile.cards[-5:-1]
        if card is not None
    ]
    rng.shuffle(buried)
    for card in buried[:4]:
        found = _search_task(position, free_goal(position, card))
        if found is not None:
            return found
    return None


def _home(position: Any, rng: random.Random) -> tuple[Goal, tuple, float] | None:
    home = cards_home(position.piles())
    more = rng.choice((1, 2, 2, 3))
    found = _search_task(position, Goal("count", count=home + more))
    if found is None or len(found[1]) <= more:  # only foundation moves: too easy
        return None
    return found


def _judge(
    position: Any, want: bool, rng: random.Random, shown: Callable[[Any], Any]
) -> tuple[str, bool, tuple, float] | None:
    """One move from a winnable `position`, to a position that is winnable (`want`) or lost:
    (the move, the answer, the solver's line, the difficulty), each position after a move
    judged as the student is shown it (`shown`: a study position, or as it is). A position is used only when
    one of its moves keeps the game winnable and another loses it, and the answer asked for
    picks which, so both answers come from the same positions: what the board shows (cards
    home, stock left, empty columns) says nothing of the answer, and a student has to read it."""
    if len(position.stock()) > _tuned(JUDGE_STOCK, position.name):
        return None
    firsts = list(position.legal_moves())
    rng.shuffle(firsts)
    found: dict[bool, tuple[str, bool, tuple, float]] = {}
    for move in firsts:
        after = position.copy()
        text = str(after.play(move))
        after = shown(after)  # judged as shown: a study position with every card up may be over
        if after.status != "playing" or len(after.legal_moves()) < 2 or not after.useful_moves():
            continue  # a position with nothing to do but draw told lost ones from winnable ones
        result = decide(after)
        answer = result.winnable
        if answer is None or answer in found or (answer and len(result.moves) > 2 * _win_line(after.name)):
            continue
        line = tuple(str(m) for m in result.moves) if answer else ()
        found[answer] = (text, answer, line, judge_difficulty(after, result))
        if len(found) == 2:
            return found[want]
    return None


# ---- themes -----------------------------------------------------------------------------------
JUDGE_THEME = "judging a position"
BUILDING = "building"  # a line of plain moves, one card onto another


def puzzle_themes(kind: str, position: Any, line: Sequence[str]) -> tuple[str, ...]:
    """A puzzle's themes, shown with it before it is answered. A judge puzzle's come from its
    position alone: themes read from its solution would be there only when it is winnable, and
    so would give the answer away."""
    if kind == "judge":
        return (JUDGE_THEME, "endgame" if not position.stock() else "stock left")
    return themes(position, line) or (BUILDING,)


def themes(position: Any, line: Sequence[str]) -> tuple[str, ...]:
    """What the solution uses: group moves, empty columns, Kings, the waste, draws, foundations."""
    found: list[str] = []
    game = position.copy()
    if not game.stock():
        found.append("endgame")
    for text in line:
        move = game.parse_move(text)
        if move.kind in ("draw", "pass"):
            found.append("draw")
            game.play(move)
            continue
        source, target = game.move_places(move, 0)
        piles = {p.ref: p for p in game.piles()}
        if source is not None and source.pile.kind == "waste":
            found.append("waste timing")
        if target is not None and target.kind == "foundation":
            found.append("foundation")
        if target is not None and target.kind == "column":
            if len(moving_group(game, move)) > 1:
                found.append("group move")
            if not piles[target].cards:
                found.append("empty column")
                if move.card is not None and move.card.rank == KING:
                    found.append("King")
        if source is not None and source.pile.kind == "column" and source.depth == 0:
            found.append("empty column")
        game.play(move)
    return tuple(dict.fromkeys(found))
