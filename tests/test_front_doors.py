"""The front doors outside the app check what they are given before they start anything: the
cluster's address, workers and timeout; the command line's --scheduler; each line of a survey
file; the game and level the puzzle maker is asked for. A bad one is a TypeError or ValueError
naming it (on the command line, a one-line error and exit code 2), and nothing changes."""

from __future__ import annotations

import dataclasses
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from fuzz_values import hostile, json_values, junk_text, numbers, refused_plainly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from unshipped import puzzles_unshipped

from ausp_widget.__main__ import main
from ausp_widget.analysis.arena import DealResult
from ausp_widget.analysis.cluster import check_address, cluster
from ausp_widget.analysis.puzzles import load
from ausp_widget.analysis.puzzles_make import check_request, write
from ausp_widget.analysis.winnability import DealVerdict, read_patient, read_saved
from ausp_widget.core.errors import WrongTypeError, check_seconds

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VERDICT = DealVerdict("indian", "{}", 60.0, 7, True, 1234, 0.5, 80)
RESULT = DealResult(7, True, 104, 230, None)


# ---- the cluster ---------------------------------------------------------------------------------
@pytest.fixture
def no_dask(monkeypatch):
    """A cluster that would start or connect fails the test: a refused call starts nothing."""
    import distributed

    def started(*args, **kwargs):
        raise AssertionError("a cluster was started or connected to")

    monkeypatch.setattr(distributed, "Client", started)
    monkeypatch.setattr(distributed, "LocalCluster", started)


@pytest.mark.parametrize(
    ("how", "error", "words"),
    [
        ({"address": 5}, TypeError, "address must be text"),
        ({"address": b"tcp://h:1"}, TypeError, "address must be text"),
        ({"address": "not an address"}, ValueError, "address must be a Dask scheduler's address"),
        ({"address": "tcp://host"}, ValueError, "a port from 1 to 65535"),
        ({"address": "tcp://host:99999"}, ValueError, "a port from 1 to 65535"),
        ({"address": "ucx://127.0.0.1:8786"}, ValueError, "tcp:// or ws://"),
        ({"address": "tls://127.0.0.1:8786"}, ValueError, "tcp:// or ws://"),
        ({"address": "local", "timeout": "soon"}, TypeError, "timeout is a number of seconds"),
        ({"address": "local", "timeout": -1}, ValueError, "timeout must be above 0 seconds"),
        ({"address": "local", "timeout": math.nan}, ValueError, "timeout must be above 0 seconds"),
        ({"address": "tcp://127.0.0.1:1", "timeout": 10**400}, ValueError, r"at most 86400 \(a day\)"),
        ({"address": "tcp://127.0.0.1:1", "timeout": 86400.5}, ValueError, "timeout must be above 0"),
        ({"address": "tcp://host:\u0668\u0667\u0668\u0666"}, ValueError, "a port from 1 to 65535"),
        ({"address": "tcp://host:\uff18\uff17\uff18\uff16"}, ValueError, "a port from 1 to 65535"),
        ({"address": "local", "workers": 0}, ValueError, "workers must be a whole number from 1"),
        ({"address": "local", "workers": 2.0}, TypeError, "workers must be a whole number from 1"),
    ],
)
def test_cluster_names_a_bad_argument_when_called_and_starts_nothing(no_dask, how, error, words):
    address = how.pop("address")
    with pytest.raises(error, match=words):
        cluster(address, **how)  # refused when called, before any `with`


def test_well_formed_addresses_pass_the_check():
    for address in (
        "local",
        "tcp://127.0.0.1:8786",
        "127.0.0.1:8786",
        "ws://host-1.example.org:1",
        "[::1]:8786",
    ):
        assert check_address(address) == address
    assert cluster("tcp://127.0.0.1:1", timeout=86400).gen.close() is None  # a day, the longest wait


