"""Why a lost game is lost, in the words of the rules: the cards that can no longer reach
home and what holds each. Each game says what holds a card (`_block()`); `explain_loss()`
(P6 of the protocol) is the same for every game: it orders them and keeps the sentence
short, so a student reads the one or two blocks that matter most and a count of the rest.

It says only what the table shows (`ausp_widget.core.sight`): a card the foundations wait for
that lies face down is counted, never named or placed, so taking the game back after reading
it gives nothing away."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import check_whole
from .sight import Sight
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
    `_block(card, held, player)`: what holds a card its foundations wait for, once the game is lost."""

    card_count: int
    scores: tuple[int, ...]
    status: str
    _pile_suits: Sequence[int]
    _check_player: Callable[[object], None]  # the game base's
    _pile_heights: Callable[[], Sequence[int]]  # the game's own

    def explain_loss(self, player: int = 0, shown: int = SHOWN) -> str:
        """The `shown` cards on show that block the most and what holds each, then how many
        more foundations wait for a face-down card and a count of the rest; "" unless the
        game is lost. A block that names a card the player cannot see is never said. `shown`
        is a whole number from 0 (0: every block counted, none said in full), checked as the
        player is, whether or not the game is lost."""
        self._check_player(player)
        shown = check_whole("shown", shown)
        if self.status != "lost":
            return ""
        piles = self.piles()
        sight = Sight.of(piles)
        blocks = [b for b in self._blocks(player) if sight.sees(b.card.index) and not sight.discloses(b.why)]
        hidden = len(self._waiting()) - len(blocks)
        down = sum(pile.size - sum(c is not None for c in pile.cards) for pile in piles)
        return loss_text(blocks, self.card_count - self.scores[player], shown, hidden, down)

    def _blocks(self, player: int) -> list[Block]:
        """A block for each card the foundations wait for that lies face up on the table:
        its words name only cards on show (a card that lies face down gets none)."""
        blocks = [self._block(card, held, player) for card, held in self._waiting().items()]
        return [block for block in blocks if block is not None]

    def _block(self, card: int, held: int, player: int) -> Block | None:  # pragma: no cover
        """What holds `card` (with `held` cards waiting behind it), or None when no copy of it
        lies face up (each game's own)."""
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


def loss_text(blocks: Sequence[Block], left: int, shown: int = SHOWN, hidden: int = 0, down: int = 0) -> str:
    """The explanation: the `shown` blocks that hold back the most cards, one sentence each,
    then how many more foundations wait for a face-down card (`hidden`), then one sentence
    counting the rest (`left` is how many cards are not home, `down` how many lie face down)."""
    if not blocks and not hidden:
        return ""
    ranked = sorted(blocks, key=lambda b: (-b.held, b.card))
    said, rest = ranked[:shown], ranked[shown:]
    parts = [sentence(b.why) for b in said]
    if hidden:
        more = "more " if blocks else ""
        waits = f"one {more}foundation waits" if hidden == 1 else f"{hidden} {more}foundations wait"
        parts.append(
            sentence(
                f"{waits} for {'a card' if hidden == 1 else 'cards'} that lie{'s' * (hidden == 1)} face down"
            )
        )
    cards = "card" if left == 1 else "cards"
    count = f"in all, {left} {cards} cannot reach home"
    count += f", {down} of them face down." if down else "."
    if rest:
        names = [str(b.card) for b in rest]
        count = f"{listed(names)} {'is' if len(names) == 1 else 'are'} blocked as well; {count}"
    return " ".join([*parts, capital(count)])
