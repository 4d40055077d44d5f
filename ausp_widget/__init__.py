"""Australian Patience: a rules core, a solver, and Jupyter widgets to learn and play it.

The package in layers, each importing only those below it:
`core` (cards, moves, deals, saves, the game protocol) ← `games` (Australian and Indian
Patience) ← `analysis` (solver and hint front doors) ← `render` (HTML, figures) ← `widgets`.
"""

import importlib

from . import games  # registers every game
from .analysis import evaluate, review, solve, win_chance
from .core import display
from .core.cards import Card
from .core.errors import IllegalMoveError, NotationError
from .core.moves import Move
from .games.australian.game import Game

# Pictures are drawn by the rendering layer, loaded when a game first draws itself.
display.drawers_from(lambda: importlib.import_module("ausp_widget.render"))

__all__ = [
    "Card",
    "Game",
    "Move",
    "IllegalMoveError",
    "NotationError",
    "solve",
    "evaluate",
    "win_chance",
    "review",
    "AustralianPatience",
    "games",
]


def __getattr__(name: str):
    # The widgets load on first use, so `import ausp_widget` stays light and the rules core
    # never imports ipywidgets.
    if name == "AustralianPatience":
        try:
            from .widgets.app import AustralianPatience
        except ModuleNotFoundError as missing:
            if missing.name != "ipywidgets":
                raise
            raise ModuleNotFoundError(
                "AustralianPatience needs ipywidgets 8, which this Python lacks: "
                "`%pip install 'ipywidgets>=8,<9'` in a notebook cell brings it",
                name="ipywidgets",
            ) from missing
        return AustralianPatience
    raise AttributeError(f"module 'ausp_widget' has no attribute {name!r}")
