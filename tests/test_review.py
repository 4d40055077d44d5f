"""Game review: a move that throws away a proven win is marked, with the move that kept it."""

import pytest

from ausp_widget import Game, Move, solve
from ausp_widget.analysis.review import review
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


def test_the_hint_players_game_is_reviewed_move_by_move_and_draws_cost_nothing_for_luck():
    game = Game.deal(4)
    while game.status == "playing" and (move := hint(game).move) is not None:
        game.play(move)
    result = review(game, samples=10)
    assert [m.move for m in result.moves] == [move for _, move in game.history]
    assert all(0.0 <= m.after <= m.before + 1e-9 for m in result.moves), "a move can only keep or lose lines"
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