def test_a_number_of_seconds_too_large_for_a_float_is_refused_where_it_is_checked():
    for name, value in (("move_seconds", 10**400), ("time_limit", -(10**400)), ("t", 2**1024)):
        with pytest.raises(ValueError, match=f"{name} must be above 0 seconds and finite"):
            check_seconds(name, value)
    assert check_seconds("t", 10**300) == 10**300 and check_seconds("t", 86400, most=86400) == 86400


@FAST
@given(address=st.one_of(hostile, junk_text), timeout=st.one_of(hostile, numbers), workers=hostile)
def test_random_cluster_arguments_are_refused_by_name_or_taken(address, timeout, workers):
    try:
        made = cluster(address, timeout=timeout, workers=workers)
    except (TypeError, ValueError) as error:
        assert refused_plainly(error)
        assert str(error).split(" ")[0] in ("address", "workers", "timeout"), error
    else:  # a call that passes every check: a well-formed address, or no cluster
        assert address is None or check_address(address) == address
        made.gen.close()  # never entered: nothing started


@FAST
@given(st.one_of(junk_text, st.from_regex(r"\A[a-z]{0,5}(://)?[a-z0-9.\[\]:-]{0,12}(:[0-9]{0,6})?\Z")))
def test_an_address_the_check_takes_is_one_dask_can_read(text):
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        check_address(text)
    except ValueError:
        return
    if text != "local":
        _, where = parse_address(text)
        host, port = parse_host_port(where)
        assert host and 0 < port < 65536


# ---- the command line --------------------------------------------------------------------------
def scheduler_refused(capsys, address: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(["stats", "--deals", "1", "--quiet", "--scheduler", address])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert not out and "Traceback" not in err
    [line] = [line for line in err.splitlines() if "error:" in line]
    return line


def test_a_malformed_scheduler_address_is_one_error_line_at_once(capsys):
    line = scheduler_refused(capsys, "not an address")
    assert line.endswith(
        "error: argument --scheduler: must be a Dask scheduler's address such as "
        '"tcp://host:8786" (tcp:// or ws://, a port from 1 to 65535), or "local", not \'not an address\''
    )


def test_the_command_line_refuses_a_malformed_scheduler_promptly_without_a_traceback():
    started = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "ausp_widget", "stats", "--deals", "2", "--scheduler", "not an address"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr and not run.stdout
    assert "argument --scheduler" in run.stderr and time.perf_counter() - started < 8


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk_text.filter(lambda text: "\x00" not in text and not text.startswith("-")))
def test_random_scheduler_text_is_refused_with_one_line_or_taken(capsys, text):
    try:
        check_address(text)
    except ValueError:
        assert "argument --scheduler: must be" in scheduler_refused(capsys, text)


@pytest.fixture
def yukon_unshipped():
    """Yukon as a game whose puzzle set does not ship."""
    with puzzles_unshipped("yukon"):
        yield


def test_the_puzzle_command_names_what_it_cannot_do_without_a_traceback(tmp_path, capsys, yukon_unshipped):
    out = tmp_path / "yukon.json"
    assert main(["puzzles", "--game", "yukon", "--level", "3", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: level 3 is read on the shipped puzzles' scale, which yukon has none of")
    assert not out.exists()
    assert main(["puzzles", "--game", "yukon", "--out", str(tmp_path / "no" / "such.json")]) == 2
    assert "error: path is where to write the puzzles, in a folder that is there" in capsys.readouterr().err


def refused(capsys, *argv: str) -> str:
    """The one error line of a command line refused by its argument parser, before any work."""
    with pytest.raises(SystemExit) as stopped:
        main(list(argv))
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert not out and "Traceback" not in err and "solving deals" not in err
    [line] = [line for line in err.splitlines() if "error:" in line]
    return line


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--time-limit", "1e400"], "argument --time-limit: needs a positive, finite number of seconds"),
        (["--time-limit", "inf"], "argument --time-limit: needs a positive, finite number of seconds"),
        (["--time-limit", "nan"], "argument --time-limit: needs a positive, finite number of seconds"),
        (["--deals", "1" + "0" * 45], "argument --deals: deal numbers stop at 2**64 - 1"),
        (["--start", str(2**64 - 1), "--deals", "2"], "from --start 18446744073709551615 at most 1 deals"),
        (["--start", "-5"], "argument --start: a deal number is a whole number from 0 to 2**64 - 1"),
        (["--start", str(2**64)], "argument --start: a deal number is a whole number from 0 to 2**64 - 1"),
    ],
)
def test_stats_refuses_numbers_it_cannot_use_before_solving_anything(capsys, argv, words):
    assert words in refused(capsys, "stats", "--quiet", *argv)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--kinds", "win=1,win=2"], "argument --kinds: win= is given twice"),
        (["--kinds", "win=10001"], "from 1 to 10,000"),
        (["--kinds", "win=6000,judge=6000"], "at most 10,000 puzzles in all"),
        (["--make", "1" + "0" * 27], "argument --make: needs a whole number of puzzles from 1 to 10,000"),
        (["--make", "10001"], "from 1 to 10,000"),
        (["--make", "0"], "from 1 to 10,000"),
    ],
)
def test_the_puzzle_command_refuses_counts_it_cannot_make_before_making(capsys, argv, words, tmp_path):
    assert words in refused(capsys, "puzzles", "--quiet", "--out", str(tmp_path / "p.json"), *argv)
    assert not (tmp_path / "p.json").exists()


