"""Measuring a player: wins counted as the engine plays, failures named and the run going on,
the same results in one process, in several, or on any executor."""

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from ausp_widget import Game, solve
from ausp_widget.analysis.arena import compare, evaluate, play_deal
from ausp_widget.analysis.players import RandomPlayer, StrongPlayer, bot_player, hint_player
from ausp_widget.games.australian.hints import hint


def test_the_count_is_the_engines():
    result = evaluate(hint_player, range(1, 21))
    for deal in result.deals:
        game = Game.deal(deal.deal)
        while game.status == "playing" and (move := hint(game).move) is not None:
            game.play(move)
        assert deal.won == (game.status == "won")
        assert deal.home == sum(len(pile) for pile in game.foundations)
    assert result.games == 20 and result.wins == sum(d.won for d in result.deals)
    low, high = result.interval
    assert low <= result.rate <= high and not result.failures


def raises(view):
    raise KeyError("oops")


def illegal(view):
    return "K♠ F"


def slow(view):
    time.sleep(0.05)
    return "draw"


def gives_up(view):
    return None


@pytest.mark.parametrize(
    ("player", "seconds", "words"),
    [  # (a busy machine may take more than 0.01 s to start a player: only `slow` is timed that short)
        (raises, 5.0, "the player raised KeyError: 'oops'"),
        (illegal, 5.0, "K♠ F was refused"),
        (slow, 0.01, "over the 0.01 s a move may take"),
    ],
)
def test_a_failing_player_loses_the_deal_with_the_reason_and_the_run_goes_on(player, seconds, words):
    result = evaluate(player, [1, 2, 3], move_seconds=seconds)
    assert result.games == 3 and result.wins == 0
    assert set(result.failures) == {1, 2, 3}
    assert all(words in reason and reason.startswith("move 1:") for reason in result.failures.values())


def test_a_player_that_stops_simply_loses():
    deal = play_deal(gives_up, 5)
    assert not deal.won and deal.failure is None and deal.moves == 0


def test_processes_and_executors_give_the_same_results_in_deal_order():
    deals = [9, 3, 14, 1, 7, 12]
    alone = evaluate(hint_player, deals)
    assert [d.deal for d in alone.deals] == deals
    assert evaluate(hint_player, deals, jobs=2).deals == alone.deals
    with ThreadPoolExecutor(2) as pool:
        assert evaluate(hint_player, deals, executor=pool).deals == alone.deals


def test_players_are_objects_or_functions_and_random_is_repeatable():
    first = evaluate(RandomPlayer(3), range(1, 6))
    assert evaluate(RandomPlayer(3), range(1, 6)).deals == first.deals
    assert evaluate(bot_player(), range(1, 6)).games == 5


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"deals": ["x"]}, "deals are whole numbers"),
        ({"jobs": 0}, "jobs must be a whole number"),
        ({"game": "klondike"}, "klondike"),
        ({"move_seconds": 0}, "move_seconds must be above 0"),
    ],
)
def test_bad_arguments_are_named(kwargs, words):
    with pytest.raises(ValueError, match=words):
        evaluate(hint_player, **{"deals": [1], **kwargs})


def test_a_player_must_be_able_to_choose():
    with pytest.raises(TypeError, match="choose"):
        evaluate(42, [1])


def test_compare_lists_the_players_best_first():
    table = compare(
        [evaluate(RandomPlayer(), range(1, 11), name="random"), evaluate(hint_player, range(1, 11))]
    )
    lines = table.splitlines()
    assert (
        lines[0].startswith("player") and lines[1].startswith("hint_player") and lines[2].startswith("random")
    )


def test_the_strong_player_sees_only_the_view():
    game = Game.deal(4)
    text = game.to_text()
    stock = next(line for line in text.splitlines() if line.startswith("stock:"))
    other = Game.from_text(text.replace(stock, "stock: " + " ".join(reversed(stock.split()[1:]))))
    assert other.stock() != game.stock()
    first, second = StrongPlayer(samples=6), StrongPlayer(samples=6)
    assert first.choose(game.view(0)) == second.choose(other.view(0))


