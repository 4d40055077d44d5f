"""The lessons' lookahead: can a goal still be reached in a few moves, judged from the table.

A try in a lesson or a puzzle is judged by a short search. The engine knows every card, so a
search that looked past a card it turns up (a face-down card, or a draw from a stock the
student cannot see) would answer differently for two tables that look the same, and the
verdict would tell the student something the table does not show. `Blindfold` keeps the
search to the table: a card turned up during it is *unknown* (its spot is kept), no move may
take it, build on it or count it toward the goal, and the search goes on around it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .moves import Move
from .protocol import Pile, PileRef, all_on_show

Game = Any  # any game of the protocol (`ausp_widget.core.protocol.PatienceGame`)
Spot = tuple[PileRef, int]  # a card's pile and depth (0 = the bottom card)


@dataclass(frozen=True)
class Blindfold:
    """What a search from a table may not look at: the spots of cards turned up since the
    table was read, and whether the stock's order is on show (a puzzle shows it, so a draw
    turns up nothing new; a lesson does not)."""

    stock_seen: bool = False
    unknown: frozenset[Spot] = frozenset()

    def allows(self, game: Game, move: Move, player: int) -> bool:
        """Whether `move` leaves every unknown card alone: it neither takes one (or cards from
        under one) nor lands on one. A draw may land on an unknown card of the waste: whether
        it is legal does not depend on what that card is."""
        if not self.unknown:
            return True
        source, target = game.move_places(move, player)
        for pile, depth in self.unknown:
            if source is not None and source.pile == pile and source.depth <= depth:
                return False
            if target == pile and pile.kind != "waste":
                return False
        return True

    def after(self, before: Sequence[Pile], game: Game, move: Move, player: int) -> Blindfold:
        """The blindfold once `move` is played (`before`: the piles as they were): cards it
        turned up join the unknown ones."""
        drawn = move.kind == "draw" and not self.stock_seen
        turned = frozenset(_turned_up(before, game.piles(), drawn))
        return replace(self, unknown=self.unknown | turned) if turned else self

    def masked(self, piles: tuple[Pile, ...]) -> tuple[Pile, ...]:
        """`piles` with every unknown card drawn face down (None), as a goal must be read."""
        if not self.unknown:
            return piles
        return tuple(_mask(pile, {d for p, d in self.unknown if p == pile.ref}) for pile in piles)

    def hides(self, piles: Sequence[Pile]) -> bool:
        """Whether the table hides a card this search could meet (face down, or in a stock
        whose order is not on show)."""
        shown_stock = (p for p in piles if p.kind != "stock" or not self.stock_seen)
        return not all_on_show(tuple(shown_stock))


def _turned_up(before: Sequence[Pile], after: Sequence[Pile], drawn: bool) -> Iterable[Spot]:
    """The spots where a card lies face up after a move that lay face down before it (or, for
    a draw from an unseen stock, the cards the waste gained)."""
    was = {pile.ref: pile.cards for pile in before}
    for pile in after:
        old = was.get(pile.ref, ())
        for depth, card in enumerate(pile.cards):
            was_down = depth < len(old) and old[depth] is None
            came_from_stock = drawn and pile.kind == "waste" and depth >= len(old)
            if card is not None and (was_down or came_from_stock):
                yield pile.ref, depth


def _mask(pile: Pile, depths: set[int]) -> Pile:
    if not depths:
        return pile
    return replace(pile, cards=tuple(None if d in depths else c for d, c in enumerate(pile.cards)))
