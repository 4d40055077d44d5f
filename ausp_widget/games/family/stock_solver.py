"""The Yukon family's complete search with a one-pass stock (Australian Patience): `Solver`
with the waste and the stock as two more places a card is taken from."""

from __future__ import annotations

from ausp_widget.core.moves import DRAW
from ausp_widget.games.family.deadlock import KINGS, children_of, hopeless
from ausp_widget.games.family.game import move_of
from ausp_widget.games.family.rule import KING
from ausp_widget.games.family.solver import DEFAULT_TABLE_LIMIT, Solver

__all__ = ["StockSolver"]


class StockSolver(Solver):
    """The complete search (`Solver`) for a game of the family with a stock (Australian
    Patience): one pass, drawn one card at a time onto a waste whose top card may go home or
    onto a parent. The game given names `rule`, `_cols`, `_down`, `_piles` (the foundation
    heights) as a family game does, and `_waste` (bottom first) and `_stock` (next first).

    The waste and the stock are two more lists a card is taken from (`places`), so a draw is
    a move of the stock's top card onto the waste and is made and taken back like any
    other. The key adds the count of cards left to draw and the foundation heights to the
    sorted columns: with the rest they fix the waste. The rule must build in suit, as
    Australian Patience does: a card has one parent and one child, so no move is a swap,
    every card its foundation takes is safe to send home, and what more the search does
    here keeps every win (each with its reason):

    * The top waste card goes onto its exposed parent at once: there it covers only a card
      nothing else can take and moves along with it. (A waste King waits: another King may
      want the empty column.)
    * The dead-position test runs at the start and after the only moves that can cut a card
      off its way home: a draw whose card stays on the waste (it covers the cards below),
      and a King taking an empty column. A card moving onto its parent covers only a card
      that cannot go home before it anyway, and foundation moves only take obstacles away.

    The moves are tried in their own order (`_scored`): a draw after the card moves, a
    King into an empty column last."""

    def __init__(self, game, *, table_limit: int = DEFAULT_TABLE_LIMIT, seed: int | None = None) -> None:
        if not game.rule.in_suit:
            raise ValueError(
                f"the search with a stock needs a rule building in suit, not {game.rule.build!r}: "
                "with two parents a card's waste and swap moves would need rules of their own"
            )
        super().__init__(game, table_limit=table_limit, seed=seed)
        self.width = len(self.cols)
        self.waste: list[int] = list(game._waste)
        self.stock: list[int] = list(reversed(game._stock))  # the next card last: a draw pops it
        self.waste_at, self.stock_at = self.width, self.width + 1
        self.places = [*self.cols, self.waste, self.stock]
        self.down += [0, 0]
        self.parts += [b"", b""]
        self.children = children_of(self.parents)

    def _hopeless(self) -> bool:
        """The dead-position test with the waste and the cards still to draw (next first)."""
        return hopeless(self.cols, self.down, self.heights, self.parents, self.waste, self.stock[::-1])

    def _key(self) -> bytes:
        """The sorted columns, then the count of cards left to draw and the foundation heights."""
        return super()._key() + bytes((len(self.stock), *self.heights))

    def _parent_column(self, card: int) -> int:
        """The column whose top card is `card`'s only parent (building in suit), or -1."""
        parent = self.parents[card][0] if self.parents[card] else -1
        for c, col in enumerate(self.cols):
            if col and col[-1] == parent:
                return c
        return -1

    def _play_safe(self) -> None:
        """Send home every card that may go home safely and, building in suit, the top waste
        card onto its exposed parent (see the class docstring), until none is left. Every
        position entered has had this done, so after a move that sent no card home only the
        card it left on top of its source (a column's or the waste's) can be new to it."""
        cols, heights, waste, safe_home = self.cols, self.heights, self.waste, self.rule.safe_home
        if self.trail and self.trail[-1][1] >= 0:
            c = self.trail[-1][0]
            source = cols[c] if c < self.width else waste  # a draw's new card is the waste's top
            if not source:
                return
            new = source[-1]
            if heights[new // 13] != new % 13 or not safe_home(new, heights):
                if not waste:
                    return
                if source is waste:
                    if self._parent_column(new) < 0:
                        return
                elif waste[-1] not in self.children[new]:
                    return
        again = True
        while again:
            again = False
            for c, col in enumerate(cols):
                while col and heights[col[-1] // 13] == col[-1] % 13 and safe_home(col[-1], heights):
                    self._make(c, len(col) - 1, -1)
                    again = True
            while waste:
                card = waste[-1]
                if heights[card // 13] == card % 13 and safe_home(card, heights):
                    self._make(self.waste_at, len(waste) - 1, -1)
                elif (e := self._parent_column(card)) >= 0:
                    self._make(self.waste_at, len(waste) - 1, e)
                else:
                    break
                again = True

    def _swapped(self, c: int, d: int, e: int) -> bool:
        """Never: building in suit, a card has only the one parent to lie on."""
        return False

    def _needs_test(self, c: int, d: int, e: int, swap: bool) -> bool:
        """Only a draw whose card stays on the waste and a King into an empty column (see the
        class docstring)."""
        if c == self.stock_at:
            card = self.stock[-1]
            return self.heights[card // 13] != card % 13 and self._parent_column(card) < 0
        return e >= 0 and not self.cols[e]

    def _scored(self) -> list[tuple[int, int, int, int]]:
        """The useful moves as (score, source, depth, target), lower scores first to try, but
        those played at once: column by column, the cards that may go onto its top card
        (first those that uncover a card that can go home, then a card whose child is free
        to go onto it, then those that empty a column, then the rest), a draw, then a King
        into the first empty column (from the waste first). This order, Australian
        Patience's, changes only which line is found first, never a verdict."""
        cols, down, heights, waste, children = self.cols, self.down, self.heights, self.waste, self.children
        where: dict[int, tuple[int, int]] = {}  # each face-up column card's column and depth
        empty = -1
        for c, col in enumerate(cols):
            if not col:
                empty = c if empty < 0 else empty
            for d in range(down[c], len(col)):
                where[col[d]] = (c, d)
        top = waste[-1] if waste else -1
        free = {col[-1] for col in cols if col}
        if top >= 0:
            free.add(top)
        scored: list[tuple[int, int, int, int]] = []
        for t, col in enumerate(cols):
            if not col:
                continue
            for child in children[col[-1]]:
                c, d = where.get(child, (t, 0))
                if c != t:
                    below = cols[c][d - 1] if d else -1
                    if below < 0:
                        score = -3
                    elif heights[below // 13] == below % 13:
                        score = -5
                    elif any(grand in free for grand in children[below]):
                        score = -4
                    else:
                        score = -1
                    scored.append((score, c, d, t))
        if self.stock:
            scored.append((0, self.stock_at, len(self.stock) - 1, self.waste_at))
        if empty >= 0:
            if top >= 0 and top % 13 == KING:
                scored.append((1, self.waste_at, len(waste) - 1, empty))
            for king in KINGS:
                c, d = where.get(king, (0, 0))
                if d:
                    scored.append((1, c, d, empty))
        return scored

    def _ordered(self) -> list[tuple[int, int, int]]:
        """The moves to try here, best first; ties in the order `_scored` lists them, or with a
        `seed` in a seeded random order."""
        scored = self._scored()
        if self.rng is None:
            scored.sort(key=lambda move: move[0])
        else:
            rand = self.rng.random
            scored.sort(key=lambda move: (move[0], rand()))
        return [move[1:] for move in scored]

    def _win(self) -> None:
        self.winnable = True
        stock_at = self.stock_at
        self.line = [
            DRAW if c == stock_at else move_of(card, e, onto) for c, e, _, _, card, onto in self.trail
        ]
