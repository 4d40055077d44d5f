"""One rule table for Australian Patience's moves (`ausp_widget.games.australian.legal.card_moves`):
the game, the solver's compact state (kept up to date move by move, never rebuilt), the
solver's candidate moves and the hints all list the same moves, up to the symmetries each
declares, on thousands of positions reached by seeded random play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ausp_widget import Game
from ausp_widget.games.australian.hints import _Board
from ausp_widget.games.australian.legal import HOME, STOCK, TO_HOME, WASTE, card_moves
from ausp_widget.games.australian.solver import Solver

DEALS = 100
MOVES_PER_DEAL = 200


def game_moves(game, moves, player: int = 0) -> Counter:
    """Card moves as (card, source, "home") or (card, source, "onto", column)."""
    found: Counter = Counter()
    for move in moves:
        if move.kind in ("draw", "pass"):
            continue
        place, target = game.move_places(move, player)
        src = WASTE if place.pile.kind == "waste" else place.pile.index
        if target.kind == "foundation":
            found[(move.card.index, src, "home")] += 1
        else:
            found[(move.card.index, src, "onto", target.index)] += 1
    return found


def table_moves(moves) -> Counter:
    """Rule-table tuples (kind, card, source, destination) in the same words."""
    return Counter(
        (card, src, "home") if kind == TO_HOME else (card, src, "onto", dest)
        for kind, card, src, dest in moves
    )


def first_empty_only(moves: Counter, cols) -> Counter:
    """What a search keeps: moves into the first empty column only."""
    empty = [c for c, col in enumerate(cols) if not col]
    return Counter(
        {m: n for m, n in moves.items() if not (m[2] == "onto" and not cols[m[3]] and m[3] != empty[0])}
    )


def compact(state: Solver, game, move) -> tuple[int, int, int]:
    """The solver's (source, depth, target) for a game move, in the solver's current position:
    a draw takes the stock's top card onto the waste, the two lists after the columns."""
    if move.kind == "draw":
        return (state.stock_at, len(state.stock) - 1, state.waste_at)
    place, target = game.move_places(move)
    if place.pile.kind == "waste":
        src, depth = state.waste_at, len(state.waste) - 1
    else:
        src, depth = place.pile.index, place.depth
    return (src, depth, -1 if target.kind == "foundation" else target.index)


def state_table_moves(state: Solver, *, useful_only: bool = True, symmetric: bool = True) -> list:
    """The rule table's card moves (`legal.card_moves`) of the solver's compact state, which
    it keeps up to date move by move: the state must be the game's position."""
    loc = [HOME] * 52
    for c, col in enumerate(state.cols):
        for depth, card in enumerate(col):
            loc[card] = c * 64 + depth
    for card in state.stock:
        loc[card] = STOCK
    for card in state.waste:
        loc[card] = WASTE
    wanted = [s * 13 + h for s, h in enumerate(state.heights) if h < 13]
    top = state.waste[-1] if state.waste else -1
    return card_moves(state.cols, loc, top, wanted, useful_only=useful_only, symmetric=symmetric)


def search_moves(state: Solver) -> Counter:
    """The search's candidate card moves to a column in the table's words (draws left out;
    it lists no foundation move: each is played at once)."""
    found: Counter = Counter()
    for c, d, e in state._moves():
        if c == state.stock_at:
            continue
        if c == state.waste_at:
            found[(state.waste[d], WASTE, "onto", e)] += 1
        else:
            found[(state.cols[c][d], c, "onto", e)] += 1
    return found


def same_position(state: Solver, game) -> bool:
    return (
        state.cols == [[card.index for card in col] for col in game.tableau()]
        and state.waste == [card.index for card in game.waste()]
        and state.stock[::-1] == [card.index for card in game.stock()]
        and state.heights == [len(pile) for pile in game.foundations]
    )


