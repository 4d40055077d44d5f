"""A class's shared progress file survives any single bad call and any one bad record: a bad
argument is refused by name with the file left byte for byte as it was; whatever good calls
were made among bad ones, a new app on the file reads every one of them; a file with one record
spoilt keeps all the others and a copy of itself; a linked file is written through."""

from __future__ import annotations

import json
import math
import numbers
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from fuzz_values import DOCUMENTED, hostile, json_values, refused_plainly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget.core.progress import Progress, PuzzleRecord, TaskRecord, read_students
from ausp_widget.core.stars import FULL
from ausp_widget.core.teaching import HELP_KINDS

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# What the store takes, said again here from its documentation (not from its code), as the oracle
# the store is measured against.


def good_id(value: object) -> bool:
    return (
        isinstance(value, str) and bool(value.strip()) and not any("\ud800" <= c <= "\udfff" for c in value)
    )


def good_flag(value: object) -> bool:
    return isinstance(value, bool)


def good_stars(value: object) -> bool:
    return type(value) is int and 0 <= value <= FULL


def good_number(value: object, low: float | None = None) -> bool:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    try:
        number = float(value)
    except OverflowError:
        return False
    return math.isfinite(number) and (low is None or number >= low)


def good_seconds(value: object) -> bool:
    return value is None or good_number(value, 0)


def good_rating(value: object) -> bool:
    return value is None or good_number(value)


def good_kind(value: object) -> bool:
    return isinstance(value, str) and value in HELP_KINDS


def good_gap(value: object) -> bool:
    return type(value) is int and value >= 0


def good_records(value: object) -> bool:
    return isinstance(value, dict) and all(
        good_id(key) and isinstance(record, TaskRecord) for key, record in value.items()
    )


ids = st.one_of(
    st.sampled_from(["t1", "t2", "australian/a/b", "p 1", "Zoë/★"]), st.text(min_size=1, max_size=6)
)
good_ids = ids.filter(good_id)
near_misses = st.one_of(
    st.sampled_from(
        ["yes", "", " ", "\ud800", "p\udfff", "\udc80x", 99, 4, -1, 2.5, None, 1, 0, float("nan")]
    ),
    st.sampled_from([10**400, -(10**400), float("inf"), "True", b"t", ("t",), True, False]),
)
bad_values = st.one_of(hostile, near_misses)

# Each call: its name, the checks of its arguments, and good arguments to put the bad one among.
CALLS = {
    "record": ((good_id, good_flag, good_stars), st.tuples(good_ids, st.booleans(), st.integers(0, FULL))),
    "record_puzzle": (
        (good_id, good_flag, good_seconds, good_rating),
        st.tuples(
            good_ids,
            st.booleans(),
            st.one_of(st.none(), st.floats(0, 1e6)),
            st.one_of(st.none(), st.floats(-1e4, 1e4)),
        ),
    ),
    "record_help": ((good_id, good_kind), st.tuples(good_ids, st.sampled_from(HELP_KINDS))),
    "get": ((good_id,), st.tuples(good_ids)),
    "puzzle": ((good_id,), st.tuples(good_ids)),
    "due_again": ((good_gap,), st.tuples(st.integers(0, 5))),
    "clear": ((good_flag,), st.tuples(st.just(False))),
}
KEYWORDS = {"set_settings": ("teacher", "locked")}


@contextmanager
def class_file() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder) / "progress.json"


def seeded(path: Path) -> Progress:
    store = Progress(path, student="Ana")
    store.record("t", True, 2)
    store.record_puzzle("p", False, None, rating=990.0)
    store.record_help("t", "hint")
    store.student = "Ben"
    store.record("t", False, 1)
    return store


def state(store: Progress) -> tuple:
    """Everything a store shows of its records: the student, each student's records, the class."""
    who, seen = store.student, {}
    for name in store.students:
        store.student = name
        seen[name] = (dict(store.records), store.puzzles, store.rating, store.rated)
    store.student = who
    return who, seen, store.summary_rows(), store.settings_read


def files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.parent.iterdir() if p.name != path.name + ".lock"}


@st.composite
def bad_calls(draw):
    """A call with exactly one bad argument: (method name, args, kwargs)."""
    name = draw(st.sampled_from([*CALLS, "set_settings", "student", "records", "export_csv"]))
    bad = draw(bad_values)
    if name == "set_settings":
        key = draw(st.sampled_from(KEYWORDS[name]))
        if bad is None or good_flag(bad):
            bad = "on"
        return name, (), {key: bad}
    if name == "student":
        return name, (bad,), {}
    if name == "records":
        key = draw(st.sampled_from(["key", "value", "whole"]))
        try:
            hash(bad)
        except TypeError:
            key = "whole"
        whole = {bad: TaskRecord()} if key == "key" else {"t": bad} if key == "value" else bad
        if good_records(whole):  # a drawn "bad" value can be good here: a text id such as "0", or {}
            whole = 5
        return name, (whole,), {}
    if name == "export_csv":
        if isinstance(bad, str) and bad.strip() and "\x00" not in bad:
            bad = 5  # maybe a good path: this test is about bad ones, and writes no file
        return name, (bad,), {}
    checks, good = CALLS[name]
    args = list(draw(good))
    place = draw(st.integers(0, len(args) - 1))
    if checks[place](bad) or (name == "clear" and bad is False):
        bad = object()
    args[place] = bad
    return name, tuple(args), {}


