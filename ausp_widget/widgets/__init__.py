"""Jupyter widgets over the rules core: one card (`card`), the live game (`table`).

Only this package imports ipywidgets; the rules core never does.
"""

from .table import GameTable, KernelClock, ManualClock

__all__ = ["GameTable", "KernelClock", "ManualClock"]
