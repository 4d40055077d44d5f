"""Indian Patience's constants, its deal, its building rule, its rule options and its moves."""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.deal import shuffled_deck, split_deal, splitmix64
from ausp_widget.core.errors import NotationError
from ausp_widget.core.moves import Move, read_move_words, read_target
from ausp_widget.core.saves import short_repr

COLUMNS = 10
PILES = 8
PILE_SUITS = (0, 0, 1, 1, 2, 2, 3, 3)
"""The suit of each foundation pile F1..F8 (index into SUITS)."""
CARD_COUNT = 104
FREE, FACE_DOWN, PROTECTED = 0, 1, 2
"""A column's bottom state: nothing special, its bottom card face down, or its only card protected."""
WASTE = -1  # the source "column" of the top waste card
REFILL = 3  # cards dealt into a column emptied by a protected card going home
STUCK_SEARCH_LIMIT = 1000
"""Positions the status looks at, once the stock is empty, to decide whether any card can go home."""

Source = int | str  # a column number 1..10, or "waste"


# ---- the deal -----------------------------------------------------------------------------
def indian_deal(seed: int) -> tuple[list[list[Card]], list[Card]]:
    """Columns (bottom first; the bottom card is the face-down one) and stock (next first)."""
    return split_deal(shuffled_deck(splitmix64(seed), decks=2), COLUMNS, 3)


def fits(card: int, parent: int) -> bool:
    """Whether `card` may go onto `parent` in the tableau: one rank lower, a different suit."""
    return parent % 13 == card % 13 + 1 and parent // 13 != card // 13


# ---- the rule options -----------------------------------------------------------------------
EMPTY_COLUMN_CHOICES = ("any", "kings")


def option_text(name: str, value: object) -> str:
    """An option's choice as the rules panel and the position text write it: `undo=no`,
    `empty_column=kings` (a player reads it in refusals too, so never Python's `undo=False`)."""
    return f"{name}={('yes' if value else 'no') if isinstance(value, bool) else value}"


@dataclass(frozen=True)
class IndianOptions:
    """The points the published rules leave open, each a named option (worded in
    `ausp_widget.games.indian.rules`): may a card go onto a protected card; what fills an empty
    column ("any" single card or "kings"); are the last one or two stock cards dealt into a
    column emptied by a protected card; may moves be taken back."""

    protected_takes_cards: bool = False
    empty_column: str = "any"
    partial_refill: bool = False
    undo: bool = True

    def __post_init__(self) -> None:
        for name in ("protected_takes_cards", "partial_refill", "undo"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"option {name} must be True or False, not {getattr(self, name)!r}")
        if self.empty_column not in EMPTY_COLUMN_CHOICES:
            choices = " or ".join(map(repr, EMPTY_COLUMN_CHOICES))
            raise ValueError(f"option empty_column must be {choices}, not {self.empty_column!r}")

    @classmethod
    def of(cls, options: OptionsGiven) -> IndianOptions:
        """Options from an `IndianOptions`, a dict of some of its fields, or None (the defaults)."""
        if options is None:
            return cls()
        if isinstance(options, cls):
            return options
        if not isinstance(options, dict):
            raise ValueError(f"options must be IndianOptions or a dict, not {type(options).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r}: the options are {', '.join(sorted(known))}")
        return cls(**options)

    def changed(self) -> dict[str, object]:
        """The options that differ from the defaults, by name (what saves and texts must record)."""
        default = IndianOptions()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def refill_size(self, stock: int) -> int:
        """How many cards a column emptied by a protected card going home is dealt, `stock` left."""
        if stock >= REFILL:
            return REFILL
        return stock if self.partial_refill else 0


OptionsGiven = IndianOptions | dict | None
"""Rule options as a caller may give them: `IndianOptions`, a dict of some of its fields, or None."""


# ---- moves: `Move` with an optional source, for the twin cards of two decks ----------------
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


@functools.cache
def _move(kind: str, card: int, dest: int, source: Source | None) -> IndianMove:
    """The canonical move object (made once, then reused): dest is a pile (0 = first that
    takes it), a column number, or the card index it goes onto."""
    if kind == "foundation":
        return IndianMove(kind, CARDS[card], pile=dest, source=source)
    if kind == "column":
        return IndianMove(kind, CARDS[card], column=dest, source=source)
    return IndianMove(kind, CARDS[card], onto=CARDS[dest], source=source)
