"""Australian Patience through the game protocol (`ausp_widget.core.protocol`): the table as
piles, where a move goes, what a click means, and why a card cannot move."""

from __future__ import annotations

from collections.abc import Sequence

from ausp_widget.core.cards import CARDS, SUITS, Card
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import Move, to_column, to_foundation
from ausp_widget.core.per_position import per_position
from ausp_widget.core.protocol import Pile, PileRef, Place

from .layout import STOCK, WASTE


class Places:
    """The protocol's table, moves and words, for `Game` (which provides the state)."""

    click_help = "Click one of your cards, then where it should go."
    lost_because = "no useful move is left"
    protected_means = ""

    @per_position
    def piles(self) -> tuple[Pile, ...]:
        """Every pile (P2): each player's stock (face down), waste and columns, then the foundations."""
        piles: list[Pile] = []
        for p, lay in enumerate(self._layouts):
            piles.append(Pile(PileRef("stock", p), (None,) * (len(lay.stock) - lay.drawn)))
            piles.append(Pile(PileRef("waste", p), tuple(CARDS[c] for c in lay.waste)))
            piles += [
                Pile(PileRef("column", p, c), tuple(CARDS[x] for x in col), takes="only a King", accepts="K")
                for c, col in enumerate(lay.cols)
            ]
        return (*piles, *self._foundation_piles())

    def place_of(self, card: Card, player: int = 0) -> Place | None:
        """Where one of `player`'s cards lies on show (a column or the waste), else None."""
        lay = self._layout(player)
        where = lay.loc[card.index]
        if where >= 0:
            return Place(PileRef("column", player, where >> 6), where & 63)
        if where == WASTE:
            return Place(PileRef("waste", player), lay.waste.index(card.index))
        return None

    def move_places(self, move: Move | str, player: int = 0) -> tuple[Place | None, PileRef | None]:
        """Where a move (or its text, as for `play`) takes its cards from and which pile receives
        them, as played now."""
        move = self._move_arg(move)
        lay = self._layout(player)
        if move.kind == "draw":
            return Place(PileRef("stock", player), 0), PileRef("waste", player)
        if move.kind == "pass" or move.card is None:
            return None, None
        source = self.place_of(move.card, player)
        if move.kind == "foundation":
            pile = move.pile - 1 if move.pile else self._first_pile(move.card.index)
            return source, None if pile is None else PileRef("foundation", None, pile)
        if move.kind == "column":
            return source, PileRef("column", player, move.column - 1)
        where = lay.loc[move.onto.index]
        return source, PileRef("column", player, where >> 6) if where >= 0 else None

    def _click(self, source: Place, target: PileRef, player: int) -> Move:
        """The move a click means: the card at `source` (with the cards on it) onto `target`, for
        `play` to accept or refuse; `IllegalMoveError` when no move could be meant."""
        card = self._card_at(source, player)
        if target.kind == "foundation":
            if self.mode == "solo" and SUITS[self._pile_suits[target.index]] == card.suit:
                return to_foundation(card)
            return Move("foundation", card, pile=target.index + 1)
        if target.owner != player:
            raise IllegalMoveError("you may only move cards within your own layout")
        if target.kind == "waste":
            raise IllegalMoveError("nothing moves onto the waste: cards only leave it")
        if target.kind == "stock":
            raise IllegalMoveError("nothing moves onto the stock")
        column = self._layout(player).cols[target.index]
        if not column:
            return to_column(card, target.index + 1)
        return Move("tableau", card, onto=CARDS[column[-1]])

    def _card_at(self, place: Place, player: int) -> Card:
        """The card a player picks up at `place`, or why not (a click on the player's own stock is
        answered before: `PatienceBase.move_between` and `explain_stuck`)."""
        pile = place.pile
        if pile.kind == "foundation":
            raise IllegalMoveError("cards never leave a foundation")
        if pile.owner != player:
            raise IllegalMoveError("those are the bot's cards: you move only your own (player 0's)")
        lay = self._layout(player)
        cards = lay.waste if pile.kind == "waste" else lay.cols[pile.index]
        if not 0 <= place.depth < len(cards):
            raise IllegalMoveError(self._empty_words(pile))
        return CARDS[cards[place.depth]]

    def _stuck(self, place: Place, player: int) -> str:
        """Why the card at `place` has no legal move now, in the engine's words."""
        card = self._card_at(place, player)
        if place.pile.kind == "waste" and place.depth != len(self._layout(player).waste) - 1:
            return f"{self._refusal(to_foundation(card), player)}."
        if self._first_pile(card.index) is not None:
            reason = self._refusal(to_foundation(card), player)
        elif card.rank < 13:
            parent = Card(card.rank + 1, card.suit)
            reason = self._out_of_reach(parent, player) or self._refusal(
                Move("tableau", card, onto=parent), player
            )
        else:
            reason = f"a King moves only into an empty column, and none is empty (or {card} heads its column)"
        return f"{card} cannot move now: {reason or 'no legal move'}."

    def _out_of_reach(self, parent: Card, player: int) -> str | None:
        """Why nothing can join `parent` when it is not in the tableau, said to someone who clicked."""
        lay = self._layout(player)
        where = lay.loc[parent.index]
        if where == STOCK:  # the stock's cards are never named
            return "it can only go onto the next higher card of its suit, which is still in the stock"
        if where == WASTE:
            top = CARDS[lay.waste[-1]]
            if top is parent:
                return (
                    f"it can only go onto {parent}, which is on the waste, and nothing moves onto the waste"
                )
            return f"it can only go onto {parent}, which lies under {top} on the waste"
        return None

    def news(self, before: Sequence[Pile]) -> str:
        """Nothing turns over in Australian Patience besides the move itself (`before` is
        checked as in every game)."""
        self._check_before(before)
        return ""
