"""Game review: a move that throws away a proven win is marked, with the move that kept it; and
each chance it shows is the one `win_chance` gives for that position."""

import random
import re

import pytest

from ausp_widget import Game, Move, solve, win_chance
from ausp_widget.analysis.chance import hidden_cards
from ausp_widget.analysis.chance_verdicts import VERDICTS
from ausp_widget.analysis.review import Reviewer, review
from ausp_widget.games.australian.hints import hint

# Deal 222 along a winning line until its stock is empty (nothing is hidden any more) …
WINNING = [
    "3♠ 4♠",
    "4♦ 5♦",
    "3♦ 4♦",
    "2♣ 3♣",
    "Q♣ K♣",
    "2♦ 3♦",
    "A♥ F",
    "A♦ 2♦",
    "draw",
    "draw",
    "draw",
    "6♠ 7♠",
    "draw",
    "2♥ F",
    "draw",
    "draw",
    "draw",
    "A♣ F",
    "draw",
    "draw",
    "draw",
    "draw",
    "8♠ 9♠",
    "7♠ 8♠",
    "2♣ F",
    "3♣ F",
    "5♠ 6♠",
    "4♣ F",
    "2♠ 3♠",
    "draw",
    "draw",
    "J♣ Q♣",
    "draw",
    "A♠ F",
    "draw",
    "draw",
    "K♦ 1",
    "draw",
    "Q♦ K♦",
    "J♦ Q♦",
    "4♠ 5♠",
    "draw",
    "9♥ 10♥",
    "draw",
    "8♥ 9♥",
    "7♥ 8♥",
    "draw",
    "10♦ J♦",
    "draw",
    "draw",
    "4♥ 5♥",
    "draw",
    "3♥ F",
    "4♥ F",
    "5♥ F",
    "draw",
]
BLUNDER = "5♣ 6♣"  # … then a move after which the solver proves the game lost (6♥ F keeps the win)


def blundered() -> Game:
    game = Game.deal(222)
    for move in [*WINNING, BLUNDER]:
        game.play(move)
    return game


def test_a_move_that_loses_a_proven_win_is_a_blunder_and_the_better_move_is_named():
    game = blundered()
    result = review(game, samples=4)
    assert len(result.moves) == len(game.history)
    last = result.moves[-1]
    assert last.move == Move.parse(BLUNDER) and last.before == 1.0 and last.after == 0.0
    assert last.mark == "blunder" and last.better_after == 1.0 and last.better is not None
    kept = game.copy()
    kept.undo()
    kept.play(last.better)
    assert solve(kept).winnable is True
    assert last in result.marked and "blunder" in str(result)


def test_the_hint_players_game_is_reviewed_move_by_move_and_no_lost_order_is_won_back():
    game = Game.deal(4)
    while game.status == "playing" and (move := hint(game).move) is not None:
        game.play(move)
    result = review(game, samples=10)
    assert [m.move for m in result.moves] == [move for _, move in game.history]
    for m in result.moves:  # an order lost before a move is lost after it, on the same orders
        assert m.after_chance.wins <= m.before_chance.wins + m.before_chance.undecided
    assert result.moves[-1].after == 1.0 and game.status == "won"


def test_the_review_chart_flags_the_blunder():
    figure = review(blundered(), samples=3).plot()
    gids = {line.get_gid() for ax in figure.axes for line in ax.lines}
    assert "chance-line" in gids and f"mark:{len(WINNING) + 1}:blunder" in gids


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        (Game.deal(1), {"samples": 0}, "samples must be a whole number"),
        (Game.deal(1, "turns"), {}, "a solo game; this is Australian Patience in mode 'turns'"),
    ],
)
def test_bad_requests_are_named(game, options, words):
    with pytest.raises(ValueError, match=words):
        review(game, **options)


def test_an_indian_game_is_reviewed_and_played_by_sampling_its_hidden_cards():
    from test_chance import INDIAN_ENDING

    from ausp_widget.analysis import hint as any_hint
    from ausp_widget.analysis.players import StrongPlayer

    game = Game.from_text(INDIAN_ENDING)
    choice = StrongPlayer(samples=3).choose(game.view(0))
    assert choice in game.legal_moves()
    while game.status == "playing":
        game.play(any_hint(game).move)
    assert game.status == "won"
    result = review(game, samples=4)
    assert [m.move for m in result.moves] == [move for _, move in game.history]
    assert all(m.before == m.after == 1.0 and m.mark is None for m in result.moves)


def random_game(seed: int) -> Game:
    """A game of a player choosing among the legal moves at random: long games with many marks."""
    game, rng = Game.deal(seed), random.Random(seed)
    while game.status == "playing" and (moves := game.legal_moves()):
        game.play(rng.choice(moves))
    return game


