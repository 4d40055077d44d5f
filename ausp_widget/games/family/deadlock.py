"""The Yukon family solver's dead-position test: a relaxed game that keeps only the obstacles no line
of play can get round (the solver's module docstring gives each rule and why it holds)."""

from __future__ import annotations

from functools import cache

from .rule import ALTERNATE, KING

KINGS = tuple(suit * 13 + KING for suit in range(4))


@cache
def children_of(parents: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The cards each card may take (one rank lower, in a suit the building allows)."""
    return tuple(tuple(child for child in range(52) if card in parents[child]) for card in range(52))


IS_KING = tuple(card % 13 == KING for card in range(52))
IS_ACE = tuple(card % 13 == 0 for card in range(52))


def hopeless(
    cols: list[list[int]],
    down: list[int],
    heights: list[int],
    parents: tuple[tuple[int, ...], ...] = ALTERNATE,
) -> bool:
    """Whether some card can never go home, even in the relaxed game.

    Three kinds of event are derived until nothing more follows: a card can go home (H), can
    head a move (M), can be uncovered (E). Each rule states a condition every real line of
    play meets before the event, so a card whose H is never derived can never go home.
    `parents` is the rule's table of where each card may go (`Rule.parents`)."""
    children = children_of(parents)
    col_of = [-1] * 52
    depth = [0] * 52
    free = [False] * 52
    home_ok = [False] * 52
    moves_ok = [False] * 52
    exposed = [False] * 52
    missing = 52
    for suit in range(4):
        h = heights[suit]
        if h:
            home_ok[suit * 13 : suit * 13 + h] = [True] * h
            missing -= h
    todo: list[int] = []  # 0..51: uncovered; 64..: went home; 128..: headed a move
    empty = False
    # A card whose parent lies above it in its own column may go onto that parent only once
    # a card between them, or the parent, has headed a move: until then it is in its group.
    waits: dict[int, list[tuple[int, int, int]]] = {}  # column -> (card, its depth, parent's depth)
    waiting: set[int] = set()  # card * 64 + parent, for each such pair
    for c, col in enumerate(cols):
        if not col:
            empty = True
            continue
        d = len(col) - 1
        top = col[d]
        exposed[top] = True
        todo.append(top)
        for card in reversed(col):  # top first: a card's parents above it are placed already
            col_of[card] = c
            depth[card] = d
            for parent in parents[card]:
                if col_of[parent] == c:
                    waits.setdefault(c, []).append((card, d, depth[parent]))
                    waiting.add(card * 64 + parent)
            d -= 1
        for d in range(down[c], len(col)):
            free[col[d]] = True
    headed = [False] * 52  # the card headed a move

    def can_head(card: int) -> bool:
        """Whether `card` may head a move now; its callers have checked that it has not yet,
        is in play and is face up (or uncovered)."""
        if IS_KING[card]:
            return empty
        for parent in parents[card]:
            if exposed[parent] and col_of[parent] >= 0:
                if card * 64 + parent not in waiting:
                    return True
                col = cols[col_of[card]]
                for x in col[depth[card] + 1 : depth[parent] + 1]:
                    if headed[x]:
                        return True
        return False

    def column_can_empty() -> None:
        """Some column is or can be empty: every King in play and face up may head a move."""
        for king in KINGS:
            if not moves_ok[king] and free[king] and col_of[king] >= 0:
                moves_ok[king] = True
                todo.append(128 + king)

    if empty:
        column_can_empty()
    while todo:
        item = todo.pop()
        card = item & 63
        if item < 64:  # uncovered (and so face up)
            free[card] = True
            if not home_ok[card] and (IS_ACE[card] or home_ok[card - 1]):
                home_ok[card] = True
                missing -= 1
                if not missing:
                    return False
                todo.append(64 + card)
            if not moves_ok[card] and col_of[card] >= 0 and can_head(card):
                moves_ok[card] = True
                todo.append(128 + card)
            for child in children[card]:
                if not moves_ok[child] and free[child] and col_of[child] >= 0 and can_head(child):
                    moves_ok[child] = True
                    todo.append(128 + child)
            continue
        c = col_of[card]
        d = depth[card]
        if d:
            under = cols[c][d - 1]
            if not exposed[under]:
                exposed[under] = True
                todo.append(under)
        if item < 128:  # went home: its successor may follow
            if not IS_KING[card] and not home_ok[card + 1] and exposed[card + 1]:
                home_ok[card + 1] = True
                missing -= 1
                if not missing:
                    return False
                todo.append(64 + card + 1)
        else:  # headed a move: a card waiting on a parent above it in this column may go
            headed[card] = True
            for child, low, high in waits.get(c, ()):
                if low < d <= high and not moves_ok[child] and free[child] and can_head(child):
                    moves_ok[child] = True
                    todo.append(128 + child)
        if d == 0 and not empty:
            empty = True
            column_can_empty()
    return True