def test_the_game_the_solver_and_the_hints_list_the_same_moves():
    rng = random.Random(2024)
    positions = kings = homes = 0
    for deal in range(1, DEALS + 1):
        game = Game.deal(deal)
        state = Solver(game)  # made once, then only moved along with the game
        for _ in range(MOVES_PER_DEAL):
            if game.status != "playing":
                break
            assert same_position(state, game), game.to_text()
            cols = [[card.index for card in col] for col in game.tableau()]
            full = game_moves(game, game.legal_moves())
            every = state_table_moves(state, useful_only=False, symmetric=False)
            assert table_moves(every) == full, game.to_text()
            useful = game_moves(game, game.useful_moves())
            assert table_moves(state_table_moves(state, symmetric=False)) == useful, game.to_text()
            reduced = first_empty_only(useful, cols)
            assert table_moves(state_table_moves(state)) == reduced, game.to_text()
            assert table_moves(_Board(game.view(0)).table) == reduced, game.to_text()
            branching = Counter(
                {m: n for m, n in reduced.items() if m[2] == "onto" and (m[1] != WASTE or not cols[m[3]])}
            )
            assert search_moves(state) == branching, game.to_text()
            kings += any(m[2] == "onto" and not cols[m[3]] for m in full)
            homes += any(m[2] == "home" for m in full)
            positions += 1
            legal = game.legal_moves()
            cards = [m for m in legal if m.kind != "draw"]
            move = (
                rng.choice(cards) if cards and (legal[-1].kind != "draw" or rng.random() < 0.6) else legal[-1]
            )
            state._make(*compact(state, game, move))
            game.play(move)
            if game.can_undo and rng.random() < 0.05:
                game.undo()
                state._undo()
    assert positions >= 5000 and kings >= 2000 and homes >= 1000, (positions, kings, homes)


def test_the_two_player_games_list_each_layouts_table_moves():
    """Against the bot, each player's card moves are the table's moves of their own layout,
    with a foundation move named once per pile that takes the card."""
    rng = random.Random(7)
    checked = 0
    for deal in range(1, 11):
        game = Game.deal(deal, mode="simultaneous")
        for _ in range(150):
            if game.status != "playing":
                break
            p = rng.randrange(2)
            lay = game._layouts[p]
            top = lay.waste[-1] if lay.waste else -1
            table = card_moves(lay.cols, lay.loc, top, game._foundation_wants())
            expected = Counter()
            for kind, card, src, dest in table:
                if kind == TO_HOME:
                    piles = [k for k in game._suit_piles[card // 13] if len(game._piles[k]) == card % 13]
                    expected[(card, src, "home")] += len(piles)
                else:
                    expected[(card, src, "onto", dest)] += 1
            legal = game.legal_moves(p)
            got = game_moves(game, legal, p)
            assert got == expected, game.to_json()
            checked += 1
            if legal:
                game.play(rng.choice(legal), p)
    assert checked >= 1000, checked


def test_the_family_rule_the_solver_reads_has_the_shape_the_game_deals():
    """Australian Patience as a Yukon-family rule: its shape is what `Game.deal` lays out, a
    card's one parent is the next higher card of its suit, and the rule deals nothing itself
    (the game deals row by row)."""
    from ausp_widget.games.australian.solver import RULE

    game = Game.deal(5)
    assert [len(col) for col in game.tableau()] == [d + u for d, u in zip(RULE.down, RULE.up)]
    assert RULE.down == (0,) * 7 and len(game.stock()) == RULE.stock == 24
    assert RULE.parents == tuple(() if card % 13 == 12 else (card + 1,) for card in range(52))
    with pytest.raises(ValueError, match="Australian Patience keeps a stock: its own game deals it"):
        RULE.deal_layout(5)


def test_the_search_with_a_stock_refuses_a_rule_that_does_not_build_in_suit():
    """Its waste and swap rules hold only where a card has one parent: it says so, by name."""
    from ausp_widget.games.australian import solver
    from ausp_widget.games.family.rule import Rule

    table = solver._Table([(card,) for card in range(7)], tuple(range(7, 52)), (), [0, 0, 0, 0])
    table.rule = Rule("open", "Open", build="alternate", down=(0,) * 7, up=(1,) * 7, stock=45)
    with pytest.raises(ValueError, match="needs a rule building in suit, not 'alternate'"):
        solver.StockSolver(table)