def call(store: Progress, name: str, args: tuple, kwargs: dict):
    if name == "student":
        store.student = args[0]
    elif name == "records":
        store.records = args[0]
    else:
        return getattr(store, name)(*args, **kwargs)


@FAST
@given(bad_calls())
def test_any_single_bad_call_is_refused_plainly_and_leaves_the_file_byte_identical(bad):
    name, args, kwargs = bad
    whole = args[0] if name == "records" else None
    if isinstance(whole, dict) and all(good_id(k) and isinstance(v, TaskRecord) for k, v in whole.items()):
        return  # a good dict after all
    if name == "student" and isinstance(args[0], str):
        return  # a name's own rules are tested in test_progress; any text may be a good name
    with class_file() as path:
        store = seeded(path)
        before, memory = files(path), state(store)
        try:
            call(store, name, args, kwargs)
        except DOCUMENTED as error:
            assert refused_plainly(error), error
        else:
            raise AssertionError(f"{name}{args}{kwargs} was not refused")
        assert files(path) == before, "the file (and its folder) as it was"
        assert state(store) == memory, "the records as they were"
        store.record("after", True, 1)
        assert read_students(path.read_text(encoding="utf-8"))["Ben"].tasks["after"] == TaskRecord(True, 1)


good_calls = st.one_of(
    st.tuples(st.just("record"), CALLS["record"][1]),
    st.tuples(st.just("record_puzzle"), CALLS["record_puzzle"][1]),
    st.tuples(st.just("record_help"), CALLS["record_help"][1]),
    st.tuples(st.just("student"), st.sampled_from(["", "Ana", "Ben", " Zoë "]).map(lambda n: (n,))),
)


@FAST
@given(
    st.lists(
        st.one_of(good_calls.map(lambda c: (True, c)), bad_calls().map(lambda c: (False, c))), max_size=12
    )
)
def test_after_good_and_bad_calls_a_new_app_reads_every_good_record(steps):
    with class_file() as path:
        store = Progress(path)
        tasks: dict[tuple[str, str], TaskRecord] = {}
        for good, step in steps:
            if good:
                name, args = step
                call(store, name, args, {})
                if name == "record":
                    key, old = (store.student, args[0]), tasks.get((store.student, args[0]), TaskRecord())
                    tasks[key] = TaskRecord(old.solved or args[1], max(old.stars, args[2]))
            else:
                with suppress(DOCUMENTED):
                    call(store, *step)
        assert store.problem is None, store.problem
        again = Progress(path)
        assert again.problem is None and state(again)[1:] == state(store)[1:]
        for (student, key), record in tasks.items():
            again.student = student
            assert again.get(key) == record


class_files = st.lists(good_calls, min_size=1, max_size=10)  # the calls that write a good file


def spoil(data: dict, draw) -> tuple[str, str, str] | None:
    """Spoil one record of one student in place; (student, section, key) of the spoilt record."""
    places = [
        (name, section, key)
        for name, kept in data["students"].items()
        for section in ("tasks", "puzzles", "help")
        for key in kept.get(section, {})
    ]
    if not places:
        return None
    student, section, key = draw(st.sampled_from(places))
    how = draw(st.sampled_from(["value", "key"]))
    entries = data["students"][student][section]
    if how == "value":
        entries[key] = draw(json_values)
    else:
        entries[draw(st.sampled_from(["", " ", key + "\ud800", "\udcff"]))] = entries.pop(key)
    return student, section, key


@FAST
@given(class_files, st.data())
def test_a_file_with_one_record_spoilt_keeps_every_other_record_and_a_copy(steps, data):
    with class_file() as path:
        writer = Progress(path)
        for name, args in steps:
            call(writer, name, args, {})
        writer.save()
        good = json.loads(path.read_text(encoding="utf-8"))
        spoilt = json.loads(json.dumps(good))
        where = spoil(spoilt, data.draw)
        text = json.dumps(spoilt, ensure_ascii=True)  # a surrogate, as in a file, is an escape
        path.write_text(text, encoding="utf-8")
        store = Progress(path)
        assert path.read_text(encoding="utf-8") == text, "reading alone writes nothing over the file"
        copies = list(path.parent.glob("progress.json.unreadable-*"))
        assert not copies or [c.read_text(encoding="utf-8") for c in copies] == [text]
        if store.problem is not None:
            assert copies and copies[0].name in store.problem
        store.save()
        kept = json.loads(path.read_text(encoding="utf-8"))["students"]
        for name, records in good["students"].items():
            for section in ("tasks", "puzzles", "help"):
                for key, value in records.get(section, {}).items():
                    if where is None or (name, section, key) != where[:3]:
                        assert kept[name][section][key] == value, (name, section, key)
        assert [c.read_text(encoding="utf-8") for c in path.parent.glob("progress.json.unreadable-*")] == (
            [text] if copies else []
        ), "the copy is kept and made once"


