"""Versioned JSON saves: they round-trip with their history, and a damaged save says what is wrong."""

import json

import pytest
from positions import PAGAT, PAGAT_LINE

from ausp_widget import Game, NotationError


def pagat_game() -> Game:
    game = Game.from_text(PAGAT)
    for move in PAGAT_LINE:
        game.play(move)
    game.undo()
    return game


def test_a_save_keeps_position_history_and_redo():
    game = pagat_game()
    data = json.loads(game.to_json())
    assert data["format"] == "ausp_widget-save" and data["version"] == 1
    assert [m for _, m in data["moves"]] == PAGAT_LINE[:-1]
    restored = Game.from_json(game.to_json())
    assert restored.to_text() == game.to_text()
    assert restored.redo() == game.redo()
    assert restored.to_text() == game.to_text()
    for _ in PAGAT_LINE:
        restored.undo()
    assert restored.to_text() == PAGAT


def test_a_dealt_game_keeps_its_seed():
    game = Game.deal(42)
    game.play("draw")
    assert Game.from_json(game.to_json()).seed == 42


@pytest.mark.parametrize("mode", ["solo", "turns", "simultaneous"])
def test_a_save_whose_seed_was_changed_is_refused(mode):
    game = Game.deal(7, mode=mode)
    game.play("draw")
    altered = edit(game.to_json(), lambda d: d.update(seed=8))
    with pytest.raises(NotationError, match="seed 8 does not match its start position"):
        Game.from_json(altered)
    assert Game.from_json(edit(game.to_json(), lambda d: d.update(seed=None))).seed is None


def edit(save: str, change) -> str:
    data = json.loads(save)
    change(data)
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda s: s[: len(s) // 2], "not valid JSON"),
        (lambda s: "[]", "not an ausp_widget save"),
        (lambda s: edit(s, lambda d: d.update(version=99)), "save version 99 is not supported"),
        (lambda s: edit(s, lambda d: d.pop("moves")), "the save has no 'moves'"),
        (lambda s: edit(s, lambda d: d.update(mode="chess")), "mode 'chess' is not one of"),
        (
            lambda s: edit(s, lambda d: d["moves"].__setitem__(1, [0, "K♣ 2"])),
            r"move 2 \('K♣ 2'\) cannot be replayed",
        ),
        (lambda s: edit(s, lambda d: d["moves"].__setitem__(0, "A♣ 2♣")), "moves entry 1"),
        (lambda s: edit(s, lambda d: d["moves"].pop()), "does not match its moves: the file was altered"),
        (lambda s: edit(s, lambda d: d["start"]["layouts"][0]["stock"].pop()), "missing: 10♠"),
        (lambda s: edit(s, lambda d: d["start"]["layouts"][0]["columns"].pop()), "has 6 columns, not 7"),
        (lambda s: edit(s, lambda d: d["redo"].append([0, "K♠ 9"])), "redo move"),
        (lambda s: edit(s, lambda d: d.update(seed="x")), "a deal number is a whole number, not 'x'"),
    ],
)
def test_a_damaged_save_is_refused_with_the_reason(damage, message):
    with pytest.raises(NotationError, match=message):
        Game.from_json(damage(pagat_game().to_json()))
