"""Puzzles: every shipped one replays from its deal and its solution reaches its goal; answers
are judged by the engine and the solver (any correct line counts, a wrong one is named); the
levels are bands of a difficulty that can be worked out again from the stored puzzle."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise

import pytest

from ausp_widget import puzzles
from ausp_widget.__main__ import main
from ausp_widget.analysis import solve
from ausp_widget.analysis.puzzle_difficulty import blind_chance, difficulty, sensible
from ausp_widget.analysis.puzzles import hidden, study
from ausp_widget.analysis.puzzles_make import level_of, scale
from ausp_widget.core.lesson import deal_position, played
from ausp_widget.core.tasks import Goal, TaskRun, shortest_line

GAMES = {"australian": 60, "indian": 20}


@pytest.fixture(scope="module")
def shipped() -> dict[str, list[puzzles.Puzzle]]:
    return {game: puzzles.load(game=game) for game in GAMES}


def _first(items, kind):
    return next(p for p in items if p.kind == kind)


@pytest.mark.parametrize("game", GAMES)
def test_enough_puzzles_at_every_level(shipped, game):
    items = shipped[game]
    assert len(items) >= GAMES[game]
    assert {p.level for p in items} == {1, 2, 3, 4, 5}
    assert len({p.id for p in items}) == len(items)
    assert all(p.game == game and p.difficulty > 0 for p in items)
    assert puzzles.load(game=game, level=2) == [p for p in items if p.level == 2]
    data = json.loads(puzzles_file(game))
    assert isinstance(data["generator"]["seed"], int)


@pytest.mark.parametrize("game", GAMES)
def test_the_levels_are_difficulty_bands_of_each_kind(shipped, game):
    items = shipped[game]
    cuts = json.loads(puzzles_file(game))["cuts"]
    assert all(level_of(p, cuts) == p.level for p in items)
    for name in {scale(p) for p in items}:  # a kind's scale ("judge" has one per answer)
        bands = [
            [p.difficulty for p in items if scale(p) == name and p.level == level] for level in range(1, 6)
        ]
        filled = [band for band in bands if band]
        assert all(max(low) <= min(high) for low, high in pairwise(filled)), name
    assert min(Counter(p.level for p in items).values()) >= 8


def test_the_difficulty_is_worked_out_again_from_the_stored_puzzle(shipped):
    chosen = [_first(shipped["australian"], kind) for kind in ("free", "home", "win", "judge")]
    chosen += [p for p in shipped["australian"] if p.kind == "judge" and p.goal is not chosen[-1].goal][:1]
    chosen += shipped["indian"][:1] + shipped["indian"][-1:]
    for p in chosen:
        assert round(difficulty(p), 3) == p.difficulty, p.id


def test_the_blind_player_chance_is_exact_and_leaves_out_pointless_moves(shipped):
    p = next(p for p in shipped["australian"] if p.kind == "free" and len(p.solution) >= 3)
    position = p.position
    moves = sensible(position)
    legal = position.legal_moves()
    assert set(moves) <= set(legal)
    assert set(position.useful_moves()) <= set(moves)
    assert all(m in moves for m in legal if m.kind == "draw")
    par = len(p.solution)
    assert 0 < blind_chance(position, p.goal, par) < 1
    assert blind_chance(position, p.goal, par - 1) == 0  # the solution is a shortest line
    near = position.copy()
    for text in p.solution[:-1]:
        near.play(text)
    choices = sensible(near)
    hits = sum(p.goal.reached(_after(near, m)) for m in choices)
    assert blind_chance(near, p.goal, 1) == pytest.approx(hits / len(choices))
    assert blind_chance(near, p.goal, 0) == 0 and blind_chance(_after(near, p.solution[-1]), p.goal, 0) == 1
    tasks = [q for q in shipped["australian"] if q.kind in ("free", "home")]
    assert all(blind_chance(q.position, q.goal, len(q.solution)) < 1 for q in tasks), (
        "a sensible move can lose"
    )


def puzzles_file(game: str) -> str:
    from ausp_widget.analysis.puzzles import data_file

    return data_file(game).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_every_puzzle_replays_from_its_deal_and_its_solution_reaches_its_goal(shipped, game):
    for p in shipped[game]:
        replay = deal_position(game, p.seed, p.moves)  # each move through the rules
        position = p.position
        if p.open:  # a study position: the replayed one with its face-down cards turned up
            assert not hidden(position) and position.to_text() == study(replay).to_text(), p.id
        else:
            assert position.to_json() == replay.to_json(), p.id
        assert position.status == "playing", p.id
        after = played(position, p.solution)
        if p.kind == "judge":
            assert (after.status == "won") == p.goal or (not p.goal and not p.solution), p.id
        else:
            assert p.goal.reached(after), p.id
            assert p.task().par == len(p.solution)


def test_the_kinds_and_themes_are_there(shipped):
    kinds = Counter(p.kind for p in shipped["australian"])
    assert set(kinds) == {"win", "free", "home", "judge"}
    themes = {t for p in shipped["australian"] for t in p.themes}
    assert {"group move", "foundation", "draw", "empty column"} <= themes
    assert {p.goal for p in shipped["australian"] if p.kind == "judge"} == {True, False}


def _other_line(position, goal: Goal, line: tuple[str, ...]):
    """A line of at most len(line) moves reaching `goal` whose first move is not the stored one."""
    for move in position.legal_moves():
        if str(move) == line[0]:
            continue
        after = position.copy()
        after.play(move)
        rest = shortest_line(after, goal, len(line) - 1)
        if rest is not None:
            return (move, *rest)
    return None


@pytest.mark.parametrize("kind", ["free", "home"])
def test_a_different_correct_line_counts_and_a_wrong_move_is_named(shipped, kind):
    tried = 0
    for p in (p for game in GAMES for p in shipped[game] if p.kind == kind):
        other = _other_line(p.position, p.goal, p.solution)
        if other is None:
            continue
        run = TaskRun(p.task(), p.position)
        for move in other:
            feedback = run.attempt(str(move))
            assert feedback.correct, feedback.text
        assert run.done and run.solved and feedback.done
        tried += 1
        if tried == 2:
            break
    assert tried == 2
    p = _first(shipped["australian"], kind)
    run = TaskRun(p.task(), p.position)
    losing = next(
        m for m in p.position.legal_moves() if not TaskRun(p.task(), p.position).attempt(str(m)).correct
    )
    feedback = run.attempt(str(losing))
    assert not feedback.correct and not feedback.rule
    assert "is legal, but it does not" in feedback.text and p.goal.aim(p.position) in feedback.text
    refused = run.attempt("K♠ F")
    assert not refused.correct and (refused.rule or "not a move" in refused.text.lower())
    assert run.wrong >= 1 and not run.played  # a wrong try changes nothing: try again
    assert all(run.attempt(text).correct for text in p.solution)
    assert run.done


@pytest.mark.parametrize("kind", ["free", "home"])
def test_check_takes_any_line_that_reaches_the_goal(shipped, kind):
    lines = (
        (p, _other_line(p.position, p.goal, p.solution)) for p in shipped["australian"] if p.kind == kind
    )
    p, other = next((p, line) for p, line in lines if line is not None)
    assert [str(m) for m in other] != list(p.solution)
    verdict = p.check([str(m) for m in other])
    assert verdict.correct and verdict.done and verdict.text.startswith("Correct:")
    assert p.check(list(p.solution)).correct
    if len(p.solution) > 1:
        short, after = p.check(list(p.solution[:1])), p.position.copy()
        after.play(p.solution[0])  # a count goal is said as how many more cards it needs from here
        assert not short.correct and "not reached yet" in short.text and p.goal.aim(after) in short.text
    refused = p.check(["K♠ F"] if len(p.solution) == 1 else [p.solution[0], "K♠ F"])
    assert not refused.correct and ("K♠ F" in refused.text)
    with pytest.raises(ValueError, match="a move or a list of moves"):
        p.check([])
    judge = next(p for p in shipped["australian"] if p.kind == "judge")
    assert judge.check(judge.goal).correct and not judge.check(not judge.goal).correct


def test_a_win_puzzle_takes_any_winning_line_through_the_solver(shipped):
    p = _first(shipped["australian"], "win")
    position = p.position
    other = None
    for move in position.legal_moves():
        after = position.copy()
        after.play(move)
        if str(move) != p.solution[0] and solve(after, time_limit=5).winnable:
            other = move
            break
    run = TaskRun(p.task(), position)
    if other is not None:
        assert run.attempt(str(other)).correct
        assert run.next_moves()  # the solver's line from here
    run = TaskRun(p.task(), position)  # a fresh go: the puzzle has a first move that loses
    losing = next(
        m for m in position.legal_moves() if solve(_after(position, m), time_limit=5).winnable is False
    )
    feedback = run.attempt(str(losing))
    assert not feedback.correct
    assert "no line of play could win the game" in feedback.text
    run.show()
    assert run.done and run.game.status == "won" and not run.solved


def _after(game, move):
    after = game.copy()
    after.play(move)
    return after


def test_judge_puzzles_answer_right_and_wrong(shipped):
    items = [p for game in GAMES for p in shipped[game] if p.kind == "judge"]
    won = next(p for p in items if p.goal is True)
    lost = next(p for p in items if p.goal is False)
    right = won.judge(True)
    assert right.correct and "can be won" in right.text and won.solution[0] in right.text
    assert not won.judge(False).correct
    right = lost.judge(False)
    assert right.correct and "lost" in right.text and "solver searched" in right.text
    wrong = lost.judge(True)
    assert not wrong.correct and wrong.text.startswith("Not so")
    with pytest.raises(ValueError, match="judge"):
        won.task()
    with pytest.raises(ValueError, match="True"):
        won.judge("maybe")
    with pytest.raises(ValueError, match="task"):
        _first(shipped["australian"], "free").judge(True)


def test_bad_input_is_named(tmp_path, shipped):
    with pytest.raises(ValueError, match="game must be one of"):
        puzzles.load(game="chess")
    for level in (0, 6, "2", True):
        with pytest.raises(ValueError, match="level"):
            puzzles.load(level=level)
    with pytest.raises(ValueError, match="count"):
        puzzles.make(count=0)
    with pytest.raises(ValueError, match="kinds"):
        puzzles.make(count=1, kinds=["mate"])
    good = shipped["australian"][0].to_dict()
    cases = {
        "'seed'": {k: v for k, v in good.items() if k != "seed"},
        "'kind' must be one of": {**good, "kind": "mate"},
        "'level' must be from 1 to 5": {**good, "level": 9},
        "'moves' must be a list": {**good, "moves": "A♣ F"},
        "'goal'": {**good, "goal": 3},
        "game must be one of": {**good, "game": "chess"},
    }
    for words, entry in cases.items():
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({"puzzles": [good, entry]}), encoding="utf-8")
        with pytest.raises(ValueError, match="puzzle entry 2") as error:
            puzzles.load(path=path)
        assert words in str(error.value)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not JSON"):
        puzzles.load(path=path)
    with pytest.raises(ValueError, match="no puzzle file"):
        puzzles.load(path=tmp_path / "missing.json")


def test_the_command_line_makes_a_file_that_load_reads(tmp_path, capsys):
    out = tmp_path / "mine.json"
    assert main(["puzzles", "--make", "2", "--seed", "5", "--out", str(out), "--quiet"]) == 0
    assert "puzzles written to" in capsys.readouterr().out
    made = puzzles.load(path=out)
    assert len(made) == 2 and json.loads(out.read_text(encoding="utf-8"))["generator"]["seed"] == 5
    for p in made:
        after = p.position
        for text in p.solution:
            after.play(text)
        assert p.kind == "judge" or p.goal.reached(after)


def test_the_command_line_makes_so_many_of_each_kind_and_names_a_wrong_one(tmp_path, capsys):
    out = tmp_path / "mine.json"
    assert main(["puzzles", "--kinds", "free=2,home=1", "--seed", "5", "--out", str(out), "--quiet"]) == 0
    assert "3 australian puzzles written to" in capsys.readouterr().out
    made = puzzles.load(path=out)
    assert Counter(p.kind for p in made) == {"free": 2, "home": 1}
    assert json.loads(out.read_text(encoding="utf-8"))["generator"]["kinds"] == {"free": 2, "home": 1}
    for wrong, words in (("mate=3", "not 'mate'"), ("win=0", "from 1 to 10,000, not '0'"), ("win", "not ''")):
        with pytest.raises(SystemExit):
            main(["puzzles", "--kinds", wrong, "--out", str(tmp_path / "no.json")])
        assert words in capsys.readouterr().err
        assert not (tmp_path / "no.json").exists()


def test_a_judge_puzzle_takes_yes_and_no_as_its_question_asks(shipped):
    items = [p for p in shipped["australian"] if p.kind == "judge"]
    won = next(p for p in items if p.goal is True)
    lost = next(p for p in items if p.goal is False)
    assert "yes or no" in won.words
    for yes in ("yes", "YES", " Yes \n"):
        assert won.check(yes).correct and not lost.check(yes).correct
    for no in ("no", "No", "  NO  "):
        assert lost.check(no).correct and not won.check(no).correct
    assert won.check("yes").text == won.check(True).text
    for bad in ("maybe", "y", "", "yes please"):
        with pytest.raises(ValueError, match="'yes'"):
            won.check(bad)


def test_a_long_answer_is_quoted_short(shipped):
    free = _first(shipped["australian"], "free")
    huge = "x" * 1_000_000
    for answer in (huge, "J♥ " + "Q" * 1_000_000, [free.solution[0], huge]):
        feedback = free.check(answer)
        assert not feedback.correct and len(feedback.text) < 300, len(feedback.text)
        assert "…" in feedback.text
    with pytest.raises(ValueError) as error:
        _first(shipped["australian"], "judge").check(huge)
    assert len(str(error.value)) < 300


def test_the_puzzle_of_the_day_is_the_same_all_day():
    from datetime import date, datetime

    day = puzzles.of_the_day(date(2026, 12, 2))
    assert puzzles.of_the_day(datetime(2026, 12, 2, 9, 0)) == day
    assert puzzles.of_the_day(datetime(2026, 12, 2, 15, 30)) == day
    assert puzzles.of_the_day(datetime(2026, 12, 2, 23, 59, 59)) == day
    assert puzzles.of_the_day("2026-12-02T15:30") == day == puzzles.of_the_day("2026-12-02")


def _bad_files(shipped) -> dict[str, tuple[list, str]]:
    """Files of two entries, the second wrong in one way, with the words that must name it."""
    good = shipped["australian"][0].to_dict()
    free = _first(shipped["australian"], "free").to_dict()
    judge_won = next(p for p in shipped["australian"] if p.kind == "judge" and p.goal).to_dict()
    cases = {
        "negative deal": ({**free, "id": "neg", "seed": -1}, "'seed'"),
        "moves not legal": ({**free, "id": "m", "moves": [*free["moves"], "K♠ Q♥"]}, "do not replay"),
        "move not text": ({**free, "id": "t", "moves": ["K♣ 99"]}, "do not replay"),
        "solution not legal": ({**free, "id": "s", "solution": ["A♦ A♦"]}, "solution is not legal"),
        "solution short": ({**free, "id": "short", "solution": free["solution"][:-1]}, "does not reach"),
        "judge not won": ({**judge_won, "id": "j", "solution": judge_won["solution"][:-1]}, "must win"),
        "same id": ({**free}, f"the id {free['id']!r} of entry 1"),
    }
    return {
        name: ([good if name != "same id" else free, entry], words) for name, (entry, words) in cases.items()
    }


@pytest.mark.parametrize(
    "case",
    ["negative deal", "moves not legal", "move not text", "solution not legal", "solution short",
     "judge not won", "same id"],
)  # fmt: skip
def test_a_puzzle_file_is_checked_by_replaying_every_entry(tmp_path, shipped, case):
    entries, words = _bad_files(shipped)[case]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"puzzles": entries}, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(puzzles.PuzzleFileError) as error:
        puzzles.load(path=path)
    message = str(error.value)
    assert isinstance(error.value, ValueError)
    assert "puzzle entry 2" in message and str(path) in message and words in message, message
    if case != "same id":
        assert f"({entries[1]['id']})" in message, "the entry's id is named"
    path.write_text(json.dumps({"puzzles": entries[:1]}, ensure_ascii=False), encoding="utf-8")
    assert len(puzzles.load(path=path)) == 1, "the good entry alone loads"


def test_a_folder_or_too_deep_json_is_refused_naming_the_path(tmp_path):
    folder = tmp_path / "puzzles.json"
    folder.mkdir()
    with pytest.raises(puzzles.PuzzleFileError, match="is a folder") as error:
        puzzles.load(path=folder)
    assert str(folder) in str(error.value) and folder.is_dir()
    deep = tmp_path / "deep.json"
    deep.write_text('{"puzzles": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    with pytest.raises(puzzles.PuzzleFileError, match="nested too deeply") as error:
        puzzles.load(path=deep)
    assert str(deep) in str(error.value)


def test_the_shipped_files_load_checked(monkeypatch):
    from ausp_widget.analysis import puzzles as analysis

    replayed = []
    real = analysis.replay_check
    monkeypatch.setattr(analysis, "replay_check", lambda p, name: replayed.append(p.id) or real(p, name))
    analysis._shipped.cache_clear()
    try:
        items = puzzles.load("indian")
    finally:
        analysis._shipped.cache_clear()
    assert sorted(replayed) == sorted(p.id for p in items), "every shipped entry is replayed"


@pytest.mark.parametrize("game", ["australian", "indian"])
def test_every_shipped_puzzle_has_a_theme_and_a_judge_s_give_no_answer_away(game):
    from ausp_widget.analysis.puzzles_cut import puzzle_themes

    for puzzle in puzzles.load(game):
        assert puzzle.themes, f"{puzzle.id} has no theme"
        if puzzle.kind == "judge":  # shown before the answer: read from the position, never the solution
            assert puzzle.themes == puzzle_themes("judge", puzzle.position, ())
            assert puzzle.themes == puzzle_themes("judge", puzzle.position, puzzle.solution)


@pytest.mark.parametrize("game, least", [("australian", 30), ("indian", 20), ("yukon", 30)])
def test_every_shipped_judge_set_is_balanced_level_by_level(game, least):
    """Answering always "lost" (or always "winnable") must not pay: 35-65% winnable at every level."""
    items = puzzles.load(game)
    assert sum(p.kind == "win" for p in items) >= least
    judges = [p for p in items if p.kind == "judge"]
    assert len(judges) >= least
    for level in range(1, 6):
        answers = [p.goal is True for p in judges if p.level == level]
        assert answers and 0.35 <= sum(answers) / len(answers) <= 0.65, (level, answers)


@pytest.mark.parametrize("game", ["australian", "yukon"])
def test_a_win_puzzle_speaks_of_the_stock_only_in_a_game_that_has_one(game):
    from ausp_widget.widgets.puzzle_words import stock_words

    puzzle = puzzles.Puzzle(
        id="p", game=game, seed=3, moves=(), kind="win", goal=Goal("won"), solution=(), level=1
    )
    stocked = game != "yukon"  # Yukon deals every card: it has no stock
    assert ("stock" in puzzle.words) == stocked, puzzle.words
    assert ("stock" in stock_words(puzzle.position)) == stocked


def test_the_readmes_puzzle_example_asks_and_checks_what_its_comments_say():
    import ast
    import re
    from pathlib import Path

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    level = int(re.search(r'puzzles\.load\(game="australian", level=(\d+)\)', readme)[1])
    index, words = re.search(r'p = items\[(\d+)\]; p\.words +# the question: "([^"]+)"', readme).groups()
    line = ast.literal_eval(re.search(r"p\.check\((\[[^\]]*\])\)", readme)[1])
    puzzle = puzzles.load(game="australian", level=level)[int(index)]
    assert puzzle.words == words
    assert puzzle.check(line).correct
