"""The command line: `solve` prints a verdict and a line that wins; `stats` prints figures."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from positions import PAGAT

from ausp_widget import Game, solve
from ausp_widget.__main__ import DealOutcome, main, progress_bar, summarize
from ausp_widget.core.stats import percentile, wilson_interval


def test_solve_prints_the_verdict_and_a_winning_line_in_move_notation(capsys):
    assert main(["solve", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deal 3: winnable (")
    assert "knows the order of the stock" in out
    moves = [line.split(". ", 1)[1] for line in out.splitlines() if line[:4].strip().isdigit()]
    game = Game.deal(3)
    for move in moves:
        game.play(move)
    assert game.status == "won"


def test_solve_reads_a_position_file_and_reports_an_unwinnable_deal(tmp_path, capsys):
    path = tmp_path / "pagat.txt"
    path.write_text(PAGAT, encoding="utf-8")
    assert main(["solve", "--position", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: ")
    assert main(["solve", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("deal 1: unwinnable (")


def test_bad_arguments_and_files_are_named(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["stats", "--deals", "0"])
    assert "at least 1" in capsys.readouterr().err
    assert main(["solve", "--position", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("foundations: -\n", encoding="utf-8")
    assert main(["solve", "--position", str(bad)]) == 2
    assert "error:" in capsys.readouterr().err


def test_solve_reads_a_save_as_it_was_left_and_names_a_file_it_cannot_read(tmp_path, capsys):
    game = Game.deal(4)
    game.play("draw")
    save = tmp_path / "deal 4.json"
    save.write_text(game.to_json(), encoding="utf-8")
    assert main(["solve", "--position", str(save), "--time-limit", "5"]) == 0
    assert capsys.readouterr().out.startswith(f"{save}: winnable (")
    broken = tmp_path / "broken.json"
    broken.write_text('{"x": 1}', encoding="utf-8")
    assert main(["solve", "--position", str(broken)]) == 2
    assert f"{broken}: this is not an ausp_widget save" in capsys.readouterr().err
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"foundations: -\xff\n")
    assert main(["solve", "--position", str(latin)]) == 2
    assert f"{latin} is not UTF-8 text: byte 14 is 0xff" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("foundations: -\n", encoding="utf-8")
    assert main(["solve", "--position", str(bad)]) == 2
    assert f"error: {bad}: the position has no line for 'stock:'" in capsys.readouterr().err


def test_stats_counts_verdicts_and_prints_an_interval(capsys):
    assert main(["stats", "--deals", "6", "--quiet"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("deals: 6  winnable: ")
    counts = [int(word) for word in first.replace(":", " ").split() if word.isdigit()]
    wins = sum(solve(Game.deal(seed), time_limit=None).winnable for seed in range(1, 7))
    assert counts == [6, wins, 6 - wins, 0]
    assert "95% Wilson interval" in out and "median" in out and "per second" in out


def test_stats_uses_several_processes_from_the_command_line():
    run = subprocess.run(
        [sys.executable, "-m", "ausp_widget", "stats", "--deals", "4", "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    wins = sum(solve(Game.deal(seed), time_limit=None).winnable for seed in range(1, 5))
    assert run.stdout.startswith(f"deals: 4  winnable: {wins}  unwinnable: {4 - wins}  undecided: 0")
    assert "2 processes" in run.stderr and "4/4" in run.stderr


def test_wilson_interval_and_percentiles():
    low, high = wilson_interval(30, 100)
    assert low == pytest.approx(0.2189, abs=1e-4) and high == pytest.approx(0.3958, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert percentile([3, 1, 2, 4], 50) == 2.5 and percentile([5], 95) == 5
    lines = summarize([DealOutcome(1, True, 0.1, 10), DealOutcome(2, None, 10.0, 100)])
    assert lines[0] == "deals: 2  winnable: 1  unwinnable: 0  undecided: 1"
    assert "counting undecided deals as lost, then as won: 50.0% to 100.0%" in lines


def test_the_progress_bar_ends_with_a_newline():
    stream = io.StringIO()
    show = progress_bar(stream, width=10)
    show(1, 2)
    show(2, 2)
    text = stream.getvalue()
    assert "[#####.....] 1/2" in text and text.endswith("\n") and "[##########] 2/2" in text


def test_solve_takes_any_registered_game_by_name_or_by_its_position_text(capsys, tmp_path):
    assert main(["solve", "--seed", "5", "--game", "indian", "--time-limit", "0.2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deal 5 of Indian Patience: ") and "positions searched" in out
    assert main(["solve", "--seed", "5", "--game", "yukon", "--time-limit", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "(the solver knows every face-down card:" in out and "stock" not in out, "Yukon has no stock"
    from indian_positions import indian_position

    near_end = indian_position(["K♠"], foundations="K♣ K♣ K♦ K♦ K♥ K♥ K♠ Q♠")
    path = tmp_path / "indian.txt"
    path.write_text(near_end.to_text(), encoding="utf-8")
    assert main(["solve", "--position", str(path)]) == 0
    out = capsys.readouterr().out
    assert ": winnable" in out and "1. K♠ F" in out
    assert main(["solve", "--position", str(path), "--game", "indian", "--time-limit", "0.2"]) == 0
    capsys.readouterr()
    # A file of another game than --game names is refused, not solved as the file's game.
    assert main(["solve", "--position", str(path), "--game", "yukon"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "holds a position of Indian Patience (indian), not of yukon as --game says" in captured.err
