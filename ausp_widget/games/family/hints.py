"""Hints for the Yukon family's games, read from the face-up cards only (never a face-down one), each with its
reason in one sentence.

By priority: (1) a card that may go home safely (nothing could ever go onto it); (2) the
shortest line of moves that ends by turning up a face-down card or bringing a card home,
said by its first move: a line that turns up a card in the column with the most face-down
cards is preferred among lines of the same length, since every face-down card must come
up before the game is won. Following the hints cannot circle: each hint starts a shortest
line to progress, so the next one is shorter, until a card turns up or goes home.
"""

from __future__ import annotations

import itertools

from ausp_widget.core import registry
from ausp_widget.core.advice import Hint
from ausp_widget.core.cards import CARDS
from ausp_widget.core.moves import Move

from .game import of_the_family
from .rule import STUCK_SEARCH_LIMIT


def hint(game, player: int = 0) -> Hint:
    """The suggested move and why (`move` None when the game is over)."""
    of_the_family(game)
    game._check_player(player)
    status = game.status
    if status == "won":
        return Hint(None, "the game is won: all 52 cards are home")
    if status == "lost":
        return Hint(None, f"the game is lost: {game.lost_because}")
    safe, now = game.rule.progress_now(game._cols, game._down, game._piles)
    if safe is not None:
        card = CARDS[game._cols[safe[0]][safe[1]]]
        return Hint(
            game._to_move(*safe), f"{card} goes home safely: no card that could go onto it is left in play"
        )
    if now:
        return Hint(game._to_move(*now[0]), _why(game, now[0], 1))
    found, line = game.progress()
    if found:
        return Hint(game._to_move(*line[0]), _why(game, line[-1], len(line)))
    return Hint(
        None,
        f"no line of moves that turns up a card or brings one home was found within {STUCK_SEARCH_LIMIT:,} "
        "arrangements of the face-up cards: the game may be lost, and you are free to stop",
    )


def _why(game, last: tuple[int, int, int], length: int) -> str:
    """The reason for a line of `length` moves whose last move is `last` (in the position
    it will be played in: its column and the progress it makes)."""
    c, d, e = last
    if length == 1 and e < 0:
        return f"{CARDS[game._cols[c][d]]} can go home"
    if e < 0:
        goal = "bring a card home"
    elif game._down[c] > 1:
        goal = f"turn up a card in column {c + 1}, where {game._down[c]} lie face down"
    else:
        goal = f"turn up the last face-down card of column {c + 1}"
    return f"this move will {goal}" if length == 1 else f"the first of {length} moves that {goal}"


def hint_from_view(view) -> Hint:
    """The hint from what the player sees (a `TableView`): the face-down cards are stand-ins,
    which the hint never reads."""
    game_class = registry.entry(view.game).game_class
    return hint(game_class.from_view(view, itertools.repeat(0)))


def hint_player(view) -> Move | None:
    """A player that follows the hint every move (for `ausp_widget.analysis.evaluate`)."""
    return hint_from_view(view).move
