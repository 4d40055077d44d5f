"""Whether a move is legal in Australian Patience, and if not, which rule it breaks, in the
player's terms: a click, a move typed in code and a wrong try in a lesson get the same words."""

from __future__ import annotations

from ausp_widget.core.cards import CARDS, SUITS
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import Move
from ausp_widget.core.sight import Sight, unseen
from ausp_widget.games.family.checks import ON_FOUNDATION, empty_column, home_first

from .layout import FOUNDATION, STOCK, WASTE, _Layout

IN_STOCK = "it is still in the stock, and a draw turns it up"
"""Said of any card in the stock: the same words whichever card it is and wherever it lies."""
ONTO_STOCK = "nothing moves onto the stock, and a draw turns its cards up one by one"


class Checks:
    """The rule checks of `Game`: `_resolve` returns what to do, or raises with the reason."""

    unseen_help = IN_STOCK

    def _resolve(self, move: Move, player: int, lay: _Layout) -> tuple:
        if self.mode == "turns" and player != self._turn:
            raise IllegalMoveError(
                f"it is not {_possessive(player)} turn: it is {_possessive(self._turn)} turn"
            )
        if move.kind == "draw":
            if lay.drawn == len(lay.stock):
                if self.mode == "turns":  # "one pass only" would read as the Pass that ends a turn
                    raise IllegalMoveError("the stock is empty (there is no redeal): pass to end the turn")
                raise IllegalMoveError("the stock is empty: there is no redeal, one pass only")
            return ("draw", move)
        if move.kind == "pass":
            if self.mode == "solo":
                raise IllegalMoveError("pass is for games against the bot")
            if self.mode == "simultaneous":
                raise IllegalMoveError(
                    "there are no turns to pass in the simultaneous game; finish() once both stocks are empty"
                )
            if lay.drawn < len(lay.stock):
                raise IllegalMoveError("pass only with an empty stock: draw to end your turn")
            return ("pass", move)
        card = move.card.index
        where = lay.loc[card]
        name = move.card
        if where == FOUNDATION:
            raise IllegalMoveError(f"{name} is on a foundation: cards never leave a foundation")
        if where == STOCK:
            raise IllegalMoveError(unseen(IN_STOCK))
        if where == WASTE and lay.waste[-1] != card:
            raise IllegalMoveError(
                f"{name} is under {CARDS[lay.waste[-1]]} on the waste: only the top waste card may move"
            )
        if move.kind == "foundation":
            return self._resolve_foundation(move, card, where, lay)
        if move.kind == "column":
            return ("group", move, card, empty_column(move, lay.cols))
        return self._resolve_tableau(move, card, where, lay)

    def _resolve_foundation(self, move: Move, card: int, where: int, lay: _Layout) -> tuple:
        name = move.card
        if where >= 0 and where & 63 != len(lay.cols[where >> 6]) - 1:
            raise IllegalMoveError(
                f"{name} is covered by {CARDS[lay.covering(card)]}: only an exposed card goes to a foundation"
            )
        suit, rank = divmod(card, 13)
        if move.pile:
            if move.pile > len(self._piles):
                raise IllegalMoveError(f"the {self.mode} game has foundations F1 to F{len(self._piles)}")
            k = move.pile - 1
            if self._pile_suits[k] != suit:
                raise IllegalMoveError(
                    f"F{move.pile} is a {SUITS[self._pile_suits[k]]} foundation: "
                    f"{name} builds on {SUITS[suit]}"
                )
            height = len(self._piles[k])
            if height > rank:
                raise IllegalMoveError(
                    f"F{move.pile} was taken: it already holds {CARDS[suit * 13 + height - 1]}, "
                    f"so {name} stays where it was"
                )
            if height < rank:
                need = Sight.of_game(self).name_or(suit * 13 + height, "the lower cards of its suit")
                raise IllegalMoveError(f"F{move.pile} needs {need} before {name}")
            played = move
        else:
            k = self._first_pile(card)
            if k is None:
                if rank == 0:
                    raise IllegalMoveError(f"both {SUITS[suit]} foundations were taken: {name} stays")
                taken = next((k for k in self._suit_piles[suit] if len(self._piles[k]) > rank), None)
                if taken is not None:  # two players: the other deck's card got there first
                    raise IllegalMoveError(
                        f"F{taken + 1} was taken: it already holds {name}, so this {name} stays where it was"
                    )
                raise home_first(name, Sight.of_game(self).name_or(card - 1, "the card just below it"))
            played = move if self.mode == "solo" else Move("foundation", move.card, pile=k + 1)
        return ("foundation", played, card, where, k)

    def _resolve_tableau(self, move: Move, card: int, where: int, lay: _Layout) -> tuple:
        target = move.onto.index
        there = lay.loc[target]
        name, tname = move.card, move.onto
        if there == WASTE:
            raise IllegalMoveError(f"nothing moves onto the waste ({tname} is on the waste)")
        if there == STOCK:
            raise IllegalMoveError(unseen(ONTO_STOCK))
        if there == FOUNDATION:
            if card != target + 1 or target % 13 == 12:  # not the card that foundation takes next
                raise IllegalMoveError(ON_FOUNDATION.format(tname))
            raise IllegalMoveError(f"{tname} is on a foundation: write '{name} F' to build there")
        if target // 13 != card // 13:
            raise IllegalMoveError(f"{tname} cannot take {name}: tableau builds down in the same suit")
        if target != card + 1:
            named = card % 13 < 12 and Sight.of_game(self).sees(card + 1)  # a stock card is never named
            raise IllegalMoveError(
                f"{tname} cannot take {name}: a card goes onto the next higher card of its suit"
                + (f" ({name} needs {CARDS[card + 1]})" if named else "")
            )
        tcol = there >> 6
        if where >= 0 and where >> 6 == tcol and where < there:
            raise IllegalMoveError(f"{tname} lies in {name}'s own group: a group cannot move onto itself")
        if there & 63 != len(lay.cols[tcol]) - 1:
            raise IllegalMoveError(f"{tname} is covered by {CARDS[lay.covering(target)]}")
        return ("group", move, card, tcol)


def _possessive(player: int) -> str:
    return "your" if player == 0 else "the bot's"
