"""Strategy habits measured over many deals, so that every claim a lesson makes has a figure.

Players (each a function of the `View` alone, so none can read the stock order):

- `hint`: the hint player, `hint_from_view` followed every move.
- `draw_early`: Pagat's "draw at the start and whenever the waste is empty": with an empty
  waste and a non-empty stock it draws before anything else, otherwise it follows the hint.
- `kings_at_once`: "any King into a free column as soon as one is free": before any other move,
  the first King the rules list (suit order ♣♦♥♠) goes into the empty column, whatever it
  uncovers; otherwise the hint. (A King already at the bottom of a column is never moved:
  that would only shuffle columns.)
- `kings_saved`: "save empty columns for useful Kings": the hint, except that a King from the
  tableau fills an empty column (or a column is emptied for it) only when the card it uncovers
  can then be played; a King that opens nothing waits until the stock is empty and nothing else
  moves. A King on the waste always counts as useful: it can leave the waste only for an empty
  column, so until it does it buries every waste card beneath it ("it frees a buried card").
- `kings_saved_strict`: the same, but a waste King too must let the card below it play at once.
- `groups_blind`: group moves chosen without looking at what they uncover or carry: the hint's
  foundation, waste and King moves, then the first group move the rules list (onto the
  leftmost exposed card), then draw.

A second judge for groups, `group_choice`: along the hint player's line, at every position
offering two or more group moves, the solver judges each; the deal scores "1" when at some such
position one choice keeps the deal winnable and another loses it.

The deal features the figures split deals by are in `deal_features`.

`outcome(judge, seed)` is one deal's verdict as one character: "1" won, "0" not won, "?" the
solver's node budget ran out. Judges are the players above and "solver" (full information,
a fixed node budget rather than a time limit, so that a test can re-check a verdict exactly).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from ausp_widget.analysis import solve
from ausp_widget.core.moves import DRAW, Move, to_column
from ausp_widget.core.playout import play_out as core_play_out
from ausp_widget.games.australian.game import Game
from ausp_widget.games.australian.hints import _Board, hint_from_view
from ausp_widget.games.australian.view import View

Policy = Callable[[View], "Move | None"]
NODE_LIMIT = 50_000
"""The solver's budget per deal: decides all but a handful of deals in milliseconds, and the
same verdict on every machine (a time limit would depend on the machine's load)."""
MAX_MOVES = 1_000


# ---- the players -------------------------------------------------------------------------
def _advice(board: _Board, finders: Sequence[Callable[[], object]], late=()) -> Move | None:
    """The hint's decision procedure with other finders: the first finder's move, else empty
    a column, else draw, else the `late` finders (used only once the stock is empty)."""
    for finder in finders:
        found = finder()
        if found:
            return found if isinstance(found, Move) else found.move
    if board.emptying_moves:
        return board.emptying_moves[0][0]
    if board.view.stock_size:
        return DRAW
    for finder in late:
        found = finder()
        if found:
            return found if isinstance(found, Move) else found.move
    return None


def hint_finders(board: _Board) -> list[Callable[[], object]]:
    """The hint's finders, best first (as `hint_from_view` tries them)."""
    return board.finders()


def hint_player(view: View) -> Move | None:
    """The baseline: the hint, every move."""
    return hint_from_view(view).move


def draw_early(view: View) -> Move | None:
    """Draw whenever the waste is empty (so also first of all), else the hint."""
    if not view.waste and view.stock_size:
        return DRAW
    return hint_from_view(view).move


def _king_at_bottom(view: View, move: Move) -> bool:
    return any(column and column[0] == move.card for column in view.tableau)


def kings_at_once(view: View) -> Move | None:
    """Fill a free column with the first King listed, before anything else; else the hint."""
    if any(not column for column in view.tableau):
        for move in view.legal_moves():
            if move.kind == "column" and not _king_at_bottom(view, move):
                return move
    return hint_from_view(view).move


def _useful_kings(board: _Board, waste_ok: bool) -> list:
    """Kings worth an empty column: the next card can play (or any waste King, if `waste_ok`)."""
    return [king for useful, king, freed in board.kings_waiting() if useful or (waste_ok and freed is None)]


def _saving(view: View, waste_ok: bool) -> Move | None:
    board = _Board(view)
    kings = _useful_kings(board, waste_ok)
    finders = hint_finders(board)
    finders[3:5] = [
        lambda: to_column(kings[0], board.empty[0] + 1) if kings and board.empty else None,
        lambda: board.emptying_moves[0][0] if kings and board.emptying_moves else None,
    ]
    return _advice(board, finders, late=(board.king_to_empty_column,))


def kings_saved(view: View) -> Move | None:
    """The hint, but an empty column waits for a King that opens a route (a waste King always does)."""
    return _saving(view, waste_ok=True)


def kings_saved_strict(view: View) -> Move | None:
    """The hint, but an empty column waits for a King whose move lets the next card play."""
    return _saving(view, waste_ok=False)


def groups_blind(view: View) -> Move | None:
    """Group moves taken in the rules' order, blind to what they uncover or carry along."""
    board = _Board(view)
    top = view.waste[-1] if view.waste else None
    for finder in (board.to_foundation, board.waste_to_tableau, board.king_to_empty_column):
        found = finder()
        if found:
            return found.move
    for move in view.legal_moves():
        if move.kind == "tableau" and move.card != top:
            return move
    return DRAW if view.stock_size else None


POLICIES: dict[str, Policy] = {
    "hint": hint_player,
    "draw_early": draw_early,
    "kings_at_once": kings_at_once,
    "kings_saved": kings_saved,
    "kings_saved_strict": kings_saved_strict,
    "groups_blind": groups_blind,
}


def play_out(seed: int, policy: Policy) -> Game:
    """Deal `seed` and let `policy` play it from the player's view until it ends or stops."""
    return core_play_out(Game.deal(seed), lambda game: policy(game.view(0)), MAX_MOVES)


# ---- verdicts and counts ------------------------------------------------------------------
def _verdict(game: Game, node_limit: int) -> bool | None:
    return solve(game, time_limit=None, node_limit=node_limit).winnable


def group_choice(seed: int, node_limit: int = NODE_LIMIT) -> str:
    """Whether, somewhere on the hint player's line, the choice between two or more group moves
    decides if the deal can still be won: "1" yes, "0" no, "?" if some choice stayed undecided."""
    game, undecided = Game.deal(seed), False
    while game.status == "playing":
        view = game.view(0)
        top = view.waste[-1] if view.waste else None
        groups = [m for m in game.legal_moves() if m.kind == "tableau" and m.card != top]
        if len(groups) > 1:
            verdicts = set()
            for move in groups:
                after = game.copy()
                after.play(move)
                verdicts.add(_verdict(after, node_limit))
            if {True, False} <= verdicts:
                return "1"
            undecided = undecided or None in verdicts
        move = hint_player(view)
        if move is None:
            break
        game.play(move)
    return "?" if undecided else "0"


def outcome(judge: str, seed: int, node_limit: int = NODE_LIMIT) -> str:
    """One deal's verdict by a player or the solver: "1" won, "0" not, "?" undecided."""
    if judge == "solver":
        winnable = _verdict(Game.deal(seed), node_limit)
        return "?" if winnable is None else "1" if winnable else "0"
    if judge == "group_choice":
        return group_choice(seed, node_limit)
    return "1" if play_out(seed, POLICIES[judge]).status == "won" else "0"


def record(judge: str, seeds: Iterable[int]) -> str:
    """Verdicts for consecutive seeds as one string ("1"/"0"/"?" per deal), in one process."""
    return "".join(outcome(judge, seed) for seed in seeds)


def paired(with_habit: str, without: str) -> dict[str, int]:
    """Counts for two records over the same deals: wins each side, wins only with, only without."""
    if len(with_habit) != len(without):
        raise ValueError("paired records must cover the same deals")
    both = list(zip(with_habit, without))
    return {
        "n": len(both),
        "won_with": with_habit.count("1"),
        "won_without": without.count("1"),
        "only_with": sum(a == "1" and b != "1" for a, b in both),
        "only_without": sum(b == "1" and a != "1" for a, b in both),
    }


def sign_test(only_with: int, only_without: int) -> float:
    """Two-sided exact sign test (McNemar) on the deals the two players split: how often a
    split at least this uneven would happen if the habit made no difference."""
    n, k = only_with + only_without, min(only_with, only_without)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)
