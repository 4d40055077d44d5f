"""A game from another package, made exactly as the README's section "Adding a game from another
package" says: its files are that section's code blocks, pip installs them (no network, no build
isolation) into a folder of their own, and a new Python finding that folder on its path deals,
plays, solves and draws the game, which has no guide, no puzzle set and no bot.

The files come from the README itself, so the README's steps and this test cannot drift apart.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
HEADING = "### Adding a game from another package"
NAMED_BLOCK = re.compile(r"^`([^`\s]+)`:\s*\n\s*\n```[a-z]*\n(.*?)^```", re.M | re.S)
BLOCK = re.compile(r"^```([a-z]*)\n(.*?)^```", re.M | re.S)

# What the new Python looks at, after running the README's own code (its last block).
CHECKS = """
import json
from importlib.metadata import entry_points

from ausp_widget import IllegalMoveError, Move
from ausp_widget.core import registry
from ausp_widget.core.cards import CARDS

seen = {"ausp_widget": __import__("ausp_widget").__file__}
found = entry_points(group=registry.ENTRY_POINTS)
seen["entry_point"] = sorted(p.value for p in found if p.name == "my_patience")
seen["games"] = [e.name for e in registry.games()]
fresh = Game.deal(7, game="my_patience")
seen["dealt"] = [type(fresh).__name__, fresh.name, fresh.seed, fresh.status]
seen["same_deal"] = Game.deal(7, game="my_patience").tableau() == fresh.tableau()
seen["played"] = [str(m) for _, m in game.history]
shown = [c for p in game.piles() if p.kind == "column" for c in p.cards if c is not None]
legal = {str(m) for m in game.legal_moves()}
wrong = next(f"{card} F" for card in shown if str(Move.parse(f"{card} F")) not in legal)
before = game.tableau(), game.foundations, game.history
try:
    game.play(wrong)
    seen["refused"] = None
except IllegalMoveError as error:
    seen["refused"] = [wrong, str(error)]
seen["unchanged"] = (game.tableau(), game.foundations, game.history) == before
result = solve(game, time_limit=10.0)
seen["solved"] = result.winnable
if result.winnable:
    line = game.copy()
    line.play_winning_line(result.moves)
    seen["line_wins"] = line.status
try:
    game.legal_moves(1)
    seen["player"] = None
except ValueError as error:
    seen["player"] = [type(error).__name__, str(error), game.game]
entry = registry.entry("my_patience")
seen["hint"] = str(entry.hint(game, 0).move) in legal
seen["choice"] = [list(o) for o in app.selector.game.options]
seen["table"] = [type(app.game).__name__, app.game.seed, app.mode]
on_board = {
    item["name"]
    for pile in app.table.board.state["piles"]
    for item in pile["cards"]
    if not item.get("down")
}
face_up = {c.name for p in app.game.piles() for c in p.cards if c is not None}
seen["board"] = [len(on_board), on_board == face_up]
seen["guide"] = [len(app.guide.steps), app.guide.title.value]
seen["winnable_shown"] = "ausp-hidden" not in app.table.buttons["Winnable?"]._dom_classes
app.tabs.selected_index = 2  # the Puzzles tab of a game without a puzzle set
seen["puzzles"] = [app.puzzles.game, app.puzzles.heading.value]
app.mode = "solo"
seen["back"] = [app.game.name, len(app.guide.steps) > 0]
app.mode = "my_patience"
seen["again"] = [app.game.name, app.guide.steps == []]
try:
    seen["text"] = type(Game.from_text(game.to_text())).__name__
except Exception as error:
    seen["text"] = repr(error)
try:
    seen["save"] = type(Game.from_json(game.to_json())).__name__
except Exception as error:
    seen["save"] = repr(error)
print("SEEN" + json.dumps(seen))
"""


def readme_section() -> str:
    """The README's section on a game from another package, up to the next heading."""
    text = README.read_text(encoding="utf-8")
    assert HEADING in text, f"README.md has no section {HEADING!r}"
    section = text.split(HEADING, 1)[1]
    return re.split(r"^#{2,3} ", section, maxsplit=1, flags=re.M)[0]


