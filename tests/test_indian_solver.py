"""The bounded Indian Patience solver: winning lines that play, proved losses, budgets kept."""

import pytest
from indian_exhaustive import TooBig, small_position
from indian_exhaustive import winnable as exhaustive_winnable
from indian_positions import game

from ausp_widget import Game
from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.games.indian.hints import play_out
from ausp_widget.games.indian.solver import Beam, DealSolver, Probe, Solver, solve_indian

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


# ---- the solver against a plain search of every position, under each rule option ----------
OPTIONS = [{}, {"empty_column": "kings"}, {"protected_takes_cards": True}, {"partial_refill": True}]


@pytest.mark.parametrize("seed", range(16))
def test_small_positions_get_the_verdict_of_a_search_of_every_position(seed):
    g = small_position(seed, OPTIONS[seed % 4], cards=12 + seed % 5)
    try:
        truth = exhaustive_winnable(g, limit=10_000)
    except TooBig:
        pytest.skip("too many positions for the plain search")
    result = solve_indian(g, time_limit=None, node_limit=None)
    assert result.winnable is truth
    if truth:
        assert replays_to_a_win(g, result.moves)


@pytest.mark.parametrize(("deal", "back"), [(1, 2), (2, 2), (2, 6), (2, 12)])
def test_late_positions_of_lost_games_are_proved_lost_as_a_plain_search_finds(deal, back):
    """The hint player's games with Kings only in empty columns, taken back a few moves."""
    kings = {"empty_column": "kings"}
    end = play_out(Game.deal(deal, game="indian", options=kings), nodes=50, end_nodes=50)
    g = Game.deal(deal, game="indian", options=kings)
    for _, move in end.history[: len(end.history) - back]:
        g.play(move)
    assert solve_indian(g, time_limit=None, node_limit=None).winnable is exhaustive_winnable(g, 4_000)


TWO_JACKS = """game: indian
foundations: K♣ K♣ K♦ K♦ 9♥ 9♥ K♠ K♠
stock: Q♥ Q♥ K♥ K♥
waste: -
1: 10♥ J♥
2: 10♥ J♥
""" + "".join(f"{n}: -\n" for n in range(3, 11))


def test_the_rule_options_decide_what_the_solver_may_do():
    """A J♥ must wait in the empty column while a 10♥ goes home: "kings" forbids it."""
    any_card = Game.from_text(TWO_JACKS)
    kings = Game.from_text(TWO_JACKS.replace("game: indian\n", "game: indian\noptions: empty_column=kings\n"))
    assert solve_indian(any_card).winnable is exhaustive_winnable(any_card) is True
    assert solve_indian(kings).winnable is exhaustive_winnable(kings) is False


def test_a_sliced_search_reaches_the_verdict_of_one_long_search():
    g = Game.deal(9, game="indian")
    solver = Solver(g)
    while not solver.done:
        solver.run(seconds=0.01)
    whole = solve_indian(g, time_limit=None, node_limit=None)
    assert solver.result.winnable is whole.winnable is True
    assert [str(m) for m in solver.result.moves] == [str(m) for m in whole.moves]
    assert replays_to_a_win(g, solver.result.moves)


def test_every_win_on_the_first_deals_replays_with_the_options_in_force():
    for deal, options in [(4, {}), (11, {"protected_takes_cards": True}), (9, {"partial_refill": True})]:
        g = Game.deal(deal, game="indian", options=options)
        result = solve_indian(g, time_limit=20, node_limit=None)
        if result.winnable:
            assert replays_to_a_win(g, result.moves)


# ---- the probes and the beams beside the complete search ------------------------------------
def test_the_front_door_wins_a_deal_the_complete_search_alone_leaves_open():
    g = Game.deal(195, game="indian")
    alone = Solver(g)
    alone.run(seconds=None, nodes=105_000)
    assert alone.result.winnable is None
    sliced = DealSolver(g)
    while not sliced.done and sliced.nodes < 105_000:
        sliced.run(seconds=0.05, nodes=105_000 - sliced.nodes)
    whole = solve_indian(g, time_limit=None, node_limit=105_000)
    assert sliced.result.winnable is whole.winnable is True
    assert [str(m) for m in sliced.result.moves] == [str(m) for m in whole.moves]
    assert sliced.result.nodes == whole.nodes
    assert replays_to_a_win(g, whole.moves)


