"""Yukon's constants, its deal and the small rules every part of the package asks: which
cards a card may go onto, whether it may go home safely, and the legal card moves of a
table given as columns, face-down counts and foundation heights (the game, its status
search, its hints and its solver all list moves through `card_moves`)."""

from __future__ import annotations

from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.deal import shuffled_deck, splitmix64

COLUMNS = 7
FACE_UP = 5  # face-up cards dealt on the face-down ones of columns 2 to 7
CARD_COUNT = 52
PILE_SUITS = (0, 1, 2, 3)  # F1 ♣, F2 ♦, F3 ♥, F4 ♠
KING = 12  # a card's rank index (0 = Ace) for a King
RED = (False, True, True, False)  # ♣ ♦ ♥ ♠
STUCK_SEARCH_LIMIT = 3000
"""Positions the status search (and the hint's look-ahead) may visit before it stops."""

_OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))
PARENTS: tuple[tuple[int, ...], ...] = tuple(
    () if card % 13 == KING else tuple(s * 13 + card % 13 + 1 for s in _OTHER_COLOUR[card // 13])
    for card in range(52)
)
"""The cards (indices) each card may go onto: one rank higher, in the other colour."""


def deal_layout(seed: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """Columns (card indices, bottom first) and their face-down counts for deal `seed`.

    The deck is shuffled as every deal of the package is (`ausp_widget.core.deal`); then
    card 0 is column 1's one card, and each column from 2 to 7 takes the next cards in
    turn, bottom first: its face-down cards (column n has n - 1), then five face up.
    """
    deck = [card.index for card in shuffled_deck(splitmix64(seed))]
    columns, down, at = [], [], 0
    for n in range(1, COLUMNS + 1):
        size = 1 if n == 1 else n - 1 + FACE_UP
        columns.append(tuple(deck[at : at + size]))
        down.append(n - 1)
        at += size
    return columns, down


def yukon_deal(seed: int) -> tuple[tuple[Card, ...], ...]:
    """The columns of deal `seed` as cards, bottom first (face-down cards included)."""
    columns, _ = deal_layout(seed)
    return tuple(tuple(CARDS[c] for c in col) for col in columns)


def safe_home(card: int, heights: list[int] | tuple[int, ...]) -> bool:
    """Whether `card`, which its foundation takes now, may go home without loss: an Ace, or
    a card whose possible children (one rank lower, other colour) are both home. A Two is not
    always safe in Yukon: an Ace with cards on it may need a Two of the other colour to carry
    them off a face-down card."""
    rank = card % 13
    return rank == 0 or all(heights[s] >= rank for s in _OTHER_COLOUR[card // 13])


def card_moves(
    cols: list[tuple[int, ...]] | list[list[int]],
    down: list[int],
    heights: list[int],
    useful_only: bool,
) -> list[tuple[int, int, int]]:
    """Every legal card move as (column, depth, target): target -1 is the card's foundation,
    else the column it goes to (onto its top card, or into it when empty). With
    `useful_only`, a King that already lies at the bottom of its column is not moved into
    another empty column (that only exchanges two columns)."""
    tops = {col[-1]: c for c, col in enumerate(cols) if col}
    empty = [c for c, col in enumerate(cols) if not col]
    moves: list[tuple[int, int, int]] = []
    for c, col in enumerate(cols):
        if not col:
            continue
        top = col[-1]
        if heights[top // 13] == top % 13:
            moves.append((c, len(col) - 1, -1))
        for d in range(down[c], len(col)):
            card = col[d]
            if card % 13 == KING:
                if empty and not (useful_only and d == 0):
                    moves += [(c, d, e) for e in empty]
                continue
            for parent in PARENTS[card]:
                e = tops.get(parent)
                if e is not None and e != c:
                    moves.append((c, d, e))
    return moves


def is_progress(move: tuple[int, int, int], down: list[int]) -> bool:
    """Whether a move brings a card home or turns up a face-down card."""
    c, d, e = move
    return e < 0 or (d == down[c] and down[c] > 0)


def progress_path(
    cols: list[tuple[int, ...]], down: list[int], heights: list[int], limit: int = STUCK_SEARCH_LIMIT
) -> tuple[bool | None, list[tuple[int, int, int]]]:
    """The shortest line of useful moves that ends by bringing a card home or turning up a
    face-down card: (True, the line), (False, []) when no such line exists (no card can
    ever go home again), or (None, []) when `limit` positions were looked at first.

    The search never turns a card up, so it reads only the face-up cards: whether a game is
    lost depends on nothing its player cannot see."""
    start = tuple(tuple(col) for col in cols)
    seen = {_canonical(start, down)}
    frontier: list[tuple[tuple[tuple[int, ...], ...], list[tuple[int, int, int]]]] = [(start, [])]
    while frontier:
        following = []
        for position, line in frontier:
            moves = card_moves(position, down, heights, useful_only=True)
            for move in moves:
                if is_progress(move, down):
                    return True, [*line, move]
            for c, d, e in moves:
                after = list(position)
                after[e] = after[e] + after[c][d:]
                after[c] = after[c][:d]
                key = _canonical(after, down)
                if key not in seen:
                    if len(seen) >= limit:
                        return None, []
                    seen.add(key)
                    following.append((tuple(after), [*line, (c, d, e)]))
        frontier = following
    return False, []


def _canonical(cols, down) -> tuple:
    """A position with its columns in a fixed order (their order changes nothing that can be
    done), each with its face-down count."""
    return tuple(sorted(zip(down, cols)))
