"""The Yukon solver's dead-position test: a relaxed game that keeps only the obstacles no line
of play can get round (the solver's module docstring gives each rule and why it holds)."""

from __future__ import annotations

from .basics import KING, PARENTS

KINGS = tuple(suit * 13 + KING for suit in range(4))
CHILDREN: tuple[tuple[int, ...], ...] = tuple(
    tuple(child for child in range(52) if card in PARENTS[child]) for card in range(52)
)
"""The cards each card may take: one rank lower, in the other colour."""


def hopeless(cols: list[list[int]], down: list[int], heights: list[int]) -> bool:
    """Whether some card can never go home, even in the relaxed game.

    Three kinds of event are derived until nothing more follows: a card can go home (H), can
    head a move (M), can be uncovered (E). Each rule states a condition every real line of
    play meets before the event, so a card whose H is never derived can never go home."""
    col_of = [-1] * 52  # -1: home
    depth = [0] * 52
    free = [False] * 52  # face up, or uncovered
    home_ok = [False] * 52
    moves_ok = [False] * 52
    exposed = [False] * 52
    missing = 52
    for suit in range(4):
        for card in range(suit * 13, suit * 13 + heights[suit]):
            home_ok[card] = True
        missing -= heights[suit]
    todo: list[int] = []  # 0..51: uncovered; 64..: went home; 128..: headed a move
    empty = False
    for c, col in enumerate(cols):
        if not col:
            empty = True
            continue
        for d, card in enumerate(col):
            col_of[card] = c
            depth[card] = d
        for d in range(down[c], len(col)):
            free[col[d]] = True
        exposed[col[-1]] = True
        todo.append(col[-1])
    # A card whose parent lies above it in its own column may go onto that parent only once
    # a card between them, or the parent, has headed a move: until then it is in its group.
    waits: dict[int, list[tuple[int, int, int]]] = {}  # column -> (card, its depth, parent's depth)
    waiting = set()
    for c, col in enumerate(cols):
        for d, card in enumerate(col):
            for parent in PARENTS[card]:
                if col_of[parent] == c and depth[parent] > d:
                    waits.setdefault(c, []).append((card, d, depth[parent]))
                    waiting.add((card, parent))
    headed = [[False] * len(col) for col in cols]

    def can_head(card: int) -> bool:
        if moves_ok[card] or col_of[card] < 0 or not free[card]:
            return False
        if card % 13 == KING:
            return empty
        for parent in PARENTS[card]:
            if exposed[parent] and col_of[parent] >= 0:
                if (card, parent) not in waiting:
                    return True
                c = col_of[card]
                if any(headed[c][depth[card] + 1 : depth[parent] + 1]):
                    return True
        return False

    if empty:
        for king in KINGS:
            if can_head(king):
                moves_ok[king] = True
                todo.append(128 + king)
    while todo:
        item = todo.pop()
        card = item & 63
        if item < 64:  # uncovered (and so face up)
            free[card] = True
            if not home_ok[card] and (card % 13 == 0 or home_ok[card - 1]):
                home_ok[card] = True
                missing -= 1
                if not missing:
                    return False
                todo.append(64 + card)
            if can_head(card):
                moves_ok[card] = True
                todo.append(128 + card)
            for child in CHILDREN[card]:
                if can_head(child):
                    moves_ok[child] = True
                    todo.append(128 + child)
            continue
        c, d = col_of[card], depth[card]
        if d:
            under = cols[c][d - 1]
            if not exposed[under]:
                exposed[under] = True
                todo.append(under)
        if item < 128:  # went home: its successor may follow
            if card % 13 != KING and not home_ok[card + 1] and exposed[card + 1]:
                home_ok[card + 1] = True
                missing -= 1
                if not missing:
                    return False
                todo.append(64 + card + 1)
        else:  # headed a move: a card waiting on a parent above it in this column may go
            headed[c][d] = True
            for child, low, high in waits.get(c, ()):
                if low < d <= high and can_head(child):
                    moves_ok[child] = True
                    todo.append(128 + child)
        if d == 0 and not empty:
            empty = True
            for king in KINGS:
                if can_head(king):
                    moves_ok[king] = True
                    todo.append(128 + king)
    return True