@pytest.fixture(scope="module")
def seen(tmp_path_factory) -> dict:
    """Make the package from the README's blocks, install it, and run the README's code."""
    section = readme_section()
    files = dict(NAMED_BLOCK.findall(section))
    assert set(files) == {"pyproject.toml", "my_patience/__init__.py"}, sorted(files)
    code = [body for kind, body in BLOCK.findall(section) if kind == "python"][-1]
    assert code not in files.values(), "the README's last Python block is the code to run"
    folder = tmp_path_factory.mktemp("third_party")
    source, site = folder / "my-patience", folder / "site"
    for name, body in files.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(body, encoding="utf-8")
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
    subprocess.run([*pip, "--no-index", "--target", str(site), str(source)], check=True, cwd=folder)
    paths = [str(site), *filter(None, [os.environ.get("PYTHONPATH")])]  # before any path already set
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    script = textwrap.dedent(code) + CHECKS
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=folder, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.rsplit("SEEN", 1)[1])


def test_the_installed_package_names_its_game_under_the_registry_entry_point_group(seen):
    import ausp_widget

    assert seen["ausp_widget"] == ausp_widget.__file__  # the package under test, not another install
    assert seen["entry_point"] == ["my_patience:ENTRY"]
    assert seen["games"][-1] == "my_patience" and {"australian", "indian"} <= set(seen["games"])


def test_the_game_is_dealt_by_its_own_class_the_same_for_the_same_number(seen):
    assert seen["dealt"] == ["MyPatience", "my_patience", 7, "playing"]
    assert seen["same_deal"] is True


def test_a_legal_move_is_played_and_an_illegal_one_refused_with_nothing_changed(seen):
    assert len(seen["played"]) == 1
    wrong, reason = seen["refused"]
    assert wrong.endswith(" F") and reason
    assert seen["unchanged"] is True


def test_the_solver_front_door_decides_the_game_and_a_win_replays(seen):
    assert seen["solved"] in (True, False)
    if seen["solved"]:
        assert seen["line_wins"] == "won"
    assert seen["hint"] is True


def test_the_app_offers_it_and_draws_its_table_without_a_guide_puzzles_or_a_bot(seen):
    assert ["My Patience", "my_patience"] in seen["choice"]
    assert seen["table"] == ["MyPatience", 7, "my_patience"]
    count, same = seen["board"]
    assert count > 20 and same is True  # every face-up card of the game is on the board, no other
    assert seen["winnable_shown"] is True, "the README's entry names a resumable search"
    steps, words = seen["guide"]
    assert steps == 0 and "My Patience has no guide" in words
    shown, heading = seen["puzzles"]  # another game's set, and the words saying the game has none
    assert shown in seen["games"] and "My Patience has no puzzles yet" in heading
    assert seen["back"] == ["australian", True] and seen["again"] == ["my_patience", True]


def test_its_position_text_and_save_read_back_as_its_own_game(seen):
    assert (seen["text"], seen["save"]) == ("MyPatience", "MyPatience")


def test_a_wrong_player_is_refused_in_the_games_own_name(seen):
    """Built on Yukon's class, My Patience still says its own title, never Yukon's."""
    assert seen["player"] == [
        "ValueError",
        "player must be 0 in My Patience (a game for one), not 1",
        "my_patience",
    ]


def test_a_game_built_on_yukons_class_is_called_by_its_own_names_and_yukons_are_unchanged():
    """The same in this Python, for a class like the README's and for the shipped games."""
    from ausp_widget import Game
    from ausp_widget.games.yukon import YukonGame

    class Mine(YukonGame):
        name = "mine"
        title = "Mine"

    game = Mine.deal(7)
    before = game.to_json()
    with pytest.raises(ValueError, match=r"^player must be 0 in Mine \(a game for one\), not 1$"):
        game.legal_moves(1)
    assert game.game == "mine" and game.to_json() == before
    for name, title in [("yukon", "Yukon"), ("russian", "Russian Solitaire")]:
        shipped = Game.deal(7, game=name)
        assert shipped.game == name
        with pytest.raises(ValueError, match=rf"^player must be 0 in {title} \(a game for one\), not 1$"):
            shipped.legal_moves(1)
