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
# The card before and after each card in its suit; 52 (a slot always home) for an Ace's
# predecessor and a King's successor, so neither needs a test of its own.
_BELOW = tuple(52 if card % 13 == 0 else card - 1 for card in range(52))
_ABOVE = tuple(52 if card % 13 == KING else card + 1 for card in range(52))
# A suit's 13 cards for each foundation height: home, and not home (so in play).
_HOME = tuple((True,) * h + (False,) * (13 - h) for h in range(14))
_AWAY = tuple((False,) * h + (True,) * (13 - h) for h in range(14))
# Where a card lies (`place`): column * 128 + depth in a column (`>> 7` and `& 127` read it
# back), _IN_PILE in the waste or the stock. As no column holds more than 52 cards, two
# cards lie in one column, the first above the second, exactly when the first's place minus
# the second's is between 1 and 63: cards of two columns are at least 128 - 51 apart.
_IN_PILE = -1024


def _can_head(
    card: int,
    parents: tuple[tuple[int, ...], ...],
    exposed: list[bool],
    place: list[int],
    cols: list[list[int]],
    moves_ok: list[bool],
    empty: bool,
    blocked: dict[int, list[int]],
) -> bool:
    """Whether `card` (in play, face up or uncovered, not yet heading a move) may head a move
    now. A parent lying above it in its own column counts only once a card between them, or
    the parent, has headed a move; until then `card` is noted in `blocked` under its column,
    to be looked at again when a card of that column heads a move."""
    if IS_KING[card]:
        return empty
    for parent in parents[card]:
        if exposed[parent]:
            above = place[parent]
            if above >= 0:
                below = place[card]
                if not 0 < above - below < 64:
                    return True
                column = above >> 7
                for x in cols[column][(below & 127) + 1 : (above & 127) + 1]:
                    if moves_ok[x]:
                        return True
                blocked.setdefault(column, []).append(card)
            elif moves_ok[parent]:  # a waste card that headed a move
                return True
    return False


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
    draw, next first (both empty in a game without a stock).

    The derivation is a worklist: each fact is derived once, and each derivation looks again
    only at the facts it may have made true. Between two draws every rule only adds facts, so
    the order they come in does not change where the derivation ends."""
    children = children_of(parents)
    h0, h1, h2, h3 = heights
    home_ok = [*_HOME[h0], *_HOME[h1], *_HOME[h2], *_HOME[h3], True]
    # A card is ready while it is face up (or uncovered), in play and not yet heading a move.
    ready = [*_AWAY[h0], *_AWAY[h1], *_AWAY[h2], *_AWAY[h3]]
    missing = 52 - h0 - h1 - h2 - h3
    moves_ok = [False] * 52
    exposed = [False] * 53
    place = [HOME] * 52
    under_of = place[:]  # the card beneath a column card, HOME under a bottom card
    todo: list[int] = []  # 0..51: uncovered; 64..: went home; 128..: headed a move
    push = todo.append
    empty = False
    base = 0
    for col, k in zip(cols, down):
        if col:
            at = base
            under = HOME
            for card in col:
                place[card] = at
                under_of[card] = under
                under = card
                at += 1
            top = col[-1]
            exposed[top] = True
            push(top)
            if k:
                for card in col[:k]:
                    ready[card] = False
        else:
            empty = True
        base += 128
    pile = list(waste)  # what is left of the waste: its top card alone is uncovered
    for card in pile:
        place[card] = _IN_PILE
        ready[card] = False
    for card in stock:
        place[card] = _IN_PILE
        ready[card] = False
    if pile:
        exposed[pile[-1]] = True
        push(pile[-1])
    blocked: dict[int, list[int]] = {}  # column -> cards waiting on a parent above them there
    if empty:  # every King in play and face up may head a move
        for king in KINGS:
            if ready[king]:
                ready[king] = False
                moves_ok[king] = True
                push(128 + king)
    pop = todo.pop
    for draw in (-1, *stock):
        if draw >= 0:
            if pile:
                exposed[pile[-1]] = ready[pile[-1]] = False
            pile.append(draw)
            exposed[draw] = True
            push(draw)
        while todo:
            card = pop()
            if card < 64:  # uncovered (and so face up)
                if home_ok[_BELOW[card]] and not home_ok[card]:
                    home_ok[card] = True
                    missing -= 1
                    if not missing:
                        return False
                    push(64 + card)
                at = place[card]
                if not ready[card] and not moves_ok[card]:
                    # Newly face up (or a waste card newly on top): it may head a move now. A
                    # card face up already was looked at whenever a condition for its move
                    # came true.
                    ok = _can_head(card, parents, exposed, place, cols, moves_ok, empty, blocked)
                    if ok:
                        moves_ok[card] = True
                        # In a column the card beneath is uncovered at once; an item is queued
                        # only for what else the move may do (empty a column, free a card
                        # waiting in this column, leave the waste).
                        under = under_of[card]
                        if under >= 0:
                            if not exposed[under]:
                                exposed[under] = True
                                push(under)
                            if blocked and at >> 7 in blocked:
                                push(128 + card)
                        else:
                            push(128 + card)
                    else:
                        ready[card] = True
                if at >= 0:  # in a column: the cards it may take may head a move
                    for child in children[card]:
                        if ready[child]:
                            below = place[child]
                            if 0 < at - below < 64 and not _can_head(
                                child, parents, exposed, place, cols, moves_ok, empty, blocked
                            ):
                                continue
                            ready[child] = False
                            moves_ok[child] = True
                            under = under_of[child]
                            if under >= 0:
                                if not exposed[under]:
                                    exposed[under] = True
                                    push(under)
                                if blocked and below >> 7 in blocked:
                                    push(128 + child)
                            else:
                                push(128 + child)
                continue
            item = card
            card &= 63
            at = place[card]
            if at >= 0:
                under = under_of[card]
                if under >= 0:
                    if not exposed[under]:
                        exposed[under] = True
                        push(under)
                elif not empty:
                    empty = True
                    for king in KINGS:
                        if ready[king]:
                            ready[king] = False
                            moves_ok[king] = True
                            push(128 + king)
            elif pile and pile[-1] == card:  # it leaves the waste: the card beneath is uncovered
                pile.pop()
                if pile:
                    exposed[pile[-1]] = True
                    push(pile[-1])
            if item < 128:  # went home: its successor may follow
                after = _ABOVE[card]
                if not home_ok[after] and exposed[after]:
                    home_ok[after] = True
                    missing -= 1
                    if not missing:
                        return False
                    push(64 + after)
            elif at >= 0:  # headed a move: a card waiting on a parent above it in this column may go
                waiting = blocked.pop(at >> 7, None)
                if waiting:
                    for child in waiting:
                        if ready[child] and _can_head(
                            child, parents, exposed, place, cols, moves_ok, empty, blocked
                        ):
                            ready[child] = False
                            moves_ok[child] = True
                            push(128 + child)
            else:  # headed a move out of the waste: the cards it may take may follow
                for child in children[card]:
                    if ready[child]:
                        ready[child] = False
                        moves_ok[child] = True
                        push(128 + child)
    return True