def test_the_puzzle_command_refuses_a_folder_to_write_to_before_making(capsys, tmp_path, monkeypatch):
    import ausp_widget.analysis.puzzles_make as making

    monkeypatch.setattr(making, "make", lambda *a, **k: pytest.fail("puzzles were made"))
    assert "argument --out: " + str(tmp_path) + " is a folder" in refused(
        capsys, "puzzles", "--make", "1", "--out", str(tmp_path)
    )
    with pytest.raises(ValueError, match=r"path is where to write the puzzles, a file; .* is a folder"):
        write("australian", 1, tmp_path)


def test_the_puzzle_maker_makes_yukon_puzzles(tmp_path, capsys):
    out = tmp_path / "yukon.json"
    assert main(["puzzles", "--game", "yukon", "--kinds", "free=1,home=1", "--quiet", "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("2 yukon puzzles written to")
    made = load("yukon", path=out)
    assert {p.kind for p in made} == {"free", "home"} and all(p.game == "yukon" for p in made)


@pytest.mark.parametrize(
    ("game", "level", "words"),
    [
        ("klondike", None, "game must be one of 'australian', 'indian'"),
        (5, None, "game must be one of"),
        ("yukon", 6, "level is a whole number from 1 to 5"),
        ("yukon", 1.0, "level is a whole number from 1 to 5"),
        ("yukon", 2, "which yukon has none of"),
    ],
)
def test_the_puzzle_maker_checks_its_game_and_level_first(tmp_path, game, level, words, yukon_unshipped):
    with pytest.raises(ValueError, match=words):
        check_request(game, level)
    with pytest.raises(ValueError, match=words):
        write(game, 1, tmp_path / "out.json", level)
    assert not (tmp_path / "out.json").exists()


def test_the_puzzle_maker_checks_its_kind_counts_and_path_before_making(tmp_path):
    with pytest.raises(TypeError, match=r"kinds\['win'\] must be a whole number from 1"):
        write("australian", 1, tmp_path / "out.json", kinds={"win": "30"})
    with pytest.raises(TypeError, match="path is a file's path"):
        write("australian", 1, 5)


# ---- survey files ------------------------------------------------------------------------------
def with_field(record, field: str, value) -> str:
    return json.dumps({**dataclasses.asdict(record), field: value}, ensure_ascii=False)


def good(record) -> str:
    return json.dumps(dataclasses.asdict(record))


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("deal", "7", "deal is a whole number from 0 up, not str '7'"),
        ("winnable", "yes", "winnable is True or False, not str 'yes'"),
        ("winnable", 1, "winnable is True or False, not int 1"),
        ("nodes", -1, "nodes is a whole number from 0 up, not -1"),
        ("time_limit", "60", "time_limit is a number from 0 up, not str '60'"),
        ("seconds", None, "seconds is a number from 0 up, not NoneType None"),
        ("game", 5, "game is str, not int 5"),
        ("line", 2.5, "line is a whole number from 0 up, not float 2.5"),
    ],
)
def test_a_survey_line_with_a_field_of_the_wrong_type_is_named_by_file_line_and_field(
    tmp_path, field, value, words
):
    path = tmp_path / "survey.jsonl"
    path.write_text(
        f"{good(VERDICT)}\n{with_field(VERDICT, field, value)}\n{good(VERDICT)}\n", encoding="utf-8"
    )
    before = path.read_bytes()
    with pytest.raises(ValueError, match="line 2: not a survey verdict") as refused:
        read_saved(path)
    assert str(refused.value) == f"{path}, line 2: not a survey verdict ({words})"
    assert path.read_bytes() == before


