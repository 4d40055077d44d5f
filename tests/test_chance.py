"""The win chance reads only what the player sees: the hidden stock order cannot change it."""

import random
import time

import pytest

from ausp_widget import Game, solve
from ausp_widget.analysis import hint
from ausp_widget.analysis.chance import win_chance
from ausp_widget.games.indian.sampling import sample_game

ONE_MOVE_FROM_A_WIN = """\
foundations: K♣ K♦ K♥ Q♠
stock: -
waste: -
1: K♠
2: -
3: -
4: -
5: -
6: -
7: -
"""


class OnlyTheView:
    """A stand-in that can show a view and nothing else: no stock order, no game to peek into."""

    def __init__(self, game: Game) -> None:
        self._view = game.view(0)

    def view(self, player: int):
        return self._view


def test_two_games_that_differ_only_in_the_stock_order_get_the_same_chance():
    game = Game.deal(4)
    game.play("draw")
    text = game.to_text()
    stock_line = next(line for line in text.splitlines() if line.startswith("stock:"))
    reordered = text.replace(stock_line, "stock: " + " ".join(reversed(stock_line.split()[1:])))
    other = Game.from_text(reordered)
    assert other.stock() != game.stock() and other.view(0) == game.view(0)
    mine, theirs = win_chance(game, seed=7, samples=30), win_chance(other, seed=7, samples=30)
    assert (mine.p, mine.wins, mine.undecided) == (theirs.p, theirs.wins, theirs.undecided)


def test_the_chance_needs_nothing_but_the_view():
    game = Game.deal(9)
    real, stand_in = win_chance(game, samples=25, seed=1), win_chance(OnlyTheView(game), samples=25, seed=1)
    assert (real.p, real.wins, real.undecided) == (stand_in.p, stand_in.wins, stand_in.undecided)


def test_a_position_with_nothing_hidden_is_certain():
    won = win_chance(Game.from_text(ONE_MOVE_FROM_A_WIN), samples=5)
    assert won.p == 1.0 and won.wins == 5 and won.undecided == 0
    assert won.low <= 1.0 <= won.high


def test_the_estimate_is_repeatable_and_its_interval_holds_it():
    game = Game.deal(352)
    first = win_chance(game, samples=40, seed=3)
    again = win_chance(game, samples=40, seed=3)
    assert (first.p, first.wins) == (again.p, again.wins)
    assert first.low <= first.wins / first.samples <= first.high
    assert 0 < first.p < 1, "deal 352's opening is neither sure nor hopeless"
    assert "sampled orders of the hidden cards can be won" in str(first)


def test_over_deals_the_chance_follows_the_solvers_verdicts():
    """Deals the solver proves lost tend to have lower chances than deals it proves won."""
    won, lost = [], []
    for seed in range(1, 41):
        chance = win_chance(Game.deal(seed), samples=20, seed=seed).p
        (won if solve(Game.deal(seed), time_limit=5).winnable else lost).append(chance)
    assert won and lost and sum(won) / len(won) > sum(lost) / len(lost)


def test_when_time_runs_out_the_rest_count_as_undecided():
    estimate = win_chance(Game.deal(2), samples=50, time_limit=1e-9)
    assert estimate.undecided >= 49 and estimate.high > estimate.low


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        (Game.deal(1), {"samples": 0}, "samples must be a whole number"),
        (Game.deal(1), {"time_limit": 0}, "time_limit must be above 0"),
        (Game.deal(1, "turns"), {}, "a solo game; this is Australian Patience in mode 'turns'"),
    ],
)
def test_bad_requests_are_named(game, options, words):
    with pytest.raises(ValueError, match=words):
        win_chance(game, **options)


# ---- Indian Patience: the stock's order and the face-down cards are hidden ------------------------
INDIAN_ENDING = """\
game: indian
foundations: K♣ K♣ K♦ K♦ K♥ K♥ J♠ J♠
stock: Q♠ K♠
waste: -
1: [Q♠] K♠
2: -
3: -
4: -
5: -
6: -
7: -
8: -
9: -
10: -
"""


def _hidden_swapped(text: str) -> str:
    """The same Indian position with its stock reversed and two face-down cards swapped."""
    lines = text.splitlines()
    stock = next(i for i, line in enumerate(lines) if line.startswith("stock:"))
    lines[stock] = "stock: " + " ".join(reversed(lines[stock].split()[1:]))
    downs = [i for i, line in enumerate(lines) if line[:1].isdigit() and "[" in line]
    first, second = downs[0], downs[1]
    card = lambda line: line[line.index("[") : line.index("]") + 1]  # noqa: E731
    a, b = card(lines[first]), card(lines[second])
    lines[first], lines[second] = lines[first].replace(a, b), lines[second].replace(b, a)
    return "\n".join(lines) + "\n"


def test_indian_hidden_cards_are_sampled_from_the_view_never_read():
    game = Game.deal(5, game="indian")
    for _ in range(6):
        game.play(hint(game).move)
    other = Game.from_text(_hidden_swapped(game.to_text()))
    assert other.to_text() != game.to_text() and other.view(0) == game.view(0)
    mine, theirs = sample_game(game.view(0), random.Random(3)), sample_game(other.view(0), random.Random(3))
    assert mine.to_text() == theirs.to_text()
    assert mine.view(0) == game.view(0), "a sample shows exactly what the player sees"
    assert mine.to_text() != game.to_text(), "the hidden cards are dealt afresh"
    first, second = win_chance(game, samples=3, node_limit=300), win_chance(other, samples=3, node_limit=300)
    assert (first.wins, first.undecided) == (second.wins, second.undecided)
    if first.undecided == first.samples:  # an early Indian position: the budget decides nothing
        assert str(first).startswith("win chance unknown") and (first.low, first.high) == (0.0, 1.0)


def test_an_indian_ending_is_judged_from_its_hidden_cards():
    game = Game.from_text(INDIAN_ENDING)
    est = win_chance(game, samples=8)
    assert (est.p, est.wins, est.undecided) == (1.0, 8, 0)
    other = win_chance(
        Game.from_text(INDIAN_ENDING.replace("[Q♠] K♠", "[K♠] K♠").replace("Q♠ K♠", "Q♠ Q♠")), samples=8
    )
    assert (other.p, other.wins) == (est.p, est.wins)


def test_a_time_limit_bounds_the_estimate_however_many_samples_are_asked_for():
    start = time.perf_counter()
    est = win_chance(Game.deal(9), samples=10**12, time_limit=0.2)
    assert time.perf_counter() - start < 5
    assert est.samples == 10**12 and est.undecided > 10**12 - 10**6 and est.low <= est.high


def test_an_australian_sample_is_the_game_its_position_text_describes():
    from ausp_widget.games.australian.sampling import sample_game as australian_sample

    game, rng = Game.deal(12), random.Random(12)
    for _ in range(60):
        sample = australian_sample(game.view(0), rng)
        again = Game.from_text(sample.to_text())
        assert sample.to_json() == again.to_json() and sample.legal_moves() == again.legal_moves()
        assert [c for c in sample.stock() if c not in game.stock()] == [], "only the stock is dealt anew"
        if game.status != "playing" or not (moves := game.legal_moves()):
            break
        game.play(rng.choice(moves))
