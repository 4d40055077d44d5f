"""A class summary from the progress file: one row per student, and a CSV file of it for a teacher's
spreadsheet (kept apart from `progress` so the store itself stays small)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from ausp_widget.core.errors import WrongTypeError, given, short_repr
from ausp_widget.core.files import write_atomic
from ausp_widget.core.progress_checks import check_flag, check_path
from ausp_widget.core.teaching import help_counts

NO_NAME = "(no name)"
SUMMARY_FIELDS = (
    "student",
    "lessons_tasks_solved",
    "stars",
    "puzzles_tried",
    "puzzles_solved",
    "tries",
    "rating",
    "rated",
    "hints_used",
    "solutions_shown",
    "solver_asked",
)


def summary_rows(students: dict[str, Any]) -> list[dict[str, str | int]]:
    """One row per student (their `StudentRecords`), sorted by name; the default student shows
    as "(no name)"."""
    if not isinstance(students, Mapping) or not all(isinstance(name, str) for name in students):
        raise WrongTypeError(f"students is a dict of records by name, not {short_repr(students)}")
    rows: list[dict[str, str | int]] = []
    for name, kept in sorted(students.items()):
        rows.append(
            {
                "student": name or NO_NAME,
                "lessons_tasks_solved": sum(r.solved for r in kept.tasks.values()),
                "stars": sum(r.stars for r in kept.tasks.values()),
                "puzzles_tried": sum(r.tries > 0 for r in kept.puzzles.values()),
                "puzzles_solved": sum(r.solved > 0 for r in kept.puzzles.values()),
                "tries": sum(r.tries for r in kept.puzzles.values()),
                "rating": round(kept.rating),
                "rated": kept.rated,
                **help_counts(kept.help),
            }
        )
    return rows


def export_csv(
    rows: list[dict[str, str | int]],
    path: Path | str,
    *,
    overwrite: bool = False,
    fields: tuple[str, ...] = SUMMARY_FIELDS,
) -> Path:
    """Write summary rows (each with exactly `fields`, "student" among them) as CSV; an existing
    file is replaced only with `overwrite`, so an export never destroys an earlier one by accident."""
    target = check_path("path", path)
    check_flag("overwrite", overwrite)
    if not isinstance(fields, tuple) or "student" not in fields:
        raise WrongTypeError(f"fields is a tuple of column names with 'student', not {short_repr(fields)}")
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise WrongTypeError(f"rows is a list of summary rows (dicts), not {short_repr(rows)}")
    if any(set(row) != set(fields) for row in rows):
        raise ValueError(f"each row has the fields {', '.join(fields)}")
    if target.exists() and not overwrite:
        raise FileExistsError(f"{target} already exists; pass overwrite=True to replace it")

    def write(handle: IO[str]) -> None:
        import csv  # here, not at the top: in the browser it costs every start a few hundredths of a second

        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows({**row, "student": as_text_cell(str(row["student"]))} for row in rows)

    write_atomic(target, write)
    return target


def as_text_cell(text: str) -> str:
    """A name a spreadsheet would run as a formula (a student typed "=..." as their name) stays text."""
    if not isinstance(text, str):
        raise WrongTypeError(f"text is a cell's text, not {given(text)}")
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
