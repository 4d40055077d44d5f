"""Click-then-click play, as the live table and a lesson's or puzzle's board both read it: what a
second click on the selected card's own pile means, and the words for a dropped selection."""

from __future__ import annotations

from collections.abc import Iterable

from ausp_widget.core.moves import Move
from ausp_widget.core.protocol import Place

from .board_state import Spot

CANCELLED = "Selection cancelled."


def on_own_pile(selected: Place, view: Spot) -> bool:
    """Whether a second click falls on a card of the selected card's own pile: none of them is a
    place for it to go (one lower down, face up or face down, as much as one of its group), so
    the click drops the selection, and is no try; the card itself clicked again goes home when
    it may (`home_move`)."""
    return view.pile == selected.pile and view.place is not None


def home_move(moves: Iterable[Move]) -> Move | None:
    """The move among `moves` that sends the card to a foundation, if there is one."""
    return next((move for move in moves if move.kind == "foundation"), None)
