"""Indian Patience's constants, its deal, its building rule and its rule options."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ausp_widget.core.cards import Card
from ausp_widget.core.deal import shuffled_deck, split_deal, splitmix64

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
