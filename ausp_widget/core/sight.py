"""What a game may say about a card: only what its player can see on the table.

Refusals, loss explanations and other words a player reads come from engines that know every
card, face down or in the stock. One rule keeps those words to the table the player sees: a
card is *seen* when a view draws it face up (a column, the waste or a foundation); a text
that names any other card, or a card on a foundation it cannot leave, is never said. A
refusal about a card the player cannot see is `unseen(help)`, the same words whichever card
it is and wherever it lies, so trying every card in turn maps nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARDS
from .errors import IllegalMoveError
from .protocol import Pile

__all__ = ["UNSEEN", "Sight", "unseen", "veiled"]

UNSEEN = "that card is not face up on the table"
"""The one reason given for any move that names or targets a card the player cannot see."""


def unseen(help: str = "") -> str:
    """The refusal for a card the player cannot see: `UNSEEN`, then `help` (a rule, the same
    for every hidden card of the game, never a card or a place)."""
    return f"{UNSEEN}: {help}" if help else UNSEEN


@dataclass(frozen=True)
class Sight:
    """The cards one player can see, counted by card (two decks show a card twice)."""

    shown: Counter[int]
    decks: int = 1

    @classmethod
    def of(cls, piles: Sequence[Pile], decks: int = 1) -> Sight:
        """What a table shows: every card a pile draws face up; the stock shows none."""
        shown = Counter(
            card.index for pile in piles if pile.kind != "stock" for card in pile.cards if card is not None
        )
        return cls(shown, decks)

    @classmethod
    def of_game(cls, game: object) -> Sight:
        """What `game`'s table shows (its `piles()`, the same for both players of a game for
        two: each sees both layouts, and neither sees a stock)."""
        return cls.of(game.piles(), max(1, getattr(game, "card_count", 52) // 52))  # type: ignore[attr-defined]

    def sees(self, card: int) -> bool:
        """Whether at least one copy of `card` (an index) is on show."""
        return self.shown[card] > 0

    def all_seen(self, card: int) -> bool:
        """Whether every copy of `card` is on show (so none lies hidden)."""
        return self.shown[card] >= self.decks

    @property
    def unseen_names(self) -> tuple[str, ...]:
        """The names of the cards no copy of which is on show: what no text may name."""
        return tuple(str(CARDS[c]) for c in range(52) if not self.shown[c])

    def discloses(self, text: str) -> bool:
        """Whether `text` names a card the player cannot see. A card's name is its rank and
        suit sign ("10♦"), and no name is part of another, so a plain search is exact."""
        return any(name in text for name in self.unseen_names)

    def name_or(self, card: int, otherwise: str) -> str:
        """The card's name when a copy is on show, else `otherwise` (words that name no card
        the player cannot see, such as what a foundation holds now)."""
        return str(CARDS[card]) if self.sees(card) else otherwise

    def say(self, text: str, instead: str) -> str:
        """`text` when it names only cards on show, else `instead`."""
        return instead if self.discloses(text) else text


def veiled(game: object, error: ValueError) -> ValueError:
    """`error` as a player may read it: a refusal that names a card `game`'s table does not
    show becomes `unseen(game.unseen_help)`; anything else is returned as it is. Every
    refusal passes here (`PatienceBase.play`), whichever check raised it."""
    if isinstance(error, IllegalMoveError) and Sight.of_game(game).discloses(str(error)):
        return IllegalMoveError(unseen(getattr(game, "unseen_help", "")))
    return error
