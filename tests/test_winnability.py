"""The winnability survey: verdicts kept as they come and read back, bounds that count the
undecided deals both ways, one parallel runner for the survey and evaluate; and the patient
player, which never peeks."""

import json

import pytest

from ausp_widget import Game
from ausp_widget.analysis import hint
from ausp_widget.analysis.arena import evaluate
from ausp_widget.analysis.parallel import run_each
from ausp_widget.analysis.patient import PatientPlayer
from ausp_widget.analysis.winnability import DealVerdict, Survey, read_saved, read_survey, survey
from ausp_widget.games.indian import solver as portfolio
from ausp_widget.games.indian.solver import solve_indian


def square(n: int, plus: int) -> int:
    return n * n + plus


def test_run_each_keeps_the_order_and_reports_each_result_as_it_finishes():
    seen = []
    assert run_each(square, [3, 1, 2], 1, jobs=2, done=seen.append) == [10, 2, 5]
    assert sorted(seen) == [2, 5, 10]
    with pytest.raises(ValueError, match="jobs must be a whole number from 1, not 0"):
        run_each(square, [1], 0, jobs=0)


def test_a_survey_saves_each_verdict_and_a_second_survey_reads_them_back(tmp_path):
    saved = tmp_path / "survey.jsonl"
    first = survey([9, 11], time_limit=5, saved=saved)
    assert [v.deal for v in first.verdicts] == [9, 11]
    for verdict in first.verdicts:
        assert verdict.winnable is solve_indian(Game.deal(verdict.deal, game="indian"), 5, None).winnable
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    again = survey([9, 11], time_limit=5, saved=saved)
    assert again.verdicts == first.verdicts
    assert len(saved.read_text(encoding="utf-8").splitlines()) == 2  # nothing solved twice


def test_a_verdict_found_within_a_smaller_budget_stands_and_an_undecided_one_is_searched_again(tmp_path):
    saved = tmp_path / "survey.jsonl"
    won = DealVerdict("indian", "{}", 1.0, 9, True, 10, 0.5, 100)
    undecided = DealVerdict("indian", "{}", 1.0, 11, None, 10, 1.0, 0)
    saved.write_text("".join(json.dumps(v.__dict__) + "\n" for v in (won, undecided)), encoding="utf-8")
    result = survey([9, 11], time_limit=5, saved=saved)
    assert result.verdicts[0] == won  # read back, not solved again
    assert result.verdicts[1].time_limit == 5.0 and result.verdicts[1].nodes != 10
    later = DealVerdict("indian", "{}", 5.0, 9, None, 10, 5.0, 0)  # a later, busier run: no verdict
    with saved.open("a", encoding="utf-8") as file:
        file.write(json.dumps(later.__dict__) + "\n")
    assert read_survey(time_limit=5, path=saved).verdicts[0] == won  # a proved win stays proved
    other_rules = survey([9], {"empty_column": "kings"}, time_limit=5, saved=saved)
    assert other_rules.verdicts[0].options == '{"empty_column": "kings"}'


def test_a_survey_can_search_again_the_deals_left_undecided_and_only_those(tmp_path):
    saved = tmp_path / "survey.jsonl"
    won = DealVerdict("indian", "{}", 5.0, 9, True, 10, 0.5, 100)
    undecided = DealVerdict("indian", "{}", 5.0, 4, None, 10, 5.0, 0)
    saved.write_text("".join(json.dumps(v.__dict__) + "\n" for v in (won, undecided)), encoding="utf-8")
    assert survey([9, 4], time_limit=5, saved=saved).verdicts == (won, undecided)
    again = survey([9, 4], time_limit=5, saved=saved, retry_undecided=True)
    assert again.verdicts[0] == won  # proved: not searched again
    assert again.verdicts[1].winnable is True and again.verdicts[1].nodes != 10
    assert len(saved.read_text(encoding="utf-8").splitlines()) == 3
    assert read_survey(time_limit=5, path=saved).verdicts == (again.verdicts[1], won)  # in deal order


def test_a_damaged_survey_file_is_named_and_left_as_it_is(tmp_path):
    saved = tmp_path / "survey.jsonl"
    saved.write_text('{"deal": 1}\nnot json\n', encoding="utf-8")
    with pytest.raises(ValueError, match="line 1: not a survey verdict"):
        read_saved(saved)
    with pytest.raises(ValueError, match=r"survey\.jsonl, line 1"):
        survey([1], time_limit=1, saved=saved)
    assert saved.read_text(encoding="utf-8") == '{"deal": 1}\nnot json\n'


def test_the_bounds_count_undecided_deals_as_lost_then_as_won():
    def verdict(deal, winnable):
        return DealVerdict("indian", "{}", 1.0, deal, winnable, 1, 0.1, 0)

    result = Survey(tuple(verdict(d, w) for d, w in enumerate([True, True, True, False, None], start=1)))
    assert (result.won, result.lost, result.undecided, result.decided) == (3, 1, 1, 0.8)
    low, low_a, low_b = result.lower
    high, high_a, high_b = result.upper
    assert low == 0.6 and high == 0.8
    assert low_a < low < low_b and high_a < high < high_b
    won, share, share_a, share_b = result.lower_with([5, 1, 9])  # deal 5 won in play; 9 not surveyed
    assert (won, share) == (4, 0.8) and share_a < share < share_b
    with pytest.raises(ValueError, match="deal 4 was proved lost, yet won in play"):
        result.lower_with([4])


def test_the_patient_player_never_peeks():
    """Two games that look the same to the player, with their hidden cards in other places."""
    game = Game.deal(1, game="indian")
    other = Game.from_text(_with_stock_reversed(game.to_text()))
    assert game.view(0).piles == other.view(0).piles and game.stock() != other.stock()
    assert PatientPlayer(samples=2, nodes=300).choose(game.view(0)) == PatientPlayer(
        samples=2, nodes=300
    ).choose(other.view(0))


def test_the_patient_player_keeps_a_time_budget_per_move(monkeypatch):
    """Each guess gets its share of the move's time; with no time to plan, no guess is won in
    time and the player falls back on the hint."""
    budgets = []

    def solve_recording(guess, time_limit, node_limit):
        budgets.append(time_limit)
        return solve_indian(guess, time_limit, node_limit)

    monkeypatch.setattr(portfolio, "solve_indian", solve_recording)
    game = Game.deal(1, game="indian")
    hurried = PatientPlayer(samples=2, nodes=10**9, move_seconds=1e-9)
    assert hurried.choose(game.view(0)) == hint(game).move
    assert budgets == [5e-10, 5e-10]
    for bad in (0, -1.0, "1", True):
        with pytest.raises(ValueError, match="move_seconds must be a number of seconds above 0"):
            PatientPlayer(move_seconds=bad)


def _with_stock_reversed(text: str) -> str:
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("stock: "))
    lines[k] = "stock: " + " ".join(reversed(lines[k].removeprefix("stock: ").split()))
    return "\n".join(lines) + "\n"


def test_evaluate_deals_with_the_rule_options_it_is_given():
    def kings_only(view):  # the player runs apart: what it sees comes back as a failure or none
        if view.options.empty_column != "kings":
            raise ValueError(f"dealt with empty_column={view.options.empty_column!r}")
        return None  # stop at once

    result = evaluate(kings_only, deals=[3], game="indian", options={"empty_column": "kings"})
    assert result.games == 1 and not result.failures
    plain = evaluate(kings_only, deals=[3], game="indian")
    assert plain.failures == {3: "move 1: the player raised ValueError: dealt with empty_column='any'"}
