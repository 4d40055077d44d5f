"""What a game is to the registry: its entry (`GameEntry`) and the parts it names to be
imported at first use (`Later`). A module of its own so that the registry and the check of an
entry (`entry_check`) both read it without reading each other."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import short_repr
from .moves import Move
from .protocol import PatienceGame


def no_guide(mode: str) -> list[Any]:
    """The guide of a game that has none: no steps, in every mode."""
    return []


class PartError(ImportError):
    """A game's part named with `Later` that could not be imported: the message names the game,
    the part and the path, and says what failed."""


class PartNotFoundError(PartError, ModuleNotFoundError):
    """A `PartError` whose module is not there."""


class Later:
    """A function or class named by "package.module:name" (a dotted name after the colon for an
    attribute of it), imported the first time it is called or read.

    Starting an app needs a game's title, modes and guide, not its solver, hints or sampler; in
    the browser's Python importing those is a tenth of a second of a class's start. An entry
    names them with `Later`, and the first hint or search imports them. A path that cannot be
    imported raises a `PartError` there, naming the game and the part once the game is
    registered (`name_parts`).
    """

    __slots__ = ("_found", "_owner", "path")

    def __init__(self, path: str) -> None:
        module, sep, name = path.partition(":")
        if not (sep and module and name):
            raise ValueError(f"Later takes 'package.module:name', not {path!r}")
        self.path = path
        self._found: Any = None
        self._owner: tuple[object, str] | None = None  # the game and the part it is, once registered

    def load(self) -> Any:
        if self._found is None:
            module, _, name = self.path.partition(":")
            try:
                found: Any = importlib.import_module(module)
                for part in name.split("."):
                    found = getattr(found, part)
            except Exception as error:  # a missing module or name, or a module that fails as imported
                raise self._failed(error) from error
            self._found = found
        return self._found

    def _failed(self, error: Exception) -> PartError:
        """The error saying that this part could not be imported, and why."""
        why = (
            str(error)
            if isinstance(error, ImportError | AttributeError)
            else f"{type(error).__name__}: {error}"
        )
        whose = "" if self._owner is None else f"game {short_repr(self._owner[0])}: its {self._owner[1]} "
        kind = PartNotFoundError if isinstance(error, ModuleNotFoundError) else PartError
        return kind(f"{whose}{self!r} could not be imported: {why}")

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


MAKERS = ("deal", "read_text", "read_save")
"""An entry's parts that make a game: what they return is checked to be one."""
_GAME_TYPES: set[type] = set()  # the classes whose objects passed the check of a game


class CheckedPart:
    """A part of a game's entry whose result is checked as it comes back: a result of the wrong
    kind is refused there, naming the game and the part, not left to fail later far from its
    cause (a table that says there is nothing to do). Subclasses check one kind of part."""

    __slots__ = ("function", "game", "part")

    def __init__(self, function: Callable[..., Any], game: object, part: str) -> None:
        self.function, self.game, self.part = function, game, part

    def _refuse(self, made: object, wanted: str) -> TypeError:
        return TypeError(
            f"game {short_repr(self.game)}: its {self.part} returned {short_repr(made)}, not {wanted}"
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self.function, self.game, self.part) == (other.function, other.game, other.part)

    def __hash__(self) -> int:
        return hash((type(self), self.part))

    def __repr__(self) -> str:
        return repr(self.function)


class Maker(CheckedPart):
    """A part that makes a game (`MAKERS`): what it returns must be a game of the protocol."""

    __slots__ = ()

    def __call__(self, *args: Any, **kwargs: Any) -> PatienceGame:
        made = self.function(*args, **kwargs)
        kind = type(made)
        if kind not in _GAME_TYPES:  # a class is checked once: the check reads every name of a game
            if not isinstance(made, PatienceGame):
                lacks = _missing_names(made)
                missing = ", ".join(lacks[:5]) + (f" and {len(lacks) - 5} more" if len(lacks) > 5 else "")
                raise self._refuse(
                    made,
                    "a game (an object with every name of ausp_widget.core.protocol.PatienceGame); "
                    f"it lacks {missing}",
                )
            _GAME_TYPES.add(kind)
        return made