def test_a_cut_off_last_line_is_still_skipped_and_any_other_bad_line_named(tmp_path):
    path = tmp_path / "survey.jsonl"
    path.write_text(f"{good(VERDICT)}\n{with_field(VERDICT, 'deal', 8)[:30]}", encoding="utf-8")
    assert read_saved(path) == [VERDICT]
    path.write_text(f"{good(VERDICT)}\n[1, 2]\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 2: not a survey verdict \(a line is a JSON object, not list"):
        read_saved(path)
    path.write_bytes(good(VERDICT).encode() + b"\n\xff\xfe\n")
    with pytest.raises(ValueError, match="line 2: not UTF-8 text"):
        read_saved(path)
    path.write_text("[" * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1: not a survey verdict"):
        read_saved(path)
    with pytest.raises(TypeError, match="path is a file's path"):
        read_saved(5)


def test_a_patient_player_line_of_the_wrong_type_is_named(tmp_path):
    path = tmp_path / "patient.jsonl"
    path.write_text(f"{good(RESULT)}\n{with_field(RESULT, 'won', 'no')}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 2: not a deal result \(won is True or False, not str 'no'\)"):
        read_patient(path)
    path.write_text(f"{good(RESULT)}\n{with_field(RESULT, 'failure', 3)}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 2: not a deal result \(failure is str, not int 3\)"):
        read_patient(path)


FOLDER = Path(tempfile.mkdtemp())


@FAST
@given(field=st.sampled_from([f.name for f in dataclasses.fields(DealVerdict)]), value=json_values)
def test_a_random_field_value_is_read_as_a_verdict_only_when_of_the_right_type(field, value):
    path = FOLDER / "random.jsonl"
    line = with_field(VERDICT, field, value)
    path.write_text(f"{good(VERDICT)}\n{line}\n", encoding="utf-8")
    try:
        verdicts = read_saved(path)
    except ValueError as error:
        assert str(error).startswith(f"{path}, line 2: not a survey verdict (")
        assert field in str(error) or "JSON" in str(error), error
        return
    kept = verdicts[1]
    value = getattr(kept, field)
    expected = {"winnable": (bool, type(None)), "game": str, "options": str}.get(field, (int, float))
    assert isinstance(value, expected) and not (
        field in ("deal", "nodes", "line") and isinstance(value, bool)
    )
    if isinstance(value, int | float) and not isinstance(value, bool):
        assert math.isfinite(value) and value >= 0


@FAST
@given(st.binary(max_size=200), st.booleans())
def test_random_bytes_in_a_survey_file_are_read_or_named_by_line(data, ends):
    path = FOLDER / "bytes.jsonl"
    path.write_bytes(good(VERDICT).encode() + b"\n" + data + (b"\n" if ends else b""))
    try:
        verdicts = read_saved(path)
    except ValueError as error:
        assert str(error).startswith(f"{path}, line ") and refused_plainly(error)
    else:
        assert verdicts[0] == VERDICT and all(isinstance(v, DealVerdict) for v in verdicts)


def test_a_wrong_type_is_both_a_type_and_a_value_error():
    with pytest.raises(WrongTypeError):
        cluster(5)
    with pytest.raises(WrongTypeError):
        cluster("local", timeout="soon")
