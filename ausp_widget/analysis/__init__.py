"""Analysis over the game protocol, for any game: the solver and hint front doors.

`solve(game)` asks the game's own full-information solver (it knows the stock order: an
analysis tool, not advice); `hint(game)` asks the game's hint, which reads only what the
player may see. Both check their arguments and name what is wrong.
"""

from __future__ import annotations

from typing import Any

from ausp_widget.core import registry
from ausp_widget.core.solving import SolveResult, check_limits

# Importing a submodule binds its name in this package the first time it loads: the submodule
# `review` is loaded here, before the front door of that name below is defined, so no later
# import of it (the widgets import it) can put the module in the function's place.
from .review import review as _review_game


def solve(game: Any, time_limit: float | None = 10.0, node_limit: int | None = None) -> SolveResult:
    """Whether `game` (any game, solo) can still be won by someone who knows every card.

    `winnable` is True (with `moves`, a winning line `game.play` accepts), False, or None
    when `time_limit` seconds or `node_limit` positions ran out first.
    """
    entry = registry.entry_for(game)
    check_limits(time_limit, node_limit)
    if game.mode != "solo":
        raise ValueError(
            f"the solver decides the solo game only, not the {game.mode!r} game: "
            "in the two-player games the other side's moves change what is possible"
        )
    return entry.solve(game, time_limit, node_limit)


def solver(game: Any) -> Any | None:
    """A resumable search for `game` (`.run(seconds)`, `.done`, `.result`), or None when its
    game has only the one-shot `solve`."""
    entry = registry.entry_for(game)
    return None if entry.solver is None or game.mode != "solo" else entry.solver(game)


def hint(game: Any, player: int = 0) -> Any:
    """The suggested move for `player` (`.move`, or None, and `.reason`), from what they may see
    (a game's hint that gives anything else is refused by its entry: `core.game_entry.Hinter`)."""
    return registry.entry_for(game).hint(game, player)


def evaluate(player: Any, deals: Any = range(1, 501), jobs: int = 1, executor: Any = None, **options: Any):
    """Play `player` (a function of a view, or an object with `choose(view)`) on each deal and
    count its wins; see `ausp_widget.analysis.arena`."""
    from .arena import evaluate as run

    return run(player, deals, jobs, executor, **options)


def win_chance(game: Any, player: int = 0, samples: int = 100, seed: int = 0, **options: Any):
    """Of all the ways the stock could still be ordered, the share that can be won, judged from
    `player`'s view only; see `ausp_widget.analysis.chance`."""
    from .chance import win_chance as estimate

    return estimate(game, player, samples, seed, **options)


def review(game: Any, samples: int = 100, seed: int = 0, **options: Any):
    """Each move of a solo game with the chance it kept, the costly ones marked (inaccuracy,
    mistake, blunder) with a better move: the chance before a move is what `win_chance` says of
    that position with the same settings; see `ausp_widget.analysis.review`."""
    return _review_game(game, samples, seed, **options)


__all__ = ["SolveResult", "evaluate", "hint", "review", "solve", "solver", "win_chance"]
