"""The family's dead-position test (`family.deadlock.hopeless`), rewritten for speed, answers as
the plain worklist it replaced (kept here as the reference) on positions from random play in
Yukon, Russian Solitaire and Australian Patience (waste and stock), and on random tables."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ausp_widget import Game
from ausp_widget.games.australian.solver import Solver as AustralianSolver
from ausp_widget.games.family.deadlock import IS_ACE, IS_KING, KINGS, children_of, hopeless
from ausp_widget.games.family.rule import ALTERNATE, parents_table
from ausp_widget.games.family.solver import Solver

HOME, PILE = -1, -2


def reference(
    cols: list[list[int]],
    down: Sequence[int],
    heights: Sequence[int],
    parents: tuple[tuple[int, ...], ...] = ALTERNATE,
    waste: Sequence[int] = (),
    stock: Sequence[int] = (),
) -> bool:
    """The relaxed game of the module docstring, derived by the plain worklist (every list
    rebuilt per call, every wait looked up in a set)."""
    children = children_of(parents)
    col_of, depth = [HOME] * 52, [0] * 52
    free = [True] * 52
    home_ok, moves_ok, exposed, headed = ([False] * 52 for _ in range(4))
    missing = 52
    for suit in range(4):
        home_ok[suit * 13 : suit * 13 + heights[suit]] = [True] * heights[suit]
        missing -= heights[suit]
    todo: list[int] = []
    empty = False
    waits: dict[int, list[tuple[int, int, int]]] = {}
    waiting: set[int] = set()
    for c, col in enumerate(cols):
        if not col:
            empty = True
            continue
        d = len(col) - 1
        exposed[col[d]] = True
        todo.append(col[d])
        for card in reversed(col):
            col_of[card], depth[card] = c, d
            for parent in parents[card]:
                if col_of[parent] == c:
                    waits.setdefault(c, []).append((card, d, depth[parent]))
                    waiting.add(card * 64 + parent)
            d -= 1
        for d in range(down[c]):
            free[col[d]] = False
    pile = list(waste)
    for card in (*pile, *stock):
        col_of[card], free[card] = PILE, False
    if pile:
        exposed[pile[-1]] = True
        todo.append(pile[-1])

    def can_head(card: int) -> bool:
        if IS_KING[card]:
            return empty
        for parent in parents[card]:
            if exposed[parent]:
                if col_of[parent] >= 0:
                    if card * 64 + parent not in waiting:
                        return True
                    if any(headed[x] for x in cols[col_of[card]][depth[card] + 1 : depth[parent] + 1]):
                        return True
                elif col_of[parent] == PILE and moves_ok[parent]:
                    return True
        return False

    def head(card: int) -> None:
        moves_ok[card] = True
        todo.append(128 + card)

    def kings() -> None:
        for king in KINGS:
            if not moves_ok[king] and free[king] and col_of[king] != HOME:
                head(king)

    if empty:
        kings()
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
            if item < 64:
                if not home_ok[card] and (IS_ACE[card] or home_ok[card - 1]):
                    home_ok[card] = True
                    missing -= 1
                    if not missing:
                        return False
                    todo.append(64 + card)
                if not free[card]:
                    free[card] = True
                    if not moves_ok[card] and can_head(card):
                        head(card)
                if col_of[card] >= 0:
                    for child in children[card]:
                        if (
                            not moves_ok[child]
                            and free[child]
                            and col_of[child] != HOME
                            and (child * 64 + card not in waiting or can_head(child))
                        ):
                            head(child)
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
                    kings()
            elif pile and pile[-1] == card:
                pile.pop()
                if pile:
                    exposed[pile[-1]] = True
                    todo.append(pile[-1])
            if item < 128:
                if not IS_KING[card] and not home_ok[card + 1] and exposed[card + 1]:
                    home_ok[card + 1] = True
                    missing -= 1
                    if not missing:
                        return False
                    todo.append(65 + card)
            elif c >= 0:
                headed[card] = True
                for child, low, high in waits.get(c, ()):
                    if low < d <= high and not moves_ok[child] and free[child] and can_head(child):
                        head(child)
            else:
                for child in children[card]:
                    if not moves_ok[child] and free[child] and col_of[child] != HOME:
                        head(child)
    return True


def agree(args: tuple) -> bool:
    """Both answers for one table (the fast one given copies, then checked not to have
    touched its arguments); returns the answer."""
    cols, down, heights, parents, waste, stock = args
    before = [list(col) for col in cols], list(down), list(heights), list(waste), list(stock)
    fast = hopeless(cols, down, heights, parents, waste, stock)
    assert ([list(col) for col in cols], list(down), list(heights), list(waste), list(stock)) == before
    slow = reference(
        [list(col) for col in cols], list(down), list(heights), parents, list(waste), list(stock)
    )
    assert fast == slow, args
    return fast


def random_play(solver: Solver, rng: random.Random, steps: int, stock: bool) -> list[bool]:
    """The answers along one random line of legal play from the solver's position."""
    answers = []
    for _ in range(steps):
        waste, left = (solver.waste, solver.stock[::-1]) if stock else ((), ())
        answers.append(agree((solver.cols, solver.down, solver.heights, solver.parents, waste, left)))
        moves = solver._moves()
        if not moves or solver._won():
            break
        solver._make(*rng.choice(moves))
        if rng.random() < 0.7:
            solver._play_safe()
    return answers


def test_random_play_in_every_game_of_the_family_gets_the_same_answers():
    rng = random.Random(5)
    answers: list[bool] = []
    for deal in range(1, 13):
        answers += random_play(Solver(Game.deal(deal, game="yukon")), rng, 80, False)
        answers += random_play(Solver(Game.deal(deal, game="russian")), rng, 80, False)
        answers += random_play(AustralianSolver(Game.deal(deal)), rng, 60, True)
    assert answers.count(True) >= 100 and answers.count(False) >= 100, answers.count(True)


def test_random_tables_with_face_down_cards_and_empty_columns_get_the_same_answers():
    rng = random.Random(8)
    answers = []
    for n in range(1500):
        parents = ALTERNATE if n % 2 else parents_table("suit")
        heights = [rng.randint(0, 5) for _ in range(4)]
        cards = [s * 13 + r for s in range(4) for r in range(heights[s], 13)]
        rng.shuffle(cards)
        waste: list[int] = []
        stock: list[int] = []
        if n % 3 == 0:  # a waste and a stock, as in Australian Patience
            waste, stock = cards[:4], cards[4:12]
            cards = cards[12:]
        cols: list[list[int]] = [[] for _ in range(7)]
        for card in cards:
            cols[rng.randrange(rng.randint(1, 7))].append(card)
        down = [rng.randint(0, max(0, len(col) - 1)) for col in cols]
        answers.append(agree((cols, down, heights, parents, waste, stock)))
    assert 100 <= answers.count(True) <= 1400, answers.count(True)
