"""What a one-player game package's `__init__` writes, written once: its registry entry, with
every part imported when first used, and the module attributes it names lazily.

A package names its parts by where they live in it ("solver:solve"), so starting an app
imports a game's title and modes only. The parts every such game reads the same way — the
game class's own `deal` and `from_text`, a save read by its notation's `load_json`, rules
that depend only on rule options, one guide for its one mode — need no module of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from .game_entry import no_guide
from .registry import GameEntry, Later, register

__all__ = ["class_name", "lazy_attributes", "solo_entry"]


def _rules(rules: Later, mode: str, options: Any = None) -> Any:
    """The entry's `rules(mode, options)` for a game whose rules depend on options alone."""
    return rules(options)


def _guide(guide: Later, mode: str) -> Any:
    """The entry's `guide(mode)` for a game with one guide."""
    return guide()


def _read_save(load_json: Later, game_class: Later, data: dict) -> Any:
    """The entry's `read_save(data)`: the notation's reader, handed the game class."""
    return load_json(data, game_class.load())


def solo_entry(package: str, name: str, title: str, tip: str, **parts: Any) -> GameEntry:
    """Register and return the entry of the one-player game `name` in `package`, whose table
    mode is its name and whose modules follow the convention: `game:{Name}Game` (the class, its
    name in CamelCase: "my_patience" has `MyPatienceGame`),
    `rules:{name}_rules` (a function of the rule options), `guide:{name}_steps`,
    `notation:load_json`, `solver:solve` and `solver:DealSolver`, `hints:hint`, and the
    core's sampler of hidden cards. `parts` give any other part, or one that lives elsewhere:
    "module:name" in the package, a "package.module:name" path, or the value itself (`rules`
    and `guide` as such a path, `guide=None` for a game without one, and `notation` as the
    module that reads the saves). A whole
    game's review is off until the game turns it on (`reviews=True`): it runs at a student's
    pace only with a solver that decides most sampled positions within a few hundred."""

    def here(path: str) -> str:
        return path if "." in path.partition(":")[0] else f"{package}.{path}"

    game_class = f"game:{class_name(name)}"
    cls = Later(here(game_class))
    rules = Later(here(parts.pop("rules", f"rules:{name}_rules")))
    guide = parts.pop("guide", f"guide:{name}_steps")
    load_json = Later(here(f"{parts.pop('notation', 'notation')}:load_json"))
    conventional = {
        "solve": "solver:solve",
        "solver": "solver:DealSolver",
        "hint": "hints:hint",
        "sample": "ausp_widget.core.view:sample_from_view",
        "reviews": False,
    }
    named = {
        key: Later(here(value)) if isinstance(value, str) else value
        for key, value in {**conventional, **parts}.items()
    }
    entry = GameEntry(
        name=name,
        title=title,
        game_class=cls,
        modes={name: ("solo", title)},
        deal=Later(here(f"{game_class}.deal")),
        read_text=Later(here(f"{game_class}.from_text")),
        read_save=partial(_read_save, load_json, cls),
        rules=partial(_rules, rules),
        guide=no_guide if guide is None else partial(_guide, Later(here(guide))),
        tips={name: tip},
        **named,
    )
    register(entry)
    return entry


def class_name(name: str) -> str:
    """The game class a conventional package names for the game `name`: "my_patience" and
    "my-patience" give "MyPatienceGame", as a reader of the convention would guess."""
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_")) + "Game"


def lazy_attributes(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` giving each of `names` (attribute -> "module:name" in `package`),
    imported the first time it is asked for."""

    def __getattr__(name: str) -> Any:
        if name in names:
            return Later(f"{package}.{names[name]}").load()
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
