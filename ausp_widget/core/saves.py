"""The envelope every save shares, whichever patience it holds: JSON with a format name, and
the checks every loader makes on it (version, fields, entries, replaying the moves)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from ausp_widget.core.errors import NotationError, NotTextError, WrongTypeError, given, short_repr
from ausp_widget.core.position_text import BOM
from ausp_widget.core.replay import replayed

__all__ = [
    "DEAL_LIMIT",
    "SAVE_FORMAT",
    "altered",
    "check_seed",
    "check_one_player",
    "check_seed_field",
    "check_version",
    "decode_save",
    "game_named",
    "one_player_save",
    "play_back",
    "reading",
    "replay",
    "require_fields",
    "restore_redo",
    "save_entries",
    "start_of",
    "short_repr",
]

SAVE_FORMAT = "ausp_widget-save"


def decode_save(text: str | bytes | dict) -> dict:
    """The save's dictionary, or a `NotationError` saying why it is not a save at all."""
    if isinstance(text, dict):
        data = text
    else:
        if not isinstance(text, str | bytes):
            raise NotTextError(f"a save is JSON text, not {given(text)}")
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                raise NotationError(f"the save is not UTF-8 text: byte {error.start} is invalid") from None
        try:
            data = json.loads(text.removeprefix(BOM))
        except json.JSONDecodeError as error:
            raise NotationError(f"the save is not valid JSON (truncated?): {error}") from None
        except RecursionError:
            raise NotationError("the save is not a save: its JSON is nested too deeply") from None
        except ValueError:  # Python refuses to read a number of more than 4300 digits
            raise NotationError(
                "the save is not a save: it holds a number with thousands of digits"
            ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise NotationError(f'this is not an ausp_widget save (no "format": "{SAVE_FORMAT}")')
    return data


DEAL_LIMIT = 2**64
"""Deal numbers are whole numbers from 0 to 2**64 - 1 (the generator's state)."""


def check_seed(seed: object) -> int:
    """A deal number as given, or a `ValueError` saying what a deal number is."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WrongTypeError(f"a deal number is a whole number, not {short_repr(seed)}")
    if not 0 <= seed < DEAL_LIMIT:
        raise ValueError(f"a deal number is a whole number from 0 to 2**64 - 1, not {short_repr(seed)}")
    return seed


def check_seed_field(seed: object) -> int | None:
    """A save's seed (None for a position typed in), or a `NotationError` naming the problem."""
    if seed is None:
        return None
    try:
        return check_seed(seed)
    except ValueError as error:
        raise NotationError(f"the save's seed is wrong: {error}") from None


# ---- the checks every save's loader makes after the envelope --------------------------------
def check_version(data: dict, reads: int, what: str = "save") -> None:
    """Refuse a save of a version this code does not read, naming it."""
    version = data.get("version")
    if type(version) is not int or version != reads:
        raise NotationError(f"{what} version {short_repr(version)} is not supported (this reads {reads})")


def require_fields(data: dict, keys: Iterable[str]) -> None:
    """Refuse a save that lacks one of `keys`, naming the first missing."""
    for key in keys:
        if key not in data:
            raise NotationError(f"the save has no {key!r}")


def save_entries(entries: object, label: str, players: int) -> list[tuple[int, str]]:
    """A save's list of [player, "move"] entries (`label`: "moves" or "redo"), each player an
    exact int below `players` (0.0 and true compare equal to 0 and 1, but would later break
    the scores, which count by owner)."""
    if not isinstance(entries, list):
        raise NotationError(f"the save's {label!r} is not a list")
    shape = '[0, "move"]' if players == 1 else '[player, "move"]'
    checked = []
    for number, entry in enumerate(entries, start=1):
        if not (
            isinstance(entry, list)
            and len(entry) == 2
            and type(entry[0]) is int
            and 0 <= entry[0] < players
            and isinstance(entry[1], str)
        ):
            raise NotationError(f"{label} entry {number} ({entry!r}) is not {shape}")
        checked.append((entry[0], entry[1]))
    return checked


def replay(game: Any, entries: Iterable[tuple[int, str]], label: str = "move") -> Any:
    """A copy of `game` after a save's moves, each checked as `play` checks it; the first that
    fails is named with its number and the engine's reason."""

    def refused(number: int, move: str, error: ValueError) -> NotationError:
        return NotationError(f"{label} {number} ({move!r}) cannot be replayed: {error}")

    return replayed(game, entries, refused)[0]


def restore_redo(game: Any, redo: list[tuple[int, str]], parse: Callable[[str], Any]) -> None:
    """Give `game` a save's moves to redo, once they replay on a copy (last taken back first)."""
    replay(game, reversed(redo), "redo move")
    game._redo = [(player, parse(move)) for player, move in redo]


def altered(what: str) -> NotationError:
    """The error for a save whose parts disagree: someone edited the file."""
    return NotationError(f"the save's {what}: the file was altered")


def reading(load: Callable[[dict, Any], Any], data: dict, cls: Any) -> Any:
    """`load(data, cls)`, with every way the save can be wrong a `NotationError`, whatever part
    of the game noticed it."""
    try:
        return load(data, cls)
    except NotationError:
        raise
    except ValueError as error:
        raise NotationError(f"the save cannot be read: {error}") from None


def game_named(data: dict) -> str:
    """The game a save says it holds, in words (a save without a "game" field is Australian)."""
    from ausp_widget.core import registry  # the registry knows the games; saves stay below it

    name = data.get("game", "australian")
    try:
        return registry.entry(name).title
    except ValueError:
        return f"an unknown game {short_repr(name)}"


def check_one_player(data: dict, name: str, title: str, version: int, short: str) -> None:
    """The checks every one-player game's save starts with: its game, its version, its fields
    and its mode (`short`: the game in a few words, "Indian")."""
    if data.get("game") != name:
        raise NotationError(
            f"this is a save of {game_named(data)}, not of {title}: Game.from_json reads a save of any game"
        )
    check_version(data, version, f"{short} save")
    require_fields(data, ("seed", "start", "moves", "redo", "position"))
    if data.get("mode", "solo") != "solo":
        raise NotationError(f"{title} is a solo game: its save's mode must be 'solo'")


def start_of(data: dict, cls: Any, parse: Callable[[str, Any], Any], short: str) -> Any:
    """The game at a save's start position (its text checked, as is the last position's)."""
    for key in ("start", "position"):
        if not isinstance(data[key], str):
            raise NotationError(
                f"the save's {key!r} must be {short} position text, not {type(data[key]).__name__} "
                "(is this another game's save?)"
            )
    try:
        return parse(data["start"], cls)
    except NotationError as error:
        raise NotationError(f"the save's start position: {error}") from None


def play_back(
    game: Any,
    data: dict,
    text_of: Callable[[Any], str],
    parse_move: Callable[[str], Any],
    redo_refused: str | None = None,
) -> Any:
    """Replay a one-player save's moves on `game`, check they reach its last position, and keep
    its moves to redo (refused with `redo_refused`, the reason, where the game has no undo)."""
    game = replay(game, save_entries(data["moves"], "moves", 1))
    if text_of(game) != data["position"]:
        raise altered("position does not match its moves")
    redo = save_entries(data["redo"], "redo", 1)
    if redo and redo_refused:
        raise NotationError(redo_refused)
    if redo:
        restore_redo(game, redo, parse_move)
    return game


def one_player_save(game: Any, version: int, text_of: Callable[[Any], str], **fields: Any) -> str:
    """A one-player game's save: the envelope, its start and last positions as text, its moves
    and those to redo; `fields` are the game's own (its rule options), after the seed."""
    start = object.__new__(type(game))
    start.__dict__.update(game.__dict__)
    start._restore(game._start)
    data = {
        "format": SAVE_FORMAT,
        "version": version,
        "game": game.name,
        "mode": "solo",
        "seed": game.seed,
        **fields,
        "start": text_of(start),
        "moves": [[0, str(move)] for _, move in game.history],
        "redo": [[0, str(move)] for _, move in game._redo],
        "position": text_of(game),
    }
    return json.dumps(data, ensure_ascii=False)
