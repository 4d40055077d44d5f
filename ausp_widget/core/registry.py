"""The registry of games: each game package registers itself here, and every front door
(deal, position text, saves, solver, hints, guide, rules, the app's mode list) finds a game
by name through it, so nothing below the views needs to know which games exist.
"""

from __future__ import annotations

import logging
from typing import Any

from .entry_check import EntryError, check_entry
from .errors import NotationError, NotTextError, WrongTypeError, given, short_repr
from .game_entry import GameEntry, Later, name_parts  # noqa: F401  (Later: named here by every game package)
from .position_text import BOM, LINE_WIDTH
from .protocol import PatienceGame

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
    if not any(known is entry for known in _GAMES.values()):  # the same game imported again
        _GAMES[entry.name] = check_entry(entry, _GAMES)
        name_parts(entry)  # a part that cannot be imported names this game when first used


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
    found: dict[str, list[Any]] = {}  # a package's entry points: its first install wins
    for folder in folders:  # the path's order says which of two installs wins
        listed = []
        for dist in distributions(path=[folder]):
            try:  # one package's broken metadata hides no other package's games
                name = str(getattr(dist, "_normalized_name", None) or dist.name)
                listed.append((name, [point for point in dist.entry_points if point.group == group]))
            except Exception as error:
                logger.warning(
                    "the installed package at %s could not be read: %r", getattr(dist, "_path", "?"), error
                )
        # By name within a folder: two packages claiming one game's name meet in the same order
        # on every machine, whatever order the disk lists them in.
        for name, points in sorted(listed, key=lambda pair: pair[0]):
            found.setdefault(name, points)
    return [point for points in found.values() for point in points]


def _loaded() -> dict[str, GameEntry]:
    """The games: those whose packages registered on import (the package's own, imported by
    `ausp_widget`), then, once, every game an installed package names under the entry point
    group `ausp_widget.games`. A plug-in that fails to load, or whose entry fails a check
    (`entry_check`: its shape, a shipped game's name, a name or a table mode already taken), is
    logged with the reason and left out: it never takes the other games down with it. An
    interrupt while a plug-in loads (a slow one, and a teacher pressing Interrupt) stops this
    load only: the next front door loads the plug-ins again."""
    global _PLUGINS_LOADED
    if not _PLUGINS_LOADED:
        _PLUGINS_LOADED = True  # first: a plug-in that asks for the games as it loads gets these
        try:
            points = entry_points(group=ENTRY_POINTS)
        except Exception as error:  # a folder on the path that cannot be listed
            logger.warning("the installed game plug-ins could not be listed: %r", error)
            points = []
        try:
            for point in points:
                _load_plugin(point)
        except KeyboardInterrupt:
            _PLUGINS_LOADED = False
            raise
    return _GAMES


def _load_plugin(point: Any) -> None:
    """Register the game one entry point names. One that is refused, fails or is interrupted
    as it loads takes back whatever it registered; a refusal or failure is logged."""
    before = dict(_GAMES)
    try:
        register(point.load())  # (a package may register itself as it is imported)
        return
    except EntryError as error:
        logger.warning("the game plug-in %s is left out: %s%s", point.value, error, _package_words(point))
    except KeyboardInterrupt:
        _restore(before)
        raise
    except BaseException as error:  # a third party's broken package, one that exits as it is
        # imported (a script's `sys.exit()`), or one raising what is not an Exception at all
        logger.warning(  # with the traceback: the plug-in's author sees the line that failed
            "the game plug-in %s could not be loaded: %r%s",
            point.value,
            error,
            _package_words(point),
            exc_info=error,
        )
    _restore(before)


def _restore(before: dict[str, GameEntry]) -> None:
    _GAMES.clear()
    _GAMES.update(before)


def _package_words(point: Any) -> str:
    """Which installed package an entry point comes from (the one to mend or remove)."""
    dist = getattr(point, "dist", None)
    package = getattr(dist, "name", None)
    return f" (from the installed package {package!r})" if isinstance(package, str) else ""


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
    name, known = getattr(game, "name", None), _loaded()
    if not isinstance(name, str) or name not in known:
        titles = ", ".join(entry.title for entry in known.values())
        raise TypeError(f"expected a game ({titles}), not {type(game).__name__}")
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
        raise NotTextError(f"a position is text, not {given(text)}")
    text = text.removeprefix(BOM)
    for number, raw in enumerate(text.splitlines(), start=1):
        key, sep, rest = raw.split("#", 1)[0].partition(":")
        if sep and key.strip().lower() == "game":
            name = rest.strip().lower()
            if name not in _loaded():
                games, named = ", ".join(map(repr, _GAMES)), short_repr(rest.strip(), LINE_WIDTH)
                raise NotationError(f"line {number}: the game is one of {games}, not {named}")
            return _GAMES[name].read_text(text)
    try:
        return entry(default).read_text(text)
    except NotationError as error:
        advice = "start it with a line naming its game, as 'game: {}'"
        raise _unnamed(error, lambda game: game.read_text(text), advice, default) from None


def read_save(data: dict) -> PatienceGame:
    """A save's game, by its "game" field (Australian without one)."""
    name = data.get("game", "australian")
    if not isinstance(name, str) or name not in _loaded():
        raise NotationError(f"the save's game {name!r} is not one of {', '.join(map(repr, _GAMES))}")
    try:
        return _GAMES[name].read_save(data)
    except NotationError as error:
        if "game" in data:
            raise
        read = lambda game: game.read_save({**data, "game": game.name})  # noqa: E731
        raise _unnamed(error, read, 'give it a field naming its game, as "game": "{}"', name) from None


def _unnamed(error: NotationError, read: Any, advice: str, tried: str) -> NotationError:
    """`error`, for text or a save that names no game and is not the game `tried` for it: when
    other games read it, the error says which, and how to name the game."""
    readers = []
    for game in games():
        if game.name != tried:
            try:
                read(game)
            except Exception:
                continue
            readers.append(game)
    if not readers:
        return error
    titles = " or ".join(game.title for game in readers)
    return NotationError(f"{error}; it reads as {titles}: {advice.format(readers[0].name)}")
