"""What a student sees of a position at a glance, each as one number: the features a "judge"
puzzle's answer is measured against (`puzzle_cues`), so that a set whose answer follows one of
them can be caught before a student learns the cue instead of the game.

Every feature reads only the table as `piles()` shows it (face-down cards stay None), the legal
moves and the pile sizes: nothing a solver knows. Two families:

- `GLANCE`: surface cues (cards home, stock left, moves now, longest column, buried Aces...).
- `LOCKS`: cards that block each other in a way a student can spot and reason about: a card
  buried under a higher card of its own suit cannot go home until that card has moved away.
  One pile is read at a time, as a student reads a column; the solver's dead-position test
  (`games.family.deadlock`) follows every line of play, which no glance does. With two
  decks each card has a twin, so a lock is a weaker sign there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ausp_widget.core.cards import Card

Feature = Callable[[Any], float]
CARD_MOVES = ("foundation", "tableau", "column")  # the move kinds that move a card (not draw, pass)


def _kind(position: Any, kind: str) -> list[Any]:
    return [p for p in position.piles() if p.kind == kind]


def _columns(position: Any) -> list[tuple[Card | None, ...]]:
    return [p.cards for p in _kind(position, "column")]


def _stacks(position: Any) -> list[tuple[Card | None, ...]]:
    """The face-up piles a student reads bottom to top: the columns and the waste."""
    return _columns(position) + [p.cards for p in _kind(position, "waste")]


def _home(position: Any) -> int:
    return sum(p.size for p in _kind(position, "foundation"))


def _foundation_heights(position: Any) -> list[int]:
    return [p.size for p in _kind(position, "foundation")] or [0]


def _card_moves(position: Any) -> list[Any]:
    return [m for m in position.legal_moves() if m.kind in CARD_MOVES]


def _stock(position: Any) -> int:
    return sum(p.size for p in _kind(position, "stock"))


def _waste(position: Any) -> int:
    return sum(p.size for p in _kind(position, "waste"))


def _empty(position: Any) -> int:
    return sum(1 for cards in _columns(position) if not cards)


def _out(position: Any) -> int:
    return position.card_count - _home(position)


def _stock_share(position: Any) -> float:
    """Stock left for each card still out: much stock, many chances."""
    return _stock(position) / max(_out(position), 1)


def _moves(position: Any) -> int:
    return len(position.legal_moves())


def _moves_home(position: Any) -> int:
    return sum(1 for m in position.legal_moves() if m.kind == "foundation")


def _group_moves(position: Any) -> int:
    """Card moves that carry more than the card itself (the cards lying on it go too)."""
    count = 0
    piles = {p.ref: p for p in position.piles()}
    for move in _card_moves(position):
        source, _ = position.move_places(move)
        if source is not None and source.depth < piles[source.pile].size - 1:
            count += 1
    return count


def _movable(position: Any) -> int:
    return len({m.card for m in _card_moves(position)})


def _useful(position: Any) -> int:
    return len(position.useful_moves())


def _lowest(position: Any) -> int:
    return min(_foundation_heights(position))


def _highest(position: Any) -> int:
    return max(_foundation_heights(position))


def _spread(position: Any) -> int:
    heights = _foundation_heights(position)
    return max(heights) - min(heights)


def _longest(position: Any) -> int:
    return max((len(cards) for cards in _columns(position)), default=0)


def _in_columns(position: Any) -> int:
    return sum(len(cards) for cards in _columns(position))


def _on_next(card: Card | None, under: Card | None, same_suit: bool) -> bool:
    if card is None or under is None or under.rank != card.rank + 1:
        return False
    return card.suit == under.suit if same_suit else True


def _on_suit(position: Any) -> int:
    """Column cards lying on the next higher card of their suit: runs already built."""
    return sum(
        _on_next(cards[k], cards[k - 1], True) for cards in _columns(position) for k in range(1, len(cards))
    )


def _on_rank(position: Any) -> int:
    """Column cards lying on a card one rank higher, of any suit."""
    return sum(
        _on_next(cards[k], cards[k - 1], False) for cards in _columns(position) for k in range(1, len(cards))
    )


def _ordered(position: Any) -> int:
    """Columns that are one run of their suit from bottom to top (one card counts)."""
    return sum(
        1
        for cards in _columns(position)
        if cards and all(_on_next(cards[k], cards[k - 1], True) for k in range(1, len(cards)))
    )


def _kings_up(position: Any) -> int:
    """Kings not at the bottom of their column: each must one day move to an empty column."""
    return sum(1 for cards in _columns(position) for c in cards[1:] if c is not None and c.rank == 13)


def _aces_out(position: Any) -> int:
    foundations = _kind(position, "foundation")
    return sum(1 for p in foundations if not p.cards)


def _aces_buried(position: Any) -> int:
    """Aces in a column or the waste with a card on them."""
    return sum(1 for cards in _stacks(position) for c in cards[:-1] if c is not None and c.rank == 1)


def _over_aces(position: Any) -> int:
    """Cards lying on the Aces of the columns and the waste: what must move first."""
    return sum(
        len(cards) - 1 - k
        for cards in _stacks(position)
        for k, c in enumerate(cards)
        if c is not None and c.rank == 1
    )


def _face_down(position: Any) -> int:
    return sum(1 for p in position.piles() if p.kind == "column" for c in p.cards if c is None)


def _under_higher(position: Any) -> int:
    """Cards with a higher card of their own suit somewhere above them in the same pile: that
    card cannot go home first, so it must find a place on the tableau before this one is free."""
    count = 0
    for cards in _stacks(position):
        for k, card in enumerate(cards):
            if card is not None and any(
                c is not None and c.suit == card.suit and c.rank > card.rank for c in cards[k + 1 :]
            ):
                count += 1
    return count


def _under_next(position: Any) -> int:
    """Cards with their own suit's next card above them in the same pile: the pair blocks
    itself twice, as neither can go home nor onto the other."""
    count = 0
    for cards in _stacks(position):
        for k, card in enumerate(cards):
            if card is not None and any(
                c is not None and c.suit == card.suit and c.rank == card.rank + 1 for c in cards[k + 1 :]
            ):
                count += 1
    return count


def _locked(position: Any) -> int:
    """Cards lying above a lower card of their suit (so they cannot go home) with the card they
    would build on below them in the same pile (so they cannot go there) and not a King (so no
    empty column takes them): held unless a card beneath them carries them off. A card already
    on its next card is counted once, at the head of its run."""
    count = 0
    for cards in _stacks(position):
        for k, card in enumerate(cards):
            if card is None or card.rank == 13 or (k and _on_next(card, cards[k - 1], True)):
                continue
            below = [c for c in cards[:k] if c is not None and c.suit == card.suit]
            if any(c.rank < card.rank for c in below) and any(c.rank == card.rank + 1 for c in below):
                count += 1
    return count


GLANCE: dict[str, Feature] = {
    "cards home": _home,
    "stock left": _stock,
    "cards in the waste": _waste,
    "stock left per card out": _stock_share,
    "empty columns": _empty,
    "moves now (draw counted)": _moves,
    "card moves now": lambda position: len(_card_moves(position)),
    "useful moves now": _useful,
    "moves home now": _moves_home,
    "group moves now": _group_moves,
    "cards that can move": _movable,
    "lowest foundation": _lowest,
    "highest foundation": _highest,
    "foundation spread": _spread,
    "longest column": _longest,
    "cards in columns": _in_columns,
    "cards on their suit's next": _on_suit,
    "cards on a rank higher": _on_rank,
    "columns in suit order": _ordered,
    "Kings not at the bottom": _kings_up,
    "Aces not home": _aces_out,
    "Aces covered": _aces_buried,
    "cards on the Aces": _over_aces,
    "face-down cards": _face_down,
}

LOCKS: dict[str, Feature] = {
    "under a higher card of its suit": _under_higher,
    "under its suit's next card": _under_next,
    "locked (no home, no place)": _locked,
}


def feature_values(positions: Sequence[Any], features: dict[str, Feature]) -> dict[str, list[float]]:
    """Each feature's value on each position, in the positions' order."""
    return {name: [feature(position) for position in positions] for name, feature in features.items()}
