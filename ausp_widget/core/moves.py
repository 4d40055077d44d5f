"""Moves and their §3 text: `draw`, `pass`, `4♣ F`, `4♣ F2`, `J♥ Q♥`, `K♣ 3`."""

from __future__ import annotations

from typing import Literal

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.errors import NotationError

MoveKind = Literal["draw", "pass", "foundation", "tableau", "column"]


class Move:
    """One action of one player; immutable, hashable, equal by value.

    `card` heads the moving group (or is the top waste card). A foundation move has
    `pile` 0 for "the first pile that accepts it" or 1..8 for a named pile; a tableau move
    has `onto`, the exposed card it goes onto; a column move has `column`, 1..7.
    """

    __slots__ = ("kind", "card", "onto", "column", "pile", "_text")
    kind: MoveKind
    card: Card | None
    onto: Card | None
    column: int | None
    pile: int | None

    def __init__(
        self,
        kind: MoveKind,
        card: Card | None = None,
        *,
        onto: Card | None = None,
        column: int | None = None,
        pile: int | None = None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "kind", kind)
        set_(self, "card", card)
        set_(self, "onto", onto)
        set_(self, "column", column)
        set_(self, "pile", pile)
        set_(self, "_text", _format(kind, card, onto, column, pile))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move in §3 notation (cards in any accepted spelling)."""
        words = read_move_words(text, "'J♥ Q♥'", "'draw', 'pass', '4♣ F', 'J♥ Q♥' or 'K♣ 3'")
        if isinstance(words, Move):
            return words
        card = Card.parse(words[0])
        kind, number = read_target(words[1], text, columns=7)
        if kind == "foundation":
            return to_foundation(card) if number == 0 else Move("foundation", card, pile=number)
        if kind == "column":
            return to_column(card, number)
        return Move("tableau", card, onto=Card.parse(words[1]))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._text == other._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self):
        return (Move.parse, (self._text,))


def read_move_words(text: str | Move, example: str, usage: str) -> Move | tuple[str, str]:
    """What every game's move reader shares: a Move as it is, `draw` and `pass`, or the two
    words of a card move (which card, then where), with an error that shows the forms."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise NotationError(f"a move is text like {example} or 'draw', not {type(text).__name__}")
    words = text.split()
    lowered = [w.lower() for w in words]
    if lowered == ["draw"]:
        return DRAW
    if lowered == ["pass"]:
        return PASS
    if len(words) != 2:
        raise NotationError(f"{text!r} is not a move: write {usage}")
    return words[0], words[1]


def read_target(target: str, text: str, columns: int) -> tuple[str, int | None]:
    """Where a card goes: ("foundation", 0) for `F` (the first pile that takes it),
    ("foundation", k) for `Fk`, ("column", n) for an empty column, else ("tableau", None)."""
    target = target.upper()
    if target == "F":
        return "foundation", 0
    if target.startswith("F") and target[1:].isdigit():
        pile = int(target[1:])
        if not 1 <= pile <= 8:
            raise NotationError(f"{text!r}: foundations are F1 to F8")
        return "foundation", pile
    if target.isdigit():
        column = int(target)
        if not 1 <= column <= columns:
            raise NotationError(f"{text!r}: columns are numbered 1 to {columns}")
        return "column", column
    return "tableau", None


def _format(kind, card, onto, column, pile) -> str:
    if kind in ("draw", "pass"):
        return kind
    if kind == "foundation":
        return f"{card} F{pile or ''}"
    if kind == "tableau":
        return f"{card} {onto}"
    return f"{card} {column}"


DRAW = Move("draw")
PASS = Move("pass")
# Every move the solo engine can list, made once: legal-move generation only picks them.
_TO_FOUNDATION = tuple(Move("foundation", card, pile=0) for card in CARDS)
_ONTO_PARENT = tuple(
    Move("tableau", card, onto=CARDS[card.index + 1]) if card.rank < 13 else None for card in CARDS
)
_TO_COLUMN = {
    (card.index, column): Move("column", card, column=column)
    for card in CARDS
    if card.rank == 13
    for column in range(1, 8)
}


def to_foundation(card: Card) -> Move:
    return _TO_FOUNDATION[card.index]


def onto_parent(card: Card) -> Move | None:
    """The one tableau move `card` can ever make: onto the next higher card of its suit."""
    return _ONTO_PARENT[card.index]


def to_column(card: Card, column: int) -> Move:
    return _TO_COLUMN.get((card.index, column)) or Move("column", card, column=column)
