"""The solver against an exhaustive search with no pruning, on small and hand-made positions."""

from __future__ import annotations

import random
import sys

import pytest
from positions import PAGAT

from ausp_widget import Game, solve
from ausp_widget.core.cards import CARDS, format_cards
from ausp_widget.games.australian.solver import Solver


def reachable_win(game: Game) -> bool:
    """Whether any sequence of legal moves reaches "won": plain reachability, every legal
    move tried (King shuffles included). Positions that differ only in the order of their
    columns count as one, since every rule treats the columns alike."""
    seen: set[tuple] = set()

    def search() -> bool:
        if game.status == "won":
            return True
        key = (
            tuple(sorted(game.tableau())),
            game.stock(),
            game.waste(),
            tuple(len(pile) for pile in game.foundations),
        )
        if key in seen:
            return False
        seen.add(key)
        for move in game.legal_moves():
            game.play(move)
            found = search()
            game.undo()
            if found:
                return True
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))
    try:
        return search()
    finally:
        sys.setrecursionlimit(limit)


def plain_win(game: Game) -> bool:
    """The same question, answered by a second, much faster exhaustive search written from
    the rules alone (it shares no code with the game or the solver): every move is tried,
    foundation moves included, and only positions already seen are skipped."""
    seen: set[tuple] = set()

    def successors(cols, stock, waste, home):
        if stock:
            yield cols, stock[1:], (*waste, stock[0]), home
        where = {card: (c, d) for c, col in enumerate(cols) for d, card in enumerate(col)}

        def homed(card):
            return tuple(h + (suit == card // 13) for suit, h in enumerate(home))

        def moved(c, depth, to):
            new = list(cols)
            new[c], new[to] = cols[c][:depth], cols[to] + cols[c][depth:]
            return tuple(new)

        def placed(card, to):
            new = list(cols)
            new[to] = (*cols[to], card)
            return tuple(new)

        top = waste[-1] if waste else None
        if top is not None and top % 13 == home[top // 13]:
            yield cols, stock, waste[:-1], homed(top)
        for c, col in enumerate(cols):
            if not col:
                for king in (12, 25, 38, 51):
                    if king in where:
                        yield moved(*where[king], c), stock, waste, home
                    if king == top:
                        yield placed(king, c), stock, waste[:-1], home
                continue
            card = col[-1]
            if card % 13 == home[card // 13]:
                rest = list(cols)
                rest[c] = col[:-1]
                yield tuple(rest), stock, waste, homed(card)
            if card % 13:
                if card - 1 in where and where[card - 1][0] != c:
                    yield moved(*where[card - 1], c), stock, waste, home
                if card - 1 == top:
                    yield placed(top, c), stock, waste[:-1], home

    def search(state) -> bool:
        cols, stock, waste, home = state
        if sum(home) == 52:
            return True
        key = (tuple(sorted(cols)), len(stock), waste, home)
        if key in seen:
            return False
        seen.add(key)
        return any(search(after) for after in successors(*state))

    start = (
        tuple(tuple(card.index for card in col) for col in game.tableau()),
        tuple(card.index for card in game.stock()),
        tuple(card.index for card in game.waste()),
        tuple(len(pile) for pile in game.foundations),
    )
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))
    try:
        return search(start)
    finally:
        sys.setrecursionlimit(limit)


def small_position(rng: random.Random, left: int, suits: int = 2, stock: int = 6) -> Game:
    """A random position with `left` cards off the foundations, in `suits` suits, spread
    over a few tall columns, up to `stock` cards in the stock, and the waste (so that both
    wins and losses are common)."""
    heights = [13] * 4
    chosen = rng.sample(range(4), suits)
    for _ in range(left):
        suit = rng.choice([s for s in chosen if heights[s] > 0])
        heights[suit] -= 1
    cards = [CARDS[s * 13 + r] for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(cards)
    stock_size = rng.randint(0, min(stock, len(cards)))
    waste_size = rng.randint(0, min(5, len(cards) - stock_size))
    pile, waste, rest = (
        cards[:stock_size],
        cards[stock_size : stock_size + waste_size],
        cards[stock_size + waste_size :],
    )
    columns: list[list] = [[] for _ in range(7)]
    used = rng.randint(2, 6)
    for card in rest:
        columns[rng.randrange(used)].append(card)
    rng.shuffle(columns)
    tops = [CARDS[s * 13 + heights[s] - 1] for s in range(4) if heights[s]]
    lines = [
        f"foundations: {format_cards(tops)}",
        f"stock: {format_cards(pile)}",
        f"waste: {format_cards(waste)}",
    ]
    lines += [f"{n}: {format_cards(col)}" for n, col in enumerate(columns, start=1)]
    return Game.from_text("\n".join(lines))


def assert_wins(game: Game, moves) -> None:
    replay = game.copy()
    for move in moves:
        replay.play(move)
    assert replay.status == "won", f"the line {[str(m) for m in moves]} ends {replay.status}"


@pytest.mark.parametrize("left", [9, 12, 15, 18])
def test_verdicts_agree_with_exhaustive_search_on_small_random_positions(left):
    rng = random.Random(1000 + left)
    verdicts = {True: 0, False: 0}
    for _ in range(50):
        game = small_position(rng, left)
        before = game.to_text()
        result = solve(game, time_limit=None)
        assert game.to_text() == before, "the solver must not touch the game"
        truth = reachable_win(game)
        assert plain_win(game) is truth, game.to_text()
        assert result.winnable is truth, game.to_text()
        if truth:
            assert_wins(game, result.moves)
        verdicts[truth] += 1
    # The sample must exercise both verdicts to mean anything.
    assert verdicts[True] >= 5 and verdicts[False] >= 5, verdicts


@pytest.mark.parametrize(("left", "suits", "stock"), [(16, 2, 14), (20, 3, 12), (22, 4, 16)])
def test_verdicts_agree_with_the_fast_exhaustive_search_on_larger_positions(left, suits, stock):
    rng = random.Random(2000 + left)
    verdicts = {True: 0, False: 0}
    for _ in range(40):
        game = small_position(rng, left, suits, stock)
        result = solve(game, time_limit=None)
        truth = plain_win(game)
        assert result.winnable is truth, game.to_text()
        if truth:
            assert_wins(game, result.moves)
        verdicts[truth] += 1
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts


# 6♥ is covered by 8♥ and 7♥, and no card of that column can ever head a move: 8♥ needs
# 9♥ and 7♥ needs 8♥, both beneath them, and 6♥ needs 7♥, which lies in its own group.
LOCKED = """\
foundations: K♣ K♦ 5♥ K♠
stock: K♥ Q♥
waste: J♥
1: 9♥ 6♥ 8♥ 7♥
2: 10♥
3: -
4: -
5: -
6: -
7: -
"""

# The same cards with 9♥ on 10♥: 8♥ takes 7♥ along onto it, and 6♥ is free.
UNLOCKED = LOCKED.replace("1: 9♥ 6♥ 8♥ 7♥", "1: 6♥ 8♥ 7♥").replace("2: 10♥", "2: 10♥ 9♥")

# On the waste, 6♥ covers both its parent 7♥ and the lower 5♥: it can never leave.
WASTE_LOCK = """\
foundations: K♣ K♦ 4♥ 10♠
stock: J♠ Q♠
waste: 5♥ 7♥ 6♥
1: 8♥ 9♥
2: K♠ 10♥ J♥ Q♥ K♥
3: -
4: -
5: -
6: -
7: -
"""

# Almost the same, but the 7♥ is in the stock: 7♥ comes out on 8♥, then 6♥ follows.
WASTE_FREE = WASTE_LOCK.replace("stock: J♠ Q♠", "stock: 7♥ J♠ Q♠").replace("waste: 5♥ 7♥ 6♥", "waste: 5♥ 6♥")


# The stock brings 6♥, then 5♥ over it, and only then 7♥: 6♥ stays under 5♥ on the waste,
# so 5♥ never reaches the tableau and 4♥, which could only go onto it, buries 3♥ for good.
STOCK_LOCK = """\
foundations: K♣ K♦ 2♥ K♠
stock: 6♥ 5♥ 7♥
waste: -
1: 3♥ 4♥
2: K♥ Q♥ J♥ 10♥ 9♥ 8♥
3: -
4: -
5: -
6: -
7: -
"""

# The same with the stock in the other order: 7♥, 6♥ and 5♥ each land on the one before.
STOCK_FREE = STOCK_LOCK.replace("stock: 6♥ 5♥ 7♥", "stock: 7♥ 6♥ 5♥")

DEAD_AND_LIVE = [
    (LOCKED, False),
    (UNLOCKED, True),
    (WASTE_LOCK, False),
    (WASTE_FREE, True),
    (STOCK_LOCK, False),
    (STOCK_FREE, True),
]


@pytest.mark.parametrize(("text", "winnable"), DEAD_AND_LIVE)
def test_the_relaxed_game_proves_locked_cards_dead(text, winnable):
    assert Solver(Game.from_text(text))._hopeless() is not winnable


@pytest.mark.parametrize(("text", "winnable"), DEAD_AND_LIVE)
def test_hand_made_dead_and_live_positions(text, winnable):
    game = Game.from_text(text)
    assert reachable_win(game) is winnable
    result = solve(game, time_limit=None)
    assert result.winnable is winnable
    if winnable:
        assert_wins(game, result.moves)
    else:
        assert result.moves == []


@pytest.mark.parametrize("seed", [3, 4, 6, 14, 16])
def test_winning_lines_for_deals_replay_to_a_win(seed):
    game = Game.deal(seed)
    result = solve(game, time_limit=20)
    assert result.winnable is True
    assert result.nodes > 0 and result.elapsed >= 0
    assert_wins(game, result.moves)


def test_a_win_from_the_middle_of_a_game_starts_from_that_position():
    game = Game.from_text(PAGAT)
    for move in ("A♣ 2♣", "K♣ 1", "J♦ Q♦"):
        game.play(move)
    result = solve(game, time_limit=20)
    if result.winnable:
        assert_wins(game, result.moves)
    else:
        assert result.winnable is False


def test_a_won_game_needs_no_moves_and_a_lost_one_has_none():
    won = Game.from_text(
        "foundations: K♣ K♦ K♥ K♠\nstock: -\nwaste: -\n" + "".join(f"{n}: -\n" for n in range(1, 8))
    )
    assert solve(won).winnable is True and solve(won).moves == []
    lost = Game.from_text(LOCKED.replace("stock: K♥ Q♥", "stock: -").replace("waste: J♥", "waste: K♥ Q♥ J♥"))
    lost.play("9♥ 10♥")
    assert lost.status == "lost"
    assert solve(lost).winnable is False


def test_slices_resume_to_the_same_verdict_and_line():
    game = Game.deal(28)
    whole = solve(game, time_limit=None)
    solver = Solver(game)
    slices = 0
    while not solver.done:
        verdict = solver.run(seconds=None, nodes=200)
        slices += 1
        assert verdict is solver.result.winnable
    assert slices > 1, "the budget must split this search into several slices"
    assert solver.result.winnable is whole.winnable is True
    assert [str(m) for m in solver.result.moves] == [str(m) for m in whole.moves]
    assert solver.nodes == whole.nodes


def test_an_exhausted_budget_is_undecided_and_the_verdict_can_still_come():
    game = Game.deal(200)
    result = solve(game, node_limit=10)
    assert result.winnable is None and result.moves == []
    assert 10 <= result.nodes < 20
    assert solve(game, time_limit=None).winnable is False


def test_two_player_games_are_refused_by_name():
    with pytest.raises(ValueError, match="solo game only"):
        solve(Game.deal(1, mode="turns"))
    with pytest.raises(ValueError, match="simultaneous"):
        Solver(Game.deal(1, mode="simultaneous"))


def test_a_tiny_table_limit_still_gives_the_right_verdicts():
    rng = random.Random(7)
    for _ in range(15):
        game = small_position(rng, 16)
        solver = Solver(game, table_limit=3)
        solver.run(seconds=None)
        assert solver.winnable is reachable_win(game)
