"""The win chance reads only what the player sees: the hidden stock order cannot change it;
and one position always gets one figure, however it was reached and whoever asks."""

import random
import time

import pytest

from ausp_widget import Game, solve
from ausp_widget.analysis import hint
from ausp_widget.analysis.chance import chance, orders, sampled_games, win_chance
from ausp_widget.analysis.chance_verdicts import VERDICTS
from ausp_widget.core.registry import entry_for
from ausp_widget.core.view import sample_from_view as sample_game

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


# ---- one figure for one position -------------------------------------------------------------------
def figure(estimate) -> tuple:
    """What a reader sees of an estimate (everything but the seconds it took)."""
    return (estimate.p, estimate.low, estimate.high, estimate.samples, estimate.wins, estimate.undecided)


def test_the_same_position_reached_by_two_move_orders_gets_the_same_figure_without_remembering():
    one, other = Game.deal(4), Game.deal(4)
    for move in ("6♠ 7♠", "6♥ 7♥"):
        one.play(move)
    for move in ("6♥ 7♥", "6♠ 7♠"):
        other.play(move)
    assert one.history != other.history and one.to_text() == other.to_text()
    first = win_chance(one, samples=12)
    VERDICTS.clear()
    asked = VERDICTS.asked
    again = win_chance(other, samples=12)
    assert VERDICTS.asked > asked, "the second figure was worked out afresh, not remembered"
    assert figure(first) == figure(again)


def test_a_position_asked_again_costs_nothing_and_gives_the_same_figure():
    game = Game.deal(352)
    first = win_chance(game, samples=15)
    asked = VERDICTS.asked
    again = win_chance(game, samples=15)
    assert VERDICTS.asked == asked and figure(first) == figure(again)
    other_seed = win_chance(game, samples=15, seed=1)
    assert VERDICTS.asked > asked, "another seed draws other orders"
    assert other_seed.samples == first.samples


def test_after_a_move_that_shows_no_card_the_orders_are_the_same_and_after_a_draw_they_are_new():
    game = Game.deal(79)
    view = game.view(0)
    before = list(sampled_games(view, 6, orders(view)))
    move = next(m for m in game.legal_moves() if m.kind != "draw")
    game.play(move)
    after = game.view(0)
    carried = []
    for sample in before:
        sample.play(move)
        carried.append(sample.to_text())
    assert carried == [g.to_text() for g in sampled_games(after, 6, orders(after))]
    assert figure(chance(view, move, samples=6)) == figure(win_chance(game, samples=6))
    drawn_on = []
    for sample in sampled_games(after, 6, orders(after)):
        sample.play("draw")
        drawn_on.append(sample.to_text())
    game.play("draw")
    drawn = game.view(0)
    fresh = [g.to_text() for g in sampled_games(drawn, 6, orders(drawn))]
    assert fresh != drawn_on, "a draw shows a card: the orders after it are drawn anew"


def test_the_orders_depend_on_which_cards_are_unseen_never_on_where_they_lie():
    game = Game.deal(4)
    game.play("draw")
    text = game.to_text()
    stock_line = next(line for line in text.splitlines() if line.startswith("stock:"))
    other = Game.from_text(text.replace(stock_line, "stock: " + " ".join(reversed(stock_line.split()[1:]))))
    assert other.stock() != game.stock()
    mine, theirs = orders(game.view(0)), orders(other.view(0))
    assert mine.random() == theirs.random()
    assert orders(game.view(0), seed=1).random() != orders(game.view(0)).random()
    assert orders(Game.deal(5).view(0)).random() != orders(Game.deal(4).view(0)).random()


def test_a_position_after_one_proved_lost_is_proved_lost_within_the_same_budget():
    """What lets the review record a lost sampled game's next position unasked: the solver, asked
    afresh within the same budget, says lost too (after every legal move, on positions of a
    random player's games, at a budget well below the estimator's)."""
    checked = 0
    for seed in (79, 29):
        game, rng = Game.deal(seed), random.Random(seed)
        for _ in range(40):
            if game.status != "playing":
                break
            view = game.view(0)
            for sample in sampled_games(view, 3, orders(view)):
                lost = entry_for(sample).solve(sample, None, 800)
                if lost.winnable is not False:
                    continue
                for move in sample.legal_moves():
                    after = sample.copy()
                    after.play(move)
                    result = entry_for(after).solve(after, None, 800)
                    assert result.winnable is False, (seed, move, lost.nodes, result.nodes)
                    checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 100, "enough lost positions were followed"


def test_no_estimate_names_a_card():
    game = Game.deal(79)
    estimate = win_chance(game, samples=5)
    words = str(estimate) + estimate.brief()
    assert not any(suit in words for suit in "♠♥♦♣")


def test_the_remembered_verdicts_are_bounded_and_forgetting_changes_no_figure(monkeypatch):
    from ausp_widget.analysis import chance as chance_module
    from ausp_widget.analysis.chance_verdicts import Verdicts

    game = Game.deal(352)
    ample = win_chance(game, samples=10, node_limit=1000)
    small = Verdicts(most=3)
    monkeypatch.setattr(chance_module, "VERDICTS", small)
    forgetful = win_chance(game, samples=10, node_limit=1000)
    assert len(small) == 3 and small.asked == 10, "each order asked, only the last three kept"
    assert figure(forgetful) == figure(ample)
