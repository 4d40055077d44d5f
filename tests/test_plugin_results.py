"""A plug-in game's parts that fail are reported by game and part: a part named with `Later`
that cannot be imported says which game, which part and which path."""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint

import pytest

from ausp_widget import AustralianPatience, Game, solve
from ausp_widget.analysis import hint
from ausp_widget.core import game_entry, registry

LAZY = """
from ausp_widget.core.registry import GameEntry, Later
from ausp_widget.games.yukon import ENTRY as YUKON, YukonGame


class Lazy(YukonGame):
    name = "lazy"
    title = "Lazy"


ENTRY = GameEntry.one_player(
    Lazy, solve=Later("nope_mod:solve"), hint=Later("lazyplug:missing"), rules=YUKON.rules
)
"""


BROKEN = """
from ausp_widget.core.registry import GameEntry, Later
from ausp_widget.games.yukon import ENTRY as YUKON

ENTRY = GameEntry(  # its class is misspelt: brokenplug has no BrokenGame
    name="broken",
    title="Broken",
    game_class=Later("brokenplug:BrokenGame"),
    modes={"broken": ("solo", "Broken")},
    deal=Later("brokenplug:BrokenGame.deal"),
    read_text=Later("brokenplug:BrokenGame.from_text"),
    read_save=YUKON.read_save,
    solve=YUKON.solve,
    solver=None,
    hint=YUKON.hint,
    rules=YUKON.rules,
)
"""


@pytest.fixture
def plugins(monkeypatch, tmp_path):
    """The registry as a fresh kernel has it, finding the plug-in modules given (name: source)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    fresh = {name: entry for name, entry in registry._GAMES.items() if name in ("australian", "indian")}
    monkeypatch.setattr(registry, "_GAMES", fresh)
    monkeypatch.setattr(registry, "_PLUGINS_LOADED", False)

    def install(**modules: str) -> None:
        for name, source in modules.items():
            (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
            monkeypatch.delitem(sys.modules, name, raising=False)
        found = [EntryPoint(name, f"{name}:ENTRY", registry.ENTRY_POINTS) for name in modules]
        monkeypatch.setattr(
            registry, "entry_points", lambda group: found if group == registry.ENTRY_POINTS else []
        )

    yield install
    for name in ("lazyplug", "wrongplug", "raisingplug", "brokenplug", "wronghintplug"):
        sys.modules.pop(name, None)


def test_a_later_part_that_cannot_be_imported_names_the_game_the_part_and_the_path(plugins):
    plugins(lazyplug=LAZY)
    game = Game.deal(3, game="lazy")  # the entry passed its check
    with pytest.raises(ImportError) as error:
        solve(game, time_limit=1)
    assert str(error.value) == (
        "game 'lazy': its solve Later('nope_mod:solve') could not be imported: No module named 'nope_mod'"
    )
    assert isinstance(error.value, ModuleNotFoundError), "still the error it was, for code catching it"
    with pytest.raises(ImportError) as error:
        hint(game)
    assert str(error.value) == (
        "game 'lazy': its hint Later('lazyplug:missing') could not be imported: "
        "module 'lazyplug' has no attribute 'missing'"
    )
    assert isinstance(error.value, game_entry.PartError)


def test_a_later_not_yet_in_a_game_names_its_path():
    with pytest.raises(
        ImportError, match=r"^Later\('ausp_widget.games.nowhere:Game'\) could not be imported"
    ):
        registry.Later("ausp_widget.games.nowhere:Game")()
    with pytest.raises(ImportError, match="has no attribute 'nothing_here'"):
        registry.Later("ausp_widget.core.registry:nothing_here").load()


WRONG = """
import dataclasses

from ausp_widget.core.registry import GameEntry
from ausp_widget.games.yukon import ENTRY as YUKON, YukonGame


class Wrong(YukonGame):
    name = "wrong"
    title = "Wrong"


