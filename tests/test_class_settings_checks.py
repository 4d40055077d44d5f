"""Class settings the class file could not hold are refused before anything is written: the
file every student's app reads stays as it was."""

from __future__ import annotations

import pytest

from ausp_widget.core.class_file import ClassFile
from ausp_widget.core.teaching import ClassSettings

BAD = [
    ({"teacher": "yes"}, "'teacher'"),
    ({"teacher": 1}, "'teacher'"),
    ({"locked": 1}, "'locked'"),
    ({"locked": None}, "'locked'"),
    ({"changed": float("nan")}, "'changed'"),
    ({"changed": float("inf")}, "'changed'"),
    ({"changed": "now"}, "'changed'"),
    ({"changed": True}, "'changed'"),
    ({"changed": 10**400}, "'changed'"),
]


@pytest.mark.parametrize(("fields", "words"), BAD)
def test_bad_settings_are_refused_and_the_class_file_kept(tmp_path, fields, words):
    classes = ClassFile(tmp_path / "class.json")
    good = ClassSettings().with_changes(True, True)
    classes.write(good)
    before = classes.path.read_bytes()
    with pytest.raises((TypeError, ValueError)) as error:
        classes.write(ClassSettings(**fields))
    assert words in str(error.value), error.value
    assert isinstance(error.value, ValueError), "code catching ValueError still catches it"
    assert len(str(error.value)) < 200
    assert classes.path.read_bytes() == before and classes.read() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.json"], "nothing set aside"


def test_a_bad_value_slipped_past_the_checks_is_still_not_written(tmp_path):
    classes = ClassFile(tmp_path / "class.json")
    settings = ClassSettings()
    object.__setattr__(settings, "changed", float("nan"))
    with pytest.raises(ValueError, match="'changed'"):
        classes.write(settings)
    assert not classes.path.exists()


def test_good_settings_still_work():
    assert ClassSettings() == ClassSettings(False, False, 0.0)
    assert ClassSettings(changed=5).changed == 5.0 and isinstance(ClassSettings(changed=5).changed, float)
    later = ClassSettings().with_changes(teacher=True)
    assert later.teacher and not later.locked and later.changed > 0
    with pytest.raises(ValueError, match="teacher"):
        ClassSettings().with_changes(teacher="yes")
