"""A survey file's lines (JSON lines) read into their records, each field checked against the
record's type by the progress file's rules: a line whose fields have the wrong types would
otherwise be read as a verdict and counted, or fail later with an error naming no line.
"""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

from ausp_widget.core.errors import WrongTypeError, given, short_repr
from ausp_widget.core.progress_checks import check_count, check_flag, check_number, check_path

R = TypeVar("R")


def file_text(path: object) -> str:
    """The text of the file at `path` ("" when there is none); bytes that are not UTF-8 are a
    `ValueError` naming the file and the line."""
    file = check_path("path", path)
    data = file.read_bytes() if file.exists() else b""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ValueError(f"{file}, line {line}: not UTF-8 text ({error.reason})") from None


def read_line(line: str, record: type[R]) -> R:
    """The dataclass `record` one line holds: a JSON object with every field the record needs,
    each of its type (whole numbers and numbers from 0, finite). A `ValueError` (a
    `WrongTypeError` for a wrong type) names the field that is wrong."""
    try:
        data = json.loads(line)
    except RecursionError:
        raise ValueError("nested too deeply to be a record") from None
    if not isinstance(data, dict):
        raise WrongTypeError(f"a line is a JSON object, not {given(data)}")
    fields = {field.name: field for field in dataclasses.fields(record)}  # type: ignore[arg-type]
    unknown = next((key for key in data if key not in fields), None)
    if unknown is not None:
        raise ValueError(f"a {record.__name__} has no field {short_repr(unknown)}")
    needed = dataclasses.MISSING
    missing = [name for name, f in fields.items() if name not in data and f.default is needed]
    if missing:
        raise ValueError(f"the field {missing[0]!r} is missing")
    hints = typing.get_type_hints(record)
    for name, value in data.items():
        _check(name, value, hints[name])
    return record(**data)


def _check(name: str, value: Any, hint: Any) -> None:
    """`value` is of the type `hint` (int, float, bool or str, or one of them or None)."""
    kinds = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    if value is None and type(None) in kinds:
        return
    kind = next(k for k in kinds if k is not type(None))
    if kind is bool:
        check_flag(name, value)
    elif kind is int:
        check_count(name, value)
    elif kind is float:
        check_number(name, value, low=0)
    elif not isinstance(value, kind):
        raise WrongTypeError(f"{name} is {kind.__name__}, not {given(value)}")


def read_records(
    path: str | os.PathLike, record: type[R], what: str, *, skip_cut_off: bool = False
) -> list[R]:
    """Every record in the file at `path`; a line that is not one is a `ValueError` naming the
    file, the line and what is wrong (the file is left as it is). With `skip_cut_off`, a last
    line cut off mid-write (no line end: the run was killed while writing it) is an unfinished
    record, and is skipped. Lines end at "\n" alone: a record's text may hold other line breaks."""
    lines = file_text(path).split("\n")
    found = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            found.append(read_line(line, record))
        except ValueError as error:  # a WrongTypeError is one too
            if skip_cut_off and number == len(lines):  # (a finished file ends in "\n": its last piece is "")
                break
            raise ValueError(f"{Path(path)}, line {number}: not {what} ({error})") from None
    return found
