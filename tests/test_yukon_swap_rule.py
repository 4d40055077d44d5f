"""The Yukon search's rule after a swap (only swaps and the moves that use the freed parent are
tried there): it never changes a verdict, and it spares positions on a lost deal."""

from __future__ import annotations

import random

import pytest
from test_yukon import exhaustive  # the plain search every Yukon solver test compares with
from test_yukon_solver import random_position

from ausp_widget import Game
from ausp_widget.games.family.solver import Solver


class Counting(Solver):
    """The complete search, counting the moves the rule after a swap leaves untried."""

    dropped = 0

    def _uses(self, move: tuple[int, int, int], card: int) -> bool:
        used = super()._uses(move, card)
        self.dropped += not used
        return used


class WithoutRule(Solver):
    """The complete search trying every move after a swap, as it did before the rule."""

    def _uses(self, move: tuple[int, int, int], card: int) -> bool:
        return True


@pytest.mark.parametrize("seed", [31, 32])
def test_the_rule_after_a_swap_never_changes_a_verdict(seed):
    """On random positions of 22 to 30 cards the search with the rule and the one without it
    (which a plain exhaustive search checks in test_yukon_solver) give the same verdict, and a
    win replays; the rule must leave some moves untried here, or the test would not exercise
    it."""
    rng = random.Random(seed)
    dropped = 0
    verdicts = []
    for _ in range(30):
        game = random_position(rng, rng.randint(22, 30), 7)
        search, plain = Counting(game), WithoutRule(game)
        search.run(seconds=None)
        plain.run(seconds=None)
        assert search.winnable is plain.winnable is not None, game.to_text()
        if search.winnable:
            game.copy().play_winning_line(search.line)
        dropped += search.dropped
        verdicts.append(search.winnable)
    assert dropped
    assert True in verdicts and False in verdicts


def test_the_rule_after_a_swap_agrees_with_a_plain_exhaustive_search_on_small_positions():
    rng = random.Random(33)
    for _ in range(20):
        game = random_position(rng, rng.randint(8, 11), 6)
        search = Solver(game)
        search.run(seconds=None)
        assert search.winnable is exhaustive(game), game.to_text()


def test_the_rule_after_a_swap_spares_positions_on_a_lost_deal():
    with_rule, without = Solver(Game.deal(1190, game="yukon")), WithoutRule(Game.deal(1190, game="yukon"))
    with_rule.run(seconds=None)
    without.run(seconds=None)
    assert with_rule.winnable is False and without.winnable is False
    assert with_rule.nodes < without.nodes
