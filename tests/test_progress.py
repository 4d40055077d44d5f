"""One progress file holds a class: students kept apart, puzzle results and ratings that survive a
restart, two apps on one file never losing each other's records, bad files set aside, and a class
summary a teacher can open in a spreadsheet."""

import csv
import json
import re
import unicodedata
from pathlib import Path

import pytest

from ausp_widget.core.lesson_progress import LessonProgress, lessons_progress, task_id
from ausp_widget.core.progress import (
    DEFAULT_RATING,
    FORMAT,
    VERSION,
    Progress,
    PuzzleRecord,
    StudentRecords,
    TaskRecord,
    read_records,
    read_students,
)
from ausp_widget.core.progress_file import KeptFile, lock_path
from ausp_widget.core.progress_summary import as_text_cell, export_csv, summary_rows


@pytest.fixture
def path(tmp_path):
    return tmp_path / "progress.json"


def on_disk(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_students_are_kept_apart_in_one_file_and_listed(path):
    store = Progress(path, student="Ana")
    store.record("australian/a/b", True, 3)
    store.student = "Ben"
    assert store.get("australian/a/b") == TaskRecord() and store.records == {}
    store.record("australian/a/c", False, 1)
    assert store.students == ["Ana", "Ben"]
    again = Progress(path, student="Ana")
    assert again.records == {"australian/a/b": TaskRecord(True, 3)}
    assert again.students == ["Ana", "Ben"]
    assert set(on_disk(path)["students"]) == {"Ana", "Ben"}


def test_a_student_with_no_records_is_not_listed(path):
    store = Progress(path, student="Ana")
    store.record("t", True, 1)
    store.student = "Cleo"
    assert store.puzzle("p") == PuzzleRecord() and store.rating == DEFAULT_RATING
    assert store.students == ["Ana"]
    store.save()
    assert set(on_disk(path)["students"]) == {"Ana"}


def test_the_default_student_works_as_before(path):
    store = Progress(path)
    assert store.student == "" and store.problem is None
    assert store.record("australian/x/y", True, 2) == TaskRecord(True, 2)
    assert store.record("australian/x/y", False, 1) == TaskRecord(True, 2), "the better result is kept"
    assert read_records(path.read_text()) == store.records == {"australian/x/y": TaskRecord(True, 2)}
    data = on_disk(path)
    assert data["format"] == "ausp_widget-progress" and data["version"] == 2
    assert data["students"][""]["tasks"] == {"australian/x/y": {"solved": True, "stars": 2}}
    assert Progress(path).get("australian/x/y") == TaskRecord(True, 2)


def test_a_version_1_file_is_read_as_the_default_student_and_upgraded_on_save(path):
    tasks = {"australian/a/b": {"solved": True, "stars": 3}, "australian/a/c": {"solved": False, "stars": 1}}
    text = json.dumps({"format": "ausp_widget-progress", "version": 1, "tasks": tasks})
    path.write_text(text)
    assert read_records(text) == {
        "australian/a/b": TaskRecord(True, 3),
        "australian/a/c": TaskRecord(False, 1),
    }
    store = Progress(path)
    assert store.problem is None and store.get("australian/a/b") == TaskRecord(True, 3)
    assert path.read_text() == text, "reading alone never rewrites the file"
    store.student = "Ana"
    store.record_puzzle("p1", True, 12.5)
    data = on_disk(path)
    assert data["version"] == 2 and "tasks" not in data
    assert data["students"][""]["tasks"] == tasks
    assert data["students"]["Ana"]["puzzles"] == {"p1": {"tries": 1, "solved": 1, "best_seconds": 12.5}}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (3, "text"),
        (None, "text"),
        ("x" * 41, "at most 40"),
        ("   ", "only spaces"),
        ("Ana\nBen", "visible"),
        ("Ana\x00", "visible"),
        ("Ana\u2028Ben", "line separator"),
        ("Ana\u200b", "zero width space"),
        ("\u202eanA", "right-to-left override"),
        ("An\u200da", "zero width joiner"),
    ],
)
def test_bad_student_names_are_refused_and_change_nothing(path, name, words):
    with pytest.raises(ValueError, match=words):
        Progress(path, student=name)
    assert not path.exists()
    store = Progress(path, student="Ana")
    store.record("t", True, 2)
    before = path.read_text()
    with pytest.raises(ValueError, match=words):
        store.student = name
    assert store.student == "Ana" and store.get("t") == TaskRecord(True, 2)
    assert path.read_text() == before


def test_names_are_kept_without_surrounding_spaces_and_up_to_40_characters(path):
    store = Progress(path, student="  Ana ")
    assert store.student == "Ana"
    store.record("t", True, 1)
    store.student = "y" * 40
    store.record("t", False, 1)
    assert Progress(path, student="Ana").get("t") == TaskRecord(True, 1)
    assert store.students == ["Ana", "y" * 40]


def test_puzzle_tries_solves_and_best_time(path):
    store = Progress(path, student="Ana")
    assert store.record_puzzle("p1", False, 30.0) == PuzzleRecord(1, 0, None, missed=1), "no time, a miss"
    assert store.record_puzzle("p1", True, 20) == PuzzleRecord(2, 1, 20.0, missed=1, cleared=2)
    assert store.record_puzzle("p1", True, 25.0) == PuzzleRecord(3, 2, 20.0, 1, 3), "the best time stays"
    assert store.record_puzzle("p1", True, None) == PuzzleRecord(4, 3, 20.0, 1, 4)
    assert store.record_puzzle("p1", True, 8.5) == PuzzleRecord(5, 4, 8.5, 1, 5)
    store.record_puzzle("p2", True, None)
    assert store.puzzles == {"p1": PuzzleRecord(5, 4, 8.5, 1, 5), "p2": PuzzleRecord(1, 1, None)}
    assert Progress(path, student="Ana").puzzles == store.puzzles
    assert Progress(path).puzzles == {}, "puzzles belong to their student"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("", True, 1.0), "puzzle id"),
        (("  ", True, 1.0), "puzzle id"),
        ((7, True, 1.0), "puzzle id"),
        (("p", "yes", 1.0), "solved"),
        (("p", True, -1.0), "seconds"),
        (("p", True, "fast"), "seconds"),
        (("p", True, float("nan")), "seconds"),
        (("p", True, True), "seconds"),
        (("p", True, 1.0, float("inf")), "rating"),
        (("p", True, 1.0, "1200"), "rating"),
        (("p", False, None, None, True), "clean"),
        (("p", True, 1.0, None, "yes"), "clean"),
    ],
)
def test_bad_puzzle_arguments_are_refused_and_change_nothing(path, args, words):
    store = Progress(path, student="Ana")
    store.record_puzzle("p", True, 5.0, 1010.0)
    before = path.read_text()
    with pytest.raises(ValueError, match=words):
        store.record_puzzle(*args)
    assert store.puzzles == {"p": PuzzleRecord(1, 1, 5.0)} and (store.rating, store.rated) == (1010.0, 1)
    assert path.read_text() == before


