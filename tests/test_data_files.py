"""Measured data lives in one folder, apart from the code, each file with a note on how to remake it."""

import json
import pathlib
import re

import pytest

from ausp_widget import data
from ausp_widget.analysis.winnability import read_patient, read_survey
from ausp_widget.games.australian import figures

PACKAGE = pathlib.Path(data.__file__).resolve().parents[1]


def test_every_data_file_has_a_note_and_every_note_a_file():
    files = {p.name for p in data.FOLDER.iterdir() if p.suffix in (".json", ".jsonl")}
    noted = set(re.findall(r"^\| `([^`]+)` \|", (data.FOLDER / "README.md").read_text(), re.M))
    assert files and files == noted


def test_no_measured_data_is_left_inside_the_code_packages():
    strays = [
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*")
        if p.suffix in (".json", ".jsonl") and p.parent != data.FOLDER
    ]
    assert strays == []


def test_the_readers_read_through_the_data_folder():
    assert data.read_text("puzzles_australian.json").startswith("{")
    assert data.path("indian_claim.jsonl").is_file()


# ---- a missing data file is an error naming it and the command that remakes it ------------------
NOTED = re.findall(r"^\| `([^`]+)` \|", (data.FOLDER / "README.md").read_text(), re.M)


@pytest.fixture
def emptied(monkeypatch, tmp_path):
    """The data folder with its notes (README.md) and none of its data files."""
    (tmp_path / "README.md").write_text((data.FOLDER / "README.md").read_text(encoding="utf-8"))
    monkeypatch.setattr(data, "FOLDER", tmp_path)
    figures._text.cache_clear()
    yield tmp_path
    figures._text.cache_clear()


def said_missing(name: str, command_word: str):
    """`pytest.raises` for the error naming the file `name` and a command holding `command_word`."""
    return pytest.raises(
        data.MissingDataError,
        match=rf"ausp_widget/data/{re.escape(name)} is missing: remake it "
        rf"with .*{re.escape(command_word)}",
    )


@pytest.mark.parametrize("name", NOTED)
def test_every_noted_file_when_missing_is_an_error_naming_it_and_its_command(emptied, name):
    command = data.remake_command(name)
    assert command and command in (data.FOLDER / "README.md").read_text()
    with pytest.raises(data.MissingDataError) as raised:
        data.read_text(name)
    assert f"ausp_widget/data/{name}" in str(raised.value) and command in str(raised.value)
    assert isinstance(raised.value, FileNotFoundError)
    with pytest.raises(data.MissingDataError, match=re.escape(command)):
        data.existing(name)


def test_a_file_without_a_note_is_missing_with_that_said(emptied):
    with pytest.raises(data.MissingDataError, match=r"README\.md names no command for it"):
        data.read_text("puzzles_nothing.json")


def test_the_indian_survey_and_patient_player_files_are_never_read_as_empty(emptied):
    with said_missing("indian_claim.jsonl", "bench/indian_claim.py"):
        read_survey({}, 60.0)
    with said_missing("indian_patient.jsonl", "--readings player"):
        read_patient()


def test_a_survey_file_named_by_its_path_is_none_yet_when_missing(tmp_path):
    # (a survey carries on from its file: before its first verdict there is none)
    assert read_survey({}, 60.0, path=tmp_path / "new.jsonl").verdicts == ()
    assert read_patient(tmp_path / "new.jsonl").deals == ()


def test_the_habit_figures_the_lessons_quote_are_never_read_as_empty(emptied):
    with said_missing("australian_habits.json", "bench/habits.py --write"):
        figures.habit_figures()
    with said_missing("australian_habits.json", "bench/habits.py --write"):
        figures.figure_words("draw_early")


def test_the_shipped_files_read_as_before_when_they_are_there():
    assert read_survey({}, 60.0).verdicts and read_patient().deals
    assert figures.habit_figures()["draw_early"]["kind"] == "paired"


def test_the_deals_a_lesson_says_a_figure_was_measured_over_are_read_from_its_record(monkeypatch):
    from ausp_widget.games.australian import strategy

    shipped = figures.habit_figures()
    assert figures.deal_range("ace_depth") == f"deals 1–{shipped['ace_depth']['deals']}"
    moved = {**shipped, "ace_depth": {**shipped["ace_depth"], "first": 501, "deals": 40}}
    monkeypatch.setattr(figures, "_text", lambda: json.dumps(moved))
    words = strategy.strategy_lessons()[0].text
    assert "Measured by the solver over deals 501–540:" in words


@pytest.mark.parametrize("game", ["australian", "indian"])
def test_a_missing_puzzle_set_names_its_file_and_command(emptied, game):
    from ausp_widget.analysis import puzzles

    puzzles._shipped.cache_clear()
    try:
        with pytest.raises(Exception) as raised:
            puzzles.load(game)
    finally:
        puzzles._shipped.cache_clear()
    command = data.remake_command(f"puzzles_{game}.json")
    assert f"ausp_widget/data/puzzles_{game}.json" in str(raised.value)
    assert command in str(raised.value)
