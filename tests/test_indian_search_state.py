"""The Indian solver's bookkeeping: what it keeps up to date as moves are made and undone equals
what a plain count of the position gives, so a faster search is the same search."""

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from ausp_widget import Game
from ausp_widget.games.indian.basics import fits
from ausp_widget.games.indian.search import SearchState
from ausp_widget.games.indian.solver import Solver, safe_for


def plain_disorder(state: SearchState) -> int:
    return sum(not fits(card, under) for col in state.cols for under, card in itertools.pairwise(col))


def test_the_disorder_kept_move_by_move_is_a_plain_count_and_undo_restores_everything():
    rng = random.Random(17)
    refills = 0
    for deal in range(1, 31):
        options = {"partial_refill": True} if deal % 2 else {}
        solver = Solver(Game.deal(deal, game="indian", options=options))
        state = solver.state
        for _ in range(150):
            moves = solver._moves()
            if not moves:
                break
            before, drawn = state.snapshot(), state.drawn
            state.make(rng.choice(moves))
            refills += state.drawn - drawn > 1
            assert state.disorder == plain_disorder(state)
            if rng.random() < 0.3:
                state.undo()
                assert state.snapshot() == before
        assert state.snapshot() == state.copy().snapshot()
    assert refills > 0  # columns were dealt again from the stock along the way


def plain_safe(piles: list[int], card: int) -> bool:
    """A card is safe when a pile of its suit takes it and every card that could go onto it is home."""
    suit, rank = divmod(card, 13)
    takes = rank in (piles[2 * suit], piles[2 * suit + 1])
    return takes and all(min(piles[2 * s], piles[2 * s + 1]) >= rank for s in range(4) if s != suit)


@given(st.lists(st.integers(0, 13), min_size=8, max_size=8))
def test_the_safe_cards_found_at_once_are_those_a_card_by_card_reading_finds(heights):
    solver = Solver(Game.deal(1, game="indian"))
    piles = [h for s in range(4) for h in sorted(heights[2 * s : 2 * s + 2])]
    solver.state.piles = piles
    assert safe_for(tuple(piles)) == {card for card in range(52) if plain_safe(piles, card)}
    assert solver.state.home_next() == {
        card for card in range(52) if card % 13 in piles[2 * (card // 13) :][:2]
    }