ENTRY = dataclasses.replace(
    GameEntry.one_player(Wrong, solve=YUKON.solve, hint=YUKON.hint, rules=YUKON.rules),
    deal=lambda seed, **how: None,
    read_text=lambda text: "a position",
    read_save=lambda data: 3,
)
"""

RAISING = WRONG.replace('"wrong"', '"raising"').replace(
    "deal=lambda seed, **how: None", "deal=lambda seed, **how: (_ for _ in ()).throw(RuntimeError('boom'))"
)


def test_a_plugin_part_that_makes_no_game_is_refused_naming_the_game(plugins):
    plugins(wrongplug=WRONG)
    with pytest.raises(TypeError) as error:
        Game.deal(3, game="wrong")
    assert str(error.value).startswith("game 'wrong': its deal returned None, not a game"), error.value
    with pytest.raises(TypeError, match="game 'wrong': its read_text returned 'a position', not a game"):
        registry.read_text("game: wrong\n")
    with pytest.raises(TypeError, match="game 'wrong': its read_save returned 3, not a game"):
        registry.read_save({"game": "wrong"})
    with pytest.raises(TypeError, match="game 'wrong': its deal returned None"):
        AustralianPatience(mode="wrong", seed=3).table  # noqa: B018


@pytest.mark.parametrize(
    ("module", "mode", "error"), [("wrongplug", "wrong", TypeError), ("raisingplug", "raising", RuntimeError)]
)
def test_a_failed_switch_of_mode_keeps_the_apps_mode_and_game(plugins, module, mode, error):
    plugins(**{module: WRONG if mode == "wrong" else RAISING})
    app = AustralianPatience(mode="solo", seed=3)
    before = app.game
    with pytest.raises(error):
        app.mode = mode
    assert app.mode == "solo" and app.game is before and app.table.mode == "solo"
    assert app.selector.value == "solo"
    with pytest.raises(error):
        app.selector.value = mode  # the choice made in the selector
    assert app.mode == "solo" and app.game is before and app.selector.value == "solo"
    app.mode = "indian"  # a switch that works still works
    assert app.game.name == "indian" and app.table.mode == "indian" and app.selector.value == "indian"
    app.close()


def test_the_shipped_games_still_deal_and_read_back():
    for entry in registry.games():
        game = entry.deal(2)
        assert registry.read_text(game.to_text()).to_text() == game.to_text()


def test_a_misspelt_class_names_the_game_when_dealt_and_when_chosen_in_the_app(plugins):
    plugins(brokenplug=BROKEN)
    missing = (
        "game 'broken': its deal Later('brokenplug:BrokenGame.deal') could not be imported: "
        "module 'brokenplug' has no attribute 'BrokenGame'"
    )
    with pytest.raises(ImportError) as error:
        Game.deal(3, game="broken")
    assert str(error.value) == missing
    app = AustralianPatience(mode="solo", seed=3)
    before = app.game
    app.selector.game.value = "broken"  # the Game choice clicked: no error escapes the click
    assert app.mode == "solo" and app.game is before and app.selector.value == "solo"
    assert app.selector.game.value == "australian", "the choice shows the game still on the table"
    assert app.selector.reason.value == f"Broken cannot be played: {missing}"
    app.selector.game.value = "indian"  # a game that deals still does, and the reason line moves on
    assert app.game.name == "indian" and not app.selector.reason.value.startswith("Broken")
    app.close()


def test_a_made_game_that_lacks_a_name_of_the_protocol_is_told_which():
    from ausp_widget.core.game_entry import Maker
    from ausp_widget.games.yukon import YukonGame

    class NoMoves(YukonGame):
        legal_moves = None  # a method the game protocol needs, set aside by mistake

    made = Maker(lambda seed: NoMoves.deal(seed), "nomoves", "deal")
    with pytest.raises(TypeError, match=r"; it lacks legal_moves$"):
        made(3)
    nothing = Maker(lambda seed: object(), "nothing", "deal")
    with pytest.raises(
        TypeError, match=r"; it lacks add_listener, can_redo, can_undo, card_count, click_help and \d+ more$"
    ):
        nothing(3)


PARTLY = """
import dataclasses

