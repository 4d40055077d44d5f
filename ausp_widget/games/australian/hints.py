"""Hints that explain themselves in one sentence, read from the player's `View` only (never
the order of the stock).

Following hints always ends: they never move a King from the bottom of its column to another
empty column, the only reversible move; every other move is one-way.
"""

from __future__ import annotations

from ausp_widget.core.advice import Hint
from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.moves import DRAW, PASS, Move, onto_parent, to_column, to_foundation
from ausp_widget.games.australian.layout import layout_from_cards
from ausp_widget.games.australian.legal import TO_COLUMN, TO_HOME, WASTE, CardMove, card_moves
from ausp_widget.games.australian.view import View

__all__ = ["Hint", "hint", "hint_from_view"]


def hint(game, player: int = 0) -> Hint:
    """The suggested move for `player` in `game`, from what that player can see."""
    status = game.status
    if status == "won":
        return Hint(None, "the game is won: all 52 cards are on the foundations")
    if status == "lost":
        return Hint(None, "the game is over: the stock is empty and no useful move remains")
    if status != "playing":
        return Hint(None, "the game is over: count the cards on the foundations")
    advice = hint_from_view(game.view(player))
    move = advice.move
    if move is not None and move.kind == "foundation" and not move.pile and game.players > 1:
        _, pile = game.move_places(move, player)  # name the pile, as the legal moves do
        if pile is not None:
            advice = Hint(Move("foundation", move.card, pile=pile.index + 1), advice.reason)
    return advice


def hint_from_view(view: View) -> Hint:
    """The hint for a `View`: the only input, so a hint cannot depend on the stock order."""
    if not view.my_turn:
        return Hint(None, "wait for your turn: the bot is playing")
    board = _Board(view)
    for finder in board.finders():
        found = finder()
        if found:
            return found
    if board.emptying_moves:
        move, _ = board.emptying_moves[0]
        return Hint(move, f"empties a column, ready for a King ({move.card} joins {move.onto})")
    if view.stock_size:
        return Hint(DRAW, "draw: no move on the table uncovers anything")
    if view.mode == "turns":
        return Hint(PASS, "pass: the stock is empty and no card can move")
    return Hint(None, "no useful move is left and the stock is empty")


