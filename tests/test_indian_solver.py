"""The bounded Indian Patience solver: winning lines that play, proved losses, budgets kept."""

import pytest
from indian_positions import game

from ausp_widget import Game
from ausp_widget.games.indian.solver import solve_indian

REST = ["7♥ 7♥", "8♥ 8♥", "9♥ 9♥", "10♥ 10♥", "J♥ J♥", "Q♥ Q♥", "K♥ K♥"]


def replays_to_a_win(g, moves) -> bool:
    trial = g.copy()
    for move in moves:
        trial.play(move)
    return trial.status == "won"


def test_a_winnable_end_game_comes_with_a_winning_line():
    g = game(["4♥ 5♥", "4♥ 6♥ 5♥ 6♥", *REST, "-"], rest="home")
    before = g.to_text()
    result = solve_indian(g)
    assert result.winnable is True and result.verdict == "winnable"
    assert replays_to_a_win(g, result.moves)
    assert g.to_text() == before and g.history == ()


def test_a_lost_end_game_is_proved_unwinnable():
    g = game(["4♥ 5♥", "4♥ 6♥", "5♥ 6♥", *REST], rest="home")
    assert solve_indian(g).winnable is False


def test_a_position_with_a_stock_and_a_protected_card_is_decided():
    g = game(["[K♠] K♥", "-", "Q♣", "K♣ K♣"], stock="Q♥ K♦", rest="home")
    result = solve_indian(g)
    assert result.winnable is True and replays_to_a_win(g, result.moves)
    assert "draw" in map(str, result.moves) and "K♠ F" in map(str, result.moves)


def test_a_deal_can_be_solved_from_the_start_and_its_line_plays():
    g = Game.deal(4, game="indian")
    result = solve_indian(g, time_limit=20)
    assert result.winnable is True and replays_to_a_win(g, result.moves)


def test_the_budget_is_kept_and_an_undecided_search_says_so():
    result = solve_indian(Game.deal(1, game="indian"), node_limit=200)
    assert result.winnable is None and result.verdict == "undecided" and result.nodes <= 201


def test_the_solver_is_for_indian_positions():
    with pytest.raises(ValueError, match="decides Indian Patience positions"):
        solve_indian(Game.deal(1))
