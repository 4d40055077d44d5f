"""The one place a game's registry entry is checked before it joins the registry.

A plug-in is another package's code. An entry of the wrong shape would break the app's mode
list for every game; one taking a shipped game's name would replace that game; a table mode
another game already has would relabel that game's mode. So an entry is checked whole when it
is registered, and one that fails is refused with the reason (the registry logs it and leaves
the plug-in out).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping

from .errors import short_repr
from .game_entry import GameEntry, Later

SHIPPED = ("australian", "indian", "yukon", "russian")
"""The games this package ships: only its own packages may register these names."""
GAME_MODES = ("solo", "turns", "simultaneous")
"""The game modes a table mode may deal: the app's opponents (none, turns, race) play these."""
NAME_LENGTH = 40
NAME = re.compile(rf"[a-z][a-z0-9_-]{{0,{NAME_LENGTH - 1}}}")
"""A game's name: a position text's `game:` line names it in lower case."""
PARTS = ("deal", "read_text", "read_save", "solve", "hint", "rules", "guide")
OPTIONAL_PARTS = ("solver", "bot", "sample")


class EntryError(ValueError):
    """A game entry the registry refuses; the message says why."""


def check_entry(entry: object, games: Mapping[str, GameEntry]) -> GameEntry:
    """`entry` when it may join `games` (the games registered so far), else an `EntryError`."""
    if type(entry) is not GameEntry:  # a subclass could answer each read of its name differently
        raise EntryError(f"{short_repr(entry)} is not a GameEntry")
    name = entry.name
    if not _text(name) or not NAME.fullmatch(name):
        raise EntryError(
            "its name must start with a lower-case letter, then lower-case letters, digits, - or _, "
            f"at most {NAME_LENGTH} characters in all, not {_name_words(name)}"
        )
    if name in SHIPPED and not _shipped(name, entry):
        raise EntryError(f"the name {name!r} is a shipped game's, which a plug-in cannot replace")
    if name in games:
        raise EntryError(f"the name {name!r} is taken by {games[name].title!r}")
    if not _text(entry.title) or not entry.title.strip():
        raise EntryError(f"game {name!r}: its title must be text, not {short_repr(entry.title)}")
    if name not in SHIPPED:  # (a shipped name is by now the shipped game's own)
        _check_title(entry, games)
    if not (isinstance(entry.game_class, type | Later)):
        raise EntryError(f"game {name!r}: game_class must be a class, not {short_repr(entry.game_class)}")
    for part in PARTS:
        if not callable(getattr(entry, part)):
            raise EntryError(
                f"game {name!r}: {part} must be a function, not {short_repr(getattr(entry, part))}"
            )
    for part in OPTIONAL_PARTS:
        value = getattr(entry, part)
        if value is not None and not callable(value):
            raise EntryError(f"game {name!r}: {part} must be a function or None, not {short_repr(value)}")
    if not isinstance(entry.reviews, bool):
        raise EntryError(f"game {name!r}: reviews must be True or False, not {short_repr(entry.reviews)}")
    _check_modes(entry, games)
    return entry


def _check_modes(entry: GameEntry, games: Mapping[str, GameEntry]) -> None:
    """At least one table mode, each a (game mode, label) pair; no game mode twice (the mode
    choice goes from a game and an opponent to one table mode), a bot for a two-player mode, no
    table mode of another game, and tips only for its own modes, in words."""
    name = entry.name
    if not entry.modes:
        raise EntryError(f"game {name!r} has no modes: a game is played in at least one")
    dealt: set[str] = set()
    for mode, how in entry.modes.items():
        if not _text(mode) or not mode.strip():
            raise EntryError(f"game {name!r}: a table mode is named in text, not {short_repr(mode)}")
        if not (isinstance(how, tuple | list) and len(how) == 2):
            raise EntryError(
                f"game {name!r}: mode {mode!r} is a (game mode, label) pair, not {short_repr(how)}"
            )
        game_mode, label = how
        if not _text(game_mode) or game_mode not in GAME_MODES:
            deals = ", ".join(GAME_MODES)
            raise EntryError(
                f"game {name!r}: mode {mode!r} deals one of {deals}, not {short_repr(game_mode)}"
            )
        if game_mode in dealt:
            raise EntryError(f"game {name!r}: two of its modes deal {game_mode!r}")
        if game_mode != "solo" and entry.bot is None:
            raise EntryError(
                f"game {name!r}: mode {mode!r} is played against a bot, and the entry names none "
                "(bot=...), or leave the mode out"
            )
        dealt.add(game_mode)
        if not _text(label) or not label.strip():
            raise EntryError(f"game {name!r}: mode {mode!r} has a label in text, not {short_repr(label)}")
        for other in games.values():
            if mode in other.modes:
                raise EntryError(f"game {name!r}: the mode {mode!r} is taken by {other.title!r}")
    for mode, tip in entry.tips.items():
        if mode not in entry.modes or not _text(tip):
            raise EntryError(f"game {name!r}: a tip is text for one of its modes, not {short_repr(mode)}")


def _check_title(entry: GameEntry, games: Mapping[str, GameEntry]) -> None:
    """A plug-in's title must be no other game's: the Game choice would show two buttons of one
    name. A shipped game's title is never a plug-in's, whichever of the two is loaded first."""
    shipped = (
        getattr(importlib.import_module(f"ausp_widget.games.{name}"), "ENTRY", None) for name in SHIPPED
    )
    for other in (*games.values(), *(found for found in shipped if found is not None)):
        if other.title.strip() == entry.title.strip():
            raise EntryError(
                f"game {entry.name!r}: the title {entry.title!r} is taken by the game {other.name!r}"
            )


def _name_words(name: object) -> str:
    """A refused name as its author wrote it, with its length when that is what is wrong."""
    if _text(name) and len(name) > NAME_LENGTH:
        return f"a name of {len(name)} characters ({short_repr(name)})"
    return short_repr(name)


def _text(value: object) -> bool:
    """Plain text: a str subclass could compare or hash its own way, and names are dict keys."""
    return type(value) is str


def _shipped(name: str, entry: GameEntry) -> bool:
    """Whether `entry` is the shipped game `name`'s own: its package's `ENTRY`, or the entry its
    package registers while it is imported (before `ENTRY` is set). Importing the package here
    registers the shipped game first, so a plug-in asking for its name finds it taken."""
    package = importlib.import_module(f"ausp_widget.games.{name}")
    return getattr(package, "ENTRY", entry) is entry
