"""A game plug-in is checked as it loads: one of the wrong shape, one taking a shipped game's
name, a name or a table mode already taken, is left out and named in the log with the reason,
and the app is built with the games that pass, however many bad plug-ins are installed."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import logging
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fuzz_values import hostile, junk_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget import AustralianPatience
from ausp_widget.core import registry
from ausp_widget.core.entry_check import GAME_MODES, EntryError, check_entry
from ausp_widget.core.errors import short_repr
from ausp_widget.games.australian import ENTRY as AUSTRALIAN
from ausp_widget.games.indian import ENTRY as INDIAN
from ausp_widget.games.russian import ENTRY as RUSSIAN
from ausp_widget.games.yukon import ENTRY as YUKON
from ausp_widget.widgets.mode_choice import OPPONENTS, ModeChoice
from ausp_widget.widgets.parts import Parts

SHIPPED = {"australian": AUSTRALIAN, "indian": INDIAN, "yukon": YUKON, "russian": RUSSIAN}
SHIPPED_MODES = {mode: label for entry in SHIPPED.values() for mode, (_, label) in entry.modes.items()}
GOOD = dataclasses.replace(
    AUSTRALIAN, name="plugged", title="A plugged-in game", modes={"plugged": ("solo", "Plugged in")}, tips={}
)


class Point:
    """An installed entry point: `load` runs the plug-in's import (`make`)."""

    group = registry.ENTRY_POINTS

    def __init__(self, name: str, make: Callable[[], Any]) -> None:
        self.name, self.value, self._make = name, f"{name}_game:ENTRY", make

    def load(self) -> Any:
        return self._make()


class Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@contextmanager
def installed(*points: Point) -> Iterator[list[str]]:
    """The registry as a fresh kernel has it (the games registered on import), finding `points`
    besides the shipped ones; yields the warnings logged."""
    shipped = [Point(name, lambda entry=entry: entry) for name, entry in SHIPPED.items()]
    saved = registry._GAMES, registry._PLUGINS_LOADED, registry.entry_points
    registry._GAMES = {name: registry._GAMES[name] for name in ("australian", "indian")}
    registry._PLUGINS_LOADED = False
    registry.entry_points = lambda group: [*points, *shipped] if group == registry.ENTRY_POINTS else []
    logged = Warnings()
    logger = logging.getLogger(registry.__name__)
    logger.addHandler(logged)
    try:
        yield logged.lines
    finally:
        logger.removeHandler(logged)
        registry._GAMES, registry._PLUGINS_LOADED, registry.entry_points = saved


def plugin(name: str = "plugged", **fields: Any) -> Callable[[], Any]:
    """A plug-in's import: its entry, `GOOD` with `fields` changed (which may fail as it is made)."""
    return lambda: dataclasses.replace(GOOD, name=name, **fields)


def registers_itself(make: Callable[[], Any]) -> Callable[[], Any]:
    """A plug-in that registers its entry as it is imported (as `core.plugin.solo_entry` does)."""

    def load() -> Any:
        found = make()
        registry.register(found)
        return found

    return load


def assert_the_app_stands(logged: list[str], bad: list[Point]) -> None:
    """The shipped games are the shipped ones, with their own modes; every game can be chosen;
    the app is built; every bad plug-in is named in the log."""
    games = {entry.name: entry for entry in registry.games()}
    for name, entry in SHIPPED.items():
        assert games[name] is entry, name
    modes = registry.table_modes()
    assert {mode: modes[mode] for mode in SHIPPED_MODES} == SHIPPED_MODES
    for entry in games.values():
        for mode in entry.modes:
            assert registry.for_table_mode(mode)[0] is entry
    choice = ModeChoice("solo", Parts())
    for name in games:
        choice.game.value = name
        assert registry.for_table_mode(choice.value)[0].name == name
    AustralianPatience()
    for point in bad:
        assert any(point.value in line for line in logged), (point.value, logged)


