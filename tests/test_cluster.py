"""Surveys on a Dask cluster: a worker killed mid-run loses no deal and counts none twice; two
runs writing one survey file at once keep every line whole; a line cut off by a killed run is an
unfinished verdict, taken off; an unreachable scheduler is named."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

distributed = pytest.importorskip("distributed")

from ausp_widget.analysis.cluster import ClusterError, cluster  # noqa: E402
from ausp_widget.analysis.winnability import DealVerdict, read_saved, read_survey, survey  # noqa: E402

GAME = "australian"  # its solver decides most deals in well under a second
SECONDS = 2.0


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def kill_a_busy_worker(client, saved, after: int, killed: list) -> None:
    """Once `after` verdicts are saved, kill (SIGKILL) a worker that is running a deal."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if saved.exists() and len(saved.read_text(encoding="utf-8").splitlines()) >= after:
            busy = [address for address, keys in client.processing().items() if keys]
            if busy:
                pids = client.run(os.getpid, workers=[busy[0]])
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(busy[0])
                return
        time.sleep(0.02)


def test_a_worker_killed_mid_survey_loses_no_deal_and_counts_none_twice(tmp_path):
    saved = tmp_path / "survey.jsonl"
    deals = list(range(1, 17))  # Indian deals: most take a second or more, so some are in flight
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as local,
        distributed.Client(local, set_as_default=False) as client,
    ):
        killed: list[str] = []
        killer = threading.Thread(target=kill_a_busy_worker, args=(client, saved, 1, killed))
        killer.start()
        result = survey(deals, None, 1.5, game="indian", executor=client.get_executor(), saved=saved)
        killer.join()
    assert killed, "a worker was killed while it ran a deal"
    assert [v.deal for v in result.verdicts] == deals
    kept = lines(saved)
    assert sorted(line["deal"] for line in kept) == deals, "every deal saved once, none twice"
    assert read_survey(None, 1.5, game="indian", path=saved).verdicts == result.verdicts


def test_a_local_cluster_runs_a_survey_and_an_unreachable_scheduler_is_named(tmp_path):
    saved = tmp_path / "survey.jsonl"
    with cluster("local", workers=2) as executor:
        result = survey([3, 4, 5], None, SECONDS, game=GAME, executor=executor, saved=saved)
    assert [v.deal for v in result.verdicts] == [3, 4, 5] and len(lines(saved)) == 3
    unreachable = r"could not reach the Dask scheduler at tcp://127\.0\.0\.1:9"
    with pytest.raises(ClusterError, match=unreachable), cluster("tcp://127.0.0.1:9", timeout=1):
        pass
    with pytest.raises(ValueError, match="address must be a Dask scheduler's address"), cluster(""):
        pass


def _run(deals: list[int], saved: str) -> int:
    return len(survey(deals, None, SECONDS, game=GAME, saved=saved).verdicts)


def test_two_runs_writing_one_survey_file_keep_every_line_whole(tmp_path):
    saved = tmp_path / "survey.jsonl"
    with ProcessPoolExecutor(2) as runs:
        done = list(runs.map(_run, [list(range(1, 13)), list(range(7, 19))], [str(saved)] * 2))
    assert done == [12, 12]
    kept = read_saved(saved)  # every line is a whole verdict
    assert {v.deal for v in kept} == set(range(1, 19))
    survey_read = read_survey(None, SECONDS, game=GAME, path=saved)
    assert [v.deal for v in survey_read.verdicts] == list(range(1, 19)), "each deal counted once"


def test_a_line_cut_off_by_a_killed_run_is_taken_off_and_nothing_finished_is_lost(tmp_path):
    saved = tmp_path / "survey.jsonl"
    whole = DealVerdict(GAME, "{}", SECONDS, 3, True, 10, 0.1, 80)
    saved.write_text(json.dumps(whole.__dict__) + '\n{"game": "australian", "opt', encoding="utf-8")
    assert read_saved(saved) == [whole]
    result = survey([3, 4], None, SECONDS, game=GAME, saved=saved)
    assert result.verdicts[0] == whole
    assert [line["deal"] for line in lines(saved)] == [3, 4]


def test_the_puzzle_maker_makes_the_same_checked_puzzles_on_a_cluster_as_on_one_worker(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    from ausp_widget.analysis.puzzles import load, replay_check
    from ausp_widget.analysis.puzzles_make import make, write

    how = {"kinds": ["free", "home"], "seed": 5, "max_deals": 8}
    with ThreadPoolExecutor(1) as one:
        alone = make(GAME, 2, executor=one, **how)
    with cluster("local", workers=2) as executor:
        written = write(GAME, 2, tmp_path / "made.json", executor=executor, kinds=how["kinds"], seed=5)
    assert alone and [p.id for p in alone] == [p.id for p in make(GAME, 2, jobs=2, **how)]
    # the same draws in the same order: what one worker found in 8 deals, the cluster found too
    assert {p.id for p in alone} <= {p.id for p in written} and len(written) == 2
    for puzzle in load(GAME, path=tmp_path / "made.json"):
        replay_check(puzzle, "made.json")  # raises when a stored line does not reach its goal
    assert json.loads((tmp_path / "made.json").read_text())["generator"]["rounds"] == 16
