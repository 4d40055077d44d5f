"""The registry of games: each game package registers itself here, and every front door
(deal, position text, saves, solver, hints, guide, rules, the app's mode list) finds a game
by name through it, so nothing below the views needs to know which games exist.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import NotationError, WrongTypeError
from .protocol import PatienceGame


class Later:
    """A function or class named by "package.module:name" (a dotted name after the colon for an
    attribute of it), imported the first time it is called or read.

    Starting an app needs a game's title, modes and guide, not its solver, hints or sampler; in
    the browser's Python importing those is a tenth of a second of a class's start. An entry
    names them with `Later`, and the first hint or search imports them.
    """

    __slots__ = ("_found", "path")

    def __init__(self, path: str) -> None:
        module, sep, name = path.partition(":")
        if not (sep and module and name):
            raise ValueError(f"Later takes 'package.module:name', not {path!r}")
        self.path = path
        self._found: Any = None

    def load(self) -> Any:
        if self._found is None:
            module, _, name = self.path.partition(":")
            found: Any = importlib.import_module(module)
            for part in name.split("."):
                found = getattr(found, part)
            self._found = found
        return self._found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # a class's own attributes: `game_class.from_view`
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.load(), name)

    def __instancecheck__(self, obj: object) -> bool:  # `isinstance(game, entry.game_class)`
        return isinstance(obj, self.load())

    def __subclasscheck__(self, cls: type) -> bool:
        return issubclass(cls, self.load())

    def __repr__(self) -> str:
        return f"Later({self.path!r})"


@dataclass(frozen=True)
class GameEntry:
    """One game: its name, its modes and the functions that make and study it.

    `modes` maps a table mode (what the app's selector offers: "solo", "turns", "indian"…)
    to the game mode it deals ("solo", "turns", "simultaneous") and its label.
    """

    name: str
    title: str
    game_class: type  # or a `Later` naming it
    modes: dict[str, tuple[str, str]]
    deal: Callable[..., PatienceGame]  # deal(seed, mode="solo", first=0)
    read_text: Callable[[str], PatienceGame]
    read_save: Callable[[dict], PatienceGame]
    solve: Callable[..., Any]  # solve(game, time_limit, node_limit) -> SolveResult
    solver: Callable[[PatienceGame], Any] | None  # a resumable search: .run(seconds) -> verdict, .result
    hint: Callable[[PatienceGame, int], Any]  # .move (or None) and .reason
    rules: Callable[..., Sequence[Any]]  # rules(mode, options=None): sections, under rule options
    guide: Callable[[str], list[Any]]  # guide steps for a table mode
    bot: Callable[[], Any] | None = None  # the default opponent for two-player modes
    # sample(view, rng): a full-information game consistent with a solo view, its hidden cards
    # dealt at random (the win chance, the review and the sampling player are built on it)
    sample: Callable[[Any, Any], PatienceGame] | None = None
    tips: dict[str, str] = field(default_factory=dict)  # a table mode's tooltip, in a few words
    # whether a whole game's review runs at a student's pace: its solver must decide most
    # sampled positions of a game within a few hundred positions each
    reviews: bool = True
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # An entry is shared by every table and front door: its tables are read-only views.
        for name in ("modes", "tips", "options"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))


_GAMES: dict[str, GameEntry] = {}
ENTRY_POINTS = "ausp_widget.games"  # the entry point group a game package names its GameEntry in
_PLUGINS_LOADED = False
logger = logging.getLogger(__name__)


def deal_like(current: PatienceGame | None, entry: GameEntry, seed: int, **how: Any) -> PatienceGame:
    """A new deal of `entry`'s game, under the rule options of `current` when that is the same
    game (a table playing a variant keeps it for its next deal)."""
    kept = current.rule_options() if current is not None and entry_for(current) is entry else {}
    return entry.deal(seed, **how, **({"options": kept} if kept else {}))


def register(entry: GameEntry) -> None:
    """Add a game (a game package calls this when it is imported), once it passes the checks
    of `entry_check`; else an `EntryError` says why, and the registry is as it was."""
    from .entry_check import check_entry

    if not any(known is entry for known in _GAMES.values()):  # the same game imported again
        _GAMES[entry.name] = check_entry(entry, _GAMES)


def entry_points(group: str) -> list[Any]:
    """The installed packages' entry points in `group`, as `importlib.metadata.entry_points`
    gives them (the first of two installs of one package wins), looking only in the folders
    packages are installed in: the standard library's zip holds none, and listing it is a third
    of the search in the browser's Python."""
    import os
    import sys
    from importlib.metadata import distributions

    # Installed packages live in the path's folders, not in the working folder (a notebook's,
    # which a classroom site keeps behind its service worker, where each look costs).
    here = {"", ".", os.getcwd()}
    folders = [entry for entry in sys.path if not entry.endswith(".zip") and entry not in here]
    seen: set[str] = set()
    found = []
    for dist in distributions(path=folders):
        try:  # one package's broken metadata hides no other package's games
            name = getattr(dist, "_normalized_name", None) or dist.name
            points = (
                [point for point in dist.entry_points if point.group == group] if name not in seen else []
            )
        except Exception as error:
            logger.warning(
                "the installed package at %s could not be read: %r", getattr(dist, "_path", "?"), error
            )
            continue
        seen.add(name)
        found.extend(points)
    return found


def _loaded() -> dict[str, GameEntry]:
    """The games: those whose packages registered on import (the package's own, imported by
    `ausp_widget`), then, once, every game an installed package names under the entry point
    group `ausp_widget.games`. A plug-in that fails to load, or whose entry fails a check
    (`entry_check`: its shape, a shipped game's name, a name or a table mode already taken), is
    logged with the reason and left out: it never takes the other games down with it."""
    global _PLUGINS_LOADED
    if not _PLUGINS_LOADED:
        _PLUGINS_LOADED = True
        from .entry_check import EntryError

        try:
            points = entry_points(group=ENTRY_POINTS)
        except Exception as error:  # a folder on the path that cannot be listed
            logger.warning("the installed game plug-ins could not be listed: %r", error)
            points = []
        for point in points:
            try:
                register(point.load())  # (a package may register itself as it is imported)
            except EntryError as error:
                logger.warning("the game plug-in %s is left out: %s", point.value, error)
            except Exception as error:  # a third party's broken package
                logger.warning("the game plug-in %s could not be loaded: %r", point.value, error)
    return _GAMES


def games() -> tuple[GameEntry, ...]:
    return tuple(_loaded().values())


def entry(name: object) -> GameEntry:
    """The game called `name`, or a `ValueError` listing the games there are."""
    known = _loaded()
    if not isinstance(name, str) or name not in known:
        error = ValueError if isinstance(name, str) else WrongTypeError
        raise error(f"game must be one of {', '.join(map(repr, known))}, not {name!r:.60}")
    return known[name]


def entry_for(game: object) -> GameEntry:
    """The registry entry of a game object (a `TypeError` for anything that is not a game)."""
    name = getattr(game, "name", None)
    if not isinstance(name, str) or name not in _loaded():
        raise TypeError(f"expected a game (Australian or Indian Patience), not {type(game).__name__}")
    return _GAMES[name]


def table_modes() -> dict[str, str]:
    """Every table mode of every game, with its label, in registration order."""
    return {mode: label for game in games() for mode, (_, label) in game.modes.items()}


def table_tips() -> dict[str, str]:
    """A tooltip for every table mode (its label when the game gives none)."""
    return {mode: game.tips.get(mode, label) for game in games() for mode, (_, label) in game.modes.items()}


def for_table_mode(mode: object) -> tuple[GameEntry, str]:
    """The game and game mode a table mode plays ("indian" → Indian Patience, solo)."""
    for game in games():
        if isinstance(mode, str) and mode in game.modes:
            return game, game.modes[mode][0]
    error = ValueError if isinstance(mode, str) else WrongTypeError
    raise error(f"mode must be one of {', '.join(table_modes())}, not {mode!r:.60}")


def table_mode(game: PatienceGame) -> str:
    """The table mode showing `game`: "indian" for Indian Patience, else its own mode."""
    found = entry_for(game)
    return next(key for key, (mode, _) in found.modes.items() if mode == game.mode)


def read_text(text: object, default: str = "australian") -> PatienceGame:
    """A position in any game's text; a `game:` line names the game (`default` without one)."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    for number, raw in enumerate(text.splitlines(), start=1):
        key, sep, rest = raw.split("#", 1)[0].partition(":")
        if sep and key.strip().lower() == "game":
            name = rest.strip().lower()
            if name not in _loaded():
                raise NotationError(
                    f"line {number}: the game is one of {', '.join(map(repr, _GAMES))}, not {rest.strip()!r}"
                )
            return _GAMES[name].read_text(text)
    return entry(default).read_text(text)


def read_save(data: dict) -> PatienceGame:
    """A save's game, by its "game" field (Australian without one)."""
    name = data.get("game", "australian")
    if not isinstance(name, str) or name not in _loaded():
        raise NotationError(f"the save's game {name!r} is not one of {', '.join(map(repr, _GAMES))}")
    return _GAMES[name].read_save(data)
