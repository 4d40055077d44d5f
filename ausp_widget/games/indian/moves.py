"""Indian Patience moves: `Move` with an optional source, for the twin cards of two decks."""

from __future__ import annotations

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.errors import NotationError
from ausp_widget.core.moves import Move, read_move_words, read_target
from ausp_widget.core.saves import short_repr

from .basics import COLUMNS, Source


class IndianMove(Move):
    """A `Move` that may say where its card comes from (`source`: None, a column 1..10 or
    "waste"), for the twin cards; printed as a prefix (`3:7♥ 8♣`, `w:7♥ F`)."""

    __slots__ = ("source",)
    source: Source | None

    def __init__(
        self,
        kind,
        card: Card | None = None,
        *,
        onto: Card | None = None,
        column: int | None = None,
        pile: int | None = None,
        source: Source | None = None,
    ) -> None:
        super().__init__(kind, card, onto=onto, column=column, pile=pile)
        if source is not None and source != "waste" and not (type(source) is int and 1 <= source <= COLUMNS):
            raise NotationError(
                f"a card's place is a column 1 to {COLUMNS}, 'waste' or None, not {short_repr(source)}"
            )
        if source is not None and kind in ("draw", "pass"):
            raise NotationError(f"a {kind} moves no card, so it has no source")
        object.__setattr__(self, "source", source)
        if source is not None:
            object.__setattr__(self, "_text", f"{_source_text(source)}:{self._text}")

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read an Indian Patience move: `draw`, `7♥ F`, `7♥ F5`, `7♥ 8♣`, `7♥ 10`, `3:7♥ 8♣`, `w:7♥ F`."""
        words = read_move_words(
            text,
            "'7♥ 8♣'",
            "'draw', '7♥ F', '7♥ 8♣', '7♥ 4' or, naming where the card comes from, '3:7♥ 8♣' or 'w:7♥ F'",
        )
        if isinstance(words, Move):
            return words
        head, source = words[0], None
        if ":" in head:
            where, head = head.split(":", 1)
            source = _parse_source(where, text)
        card = Card.parse(head)
        kind, number = read_target(words[1], text, columns=COLUMNS)
        if kind == "foundation":
            return cls("foundation", card, pile=number, source=source)
        if kind == "column":
            return cls("column", card, column=number, source=source)
        return cls("tableau", card, onto=Card.parse(words[1]), source=source)

    def __repr__(self) -> str:
        return f"IndianMove.parse({self._text!r})"

    def __reduce__(self):
        return (IndianMove.parse, (self._text,))


def _source_text(source: Source) -> str:
    return "w" if source == "waste" else str(source)


def _parse_source(where: str, text: str) -> Source:
    where = where.strip().lower()
    if where in ("w", "waste"):
        return "waste"
    if where.isascii() and where.isdigit() and len(where) <= 2 and 1 <= int(where) <= COLUMNS:
        return int(where)
    raise NotationError(
        f"{short_repr(text)}: a card's place is a column 1 to {COLUMNS} or w (the waste), as in '3:7♥ 8♣'"
    )


_MOVES: dict[tuple, IndianMove] = {}


def _move(kind: str, card: int, dest: int, source: Source | None) -> IndianMove:
    """The canonical move object (made once, then reused): dest is a pile (0 = first that
    takes it), a column number, or the card index it goes onto."""
    key = (kind, card, dest, source)
    move = _MOVES.get(key)
    if move is None:
        if kind == "foundation":
            move = IndianMove(kind, CARDS[card], pile=dest, source=source)
        elif kind == "column":
            move = IndianMove(kind, CARDS[card], column=dest, source=source)
        else:
            move = IndianMove(kind, CARDS[card], onto=CARDS[dest], source=source)
        _MOVES[key] = move
    return move
