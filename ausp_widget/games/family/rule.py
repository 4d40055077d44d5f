"""The Yukon family's rule table, written once: a game of the family is a `Rule` (how the
tableau builds, the deal's shape), and every part that asks
a rule question asks it here: which cards a card may go onto, whether it may go home
safely, and the legal card moves of a table given as columns, face-down counts and
foundation heights (the game, its status search, its hints and the solvers list moves
through `Rule.card_moves`).

In the spirit of Solvitaire's rule schema, a variant is its parameters: Russian Solitaire
is Yukon's deal and moves building down in suit; Australian Patience is seven columns of
four face-up cards building down in suit, with the other 24 cards in a one-pass stock. The
family's solver searches every rule, stock or none; the family's game deals only the rules
without a stock (Australian Patience, with its two-player games, is dealt by its own game).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ausp_widget.core.deal import shuffled_deck, splitmix64

CARD_COUNT = 52
PILE_SUITS = (0, 1, 2, 3)  # F1 ♣, F2 ♦, F3 ♥, F4 ♠
KING = 12  # a card's rank index (0 = Ace) for a King
RED = (False, True, True, False)  # ♣ ♦ ♥ ♠
STUCK_SEARCH_LIMIT = 3000
"""Positions the status search (and the hint's look-ahead) may visit before it stops."""

_OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))
BUILDS = ("alternate", "suit")
"""How a tableau may build down: in alternating colours (Yukon) or in suit."""


def _parent_suits(build: str) -> tuple[tuple[int, ...], ...]:
    """For each suit, the suits of the cards one of its cards may go onto (and, the relation
    being symmetric, the suits of the cards that may go onto it)."""
    return _OTHER_COLOUR if build == "alternate" else ((0,), (1,), (2,), (3,))


