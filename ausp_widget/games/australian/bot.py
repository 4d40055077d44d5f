"""The bot of the two-player games (SPEC §2): a fixed order of priorities (`rules.bot_rules`)
over a `View`, so it cannot peek. Within a priority the choice follows a fixed order (lowest
rank, then leftmost column, then lowest pile): the same view and memory give the same move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ausp_widget.core.cards import Card
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import DRAW, PASS, Move
from ausp_widget.games.australian.game import Game
from ausp_widget.games.australian.view import View

Arrangement = tuple[tuple[int, ...], ...]
WASTE_SOURCE = 7  # orders the waste after the seven columns


class Player(Protocol):
    """Anything that picks a move from a view: the bot, or a test's random player."""

    def choose(self, view: View) -> Move | None: ...


class Bot:
    """The SPEC §2 bot. Keep one per player and game: it remembers the tableau arrangements
    of the current sequence of moves (rule 3)."""

    def __init__(self) -> None:
        self._seen: set[Arrangement] = set()
        self._sequence: tuple | None = None

    def reset(self) -> None:
        """Forget the arrangements seen (a new sequence of moves begins)."""
        self._seen.clear()
        self._sequence = None

    def choose(self, view: View, legal: list[Move] | None = None) -> Move | None:
        """The bot's next move for this view; None when its rules give it nothing to do: not its
        turn, the game over, or in the race an empty stock and no move by rules 1–3 (it waits).
        `legal`: the view's legal moves, when known already."""
        legal = view.legal_moves() if legal is None else legal
        if not legal:
            return None
        sequence = (view.player, view.mode, view.stock_size)
        if sequence != self._sequence:  # a draw, or another game: a new sequence of moves
            self._seen.clear()
            self._sequence = sequence
        self._seen.add(view.arrangement())
        move = self._by_priority(view, legal)
        if move is not None and move.kind in ("draw", "pass"):
            self.reset()  # the sequence of moves ends
        return move

    def _by_priority(self, view: View, legal: list[Move]) -> Move | None:
        place = {
            card: (c, depth) for c, column in enumerate(view.tableau) for depth, card in enumerate(column)
        }
        top = view.waste[-1] if view.waste else None

        def source(card: Card) -> int:
            return place[card][0] if card in place else WASTE_SOURCE

        home = [m for m in legal if m.kind == "foundation"]
        if home:  # (1)
            return min(home, key=lambda m: (m.card.rank, source(m.card), m.pile or 0))
        from_waste = [m for m in legal if m.kind in ("tableau", "column") and m.card is top]
        if from_waste:  # (2)
            return min(from_waste, key=lambda m: m.column or 0)
        uncovering = sorted(
            (m for m in legal if m.kind in ("tableau", "column") and place.get(m.card, (0, 0))[1] > 0),
            key=lambda m: (place[m.card], _destination(m, place)),
        )
        for move in uncovering:  # (3)
            if _arrangement_after(view, move, place) not in self._seen:
                return move
        if DRAW in legal:  # (4)
            return DRAW
        if PASS in legal:
            return PASS
        return None

    def step(self, game: Game, player: int = 1) -> Move | None:
        """Play one action of the bot on `game`; returns the move as played, or None if it waits."""
        move = self.choose(game.view(player))
        return None if move is None else game.play(move, player)

    def play_turn(self, game: Game, player: int = 1) -> list[Move]:
        """Turn-based game: play the bot's whole turn, up to and including its draw or pass."""
        if game.mode != "turns":
            raise ValueError(f"play_turn is for the turn-based game, not the {game.mode} game")
        played: list[Move] = []
        while game.turn == player:
            move = self.step(game, player)
            if move is None:  # cannot happen on its turn: draw or pass is always there
                raise RuntimeError("the bot found no move on its turn")
            played.append(move)
        return played


def _destination(move: Move, place: dict[Card, tuple[int, int]]) -> int:
    return move.column - 1 if move.kind == "column" else place[move.onto][0]


def _arrangement_after(view: View, move: Move, place: dict[Card, tuple[int, int]]) -> Arrangement:
    """The tableau arrangement once the group headed by `move.card` has moved."""
    columns = [tuple(card.index for card in column) for column in view.tableau]
    c, depth = place[move.card]
    group = columns[c][depth:]
    columns[c] = columns[c][:depth]
    dest = _destination(move, place)
    columns[dest] += group
    return tuple(sorted(columns))


@dataclass
class Outcome:
    """How a played-out game went: the actions that arrived, and those refused on arrival as
    (player, move, reason)."""

    actions: int = 0
    refused: list[tuple[int, Move, str]] = field(default_factory=list)


def play_out(
    game: Game, players: Sequence[Player] | None = None, *, seed: int = 0, max_rounds: int = 20_000
) -> Outcome:
    """Play a two-player game to its end between two programs that read views (bots by default).
    Simultaneous: each round both choose, then the moves arrive in an order drawn from `seed`;
    a move no longer legal when it arrives is refused and lost, and a round with nobody acting
    and both stocks empty finishes the game."""
    if game.mode == "solo":
        raise ValueError("play_out is for the two-player games")
    players = list(players) if players is not None else [Bot(), Bot()]
    rng = random.Random(seed)
    outcome = Outcome()
    for _ in range(max_rounds):
        if game.status != "playing":
            return outcome
        if game.mode == "turns":
            p = game.turn
            move = players[p].choose(game.view(p))
            if move is None:
                raise RuntimeError(f"player {p} made no move on their turn")
            game.play(move, p)
            outcome.actions += 1
            continue
        chosen = [(p, players[p].choose(game.view(p))) for p in (0, 1)]
        if rng.random() < 0.5:
            chosen.reverse()
        acted = False
        for p, move in chosen:
            if move is None or game.status != "playing":
                continue
            try:
                game.play(move, p)
            except IllegalMoveError as error:
                outcome.refused.append((p, move, str(error)))
            else:
                acted = True
            outcome.actions += 1
        if not acted and game.status == "playing" and not (game.stock(0) or game.stock(1)):
            game.finish()
    if game.status != "playing":
        return outcome
    raise RuntimeError(f"the game did not end within {max_rounds} rounds")


__all__ = ["Bot", "Outcome", "Player", "play_out"]
