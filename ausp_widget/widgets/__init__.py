"""Jupyter widgets over the game protocol: a card (`card`), the board that draws any game's
piles (`board`), the live game composed of board, controls, status panel, bot pacing and the
solver question (`table`), the guide (`guide`) and the app (`app`).

Only this package imports ipywidgets; nothing below it does, and no module here asks which
game it draws.
"""

from .table import GameTable, KernelClock, ManualClock

__all__ = ["GameTable", "KernelClock", "ManualClock"]
