"""One rule table for Indian Patience's moves (`ausp_widget.games.indian.legal.card_moves`):
the game, the solver's compact state (kept up to date move by move, never rebuilt), the
solver's candidate moves, the hints' look ahead and the stuck-position search all list the
same moves, up to the symmetries each declares, on thousands of random positions."""

from __future__ import annotations

import random
from collections import Counter

from ausp_widget import Game
from ausp_widget.games.indian import hints, status
from ausp_widget.games.indian.legal import HOME, WASTE
from ausp_widget.games.indian.search import DRAW, ONTO
from ausp_widget.games.indian.solver import Solver

OPTIONS = (
    {},
    {"partial_refill": True},
    {"empty_column": "kings"},
    {"protected_takes_cards": True},
    {"protected_takes_cards": True, "partial_refill": True, "empty_column": "kings"},
)
DEALS = 40
MOVES_PER_DEAL = 300


def game_moves(game) -> Counter:
    """The game's card moves as (source, card, "home") or (source, card, "onto", column)."""
    moves: Counter = Counter()
    for move in game.legal_moves():
        if move.kind == "draw":
            continue
        place, target = game.move_places(move)
        src = WASTE if place.pile.kind == "waste" else place.pile.index
        if target.kind == "foundation":
            moves[(src, move.card.index, "home")] += 1
        else:
            moves[(src, move.card.index, "onto", target.index)] += 1
    return moves


def table_moves(moves) -> Counter:
    """Rule-table tuples (source, card, kind, destination) in the same words."""
    return Counter(
        (src, card, "home") if kind == HOME else (src, card, "onto", dest) for src, card, kind, dest in moves
    )


def symmetric(moves: Counter, cols) -> Counter:
    """What a search keeps: one foundation move per card, moves into the first empty column
    only, and no lone card into an empty column."""
    empty = [c for c, col in enumerate(cols) if not col]
    kept: Counter = Counter()
    for move in moves:
        src = move[0]
        into_empty = move[2] == "onto" and not cols[move[3]]
        if into_empty and (move[3] != empty[0] or (src != WASTE and len(cols[src]) == 1)):
            continue
        kept[move] = 1
    return kept


def compact(game, move) -> tuple:
    """The solver's tuple for a game move."""
    if move.kind == "draw":
        return (DRAW, 0, 0)
    place, target = game.move_places(move)
    src = WASTE if place.pile.kind == "waste" else place.pile.index
    return (HOME, src, 0) if target.kind == "foundation" else (ONTO, src, target.index)


def same_position(state, game) -> bool:
    piles = [len(pile) for pile in game.foundations]
    for s in range(4):
        piles[2 * s : 2 * s + 2] = sorted(piles[2 * s : 2 * s + 2])
    return (
        state.cols == [[card.index for card in col] for col in game.tableau()]
        and state.waste == [card.index for card in game.waste()]
        and state.stock[state.drawn :] == tuple(card.index for card in game.stock())
        and state.piles == piles
        and [state.bottoms[c] == 1 for c in range(10)] == [bool(d) for d in game.face_down()]
        and [state.bottoms[c] == 2 for c in range(10)] == list(game.protected())
    )


def test_the_game_the_solver_the_hints_and_the_stuck_search_list_the_same_moves():
    rng = random.Random(2024)
    positions = stuck = refills = 0
    for deal in range(1, DEALS + 1):
        game = Game.deal(deal, game="indian", options=OPTIONS[deal % len(OPTIONS)])
        solver = Solver(game)
        state = solver.state  # made once, then only moved along with the game
        for _ in range(MOVES_PER_DEAL):
            if game.status != "playing":
                break
            assert same_position(state, game), game.to_text()
            cols = [[card.index for card in col] for col in game.tableau()]
            full = game_moves(game)
            assert table_moves(state.card_moves(symmetric=False)) == full, game.to_text()
            reduced = symmetric(full, cols)
            assert table_moves(state.card_moves()) == reduced, game.to_text()
            searched = Counter(
                (src, state.cols[src][-1] if src != WASTE else state.waste[-1], "home")
                if kind == HOME
                else (src, state.cols[src][-1] if src != WASTE else state.waste[-1], "onto", dest)
                for kind, src, dest in solver._moves()
                if kind != DRAW
            )
            assert searched == reduced, game.to_text()
            assert table_moves(hints._Position.of(game).moves()) == reduced, game.to_text()
            if not game.stock():
                waste = tuple(card.index for card in game.waste())
                after = Counter(
                    next_cols
                    for (next_cols, _), _ in status._stuck_successors(
                        tuple(map(tuple, cols)), waste, len(waste), game.options
                    )
                )
                expected = Counter()
                for src, card, kind, *dest in reduced:
                    if kind == "onto":
                        new = [tuple(col) for col in cols]
                        if src != WASTE:
                            new[src] = new[src][:-1]
                        new[dest[0]] += (card,)
                        expected[tuple(new)] += 1
                assert after == expected, game.to_text()
                stuck += 1
            positions += 1
            legal = game.legal_moves()
            cards = [m for m in legal if m.kind != "draw"]
            move = rng.choice(cards) if cards and rng.random() < 0.7 else legal[-1]
            drawn = state.drawn
            state.make(compact(game, move))
            game.play(move)
            refills += move.kind != "draw" and state.drawn > drawn
            if game.can_undo and rng.random() < 0.05:
                game.undo()
                state.undo()
    assert positions >= 5000 and stuck >= 100 and refills >= 20, (positions, stuck, refills)