class Everything(str):
    """Text equal to any text, with one hash: it would take every table mode's place."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


BAD = {
    "modes of the wrong shape": plugin(modes={"plugged": "solo"}),
    "a mode that is a string pair": plugin(modes={"plugged": "so"}),
    "a mode dealing no game mode": plugin(modes={"plugged": ("race", "Race")}),
    "no modes": plugin(modes={}),
    "a shipped game's name": plugin("yukon", modes={"yukon2": ("solo", "Yukon?")}),
    "Yukon's name, with Yukon's class": plugin(
        "yukon", game_class=YUKON.game_class, modes={"y2": ("solo", "Y")}
    ),
    "Australian's name, from the Australian class": plugin("australian", modes={"a2": ("solo", "A")}),
    "Australian's Solo": plugin("other", modes={"solo": ("solo", "Not Australian")}),
    "Indian's mode": plugin("other", modes={"indian": ("solo", "Indian?")}),
    "a name in capitals": plugin("Plugged"),
    "a name that is no text": plugin(5),
    "a title that is no text": plugin(title=None),
    "another game's title": plugin(title="Yukon"),
    "a name starting with a digit": plugin("2048"),
    "a name of 41 letters": plugin("a" * 41),
    "a mode named by a str that equals every str": plugin(modes={Everything("plugged"): ("solo", "P")}),
    "a deal that is no function": plugin(deal="deal"),
    "a bot that is no function": plugin(bot=3),
    "a tip for another game's mode": plugin(tips={"solo": "Mine"}),
    "two modes dealing one game mode": plugin(modes={"p1": ("solo", "One"), "p2": ("solo", "Two")}),
    "a mode against a bot, without a bot": plugin(modes={"plugged": ("turns", "Plugged vs bot")}, bot=None),
    "not an entry": lambda: None,
    "a broken import": lambda: 1 / 0,
    "self-registered, of the wrong shape": registers_itself(plugin(modes={"plugged": "solo"})),
    "self-registered, a shipped name": registers_itself(plugin("indian", modes={"i2": ("solo", "I")})),
}


@pytest.mark.parametrize("why", BAD)
def test_a_bad_plugin_is_left_out_named_with_its_reason_and_the_app_still_builds(why):
    bad = Point("bad", BAD[why])
    with installed(bad, Point("plugged", plugin())) as logged:
        assert_the_app_stands(logged, [bad])
        assert "plugged" in {entry.name for entry in registry.games()}
    assert len(logged) == 1 and ("left out: " in logged[0] or "could not be loaded" in logged[0])


def test_the_second_game_of_one_name_is_named_not_dropped_silently():
    first, second = Point("first", plugin(title="First")), Point("second", plugin(title="Second"))
    with installed(first, second) as logged:
        assert registry.entry("plugged").title == "First"
    assert logged == [
        "the game plug-in second_game:ENTRY is left out: the name 'plugged' is taken by 'First'"
    ]


def test_the_reasons_say_what_is_wrong():
    reasons = {
        "modes of the wrong shape": "game 'plugged': mode 'plugged' is a (game mode, label) pair, not 'solo'",
        "a shipped game's name": "the name 'yukon' is a shipped game's, which a plug-in cannot replace",
        "Australian's Solo": "game 'other': the mode 'solo' is taken by 'Australian Patience'",
        "no modes": "game 'plugged' has no modes: a game is played in at least one",
        "not an entry": "None is not a GameEntry",
        "another game's title": "game 'plugged': the title 'Yukon' is taken by the game 'yukon'",
        "a name starting with a digit": "its name must start with a lower-case letter, then lower-case "
        "letters, digits, - or _, at most 40 characters in all, not '2048'",
        "a name of 41 letters": "its name must start with a lower-case letter, then lower-case letters, "
        f"digits, - or _, at most 40 characters in all, not a name of 41 characters ({short_repr('a' * 41)})",
        "a mode against a bot, without a bot": "game 'plugged': mode 'plugged' is played against a bot, "
        "and the entry names none (bot=...), or leave the mode out",
    }
    for why, reason in reasons.items():
        with installed(Point("bad", BAD[why])) as logged:
            registry.games()
        assert logged == [f"the game plug-in bad_game:ENTRY is left out: {reason}"], why


def test_a_refused_entry_leaves_the_registry_as_it_was():
    before = dict(registry._GAMES)
    with pytest.raises(EntryError, match="a shipped game's"):
        registry.register(dataclasses.replace(GOOD, name="indian"))
    with pytest.raises(EntryError, match="the mode 'turns' is taken by 'Australian Patience'"):
        registry.register(dataclasses.replace(GOOD, modes={"turns": ("turns", "Mine")}))
    assert before == registry._GAMES
    registry.register(AUSTRALIAN)  # the same game imported again is no new game
    assert before == registry._GAMES


@pytest.mark.parametrize("name", SHIPPED)
def test_no_plugin_takes_a_shipped_game_s_name(name):
    before = dict(registry._GAMES)
    with pytest.raises(EntryError, match=f"the name '{name}' is a shipped game's"):
        registry.register(dataclasses.replace(GOOD, name=name))
    assert before == registry._GAMES


def test_a_game_registered_under_a_shipped_name_before_that_game_is_imported_is_refused():
    code = """
import dataclasses, sys
from ausp_widget.core import registry
from ausp_widget.games.australian import ENTRY
assert "ausp_widget.games.yukon" not in sys.modules
impostor = dataclasses.replace(
    ENTRY, name="yukon", title="Not Yukon", modes={"y2": ("solo", "Y")}, tips={},
    game_class=registry.Later("ausp_widget.games.yukon.game:YukonGame"),
)
try:
    registry.register(impostor)