def test_a_probe_never_calls_a_position_lost():
    """Both 4♥ lie under hearts, which no heart may cover: lost, whatever the stock brings."""
    g = game(["4♥ 5♥", "4♥ 6♥", "5♥ 6♥", *REST], stock="K♣ K♦ K♣", rest="home")
    probe = Probe(g, endgame_nodes=10)
    probe.run(seconds=None)
    assert probe.exhausted and probe.result.winnable is None and probe.nodes > 3
    assert solve_indian(g, time_limit=None, node_limit=None).winnable is False


# ---- the beam: through the stock one draw at a time ----------------------------------------
BEAM = {"width": 50, "layer_nodes": 300, "endgame_nodes": 5_000, "waste_weight": 5, "depth_weight": 2}


def test_a_beam_wins_a_deal_the_complete_search_leaves_open_and_slicing_changes_nothing():
    g = Game.deal(5, game="indian")
    alone = Solver(g)
    alone.run(seconds=None, nodes=60_000)
    assert alone.result.winnable is None
    whole = Beam(g, **BEAM)
    whole.run(seconds=None, nodes=60_000)
    assert whole.result.winnable is True and replays_to_a_win(g, whole.result.moves)
    assert len(whole.layer) <= BEAM["width"] and whole.layers > 40  # a layer per draw, at most `width` wide
    sliced = Beam(g, **BEAM)
    while not sliced.done:
        sliced.run(seconds=None, nodes=777)
    assert [str(m) for m in sliced.result.moves] == [str(m) for m in whole.result.moves]
    assert sliced.nodes == whole.nodes


def test_a_beam_never_calls_a_position_lost():
    g = game(["4♥ 5♥", "4♥ 6♥", "5♥ 6♥", *REST], stock="K♣ K♦ K♣", rest="home")
    beam = Beam(g, width=3, layer_nodes=50, endgame_nodes=50)
    beam.run(seconds=None)
    assert beam.exhausted and beam.result.winnable is None and beam.nodes > 3
    assert beam.layers == 3  # one layer per card drawn, then the end games


def test_a_winning_line_is_played_whole_or_not_at_all():
    g = Game.deal(4, game="indian")
    line = [str(m) for m in solve_indian(g, time_limit=20).moves]
    g.play(line[0])
    g.undo()  # a move to redo, which a refused line must keep
    before, history = g.to_text(), g.history
    with pytest.raises(IllegalMoveError, match="does not win: the game is playing"):
        g.play_winning_line(line[:-5])
    with pytest.raises(IllegalMoveError):
        g.play_winning_line([*line[:10], "draw", "1:K♠ F", *line[10:]])
    assert g.to_text() == before and g.history == history and g.can_redo
    trial = g.copy()
    assert [str(m) for m in trial.play_winning_line(line)] == line and trial.status == "won"


@pytest.mark.parametrize(("game_name", "module"), [("indian", "indian.solver"), ("yukon", "family.solver")])
def test_a_time_limit_alone_is_the_whole_budget_of_the_public_solve(game_name, module, monkeypatch):
    """`solve(game, time_limit=60)` must not stop at a hidden node cap after half its time;
    with no limit at all, the default node cap keeps it finite. The cap is made tiny here,
    so the node counts tell which budget ended each search, whatever the machine's speed."""
    import importlib

    from ausp_widget import solve

    monkeypatch.setattr(importlib.import_module(f"ausp_widget.games.{module}"), "DEFAULT_NODE_LIMIT", 40)
    g = Game.deal(202 if game_name == "indian" else 5023, game=game_name)  # slow to decide
    capped = solve(g, time_limit=None)
    timed = solve(g, time_limit=0.5)
    assert capped.winnable is None and capped.nodes <= 60
    assert timed.nodes > 200