@FAST
@given(class_files, st.data())
def test_random_bytes_in_a_file_never_lose_it_nor_stop_the_app(steps, data):
    with class_file() as path:
        writer = Progress(path)
        for name, args in steps:
            call(writer, name, args, {})
        writer.save()
        original = bytearray(path.read_bytes())
        for _ in range(data.draw(st.integers(1, 3))):
            at = data.draw(st.integers(0, len(original) - 1))
            original[at] = data.draw(st.integers(0, 255))
        spoilt = bytes(original)
        path.write_bytes(spoilt)
        store = Progress(path)  # never raises
        store.record("after", True, 1)
        found = [p.read_bytes() for p in path.parent.glob("progress.json.unreadable-*")]
        assert spoilt in found or spoilt == path.read_bytes() or store.problem is None
        if store.problem is not None:
            assert spoilt in found, "the file as it was is kept aside"
        assert Progress(path).get("after") == TaskRecord(True, 1)


@FAST
@given(st.lists(good_calls, max_size=8))
def test_writing_through_a_link_keeps_the_link_and_the_file_gets_every_record(steps):
    with class_file() as path:
        shared = path.parent / "class" / "progress.json"
        shared.parent.mkdir()
        Progress(shared, student="Teacher").record("shown", True, FULL)
        link = path.parent / "mine.json"
        link.symlink_to(shared)
        store = Progress(link)
        for name, args in steps:
            call(store, name, args, {})
        store.save()
        assert link.is_symlink() and link.resolve() == shared.resolve()
        assert store.problem is None
        assert state(Progress(shared))[1:] == state(store)[1:]
        assert Progress(shared, student="Teacher").get("shown") == TaskRecord(True, FULL)


def test_a_puzzle_record_made_by_hand_is_checked_as_the_file_is():
    for fields in [(1, 2), (-1, 0), (1, 1, -2.0), (1, 0, 3.0), (1, 1, None, "2"), (True, 0)]:
        try:
            PuzzleRecord(*fields)
        except DOCUMENTED as error:
            assert refused_plainly(error)
        else:
            raise AssertionError(f"PuzzleRecord{fields} was made")


record_like = st.one_of(
    json_values,
    st.fixed_dictionaries({"solved": json_values, "stars": json_values}),
    st.fixed_dictionaries(
        {"tries": json_values, "solved": json_values, "best_seconds": json_values},
        optional={"missed": json_values, "cleared": json_values},
    ),
    st.lists(st.sampled_from([*HELP_KINDS, "peek", "\ud800"]), max_size=3),
)
keys = st.one_of(st.text(max_size=6), st.sampled_from(["", " ", "t", "\ud800", "\udcff", "a\nb", "Zoë"]))
students_like = st.dictionaries(
    keys,
    st.one_of(
        json_values,
        st.dictionaries(
            st.sampled_from(["tasks", "puzzles", "help", "rating", "rated", "other"]),
            st.one_of(json_values, st.dictionaries(keys, record_like, max_size=3)),
            max_size=5,
        ),
    ),
    max_size=3,
)


@FAST
@given(students_like, st.one_of(st.none(), json_values))
def test_whatever_else_a_file_holds_the_app_starts_keeps_the_good_records_and_can_write_them(
    students, settings_value
):
    good = {"tasks": {"kept": {"solved": True, "stars": 2}}, "puzzles": {"p": {"tries": 2, "solved": 1}}}
    data = {"format": "ausp_widget-progress", "version": 2, "students": {**students, "Good": good}}
    if settings_value is not None:
        data["class"] = settings_value
    text = json.dumps(data, ensure_ascii=True)
    with class_file() as path:
        path.write_text(text, encoding="utf-8")
        store = Progress(path)  # never raises
        store.record("after", True, 1)
        assert store.problem is None or "not being kept" not in store.problem, store.problem
        again = Progress(path)
        assert again.problem is None and again.get("after") == TaskRecord(True, 1)
        assert state(again)[1:] == state(store)[1:], "every record read is written back"
        again.student = "Good"
        assert again.records == {"kept": TaskRecord(True, 2)} and again.puzzles == {"p": PuzzleRecord(2, 1)}