def test_the_rating_is_stored_and_read_back_after_reopening_the_file(path):
    store = Progress(path, student="Ana")
    assert (store.rating, store.rated) == (DEFAULT_RATING, 0)
    store.record_puzzle("p1", True, 10.0, rating=1032.5)
    store.record_puzzle("p2", False, None)  # a try without a rating leaves the rating alone
    store.record_puzzle("p3", False, None, rating=1011)
    again = Progress(path, student="Ana")
    assert (again.rating, again.rated) == (1011.0, 2)
    assert isinstance(again.rating, float)
    assert (Progress(path).rating, Progress(path).rated) == (DEFAULT_RATING, 0)


def test_two_stores_for_two_students_on_one_file_never_lose_records(path):
    ana, ben = Progress(path, student="Ana"), Progress(path, student="Ben")
    ana.record("t1", True, 3)
    ben.record_puzzle("p1", True, 9.0, rating=1020.0)
    ana.record_puzzle("p2", False, None, rating=990.0)
    ben.record("t2", False, 1)
    students = read_students(path.read_text())
    assert students["Ana"].tasks == {"t1": TaskRecord(True, 3)}
    assert students["Ana"].puzzles == {"p2": PuzzleRecord(1, 0, None, missed=1)}
    assert students["Ana"].rating == 990.0
    assert students["Ben"].tasks == {"t2": TaskRecord(False, 1)}
    assert students["Ben"].puzzles == {"p1": PuzzleRecord(1, 1, 9.0)} and students["Ben"].rating == 1020.0


def test_two_stores_for_the_same_student_merge_without_losing_records(path):
    first, second = Progress(path, student="Ana"), Progress(path, student="Ana")
    first.record("t", False, 2)
    first.record_puzzle("p", True, 30.0, rating=1010.0)
    first.record_puzzle("p", True, 40.0, rating=1020.0)
    second.record("t", True, 1)  # solved here, more stars there: both kept
    second.record_puzzle("p", True, 12.0)  # second knew 0 tries: takes in first's 2, then adds one
    second.record_puzzle("q", False, None)
    assert second.get("t") == TaskRecord(True, 2)
    assert second.puzzle("p") == PuzzleRecord(3, 3, 12.0)
    assert (second.rating, second.rated) == (1020.0, 2), "the rating that has seen more results wins"
    first.record_puzzle("p", False, None, rating=1005.0)
    again = Progress(path, student="Ana")
    assert again.get("t") == TaskRecord(True, 2)
    # q was missed at Ana's 4th puzzle result, p (first took in second's results) at her 5th
    assert again.puzzles == {"p": PuzzleRecord(4, 3, 12.0, missed=5), "q": PuzzleRecord(1, 0, None, missed=4)}
    assert (again.rating, again.rated) == (1005.0, 3)


def test_clearing_one_student_keeps_the_others(path):
    Progress(path, student="Ben").record("t", True, 3)
    ana = Progress(path, student="Ana")
    ana.record_puzzle("p", True, 3.0, rating=1100.0)
    ana.clear()
    assert ana.puzzles == {} and ana.rating == DEFAULT_RATING
    assert set(on_disk(path)["students"]) == {"Ben"}
    ana.clear(everyone=True)
    assert on_disk(path)["students"] == {} and ana.students == []


def test_memory_only_progress_never_writes_a_file(path, monkeypatch):
    monkeypatch.chdir(path.parent)
    store = Progress(path, memory=True, student="Ana")
    store.record_puzzle("p", True, 1.0, rating=1001.0)
    store.record("t", True, 1)
    assert store.path is None and list(path.parent.iterdir()) == []
    assert store.students == ["Ana"]


def student_file(**fields) -> str:
    ana = {"tasks": {}, "puzzles": {}, "rating": 1000.0, "rated": 0} | fields
    ben = {"tasks": {"good": {"solved": True, "stars": 2}}, "puzzles": {}}  # a record that can be read
    data = {"format": "ausp_widget-progress", "version": 2, "students": {"Ana": ana, "Ben": ben}}
    return json.dumps(data)