class Hinter(CheckedPart):
    """The hint: what it returns must have `.move`, a Move or None, and `.reason`, a string."""

    __slots__ = ()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        advice = self.function(*args, **kwargs)
        move, reason = getattr(advice, "move", False), getattr(advice, "reason", None)
        if not (move is None or isinstance(move, Move)) or not isinstance(reason, str):
            raise self._refuse(advice, "a hint (an object with .move, a Move or None, and .reason, a string)")
        return advice


CHECKED_PARTS: Mapping[str, type[CheckedPart]] = MappingProxyType(
    {**dict.fromkeys(MAKERS, Maker), "hint": Hinter}
)
"""Each part of an entry whose result is checked, and the check."""


def _missing_names(made: object) -> list[str]:
    """The names of the game protocol `made` lacks (a method set to None counts as missing, as
    `isinstance` counts it)."""
    own = vars(PatienceGame)
    names = sorted(
        {*getattr(PatienceGame, "__annotations__", {}), *(n for n in own if not n.startswith("_"))}
    )
    return [
        name
        for name in names
        if not hasattr(made, name) or (callable(own.get(name)) and getattr(made, name) is None)
    ]


def name_parts(entry: GameEntry) -> None:
    """Let each `Later` part of a registered game name the game and the part when it fails to
    import (a part shared with a game registered before keeps that game's name)."""
    for key in entry.__dataclass_fields__:
        for value in _wrapped(getattr(entry, key)):
            if isinstance(value, Later) and value._owner is None:
                value._owner = (entry.name, key)


def _wrapped(value: object) -> tuple[object, ...]:
    """A part and what it wraps: a `CheckedPart`'s function (the deal), a `partial`'s function and
    arguments (the rules and guide of `core.plugin.solo_entry`)."""
    if isinstance(value, CheckedPart):
        return (value, *_wrapped(value.function))
    if isinstance(value, functools.partial):
        return (value, value.func, *value.args)
    return (value,)


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
    # guide steps for a table mode; a game without a guide has none (its Guide tab says so)
    guide: Callable[[str], list[Any]] = no_guide
    bot: Callable[[], Any] | None = None  # the opponent of two-player modes; needed only by them
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
        # What makes a game is checked to make one, and the hint to give a hint (what is no
        # function is left for the registry's check to refuse by name).
        for part, checked in CHECKED_PARTS.items():
            function = getattr(self, part)
            if isinstance(function, CheckedPart):  # an entry made from another (`dataclasses.replace`)
                function = function.function
            if callable(function):
                object.__setattr__(self, part, checked(function, self.name, part))

    @classmethod
    def one_player(
        cls,
        game_class: type,
        *,
        solve: Callable[..., Any],
        hint: Callable[..., Any],
        rules: Callable[..., Sequence[Any]],
        tip: str = "",
        **parts: Any,
    ) -> GameEntry:
        """The entry of a one-player game, read from its class: the class's `name` and `title`,
        one table mode named as the game (solo), dealt by `game_class.deal` and read back by its
        `from_text` and `from_json`. `parts` names any other field (`solver`, `sample`, `guide`,
        `reviews`, `options`); a part not named is absent (no guide, no resumable search), but
        for `sample`: the core's sampler of hidden cards when the class has `from_view(view,
        hidden)` (the win chance reads it). A whole game's review is off unless `reviews=True`."""
        name, title = getattr(game_class, "name", None), getattr(game_class, "title", None)
        sampler = (
            Later("ausp_widget.core.view:sample_from_view") if hasattr(game_class, "from_view") else None
        )
        parts.setdefault("sample", sampler)
        parts.setdefault("solver", None)
        parts.setdefault("reviews", False)
        return cls(
            name=name,  # type: ignore[arg-type]  (the registry's check names a missing one)
            title=title,  # type: ignore[arg-type]
            game_class=game_class,
            modes={name: ("solo", title)},
            deal=getattr(game_class, "deal", None),  # type: ignore[arg-type]
            read_text=getattr(game_class, "from_text", None),  # type: ignore[arg-type]
            read_save=getattr(game_class, "from_json", None),  # type: ignore[arg-type]
            solve=solve,
            hint=hint,
            rules=rules,
            tips={name: tip} if tip else {},
            **parts,
        )
