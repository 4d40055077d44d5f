"""Games are plug-ins: a game another installed package names under the entry point group
`ausp_widget.games` appears in the registry and the app's game choice; a broken plug-in is
left out with a warning and takes no other game down."""

from __future__ import annotations

import dataclasses
import logging
import sys
from importlib.metadata import EntryPoint

import pytest

from ausp_widget import AustralianPatience, win_chance
from ausp_widget.core import registry
from ausp_widget.core.entry_check import EntryError, check_entry
from ausp_widget.core.game_entry import GameEntry, no_guide
from ausp_widget.games.australian import ENTRY as AUSTRALIAN
from ausp_widget.games.yukon import ENTRY as YUKON
from ausp_widget.games.yukon import YukonGame
from ausp_widget.widgets.mode_choice import ModeChoice
from ausp_widget.widgets.parts import Parts


class Plain(YukonGame):
    """A game of another package, built on a shipped game's class, with a name of its own."""

    name = "plain"
    title = "Plain Patience"


PLAIN = GameEntry.one_player(Plain, solve=YUKON.solve, hint=YUKON.hint, rules=YUKON.rules, tip="Plain")
PLUGIN = dataclasses.replace(
    AUSTRALIAN, name="plugged", title="A plugged-in game", modes={"plugged": ("solo", "Plugged in")}, tips={}
)


