"""Why a lost game is lost, in the words of the rules: the cards that can no longer reach
home and what holds each. Each game finds its own blocks (`_blocks()`); `explain_loss()`
(P6 of the protocol) is the same for every game: it orders them and keeps the sentence
short, so a student reads the one or two blocks that matter most and a count of the rest."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card
from .text import capital, listed, sentence

SHOWN = 2  # blocks said in full; the others are counted


@dataclass(frozen=True)
class Block:
    """A card a foundation waits for that can no longer get there: `held` is how many cards
    wait behind it (itself and those of its suit above it), `why` what holds it, in words."""

    card: Card
    held: int
    why: str


class ExplainsLoss:
    """`explain_loss()` for a game (of `ausp_widget.core.base.PatienceBase`) that provides
    `_blocks(player)`: what holds each card its foundations wait for, once the game is lost."""

    card_count: int
    scores: tuple[int, ...]
    status: str
    _pile_suits: Sequence[int]
    _check_player: Callable[[object], None]  # the game base's
    _pile_heights: Callable[[], Sequence[int]]  # the game's own

    def explain_loss(self, player: int = 0, shown: int = SHOWN) -> str:
        """The `shown` cards that block the most and what holds each, then a count of the
        rest; "" unless the game is lost."""
        self._check_player(player)
        if self.status != "lost":
            return ""
        blocks = self._blocks(player)
        return loss_text(blocks, self.card_count - self.scores[player], shown) if blocks else ""

    def _blocks(self, player: int) -> list[Block]:  # pragma: no cover - each game's own
        raise NotImplementedError

    def _waiting(self) -> dict[int, int]:
        """Each card (index) a foundation pile waits for, with how many cards of its suit are
        not home (it and every card that must follow it)."""
        heights: dict[int, list[int]] = {}
        for suit, height in zip(self._pile_suits, self._pile_heights()):
            heights.setdefault(suit, []).append(height)
        return {
            suit * 13 + height: 13 * len(piles) - sum(piles)
            for suit, piles in heights.items()
            for height in piles
            if height < 13
        }


def loss_text(blocks: Sequence[Block], left: int, shown: int = SHOWN) -> str:
    """The explanation: the `shown` blocks that hold back the most cards, one sentence each,
    then one sentence counting the rest (`left` is how many cards are not home)."""
    if not blocks:
        return ""
    ranked = sorted(blocks, key=lambda b: (-b.held, b.card))
    said, rest = ranked[:shown], ranked[shown:]
    text = " ".join(sentence(b.why) for b in said)
    cards = "card" if left == 1 else "cards"
    count = f"in all, {left} {cards} cannot reach home."
    if rest:
        names = [str(b.card) for b in rest]
        count = f"{listed(names)} {'is' if len(names) == 1 else 'are'} blocked as well; {count}"
    return f"{text} {capital(count)}"
