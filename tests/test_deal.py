"""Deals are reproducible from the documented algorithm, on every platform and version."""

import pytest

from ausp_widget import Game
from ausp_widget.core.deal import splitmix64

SEED_1 = """\
foundations: -
stock: Q♣ 4♠ 6♣ 7♣ A♠ 5♣ A♥ K♠ 6♥ Q♠ Q♥ Q♦ 9♦ 3♦ 3♠ A♣ 4♣ 2♥ 8♣ 10♣ 3♥ 2♠ 9♥ 7♠
waste: -
1: 7♦ 6♦ J♥ K♣
2: 9♣ 9♠ 5♥ K♥
3: 4♦ J♣ 7♥ 10♥
4: 8♥ 5♦ 4♥ 10♠
5: 8♦ K♦ 2♣ J♠
6: 5♠ 3♣ A♦ 10♦
7: J♦ 2♦ 6♠ 8♠
"""


def test_seed_1_deals_this_exact_layout():
    assert Game.deal(1).to_text() == SEED_1


def test_splitmix64_matches_its_published_reference_values():
    rng = splitmix64(0)
    assert [next(rng) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_the_same_seed_gives_the_same_deal_and_others_differ():
    assert Game.deal(42).to_text() == Game.deal(42).to_text()
    assert len({Game.deal(seed).to_text() for seed in range(200)}) == 200


def test_two_player_deals_give_each_player_a_whole_deck_of_their_own():
    game = Game.deal(8, mode="turns")
    for p in (0, 1):
        assert len(game.stock(p)) == 24 and [len(c) for c in game.tableau(p)] == [4] * 7
    assert game.tableau(0) != game.tableau(1)
    assert Game.deal(8, mode="simultaneous").tableau(1) == game.tableau(1)


@pytest.mark.parametrize("seed", [True, 1.5, "7", None])
def test_a_deal_number_must_be_a_whole_number(seed):
    with pytest.raises(ValueError, match="a deal number is a whole number"):
        Game.deal(seed)