class _Board:
    """The visible position, arranged to answer "what could move where?"."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.columns = view.tableau
        self.waste_top: Card | None = view.waste[-1] if view.waste else None
        self.waste_below: Card | None = view.waste[-2] if len(view.waste) > 1 else None
        piles = view.foundations
        per_suit = len(piles) // 4
        self.wanted: set[Card] = set()  # the next card of some foundation pile
        for k, pile in enumerate(piles):
            suit = "♣♦♥♠"[k // per_suit]
            if len(pile) < 13:
                self.wanted.add(Card(len(pile) + 1, suit))
        self.where: dict[Card, tuple[int, int]] = {}
        for c, col in enumerate(self.columns):
            for depth, card in enumerate(col):
                self.where[card] = (c, depth)
        self.exposed = {col[-1]: c for c, col in enumerate(self.columns) if col}
        self.empty = [c for c, col in enumerate(self.columns) if not col]
        self.table = self._table_moves()
        self.group_moves = self._group_moves()
        self.emptying_moves = [(m, c) for m, c, depth in self.group_moves if depth == 0]

    def _table_moves(self) -> list[CardMove]:
        """The rule table's useful moves here (`legal.card_moves`), the first empty column only."""
        lay = layout_from_cards(self.columns, (), self.view.waste)
        top = self.waste_top.index if self.waste_top else -1
        wanted = {card.index for card in self.wanted}
        return card_moves(lay.cols, lay.loc, top, wanted, useful_only=True, symmetric=True)

    def _group_moves(self) -> list[tuple[Move, int, int]]:
        """Every tableau card whose parent is exposed elsewhere: (move, column, depth)."""
        moves = [
            (onto_parent(CARDS[card]), src, self.where[CARDS[card]][1])
            for kind, card, src, dest in self.table
            if kind == TO_COLUMN and src != WASTE and self.columns[dest]
        ]
        return sorted(moves, key=lambda item: (item[2] == 0, -item[2], str(item[0])))

    def from_waste(self) -> Move | None:
        """The top waste card's move to the tableau, if it has one (a King: the first empty column)."""
        for kind, card, src, dest in self.table:
            if kind == TO_COLUMN and src == WASTE:
                return to_column(CARDS[card], dest + 1) if card % 13 == 12 else onto_parent(CARDS[card])
        return None

    def uncovered_by(self, c: int, depth: int) -> Card | None:
        return self.columns[c][depth - 1] if depth else None

    def can_join(self, card: Card) -> bool:
        """Whether `card` could go onto its parent, exposed in another column."""
        if card.rank == 13:
            return False
        parent = Card(card.rank + 1, card.suit)
        return parent in self.exposed and self.where.get(card, (-1,))[0] != self.exposed[parent]

    # ---- the hints, best first --------------------------------------------------------------
    def finders(self) -> list:
        """The hints' finders, best first: the first that finds something gives the hint."""
        return [
            self.to_foundation,
            self.freeing_for_foundation,
            self.waste_to_tableau,
            self.king_to_empty_column,
            self.emptying_for_a_king,
            self.uncovering,
        ]

    def to_foundation(self) -> Hint | None:
        home = [CARDS[card] for kind, card, _, _ in self.table if kind == TO_HOME]
        if not home:
            return None
        card = min(home, key=lambda card: (card.rank, card.index))
        if card.rank == 1:
            return Hint(to_foundation(card), f"{card} starts its foundation: aces go up first")
        below = Card(card.rank - 1, card.suit)
        return Hint(to_foundation(card), f"{card} goes home on {below}: foundations build up in suit")

    def freeing_for_foundation(self) -> Hint | None:
        for move, c, depth in self.group_moves:
            freed = self.uncovered_by(c, depth)
            if freed in self.wanted:
                return Hint(move, f"frees {freed} for its foundation")
        move = self.from_waste()
        if move and self.waste_below in self.wanted:
            return Hint(move, f"uncovers {self.waste_below} on the waste for its foundation")
        return None

    def waste_to_tableau(self) -> Hint | None:
        move = self.from_waste()
        if move and move.kind == "tableau":
            nxt = f"{self.waste_below} becomes playable" if self.waste_below else "the waste is cleared"
            return Hint(move, f"moves {move.card} from the waste onto {move.onto}, so {nxt}")
        return None

    def kings_waiting(self) -> list[tuple[bool, Card, Card | None]]:
        """Kings that could fill an empty column, best first: (useful next, King, card uncovered)."""
        kings = []
        for card, (c, depth) in self.where.items():
            if card.rank == 13 and depth > 0:  # a King at the bottom would only change columns
                freed = self.columns[c][depth - 1]
                kings.append((self.follows(freed, self.columns[c][depth:]), card, freed))
        if self.waste_top and self.waste_top.rank == 13:
            kings.append(
                (self.waste_below is not None and self.follows(self.waste_below, ()), self.waste_top, None)
            )
        return sorted(kings, key=lambda item: (not item[0], item[2] is None, item[1].index))

    def follows(self, freed: Card, moving) -> bool:
        """Whether an uncovered card can be played next: home, onto its parent, or taking its child."""
        if freed in self.wanted or self.can_join(freed):
            return True
        if freed.rank == 1:
            return False
        child = Card(freed.rank - 1, freed.suit)
        return (child in self.where and child not in moving) or child == self.waste_top

    def king_to_empty_column(self) -> Hint | None:
        if not self.empty:
            return None
        column = self.empty[0] + 1
        movable = {card for kind, card, _, dest in self.table if card % 13 == 12 and not self.columns[dest]}
        for _, king, freed in self.kings_waiting():
            if king.index not in movable:
                continue
            if freed is None:
                return Hint(to_column(king, column), f"{king} leaves the waste for the empty column")
            return Hint(to_column(king, column), f"{king} fills the empty column and uncovers {freed}")
        return None

    def emptying_for_a_king(self) -> Hint | None:
        waiting = self.kings_waiting()
        if waiting and self.emptying_moves:
            move, _ = self.emptying_moves[0]
            return Hint(move, f"empties a column for {waiting[0][1]}")
        return None

    def uncovering(self) -> Hint | None:
        scored = []
        for move, c, depth in self.group_moves:
            freed = self.uncovered_by(c, depth)
            if freed is not None:
                follow = self.follows(freed, self.columns[c][depth:])
                scored.append((not follow, freed.rank, str(move), move, freed, follow))
        if not scored:
            return None
        *_, move, freed, follow = min(scored)
        if follow:
            return Hint(move, f"uncovers {freed}, which can then be played")
        return Hint(move, f"uncovers {freed}, a card you could not reach before")
