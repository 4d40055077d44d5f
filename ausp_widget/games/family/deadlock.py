"""The dead-position test of the Yukon family and of Australian Patience (Yukon with a stock):
a relaxed game that keeps only the obstacles no line of play can get round.

It derives, until nothing more follows, which cards could ever go home (H), head a move (M)
or be uncovered (E):

- a column card is uncovered once the card now lying directly on it went home or headed a
  move (a card on top of it only leaves that way: groups move whole, and nothing can be put
  between two cards);
- a card goes home once it is uncovered and the card below it in its suit went home;
- a card heads a move once it is face up (or uncovered) and one of its parents either lies
  uncovered in a column or has itself headed a move out of the waste; a King
  once some column could be empty (one is, or some column's bottom card went home or headed
  a move); a card whose parent lies above it in its own column may use that parent only
  once a card between them, or the parent, has headed a move (until then the parent is
  part of its group, and the cards between them cannot change);
- with a stock (Australian Patience), its cards come out in order, each onto what is left of
  the waste, whose top card alone is uncovered; the derivation runs to its end before each
  draw, a drawn card covers the one beneath it, and a waste card that went home or headed a
  move uncovers the one beneath it (itself staying uncovered, at home or on its parent).

Every condition holds, in any real line, before the event it allows, so every event of a
real win is derived by the time it happens; a card whose H is never derived can never go
home, and the position is lost. This catches cards that lock each other: a card lying on its
suit's lower card with its parents beneath them (a column 9♥ 6♥ 8♥ 7♥ building in suit); a
King on the card before it in its suit when no column can ever empty; the same locks in the
waste, where a card can leave only after every card drawn onto it has gone."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .rule import ALTERNATE, KING

KINGS = tuple(suit * 13 + KING for suit in range(4))
HOME = -1  # a card's column while it is home (or was at the start)
PILE = -2  # a card's column while it is in the waste or the stock


@cache
def children_of(parents: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The cards each card may take (one rank lower, in a suit the building allows)."""
    return tuple(tuple(child for child in range(52) if card in parents[child]) for card in range(52))


IS_KING = tuple(card % 13 == KING for card in range(52))
IS_ACE = tuple(card % 13 == 0 for card in range(52))


def hopeless(
    cols: list[list[int]],
    down: Sequence[int],
    heights: Sequence[int],
    parents: tuple[tuple[int, ...], ...] = ALTERNATE,
    waste: Sequence[int] = (),
    stock: Sequence[int] = (),
) -> bool:
    """Whether some card can never go home, even in the relaxed game (the module docstring
    gives its rules). `parents` is the rule's table of where each card may go
    (`Rule.parents`); `waste` lists the waste bottom first and `stock` the cards still to
    draw, next first (both empty in a game without a stock)."""
    children = children_of(parents)
    col_of = [HOME] * 52
    depth = [0] * 52
    free = [True] * 52  # face up in a column, or uncovered (what is home is never looked at)
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
        for d in range(down[c]):
            free[col[d]] = False
    pile = list(waste)  # what is left of the waste: its top card alone is uncovered
    for card in pile:
        col_of[card] = PILE
        free[card] = False
    for card in stock:
        col_of[card] = PILE
        free[card] = False
    if pile:
        exposed[pile[-1]] = True
        todo.append(pile[-1])
    headed = [False] * 52  # the card headed a move

    def can_head(card: int) -> bool:
        """Whether `card` may head a move now; its callers have checked that it has not yet,
        is in play and is face up (or uncovered)."""
        if IS_KING[card]:
            return empty
        for parent in parents[card]:
            if exposed[parent]:
                where = col_of[parent]
                if where >= 0:
                    if card * 64 + parent not in waiting:
                        return True
                    col = cols[col_of[card]]
                    for x in col[depth[card] + 1 : depth[parent] + 1]:
                        if headed[x]:
                            return True
                elif where == PILE and moves_ok[parent]:
                    return True
        return False

    def column_can_empty() -> None:
        """Some column is or can be empty: every King in play and face up may head a move."""
        for king in KINGS:
            if not moves_ok[king] and free[king] and col_of[king] != HOME:
                moves_ok[king] = True
                todo.append(128 + king)

    if empty:
        column_can_empty()
    for draw in (-1, *stock):
        if draw >= 0:
            if pile:
                exposed[pile[-1]] = free[pile[-1]] = False
            pile.append(draw)
            exposed[draw] = True
            todo.append(draw)
        while todo:
            item = todo.pop()
            card = item & 63
            if item < 64:  # uncovered (and so face up)
                if not home_ok[card] and (IS_ACE[card] or home_ok[card - 1]):
                    home_ok[card] = True
                    missing -= 1
                    if not missing:
                        return False
                    todo.append(64 + card)
                # Newly face up (or a waste card newly on top): it may head a move now. A card
                # face up already was looked at whenever a condition for its move came true.
                if not free[card]:
                    free[card] = True
                    if not moves_ok[card] and can_head(card):
                        moves_ok[card] = True
                        todo.append(128 + card)
                if col_of[card] >= 0:  # in a column: the cards it may take may head a move
                    for child in children[card]:
                        if (
                            not moves_ok[child]
                            and free[child]
                            and col_of[child] != HOME
                            and (child * 64 + card not in waiting or can_head(child))
                        ):
                            moves_ok[child] = True
                            todo.append(128 + child)
                continue
            c = col_of[card]
            if c >= 0:
                d = depth[card]
                if d:
                    under = cols[c][d - 1]
                    if not exposed[under]:
                        exposed[under] = True
                        todo.append(under)
                elif not empty:
                    empty = True
                    column_can_empty()
            elif pile and pile[-1] == card:  # it leaves the waste: the card beneath is uncovered
                pile.pop()
                if pile:
                    exposed[pile[-1]] = True
                    todo.append(pile[-1])
            if item < 128:  # went home: its successor may follow
                if not IS_KING[card] and not home_ok[card + 1] and exposed[card + 1]:
                    home_ok[card + 1] = True
                    missing -= 1
                    if not missing:
                        return False
                    todo.append(64 + card + 1)
            elif c >= 0:  # headed a move: a card waiting on a parent above it in this column may go
                headed[card] = True
                for child, low, high in waits.get(c, ()):
                    if low < d <= high and not moves_ok[child] and free[child] and can_head(child):
                        moves_ok[child] = True
                        todo.append(128 + child)
            else:  # headed a move out of the waste: the cards it may take may follow
                for child in children[card]:
                    if not moves_ok[child] and free[child] and col_of[child] != HOME:
                        moves_ok[child] = True
                        todo.append(128 + child)
    return True
