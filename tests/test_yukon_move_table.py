"""One rule table for Yukon's moves (`ausp_widget.games.family.rule.Rule.card_moves`): the game and
the solver's own copy of the table (kept up to date move by move, never rebuilt, face-down
cards turning up as in the game) list the same moves, the search's candidates being the
useful ones into the first empty column only, on thousands of positions reached by seeded
random play."""

from __future__ import annotations

import random
from collections import Counter

from ausp_widget import Game
from ausp_widget.games.family.solver import Solver

DEALS = 80
MOVES_PER_DEAL = 120


def game_moves(game, moves) -> Counter:
    """Moves as (card, source column, target column or -1 for home)."""
    found: Counter = Counter()
    for move in moves:
        place, target = game.move_places(move)
        found[(move.card.index, place.pile.index, -1 if target.kind == "foundation" else target.index)] += 1
    return found


def search_moves(state: Solver) -> Counter:
    return Counter((state.cols[c][d], c, e) for c, d, e in state._moves())


def first_empty_only(moves: Counter, cols) -> Counter:
    empty = [c for c, col in enumerate(cols) if not col]
    return Counter({m: n for m, n in moves.items() if m[2] < 0 or cols[m[2]] or m[2] == empty[0]})


def test_the_game_and_the_solver_list_the_same_moves():
    rng = random.Random(2025)
    positions = kings = flips = 0
    for deal in range(1, DEALS + 1):
        game = Game.deal(deal, game="yukon")
        state = Solver(game)  # made once, then only moved along with the game
        for _ in range(MOVES_PER_DEAL):
            if game.status != "playing":
                break
            cols = [[card.index for card in col] for col in game.tableau()]
            assert state.cols == cols and state.down == list(game.face_down()), game.to_text()
            assert state.heights == [len(pile) for pile in game.foundations], game.to_text()
            useful = game_moves(game, game.useful_moves())
            assert search_moves(state) == first_empty_only(useful, cols), game.to_text()
            legal = game.legal_moves()
            everything = game_moves(game, legal)
            assert not useful - everything, game.to_text()
            shuffles = everything - useful  # a King at the bottom of its column into another empty one
            assert all(e >= 0 and not cols[e] and cols[c][0] == card for card, c, e in shuffles), (
                game.to_text()
            )
            kings += any(m[2] >= 0 and not cols[m[2]] for m in useful)
            positions += 1
            if not legal:
                break
            move = rng.choice(legal)
            place, target = game.move_places(move)
            down = sum(state.down)
            state._make(place.pile.index, place.depth, -1 if target.kind == "foundation" else target.index)
            game.play(move)
            flips += sum(state.down) < down
            if rng.random() < 0.05:
                game.undo()
                state._undo()
    assert positions >= 3500 and kings >= 400 and flips >= 500, (positions, kings, flips)