from ausp_widget.core.registry import GameEntry
from ausp_widget.games.yukon import ENTRY as YUKON, YukonGame


class Partly(YukonGame):
    name = "partly"
    title = "Partly"


ENTRY = GameEntry.one_player(Partly, solve=YUKON.solve, hint=YUKON.hint, rules=YUKON.rules)
ENTRY = dataclasses.replace(ENTRY, {part})
"""
BROKEN_PARTS = {
    "rules that are a number": (
        "rules=lambda mode, options=None: 42",
        "its rules for 'partly' gave 42, not a list",
    ),
    "rules that are one text": (
        "rules=lambda mode, options=None: 'Build down.'",
        "its rules for 'partly' gave 'Build down.', not a list",
    ),
    "a guide of odd steps": (
        "guide=lambda mode: [42, 'x']",
        "its guide for 'partly' gave 42 among its steps, not a list of steps",
    ),
}


@pytest.mark.parametrize("why", BROKEN_PARTS)
def test_a_game_whose_rules_or_guide_cannot_be_made_is_refused_before_anything_changes(plugins, why):
    part, reason = BROKEN_PARTS[why]
    plugins(partplug=PARTLY.format(part=part))
    app = AustralianPatience(mode="solo", seed=3)
    app.table  # noqa: B018
    before = (app.game, app.heading.value, app.rules.value, app.guide.steps, app.guide.mode)
    app.selector.game.value = "partly"  # the Game choice clicked
    assert (app.game, app.heading.value, app.rules.value, app.guide.steps, app.guide.mode) == before
    assert app.mode == "solo" and app.selector.value == "solo" and app.selector.game.value == "australian"
    assert app.selector.reason.value.startswith(f"Partly cannot be played: game 'partly': {reason}")
    with pytest.raises(TypeError, match=f"^game 'partly': {reason}"):
        app.mode = "partly"
    with pytest.raises(TypeError, match=f"^game 'partly': {reason}"):
        AustralianPatience(mode="partly", seed=3)
    app.selector.game.value = "indian"  # a game whose parts work still switches, guide and all
    assert app.game.name == "indian" and app.guide.mode == "indian" and "Indian" in app.heading.value
    app.close()


def test_a_play_tab_whose_game_cannot_be_dealt_says_why(plugins):
    plugins(raisingplug=RAISING)
    app = AustralianPatience(mode="raising", seed=3)
    app.tabs.selected_index = 1  # the Play tab, opened by a click
    assert app.tabs.children[1].value == "<p class='ausp-cannot-play'>Wrong cannot be played: boom</p>"
    app.mode = "indian"  # another game, then the tab again: the table is made
    app.tabs.selected_index = 0
    app.tabs.selected_index = 1
    assert app.table.game.name == "indian" and app.tabs.children[1] is app.table
    app.close()


WRONG_HINT = """
from ausp_widget.core.registry import GameEntry
from ausp_widget.games.yukon import ENTRY as YUKON, YukonGame


class WrongHint(YukonGame):
    name = "wronghint"
    title = "Wrong Hint"


ENTRY = GameEntry.one_player(
    WrongHint, solve=YUKON.solve, hint=lambda game, player=0: 17, rules=YUKON.rules
)
"""


def test_a_hint_that_gives_no_hint_names_the_game_and_never_says_nothing_is_left_to_do(plugins):
    plugins(wronghintplug=WRONG_HINT)
    game = Game.deal(7, game="wronghint")
    assert game.legal_moves(), "there are moves to hint at"
    words = "game 'wronghint': its hint returned 17, not a hint"
    with pytest.raises(TypeError, match=words):
        hint(game)
    with pytest.raises(TypeError, match=words):  # the entry's part itself, as the sampling players call it
        registry.entry_for(game).hint(game, 0)
    app = AustralianPatience(mode="wronghint", seed=7, demo=True)
    app.table.buttons["Hint"].click()
    assert words in app.table.status.value and "nothing useful" not in app.table.status.value
