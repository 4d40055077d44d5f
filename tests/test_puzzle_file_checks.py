"""A puzzle file of one's own is refused at load when an entry holds what the rest of the
package cannot use: an id that cannot be written, a difficulty that is not a number from 0 up,
a theme that is not one, or a file that says it is for another game."""

from __future__ import annotations

import copy
import json

import pytest

from ausp_widget import puzzles
from ausp_widget.analysis.puzzles import PuzzleFileError
from ausp_widget.analysis.puzzles_cut import BUILDING, JUDGE_THEME
from ausp_widget.data import file as data_file


@pytest.fixture(scope="module")
def good() -> dict:
    """The first shipped Australian entry, as its file holds it."""
    text = data_file("puzzles_australian.json").read_text(encoding="utf-8")
    return json.loads(text)["puzzles"][0]


def _write(path, entries, **top) -> None:
    path.write_text(json.dumps({**top, "puzzles": entries}), encoding="utf-8")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("id", "\ud800", "lone surrogate"),
        ("id", "", "'id'"),
        ("id", 7, "'id'"),
        ("difficulty", float("nan"), "'difficulty' must be a number from 0 up"),
        ("difficulty", float("inf"), "'difficulty' must be a number from 0 up"),
        ("difficulty", float("-inf"), "'difficulty' must be a number from 0 up"),
        ("difficulty", True, "'difficulty' must be a number from 0 up"),
        ("difficulty", -1, "'difficulty' must be a number from 0 up"),
        pytest.param("difficulty", 10**400, "'difficulty' must be a number from 0 up", id="difficulty-huge"),
        ("themes", ["foundation", "nonsense theme"], "'nonsense theme'"),
    ],
)
def test_an_entry_the_package_cannot_use_is_refused_at_load(tmp_path, good, field, value, words):
    entry = copy.deepcopy(good)
    entry[field] = value
    path = tmp_path / "mine.json"
    _write(path, [good, entry], game="australian")
    with pytest.raises(PuzzleFileError) as error:
        puzzles.load(path=path)
    message = str(error.value)
    assert str(path) in message and "puzzle entry 2" in message and words in message, message
    message.encode("utf-8")  # the message itself can be printed


def test_a_large_difficulty_in_the_file_text_is_refused(tmp_path, good):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"puzzles": [good]}).replace('"difficulty": 0.363', '"difficulty": 1e400'))
    with pytest.raises(PuzzleFileError, match="'difficulty' must be a number from 0 up"):
        puzzles.load(path=path)


@pytest.mark.parametrize("game", ["indian", None, 3])
def test_a_file_whose_game_is_not_its_puzzles_game_is_refused(tmp_path, good, game):
    path = tmp_path / "mine.json"
    _write(path, [good], game=game)
    with pytest.raises(PuzzleFileError) as error:
        puzzles.load(path=path)
    message = str(error.value)
    assert str(path) in message and "'game'" in message and "'australian'" in message, message


def test_a_good_file_still_loads_with_or_without_its_game(tmp_path, good):
    path = tmp_path / "mine.json"
    _write(path, [good], game="australian")
    assert [p.id for p in puzzles.load(path=path)] == [good["id"]]
    _write(path, [good])
    assert [p.id for p in puzzles.load(path=path)] == [good["id"]]


def test_every_theme_a_made_or_shipped_puzzle_has_is_known():
    from ausp_widget.analysis.puzzles import THEMES

    assert {BUILDING, JUDGE_THEME, "stock left", "endgame"} <= THEMES
    for game in ("australian", "indian", "yukon"):
        assert {t for p in puzzles.load(game) for t in p.themes} <= THEMES
