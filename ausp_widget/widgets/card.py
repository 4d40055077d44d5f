"""One card on the table: a pooled `Button` whose look comes from CSS classes.

A card widget's text (`description`) is the card's spoken name, "jack of hearts", so a
screen reader and a browser test find it by name; the stylesheet hides that text and draws
the corner index ("J♥") and the suit pip from one class per card. The `title` attribute
(`tooltip`) carries the same name, with "(the bot's)" on the bot's cards.

The table keeps a fixed pool of these per slot and tells each what to show as a `Face`.
`CardView.show` sends nothing when the face is unchanged and one state message when it
changed, so a move costs only the widgets whose card or highlight changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import ipywidgets as widgets

from ausp_widget.core.cards import RANK_TEXT, SUIT_NAMES, Card

SUIT_LETTERS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def card_class(card: Card) -> str:
    """The class that draws one card's corner index: `ausp-c-JH` for the jack of hearts."""
    return f"ausp-c-{RANK_TEXT[card.rank - 1]}{SUIT_LETTERS[card.suit]}"


def suit_class(suit: str) -> str:
    return f"ausp-s-{SUIT_LETTERS[suit]}"


@dataclass(frozen=True)
class Face:
    """Everything a card widget shows: its label, its title and its CSS classes."""

    description: str
    tooltip: str
    classes: tuple[str, ...]


HIDDEN = Face("", "", ("ausp-card", "ausp-hidden"))


def face_up(card: Card, marks: Iterable[str] = (), *, theirs: bool = False, note: str = "") -> Face:
    """A card face up: red or black (the four-colour deck recolours by suit class). `note`
    ends the title, as in "seven of hearts, protected: it may only go to a foundation"."""
    colour = "ausp-red" if card.is_red else "ausp-black"
    owner = "ausp-theirs" if theirs else "ausp-mine"
    classes = ("ausp-card", "ausp-face", card_class(card), suit_class(card.suit), colour, owner, *marks)
    return Face(card.name, card.name + (" (the bot's)" if theirs else "") + note, classes)


def protected_card(card: Card, marks: Iterable[str] = (), means: str = "") -> Face:
    """A protected card: face up, marked, and its title says what protection means in its game."""
    return face_up(card, ("ausp-protected", *marks), note=", protected" + (f": {means}" if means else ""))


FACE_DOWN_CARD = Face(
    "face-down card",
    "face-down card: it turns up when the cards on it are gone",
    ("ausp-card", "ausp-back", "ausp-facedown", "ausp-mine"),
)
"""A tableau card dealt face down: a back that never names the card."""


def face_down(count: int, marks: Iterable[str] = (), *, theirs: bool = False) -> Face:
    """The stock: a card back with the number of cards left, printed on it."""
    whose = "the bot's stock" if theirs else "stock"
    label = f"{whose}, {count} card{'s' if count != 1 else ''}"
    tip = label if theirs else f"{label}: click to draw"
    owner = "ausp-theirs" if theirs else "ausp-mine"
    return Face(label, tip, ("ausp-card", "ausp-back", "ausp-text", owner, *marks))


def empty_slot(kind: str, label: str, tip: str, marks: Iterable[str] = (), suit: str | None = None) -> Face:
    """A placeholder where a pile is empty: a column, a foundation, the waste or the stock."""
    classes = ["ausp-card", "ausp-slot", f"ausp-slot-{kind}"]
    if suit is not None:
        classes.append(suit_class(suit))
    return Face(label, tip, (*classes, *marks))


def foundation_label(suit: str, pile: int | None = None) -> str:
    """ "hearts foundation, empty", or "F5, hearts foundation, empty" when piles are numbered."""
    prefix = f"F{pile}, " if pile is not None else ""
    return f"{prefix}{SUIT_NAMES[suit]} foundation, empty"


class CardView:
    """One pooled card widget in a fixed slot of the table.

    `slot` says where it sits (the table decides what a click there means) and `card` is
    the card it shows now, or None for a placeholder or an unused slot.
    """

    __slots__ = ("button", "card", "face", "pile", "place", "slot")

    def __init__(
        self,
        slot: object,
        on_click: Callable[[CardView], None],
        layout: widgets.Layout | None = None,
        style: widgets.ButtonStyle | None = None,
    ) -> None:
        self.slot = slot
        self.place = None  # the Place of the card on show (set by the board as it draws)
        self.pile = None  # the PileRef of the pile this widget belongs to
        self.card: Card | None = None
        self.face = HIDDEN
        extra = {"layout": layout} if layout is not None else {}
        if style is not None:
            extra["style"] = style
        self.button = widgets.Button(description="", tooltip="", _dom_classes=HIDDEN.classes, **extra)
        self.button.on_click(lambda _button: on_click(self))

    def show(self, face: Face, card: Card | None = None) -> bool:
        """Show `face`; returns whether anything had to be sent to the browser."""
        self.card = card
        if face == self.face:
            return False
        button = self.button
        with button.hold_sync():
            if face.description != self.face.description:
                button.description = face.description
            if face.tooltip != self.face.tooltip:
                button.tooltip = face.tooltip
            if face.classes != self.face.classes:
                button._dom_classes = face.classes
        self.face = face
        return True

    @property
    def hidden(self) -> bool:
        return "ausp-hidden" in self.face.classes

    def __repr__(self) -> str:
        return f"<CardView {self.place or self.pile or self.slot} {self.face.description or 'unused'!r}>"


__all__ = [
    "FACE_DOWN_CARD",
    "HIDDEN",
    "CardView",
    "Face",
    "card_class",
    "empty_slot",
    "face_down",
    "face_up",
    "protected_card",
    "suit_class",
]