PARTLY_BAD = [
    (student_file(tasks={"t1": {"solved": True, "stars": 7}}), ["student 'Ana'", "task 't1'", "7"]),
    (
        student_file(puzzles={"p1": {"tries": 2, "solved": 5, "best_seconds": None}}),
        ["student 'Ana'", "puzzle 'p1'", "'solved'", "5"],
    ),
    (
        student_file(puzzles={"p1": {"tries": -1, "solved": 0, "best_seconds": None}}),
        ["student 'Ana'", "puzzle 'p1'", "'tries'", "-1"],
    ),
    (
        student_file(puzzles={"p1": {"tries": 1, "solved": 1, "best_seconds": -3}}),
        ["puzzle 'p1'", "'best_seconds'", "-3"],
    ),
    (
        student_file(puzzles={"p1": {"tries": 1, "solved": 0, "best_seconds": 4.0}}),
        ["puzzle 'p1'", "'best_seconds'", "4.0"],
    ),
    (student_file(rating="x"), ["student 'Ana'", "'rating'", "'x'"]),
    (student_file(rating=float("nan")), ["student 'Ana'", "'rating'", "nan"]),
    (student_file(rated=1.5), ["student 'Ana'", "'rated'", "1.5"]),
    (student_file(puzzles=[]), ["student 'Ana'", '"puzzles"']),
    (student_file(tasks={"\ud800": {"solved": True, "stars": 1}}), ["student 'Ana'", "lone surrogate"]),
    (student_file(tasks={"t1": {"solved": "yes", "stars": 1}}), ["task 't1'", "'solved'", "'yes'"]),
    (student_file(rating=10**400), ["student 'Ana'", "'rating'", "digits"]),
    (student_file(help={"t": ["peek"]}), ["help at 't'", "'peek'"]),
    # a number of more digits than Python reads, and a value nested deeper than it reads: the
    # record is skipped, not the whole file
    (student_file(rating=1.5).replace("1.5", "9" * 5000), ["student 'Ana'", "'rating'", "5000 digits"]),
    (student_file(rating=1.5).replace("1.5", "9" * 5000 + ".5"), ["'rating'", "5002 digits"]),
    (
        student_file(tasks={"t1": "deep"}).replace('"deep"', "[" * 100_000 + "]" * 100_000),
        ["student 'Ana'", "task 't1'", "[[[[["],
    ),
    # a student given twice: JSON alone would keep the second without a word
    (
        student_file(tasks={"t1": {"solved": True, "stars": 1}}).replace(
            '"students": {', '"students": {"Ana": {"tasks": {}}, ', 1
        ),
        ["the key 'Ana' is given twice"],
    ),
    (
        '{"format": "ausp_widget-progress", "version": 2, "students": {"a\\nb": {}, '
        '"Ben": {"tasks": {"good": {"solved": true, "stars": 2}}}}}',
        ["student 'a\\nb'"],
    ),
]


@pytest.mark.parametrize(("text", "named"), PARTLY_BAD)
def test_a_bad_record_is_skipped_and_named_and_every_other_record_is_kept(tmp_path, path, text, named):
    path.write_text(text)
    with pytest.raises(ValueError) as raised:
        read_students(text)
    assert all(words in str(raised.value) for words in named), raised.value
    store = Progress(path, student="Ana")
    assert store.problem and "cannot be read, skipped" in store.problem
    assert all(words in store.problem for words in named), store.problem
    store.student = "Ben"
    assert store.records == {"good": TaskRecord(True, 2)}, "the other records are kept"
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("progress.json.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text() == text and path.read_text() == text
    assert aside[0].name in store.problem
    Progress(path, student="Ana").record_puzzle("p", True, 2.0)  # another app, and a write
    kept = read_students(path.read_text())
    assert kept["Ana"].puzzles == {"p": PuzzleRecord(1, 1, 2.0)} and kept["Ben"].tasks == store.records
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("progress.json.unreadable-")]
    assert copies == aside and aside[0].read_text() == text, "one copy, never written over"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('{"format": "ausp_widget-progress", "version": 2, "students": []}', ['"students"']),
        ('{"format": "ausp_widget-progress", "version": "2", "students": {}}', ["version '2'"]),
    ],
)
def test_a_corrupt_file_is_set_aside_with_the_bad_field_named(tmp_path, path, text, named):
    path.write_text(text)
    with pytest.raises(ValueError) as raised:
        read_students(text)
    assert all(words in str(raised.value) for words in named), raised.value
    store = Progress(path, student="Ana")
    assert store.problem and "could not be read" in store.problem
    assert all(words in store.problem for words in named), store.problem
    assert store.puzzles == {} and store.rating == DEFAULT_RATING
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("progress.json.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text() == text and not path.exists()
    store.record_puzzle("p", True, 2.0)
    assert read_students(path.read_text())["Ana"].puzzles == {"p": PuzzleRecord(1, 1, 2.0)}
    assert aside[0].read_text() == text, "the set-aside file is never written over"


def test_the_class_summary_is_exported_as_csv(tmp_path, path):
    Progress(path).record("t0", True, 2)
    ana = Progress(path, student="Ana")
    ana.record("t1", True, 3)
    ana.record("t2", False, 1)
    ana.record("t3", True, 2)
    ana.record_puzzle("p1", False, None)
    ana.record_puzzle("p1", True, 20.0, rating=1012.6)
    ana.record_puzzle("p2", False, None, rating=1003.4)
    ana.record_help("p1", "hint")
    ana.record_help("p1", "hint")  # the same help at the same puzzle counts once
    ana.record_help("p2", "solution")
    ana.record_help("p2", "hint")
    ana.student = "Zoë"
    ana.record_puzzle("p1", False, None)
    out = ana.export_csv(tmp_path / "class.csv")
    assert out == tmp_path / "class.csv"
    with out.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows == [
        {
            "student": "(no name)",
            "lessons_tasks_solved": "1",
            "stars": "2",
            "puzzles_tried": "0",
            "puzzles_solved": "0",
            "tries": "0",
            "rating": "1000",
            "rated": "0",
            "hints_used": "0",
            "solutions_shown": "0",
            "solver_asked": "0",
        },
        {
            "student": "Ana",
            "lessons_tasks_solved": "2",
            "stars": "6",
            "puzzles_tried": "2",
            "puzzles_solved": "1",
            "tries": "3",
            "rating": "1003",
            "rated": "2",
            "hints_used": "2",
            "solutions_shown": "1",
            "solver_asked": "0",
        },
        {
            "student": "Zoë",
            "lessons_tasks_solved": "0",
            "stars": "0",
            "puzzles_tried": "1",
            "puzzles_solved": "0",
            "tries": "1",
            "rating": "1000",
            "rated": "0",
            "hints_used": "0",
            "solutions_shown": "0",
            "solver_asked": "0",
        },
    ]
    assert ana.summary_rows()[1] == {
        "student": "Ana",
        "lessons_tasks_solved": 2,
        "stars": 6,
        "puzzles_tried": 2,
        "puzzles_solved": 1,
        "tries": 3,
        "rating": 1003,
        "rated": 2,
        "hints_used": 2,
        "solutions_shown": 1,
        "solver_asked": 0,
    }


def test_the_export_refuses_to_overwrite_unless_asked(tmp_path, path):
    store = Progress(path, student="Ana")
    store.record("t", True, 1)
    target = tmp_path / "class.csv"
    target.write_text("an earlier export\n")
    with pytest.raises(FileExistsError, match=r"class\.csv"):
        store.export_csv(target)
    assert target.read_text() == "an earlier export\n"
    store.export_csv(str(target), overwrite=True)
    assert target.read_text(encoding="utf-8").splitlines()[0].startswith("student,lessons_tasks_solved")
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != "progress.json.lock")
    assert left == ["class.csv", "progress.json"], "no temporary left"


