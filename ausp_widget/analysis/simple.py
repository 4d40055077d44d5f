"""Simple answers over the protocol for any game: a plain hint where a game has none for a
mode, and the line that plays the last cards home."""

from __future__ import annotations

from typing import Any

from ausp_widget.core.advice import Hint
from ausp_widget.core.moves import DRAW, PASS, Move
from ausp_widget.core.protocol import all_on_show

from . import hint as game_hint


def hint_or_fallback(game: Any, player: int = 0) -> Any:
    """The game's hint for `player`, or a plain one where it has none for this mode."""
    try:
        return game_hint(game, player)
    except (NotImplementedError, ValueError):
        return fallback_hint(game, player)


Advice = Hint  # the older name of the plain hint's type


def fallback_hint(game: Any, player: int = 0) -> Advice:
    """A foundation move, else any useful move, else a draw or a pass."""
    legal, useful = game.legal_moves(player), game.useful_moves(player)
    home = next((m for m in useful if m.kind == "foundation"), None)
    if home is not None:
        return Advice(home, f"{home.card} can go home: foundations are the goal")
    if useful:
        return Advice(useful[0], "it is a legal move that changes the layout")
    if DRAW in legal:
        return Advice(DRAW, "no card move helps: turn up the next stock card")
    if PASS in legal:
        return Advice(PASS, "your stock is empty and no move helps")
    return Advice(None, "there is nothing useful left to do")


def auto_finish_line(game: Any, player: int = 0) -> list[Move] | None:
    """The foundation moves that take all of `player`'s remaining cards home, if that is all
    that is left (their stock empty, every card of theirs on show); else None. Tried on a copy:
    nothing here changes. A card still face down would be turned up on the copy, and whether
    the line exists (so whether Auto-finish is offered) would tell what lies beneath."""
    if game.status != "playing" or not game.legal_moves(player):
        return None
    if not all_on_show([p for p in game.piles() if p.owner == player]):
        return None
    trial = game.copy()
    line: list[Move] = []
    while (home := next((m for m in trial.legal_moves(player) if m.kind == "foundation"), None)) is not None:
        line.append(trial.play(home, player))
    left = any(p.cards for p in trial.piles() if p.owner == player and p.kind in ("column", "waste"))
    return line if line and not left else None