def test_the_strong_player_finishes_a_game_with_nothing_hidden():
    game = Game.deal(222)
    line = solve(game, time_limit=10).moves
    k = next(i for i in range(len(line)) if not _after(game, line[:i]).stock())
    end = _after(game, line[:k])
    player = StrongPlayer(samples=4)
    while end.status == "playing":
        end.play(player.choose(end.view(0)))
    assert end.status == "won"


def test_the_strong_player_plays_whole_deals_without_failing():
    result = evaluate(StrongPlayer(samples=4), range(1, 4))
    assert result.games == 3 and not result.failures


def _after(game, moves):
    game = game.copy()
    for move in moves:
        game.play(move)
    return game


DEAL_3 = Game.deal(3).tableau()


class StuckOn:
    """Follows the hint, but never returns from move `move` of deal `deal`: asleep, or busy
    (a loop only stopping its process can end)."""

    def __init__(self, deal: int, move: int, busy: bool = False) -> None:
        self.layout, self.move, self.busy = Game.deal(deal).tableau(), move, busy

    def reset(self) -> None:
        self.moves, self.mine = 0, None

    def choose(self, view):
        self.mine = view.tableau == self.layout if self.mine is None else self.mine
        self.moves += 1
        while self.mine and self.moves == self.move:
            if not self.busy:
                time.sleep(10**6)
        return hint_player(view)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_move_that_never_returns_loses_its_deal_and_the_others_go_on(jobs):
    player = lambda view: time.sleep(10**6) if view.tableau == DEAL_3 else hint_player(view)  # noqa: E731
    start = time.monotonic()
    result = evaluate(player, [1, 2, 3, 4, 5], jobs=jobs, move_seconds=0.5)
    assert time.monotonic() - start < 5
    assert list(result.failures) == [3]
    assert result.failures[3] == "move 1: no answer, over the 0.5 s a move may take: the player was stopped"
    assert [d for d in result.deals if d.deal != 3] == list(evaluate(hint_player, [1, 2, 4, 5]).deals)


def test_a_busy_move_late_in_a_deal_is_stopped_and_named_by_its_number():
    start = time.monotonic()
    result = evaluate(StuckOn(2, move=7, busy=True), [1, 2, 3], move_seconds=0.3)
    assert time.monotonic() - start < 5
    assert list(result.failures) == [2] and result.failures[2].startswith("move 7: no answer")
    assert [d for d in result.deals if d.deal != 2] == list(evaluate(hint_player, [1, 3]).deals)


def test_a_player_that_ends_its_process_loses_the_deal_with_the_reason():
    import os

    player = lambda view: os._exit(3) if view.tableau == DEAL_3 else hint_player(view)  # noqa: E731
    result = evaluate(player, [2, 3, 4])
    assert result.failures == {3: "move 1: the player ended the process it ran in"}
    assert result.deals[2] == evaluate(hint_player, [4]).deals[0]


def test_on_any_executor_a_stuck_move_is_stopped_too():
    with ThreadPoolExecutor(2) as pool:
        result = evaluate(StuckOn(2, move=3), [1, 2, 3], executor=pool, move_seconds=0.3)
    assert list(result.failures) == [2] and result.failures[2].startswith("move 3: no answer")


def test_where_no_process_can_be_forked_a_thread_watchdog_stops_the_deal(monkeypatch):
    from ausp_widget.analysis import guard

    monkeypatch.setattr(guard, "can_fork", lambda: False)
    result = evaluate(StuckOn(2, move=2), [1, 2, 3], move_seconds=0.3)  # the stuck thread sleeps on
    assert list(result.failures) == [2] and result.failures[2].startswith("move 2: no answer")
    assert [d for d in result.deals if d.deal != 2] == list(evaluate(hint_player, [1, 3]).deals)


def test_more_jobs_than_deals_start_no_more_workers_than_deals():
    start = time.monotonic()
    result = evaluate(hint_player, [4, 5], jobs=10**9)
    assert time.monotonic() - start < 10
    assert result.deals == evaluate(hint_player, [4, 5]).deals