def test_a_name_a_spreadsheet_would_run_is_exported_as_text(tmp_path, path):
    Progress(path, student="=1+1").record("t", True, 1)
    with Progress(path).export_csv(tmp_path / "class.csv").open(encoding="utf-8", newline="") as handle:
        assert [row["student"] for row in csv.DictReader(handle)] == ["'=1+1"]


RECORDER = """
import sys, time
from pathlib import Path
from ausp_widget.core.progress import Progress
path, who, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
while not go.exists():
    time.sleep(0.005)
for i in range(count):
    store = Progress(path, student="class")  # a kernel started afresh for every record
    store.record(f"{who}-{i}", True, 1)
    store.record_puzzle("shared", False, None)
    assert store.problem is None, store.problem
"""


def test_processes_recording_at_once_to_one_file_lose_nothing(tmp_path, path):
    import subprocess
    import sys

    processes, each = 4, 60
    go = tmp_path / "go"
    running = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(path), f"p{k}", str(each), str(go)])
        for k in range(processes)
    ]
    go.touch()
    assert [p.wait(timeout=300) for p in running] == [0] * processes
    kept = read_students(path.read_text())["class"]
    assert len(kept.tasks) == processes * each == 240, f"{processes * each - len(kept.tasks)} records lost"
    assert kept.puzzles["shared"].tries == processes * each, "tries lost"
    assert not list(tmp_path.glob(".progress.json.*.tmp")), "no temporary left"


