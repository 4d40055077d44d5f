"""Measured data lives in one folder, apart from the code, each file with a note on how to remake it."""

import pathlib
import re

from ausp_widget import data

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
