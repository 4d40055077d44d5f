"""The solver's dead-position test: a relaxed game that keeps only the obstacles no line of
play can get round (see the solver's module docstring for the rules it derives)."""

from __future__ import annotations

from .legal import HOME, KINGS


class Deadlock:
    """`_hopeless()` for the `Solver`, which provides the state it reads."""

    def _hopeless(self) -> bool:
        """Whether some card can never go home, even in the relaxed game (events H, M and E
        as the solver's module docstring derives them)."""
        pos, cols = self.pos, self.cols
        home_ok = [False] * 52
        moves_ok = [False] * 52
        exposed = [False] * 52
        below = [-1] * 52  # the card directly beneath, in a column
        bottoms = [False] * 52
        # A card whose parent lies above it in its own column must first see a card between
        # them (or the parent) head a move away: the parent is part of its group until then.
        cut_wait: dict[int, list[tuple[int, int, int]]] = {}  # column -> (card, depth, parent's depth)
        waits = [False] * 52
        for suit in range(4):
            for rank in range(self.home[suit]):
                home_ok[suit * 13 + rank] = True
        todo: list[int] = []  # 0..51: uncovered; 64..: went home; 128..: headed a move
        missing = 52 - sum(self.home)  # cards not yet derived home: stop as soon as none is left
        empty = False
        for col in cols:
            if not col:
                empty = True
                continue
            bottoms[col[0]] = True
            for k in range(1, len(col)):
                below[col[k]] = col[k - 1]
            for k, card in enumerate(col):
                parent = pos[card + 1] if card % 13 != 12 else -1
                if parent >= 0 and parent >> 6 == pos[card] >> 6 and parent & 63 > k:
                    waits[card] = True
                    cut_wait.setdefault(parent >> 6, []).append((card, k, parent & 63))
            exposed[col[-1]] = True
            todo.append(col[-1])
        # The waste and the cards drawn so far: a stack whose top alone is uncovered. A card
        # that leaves it for the tableau stays uncovered there (lying on its parent).
        pile = list(self.waste)
        if pile:
            exposed[pile[-1]] = True
            todo.append(pile[-1])

        def kings() -> None:
            for king in KINGS:
                where = pos[king]
                if moves_ok[king] or where == HOME:
                    continue
                if (where > 0 and where & 63) or (where < 0 and exposed[king]):
                    moves_ok[king] = True
                    todo.append(128 + king)

        if empty:
            kings()
        for draw in (-1, *self.stock[self.drawn :]):
            if draw >= 0:
                if pile:
                    exposed[pile[-1]] = False
                pile.append(draw)
                exposed[draw] = True
                todo.append(draw)
            while todo:
                item = todo.pop()
                card = item & 63
                if item < 64:  # uncovered
                    if not home_ok[card] and (card % 13 == 0 or home_ok[card - 1]):
                        home_ok[card] = True
                        missing -= 1
                        if not missing:
                            return False
                        todo.append(64 + card)
                    if pos[card] < 0 and not moves_ok[card]:
                        if card % 13 == 12:
                            ready = empty
                        else:
                            parent = pos[card + 1]
                            ready = exposed[card + 1] if parent >= 0 else moves_ok[card + 1]
                        if ready:
                            moves_ok[card] = True
                            todo.append(128 + card)
                    if pos[card] >= 0 and card % 13:
                        child = card - 1
                        if (
                            not moves_ok[child]
                            and not waits[child]
                            and pos[child] != HOME
                            and (pos[child] >= 0 or exposed[child])
                        ):
                            moves_ok[child] = True
                            todo.append(128 + child)
                    continue
                if pos[card] >= 0:
                    under = below[card]
                    if under >= 0 and not exposed[under]:
                        exposed[under] = True
                        todo.append(under)
                elif pile and pile[-1] == card:  # it leaves the waste: the card beneath is uncovered
                    pile.pop()
                    if pile:
                        exposed[pile[-1]] = True
                        todo.append(pile[-1])
                if item < 128:  # went home
                    if card % 13 != 12 and not home_ok[card + 1] and exposed[card + 1]:
                        home_ok[card + 1] = True
                        missing -= 1
                        if not missing:
                            return False
                        todo.append(64 + card + 1)
                    if bottoms[card] and not empty:
                        empty = True
                        kings()
                    continue
                # headed a move onto the tableau
                where = pos[card]
                if where >= 0 and where >> 6 in cut_wait:
                    depth = where & 63
                    for child, low, high in cut_wait[where >> 6]:
                        if waits[child] and low < depth <= high:
                            waits[child] = False
                            if exposed[child + 1] and not moves_ok[child]:
                                moves_ok[child] = True
                                todo.append(128 + child)
                if bottoms[card] and card % 13 != 12 and not empty:
                    empty = True
                    kings()
                if where < 0 and card % 13:
                    child = card - 1
                    if not moves_ok[child] and pos[child] != HOME and (pos[child] >= 0 or exposed[child]):
                        moves_ok[child] = True
                        todo.append(128 + child)
        return True