except ValueError as error:
    print(error)
print(registry.entry("yukon").title, registry.entry("yukon").deal(3).name)
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.stdout.splitlines() == [
        "the name 'yukon' is a shipped game's, which a plug-in cannot replace",
        "Yukon yukon",
    ], run.stderr


def test_a_package_with_broken_metadata_hides_no_other_games_plugin(monkeypatch, caplog):
    import importlib.metadata

    class Broken:
        name, _path = "broken", "/site-packages/broken.dist-info"

        @property
        def entry_points(self):
            raise ValueError("a malformed entry_points.txt")

    class Fine:
        name = "fine"
        entry_points = (Point("plugged", plugin()),)

    monkeypatch.setattr(importlib.metadata, "distributions", lambda path: iter([Broken(), Fine()]))
    with caplog.at_level(logging.WARNING, logger=registry.__name__):
        points = registry.entry_points(registry.ENTRY_POINTS)
    assert [point.value for point in points] == ["plugged_game:ENTRY"]
    assert "the installed package at /site-packages/broken.dist-info could not be read" in caplog.text

    def unlistable(group):
        raise OSError("not listed")

    with installed() as logged:
        registry.entry_points = unlistable
        assert {"australian", "indian"} <= {entry.name for entry in registry.games()}
    assert logged == ["the installed game plug-ins could not be listed: OSError('not listed')"]


def test_the_shipped_games_pass_the_checks_and_their_modes_are_the_opponents_modes():
    for name, entry in SHIPPED.items():
        others = {key: value for key, value in SHIPPED.items() if key != name}
        assert check_entry(entry, others) is entry
    assert set(GAME_MODES) == {dealt for dealt, _, _ in OPPONENTS.values()}


# ---- attacked at random -------------------------------------------------------------------------
names = st.one_of(st.sampled_from([*SHIPPED, "plugged", "other", "solo", "Yukon", ""]), junk_text, hostile)
mode_names = st.one_of(st.sampled_from([*SHIPPED_MODES, "plugged", "other", "race"]), junk_text)
mode_values = st.one_of(
    st.tuples(st.sampled_from([*GAME_MODES, "race", "", "SOLO"]), st.one_of(st.text(max_size=8), hostile)),
    st.lists(st.sampled_from(GAME_MODES), max_size=3),
    hostile,
)
modes = st.one_of(st.dictionaries(mode_names, mode_values, max_size=4), hostile)
fields = st.fixed_dictionaries(
    {},
    optional={
        "title": st.one_of(st.text(max_size=10), hostile),
        "game_class": st.sampled_from([AUSTRALIAN.game_class, YUKON.game_class, INDIAN.game_class, None, 5]),
        "modes": modes,
        "tips": st.one_of(
            st.dictionaries(mode_names, st.one_of(st.text(max_size=8), hostile), max_size=3), hostile
        ),
        "deal": st.one_of(st.just(AUSTRALIAN.deal), hostile),
        "hint": st.one_of(st.just(AUSTRALIAN.hint), hostile),
        "bot": st.one_of(st.none(), hostile),
        "reviews": st.one_of(st.booleans(), hostile),
        "options": st.one_of(st.dictionaries(st.text(max_size=3), st.integers(), max_size=2), hostile),
    },
)
entries = st.builds(lambda name, changed: plugin(name, **changed), names, fields)
makes = st.one_of(
    entries,
    entries.map(registers_itself),
    hostile.map(lambda value: lambda: value),
    st.sampled_from(list(BAD.values())),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(makes, max_size=6))
def test_random_plugins_never_stop_the_app_nor_replace_a_shipped_game(loads):
    points = [Point(f"p{number}", load) for number, load in enumerate(loads)]
    with installed(*points) as logged:
        assert_the_app_stands(logged, [])
        kept = [entry for entry in registry.games() if entry.name not in SHIPPED]
    # each plug-in is either a game in the registry or named once in the log
    named = [point for point in points if any(point.value in line for line in logged)]
    assert len(logged) == len(named) and len(named) + len(kept) == len(points)


def test_an_entry_that_names_itself_differently_on_each_read_is_refused():
    """A subclass whose name answers one thing to the check and another to the registry could
    take a shipped game's place: only a plain GameEntry is taken."""

    class Shifty(registry.GameEntry):
        reads = 0

        @property
        def name(self) -> str:
            Shifty.reads += 1
            return "shifty" if Shifty.reads == 1 else "australian"

    shifty = object.__new__(Shifty)
    for field in dataclasses.fields(registry.GameEntry):
        if field.name != "name":
            object.__setattr__(shifty, field.name, getattr(YUKON, field.name))
    object.__setattr__(shifty, "modes", {"shifty": ("solo", "Shifty")})
    object.__setattr__(shifty, "tips", {})
    with pytest.raises(EntryError, match="is not a GameEntry"):
        registry.register(shifty)
    assert registry.entry("australian") is AUSTRALIAN


