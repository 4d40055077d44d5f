"""Australian Patience: a rules core, a solver, and Jupyter widgets to learn and play it."""

from .cards import Card
from .errors import IllegalMoveError, NotationError
from .game import Game
from .moves import Move

__all__ = ["Card", "Game", "Move", "IllegalMoveError", "NotationError", "solve", "AustralianPatience"]


def __getattr__(name: str):
    # The solver and the widgets load on first use, so `import ausp_widget` stays light and
    # the rules core never imports ipywidgets.
    if name == "solve":
        from .solver import solve

        return solve
    if name == "AustralianPatience":
        from .widgets.app import AustralianPatience

        return AustralianPatience
    raise AttributeError(f"module 'ausp_widget' has no attribute {name!r}")