@pytest.fixture
def plugins(monkeypatch, tmp_path):
    """The registry as a fresh kernel has it, finding the entry points given."""
    module = tmp_path / "plugged_game.py"
    module.write_text("from test_plugins import PLUGIN as ENTRY, PLAIN\nBROKEN = None\n")
    (tmp_path / "exiting_game.py").write_text("raise SystemExit('run as a script')\n")
    (tmp_path / "half_game.py").write_text(  # registers itself, then fails to import
        "from ausp_widget.core.registry import register\nfrom test_plugins import PLAIN\n"
        "register(PLAIN)\nraise RuntimeError('the rest of it failed')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "test_plugins", sys.modules[__name__])
    on_import = ("australian", "indian")  # the games the package registers as it is imported
    fresh = {name: entry for name, entry in registry._GAMES.items() if name in on_import}
    monkeypatch.setattr(registry, "_GAMES", fresh)
    monkeypatch.setattr(registry, "_PLUGINS_LOADED", False)

    def install(*points: tuple[str, str]) -> None:
        found = [EntryPoint(name, value, registry.ENTRY_POINTS) for name, value in points]
        monkeypatch.setattr(
            registry, "entry_points", lambda group: found if group == registry.ENTRY_POINTS else []
        )

    return install


def test_the_shipped_games_are_named_as_entry_points():
    from importlib.metadata import entry_points

    named = {point.name: point.load() for point in entry_points(group=registry.ENTRY_POINTS)}
    assert {name: entry.name for name, entry in named.items()} == {
        "australian": "australian",
        "indian": "indian",
        "russian": "russian",
        "yukon": "yukon",
    }


def test_an_installed_plugin_game_appears_in_the_registry_and_the_game_choice(plugins):
    plugins(("plugged", "plugged_game:ENTRY"))
    assert [g.name for g in registry.games()] == ["australian", "indian", "plugged"]
    assert registry.table_modes()["plugged"] == "Plugged in"
    choice = ModeChoice("solo", Parts())
    assert ("A plugged-in game", "plugged") in choice.game.options
    choice.game.value = "plugged"
    assert choice.value == "plugged"


def test_a_broken_plugin_is_left_out_with_a_warning(plugins, caplog):
    plugins(
        ("missing", "no_such_module:ENTRY"),
        ("wrong", "plugged_game:BROKEN"),
        ("exits", "exiting_game:ENTRY"),
        ("half", "half_game:ENTRY"),
        ("plugged", "plugged_game:ENTRY"),
    )
    with caplog.at_level(logging.WARNING, logger=registry.__name__):
        names = [g.name for g in registry.games()]
    assert names == ["australian", "indian", "plugged"]
    assert "exiting_game:ENTRY could not be loaded: SystemExit('run as a script')" in caplog.text
    assert "half_game:ENTRY could not be loaded" in caplog.text, "and what it registered is gone"
    assert "no_such_module:ENTRY could not be loaded" in caplog.text
    assert "plugged_game:BROKEN is left out: None is not a GameEntry" in caplog.text


def test_the_registry_finds_the_same_entry_points_as_importlib_metadata():
    from importlib.metadata import entry_points

    theirs = sorted((point.name, point.value) for point in entry_points(group=registry.ENTRY_POINTS))
    ours = sorted((point.name, point.value) for point in registry.entry_points(registry.ENTRY_POINTS))
    assert ours == theirs and ("indian", "ausp_widget.games.indian:ENTRY") in ours


def test_importing_the_package_leaves_the_searches_for_their_first_use():
    import subprocess
    import sys

    code = (
        "import sys, ausp_widget; print(sorted(m for m in sys.modules if m.startswith('ausp_widget.games')))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for lazy in ("indian.game", "indian.solver", "indian.hints", "australian.solver", "australian.bot"):
        assert f"ausp_widget.games.{lazy}'" not in loaded, lazy
    assert "ausp_widget.games.australian.game'" in loaded  # `ausp_widget.Game` is the Australian game


def test_a_later_name_imports_on_first_use_and_stands_for_what_it_names():
    from ausp_widget.games.indian.game import IndianGame

    entry = registry.entry("indian")
    assert (entry.name, entry.title) == (IndianGame.name, IndianGame.title)
    game = entry.deal(5)
    assert isinstance(game, entry.game_class) and entry.game_class.card_count == IndianGame.card_count
    assert issubclass(IndianGame, entry.game_class) and entry.hint(game).move in game.legal_moves()
    with pytest.raises(ValueError, match="module:name"):
        registry.Later("ausp_widget.games.indian.game")
    with pytest.raises(ModuleNotFoundError):
        registry.Later("ausp_widget.games.nowhere:Game")()


def test_a_one_player_entry_is_read_from_its_class_and_names_no_part_it_was_not_given():
    assert (PLAIN.name, PLAIN.title, dict(PLAIN.modes)) == (
        "plain",
        "Plain Patience",
        {"plain": ("solo", "Plain Patience")},
    )
    assert dict(PLAIN.tips) == {"plain": "Plain"} and PLAIN.guide is no_guide and PLAIN.guide("plain") == []
    assert (PLAIN.bot, PLAIN.solver, PLAIN.reviews) == (None, None, False)
    assert PLAIN.sample.path == "ausp_widget.core.view:sample_from_view"  # the class has from_view
    bare = type("Bare", (), {"name": "bare", "title": "Bare", "deal": YukonGame.deal})
    parts = {"solve": YUKON.solve, "hint": YUKON.hint, "rules": YUKON.rules}
    assert GameEntry.one_player(bare, **parts).sample is None  # no from_view: no sampler
    game = PLAIN.deal(4)
    assert type(game) is Plain and game.seed == 4 and game.tableau() == YUKON.deal(4).tableau()
    assert check_entry(PLAIN, {}) is PLAIN
    nameless = type("Nameless", (Plain,), {"name": None})
    with pytest.raises(EntryError, match="its name must start with a lower-case letter"):
        check_entry(GameEntry.one_player(nameless, solve=YUKON.solve, hint=YUKON.hint, rules=YUKON.rules), {})


def test_a_game_without_a_guide_puzzles_or_a_bot_plays_in_the_app_with_those_parts_left_out(plugins):
    plugins(("plain", "plugged_game:PLAIN"))
    app = AustralianPatience(mode="plain", seed=4)
    guide = app.guide
    assert type(app.game) is Plain and guide.steps == [] and not guide.lessons.options
    assert "Plain Patience has no guide: press Play now" in guide.title.value
    assert "ausp-hidden" in guide.board.box._dom_classes and "ausp-hidden" in guide.next_button._dom_classes
    feedback = guide.attempt(app.game.legal_moves()[0])
    assert (feedback.correct, feedback.text) == (
        False,
        "Plain Patience has no guide: there is no task to try.",
    )
    guide.go(3)
    guide.playing = True
    guide._tick()
    assert guide.step == 0 and guide.playing is False
    with pytest.raises(IndexError, match="Plain Patience has no guide"):
        guide.figure()
    with pytest.raises(ValueError, match="no position to try"):
        guide.try_from_here()
    assert [label for label, mode in app.selector.game.options if mode == "plain"] == ["Plain Patience"]
    app.game.play(app.game.legal_moves()[0])  # the live table plays it
    assert len(app.game.history) == 1
    assert win_chance(app.game, samples=2, seed=0, time_limit=0.1).samples == 2
    app.tabs.selected_index = 2  # the Puzzles tab keeps the set on show: the game has none
    assert app.puzzles.game == "australian"
    said = "Plain Patience has no puzzles yet: these are Australian Patience&#x27;s."
    assert said in app.puzzles.heading.value
    app.mode = "solo"
    assert guide.steps and "ausp-hidden" not in guide.board.box._dom_classes
    assert "no puzzles" not in app.puzzles.heading.value
    app.mode = "plain"
    assert guide.steps == [] and type(app.game) is Plain and said in app.puzzles.heading.value


def test_what_is_no_game_is_refused_naming_the_games_there_are(plugins):
    plugins(("plain", "plugged_game:PLAIN"))
    games = r"\(Australian Patience, Indian Patience, Plain Patience\)"
    with pytest.raises(TypeError, match=rf"expected a game {games}, not str"):
        registry.entry_for("a game")