def test_processes_recording_through_links_to_a_file_with_a_bad_record_lose_nothing(tmp_path):
    import subprocess
    import sys

    shared = tmp_path / "class" / "progress.json"
    shared.parent.mkdir()
    bad = {"bad": {"solved": "yes", "stars": 1}, "old": {"solved": True, "stars": 3}}
    text = json.dumps({"format": "ausp_widget-progress", "version": 2, "students": {"class": {"tasks": bad}}})
    shared.write_text(text)
    links = [tmp_path / f"link{k}.json" for k in range(3)]
    for link in links:
        link.symlink_to(Path("class") / "progress.json")  # a relative link, as a class folder has
    recorder = RECORDER.replace(
        "assert store.problem is None", "assert 'not being kept' not in str(store.problem)"
    )
    go, each = tmp_path / "go", 20
    running = [
        subprocess.Popen([sys.executable, "-c", recorder, str(link), f"p{k}", str(each), str(go)])
        for k, link in enumerate(links)
    ]
    go.touch()
    assert [p.wait(timeout=300) for p in running] == [0] * len(links)
    assert all(link.is_symlink() for link in links)
    kept = read_students(shared.read_text())["class"]
    assert len(kept.tasks) == 1 + len(links) * each and kept.tasks["old"] == TaskRecord(True, 3)
    assert kept.puzzles["shared"].tries == len(links) * each, "tries lost"
    copies = list(shared.parent.glob("progress.json.unreadable-*"))
    assert [c.read_text() for c in copies] == [text], "the file as it was, copied once"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "class",
        "go",
        "link0.json",
        "link1.json",
        "link2.json",
    ]


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "another-program", "version": 3, "students": {"Ana": {"badges": []}}}',
        "another program's notes\n",
        "[" * 100_000 + "]" * 100_000,  # deeper than JSON can be read
    ],
)
def test_a_file_written_at_the_path_after_the_start_is_set_aside_before_the_next_write(tmp_path, path, text):
    store = Progress(path, student="Ana")
    store.record("t1", True, 3)
    path.write_text(text)  # another program writes there now
    store.record_puzzle("p", True, 4.0)
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("progress.json.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text() == text, "never overwritten"
    assert store.problem and "could not be read" in store.problem and aside[0].name in store.problem
    kept = read_students(path.read_text())["Ana"]
    assert kept.tasks == {"t1": TaskRecord(True, 3)} and kept.puzzles == {"p": PuzzleRecord(1, 1, 4.0)}
    path.write_text(text)  # and again, within the same second: the first one set aside stays
    store.record("t2", True, 1)
    kept_aside = sorted(p for p in tmp_path.iterdir() if p.name.startswith("progress.json.unreadable-"))
    assert len(kept_aside) == 2 and all(p.read_text() == text for p in kept_aside)


NEWER = '{"format": "ausp_widget-progress", "version": 3, "students": {"Ana": {"badges": []}}}'


@pytest.mark.parametrize("when", ["at the start", "while the app runs"])
def test_a_newer_versions_file_is_never_set_aside_nor_written_and_the_records_wait_in_memory(
    tmp_path, path, when
):
    # Kernels still on an older version must not split a class's file in two.
    if when == "at the start":
        path.write_text(NEWER)
    store = Progress(path, student="Bo")
    store.record("t1", True, 3)
    if when == "while the app runs":
        path.write_text(NEWER)
    store.record_puzzle("p", True, 4.0)
    assert path.read_text() == NEWER, "left as the newer version wrote it"
    assert not [p for p in tmp_path.iterdir() if "unreadable" in p.name], "nothing set aside"
    assert store.problem and "progress is not being kept" in store.problem
    assert "newer version of ausp_widget" in store.problem and "version 3" in store.problem
    assert store.records == {"t1": TaskRecord(True, 3)} and store.puzzle("p").solved == 1
    path.write_text('{"format": "ausp_widget-progress", "version": 2, "students": {}}')  # updated back
    store.record("t2", True, 1)
    assert store.problem is None
    kept = read_students(path.read_text())["Bo"]
    assert kept.tasks == {"t1": TaskRecord(True, 3), "t2": TaskRecord(True, 1)}


def test_a_folder_at_the_path_is_refused_and_left_alone(tmp_path):
    folder = tmp_path / "progress.json"
    folder.mkdir()
    (folder / "mine.txt").write_text("a student's own file")
    store = Progress(folder, student="Ana")
    assert store.problem and "is a folder" in store.problem and str(folder) in store.problem
    assert store.record("t", True, 2) == TaskRecord(True, 2), "the records go on in memory"
    store.record_puzzle("p", True, 1.0)
    assert "is a folder" in store.problem
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"], "nothing renamed or added"
    assert [p.name for p in folder.iterdir()] == ["mine.txt"]
    assert (folder / "mine.txt").read_text() == "a student's own file"


def test_a_location_that_cannot_be_written_keeps_records_in_memory_and_says_why(tmp_path):
    (tmp_path / "notes").write_text("a file, not a folder")
    path = tmp_path / "notes" / "progress.json"
    store = Progress(path, student="Ana")
    assert store.problem is None
    assert store.record("t", True, 3) == TaskRecord(True, 3)
    assert store.record_puzzle("p", True, 2.0, rating=1010.0) == PuzzleRecord(1, 1, 2.0)
    assert (
        store.problem and store.problem.startswith("progress is not being kept") and "notes" in store.problem
    )
    assert store.get("t") == TaskRecord(True, 3) and store.rating == 1010.0
    assert (tmp_path / "notes").read_text() == "a file, not a folder"
    (tmp_path / "notes").unlink()  # the location can be written again: kept, with what was learnt
    store.record("u", False, 1)
    assert store.problem is None
    assert read_students(path.read_text())["Ana"].tasks == {
        "t": TaskRecord(True, 3),
        "u": TaskRecord(False, 1),
    }


def test_in_the_browser_progress_goes_to_the_sites_drive_without_a_lock(tmp_path, monkeypatch):
    from ausp_widget.core import progress_file as progress

    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(progress, "BROWSER", True)
    monkeypatch.setattr(progress, "BROWSER_DRIVE", drive)
    monkeypatch.delenv("AUSP_WIDGET_PROGRESS")
    assert progress.default_path() == drive / "ausp_widget-progress.json"
    store = Progress(student="Ana")
    store.record("t", True, 2)
    assert Progress(student="Ana").get("t") == TaskRecord(True, 2), "read back as after a page reload"
    assert sorted(p.name for p in drive.iterdir()) == ["ausp_widget-progress.json"], "no lock file"
    monkeypatch.setenv("AUSP_WIDGET_PROGRESS", str(tmp_path / "named.json"))
    assert progress.default_path() == tmp_path / "named.json", "the variable still names the file"
    drive.rename(tmp_path / "gone")  # a kernel with no drive mounted: the usual place, in its memory
    progress._mounted.cache_clear()
    monkeypatch.delenv("AUSP_WIDGET_PROGRESS")
    assert progress.default_path().name == "progress.json"


def test_a_refused_write_or_a_lock_held_elsewhere_never_stops_a_record(path, monkeypatch):
    from filelock import FileLock

    from ausp_widget.core import progress_file as progress

    store = Progress(path, student="Ana")
    store.record("t", True, 1)
    before = path.read_text()

    def read_only(target, write, **_how):
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr(progress, "write_atomic", read_only)  # as in a read-only folder
    assert store.record("u", True, 3) == TaskRecord(True, 3)
    assert "not being kept" in store.problem and "Permission denied" in store.problem
    monkeypatch.undo()
    monkeypatch.setattr(progress, "LOCK_WAIT", 0.2)
    other = Progress(path, student="Ana")  # its lock is made with the short wait
    with FileLock(progress.lock_path(path)):  # another kernel stuck in the middle of a write
        assert other.record_puzzle("p", True, 1.0) == PuzzleRecord(1, 1, 1.0)
    assert "not being kept" in other.problem
    assert path.read_text() == before, "nothing written while the file was not ours to write"
    store.record("v", False, 0)
    assert store.problem is None and set(read_students(path.read_text())["Ana"].tasks) == {"t", "u", "v"}


def test_the_class_settings_are_kept_in_the_file_and_the_newer_setting_wins(path):
    teacher = Progress(path)
    student = Progress(path, student="Ana")
    assert not student.settings.teacher and not student.settings.help_locked
    teacher.set_settings(teacher=True, locked=True)
    assert student.settings.help_locked, "another app sharing the file sees the quiz lock"
    student.record("t", True, 3)  # the student's write keeps the teacher's settings
    assert Progress(path).settings.help_locked
    teacher.set_settings(locked=False)
    assert not Progress(path).settings.help_locked and Progress(path).settings.teacher
    assert Progress(path, student="Ana").get("t").stars == 3


def test_help_locked_needs_teacher_mode(path):
    store = Progress(path)
    store.set_settings(locked=True)
    assert store.settings.locked and not store.settings.help_locked
    store.set_settings(teacher=True)
    assert store.settings.help_locked


def test_help_used_is_merged_across_apps_and_never_counted_twice(path):
    one, two = Progress(path, student="Ana"), Progress(path, student="Ana")
    one.record_help("t1", "hint")
    two.record_help("t1", "solution")
    two.record_help("t2", "solver")
    kept = read_students(path.read_text())["Ana"].help
    assert kept == {"t1": frozenset({"hint", "solution"}), "t2": frozenset({"solver"})}
    assert Progress(path).summary_rows()[0]["hints_used"] == 1


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ({"class": []}, '"class" is an object'),
        ({"class": {"teacher": "yes"}}, "class 'teacher' is true or false"),
        ({"class": {"locked": 1}}, "class 'locked' is true or false"),
        ({"class": {"changed": "now"}}, "class 'changed' is a time"),
        ({"students": {"Ana": {"help": {"t": ["peek"]}}}}, "help at 't'"),
        ({"students": {"Ana": {"help": {"t": []}}}}, "help at 't'"),
        ({"students": {"Ana": {"help": ["t"]}}}, '"help" must be an object'),
    ],
)
def test_a_bad_class_setting_or_help_record_is_refused_by_name(bad, words):
    data = {"format": "ausp_widget-progress", "version": 2, "students": {}, **bad}
    with pytest.raises(ValueError, match=re.escape(words)):
        read_students(json.dumps(data))


