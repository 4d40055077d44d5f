"""A file an editor such as Notepad saved starts with a byte-order mark: every file the package
reads takes it as the text it is (a position, a save, a puzzle file, the class settings)."""

from __future__ import annotations

import json

from ausp_widget import Game, puzzles
from ausp_widget.analysis.puzzles import save
from ausp_widget.core.class_file import ClassFile
from ausp_widget.core.teaching import ClassSettings

BOM = "\ufeff"


def test_a_position_and_a_save_with_a_byte_order_mark_are_read():
    for game in (Game.deal(3), Game.deal(4, game="yukon"), Game.deal(5, game="indian")):
        text = game.to_text()
        assert Game.from_text(BOM + text).to_text() == text
        save = game.to_json()
        assert Game.from_json(BOM + save).to_json() == save
        assert Game.from_json((BOM + save).encode("utf-8")).to_json() == save


def test_a_class_file_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "class.json"
    ClassFile(path).write(ClassSettings(teacher=True, locked=True, changed=1.0))
    path.write_bytes(BOM.encode("utf-8") + path.read_bytes())
    assert ClassFile(path).read() == ClassSettings(teacher=True, locked=True, changed=1.0)


def test_a_puzzle_file_with_a_byte_order_mark_is_read(tmp_path):
    shipped = puzzles.load(game="australian")[:2]
    path = tmp_path / "set.json"
    save(list(shipped), path)
    path.write_bytes(BOM.encode("utf-8") + path.read_bytes())
    assert [p.id for p in puzzles.load(path=path)] == [p.id for p in shipped]
    assert json.loads(path.read_text(encoding="utf-8-sig"))  # the file is as the editor left it
