"""Hints for Indian Patience: a greedy player that sees only what a player sees.

It reads the cards face up, the number of cards left in the stock, the waste and the
foundations; never a face-down card or the order of the stock (`visible_tableau()` and
`legal_moves()` give it all it needs). Each legal move gets a score, with the reason in
words, and the best one is the hint:

1. A card that can go home goes home; a protected card first (its column is dealt again).
2. A move that uncovers a card that can then go home.
3. A move that turns up a face-down card, or empties a column.
4. A card moved from an unrelated card onto a card one rank higher (a build), the deeper
   the wanted cards it uncovers the better; the top waste card onto a column.
5. Otherwise draw. With the stock used up, a card may also go into an empty column or off
   its build when that uncovers something new.

A move that would bring back a position already seen in this game is never advised, so
following the hints always ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .indian import IndianGame
from .moves import DRAW, Move

__all__ = ["Advice", "GreedyPlayer", "hint", "play_out"]


@dataclass(frozen=True)
class Advice:
    """A suggested move (None when nothing useful is left) and why, in one sentence."""

    move: Move | None
    reason: str


def _fits(card: Card, parent: Card | None) -> bool:
    return parent is not None and parent.rank == card.rank + 1 and parent.suit != card.suit


def _visible_key(game: IndianGame) -> tuple:
    return (game.visible_tableau(), len(game.stock()), game.waste(), tuple(map(len, game.foundations)))


class GreedyPlayer:
    """Scores legal moves from visible information and remembers the positions it has seen."""

    def __init__(self) -> None:
        self.seen: set[tuple] = set()

    def remember(self, game: IndianGame) -> None:
        self.seen.add(_visible_key(game))

    def advise(self, game: IndianGame) -> Advice:
        if game.status != "playing":
            return Advice(None, f"the game is over ({game.status})")
        self.remember(game)
        best: tuple[float, Move, str] | None = None
        for move in game.legal_moves():
            score, reason = self._score(game, move)
            if score is None or (best is not None and score <= best[0]):
                continue
            if move.kind != "foundation" and move != DRAW:
                trial = game.copy()
                trial.play(move)
                if _visible_key(trial) in self.seen:
                    continue
            best = (score, move, reason)
        if best is None:
            return Advice(None, "no move makes progress: nothing useful is left to do")
        return Advice(best[1], best[2])

    def _score(self, game: IndianGame, move: Move) -> tuple[float | None, str]:
        if move == DRAW:
            return 10.0, "no card move helps now: turn up the next stock card"
        cols = game.visible_tableau()
        card = move.card
        src = self._source(game, move)
        wanted = self._wanted(game)
        if move.kind == "foundation":
            protected = src is not None and game.protected()[src]
            bonus = 50 if protected else 0
            why = " (it is protected, and its column will be dealt again)" if protected else ""
            return 1000.0 + bonus, f"{card} can go home{why}: foundations are the goal"
        if src is None:  # from the waste
            if move.kind == "column" and not cols[move.column - 1]:
                return (5.0 if not game.stock() else None), "the waste card gets a column of its own"
            return 150.0, f"{card} leaves the waste for a column, and the card under it becomes available"
        col = cols[src]
        under = col[-2] if len(col) > 1 else None
        face_down = len(col) > 1 and under is None
        into_empty = move.kind == "column" and not cols[move.column - 1]
        if into_empty and len(col) == 1:
            return None, ""
        if under is not None and (under.suit, under.rank) in wanted:
            return 500.0, f"moving {card} uncovers {under}, which can go home"
        if face_down:
            return (60.0 if not into_empty else 40.0), f"moving {card} turns up the face-down card under it"
        if len(col) == 1:
            return 300.0, f"moving {card} empties column {src + 1}: any card can fill it"
        depth = next(
            (
                len(col) - 1 - i
                for i, c in enumerate(col[:-1])
                if c is not None and (c.suit, c.rank) in wanted
            ),
            None,
        )
        on_build = _fits(card, under)
        if on_build:
            if game.stock() or depth is None:
                return None, ""
            return 20.0 - depth, f"moving {card} off its build digs toward a card that can go home"
        dig = 0.0 if depth is None else 40.0 / depth
        if into_empty:
            return (
                30.0 + dig if depth is not None else None
            ), f"{card} gets out of the way in an empty column"
        return 100.0 + dig, f"{card} goes onto a card one rank higher, freeing {under}"

    @staticmethod
    def _wanted(game: IndianGame) -> set[tuple[str, int]]:
        return {
            (game.pile_suit(k + 1), len(pile) + 1)
            for k, pile in enumerate(game.foundations)
            if len(pile) < 13
        }

    @staticmethod
    def _source(game: IndianGame, move: Move) -> int | None:
        """The column the move's card comes from, or None for the waste."""
        source = getattr(move, "source", None)
        if source == "waste":
            return None
        if isinstance(source, int):
            return source - 1
        cols = game.tableau()
        for c, col in enumerate(cols):
            if col and col[-1] == move.card:
                return c
        return None


def hint(game: IndianGame) -> Advice:
    """The advised next move for `game`, with its reason, never returning to a position this game
    has already been in."""
    player = GreedyPlayer()
    trail = game.copy()
    while trail.can_undo:
        trail.undo()
        player.remember(trail)
    return player.advise(game)


def play_out(game: IndianGame, max_moves: int = 2000) -> IndianGame:
    """Follow the hints until the game ends or no move is advised; returns the game."""
    player = GreedyPlayer()
    for _ in range(max_moves):
        advice = player.advise(game)
        if advice.move is None:
            break
        game.play(advice.move)
    return game
