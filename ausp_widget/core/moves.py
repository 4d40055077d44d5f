"""Moves and their §3 text: `draw`, `pass`, `4♣ F`, `4♣ F2`, `J♥ Q♥`, `K♣ 3`."""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.errors import NotationError, NotTextError, given, short_repr

MoveKind = Literal["draw", "pass", "foundation", "tableau", "column"]
MOVE_KINDS: tuple[str, ...] = ("draw", "pass", "foundation", "tableau", "column")
MAX_PILE = 8
"""Foundation piles are F1..F8 at most (two decks); each game checks its own count."""
MAX_COLUMN = 10
"""Columns are numbered 1..10 at most (Indian Patience); each game checks its own count."""


def _absent(value: object) -> bool:
    return value is None


def _a_card(value: object) -> bool:
    return isinstance(value, Card)


def _pile_ok(pile: object) -> bool:
    return pile is None or (type(pile) is int and 0 <= pile <= MAX_PILE)


def _column_ok(column: object) -> bool:
    return type(column) is int and 1 <= column <= MAX_COLUMN


_CARRIES = MappingProxyType(
    {  # what each kind of card move holds besides its card: (onto, column, pile)
        "tableau": (_a_card, _absent, _absent),
        "foundation": (_absent, _absent, _pile_ok),
        "column": (_absent, _column_ok, _absent),
    }
)


def _well_formed(kind: object, card: object, onto: object, column: object, pile: object) -> bool:
    if kind in ("draw", "pass"):
        return card is None and onto is None and column is None and pile is None
    checks = _CARRIES.get(kind) if isinstance(kind, str) else None
    if checks is None or not isinstance(card, Card):
        return False
    return all(check(value) for check, value in zip(checks, (onto, column, pile)))


class Move:
    """One action of one player; immutable, hashable, equal by value.

    `card` heads the moving group (or is the top waste card). A foundation move has
    `pile` 0 (or None) for "the first pile that accepts it" or 1..8 for a named pile; a
    tableau move has `onto`, the exposed card it goes onto; a column move has `column`, a
    column number from 1 (each game checks its own range when the move is played).

    A malformed move is refused here, with a `NotationError` naming the field, so that no
    game ever meets a pile -1 or a column 0 (which would index from the end of a list).
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
        if not _well_formed(kind, card, onto, column, pile):
            _refuse(kind, card, onto, column, pile)
        set_ = object.__setattr__
        set_(self, "kind", kind)
        set_(self, "card", card)
        set_(self, "onto", onto)
        set_(self, "column", column)
        set_(self, "pile", pile)
        set_(self, "_text", _format(kind, card, onto, column, pile))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move is immutable: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move is immutable: {name!r} cannot be deleted")

    @classmethod
    def parse(cls, text: str | Move, usage: str = "'draw', 'pass', '4♣ F', 'J♥ Q♥' or 'K♣ 3'") -> Move:
        """Read a move in §3 notation (cards in any accepted spelling); `usage` is the forms a
        text that is no move is told to write (a game without a stock has no draw)."""
        words = read_move_words(text, "'J♥ Q♥'", usage)
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
        raise NotTextError(f"a move is text like {example} or 'draw', not {given(text)}")
    words = text.split()
    lowered = [w.lower() for w in words]
    if lowered == ["draw"]:
        return DRAW
    if lowered == ["pass"]:
        return PASS
    if lowered[:1] in (["draw"], ["pass"]):
        raise NotationError(
            f"{short_repr(text)} is not a move: {words[0]!r} stands alone, with nothing after it "
            f"(not {short_repr(' '.join(words[1:]))})"
        )
    if len(words) != 2:
        raise NotationError(f"{short_repr(text)} is not a move: write {usage}")
    return words[0], words[1]


def read_target(target: str, text: str, columns: int) -> tuple[str, int | None]:
    """Where a card goes: ("foundation", 0) for `F` (the first pile that takes it),
    ("foundation", k) for `Fk`, ("column", n) for an empty column, else ("tableau", None)."""
    target = target.upper()
    if target == "F":
        return "foundation", 0
    pile = target.startswith("F")
    digits = target[1:] if pile else target
    if not digits.isdigit():  # true for '²' and other digits too: those are named below
        return "tableau", None
    if not digits.isascii():
        raise NotationError(
            f"{short_repr(text)}: write the number with the digits 0 to 9, not {short_repr(digits)}"
        )
    number = int(digits) if len(digits) <= 3 else -1  # never read thousands of digits
    if pile:
        if not 1 <= number <= MAX_PILE:
            raise NotationError(f"{short_repr(text)}: foundations are F1 to F{MAX_PILE}")
        return "foundation", number
    if not 1 <= number <= columns:
        raise NotationError(f"{short_repr(text)}: columns are numbered 1 to {columns}")
    return "column", number


def _refuse(kind: object, card: object, onto: object, column: object, pile: object) -> None:
    """Raise a `NotationError` naming what is wrong with a move built by hand."""
    if kind not in MOVE_KINDS:
        raise NotationError(
            f"a move's kind is one of {', '.join(map(repr, MOVE_KINDS))}, not {short_repr(kind)}"
        )
    fields = {"card": card, "onto": onto, "column": column, "pile": pile}
    needs = {"draw": (), "pass": (), "foundation": ("card", "pile"), "tableau": ("card", "onto")}
    allowed = needs.get(kind, ("card", "column"))
    extra = [name for name, value in fields.items() if value is not None and name not in allowed]
    if extra:
        raise NotationError(f"a {kind} move takes no {' or '.join(extra)}")
    for name in ("card", "onto"):
        if name in allowed and not isinstance(fields[name], Card):
            raise NotationError(
                f"a {kind} move's {name} is a Card (Card.parse('7♥')), not {short_repr(fields[name])}"
            )
    if kind == "foundation":
        raise NotationError(
            f"a foundation move's pile is 0 (the first pile that takes the card) or 1 to {MAX_PILE}, "
            f"not {short_repr(pile)}"
        )
    raise NotationError(
        f"a column move's column is a whole number from 1 to {MAX_COLUMN}, not {short_repr(column)}"
    )


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
_TO_COLUMN = MappingProxyType(
    {
        (card.index, column): Move("column", card, column=column)
        for card in CARDS
        if card.rank == 13
        for column in range(1, 8)
    }
)


def to_foundation(card: Card) -> Move:
    return _TO_FOUNDATION[card.index]


def onto_parent(card: Card) -> Move | None:
    """The one tableau move `card` can ever make: onto the next higher card of its suit."""
    return _ONTO_PARENT[card.index]


def to_column(card: Card, column: int) -> Move:
    return _TO_COLUMN.get((card.index, column)) or Move("column", card, column=column)
