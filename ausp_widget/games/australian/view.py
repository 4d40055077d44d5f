"""What one player may see: the only input the bot gets (SPEC §2). A `View` holds copies of
plain values, never the game, the opponent's layout or any stock order, so a reader cannot peek.

`View.legal_moves()` asks the engine itself on a stand-in position built from the view: where
an unseen card really lies never changes which moves are legal, so there is no second copy of
the rules to keep in step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ausp_widget.core import registry
from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.moves import PASS, Move

from .layout import layout_from_cards


@dataclass(frozen=True)
class View:
    player: int
    mode: str
    tableau: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    stock_size: int
    foundations: tuple[tuple[Card, ...], ...]
    my_turn: bool
    playing: bool = True
    game: str = "australian"  # which patience (the registry finds its rules by this name)
    # whose deck each foundation card came from (public: it is the score), pile by pile
    foundation_owners: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def of(cls, game, player: int) -> View:
        return cls(
            player=player,
            mode=game.mode,
            tableau=game.tableau(player),
            waste=game.waste(player),
            stock_size=len(game.stock(player)),
            foundations=game.foundations,
            my_turn=game.mode != "turns" or game.turn == player,
            playing=game.status == "playing",
            game=game.name,
            foundation_owners=game.foundation_owners,
        )

    def arrangement(self) -> tuple[tuple[int, ...], ...]:
        """The tableau as a canonical key: sorted columns of card indices, so a King moved to
        another empty column leaves the arrangement the same."""
        return tuple(sorted(tuple(card.index for card in column) for column in self.tableau))

    def legal_moves(self) -> list[Move]:
        """The moves this player may make now (as `Game.legal_moves` lists them)."""
        if not self.playing or not self.my_turn:
            return []
        moves = stand_in(self).legal_moves(self.player)
        if self.mode == "simultaneous":
            moves = [move for move in moves if move != PASS]
        return moves


def stand_in(view: View, stock: Sequence[Card] | None = None, mode: str = "turns") -> Any:
    """A throwaway `Game` with this view's layout and foundations, an empty layout for the other
    side, and `stock` as the player's stock (None: a placeholder of the right size). Two-player
    stand-ins play `mode`: the turn-based engine lists the race's card moves plus draw or pass;
    a play-out races alone, with no turn to hand over."""
    if stock is None:
        seen = {card.index for column in view.tableau for card in column}
        seen.update(card.index for card in view.waste)
        placeholder = [CARDS[i] for i in range(52) if i not in seen]
        if view.stock_size > len(placeholder):
            raise ValueError(
                f"the view shows {len(seen)} cards and a stock of {view.stock_size}: more than one deck"
            )
        stock = placeholder[: view.stock_size]
    mine = layout_from_cards(view.tableau, stock, view.waste)
    owners = view.foundation_owners or tuple((view.player,) * len(pile) for pile in view.foundations)
    piles = [tuple(who) for who in owners]
    Game = registry.entry(view.game).game_class
    if view.mode == "solo":
        return Game([mine], piles)
    nobody = layout_from_cards((), (), ())
    layouts = [mine, nobody] if view.player == 0 else [nobody, mine]
    return Game(layouts, piles, mode=mode, first=view.player)
