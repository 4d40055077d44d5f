"""Australian Patience: a rules core, a solver, and Jupyter widgets to learn and play it.

The package in layers, each importing only those below it:
`core` (cards, moves, deals, saves, the game protocol) ← `games` (Australian and Indian
Patience) ← `analysis` (solver and hint front doors) ← `render` (HTML, figures) ← `widgets`.
"""

from . import games  # registers every game
from .analysis import evaluate, review, solve, win_chance
from .core.cards import Card
from .core.errors import IllegalMoveError, NotationError
from .core.moves import Move
from .games.australian.game import Game

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