def test_bad_settings_and_help_change_nothing(path):
    store = Progress(path, student="Ana")
    store.record("t", True, 1)
    before = path.read_text()
    with pytest.raises(ValueError, match="teacher is True or False"):
        store.set_settings(teacher="on")
    with pytest.raises(ValueError, match="kind must be the help asked for: one of hint"):
        store.record_help("t", "peek")
    with pytest.raises(ValueError, match="non-empty text"):
        store.record_help(" ", "hint")
    assert path.read_text() == before and store.settings == Progress(path).settings


def test_a_miss_is_due_again_after_three_other_results_until_solved_cleanly(path):
    store = Progress(path, student="Ana")
    store.record_puzzle("m", False, None)
    for number in range(1, 4):
        assert store.due_again() == [], f"not yet: {number - 1} other results since the miss"
        store.record_puzzle(f"o{number}", True, 3.0)
    assert store.due_again() == ["m"] and store.puzzle("m").pending
    store.record_puzzle("m", True, 9.0, clean=False)  # solved, with a hint: the miss stands
    assert store.puzzle("m").pending and store.puzzle("m").missed == 5
    store.record_puzzle("m", True, 4.0)
    assert not store.puzzle("m").pending and store.due_again(0) == []
    reread = Progress(path, student="Ana").puzzle("m")
    assert reread == store.puzzle("m") == PuzzleRecord(3, 2, 4.0, missed=5, cleared=6)


@pytest.mark.parametrize(("field", "value"), [("missed", -1), ("cleared", 1.5), ("missed", "3")])
def test_a_progress_file_with_a_bad_miss_count_is_refused_by_name(path, field, value):
    store = Progress(path, student="Ana")
    store.record_puzzle("m", False, None)
    data = json.loads(path.read_text())
    record = next(iter(data["students"].values()))["puzzles"]["m"]
    record[field] = value
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=f"'{field}' is a whole number"):
        read_students(path.read_text())


REFUSED = [
    (lambda s: s.record(None, True, 1), TypeError, "task_id is a task id"),
    (lambda s: s.record(3, True, 1), TypeError, "task_id is a task id"),
    (lambda s: s.record("", True, 1), ValueError, "task_id is a task id"),
    (lambda s: s.record("t\ud800", True, 1), ValueError, "task_id .* lone surrogate"),
    (lambda s: s.record("t", "yes", 1), TypeError, "solved is True or False"),
    (lambda s: s.record("t", 1, 1), TypeError, "solved is True or False"),
    (lambda s: s.record("t", True, 99), ValueError, "stars is a whole number from 0 to 3"),
    (lambda s: s.record("t", True, -1), ValueError, "stars is a whole number from 0 to 3"),
    (lambda s: s.record("t", True, 2.5), TypeError, "stars is a whole number from 0 to 3"),
    (lambda s: s.record("t", True, True), TypeError, "stars is a whole number from 0 to 3"),
    (lambda s: s.record_puzzle("p\udfff", True, 1.0), ValueError, "puzzle_id .* lone surrogate"),
    (lambda s: s.record_puzzle("p", True, 10**400), ValueError, "seconds is a number from 0 up"),
    (lambda s: s.record_puzzle("p", True, 1.0, 10**400), ValueError, "rating is a finite number"),
    (lambda s: s.record_help(None, "hint"), TypeError, "item is the task, puzzle or game"),
    (lambda s: s.record_help("t\ud800", "hint"), ValueError, "item .* lone surrogate"),
    (lambda s: s.record_help("t", None), TypeError, "kind must be the help asked for"),
    (lambda s: s.set_settings(locked=1), TypeError, "locked is True or False"),
    (lambda s: s.clear("yes"), TypeError, "everyone is True or False"),
    (lambda s: s.due_again(-1), ValueError, "gap is a whole number from 0"),
    (lambda s: s.due_again("3"), TypeError, "gap is a whole number from 0"),
    (lambda s: s.get(None), TypeError, "task_id is a task id"),
    (lambda s: s.puzzle(["p"]), TypeError, "puzzle_id is a puzzle id"),
    (lambda s: setattr(s, "records", {"t": (True, 3)}), TypeError, r"records\['t'\] is a TaskRecord"),
    (lambda s: setattr(s, "records", {"\ud800": TaskRecord()}), ValueError, "lone surrogate"),
    (lambda s: setattr(s, "records", [1]), TypeError, "records is a dict"),
    (lambda s: setattr(s, "student", 5), TypeError, "a student name is text"),
    (lambda s: s.export_csv(5), TypeError, "path is a file's path"),
    (lambda s: s.export_csv("x.csv", overwrite="no"), TypeError, "overwrite is True or False"),
    (lambda s: Progress(5), TypeError, "path is a file's path"),
    (lambda s: Progress("p\ud800.json"), ValueError, "path is a file's path"),
    (lambda s: Progress("a\x00b"), ValueError, "path is a file's path"),
    (lambda s: Progress(s.path, memory="no"), TypeError, "memory is True or False"),
    (lambda s: TaskRecord("yes", 1), TypeError, "solved is True or False"),
    (lambda s: TaskRecord(True, 99), ValueError, "stars is a whole number from 0 to 3"),
    (lambda s: PuzzleRecord(1, 2), ValueError, "'solved' is a whole number from 0 to 'tries'"),
    (lambda s: read_students(b"{}"), TypeError, "text is the progress file's text"),
    (lambda s: StudentRecords(tasks={"t": (True, 1)}), TypeError, r"tasks\['t'\] is a TaskRecord"),
    (lambda s: StudentRecords(rating=float("inf")), ValueError, "rating is a finite number"),
    (lambda s: StudentRecords(help={"t": frozenset({"peek"})}), ValueError, "the help asked for"),
    (lambda s: StudentRecords().merge({}), TypeError, "theirs is a StudentRecords"),
    (lambda s: task_id("australian", None, "t"), TypeError, "lesson is a lesson name"),
    (lambda s: task_id("australian", "l", "\ud800"), ValueError, "title .* lone surrogate"),
    (lambda s: LessonProgress(2, 3, 0), ValueError, r"solved is a whole number from 0 to tasks \(2\)"),
    (lambda s: LessonProgress(1, 1, 4), ValueError, "stars is a whole number from 0 to 3 a task"),
    (lambda s: lessons_progress("australian", 5, s), TypeError, "steps is a list"),
    (lambda s: lessons_progress("australian", [], None), TypeError, "progress is a Progress"),
    (lambda s: summary_rows(5), TypeError, "students is a dict"),
    (lambda s: export_csv([{"x": 1}], "x.csv"), ValueError, "each row has the fields"),
    (lambda s: export_csv([], "x.csv", overwrite=1), TypeError, "overwrite is True or False"),
    (lambda s: as_text_cell(5), TypeError, "text is a cell's text"),
    (lambda s: lock_path(None), TypeError, "path is a file's path"),
    (lambda s: KeptFile(""), ValueError, "path is a file's path"),
    (lambda s: KeptFile(s.path).update(None, list, str), TypeError, "take_in is a function"),
    (lambda s: KeptFile(s.path).load("read"), TypeError, "take_in is a function"),
]