def hint_game(seed: int) -> Game:
    game = Game.deal(seed)
    while game.status == "playing" and (move := hint(game).move) is not None:
        game.play(move)
    return game


def figure(estimate) -> tuple:
    """What a reader sees of an estimate (everything but the seconds it took)."""
    return (estimate.p, estimate.low, estimate.high, estimate.samples, estimate.wins, estimate.undecided)


SMALL = {"samples": 6, "node_limit": 2000}  # a quick estimator: the same for both


@pytest.mark.parametrize("game", [hint_game(79), random_game(29)], ids=["hint 79", "random 29"])
def test_every_chance_the_review_shows_is_the_win_chance_of_its_position(game):
    """Worked out afresh (nothing remembered), `win_chance` gives each figure before a move, and
    after a move that shows no card the figure after it, which is the one before the next."""
    reviewer = Reviewer(game, **SMALL)
    moves = review(game, **SMALL).moves
    VERDICTS.clear()
    asked = VERDICTS.asked
    for entry in moves:
        position = reviewer.position_before(entry.number)
        assert figure(entry.before_chance) == figure(win_chance(position, **SMALL)), entry
        before = hidden_cards(position.view(0))
        position.play(entry.move)
        if hidden_cards(position.view(0)) == before:
            assert figure(entry.after_chance) == figure(win_chance(position, **SMALL)), entry
            if entry.number < len(moves):
                assert figure(moves[entry.number].before_chance) == figure(entry.after_chance)
    assert VERDICTS.asked > asked, "the figures were worked out again"


def test_a_review_made_in_the_smallest_slices_gives_the_figures_of_one_made_a_move_at_a_time():
    game = random_game(29)
    whole = [
        (figure(m.before_chance), figure(m.after_chance), m.mark, m.better)
        for m in review(game, **SMALL).moves
    ]
    VERDICTS.clear()
    sliced, calls = Reviewer(game, **SMALL), 0
    while not sliced.finished:
        sliced.work(0.0)  # one sampled order a call
        calls += 1
    assert calls >= 2 * SMALL["samples"] * len(whole), "each sampled order was a slice of its own"
    assert [
        (figure(m.before_chance), figure(m.after_chance), m.mark, m.better) for m in sliced.result().moves
    ] == whole


def test_the_opening_figure_is_the_one_win_chance_gave_and_a_game_reviewed_again_asks_nothing():
    game = hint_game(79)
    opening = win_chance(Game.deal(79), **SMALL)
    result = review(game, **SMALL)
    assert figure(result.moves[0].before_chance) == figure(opening)
    VERDICTS.asked = 0
    again = review(game, **SMALL)
    assert VERDICTS.asked == 0, "every sampled game was remembered"
    assert [figure(m.after_chance) for m in again.moves] == [figure(m.after_chance) for m in result.moves]


def test_after_every_sampled_order_is_lost_moves_that_show_no_card_ask_the_solver_nothing():
    game = hint_game(79)  # its first move, 10♠ J♠, leaves few of the sampled orders winnable
    reviewer = Reviewer(game, samples=10)
    free, previous = 0, None
    while not reviewer.finished:
        asked = VERDICTS.asked
        entry = reviewer.step()
        lost = entry.before_chance.wins == entry.before_chance.undecided == 0
        carried = previous is not None and previous.move.kind != "draw"  # the same orders as before
        if lost and carried and entry.move.kind != "draw":
            assert VERDICTS.asked == asked, f"move {entry.number} asked about lost orders"
            free += 1
        previous = entry
    assert free >= 10, "most moves after every sampled order was lost ask the solver nothing"


CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


def test_no_figure_names_a_card_the_player_could_not_see():
    game = random_game(29)
    reviewer = Reviewer(game, samples=6)
    while not reviewer.finished:
        position = reviewer.position_before(reviewer.done + 1)
        text = position.to_text().splitlines()
        stock = next(line for line in text if line.startswith("stock:"))
        hidden = set(CARD.findall(stock))
        entry = reviewer.step()
        named = set(CARD.findall(str(entry)))
        assert not named & hidden, (entry, named & hidden)


def test_the_review_front_door_stays_a_function_once_the_widgets_have_loaded_its_module():
    import importlib

    import ausp_widget.analysis as analysis

    importlib.import_module("ausp_widget.widgets.review_panel")  # imports the module `analysis.review`
    game = Game.deal(7, game="yukon")
    game.play(game.useful_moves()[0])
    first = analysis.review(game, samples=2)
    again = analysis.review(game, samples=2)  # the name was not rebound to the module by the first call
    assert callable(analysis.review) and len(first.moves) == len(again.moves) == 1
