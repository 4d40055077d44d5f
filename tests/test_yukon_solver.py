"""Yukon's solver and the figures read from its survey: the dead-position test never calls a
winnable position lost, it catches a lock a plain search must exhaust, and the guide's words
come from the shipped survey file (a missing one is an error naming it and its command)."""

from __future__ import annotations

import json
import random

import pytest
from test_yukon import exhaustive  # the plain search every Yukon solver test compares with

from ausp_widget import Game, data
from ausp_widget.core.cards import Card
from ausp_widget.data import read_text
from ausp_widget.games.family.deadlock import hopeless
from ausp_widget.games.family.rule import ALTERNATE as PARENTS
from ausp_widget.games.family.solver import Playout, Restarts, Solver, _luby, solve
from ausp_widget.games.yukon import figures
from ausp_widget.games.yukon.game import YukonGame
from ausp_widget.games.yukon.guide import yukon_steps


def random_position(rng: random.Random, left: int, columns: int = 4) -> YukonGame:
    """A random position with `left` cards in play over `columns` columns, some face down."""
    heights = [13] * 4
    while sum(13 - h for h in heights) < left:
        heights[rng.randrange(4)] -= 1
    cards = [s * 13 + r for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(cards)
    cols: list[list[int]] = [[] for _ in range(7)]
    for card in cards:
        cols[rng.randrange(columns)].append(card)
    down = [rng.randint(0, max(0, len(col) - 1)) for col in cols]
    return YukonGame([tuple(col) for col in cols], down, heights)


def table(game: YukonGame) -> tuple[list[list[int]], list[int], list[int]]:
    return [list(col) for col in game._cols], list(game._down), list(game._piles)


def test_a_position_the_dead_test_calls_lost_cannot_be_won():
    rng = random.Random(11)
    dead = alive = 0
    for _ in range(150):
        game = random_position(rng, rng.randint(7, 11), 2)
        if hopeless(*table(game)):
            dead += 1
            assert not exhaustive(game), game.to_text()
        else:
            alive += 1
    assert dead >= 20 and alive >= 20, (dead, alive)  # both answers were tried


def lock(locked: bool) -> YukonGame:
    """5♥ lies on 4♥ with both its parents (6♠, 6♣) beneath, and 7♥, the only parent left to
    the sixes, beneath them too (`locked`) or alone in column 5; the other cards lie ready to
    go home, each suit from the top of its own column."""
    cols = [
        "6♠ 6♣ 4♥ 5♥",
        "Q♣",
        "K♠ Q♥ J♠",
        "K♥ J♥ 10♥ 9♥ 8♥ 6♥",
        "7♥",
        "Q♠ 10♠ 9♠ 8♠ 7♠",
        "K♣ J♣ 10♣ 9♣ 8♣ 7♣",
    ]
    if locked:
        cols[0], cols[4] = "7♥ " + cols[0], ""
    columns = [tuple(Card.parse(c).index for c in col.split()) for col in cols]
    return YukonGame(columns, [0] * 7, [5, 13, 3, 5])


def test_the_dead_test_sees_a_card_locked_under_its_own_parents():
    locked, free = lock(True), lock(False)
    assert hopeless(*table(locked)) and not hopeless(*table(free))
    search = Solver(locked)
    search.run(seconds=None)
    assert search.winnable is False and search.nodes == 1  # proved lost without a move
    assert solve(free, time_limit=None).winnable is True


@pytest.mark.parametrize("seed", [7, 8])
def test_the_solver_agrees_with_a_plain_exhaustive_search_on_random_positions(seed):
    rng = random.Random(seed)
    verdicts = []
    for _ in range(40):
        game = random_position(rng, rng.randint(8, 11))
        expected = exhaustive(game)
        for search in (Solver(game), Solver(game, seed=seed)):  # ties in column order, or at random
            search.run(seconds=None)
            assert search.winnable is expected, game.to_text()
            if search.winnable:
                game.copy().play_winning_line(search.line)
        verdicts.append(expected)
    assert True in verdicts and False in verdicts


def test_the_survey_file_agrees_with_the_solver_on_a_sample_of_its_deals():
    verdicts = [json.loads(line) for line in read_text(figures.CLAIM_FILE).splitlines() if line.strip()]
    quick = [v for v in verdicts if v["winnable"] is not None and v["seconds"] < 0.3]
    sample = [v for v in quick if v["winnable"]][:3] + [v for v in quick if v["winnable"] is False][:2]
    assert len(sample) == 5
    for verdict in sample:
        result = solve(Game.deal(verdict["deal"], game="yukon"), time_limit=None, node_limit=200_000)
        assert result.winnable is verdict["winnable"], verdict["deal"]


def test_the_guide_quotes_the_survey_file(monkeypatch):
    text = {name: read_text(name) for name in (figures.CLAIM_FILE, figures.HINTS_FILE)}
    monkeypatch.setattr(figures, "read_text", text.__getitem__)  # one reading, while a survey may still write
    figures._lines.cache_clear()
    claim = figures.claim()
    lines = [json.loads(line) for line in text[figures.CLAIM_FILE].splitlines() if line.strip()]
    fresh = {v["deal"]: v["winnable"] for v in lines if v["deal"] in figures.FRESH and v["time_limit"] == 10}
    assert (claim.won, claim.lost, claim.undecided) == (
        sum(v is True for v in fresh.values()),
        sum(v is False for v in fresh.values()),
        sum(v is None for v in fresh.values()),
    )
    last = yukon_steps()[-1].text
    assert f"{claim.won} were proved winnable" in last and figures.hint_words() in last
    figures._lines.cache_clear()


def test_a_missing_survey_file_is_an_error_naming_it_and_its_command(monkeypatch, tmp_path):
    (tmp_path / "README.md").write_text(read_text("README.md"), encoding="utf-8")
    monkeypatch.setattr(data, "FOLDER", tmp_path)  # the notes, and none of the data files
    figures._lines.cache_clear()
    try:
        with pytest.raises(
            data.MissingDataError, match=r"yukon_claim\.jsonl is missing.*bench/yukon_claim\.py"
        ):
            figures.claim_words()
        with pytest.raises(data.MissingDataError, match=r"yukon_hints\.jsonl is missing.*--hint-deals"):
            figures.hint_words()
        with pytest.raises(data.MissingDataError):
            yukon_steps()
    finally:
        figures._lines.cache_clear()


def test_the_playout_finds_a_win_the_complete_search_reaches_late_and_never_says_lost():
    game = Game.deal(5045, game="yukon")
    search = Solver(game)
    search.run(seconds=None, nodes=20_000)
    assert search.winnable is None  # the depth-first search alone has not found it yet
    playout = Playout(game)
    playout.run(seconds=None)
    assert playout.winnable is True and playout.games == 1  # the hints' own game wins
    game.copy().play_winning_line(playout.line)
    stuck = Playout(lock(True))
    stuck.run(seconds=None)
    assert stuck.winnable is None and stuck.exhausted and stuck.games == Playout.GAMES
    assert solve(lock(True), time_limit=None).winnable is False


def test_short_searches_with_ties_at_random_find_a_win_the_complete_search_misses_and_never_say_lost():
    game = Game.deal(1109, game="yukon")
    plain = Solver(game)
    plain.run(seconds=None, nodes=50_000)
    assert plain.winnable is None  # lost below one of its first moves
    restarts = Restarts(game)
    restarts.run(seconds=None, nodes=50_000)
    assert restarts.winnable is True and restarts.runs == 2  # the first search was given up
    game.copy().play_winning_line(restarts.line)
    stuck = Restarts(lock(True))
    stuck.run(seconds=None)
    assert stuck.winnable is None and stuck.exhausted
    assert solve(game, time_limit=None, node_limit=20_000).winnable is True  # the front door's turns


def test_the_short_searches_budgets_follow_the_luby_sequence():
    assert [_luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_the_solver_agrees_with_a_plain_exhaustive_search_when_cards_can_change_parents():
    """Many short columns give many swaps (a group moved from one parent to the other, which
    the search never moves straight back) and cards sent home after them."""
    rng = random.Random(21)
    swaps = 0
    for _ in range(30):
        game = random_position(rng, rng.randint(8, 10), 6)
        search = Solver(game)
        search.run(seconds=None)
        assert search.winnable is exhaustive(game), game.to_text()
        if search.winnable:
            game.copy().play_winning_line(search.line)
        cols, down, _ = table(game)
        swaps += sum(
            d > down[c] and cols[c][d - 1] in PARENTS[cols[c][d]]
            for c, col in enumerate(cols)
            for d in range(1, len(col))
        )
    assert swaps


@pytest.mark.parametrize("thing", [None, "yukon", 42])
def test_the_familys_solver_and_hint_name_what_they_got_when_it_is_not_one_of_its_games(thing):
    from ausp_widget.core import registry
    from ausp_widget.core.errors import WrongTypeError

    name = type(thing).__name__
    for game in ("yukon", "russian"):
        entry = registry.entry(game)
        with pytest.raises(WrongTypeError, match=f"expected a game of the Yukon family, not {name}"):
            entry.solve(thing, time_limit=1)
        with pytest.raises(WrongTypeError, match=f"expected a game of the Yukon family, not {name}"):
            entry.hint(thing, 0)
        with pytest.raises(WrongTypeError, match="not Game"):  # an Australian game is not one of them
            entry.solve(Game.deal(1), time_limit=1)