def test_a_conventional_package_names_its_class_in_camel_case():
    from ausp_widget.core.plugin import class_name

    assert [class_name(n) for n in ("yukon", "indian", "my_patience", "my-patience")] == [
        "YukonGame",
        "IndianGame",
        "MyPatienceGame",
        "MyPatienceGame",
    ]


def test_a_plugin_that_fails_as_it_loads_is_logged_with_its_traceback():
    records: list[logging.LogRecord] = []
    catch = logging.Handler(logging.WARNING)
    catch.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger(registry.__name__)
    logger.addHandler(catch)
    try:
        with installed(Point("bad", BAD["a broken import"])):
            registry.games()
    finally:
        logger.removeHandler(catch)
    [record] = records
    assert record.exc_info and record.exc_info[0] is ZeroDivisionError, "the author sees the failing line"


def test_installed_packages_are_read_folder_by_folder_in_name_order(tmp_path, monkeypatch):
    """Two packages claiming one game's name meet in the same order on every machine."""
    for folder, packages in (("first", ("zeta", "alpha")), ("second", ("beta",))):
        for package in packages:
            info = tmp_path / folder / f"{package}-1.0.dist-info"
            info.mkdir(parents=True)
            (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
            (info / "entry_points.txt").write_text(
                f"[{registry.ENTRY_POINTS}]\n{package} = {package}:ENTRY\n"
            )
    monkeypatch.setattr("sys.path", [str(tmp_path / "first"), str(tmp_path / "second")])
    listed = importlib.metadata.distributions  # a folder's files come in whatever order its disk keeps
    monkeypatch.setattr(importlib.metadata, "distributions", lambda **how: reversed(list(listed(**how))))
    assert [point.name for point in registry.entry_points(registry.ENTRY_POINTS)] == ["alpha", "zeta", "beta"]


class Cancelled(BaseException):
    """What a plug-in may raise that is no `Exception` (as `asyncio.CancelledError` is not)."""


def raises(error: BaseException) -> Callable[[], Any]:
    def load() -> Any:
        raise error

    return load


@pytest.mark.parametrize("error", [Cancelled("cancelled as it loaded"), GeneratorExit()])
def test_a_plugin_raising_what_is_no_exception_is_left_out_and_the_games_after_it_load(error):
    bad = Point("bad", raises(error))
    with installed(bad, Point("plugged", plugin())) as logged:
        assert_the_app_stands(logged, [bad])
        assert "plugged" in {entry.name for entry in registry.games()}
    assert len(logged) == 1 and "bad_game:ENTRY could not be loaded" in logged[0]


def test_an_interrupt_while_a_plugin_loads_stops_that_load_only():
    """A teacher who presses Interrupt while a slow plug-in loads loses no game: the next
    front door loads them all, the shipped Yukon and the plug-ins after the slow one too."""
    pressed = []

    def slow() -> Any:
        if not pressed:
            pressed.append(True)
            raise KeyboardInterrupt
        return plugin("slow", title="Slow", modes={"slow": ("solo", "Slow")})()

    with installed(Point("slow", slow), Point("plugged", plugin())) as logged:
        with pytest.raises(KeyboardInterrupt):
            registry.games()
        names = {entry.name for entry in registry.games()}
        assert {"slow", "plugged", "yukon", "russian"} <= names
        assert_the_app_stands(logged, [])
    assert logged == []


def test_a_plugin_that_registers_a_game_and_then_names_no_entry_leaves_nothing_behind():
    half = registers_itself(plugin("sneaky", title="Sneaky", modes={"sneaky": ("solo", "Sneaky")}))

    def load() -> Any:
        half()
        return None  # its entry point names nothing that is a GameEntry

    with installed(Point("half", load)) as logged:
        assert "sneaky" not in {entry.name for entry in registry.games()}
        assert "sneaky" not in registry.table_modes()
    assert logged == ["the game plug-in half_game:ENTRY is left out: None is not a GameEntry"]


def test_the_log_names_the_installed_package_a_bad_plugin_comes_from():
    class Dist:
        name = "my-patience-games"

    bad = Point("bad", BAD["not an entry"])
    bad.dist = Dist()
    with installed(bad) as logged:
        registry.games()
    assert logged == [
        "the game plug-in bad_game:ENTRY is left out: None is not a GameEntry "
        "(from the installed package 'my-patience-games')"
    ]