@pytest.mark.parametrize(("call", "kind", "words"), REFUSED)
def test_a_bad_call_is_refused_by_name_and_changes_nothing(path, monkeypatch, call, kind, words):
    monkeypatch.chdir(path.parent)
    store = Progress(path, student="Ana")
    store.record("t", True, 2)
    store.record_puzzle("p", False, None, rating=990.0)
    before, records = path.read_bytes(), (store.records.copy(), store.puzzles, store.rating, store.student)
    with pytest.raises(kind, match=words):
        call(store)
    assert path.read_bytes() == before and sorted(p.name for p in path.parent.iterdir()) == [
        "progress.json",
        "progress.json.lock",
    ]
    assert (store.records, store.puzzles, store.rating, store.student) == records
    store.record("u", False, 1)  # and the store goes on writing
    assert read_students(path.read_text())["Ana"].tasks == {
        "t": TaskRecord(True, 2),
        "u": TaskRecord(False, 1),
    }


def test_a_puzzle_id_read_from_an_escape_never_stops_the_file_being_written(path):
    bad_id = json.loads('"p\\ud800"')  # what a puzzle file's escape decodes to
    store = Progress(path, student="Ana")
    with pytest.raises(ValueError, match="lone surrogate"):
        store.record_puzzle(bad_id, True, 1.0)
    store.record_puzzle("p", True, 1.0)
    assert store.problem is None and Progress(path, student="Ana").puzzles == {"p": PuzzleRecord(1, 1, 1.0)}


def test_bytes_that_are_not_utf8_cost_only_the_record_they_are_in(tmp_path, path):
    text = student_file(tasks={"BAD": {"solved": True, "stars": 1}, "t": {"solved": False, "stars": 1}})
    data = text.encode().replace(b"BAD", b"B\xffD")
    path.write_bytes(data)
    store = Progress(path, student="Ana")
    assert store.records == {"t": TaskRecord(False, 1)} and "lone surrogate" in store.problem
    store.record("u", True, 3)
    assert set(read_students(path.read_text(encoding="utf-8"))["Ana"].tasks) == {"t", "u"}
    (aside,) = tmp_path.glob("progress.json.unreadable-*")
    assert aside.read_bytes() == data


def test_a_linked_class_file_is_written_through_and_the_link_kept(tmp_path):
    shared = tmp_path / "class" / "progress.json"
    shared.parent.mkdir()
    Progress(shared, student="Ben").record("t", True, 1)
    link = tmp_path / "mine.json"
    link.symlink_to(shared)
    store = Progress(link, student="Ana")
    store.record("t", True, 3)
    store.record_puzzle("p", True, 4.0)
    assert link.is_symlink() and link.resolve() == shared.resolve()
    kept = read_students(shared.read_text())
    assert kept["Ana"].tasks == {"t": TaskRecord(True, 3)} and kept["Ben"].tasks == {"t": TaskRecord(True, 1)}
    assert not list(tmp_path.glob(".mine.json*")) and not list(shared.parent.glob(".*.tmp"))
    shared.write_text("another program's notes\n")  # set aside beside the file itself, the link kept
    store.record("u", False, 1)
    assert link.is_symlink() and list(shared.parent.glob("progress.json.unreadable-*"))
    assert read_students(shared.read_text())["Ana"].tasks == {
        "t": TaskRecord(True, 3),
        "u": TaskRecord(False, 1),
    }


def test_a_link_to_nowhere_gets_its_file_and_a_loop_of_links_is_reported(tmp_path):
    link = tmp_path / "mine.json"
    link.symlink_to(tmp_path / "later.json")
    Progress(link).record("t", True, 1)
    assert link.is_symlink() and read_records((tmp_path / "later.json").read_text()) == {
        "t": TaskRecord(True, 1)
    }
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    store = Progress(loop)
    assert store.record("t", True, 2) == TaskRecord(True, 2), "the records go on in memory"
    assert store.problem and "not being kept" in store.problem and loop.is_symlink()


