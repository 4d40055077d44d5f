"""The puzzle maker survives being stopped: every deal tried is saved whole, a rerun carries on
to the set an uninterrupted run makes, a kind is added to a finished set without touching the
others, and the positions along a line are played forward once, the same as replayed ones."""

from __future__ import annotations

import io
import json
import shutil

import pytest

import ausp_widget.analysis.puzzles as analysis
import ausp_widget.analysis.puzzles_make as making
from ausp_widget.__main__ import main, puzzle_bar
from ausp_widget.analysis.puzzles import PuzzleFileError, data_file, load
from ausp_widget.analysis.puzzles_cut import playout, snapshots, winning_line
from ausp_widget.analysis.puzzles_levels import level_of, quantile_cuts
from ausp_widget.core.lesson import deal_position

ASKED = {"free": 2, "home": 1}  # a tiny run: a few seconds


class Stop(Exception):
    """A stop from outside (a kill, Ctrl-C) in the middle of a run."""


def _data(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _deals(data: dict) -> int:
    """The deals a file's runs have tried."""
    return sum(run["deals"] for run in data["generator"]["runs"].values())


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    path = tmp_path_factory.mktemp("whole") / "whole.json"
    making.write("australian", 0, path, seed=5, kinds=ASKED)
    return path


def test_a_stopped_run_carries_on_to_the_set_an_uninterrupted_run_makes(whole, tmp_path, monkeypatch):
    path = tmp_path / "stopped.json"

    def stop_at_first(done: int, total: int) -> None:
        if done == 1:
            raise Stop

    with pytest.raises(Stop):
        making.write("australian", 0, path, seed=5, kinds=ASKED, progress=stop_at_first)
    first = _data(path)
    items = load("australian", path=path)  # a valid set: every entry replays
    assert len(items) == 1 and first["generator"]["runs"]["free"]["deals"] >= 1
    cuts = first["cuts"]
    assert cuts == quantile_cuts(items) and all(level_of(p, cuts) == p.level for p in items)

    calls = []
    real = making._cut_seeded

    def stop_in_second_deal(drawn):
        calls.append(drawn)
        if len(calls) == 2:
            raise Stop  # in the middle of a deal: that deal is tried again
        return real(drawn)

    monkeypatch.setattr(making, "_cut_seeded", stop_in_second_deal)
    with pytest.raises(Stop):
        making.write("australian", 0, path, seed=5, kinds=ASKED)
    second = _data(path)
    runs = second["generator"]["runs"]
    assert (
        sum(r["deals"] for r in runs.values())
        == sum(r["deals"] for r in first["generator"]["runs"].values()) + 1
    )
    monkeypatch.setattr(making, "_cut_seeded", lambda drawn: calls.append(drawn) or real(drawn))
    calls.clear()
    making.write("australian", 0, path, seed=5, kinds=ASKED)
    done = _data(path)
    assert done == _data(whole), "the resumed set is the uninterrupted one, levels and all"
    assert len(calls) == _deals(done) - _deals(second), "no deal tried twice"
    calls.clear()
    making.write("australian", 0, path, seed=5, kinds=ASKED)
    assert not calls and _data(path) == done, "a finished run asked again tries no deal"


def test_a_save_stopped_mid_write_leaves_the_file_as_it_was(whole, tmp_path, monkeypatch):
    path = tmp_path / "set.json"
    shutil.copy(whole, path)
    before = path.read_bytes()

    def broken(*args):
        raise Stop

    monkeypatch.setattr(analysis.os, "replace", broken)
    with pytest.raises(Stop):
        analysis.save(list(load("australian", path=path))[:1], path, game="australian")
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["set.json"], "no part-written file is left"


def test_a_kind_added_to_a_shipped_set_leaves_the_other_kinds_as_they_were(tmp_path):
    path = tmp_path / "puzzles_indian.json"
    shipped = _data(data_file("indian"))  # the shipped set less its home puzzles: home is the kind added
    shipped["puzzles"] = [p for p in shipped["puzzles"] if p["kind"] != "home"]
    shipped["cuts"].pop("home", None)
    path.write_text(json.dumps(shipped, ensure_ascii=False), encoding="utf-8")
    before = _data(path)
    made = making.write("indian", 0, path, seed=3, kinds={"home": 1})
    after = _data(path)
    assert [p for p in after["puzzles"] if p["kind"] != "home"] == before["puzzles"], "untouched"
    assert after["cuts"]["free"] == before["cuts"]["free"] and "home" in after["cuts"]
    assert [p.kind for p in made].count("home") == 1 and len(made) == len(before["puzzles"]) + 1
    assert after["generator"]["runs"]["home"]["seed"] == 3 + analysis.KINDS.index("home")


def test_a_file_of_another_game_or_level_is_refused_and_left_as_it_was(whole, tmp_path):
    path = tmp_path / "set.json"
    shutil.copy(whole, path)
    before = path.read_bytes()
    with pytest.raises(ValueError, match="holds puzzles of every level, not level 3"):
        making.write("australian", 1, path, level=3, kinds={"free": 9})
    with pytest.raises(PuzzleFileError, match="has 'game' 'australian': it must be 'indian'") as error:
        making.write("indian", 1, path, kinds={"free": 9})
    assert str(error.value).endswith("(a set of 'australian' loads with game='australian')")
    assert path.read_bytes() == before


def test_positions_along_a_line_are_the_replayed_ones():
    for game, deal in (("australian", 17), ("indian", 17)):
        moves, positions = playout(game, deal)
        assert len(positions) == len(moves) + 1 and len(moves) > 10
        plies = [0, 3, len(moves) // 2, len(moves)]
        taken = snapshots(positions[0], moves, plies)
        assert sorted(taken) == plies
        for ply in plies:
            replayed = deal_position(game, deal, moves[:ply]).to_json()
            assert taken[ply].to_json() == replayed == positions[ply].to_json(), (game, ply)


def test_positions_along_the_solvers_line_are_the_replayed_ones():
    for deal in range(1, 200):
        moves, positions = playout("australian", deal)
        found = winning_line("australian", moves, positions)
        if found is not None and len(found[0]) > found[1][1] + 5:
            break
    else:
        pytest.fail("no deal in 200 gave a line the solver finishes")
    line, (start, ply0) = found
    assert start.to_json() == positions[ply0].to_json()
    plies = [ply0 + 1, (ply0 + len(line)) // 2, len(line)]
    taken = snapshots(start, line[ply0:], [k - ply0 for k in plies])
    for ply in plies:
        assert taken[ply - ply0].to_json() == deal_position("australian", deal, line[:ply]).to_json()
    assert taken[len(line) - ply0].status == "won"


def test_the_progress_bar_gives_the_time_left_at_this_runs_pace(monkeypatch):
    import ausp_widget.__main__ as command

    clock = iter([100.0, 110.0, 130.0, 150.0])
    monkeypatch.setattr(command.time, "perf_counter", lambda: next(clock))
    out = io.StringIO()
    show = puzzle_bar(out, width=10)
    show(4, 10)  # a run carried on: 4 puzzles were in the file
    assert "4/10 puzzles" in out.getvalue() and "time left not known yet" in out.getvalue()
    show(6, 10)  # 2 made in 30 s: 4 more take about 60 s
    assert out.getvalue().endswith("~60 s left   ") and "[######....]" in out.getvalue()
    show(10, 10)
    assert out.getvalue().endswith("~0 s left   \n")


def test_the_command_stopped_says_where_its_puzzles_are_and_how_to_carry_on(tmp_path, capsys, monkeypatch):
    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(making, "make", stopped)
    out = tmp_path / "mine.json"
    assert main(["puzzles", "--kinds", "free=2", "--out", str(out), "--quiet"]) == 130
    err = capsys.readouterr().err
    assert f"the puzzles found so far are in {out}" in err and "the same command carries on" in err


def test_a_run_whose_deals_ran_out_carries_on_with_more_deals(tmp_path, capsys):
    out = tmp_path / "mine.json"
    ask = ["puzzles", "--kinds", "win=5", "--seed", "4", "--out", str(out), "--quiet"]
    assert main([*ask, "--deals", "3"]) == 0
    assert "fewer than asked for: the deals ran out" in capsys.readouterr().out
    assert _data(out)["generator"]["runs"]["win"]["deals"] == 3
    assert main([*ask, "--deals", "5"]) == 0
    assert _data(out)["generator"]["runs"]["win"]["deals"] == 5
    with pytest.raises(SystemExit):
        main([*ask, "--deals", "0"])
    assert "argument --deals: needs a whole number of deals from 1" in capsys.readouterr().err
    with pytest.raises(ValueError, match="max_deals must be a whole number from 1"):
        making.make("australian", 1, max_deals=0)