def parents_table(build: str) -> tuple[tuple[int, ...], ...]:
    """The cards (indices) each card may go onto: one rank higher, in a suit `build` allows."""
    suits = _parent_suits(build)
    return tuple(
        () if card % 13 == KING else tuple(s * 13 + card % 13 + 1 for s in suits[card // 13])
        for card in range(52)
    )


ALTERNATE = parents_table("alternate")
"""Yukon's parents: one rank higher, in the other colour."""


@dataclass(frozen=True)
class Rule:
    """One game of the family: its name, how the tableau builds, and the deal's shape (each
    column's face-down and face-up counts, and the cards left in a one-pass stock; every card
    is dealt to one or the other)."""

    name: str
    title: str
    build: str = "alternate"
    down: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)
    up: tuple[int, ...] = (1, 5, 5, 5, 5, 5, 5)
    stock: int = 0
    parents: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    child_suits: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.build not in BUILDS:
            raise ValueError(f"build must be one of {', '.join(BUILDS)}, not {self.build!r}")
        if len(self.down) != len(self.up) or sum(self.down) + sum(self.up) + self.stock != CARD_COUNT:
            raise ValueError(f"the deal of {self.title} must place all {CARD_COUNT} cards")
        object.__setattr__(
            self, "parents", ALTERNATE if self.build == "alternate" else parents_table(self.build)
        )
        object.__setattr__(self, "child_suits", _parent_suits(self.build))

    @property
    def columns(self) -> int:
        return len(self.down)

    @property
    def in_suit(self) -> bool:
        return self.build == "suit"

    def deal_layout(self, seed: int) -> tuple[list[tuple[int, ...]], list[int]]:
        """Columns (card indices, bottom first) and their face-down counts for deal `seed` (a
        rule without a stock: the family's game deals no other).

        The deck is shuffled as every deal of the package is (`ausp_widget.core.deal`); then
        each column in turn takes the next cards, bottom first: its face-down cards, then its
        face-up ones (Yukon: column 1 one card, column n n - 1 face down and five face up).
        """
        if self.stock:
            raise ValueError(f"{self.title} keeps a stock: its own game deals it, not the family's")
        deck = [card.index for card in shuffled_deck(splitmix64(seed))]
        columns, at = [], 0
        for down, up in zip(self.down, self.up):
            columns.append(tuple(deck[at : at + down + up]))
            at += down + up
        return columns, list(self.down)

    def safe_home(self, card: int, heights: list[int] | tuple[int, ...]) -> bool:
        """Whether `card`, which its foundation takes now, may go home without loss: an Ace, or
        a card whose possible children (one rank lower, in a suit the building allows) are all
        home. A Two is not always safe in Yukon: an Ace with cards on it may need a Two of the
        other colour to carry them off a face-down card."""
        rank = card % 13
        return rank == 0 or all(heights[s] >= rank for s in self.child_suits[card // 13])

    def card_moves(
        self,
        cols: list[tuple[int, ...]] | list[list[int]],
        down: list[int],
        heights: list[int],
        useful_only: bool,
        first_empty: bool = False,
    ) -> list[tuple[int, int, int]]:
        """Every legal card move as (column, depth, target): target -1 is the card's foundation,
        else the column it goes to (onto its top card, or into it when empty). With
        `useful_only`, a King that already lies at the bottom of its column is not moved into
        another empty column (that only exchanges two columns); with `first_empty`, a King
        goes into the first empty column only (a search may: empty columns are alike)."""
        parents = self.parents
        tops = {col[-1]: c for c, col in enumerate(cols) if col}
        empty = [c for c, col in enumerate(cols) if not col][: 1 if first_empty else None]
        moves: list[tuple[int, int, int]] = []
        for c, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if heights[top // 13] == top % 13:
                moves.append((c, len(col) - 1, -1))
            for d in range(down[c], len(col)):
                card = col[d]
                if card % 13 == KING:
                    if empty and not (useful_only and d == 0):
                        moves += [(c, d, e) for e in empty]
                    continue
                for parent in parents[card]:
                    e = tops.get(parent)
                    if e is not None and e != c:
                        moves.append((c, d, e))
        return moves

    def progress_now(
        self, cols: list[tuple[int, ...]] | list[list[int]], down: list[int], heights: list[int]
    ) -> tuple[tuple[int, int, int] | None, list[tuple[int, int, int]]]:
        """What the hints play first, and so the solver's `Playout`: a card that may go home
        safely (None when there is none), and the moves that make progress now (`is_progress`),
        those turning up a card first, deepest column first."""
        moves = self.card_moves(cols, down, heights, useful_only=True)
        safe = next((m for m in moves if m[2] < 0 and self.safe_home(cols[m[0]][m[1]], heights)), None)
        return safe, sorted((m for m in moves if is_progress(m, down)), key=lambda m: (m[2] < 0, -down[m[0]]))

    def progress_path(
        self,
        cols: list[tuple[int, ...]],
        down: list[int],
        heights: list[int],
        limit: int = STUCK_SEARCH_LIMIT,
    ) -> tuple[bool | None, list[tuple[int, int, int]]]:
        """The shortest line of useful moves that ends by bringing a card home or turning up a
        face-down card: (True, the line), (False, []) when no such line exists (no card can
        ever go home again), or (None, []) when `limit` positions were looked at first.

        The search never turns a card up, so it reads only the face-up cards: whether a game is
        lost depends on nothing its player cannot see."""
        start = tuple(tuple(col) for col in cols)
        seen = {_canonical(start, down)}
        frontier: list[tuple[tuple[tuple[int, ...], ...], list[tuple[int, int, int]]]] = [(start, [])]
        while frontier:
            following = []
            for position, line in frontier:
                moves = self.card_moves(position, down, heights, useful_only=True)
                for move in moves:
                    if is_progress(move, down):
                        return True, [*line, move]
                for c, d, e in moves:
                    after = list(position)
                    after[e] = after[e] + after[c][d:]
                    after[c] = after[c][:d]
                    key = _canonical(after, down)
                    if key not in seen:
                        if len(seen) >= limit:
                            return None, []
                        seen.add(key)
                        following.append((tuple(after), [*line, (c, d, e)]))
            frontier = following
        return False, []


def is_progress(move: tuple[int, int, int], down: list[int]) -> bool:
    """Whether a move brings a card home or turns up a face-down card."""
    c, d, e = move
    return e < 0 or (d == down[c] and down[c] > 0)


def _canonical(cols, down) -> tuple:
    """A position with its columns in a fixed order (their order changes nothing that can be
    done), each with its face-down count."""
    return tuple(sorted(zip(down, cols)))