@pytest.mark.parametrize(
    ("extra", "where"),
    [
        ({"notes": "bring cards"}, "the file: unknown key 'notes'"),
        ({"students": {"Ana": {"tasks": {}, "colour": "red"}}}, "student 'Ana': unknown key 'colour'"),
        (
            {"students": {"Ana": {"tasks": {"a": {"solved": True, "stars": 2, "note": "ask about move 3"}}}}},
            "student 'Ana': task 'a': unknown key 'note'",
        ),
        (
            {
                "students": {
                    "Ana": {"puzzles": {"p": {"tries": 1, "solved": 1, "best_seconds": 3.0, "hinted": 2}}}
                }
            },
            "student 'Ana': puzzle 'p': unknown key 'hinted'",
        ),
        (
            {"class": {"teacher": True, "locked": False, "changed": 5.0, "room": "B2"}},
            "class: unknown key 'room'",
        ),
    ],
)
def test_a_key_this_version_does_not_keep_is_named_and_kept_in_a_copy(path, extra, where):
    data = {"format": FORMAT, "version": VERSION, "students": {"Ana": {"tasks": {}}}} | extra
    original = json.dumps(data)
    path.write_text(original)
    store = Progress(path, student="Ana")
    assert where in store.problem
    store.record("t", True, 1)
    copies = list(path.parent.glob(f"{path.name}.unreadable-*"))
    assert [c.read_text() for c in copies] == [original]
    with pytest.raises(ValueError, match=where):
        read_students(original)


def test_a_file_saved_with_a_byte_order_mark_is_read_whole(path):
    # An editor such as Notepad starts the file it saves with a byte-order mark.
    ann = Progress(path, student="Ann")
    ann.record("t1", True, 3)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    cat = Progress(path, student="Cat")
    assert cat.problem is None and cat.students == ["Ann"]
    cat.record("t2", True, 2)
    kept = read_students(path.read_text(encoding="utf-8"))
    assert kept["Ann"].tasks == {"t1": TaskRecord(True, 3)}
    assert kept["Cat"].tasks == {"t2": TaskRecord(True, 2)}
    assert [p.name for p in path.parent.iterdir() if "unreadable" in p.name] == []


def test_class_settings_written_without_a_time_are_read_and_kept(path):
    """A class file a teacher wrote by hand: its settings are the class's, and stay in the file."""
    data = {"format": FORMAT, "version": VERSION, "class": {"teacher": True, "locked": True}, "students": {}}
    path.write_text(json.dumps(data))
    store = Progress(path, student="Bob")
    assert store.settings.teacher and store.settings.locked and store.problem is None
    store.record("t1", True, 1)
    assert on_disk(path)["class"]["teacher"] is True and on_disk(path)["class"]["locked"] is True


def test_a_read_only_progress_file_is_left_as_it_is_and_the_records_go_on_in_memory(path):
    Progress(path, student="Ana").record("t1", True, 1)
    path.chmod(0o444)
    before = path.read_bytes()
    store = Progress(path, student="Bob")
    assert store.record("t2", True, 2) == TaskRecord(True, 2), "the records go on in memory"
    assert store.problem and "read-only" in store.problem and "not being kept" in store.problem
    assert path.read_bytes() == before and path.stat().st_mode & 0o777 == 0o444


def test_a_shared_class_file_keeps_its_permissions_when_written(path):
    Progress(path, student="Ana").record("t1", True, 1)
    path.chmod(0o666)  # every student's account may write the class's file
    Progress(path, student="Bob").record("t2", True, 2)
    assert path.stat().st_mode & 0o777 == 0o666 and set(read_students(path.read_text())) == {"Ana", "Bob"}


@pytest.mark.parametrize(
    "name", [" Ana", "Ana ", "Jose\u0301"], ids=["space before", "space after", "decomposed"]
)
def test_a_name_stored_in_another_form_is_kept_as_the_same_student(path, name):
    kept = unicodedata.normalize("NFC", name.strip())
    data = {
        "format": FORMAT,
        "version": VERSION,
        "students": {name: {"tasks": {"t1": {"solved": True, "stars": 2}}}, "Ben": {"tasks": {}}},
    }
    path.write_text(json.dumps(data))
    store = Progress(path, student=kept)
    assert store.problem is None and kept in store.students
    assert store.records == {"t1": TaskRecord(True, 2)}
    store.record("t2", True, 1)
    assert read_students(path.read_text())[kept].tasks == {
        "t1": TaskRecord(True, 2),
        "t2": TaskRecord(True, 1),
    }


def test_a_version_1_file_with_a_key_this_version_does_not_keep_is_named_and_kept_in_a_copy(path):
    original = json.dumps({"format": FORMAT, "version": 1, "tasks": {}, "notes": "bring cards"})
    path.write_text(original)
    store = Progress(path)
    assert "the file: unknown key 'notes'" in store.problem
    store.record("t", True, 1)
    assert [c.read_text() for c in path.parent.glob(f"{path.name}.unreadable-*")] == [original]


def test_a_name_saved_in_another_encoding_is_said_to_be_so(path):
    text = student_file(tasks={"t": {"solved": True, "stars": 1}}).replace('"Ana"', '"Ren@"')
    path.write_bytes(text.encode().replace(b"@", b"\xe9"))  # as a Latin-1 editor saves it
    store = Progress(path, student="Ben")
    assert "the byte 0xe9, which is not" in store.problem, store.problem


def test_a_progress_path_from_the_environment_may_start_at_home(tmp_path, monkeypatch):
    from ausp_widget.core.progress_file import default_path

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("AUSP_WIDGET_PROGRESS", "~/class/progress.json")
    assert default_path() == tmp_path / "class" / "progress.json"
